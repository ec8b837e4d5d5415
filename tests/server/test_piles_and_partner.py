"""What lies in no hand and who plays with whom reach no one before the rules tell them, in every
message of whole games (docs/server.md, "What each client is sent"): Handjass's blind (but the
card face up on it) and dead hand, whoever swapped; Bieter's talon face down and the König's
discards; Sechser's twelve dead cards; the called partner of a five-player Bieter hand, told
only to the partner himself until the called card is played.
discards; the called partner of a five-player Bieter hand, told only to the partner himself
until the called card is played; the 18 dead cards of a two-player Darts-Jass hand.

The tables are driven as in ``test_variant_secrecy`` (people, a computer seat, a spectator, a
turn timer handing seats to stand-ins, connections dropping), and each message is checked the
moment it is sent against the table's game at that moment."""

from __future__ import annotations

import asyncio
import json
import re
from typing import Any

import pytest

from puur.cards import bits, format_card

from .tablekit import Run, Script
from .test_variant_secrecy import known_cards

CARD = re.compile(r'"([DHSC][6-9TJQKA])"')


def tokens(mask: int) -> set[str]:
    return {format_card(c) for c in bits(mask)}


class Secrets:
    """Checks every message against the cards in no hand and the partner, as they are now."""

    def __init__(self) -> None:
        self.run: Run | None = None
        self.messages = 0
        self.piles = 0
        self.hidden_partner = 0
        self.told_partner = 0

    def __call__(self, seat: int | None, text: str) -> None:
        assert self.run is not None
        game: Any = self.run.table.game
        m = json.loads(text)
        if game is None or m["type"] != "state" or m["game"] is None:
            return
        self.messages += 1
        key = -1 if seat is None else seat
        hand = game.round
        # Cards the client may know from the hand before (its last trick, its summary).
        allowed = known_cards(game.rounds[-2], key) if len(game.rounds) > 1 else set()
        sent = set(CARD.findall(json.dumps({k: v for k, v in m.items() if k != "table"})))
        if game.variant.key == "handjass":
            self._handjass(hand, key, m["game"], sent - allowed)
        elif game.variant.key == "fahnder":
            self._fahnder(hand, key, m)
        elif game.variant.key == "sechser":
            self._sechser(hand, key, m["game"], sent - allowed)
        elif game.variant.key == "darts":
            self._darts(hand, key, m["game"], sent - allowed)
        else:
            self._bieter(hand, key, m["game"], sent - allowed)

    def _handjass(self, hand: Any, key: int, g: dict[str, Any], sent: set[str]) -> None:
        p = g["panel"]
        if not hand.layout.blind:
            assert p["piles"] == [] and p["blind_up"] is None
            return
        self.piles += 1
        assert p["piles"] == [hand.blind.bit_count(), hand.dead.bit_count()]
        up = p["blind_up"]
        assert up is None or up in tokens(hand.blind), (up, tokens(hand.blind))
        down = tokens(hand.blind) - {up}
        if key < 0 or key != hand.swapper:
            assert not sent & down, f"seat {key} was sent the blind's {sorted(sent & down)}"
        assert not sent & tokens(hand.dead), f"seat {key} was sent the dead hand"

    def _sechser(self, hand: Any, key: int, g: dict[str, Any], sent: set[str]) -> None:
        self.piles += 1
        assert g["panel"]["dead_cards"] == hand.dead.bit_count() == 12
        dead = tokens(hand.dead)
        assert not sent & dead, f"seat {key} was sent the dead cards {sorted(sent & dead)}"

    def _bieter(self, hand: Any, key: int, g: dict[str, Any], sent: set[str]) -> None:
        p, own = g["panel"], g["own"]
        if not hand.talon_taken:
            down = tokens(hand.deal.talon_down)
            assert not sent & down, f"seat {key} was sent the talon's {sorted(sent & down)}"
        if key != hand.koenig:
            laid = tokens(hand.discards) - tokens(hand.deal.talon_up)
            assert not sent & laid, f"seat {key} was sent the discards {sorted(sent & laid)}"
            assert own.get("discards", []) == []
        if hand.called < 0:
            return
        played = hand.called in hand.played
        if hand.phase == "over" or played:
            assert p["partner"] == hand.partner
            return
        assert p["partner"] is None and p["team_points"] is None
        if key == hand.partner:
            assert own["partner"] is True
            self.told_partner += 1
        else:
            assert own.get("partner", False) is False
            self.hidden_partner += 1

    def _darts(self, hand: Any, key: int, g: dict[str, Any], sent: set[str]) -> None:
        # Two players: the 18 dead cards lie face down for the whole hand, seen by no one.
        self.piles += 1
        assert hand.dead.bit_count() == 18 and "piles" not in g["panel"]
        assert not sent & tokens(hand.dead), f"seat {key} was sent a dead card"

    def _fahnder(self, hand: Any, key: int, m: dict[str, Any]) -> None:
        g = m["game"]
        p, own = g["panel"], g["own"]
        if hand.called < 0 or hand.phase == "over" or hand.called in hand.played:
            if hand.called >= 0:
                assert p["partner"] == hand.partner
            return
        assert p["partner"] is None and p["alone"] is None and p["team_points"] is None
        if key == hand.partner and key != hand.fahnder:
            assert own["partner"] is True
            self.told_partner += 1
        else:
            # Nothing anywhere in the message names the pair while the card is out.
            assert not _named_pair(m), f"seat {key} was told the pair: {_named_pair(m)}"
            self.hidden_partner += 1


def _named_pair(m: Any, path: str = "") -> list[str]:
    """The paths of every field of a message that would name the pair: a partner, a Fahnder
    alone, the pair's points (the last hand's summary excepted: that hand is over)."""
    out: list[str] = []
    if isinstance(m, dict):
        for k, v in m.items():
            if k == "last_hand":
                continue
            if k in ("partner", "alone", "pair_points", "team_points") and v not in (
                    None, -1, False, []):
                out.append(f"{path}.{k}")
            out += _named_pair(v, f"{path}.{k}")
    elif isinstance(m, list):
        for i, v in enumerate(m):
            out += _named_pair(v, f"{path}[{i}]")
    return out


@pytest.mark.parametrize(("variant", "preset", "options"), [
    ("handjass", "three", {"maybe": True}),
    ("handjass", "two", {}),
    ("handjass", "standard", {"target": 2}),
    ("bieter", "talon", {"target": 300}),
    ("bieter", "five", {"target": 300}),
    ("fahnder", "secret", {"hands": 6}),
    ("fahnder", "game_points", {"hands": 3}),
    ("sechser", "short", {"target": 300}),
    ("darts", "two", {"darts_target": 120}),
], ids=["handjass-three-maybe", "handjass-two", "handjass-standard", "bieter-talon",
        "bieter-five", "fahnder-secret", "fahnder-game_points", "sechser-short", "darts-two"])
def test_cards_in_no_hand_and_the_partner_reach_no_one(
        variant: str, preset: str, options: dict[str, Any]) -> None:
    watch = Secrets()
    script = Script(11)
    r = Run(options, script, variant=variant, preset=preset, watch=watch)
    watch.run = r
    asyncio.run(r.play())
    game: Any = r.table.game
    assert game is not None and game.is_over and watch.messages > 100
    if variant in ("handjass", "sechser", "darts"):
        assert watch.piles > 20  # a blind was on the table (from the start, or after leaving)
    if preset in ("five", "secret", "game_points"):
        assert watch.hidden_partner > 20 and watch.told_partner > 5
