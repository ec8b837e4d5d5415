"""The turn timer: a computer player stands in for a seat that times out or disconnects, and
hands the seat back when its player returns."""

from __future__ import annotations

import sqlite3
import time
from pathlib import Path
from typing import Any

from .util import ONE_HUMAN, create, hello, recv_state, server


def until(ws: Any, pred: Any) -> dict[str, Any]:
    """Receive states until one satisfies ``pred``."""
    while True:
        s = recv_state(ws)
        if pred(s):
            return s


def test_timeout_takeover_and_hand_back(db: Path) -> None:
    with server(db, bot_delay=0.01, min_timer=0.05) as c:
        t = create(c, seats=ONE_HUMAN, turn_timer=0.3)
        with c.websocket_connect(f"/ws/{t['code']}") as ws:
            s = hello(ws, t["token"])
            if not s["game"]["legal"]:
                s = until(ws, lambda s: bool(s["game"]["legal"]))
            assert 0 < s["game"]["deadline"] <= 0.3
            # Sit still: the stand-in takes the seat and plays for it.
            s = until(ws, lambda s: s["event"] and s["event"].get("what") == "takeover")
            assert s["table"]["seats"][0]["auto"] is True
            s = until(ws, lambda s: (s["event"] or {}).get("seat") == 0)
            assert s["event"]["by"] == "auto"
            ws.send_json({"v": 2, "type": "back"})
            s = until(ws, lambda s: (s["event"] or {}).get("what") == "handback")
            assert s["table"]["seats"][0]["auto"] is False
            if not (s["game"]["legal"] or s["game"]["result"] is not None):  # not its turn yet
                s = until(ws, lambda s: bool(s["game"]["legal"]) or s["game"]["result"] is not None)
            if s["game"]["result"] is None:
                assert s["game"]["deadline"] is not None
                ws.send_json({"v": 2, **s["game"]["legal"][0]})
                s = until(ws, lambda s: (s["event"] or {}).get("seat") == 0)
                assert s["event"]["by"] == "player"


def test_disconnected_seat_is_played_and_handed_back_on_reconnect(db: Path) -> None:
    with server(db, bot_delay=0.01, min_timer=0.05, disconnect_grace=0.05) as c:
        t = create(c, seats=ONE_HUMAN, turn_timer=60)
        code = t["code"]
        with c.websocket_connect(f"/ws/{code}") as ws:
            s = hello(ws, t["token"])
            if not s["game"]["legal"]:
                s = until(ws, lambda s: bool(s["game"]["legal"]))
            seq = s["seq"]
        time.sleep(0.3)
        with c.websocket_connect(f"/ws/{code}") as ws:
            s = hello(ws, t["token"])
            assert s["seq"] > seq  # the game went on without the person
            assert s["table"]["seats"][0]["auto"] is False  # and is handed back at once
            if not s["game"]["legal"]:
                s = until(ws, lambda s: bool(s["game"]["legal"]))
            assert s["table"]["seats"][0]["auto"] is False and s["game"]["deadline"] > 1
        with sqlite3.connect(db) as con:
            by = {r[0] for r in con.execute("SELECT by FROM actions WHERE seat=0")}
        con.close()
        assert "auto" in by


def test_without_a_timer_the_table_waits(db: Path) -> None:
    with server(db, bot_delay=0) as c:
        t = create(c, seats=ONE_HUMAN)
        with c.websocket_connect(f"/ws/{t['code']}") as ws:
            s = hello(ws, t["token"])
            if not s["game"]["legal"]:
                s = until(ws, lambda s: bool(s["game"]["legal"]))
            assert s["game"]["deadline"] is None
        time.sleep(0.1)
        with c.websocket_connect(f"/ws/{t['code']}") as ws:
            again = hello(ws, t["token"])
        assert again["seq"] == s["seq"] and again["table"]["seats"][0]["auto"] is False
