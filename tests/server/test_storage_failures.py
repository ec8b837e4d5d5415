"""When the database refuses a write (a full disk, a file locked by another process), nothing is
applied and nothing is lost: the clients are told (``storage_error``), and the table carries on
once the database takes writes again, with every action stored exactly once."""

from __future__ import annotations

import io
import random
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from puur.record import read_record

from .util import (
    ALL_HUMANS,
    ONE_HUMAN,
    FourPlayers,
    create,
    four_humans,
    hello,
    pick,
    recv_state,
    server,
)

BOTS = [{"kind": "bot", "bot": "random"}] * 4


def on_server(client: Any, fn: Any) -> Any:
    """Run ``fn`` in the server's event loop (between two of its steps)."""
    return client.portal.call(fn)


def storage(client: Any) -> Any:
    return client.app.state.lobby.storage


@contextmanager
def disk_full(client: Any) -> Iterator[None]:
    """SQLite's own 'database or disk is full': the file may not grow by a page."""
    s = storage(client)
    dbs = [s.db, s.now]  # the connection of the storage thread and that of writes made at once
    pages = on_server(client, lambda: s.db.execute("PRAGMA page_count").fetchone()[0])
    for db in dbs:
        on_server(client, lambda db=db: db.execute(f"PRAGMA max_page_count={pages}"))
    try:
        yield
    finally:
        for db in dbs:
            on_server(client, lambda db=db: db.execute("PRAGMA max_page_count=1073741823"))


@contextmanager
def locked(client: Any, db_path: Path) -> Iterator[None]:
    """Another process holds the write lock: SQLite's 'database is locked'."""
    on_server(client, lambda: storage(client).db.execute("PRAGMA busy_timeout=20"))
    other = sqlite3.connect(db_path, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")
    try:
        yield
    finally:
        other.execute("ROLLBACK")
        other.close()


class Refusing:
    """The server's connection, refusing every statement that contains ``what`` while ``on``."""

    def __init__(self, db: sqlite3.Connection, what: str) -> None:
        self.db = db
        self.what = what
        self.on = True
        self.refused = 0

    def execute(self, sql: str, *args: Any) -> Any:
        if self.on and self.what in sql:
            self.refused += 1
            raise sqlite3.OperationalError("database or disk is full")
        return self.db.execute(sql, *args)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.db, name)


class Refusals:
    """The statements refused on both of the server's connections."""

    def __init__(self, *proxies: Refusing) -> None:
        self.proxies = proxies

    @property
    def refused(self) -> int:
        return sum(p.refused for p in self.proxies)


@contextmanager
def refusing(client: Any, what: str) -> Iterator[Refusals]:
    s = storage(client)
    proxy = Refusing(s.db, what)
    at_once = Refusing(s.now, what)  # the connection of writes made at once
    s.db, s.now = proxy, at_once
    try:
        yield Refusals(proxy, at_once)
    finally:
        s.db, s.now = proxy.db, at_once.db


def until(ws: Any, pred: Any, seen: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    """Every message until one satisfies ``pred``."""
    while True:
        m: dict[str, Any] = ws.receive_json()
        if seen is not None:
            seen.append(m)
        if pred(m):
            return m


def is_storage_error(m: dict[str, Any]) -> bool:
    return m["type"] == "error" and m["code"] == "storage_error"


def stored_actions(db_path: Path, gid: int) -> list[tuple[int, int, int]]:
    with sqlite3.connect(db_path) as con:
        rows = con.execute("SELECT seq, seat, action FROM actions WHERE game_id=? ORDER BY seq",
                           (gid,)).fetchall()
    con.close()
    return [tuple(r) for r in rows]


def check_record(client: Any, db_path: Path, gid: int, result: dict[str, Any]) -> None:
    """The finished game's record replays to the result the clients were told, and holds
    exactly the stored actions, each once."""
    rec = read_record(io.StringIO(client.get(f"/api/games/{gid}/record").text))
    game = rec.to_game()
    assert game.is_over and list(game.scores) == result["scores"]
    assert game.winner == result["winner"] and game.end_reason == result["reason"]
    rows = stored_actions(db_path, gid)
    assert [r[0] for r in rows] == list(range(1, len(rows) + 1))
    assert [r[2] for r in rows] == [a for hand in rec.actions for a in hand]


def test_computer_players_wait_for_a_full_disk_and_finish_the_game(db: Path) -> None:
    with server(db, bot_delay=0.002) as c:
        c.app.state.lobby.retry_delay = 0.01
        t = create(c, seats=BOTS, options={"target": 1500})
        code, gid = t["code"], t["table"]["game_id"]
        table = c.app.state.lobby.tables[code]
        seen: list[dict[str, Any]] = []
        with c.websocket_connect(f"/ws/{code}") as ws:
            hello(ws, None)
            with disk_full(c):
                err = until(ws, is_storage_error, seen)
                assert "database or disk is full" in err["message"]
                until(ws, is_storage_error, seen)  # and again: it keeps trying
                # Nothing was applied that is not stored.
                moves = on_server(c, lambda: table.moves)
                assert len(stored_actions(db, gid)) == moves
            final = until(ws, lambda m: m["type"] == "state" and m["game"]["result"], seen)
        states = [m for m in seen if m["type"] == "state" and m["event"]]
        seqs = [m["seq"] for m in states if m["event"]["type"] == "action"]
        assert seqs == sorted(set(seqs)) and len(seqs) >= 2  # none told twice
        check_record(c, db, gid, final["game"]["result"])


def test_a_refused_move_of_a_person_changes_nothing_and_can_be_sent_again(db: Path) -> None:
    with server(db) as c:
        code, tokens = four_humans(c)
        with FourPlayers(c, code, tokens) as t:
            rng = random.Random(3)
            t.play(rng, actions=6)
            seat = t.game["to_move"]
            before = [dict(s) for s in t.states]
            action = pick(t.states[seat], rng)
            with locked(c, db):
                t.ws[seat].send_json({"v": 2, "ref": 7, **action})
                err = t.ws[seat].receive_json()
                assert is_storage_error(err) and err["ref"] == 7
                assert "database is locked" in err["message"]
                # A client that connects now finds the table as it was.
                with c.websocket_connect(f"/ws/{code}") as again:
                    assert hello(again, tokens[seat])["game"] == before[seat]["game"]
            # Nobody heard of it: the next message anyone gets is the state after the resend.
            t.act(seat, action)
            assert t.states[seat]["event"]["seat"] == seat
            for k in range(5):
                assert t.states[k]["seq"] == before[k]["seq"] + (0 if (
                    action["type"] == "weis" and k == seat) else 1)
            t.play(rng)
            result = t.game["result"]
        check_record(c, db, result["game_id"], result)


def test_a_refused_end_of_hand_is_rolled_back_whole(db: Path) -> None:
    # The last card of a hand is stored with the next deal in one transaction; a COMMIT that
    # fails must leave neither the card nor the deal, and the next try must go through.
    with server(db) as c:
        code, tokens = four_humans(c)
        with FourPlayers(c, code, tokens) as t:
            rng = random.Random(5)
            while not (t.game["trick_no"] == 8 and len(t.game["trick"]) == 3):
                t.play(rng, actions=1)
            seat = t.game["to_move"]
            card = t.states[seat]["game"]["legal"][0]
            with refusing(c, "COMMIT") as refused:
                t.ws[seat].send_json({"v": 2, **card})
                assert is_storage_error(t.ws[seat].receive_json())
            assert refused.refused == 1
            gid = t.game["game_id"]
            with sqlite3.connect(db) as con:
                deals = con.execute("SELECT COUNT(*) FROM deals WHERE game_id=?",
                                    (gid,)).fetchone()[0]
            con.close()
            assert deals == 1
            t.ws[seat].send_json({"v": 2, **card})
            seen: list[dict[str, Any]] = []
            s = recv_state(t.ws[seat], seen)
            assert [m["type"] for m in seen] == ["hand_over", "state"]
            assert s["game"]["hand_no"] == 2
            t.receive_all_but(seat)
            t.play(rng)
            result = t.game["result"]
        check_record(c, db, result["game_id"], result)


def test_a_stand_in_waits_for_the_database_after_a_timeout(db: Path) -> None:
    with server(db, bot_delay=0.01, min_timer=0.05) as c:
        c.app.state.lobby.retry_delay = 0.01
        t = create(c, seats=ONE_HUMAN, turn_timer=0.2)
        with c.websocket_connect(f"/ws/{t['code']}") as ws:
            s = hello(ws, t["token"])
            if not s["game"]["legal"]:
                s = until(ws, lambda m: m["type"] == "state" and bool(m["game"]["legal"]))
            with locked(c, db):
                until(ws, lambda m: (m.get("event") or {}).get("what") == "takeover")
                until(ws, is_storage_error)
            s = until(ws, lambda m: m["type"] == "state"
                      and (m["event"] or {}).get("by") == "auto")
            assert s["event"]["seat"] == 0


def test_a_table_cannot_be_created_or_joined_while_the_database_refuses(db: Path) -> None:
    with server(db) as c:
        with locked(c, db):
            r = c.post("/api/tables", json={"v": 2, "seats": BOTS})
            assert r.status_code == 503
            assert r.json()["code"] == "storage_error" and "locked" in r.json()["message"]
        assert c.get("/api/tables").json()["tables"] == []
        assert c.app.state.lobby.tables == {}
        t = create(c, seats=ALL_HUMANS, seat=0, name="Anna")
        with locked(c, db):
            r = c.post(f"/api/tables/{t['code']}/join", json={"v": 2, "seat": 1, "name": "Beat"})
            assert r.status_code == 503 and r.json()["code"] == "storage_error"
        info = c.get(f"/api/tables/{t['code']}").json()["table"]
        assert info["free_seats"] == [1, 2, 3] and info["seats"][1]["name"] is None


def test_the_first_game_starts_once_the_database_takes_it(db: Path) -> None:
    with server(db) as c:
        c.app.state.lobby.retry_delay = 0.01
        t = create(c, seats=[*ONE_HUMAN[:3], {"kind": "human"}], seat=0, name="Anna")
        code = t["code"]
        with c.websocket_connect(f"/ws/{code}") as ws:
            hello(ws, t["token"])
            with refusing(c, "INSERT INTO games") as refused:
                r = c.post(f"/api/tables/{code}/join", json={"v": 2, "name": "Beat"})
                assert r.status_code == 200  # the seat is taken; the game follows
                until(ws, is_storage_error)
                until(ws, is_storage_error)
                assert c.get(f"/api/tables/{code}").json()["table"]["status"] == "waiting"
            assert refused.refused >= 2
            s = until(ws, lambda m: m["type"] == "state" and (m["event"] or {}).get(
                "type") == "start")
            assert s["game"] is not None and s["table"]["status"] == "playing"


def test_a_refused_rematch_changes_nothing(db: Path) -> None:
    with server(db) as c:
        code, tokens = four_humans(c, options={"target": 300})
        with FourPlayers(c, code, tokens) as t:
            t.play(random.Random(9))
            old = t.game["game_id"]
            with refusing(c, "INSERT INTO games"):
                t.ws[1].send_json({"v": 2, "type": "rematch", "ref": "r"})
                err = t.ws[1].receive_json()
                assert is_storage_error(err) and err["ref"] == "r"
            info = c.get(f"/api/tables/{code}").json()["table"]
            assert info["game_id"] == old and [g["number"] for g in info["games"]] == [1]
            t.ws[1].send_json({"v": 2, "type": "rematch"})
            t.receive_all()
            assert t.game["game_id"] != old and t.states[0]["table"]["games"][-1]["number"] == 2
