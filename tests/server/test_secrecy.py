"""No client ever receives a card it may not see.

Four people and a spectator play whole games (and two people with two outside bots); after every
action each message every client received is searched for card tokens, which must be the seat's
own cards, cards already played, or the Weis the table has been shown.
"""

from __future__ import annotations

import random
import re
from typing import Any

from puur.cards import bits, format_card
from puur.round import Round

from .util import FourPlayers, four_humans, remote_table

CARD = re.compile(r"^[DHSC][6-9TJQKA]$")


def card_tokens(data: Any, found: set[str]) -> set[str]:
    """Every card token anywhere in a message (rule options excluded: they name a start card)."""
    if isinstance(data, dict):
        for k, v in data.items():
            if k != "rules":
                card_tokens(v, found)
    elif isinstance(data, list):
        for v in data:
            card_tokens(v, found)
    elif isinstance(data, str) and CARD.match(data):
        found.add(data)
    return found


def public_cards(rnd: Round) -> set[str]:
    """Cards of ``rnd`` everyone may know: played, and the best team's Weis after trick 1."""
    out = {format_card(c) for c in rnd.played}
    if rnd.trick_winners and rnd.weis_seat >= 0:
        for s in range(4):
            if s & 1 == rnd.weis_seat & 1:
                for m in rnd.declared[s]:
                    out |= {format_card(c) for c in m.card_list()}
    return out


class Checker:
    """Checks the messages each client got since the last check against the server's truth."""

    def __init__(self, client: Any, code: str) -> None:
        self.table = client.app.state.lobby.tables[code]
        self.done = [0] * 5
        self.messages = 0

    def __call__(self, t: FourPlayers) -> None:
        game = self.table.game
        rounds = game.rounds[-2:]  # a finished hand's cards stay visible in the next state
        public: set[str] = set()
        for rnd in rounds:
            public |= public_cards(rnd)
        rnd = game.round
        for k in range(5):
            seat = k if k < 4 else None
            allowed = set(public)
            if seat is not None:
                allowed |= {format_card(c) for c in bits(rnd.initial_hands[seat])}
            for m in t.seen[k][self.done[k]:]:
                self.messages += 1
                leaked = card_tokens(m, set()) - allowed
                assert not leaked, f"client {k} was sent {sorted(leaked)} in {m['type']}"
                if m["type"] != "state":
                    continue
                g = m["game"]
                if seat is None:
                    assert g["hand"] == [] and g["legal"] == [] and g["weis_options"] == []
                else:
                    assert g["hand"] == [format_card(c) for c in bits(rnd.hands[seat])]
                if g["to_move"] != seat:
                    assert g["legal"] == [] and g["weis_options"] == []
                    assert g["phase"] not in ("weis", "stoeck")
                ev = m["event"] or {}
                if ev.get("type") == "action" and ev["seat"] != seat:
                    a = ev["action"]
                    assert not (a["type"] == "weis" and "option" in a)
                    assert not (a["type"] == "stoeck" and a["announce"] is False)
            self.done[k] = len(t.seen[k])


def test_no_client_sees_a_hidden_card_over_whole_games(client: Any) -> None:
    for target, seed in ((1000, 21), (300, 22)):
        code, tokens = four_humans(client, options={"target": target, "stoeck_announce":
                                                     "with-weis" if seed == 22 else "second-card"})
        check = Checker(client, code)
        with FourPlayers(client, code, tokens) as t:
            check(t)
            t.play(random.Random(seed), check=check)
            assert t.game["result"] is not None
        assert check.messages > 300


def test_no_outside_bot_sees_a_hidden_card_over_whole_games(client: Any) -> None:
    code, tokens = remote_table(client, (1, 2), options={"stoeck_announce": "with-weis"})
    check = Checker(client, code)
    with FourPlayers(client, code, tokens, bots=(1, 2)) as t:
        check(t)
        t.play(random.Random(23), check=check)
        assert t.game["result"] is not None
        for k in (1, 2):
            assert t.seen[k][0]["type"] == "bot_welcome"
            assert sum(m["type"] == "state" and m["game"]["legal"] != [] for m in t.seen[k]) > 20
    assert check.messages > 500
