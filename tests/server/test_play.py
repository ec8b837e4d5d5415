"""Play over the WebSocket: every message type, and every refusal answered by a typed error
that changes nothing."""

from __future__ import annotations

import random
from typing import Any

import pytest
from starlette.websockets import WebSocketDisconnect

from .util import (
    ONE_HUMAN,
    FourPlayers,
    create,
    four_humans,
    hello,
    receive_json,
    recv_state,
    snapshot,
)


def expect_error(ws: Any, code: str) -> dict[str, Any]:
    m: dict[str, Any] = receive_json(ws)
    assert m["type"] == "error" and m["v"] == 2, m
    assert m["code"] == code, m
    assert m["message"]
    return m


def test_refusals_change_nothing(client: Any) -> None:
    code, tokens = four_humans(client)
    with FourPlayers(client, code, tokens) as t:
        to_move = t.game["to_move"]
        other = (to_move + 1) % 4
        before = snapshot(client, code, tokens[to_move])
        ws = t.ws[to_move]
        my_card = t.states[other]["game"]["hand"][0]
        t.ws[other].send_json({"v": 2, "type": "play", "card": my_card, "ref": 5})
        assert expect_error(t.ws[other], "not_your_turn")["ref"] == 5
        # Choosing time: a card is not legal, nor is an unknown Weis option.
        ws.send_json({"v": 2, "type": "play", "card": t.game["hand"][0] if to_move == 0 else
                      t.states[to_move]["game"]["hand"][0]})
        expect_error(ws, "illegal")
        ws.send_json({"v": 2, "type": "weis", "option": 3})
        expect_error(ws, "illegal")
        ws.send_json({"v": 2, "type": "stoeck", "announce": True})
        expect_error(ws, "illegal")
        ws.send_text("{nope")
        expect_error(ws, "bad_json")
        ws.send_bytes(b"\x00\x01")
        expect_error(ws, "bad_json")
        ws.send_json({"v": 7, "type": "push"})
        expect_error(ws, "version")
        ws.send_json({"type": "push"})
        expect_error(ws, "version")
        ws.send_json({"v": 2, "type": "shuffle"})
        expect_error(ws, "unknown_type")
        ws.send_json({"v": 2, "type": "play"})
        expect_error(ws, "bad_message")
        ws.send_json({"v": 2, "type": "hello", "token": tokens[other]})
        expect_error(ws, "bad_message")
        ws.send_json({"v": 2, "type": "rematch"})
        expect_error(ws, "game_not_over")
        t.ws[4].send_json({"v": 2, "type": "push"})
        expect_error(t.ws[4], "not_seated")
        assert snapshot(client, code, tokens[to_move]) == before
        # Once in the card play, a card of another suit while able to follow is refused.
        rng = random.Random(3)
        while t.game["phase"] != "play" or not t.game["trick"]:
            seat = t.game["to_move"]
            legal = t.states[seat]["game"]["legal"]
            t.act(seat, rng.choice([a for a in legal if a["type"] != "push"] or legal))
        seat = t.game["to_move"]
        g = t.states[seat]["game"]
        legal_cards = {a["card"] for a in g["legal"] if a["type"] == "play"}
        refused = [c for c in g["hand"] if c not in legal_cards]
        before = snapshot(client, code, tokens[seat])
        not_mine = next(c for c in ("D6", "D7", "HA", "SA", "CA", "C6") if c not in g["hand"])
        for card in [*refused[:1], not_mine]:
            t.ws[seat].send_json({"v": 2, "type": "play", "card": card})
            expect_error(t.ws[seat], "illegal")
        assert snapshot(client, code, tokens[seat]) == before


def test_hello_first_and_wrong_token(client: Any) -> None:
    code, tokens = four_humans(client)
    with client.websocket_connect(f"/ws/{code}") as ws:
        ws.send_json({"v": 2, "type": "ping"})
        expect_error(ws, "hello_first")
        ws.send_json({"v": 2, "type": "play", "card": "D6"})
        expect_error(ws, "hello_first")
        state = hello(ws, tokens[2])
        assert state["you"] == {"role": "player", "seat": 2}
    with client.websocket_connect(f"/ws/{code}") as ws:
        ws.send_json({"v": 2, "type": "hello", "token": tokens[2][::-1]})
        expect_error(ws, "auth")
        with pytest.raises(WebSocketDisconnect) as e:
            receive_json(ws)
        assert e.value.code == 4401
    # A token of another table opens nothing here.
    _other, other_tokens = four_humans(client)
    with client.websocket_connect(f"/ws/{code}") as ws:
        ws.send_json({"v": 2, "type": "hello", "token": other_tokens[0]})
        expect_error(ws, "auth")


def test_ping_pong(client: Any) -> None:
    t = create(client, seats=ONE_HUMAN)
    with client.websocket_connect(f"/ws/{t['code']}") as ws:
        hello(ws, t["token"])
        ws.send_json({"v": 2, "type": "ping", "ref": "abc"})
        while True:
            m = receive_json(ws)
            if m["type"] == "pong":
                break
        assert m == {"v": 2, "type": "pong", "ref": "abc"}


def test_a_whole_game_uses_every_action_then_game_over_and_rematch(client: Any) -> None:
    code, tokens = four_humans(client, options={"target": 1500})
    with FourPlayers(client, code, tokens) as t:
        t.play(random.Random(11))
        kinds: set[str] = set()
        for k in range(4):
            for m in t.seen[k]:
                ev = m.get("event") or {}
                if ev.get("type") == "action" and ev["seat"] == k:
                    a = ev["action"]
                    if a["type"] == "weis":
                        kinds.add("weis:declare" if a["option"] else "weis:quiet")
                    elif a["type"] == "stoeck":
                        kinds.add(f"stoeck:{a['announce']}")
                    else:
                        kinds.add(a["type"])
        assert {"play", "choose", "push", "weis:quiet", "weis:declare", "stoeck:True"} <= kinds
        hand_overs = [m for m in t.seen[4] if m["type"] == "hand_over"]
        overs = [m for m in t.seen[4] if m["type"] == "game_over"]
        assert len(overs) == 1 and len(hand_overs) >= 2
        g = t.game
        assert g["phase"] == "over" and g["result"]["winner"] in (0, 1)
        assert max(g["result"]["scores"]) >= 1500
        assert overs[0]["reason"] == g["result"]["reason"]
        assert g["result"]["reason"] in ("stoeck", "weis", "trick", "last", "match")
        assert g["jasstafel"]["teams"][0]["points"] == g["result"]["scores"][0]
        assert hand_overs[0]["scores"] == [sum(x) for x in zip(
            hand_overs[0]["score"]["total"], [0, 0], strict=True)]
        t.ws[1].send_json({"v": 2, "type": "play", "card": "D6"})
        expect_error(t.ws[1], "game_over")
        old_id = g["game_id"]
        t.ws[4].send_json({"v": 2, "type": "rematch"})
        expect_error(t.ws[4], "not_seated")
        t.ws[2].send_json({"v": 2, "type": "rematch"})
        for k in range(5):
            t.states[k] = recv_state(t.ws[k])
        assert t.states[0]["event"]["type"] == "rematch"
        assert t.game["game_id"] != old_id and t.game["scores"] == [0, 0]
        assert t.states[0]["seq"] == 0 and len(t.game["hand"]) == 9
        assert [x["number"] for x in t.states[0]["table"]["games"]] == [1, 2]


def test_bots_fill_empty_seats_and_only_the_human_is_asked(client: Any) -> None:
    t = create(client, seats=ONE_HUMAN, options={"target": 300})
    rng = random.Random(5)
    with client.websocket_connect(f"/ws/{t['code']}") as ws:
        state = hello(ws, t["token"])
        bot_moves = 0
        while state["game"]["result"] is None:
            g = state["game"]
            if g["legal"]:
                assert g["to_move"] == 0
                ws.send_json({"v": 2, **rng.choice(g["legal"])})
            state = recv_state(ws)
            ev = state["event"] or {}
            if ev.get("by") == "bot":
                assert ev["seat"] != 0
                bot_moves += 1
        assert bot_moves > 20


def test_an_action_that_cannot_be_stored_is_refused_and_undone(client: Any) -> None:
    import sqlite3

    code, tokens = four_humans(client)
    table = client.app.state.lobby.tables[code]
    with FourPlayers(client, code, tokens) as t:
        seat = t.game["to_move"]
        before = snapshot(client, code, tokens[seat])

        def broken(*args: object, **kwargs: object) -> None:
            raise sqlite3.OperationalError("database or disk is full")

        store = table.storage.add_actions
        table.storage.add_actions = broken
        try:
            t.ws[seat].send_json({"v": 2, **t.states[seat]["game"]["legal"][0]})
            expect_error(t.ws[seat], "storage_error")
        finally:
            table.storage.add_actions = store
        assert snapshot(client, code, tokens[seat]) == before
        t.act(seat, t.states[seat]["game"]["legal"][0])
        assert t.states[0]["seq"] == 1
