"""What Königsjass keeps secret reaches no one in any message of whole games (docs/server.md,
"What each client is sent"): the talon's face-down cards (only the card face up on it is told),
the dead hand a swapper put down (told to him alone), and whether a seat could exchange the trump
6 (its legal actions reach that seat alone, while it is to move; the word "exchange" reaches the
others only once it is said).

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


class KoenigsjassSecrets:
    """Checks every message against the talon, the dead hand and the exchange, as they are."""

    def __init__(self) -> None:
        self.run: Run | None = None
        self.messages = 0
        self.talon_down = 0
        self.dead_hidden = 0
        self.asked_alike = 0

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
        p = g["panel"]
        public = hand.public_cards()
        assert p["piles"] == [hand.talon.bit_count(), hand.dead.bit_count()]
        up = p["talon_up"]
        assert up is None or up in tokens(hand.talon & public)
        down = tokens(hand.talon & ~public)
        if down:
            self.talon_down += 1
        assert not sent & down, f"seat {key} was sent the talon's {sorted(sent & down)}"
        dead = tokens(hand.dead & ~public)
        if key != hand.swapper and dead:
            self.dead_hidden += 1
            assert not sent & dead, f"seat {key} was sent the dead hand {sorted(sent & dead)}"
        if hand.phase in ("swap", "exchange") and not game.is_over and key != hand.to_move:
            assert g["legal"] == [], f"seat {key} was sent another seat's legal actions"
            rest = {k: v for k, v in g.items() if k not in ("panel", "phase")}  # both public
            assert "exchange" not in json.dumps(rest)
            self.asked_alike += 1


@pytest.mark.parametrize(("preset", "options"), [
    ("standard", {"target": 300}),
    ("modes", {"target": 250}),
])
def test_the_talon_the_dead_hand_and_the_exchange_reach_no_one(
        preset: str, options: dict[str, Any]) -> None:
    watch = KoenigsjassSecrets()
    script = Script(11)
    r = Run(options, script, variant="koenigsjass", preset=preset, watch=watch)
    watch.run = r
    asyncio.run(r.play())
    game: Any = r.table.game
    assert game is not None and game.is_over and watch.messages > 100
    assert watch.talon_down > 20 and watch.dead_hidden > 20 and watch.asked_alike > 10
    words = [w for rd in game.rounds for _s, w in rd.words]
    assert 55 in words  # a swap was made
