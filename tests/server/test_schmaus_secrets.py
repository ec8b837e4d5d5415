"""What Schmaus keeps secret reaches no one in any message of whole games (docs/server.md,
"What each client is sent"): the stock's face-down cards and their order (only the card face up
at its bottom is told, and how many are left), the card each player draws (told to him alone),
and whether a seat holds the trump 6 (the exchange question reaches that seat alone; the others
see an ordinary turn, and hear of the 6 only once it is exchanged).

The tables are driven as in ``test_variant_secrecy`` (people, a computer seat, a spectator, a
turn timer handing seats to stand-ins, connections dropping), and each message is checked the
moment it is sent against the table's game at that moment."""

from __future__ import annotations

import asyncio
import json
from typing import Any

from .tablekit import Run, Script
from .test_piles_and_partner import CARD, tokens
from .test_variant_secrecy import known_cards


class SchmausSecrets:
    """Checks every message against the stock, the draws and the exchange, as they are."""

    def __init__(self) -> None:
        self.run: Run | None = None
        self.messages = 0
        self.stock_down = 0
        self.draws_hidden = 0
        self.asked_unseen = 0

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
        assert p["stock_left"] == hand.stock_left
        assert p["stock_bottom"] == (None if hand.bottom < 0 else tokens(1 << hand.bottom).pop())
        down = tokens(hand.stock_mask() & ~public)
        if down:
            self.stock_down += 1
        assert not sent & down, f"seat {key} was sent the stock's {sorted(sent & down)}"
        for s in (0, 1):
            theirs = 0
            for c in hand.drawn[s]:
                theirs |= 1 << c
            theirs &= hand.hands[s] & ~public & ~sum(m.cards for m in hand.declared[s])
            if key != s and theirs:
                self.draws_hidden += 1
                assert not sent & tokens(theirs), f"seat {key} was sent seat {s}'s draws"
        if hand.phase == "exchange" and not game.is_over and key != hand.to_move:
            assert g["legal"] == [] and g["phase"] == "play", (key, g["phase"])
            self.asked_unseen += 1


def test_the_stock_the_draws_and_the_trump_6_reach_no_one() -> None:
    watch = SchmausSecrets()
    script = Script(11)
    r = Run({"target": 300}, script, variant="schmaus", preset="standard", watch=watch)
    watch.run = r
    asyncio.run(r.play())
    game: Any = r.table.game
    assert game is not None and game.is_over and watch.messages > 100
    assert watch.stock_down > 20 and watch.draws_hidden > 20 and watch.asked_unseen > 3
