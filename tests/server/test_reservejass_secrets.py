"""What Reservejass keeps secret reaches no one in any message of whole games (docs/server.md,
"What each client is sent"): the reserve's cards (with ``reserve_seen`` the chooser's own view
alone holds them) and, after a swap, the dead hand, which reaches nobody, not even the player
who put it down: once he has swapped, the server no longer sends him his old cards.

The tables are driven as in ``test_variant_secrecy`` (people, a computer seat, a spectator, a
turn timer handing seats to stand-ins, connections dropping), and each message is checked the
moment it is sent against the table's game at that moment."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest

from .tablekit import Run, Script
from .test_piles_and_partner import CARD, tokens
from .test_variant_secrecy import known_cards


class ReservejassSecrets:
    """Checks every message against the reserve and the dead hand, as they lie."""

    def __init__(self) -> None:
        self.run: Run | None = None
        self.messages = 0
        self.reserve_hidden = 0
        self.dead_hidden = 0
        self.dead_from_swapper = 0

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
        g = m["game"]
        sent = set(CARD.findall(json.dumps({k: v for k, v in m.items() if k != "table"})))
        sent -= allowed
        assert g["panel"]["piles"] == [hand.reserve.bit_count(), hand.dead.bit_count()]
        reserve = tokens(hand.reserve)
        if hand.options.reserve_seen and key == hand.chooser:
            assert set(g["own"]["reserve_seen"]) == reserve  # his own view alone
            reserve = set()
        if reserve:
            self.reserve_hidden += 1
        assert not sent & reserve, f"seat {key} was sent the reserve's {sorted(sent & reserve)}"
        dead = tokens(hand.dead)
        if dead:
            self.dead_hidden += 1
            self.dead_from_swapper += key == hand.swapper
        assert not sent & dead, f"seat {key} was sent the dead hand {sorted(sent & dead)}"


@pytest.mark.parametrize(("preset", "options"), [
    ("standard", {"target": 300}),
    ("open", {"target": 250}),
])
def test_the_reserve_and_the_dead_hand_reach_no_one(preset: str, options: dict[str, Any]) -> None:
    watch = ReservejassSecrets()
    r = Run(options, Script(11), variant="reservejass", preset=preset, watch=watch)
    watch.run = r
    asyncio.run(r.play())
    game: Any = r.table.game
    assert game is not None and game.is_over and watch.messages > 100
    assert watch.reserve_hidden > 20 and watch.dead_hidden > 20 and watch.dead_from_swapper > 5
    assert any(rd.swapper >= 0 for rd in game.rounds)
