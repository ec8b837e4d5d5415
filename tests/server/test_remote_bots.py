"""Outside bots (docs/protocol.md, *Bots*): the host's bot tokens, ``bot_hello``, the typed
refusals that change nothing, a newer connection taking the seat over, and the stand-in that
moves for a bot that does not answer in time or is away, until the bot takes the seat back."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from starlette.websockets import WebSocketDisconnect

from puur.server.bodies import parse_create
from puur.server.lobby import Lobby
from puur.server.messages import ActionMessage, BotHello, ProtocolError
from puur.server.remote import CLOSE_REPLACED, hello_seat
from puur.server.storage import Storage
from puur.server.tables import Table

from .tablekit import Client, ManualClock, message
from .test_limits import refused
from .util import bot_hello, create, hello, receive_json, recv_state, server, snapshot
from .wirecheck import check_message

ALL_BOTS: list[dict[str, Any]] = [{"kind": "remote"}] * 4


def test_the_host_gets_one_secret_token_per_bot_seat(db: Path) -> None:
    with server(db) as c:
        t = create(c, seats=[{"kind": "human"}, {"kind": "remote"}, {"kind": "bot"},
                             {"kind": "remote", "stand_in": "random", "strength": 1}],
                   seat=0, name="Anna")
        check_message(t)
        assert [b["seat"] for b in t["bots"]] == [1, 3]
        tokens = [b["token"] for b in t["bots"]]
        assert len({*tokens, t["token"]}) == 3 and all(len(k) == 43 for k in tokens)
        seats = t["table"]["seats"]
        for s, stand_in in ((1, {"bot": "rules", "strength": 2}),
                            (3, {"bot": "random", "strength": 1})):
            assert seats[s]["kind"] == "bot" and seats[s]["bot"] == "remote"
            assert seats[s]["stand_in"] == stand_in
            assert seats[s]["taken"] and not seats[s]["connected"] and seats[s]["name"]
        assert "stand_in" not in seats[2]
        info = c.get(f"/api/tables/{t['code']}").text
        assert t["code"] in info and not any(k in info for k in tokens)
        # A bot's seat is taken: nobody can join it.
        r = c.post(f"/api/tables/{t['code']}/join", json={"v": 2, "seat": 1})
        assert r.status_code == 409 and r.json()["code"] == "seat_taken"
    stored = db.read_bytes() + (db.with_name(db.name + "-wal").read_bytes()
                                if db.with_name(db.name + "-wal").exists() else b"")
    assert not any(k.encode() in stored for k in tokens)  # only their hashes


@pytest.mark.parametrize(("seats", "seat", "code"), [
    ([{"kind": "remote", "stand_in": "nobody"}] + [{"kind": "human"}] * 3, None, "bad_message"),
    ([{"kind": "remote", "bot": "random"}] + [{"kind": "human"}] * 3, None, "bad_message"),
    ([{"kind": "remote", "strength": 4}] + [{"kind": "human"}] * 3, None, "bad_message"),
    ([{"kind": "robot"}] + [{"kind": "human"}] * 3, None, "bad_message"),
    ([{"kind": "remote"}] + [{"kind": "human"}] * 3, 0, "seat_taken"),
])
def test_bad_bot_seats_are_refused(db: Path, seats: list[Any], seat: int | None,
                                   code: str) -> None:
    with server(db) as c:
        r = c.post("/api/tables", json={"v": 2, "seats": seats, "seat": seat})
        assert r.status_code in (400, 409) and r.json()["code"] == code, r.text
        assert c.get("/api/tables").json()["tables"] == []


def test_a_bot_says_hello_and_gets_its_seats_view(db: Path) -> None:
    with server(db, bot_timer=60) as c:
        t = create(c, seats=ALL_BOTS, seat=None)
        tokens = [b["token"] for b in t["bots"]]
        with c.websocket_connect(f"/ws/{t['code']}") as ws:
            ws.send_json({"v": 2, "type": "bot_hello", "bot_version": 1, "token": tokens[2],
                          "client": "test-bot/1.0", "ref": "h"})
            welcome = receive_json(ws)
            check_message(welcome)
            assert welcome == {"v": 2, "type": "bot_welcome", "bot_version": 1, "seat": 2,
                               "move_time": 60, "grace": 5, "ref": "h",
                               "stand_in": {"bot": "rules", "strength": 2}}
            state = recv_state(ws)
            check_message(state)
            assert state["you"] == {"role": "player", "seat": 2}
            assert len(state["game"]["hand"]) == 9
            assert state["table"]["seats"][2]["connected"] is True
            # Exactly what a person at that seat would see, but for the moment it is asked.
            with c.websocket_connect(f"/ws/{t['code']}") as watcher:
                spectator = hello(watcher, None)
            assert spectator["game"]["hand"] == [] and spectator["seq"] == state["seq"]


@pytest.mark.parametrize(("hello_message", "code", "close"), [
    ({"type": "hello", "token": "BOT"}, "auth", 4401),  # a bot token is no seat token
    ({"type": "bot_hello", "bot_version": 1, "token": "SEAT"}, "auth", 4401),
    ({"type": "bot_hello", "bot_version": 1, "token": "nonsense"}, "auth", 4401),
    ({"type": "bot_hello", "bot_version": 2, "token": "BOT"}, "version", None),
    ({"type": "bot_hello", "bot_version": "1", "token": "BOT"}, "bad_message", None),
    ({"type": "bot_hello", "token": "BOT"}, "bad_message", None),
    ({"type": "bot_hello", "bot_version": 1}, "bad_message", None),
    ({"type": "bot_hello", "bot_version": 1, "token": "BOT", "client": "x\u202e"},
     "bad_message", None),
    ({"type": "bot_hello", "bot_version": 1, "token": "BOT", "seat": 1}, "bad_message", None),
])
def test_a_bad_hello_is_refused(db: Path, hello_message: dict[str, Any], code: str,
                                close: int | None) -> None:
    with server(db, bot_timer=60) as c:
        # Seats free for people: the table waits, nothing moves on its own.
        t = create(c, seats=[{"kind": "human"}, {"kind": "remote"}, {"kind": "human"},
                             {"kind": "human"}], seat=0)
        before = c.get(f"/api/tables/{t['code']}").json()
        body = {"v": 2, **hello_message}
        if "token" in body:
            body["token"] = {"BOT": t["bots"][0]["token"], "SEAT": t["token"]}.get(
                body["token"], body["token"])
        with c.websocket_connect(f"/ws/{t['code']}") as ws:
            ws.send_json(body)
            if close is not None:
                refused(ws, code, close)
            else:
                m = receive_json(ws)
                assert (m["type"], m["code"]) == ("error", code), m
                # The socket still waits for a good hello.
                assert bot_hello(ws, t["bots"][0]["token"])["you"]["seat"] == 1
        assert c.get(f"/api/tables/{t['code']}").json() == before


def test_refused_actions_change_nothing(db: Path) -> None:
    with server(db, bot_timer=60) as c:
        t = create(c, seats=ALL_BOTS, seat=None)
        code, tokens = t["code"], [b["token"] for b in t["bots"]]
        with c.websocket_connect(f"/ws/{code}") as ws:
            first = bot_hello(ws, tokens[0])
            mover = first["game"]["to_move"]
        other = (mover + 1) % 4
        with c.websocket_connect(f"/ws/{code}") as bot, \
                c.websocket_connect(f"/ws/{code}") as idle:
            state = bot_hello(bot, tokens[mover])
            bot_hello(idle, tokens[other])
            recv_state(bot)  # the other bot connected
            legal = state["game"]["legal"]
            seq = state["seq"]
            before = snapshot(c, code, None)
            for ws, sent, error in (
                (idle, {**legal[0], "ref": 1}, "not_your_turn"),
                (bot, {**legal[0], "seq": seq - 1 if seq else seq + 1, "ref": 2}, "stale"),
                (bot, {"type": "play", "card": "ZZ", "ref": 3}, "bad_message"),
                (bot, {"type": "forecast", "value": 40, "ref": 4}, "bad_message"),
                (bot, {"type": "rematch", "ref": 5}, "game_not_over"),
                (bot, {"type": "bot_hello", "bot_version": 1, "token": tokens[mover], "ref": 6},
                 "bad_message"),
                (bot, {"type": "action", "seq": -1, "id": legal[0]["id"], "ref": 7},
                 "bad_message"),
            ):
                ws.send_json({"v": 2, **sent})
                m = receive_json(ws)
                assert (m["type"], m["code"], m["ref"]) == ("error", error, sent["ref"]), m
            assert snapshot(c, code, None) == before
            # The answer to the state it was sent is taken, as its seat's own step.
            bot.send_json({"v": 2, **legal[0], "seq": seq})
            after = recv_state(bot)
            assert after["seq"] == seq + 1 or after["game"]["phase"] != state["game"]["phase"]
            if after["seq"] == seq + 1:
                assert after["event"]["by"] == "bot" and after["event"]["seat"] == mover


def test_a_newer_connection_takes_the_seat_over(db: Path) -> None:
    with server(db, bot_timer=60) as c:
        t = create(c, seats=ALL_BOTS, seat=None)
        code, tokens = t["code"], [b["token"] for b in t["bots"]]
        with c.websocket_connect(f"/ws/{code}") as watcher:
            hello(watcher, None)
            with c.websocket_connect(f"/ws/{code}") as old:
                bot_hello(old, tokens[1])
                recv_state(watcher)  # seat 1 connected
                with c.websocket_connect(f"/ws/{code}") as new:
                    state = bot_hello(new, tokens[1])
                    assert state["table"]["seats"][1]["connected"] is True
                    m = receive_json(old)
                    assert (m["type"], m["code"]) == ("error", "replaced"), m
                    with pytest.raises(WebSocketDisconnect) as e:
                        receive_json(old)
                    assert e.value.code == CLOSE_REPLACED
                    # The table saw nothing of it: the seat stayed connected.
                    watcher.send_json({"v": 2, "type": "ping", "ref": "p"})
                    assert receive_json(watcher) == {"v": 2, "type": "pong", "ref": "p"}
                    new.send_json({"v": 2, "type": "ping"})
                    assert receive_json(new)["type"] == "pong"
                info = c.get(f"/api/tables/{code}").json()["table"]
                assert info["seats"][1]["connected"] is False  # the newer one has left


# ---------------------------------------------------------------------------------------------
# The bot timer, the disconnect grace and the stand-in, on a clock the test turns by hand

BOT_TIMER = 10.0
GRACE = 3.0
DELAY = 0.5


class BotTable:
    """A table of four outside bots driven directly, on a manual clock."""

    def __init__(self) -> None:
        self.clock = ManualClock()
        self.lobby = Lobby(Storage(":memory:"), bot_delay=DELAY, seed=3, bot_timer=BOT_TIMER,
                           disconnect_grace=GRACE, storage_thread=False)
        self.lobby.clock = self.clock
        self.streams: list[list[tuple[float, str]]] = [[] for _ in range(5)]

    async def start(self) -> None:
        spec = parse_create(b'{"v": 2, "seats": [{"kind": "remote"}, {"kind": "remote"}, '
                            b'{"kind": "remote"}, {"kind": "remote", "stand_in": "random"}], '
                            b'"seat": null}', self.lobby.bots(), 5.0, self.lobby.stand_in)
        self.table, _seat, _token, self.tokens = await self.lobby.create(spec)
        self.watcher = await self.connect(None)

    @property
    def t(self) -> Table:
        return self.table

    async def connect(self, seat: int | None) -> Client:
        slot = 4 if seat is None else seat
        c = Client(seat, self.clock, self.streams[slot], bot=seat is not None)
        if seat is not None:
            assert hello_seat(self.t, BotHello(self.tokens[seat], 1)) == seat
        async with self.t.lock:
            self.t.connect(c)
        return c

    async def drop(self, c: Client) -> None:
        async with self.t.lock:
            self.t.disconnect(c)

    async def act(self, c: Client, action: int) -> None:
        async with self.t.lock:
            await self.t.handle_action(c, ActionMessage.of_id(action, seq=self.t.seq))

    def events(self, since: int = 0) -> list[dict[str, Any]]:
        """The watcher's events from message ``since`` on."""
        out = []
        for _t, text in self.streams[4][since:]:
            m = message(text)
            if m["type"] == "state" and m["event"]:
                out.append(m["event"])
        return out

    def stored_by(self) -> list[tuple[int, str]]:
        return [(s, by) for s, by in self.lobby.storage.db.execute(
            "SELECT seat, by FROM actions ORDER BY seq")]


def _run(test: Any) -> None:
    async def main() -> None:
        b = BotTable()
        await b.start()
        await test(b)

    asyncio.run(main())


def test_the_stand_in_moves_for_a_bot_that_does_not_answer_in_time() -> None:
    async def test(b: BotTable) -> None:
        game = b.t.game
        assert game is not None
        mover = game.to_move
        bot = await b.connect(mover)
        seq = b.t.seq
        state = message(b.streams[mover][-1][1])
        assert state["game"]["deadline"] == BOT_TIMER and state["game"]["legal"]
        await b.clock.advance(BOT_TIMER - 0.1)
        assert b.t.seq == seq and not b.t.seats[mover].auto  # the table waits
        mark = len(b.streams[4])
        await b.clock.advance(0.2)
        assert b.events(mark) == [{"type": "seat", "seat": mover, "what": "takeover"}]
        assert b.t.seats[mover].auto
        await b.clock.advance(DELAY)
        assert b.t.seq == seq + 1 and b.stored_by()[-1] == (mover, "auto")
        # Its late answer to the state it was sent is refused and changes nothing.
        with pytest.raises(ProtocolError) as e:
            async with b.t.lock:
                await b.t.handle_action(bot, ActionMessage.of_id(
                    state["game"]["legal"][0]["id"], seq=seq))
        assert e.value.code in ("stale", "not_your_turn")
        assert b.t.seq == seq + 1
        # Sending 'back' takes the seat back; the next turn waits for the bot again.
        async with b.t.lock:
            b.t.back(bot)
        assert not b.t.seats[mover].auto
        assert b.events()[-1] == {"type": "seat", "seat": mover, "what": "handback"}

    _run(test)


def test_a_bot_away_at_its_turn_gets_the_grace_then_takes_its_seat_back() -> None:
    async def test(b: BotTable) -> None:
        game = b.t.game
        assert game is not None
        mover = game.to_move
        assert b.t.turns.deadline() == GRACE  # nobody connected: the grace, not the bot timer
        await b.clock.advance(GRACE - 0.1)
        assert b.t.seq == 0
        await b.clock.advance(0.2 + DELAY)
        assert b.t.seq == 1 and b.stored_by() == [(mover, "auto")]
        assert {"type": "seat", "seat": mover, "what": "takeover"} in b.events()
        # The bot connects: the seat is its own again, its turns wait for it.
        bot = await b.connect(mover)
        assert not b.t.seats[mover].auto
        assert b.events()[-1] == {"type": "seat", "seat": mover, "what": "handback"}
        for _ in range(40):  # to its next turn, every other seat played by its stand-in
            if b.t.game is not None and b.t.game.to_move == mover:
                break
            await b.clock.advance(GRACE + DELAY + 0.1)
        game = b.t.game
        assert game is not None and game.to_move == mover and not b.t.seats[mover].auto
        seq = b.t.seq
        await b.clock.advance(BOT_TIMER - 0.1)
        assert b.t.seq == seq
        await b.act(bot, game.legal_actions()[0])
        assert b.stored_by()[-1] == (mover, "bot")
        # Away again, at its turn or not: the table shows it.
        await b.drop(bot)
        assert b.t.summary()["seats"][mover]["connected"] is False
        assert b.events()[-1] == {"type": "seat", "seat": mover, "what": "disconnected"}

    _run(test)


def test_a_replaced_connection_changes_nothing() -> None:
    async def test(b: BotTable) -> None:
        game = b.t.game
        assert game is not None
        mover = game.to_move
        old = await b.connect(mover)
        mark = len(b.streams[4])
        new = await b.connect(mover)
        replaced = [message(x) for _t, x in b.streams[mover] if '"replaced"' in x]
        assert [m["code"] for m in replaced] == ["replaced"]
        assert b.streams[4][mark:] == []  # the others hear nothing of it
        assert b.t.seats[mover].conns == 1 and old.stale and not new.stale
        for attempt in (lambda: b.t.handle_action(old, ActionMessage.of_id(
                game.legal_actions()[0], seq=b.t.seq)),
                lambda: b.t.rematch(old, None)):
            with pytest.raises(ProtocolError) as e:
                async with b.t.lock:
                    await attempt()
            assert e.value.code == "replaced"
        with pytest.raises(ProtocolError):
            b.t.back(old)
        assert b.t.seq == 0 and b.stored_by() == []
        await b.drop(old)  # its socket closing later changes nothing either
        assert b.t.seats[mover].conns == 1 and b.t.summary()["seats"][mover]["connected"]
        await b.act(new, game.legal_actions()[0])
        assert b.stored_by() == [(mover, "bot")]

    _run(test)


def test_bot_seats_survive_a_restart(db: Path) -> None:
    with server(db, bot_timer=60) as c:
        t = create(c, seats=[{"kind": "remote", "stand_in": "random", "strength": 3}]
                   + [{"kind": "bot"}] * 3, seat=None)
        before = c.get(f"/api/tables/{t['code']}").json()["table"]["seats"]
    with server(db, bot_timer=60) as c:
        after = c.get(f"/api/tables/{t['code']}").json()["table"]["seats"]
        assert after == before
        with c.websocket_connect(f"/ws/{t['code']}") as ws:
            assert bot_hello(ws, t["bots"][0]["token"])["you"]["seat"] == 0
    with sqlite3.connect(db) as conn:
        assert conn.execute("SELECT kind, bot, strength FROM seats WHERE code=? AND seat=0",
                            (t["code"],)).fetchone() == ("remote", "random", 3)
