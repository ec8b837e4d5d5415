"""The JSON view of a game keeps what it worked out of the finished hands between steps: kept
or built afresh, the view is the same at every step, after take-backs too."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest

from puur.tui.replay import _PILES as PILE_WORDS  # the piles the terminal's replay names
from puur.variants import get, json_view, variants
from puur.variants.json_view import shared_view, trick_data

CATALOGUE_SHARED = json.loads((Path(__file__).parents[2] / "src" / "puur" / "texts"
                               / "shared.json").read_text(encoding="utf-8"))


def last_finished_trick(game: object) -> object:
    """The reference: the last finished trick of this hand, else of the hand before."""
    for hand in reversed(game.rounds[-2:]):  # type: ignore[attr-defined]
        if hand.trick_winners:
            return trick_data(hand, len(hand.trick_winners) - 1)
    return None


CASES = [(v.key, p) for v in variants() for p in v.presets]


@pytest.mark.parametrize(("key", "preset"), CASES)
def test_a_kept_view_is_the_view_built_afresh(key: str, preset: str) -> None:
    v = get(key)
    rng = random.Random(f"{key}-{preset}")
    game = v.new_game(v.preset(preset), rng.randrange(10**6))
    steps = 0
    while not game.is_over and steps < 400:
        kept = shared_view(game, game.observation(-1))
        json_view._MEMO.clear()
        fresh = shared_view(game, game.observation(-1))
        assert kept == fresh
        # the last trick, kept between steps, is the one the hands' records say
        assert kept["last_trick"] == last_finished_trick(game)
        legal = list(game.legal_actions())
        if steps % 7 == 3:
            # a take-back (across the end of a hand too) and another action: the kept values
            # must not outlive the step they were built for
            try:
                game.pop()
            except Exception:  # a variant that cannot take back across hands here
                pass
            else:
                legal = list(game.legal_actions())
                shared_view(game, game.observation(-1))
        game.push(rng.choice(legal))
        steps += 1
    kept = shared_view(game, game.observation(-1))
    json_view._MEMO.clear()
    assert kept == shared_view(game, game.observation(-1))


@pytest.mark.parametrize(("key", "preset"), CASES)
def test_a_replay_opens_every_card_once(key: str, preset: str) -> None:
    """Every card of a replayed hand is in one place only: a player's hand at the card play,
    a pile face down outside the hands (a blind, a dead hand or dead cards, a talon nobody
    took), or the König's discards (his actions)."""
    v = get(key)
    rng = random.Random(f"replay-{key}-{preset}")
    game = v.new_game(v.preset(preset), rng.randrange(10**6))
    while not game.is_over and (len(game.rounds) < 3 or game.round.phase != "over"):
        game.push(rng.choice(list(game.legal_actions())))
    hands = json_view.replay_hands(game)
    assert len(hands) == len(game.rounds)
    for h in hands:
        seen: list[str] = [c for cards in h["deal"] for c in cards]
        seen += [c for cards in h["piles"].values() for c in cards]
        seen += [a["action"]["card"] for a in h["actions"] if a["action"]["type"] == "discard"]
        assert len(seen) == len(set(seen)), "a card in two places"
        assert set(h["piles"]) <= set(PILE_WORDS), "a pile the replays cannot name"



def test_the_web_replay_names_every_pile_the_terminal_names() -> None:
    """The web replay's words for the piles are the terminal's (one catalogue, both apps)."""
    js = (Path(json_view.__file__).parents[1] / "server" / "static" / "js" / "replay.js")
    words = re.search(r"const words = \{(.*?)\};", js.read_text(encoding="utf-8"), re.S)
    assert words is not None
    pairs = dict(re.findall(r'(\w+): "([\w.]+)"', words.group(1)))
    assert pairs == PILE_WORDS
    for key in PILE_WORDS.values():
        assert key in CATALOGUE_SHARED, f"{key} is not in the shared catalogue"


def test_the_handjass_replay_opens_the_blind_and_the_dead_hand() -> None:
    v = get("handjass")
    game = v.new_game(v.preset("two"), 3)
    rng = random.Random(3)
    while game.hand_no == 1:
        game.push(rng.choice(list(game.legal_actions())))
    h = json_view.replay_hands(game)[0]
    assert len(h["piles"]["blind"]) == 9 and len(h["piles"]["dead"]) == 9
    assert len({c for cards in [*h["deal"], *h["piles"].values()] for c in cards}) == 36


def test_a_replay_names_no_best_weis_where_every_weis_counts() -> None:
    """Molotow's default counts every holder's Weis: its replay marks no best one; with the
    option that only the best counts, it does, as the table showed."""
    found = {}
    for preset in ("standard", "best-weis"):
        v = get("molotow")
        for seed in range(60):
            game = v.new_game(v.preset(preset), seed)
            rng = random.Random(seed)
            while game.hand_no == 1:
                legal = list(game.legal_actions())
                declare = [a for a in legal if a > game.round.A_WEIS and a < game.round.A_STOECK]
                game.push(declare[0] if declare else rng.choice(legal))
            hand = json_view.replay_hands(game)[0]
            if any(hand["weis"]):
                found[preset] = hand["weis_seat"]
                break
    assert found.get("standard", "none") is None
    assert isinstance(found.get("best-weis"), int)
