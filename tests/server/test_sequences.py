"""Messages out of order, repeated, or for the wrong place: each gets its typed answer (or the
documented silence) and changes nothing else."""

from __future__ import annotations

import random
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from starlette.websockets import WebSocketDisconnect

from puur.server.history import MAX_SHARES

from .test_history import play_to_end
from .util import ALL_HUMANS, ONE_HUMAN, create, hello, receive_json, recv_state


def games_of(db: Path, code: str) -> int:
    with sqlite3.connect(db) as con:
        n = int(con.execute("SELECT COUNT(*) FROM games WHERE code=?", (code,)).fetchone()[0])
    con.close()
    return n


def test_a_rematch_sent_twice_starts_one_game(client: Any, db: Path) -> None:
    t = create(client, seats=ONE_HUMAN, options={"target": 300})
    play_to_end(client, t, random.Random(7))
    with client.websocket_connect(f"/ws/{t['code']}") as ws:
        hello(ws, t["token"])
        ws.send_json({"v": 2, "type": "rematch", "ref": 1})
        ws.send_json({"v": 2, "type": "rematch", "ref": 2})
        seen: list[dict[str, Any]] = []
        state = recv_state(ws, seen)
        assert state["event"]["type"] == "rematch"
        while True:
            m = receive_json(ws)
            if m["type"] == "error":
                break
        assert (m["code"], m["ref"]) == ("game_not_over", 2)
        assert "running" in m["message"]
    assert games_of(db, t["code"]) == 2


def test_a_rematch_before_the_first_game_says_so(client: Any) -> None:
    t = create(client, seats=ALL_HUMANS, seat=0)
    with client.websocket_connect(f"/ws/{t['code']}") as ws:
        hello(ws, t["token"])
        ws.send_json({"v": 2, "type": "rematch", "ref": "r"})
        m = receive_json(ws)
        assert (m["code"], m["ref"]) == ("game_not_over", "r")
        assert "has not started" in m["message"], m


def test_back_without_a_stand_in_is_silent_and_changes_nothing(client: Any) -> None:
    t = create(client, seats=ALL_HUMANS, seat=0)
    with client.websocket_connect(f"/ws/{t['code']}") as ws, \
            client.websocket_connect(f"/ws/{t['code']}") as watcher:
        first = hello(ws, t["token"])
        hello(watcher, None)
        for _ in range(3):
            ws.send_json({"v": 2, "type": "back"})
            watcher.send_json({"v": 2, "type": "back"})
        # Nothing was said to anyone: the next message of each is the answer to its ping.
        for sock in (ws, watcher):
            sock.send_json({"v": 2, "type": "ping", "ref": "after"})
            assert receive_json(sock) == {"v": 2, "type": "pong", "ref": "after"}
    seats = client.get(f"/api/tables/{t['code']}").json()["table"]["seats"]
    assert [s["auto"] for s in seats] == [s["auto"] for s in first["table"]["seats"]]


def test_a_second_hello_is_refused_and_the_socket_stays_as_it_was(client: Any) -> None:
    a = create(client, seats=ALL_HUMANS, seat=0)
    b = create(client, seats=ALL_HUMANS, seat=0)
    with client.websocket_connect(f"/ws/{a['code']}") as ws:
        first = hello(ws, a["token"])
        for again in ({"token": a["token"]}, {"token": b["token"]}, {"spectate": True}):
            ws.send_json({"v": 2, "type": "hello", "ref": "h", **again})
            m = receive_json(ws)
            assert (m["code"], m["ref"]) == ("bad_message", "h"), m
        # Still the same seat: it may act for seat 0 and no other.
        ws.send_json({"v": 2, "type": "ping", "ref": 1})
        assert receive_json(ws)["type"] == "pong"
        assert first["you"] == {"role": "player", "seat": 0}


def test_a_token_of_another_table_opens_nothing(client: Any) -> None:
    a = create(client, seats=ALL_HUMANS, seat=0)
    b = create(client, seats=ALL_HUMANS, seat=0)
    with client.websocket_connect(f"/ws/{a['code']}") as ws:
        ws.send_json({"v": 2, "type": "hello", "token": b["token"]})
        m = receive_json(ws)
        assert m["code"] == "auth"
        with pytest.raises(WebSocketDisconnect) as e:
            receive_json(ws)
        assert e.value.code == 4401
    info = client.get(f"/api/tables/{a['code']}").json()["table"]
    assert [s["connected"] for s in info["seats"]] == [False] * 4


def test_share_links_of_one_game_are_capped(client: Any, db: Path) -> None:
    t = create(client, seats=ONE_HUMAN, options={"target": 300}, public=False)
    final = play_to_end(client, t, random.Random(8))
    gid = final["game"]["result"]["game_id"]
    mine = {"X-Puur-Tokens": t["token"]}
    keys = set()
    for _ in range(MAX_SHARES):
        r = client.post(f"/api/games/{gid}/share", headers=mine)
        assert r.status_code == 201, r.text
        keys.add(r.json()["share"])
    assert len(keys) == MAX_SHARES
    r = client.post(f"/api/games/{gid}/share", headers=mine)
    assert r.status_code == 409 and r.json()["code"] == "too_many_shares", r.text
    with sqlite3.connect(db) as con:
        n = con.execute("SELECT COUNT(*) FROM shares WHERE game_id=?", (gid,)).fetchone()[0]
    con.close()
    assert n == MAX_SHARES
    # The links made still open the game.
    key = next(iter(keys))
    assert client.get(f"/api/games/{gid}/replay", params={"share": key}).status_code == 200
