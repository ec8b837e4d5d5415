"""What Schaggi Haas keeps secret reaches no one in any message of whole games (docs/server.md,
"What each client is sent"): the Besser packets (told to no one until their owner takes one,
then to him alone as part of his hand), the cards a player puts down (told to him alone), the
stock's face-down cards (told to no one), and whether a seat could rob with the trump 6 (its
legal actions reach that seat alone, while it is to move).

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


class SchaggiHaasSecrets:
    """Checks every message against the Besser packets, the discards, the stock and the rob."""

    def __init__(self) -> None:
        self.run: Run | None = None
        self.messages = 0
        self.packets_down = 0
        self.discards_hidden = 0
        self.own_discards = 0
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
        # The cut and the turned card are shown to both (the robbed card may go down later).
        sent -= allowed | set(g["panel"]["cut"]) | {format_card(hand.turned)}
        assert g["panel"]["cut"] == [format_card(c) for c in hand.deal.cut]
        stock = tokens(hand.stock & ~(1 << hand.face_up()))
        assert not sent & stock, f"seat {key} was sent the stock's {sorted(sent & stock)}"
        for s in (0, 1):
            lying = tokens(hand.besser[s])
            if lying:
                self.packets_down += 1
            assert not sent & lying, f"seat {key} was sent a Besser card {sorted(sent & lying)}"
            down = tokens(hand.discards[s])
            if s != key and down:
                self.discards_hidden += 1
                assert not sent & down, f"seat {key} was sent a discard {sorted(sent & down)}"
        if key >= 0 and hand.discards[key] and not game.is_over:
            assert set(g["own"]["put_down"]) == tokens(hand.discards[key])
            self.own_discards += 1
        if hand.phase == "rob" and not game.is_over and key != hand.to_move:
            assert g["legal"] == [], f"seat {key} was sent another seat's legal actions"
            rest = {k: v for k, v in g.items() if k not in ("panel", "phase")}  # both public
            assert '"rob"' not in json.dumps(rest) and 'declare:rob' not in json.dumps(rest)
            self.asked_alike += 1


@pytest.mark.parametrize(("preset", "options"), [
    ("standard", {"target": 300}),
    ("rob_first", {"target": 300, "bessern": "take-first"}),
])
def test_the_besser_cards_the_discards_the_stock_and_the_rob_reach_no_one(
        preset: str, options: dict[str, Any]) -> None:
    watch = SchaggiHaasSecrets()
    script = Script(11)
    r = Run(options, script, variant="schaggi_haas", preset=preset, watch=watch)
    watch.run = r
    asyncio.run(r.play())
    game: Any = r.table.game
    assert game is not None and game.is_over and watch.messages > 100
    assert watch.packets_down > 20 and watch.discards_hidden > 5 and watch.own_discards > 5
    assert watch.asked_alike > 5
    words = [w for rd in game.rounds for _s, w in rd.words]
    assert 55 in words  # somebody bessered
