"""Offener Jass's face-down cards reach no one in any message of whole games (docs/server.md,
"What each client is sent"), their owner neither, until they are turned up; the other player's
hand reaches no one but him. The face-up cards are public: every client is sent both rows of
the table alike.

The tables are driven as in ``test_variant_secrecy`` (people, a computer seat, a spectator, a
turn timer handing seats to stand-ins, connections dropping), and each message is checked the
moment it is sent against the table's game at that moment."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest

from puur.cards import format_card

from .tablekit import Run, Script
from .test_piles_and_partner import CARD, tokens
from .test_variant_secrecy import known_cards


class FaceDownSecrets:
    """Checks every message against the face-down cards and the hands, as they lie now."""

    def __init__(self) -> None:
        self.run: Run | None = None
        self.messages = 0
        self.face_down = 0
        self.own_face_down = 0

    def __call__(self, seat: int | None, text: str) -> None:
        assert self.run is not None
        game: Any = self.run.table.game
        m = json.loads(text)
        if game is None or m["type"] != "state" or m["game"] is None:
            return
        self.messages += 1
        key = -1 if seat is None else seat
        hand = game.round
        allowed = known_cards(game.rounds[-2], key) if len(game.rounds) > 1 else set()
        sent = set(CARD.findall(json.dumps({k: v for k, v in m.items() if k != "table"})))
        sent -= allowed
        for s in range(2):
            down = tokens(hand.down_mask(s))
            if down:
                self.face_down += 1
                self.own_face_down += key == s
            leak = sorted(sent & down)
            assert not leak, f"seat {key} was sent seat {s}'s face-down {leak}"
            if key != s:
                held = tokens(hand.hand_cards(s))
                assert not sent & held, f"seat {key} was sent seat {s}'s hand {sorted(sent & held)}"
        rows = m["game"]["panel"]["open_piles"]
        for s in range(2):
            for p, pos in enumerate(rows[s]):
                c = hand.up[s][p]
                assert pos["card"] == (format_card(c) if c >= 0 else None)
                assert pos["covered"] == (hand.down[s][p] >= 0)


@pytest.mark.parametrize(("preset", "options"), [
    ("standard", {"target": 200}),
    ("separate", {"target": 200}),
])
def test_the_face_down_cards_reach_no_one_not_even_their_owner(
        preset: str, options: dict[str, Any]) -> None:
    watch = FaceDownSecrets()
    script = Script(11)
    r = Run(options, script, variant="offener_jass", preset=preset, watch=watch)
    watch.run = r
    asyncio.run(r.play())
    game: Any = r.table.game
    assert game is not None and game.is_over and watch.messages > 100
    assert watch.face_down > 50 and watch.own_face_down > 20
