"""What the rules hide reaches no one, at tables of every variant and preset (docs/server.md,
"What each client is sent").

Games are played on a table driven directly on a clock turned by hand (``tablekit``): a whole
game at each variant's default preset and the first two hands at each other preset and table
(what a preset changes shows in its first hands; the game's end is the same for all of them):
people, one of them slow enough now and then for the turn timer to hand the seat to a computer
player, a computer seat, a spectator, and connections dropping while a decision is secret.

* Every message any client receives is held to its type (:mod:`puur.server.protocol`) and to
  the observation of its seat at that moment: no card the seat may not know, its hand and legal
  actions as its observation has them, the public panel as the spectator's observation has it
  (a hidden forecast nowhere but in its own seat's view), no other seat's hidden content in an
  event, and ``seq`` moving with the steps the table sees and nothing else.
* For every seat, a run that differs from the first in one hidden decision of that seat (a Weis
  declared or kept quiet, a Stöck announced or not, another forecast) gives every other client
  the same messages at the same moments, up to where the rules make the decision public: the
  seat's card after a Weis or a Stöck with the Weis (and from there to the end of the hand only
  the announcement differs), the end of the hand for a forecast.
"""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest

from puur.cards import bits, format_card
from puur.variants import get, variants
from puur.variants.json_actions import as_the_table_sees_it, withheld

from .tablekit import Run, flip_shows, message, run
from .wirecheck import check_message

#: Every variant and preset, and tables that announce Stöck with the Weis (a secret decision).
CONFIGS: list[tuple[str, str, dict[str, Any]]] = [
    (v.key, p, {}) for v in variants() for p in v.presets
] + [
    ("schieber", "online-1000", {"stoeck_announce": "with-weis", "push_back": True}),
    ("differenzler", "short", {"weis": True, "stoeck": True, "stoeck_announce": "with-weis"}),
    ("differenzler", "three", {"weis": True, "stoeck": True, "hands": 6}),
    ("coiffeur", "weis", {"stoeck_announce": "with-weis"}),
]
IDS = [f"{v}-{p}{'-' + '-'.join(o) if o else ''}" for v, p, o in CONFIGS]
#: How many hands a table of the configuration plays (None: the whole game).
SHORT = 2


def hands_of(variant: str, preset: str, options: dict[str, Any]) -> int | None:
    """A whole game at the variant's default preset, the first hands everywhere else."""
    return None if preset == next(iter(get(variant).presets)) and not options else SHORT
CARD = re.compile(r'"([DHSC][6-9TJQKA])"')


def card_tokens(m: dict[str, Any]) -> set[str]:
    """Every card token in a message but its table summary (which holds the rule options, and
    they name a start card) and the seat's own legal actions (checked against its observation:
    a call names cards the seat does not hold)."""
    m = {k: v for k, v in m.items() if k != "table"}
    if isinstance(m.get("game"), dict):
        m["game"] = {k: v for k, v in m["game"].items() if k != "legal"}
    return set(CARD.findall(json.dumps(m)))


def known_cards(hand: Any, seat: int) -> set[str]:
    """The cards of ``hand`` the observation of ``seat`` (-1: a spectator) lets it know."""
    obs = hand.observation(seat)
    out = {format_card(c) for _s, c in obs.history}
    mask = 0
    for s in range(hand.num_seats):
        mask |= obs.known_cards(s) if s != seat else 0
    for pile in getattr(obs, "pile_known", ()):  # cards in no hand it knows (a face-up card)
        mask |= pile
    if seat >= 0:
        # Its own cards: as dealt, as held now (a talon taken), and laid aside face down.
        mask |= hand.initial_hands[seat] | obs.hand | getattr(obs, "set_aside", 0)
    mask |= getattr(obs, "table_cards", 0) | getattr(obs, "named_cards", 0)  # open; named
    return out | {format_card(c) for c in bits(mask)}


class Watch:
    """Checks every message as it is sent, against the table's game at that moment."""

    def __init__(self) -> None:
        self.run: Run | None = None
        self.messages = 0
        self.panels = 0
        #: The observations and known cards of the step and seat checked last.
        self._seen: dict[tuple[int, int, int], tuple[Any, Any, set[str]]] = {}

    def __call__(self, seat: int | None, text: str) -> None:
        assert self.run is not None
        table = self.run.table
        game: Any = table.game
        m = json.loads(text)
        self.messages += 1
        key = -1 if seat is None else seat
        if game is None:
            check_message(m)
            return
        secret = withheld(game) > 0 and key != game.to_move
        if secret:
            with as_the_table_sees_it(game):
                self._check(game, key, m)
        else:
            self._check(game, key, m)

    def _check(self, game: Any, key: int, m: dict[str, Any]) -> None:
        hand = game.round
        step = (len(game.rounds), len(hand.actions), key)
        if step not in self._seen:
            allowed = known_cards(hand, key)
            if len(game.rounds) > 1:
                allowed |= known_cards(game.rounds[-2], key)
            self._seen = {step: (game.observation(key), game.observation(-1), allowed)}
        obs, spectator, allowed = self._seen[step]
        check_message(m, obs)
        leaked = card_tokens(m) - allowed
        assert not leaked, f"seat {key} was sent {sorted(leaked)} in a {m['type']}"
        if m["type"] != "state" or m["game"] is None:
            return
        g = m["game"]
        assert g["hand"] == ([format_card(c) for c in bits(obs.hand)] if key >= 0 else [])
        panel = getattr(spectator, "panel", None)
        assert g["panel"] == (panel() if panel else {})
        own = getattr(obs, "own", None)
        assert g["own"] == (own() if own and key >= 0 else {})
        self.panels += bool(g["panel"])
        if key >= 0 and g["to_move"] == key and not game.is_over:
            assert sorted(a["id"] for a in g["legal"]) == sorted(obs.legal_actions)
        else:
            assert g["legal"] == [] and g["weis_options"] == []
            assert g["phase"] not in ("weis", "stoeck")
        ev = m["event"] or {}
        if ev.get("type") == "action" and ev["seat"] != key:
            act = ev["action"]
            variant, rules = game.variant, game.rules
            if "id" in act:
                assert not variant.hides_action(rules, act["id"]), (key, ev)
                assert act["type"] not in ("weis",) and act != {"type": "stoeck",
                                                                "announce": False}
            else:
                assert set(act) <= {"type", "declared", "announce"}, (key, ev)


#: The words of a variant's own secret decisions (the Strafpunktjass's bare penalty card).
SECRET_WORDS = ("bare", "quiet")


def own_secret(m: dict[str, Any], slot: int, with_weis: bool,
               secret_ids: frozenset[int] = frozenset()) -> bool:
    ev = m["event"]
    return ev is not None and ev["type"] == "action" and ev["seat"] == slot and (
        ev["action"]["type"] == "weis" or (ev["action"]["type"] == "stoeck" and with_weis)
        or (ev["action"]["type"] == "declare" and ev["action"]["word"] in SECRET_WORDS)
        or ev["action"].get("id") in secret_ids  # the variant's own secret answers
    ) and m["game"]["result"] is None


def check_seq(r: Run, slot: int) -> None:
    """``seq`` moves by one with every step the table sees, and with nothing else."""
    with_weis = r.table.rules_dict.get("stoeck_announce") == "with-weis"
    game: Any = r.table.game
    secret_ids: frozenset[int] = type(game.round).SECRET_ACTIONS if game is not None else (
        frozenset())
    seq = 0
    game_id = None
    for n, (_t, text) in enumerate(r.streams[slot]):
        m = message(text)
        if m["type"] != "state" or m["game"] is None:
            continue
        if m["game"]["game_id"] != game_id:
            game_id, seq = m["game"]["game_id"], 0
        if n in r.hellos[slot]:
            assert m["seq"] == seq or seq == 0, (slot, m["seq"], seq)
            seq = m["seq"]
            continue
        ev = m["event"]
        if (ev is None or ev["type"] == "action") and not own_secret(m, slot, with_weis,
                                                                         secret_ids):
            seq += 1
        assert m["seq"] == seq, (slot, ev, m["seq"], seq)


def chosen_flips(decisions: list[tuple[int, int, str, str, int]], seed: int) -> list[int]:
    """The first hidden decision of each seat, kind and decider, and one more at random."""
    first: dict[tuple[int, str, str], int] = {}
    for k, seat, kind, caller, _hand in decisions:
        first.setdefault((seat, kind, caller), k)
    picks = set(first.values())
    if decisions:
        picks.add(random.Random(seed).choice(decisions)[0])
    return sorted(picks)


#: Tables where outside bots hold seats (docs/protocol.md, *Bots*): the slow seat among them,
#: so that their bot timer hands them to the stand-in now and then.
REMOTE_CONFIGS: list[tuple[str, str, dict[str, Any]]] = [
    ("schieber", "online-1000", {"stoeck_announce": "with-weis", "push_back": True}),
    ("differenzler", "short", {"weis": True, "stoeck": True, "stoeck_announce": "with-weis"}),
    ("coiffeur", "weis", {"stoeck_announce": "with-weis"}),
    *((v.key, next(iter(v.presets)), {}) for v in variants()
      if v.key not in ("schieber", "differenzler", "coiffeur")),
]


@pytest.mark.parametrize(("variant", "preset", "options"), CONFIGS, ids=IDS)
def test_hidden_decisions_reach_no_one_else(
    variant: str, preset: str, options: dict[str, Any]
) -> None:
    _hidden_decisions_reach_no_one_else(variant, preset, options, ())


@pytest.mark.parametrize(("variant", "preset", "options"), REMOTE_CONFIGS,
                         ids=[f"{v}-{p}" for v, p, _o in REMOTE_CONFIGS])
def test_outside_bots_learn_no_more_than_their_seat(
    variant: str, preset: str, options: dict[str, Any]
) -> None:
    """The same checks with outside bots at two seats (the slow one among them): what an
    outside bot receives is held to its seat's observation, and its hidden decisions reach no
    one else, moment for moment."""
    v = get(variant)
    players = v.num_seats(v.rules_from_dict({**options, "preset": preset}))
    people = [s for s in range(players) if s != Run.BOT]
    _hidden_decisions_reach_no_one_else(variant, preset, options, tuple(people[-2:]))


def _hidden_decisions_reach_no_one_else(
    variant: str, preset: str, options: dict[str, Any], remote: tuple[int, ...]
) -> None:
    seed = 7
    watch = Watch()
    hands = SHORT if remote else hands_of(variant, preset, options)
    base, script = _watched(options, seed, variant, preset, watch, remote, hands)
    if remote:
        # The outside bots played through their connections, and their stand-in for them.
        bys = {by for seat, by in base.lobby.storage.db.execute("SELECT seat, by FROM actions")
               if seat in remote}
        assert bys == {"bot", "auto"}
    game: Any = base.table.game
    assert game is not None and (game.is_over or (hands and len(game.rounds) > hands))
    least = 300 if hands is None else 100
    assert watch.messages > (least if game.num_seats > 2 else least // 2)  # two: half as many
    for slot in (*base.people, base.spectator):
        check_seq(base, slot)
    shown = False
    for k in chosen_flips(script.decisions, seed):
        other, flipped = run(options, seed, flip=k, variant=variant, preset=preset,
                             remote=remote)
        shown |= bool(flip_shows(base, other, flipped))
    if script.decisions:
        assert shown, "no flipped decision showed anywhere"


def _watched(options: dict[str, Any], seed: int, variant: str, preset: str,
             watch: Watch, remote: tuple[int, ...] = (), hands: int | None = None
             ) -> tuple[Run, Any]:
    """Play one run with ``watch`` looking at every message (``hands``: that many hands)."""
    import asyncio

    from .tablekit import Script

    script = Script(seed)
    r = Run(options, script, variant=variant, preset=preset, watch=watch, remote=remote)
    watch.run = r
    asyncio.run(r.play(hands=hands))
    return r, script
