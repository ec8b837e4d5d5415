"""Helpers for the web server tests: an app on a temporary database, clients that play.

Every WebSocket receive of these tests goes through :func:`receive_json` (test client) or
:func:`live_receive` (a real socket), which fail the test with a clear message when nothing
comes within :data:`RECEIVE_TIMEOUT` seconds, instead of hanging the whole suite.
"""

from __future__ import annotations

import json
import random
import socket
import threading
import time
import warnings
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

import anyio

with warnings.catch_warnings():
    # Starlette announces a future switch of its test client's HTTP library at import.
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient
    from starlette.websockets import WebSocketDisconnect

from puur.server.app import create_app
from puur.server.cli import make_server
from puur.server.limits import Limits

#: Seconds a test waits for one WebSocket message before it fails.
RECEIVE_TIMEOUT: Final = 10.0


def receive_json(ws: Any, timeout: float = RECEIVE_TIMEOUT) -> Any:
    """The next message of a test-client WebSocket, decoded; ``WebSocketDisconnect`` when the
    server closed the socket, ``AssertionError`` when nothing came within ``timeout`` s."""

    async def next_message() -> Any:
        with anyio.fail_after(timeout):
            # The test client's own receive() waits without a limit; its stream does not.
            return await ws._send_rx.receive()

    try:
        message = ws.portal.call(next_message)
    except TimeoutError:
        raise AssertionError(f"no WebSocket message within {timeout:g} s") from None
    if message["type"] == "websocket.close":
        raise WebSocketDisconnect(message.get("code", 1000), message.get("reason", ""))
    text = message.get("text")
    return json.loads(text if text is not None else message["bytes"])

ALL_HUMANS: list[dict[str, Any]] = [{"kind": "human"}] * 4
ONE_HUMAN: list[dict[str, Any]] = [{"kind": "human"}] + [{"kind": "bot", "bot": "random"}] * 3


@contextmanager
def server(db: Path, **options: Any) -> Iterator[TestClient]:
    """A running app (lifespan included) on the database file ``db``."""
    options.setdefault("bot_delay", 0)
    options.setdefault("seed", 1)
    with TestClient(create_app(db, **options)) as client:
        yield client


def create(client: TestClient, **body: Any) -> dict[str, Any]:
    """Create a table; fails the test unless it was created."""
    r = client.post("/api/tables", json={"v": 2, **body})
    assert r.status_code == 201, r.text
    data: dict[str, Any] = r.json()
    return data


def four_humans(client: TestClient, players: int = 4, **body: Any) -> tuple[str, list[str]]:
    """A table of four people (or ``players``): its code and the seat tokens."""
    t = create(client, seats=[{"kind": "human"}] * players, seat=0, name="Anna", **body)
    tokens = [t["token"]]
    for s in range(1, players):
        r = client.post(f"/api/tables/{t['code']}/join", json={"v": 2, "seat": s})
        assert r.status_code == 200, r.text
        tokens.append(r.json()["token"])
    return t["code"], tokens


def recv_state(ws: Any, seen: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    """Receive messages until a ``state`` arrives (collecting everything in ``seen``)."""
    while True:
        m: dict[str, Any] = receive_json(ws)
        if seen is not None:
            seen.append(m)
        if m["type"] == "state":
            return m


def hello(ws: Any, token: str | None) -> dict[str, Any]:
    """Say hello as a seat (or a spectator) and return the first state."""
    if token is None:
        ws.send_json({"v": 2, "type": "hello", "spectate": True})
    else:
        ws.send_json({"v": 2, "type": "hello", "token": token})
    return recv_state(ws)


def bot_hello(ws: Any, token: str, seen: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    """Say hello as an outside bot; check the welcome and return the first state."""
    ws.send_json({"v": 2, "type": "bot_hello", "bot_version": 1, "token": token})
    welcome = receive_json(ws)
    assert welcome["type"] == "bot_welcome", welcome
    if seen is not None:
        seen.append(welcome)
    return recv_state(ws, seen)


def remote_table(client: TestClient, bots: tuple[int, ...], players: int = 4,
                 **body: Any) -> tuple[str, list[str]]:
    """A table of people and outside bots (at the seats ``bots``): its code and each seat's
    token (a bot token at a bot's seat)."""
    seats = [{"kind": "remote"} if s in bots else {"kind": "human"} for s in range(players)]
    first = next(s for s in range(players) if s not in bots)
    t = create(client, seats=seats, seat=first, name="Anna", **body)
    tokens = {b["seat"]: b["token"] for b in t["bots"]}
    tokens[first] = t["token"]
    for s in range(players):
        if s not in tokens:
            r = client.post(f"/api/tables/{t['code']}/join", json={"v": 2, "seat": s})
            assert r.status_code == 200, r.text
            tokens[s] = r.json()["token"]
    return t["code"], [tokens[s] for s in range(players)]


def snapshot(client: TestClient, code: str, token: str | None) -> dict[str, Any]:
    """A seat's (or, without a token, a spectator's) view from a fresh connection: its ``seq``
    and game, the timer aside."""
    with client.websocket_connect(f"/ws/{code}") as ws:
        state = hello(ws, token)
    game = state["game"]
    if game is not None:
        game["deadline"] = None
    return {"seq": state["seq"], "game": game}


def play_to_end(client: TestClient, t: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """Play the creator's seat of table ``t`` (a ``create`` answer) with random legal actions
    until the game is over; the last state."""
    with client.websocket_connect(f"/ws/{t['code']}") as ws:
        s = hello(ws, t["token"])
        while s["game"]["result"] is None:
            if s["game"]["legal"]:
                ws.send_json({"v": 2, **rng.choice(s["game"]["legal"])})
            s = recv_state(ws)
    return s


def pick(state: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """A random legal action of a state (declaring Weis and Stöck more often than not)."""
    legal: list[dict[str, Any]] = state["game"]["legal"]
    declare = [a for a in legal if a["type"] in ("weis", "stoeck") and (
        a.get("option", 0) > 0 or a.get("announce") is True)]
    if declare and rng.random() < 0.7:
        return rng.choice(declare)
    return rng.choice(legal)


def is_secret(state: dict[str, Any], action: dict[str, Any]) -> bool:
    """Whether ``action`` is a decision the table learns only with the seat's card."""
    return action["type"] == "weis" or (
        action["type"] == "stoeck" and state["table"]["rules"]["stoeck_announce"] == "with-weis")


class FourPlayers:
    """A seat client per seat and one spectator at a table of people (four, or as many as
    ``tokens``), all connected.

    ``seen[k]`` collects every message client ``k`` received (the last, ``spectator``, is the
    spectator).
    """

    def __init__(self, client: TestClient, code: str, tokens: list[str],
                 bots: tuple[int, ...] = ()) -> None:
        self.client = client
        self.code = code
        self.tokens = tokens
        #: The seats of outside bots (their tokens are bot tokens: they say ``bot_hello``).
        self.bots = bots
        self.n = len(tokens)
        self.spectator = self.n
        self.stack = ExitStack()
        self.ws: list[Any] = []
        self.seen: list[list[dict[str, Any]]] = [[] for _ in range(self.n + 1)]
        self.states: list[dict[str, Any]] = []
        #: Clients whose socket is closed (they receive nothing).
        self.off: set[int] = set()

    def __enter__(self) -> FourPlayers:
        for k in range(self.n + 1):
            ws = self.stack.enter_context(self.client.websocket_connect(f"/ws/{self.code}"))
            self.ws.append(ws)
            self.states.append(self._hello(ws, k))
            # Earlier clients hear that this seat connected.
            for j in range(k):
                if k < self.n:
                    self.states[j] = recv_state(self.ws[j], self.seen[j])
        return self

    def __exit__(self, *exc: object) -> None:
        self.stack.close()

    def _hello(self, ws: Any, k: int) -> dict[str, Any]:
        if k in self.bots:
            return bot_hello(ws, self.tokens[k], self.seen[k])
        return hello(ws, self.tokens[k] if k < self.n else None)

    @property
    def game(self) -> dict[str, Any]:
        """The game as seat 0 sees it now."""
        g: dict[str, Any] = self.states[0]["game"]
        return g

    def act(self, seat: int, action: dict[str, Any]) -> None:
        """Send an action and collect the state every client gets after it: only the seat
        itself for a secret decision (Weis, Stöck with the Weis) that does not end the game."""
        self.ws[seat].send_json({"v": 2, **action})
        self.states[seat] = recv_state(self.ws[seat], self.seen[seat])
        if is_secret(self.states[seat], action) and self.states[seat]["game"]["result"] is None:
            return
        self.receive_all_but(seat)

    def receive_all(self) -> None:
        """Every connected client receives its next state."""
        self.receive_all_but(None)

    def receive_all_but(self, seat: int | None) -> None:
        """Every connected client but ``seat``'s receives its next state."""
        for k in range(self.n + 1):
            if k not in self.off and k != seat:
                self.states[k] = recv_state(self.ws[k], self.seen[k])

    def drop(self, k: int) -> None:
        """Close client ``k``'s socket; the others hear of it (a seat, not the spectator)."""
        self.ws[k].close()
        self.off.add(k)
        self.receive_all()

    def rejoin(self, k: int) -> dict[str, Any]:
        """Open a new socket for seat ``k`` with its token; the others hear of it."""
        ws = self.stack.enter_context(self.client.websocket_connect(f"/ws/{self.code}"))
        self.ws[k] = ws
        first = self._hello(ws, k)
        self.off.discard(k)
        for j in range(self.n + 1):
            if j != k and j not in self.off:
                self.states[j] = recv_state(self.ws[j], self.seen[j])
        self.states[k] = first
        return first

    def play(self, rng: random.Random, actions: int | None = None,
             check: Callable[[FourPlayers], None] | None = None) -> None:
        """Play random legal actions (all of them up to the game's end by default)."""
        n = 0
        while self.game["result"] is None and (actions is None or n < actions):
            seat = self.game["to_move"]
            self.act(seat, pick(self.states[seat], rng))
            n += 1
            if check is not None:
                check(self)


# ---------------------------------------------------------------------------------------------
# A real server (uvicorn in a thread, as ``puur serve`` runs it) and real WebSocket clients


@dataclass
class Live:
    """A running server: its base URLs and its app (to look at the server's own state)."""

    http: str
    ws: str
    app: Any

    def call(self, fn: Callable[[], Any]) -> Any:
        """Run ``fn`` on the server's event loop and return its result."""
        result: list[Any] = []
        done = threading.Event()

        def run() -> None:
            try:
                result.append(fn())
            finally:
                done.set()

        self.app.state.loop.call_soon_threadsafe(run)
        assert done.wait(RECEIVE_TIMEOUT), "the server's event loop did not answer"
        return result[0] if result else None


@contextmanager
def live_server(db: Path, limits: Limits | None = None, sndbuf: int | None = None,
                **options: Any) -> Iterator[Live]:
    """``puur serve``'s uvicorn server on a free loopback port, in a thread, with its logs
    going to the root logger (``caplog`` sees them). ``sndbuf``: the system's send buffer of
    each connection, in bytes (small: the server's writes to a client that does not read
    soon cannot go on)."""
    import asyncio

    options.setdefault("bot_delay", 0)
    options.setdefault("seed", 1)
    limits = limits or Limits()
    app = create_app(db, limits=limits, **options)
    sock = socket.socket()
    if sndbuf is not None:  # accepted connections inherit it
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, sndbuf)
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    server = make_server(app, limits, log_level="info", configure_logging=False)

    async def main() -> None:
        app.state.loop = asyncio.get_running_loop()
        await server.serve(sockets=[sock])

    thread = threading.Thread(target=lambda: asyncio.run(main()), daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        assert thread.is_alive() and time.monotonic() < deadline, "the server did not start"
        time.sleep(0.02)
    try:
        yield Live(f"http://127.0.0.1:{port}", f"ws://127.0.0.1:{port}", app)
    finally:
        server.should_exit = True
        thread.join(timeout=10)
        sock.close()


def live_request(live: Live, method: str, path: str, body: Any = None) -> tuple[int, Any]:
    """An HTTP request to a live server: ``(status, decoded JSON answer)``."""
    import urllib.error
    import urllib.request

    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(live.http + path, data=data, method=method)
    try:
        with urllib.request.urlopen(req, timeout=RECEIVE_TIMEOUT) as r:
            return r.status, json.loads(r.read())
    except urllib.error.HTTPError as e:
        with e:
            return e.code, json.loads(e.read())


def live_four_humans(live: Live) -> tuple[str, list[str]]:
    """A table of four people on a live server: its code and the four seat tokens."""
    status, t = live_request(live, "POST", "/api/tables",
                             {"v": 2, "seats": ALL_HUMANS, "seat": 0, "name": "Anna"})
    assert status == 201, t
    tokens = [t["token"]]
    for s in (1, 2, 3):
        status, j = live_request(live, "POST", f"/api/tables/{t['code']}/join",
                                 {"v": 2, "seat": s})
        assert status == 200, j
        tokens.append(j["token"])
    return t["code"], tokens


@contextmanager
def live_socket(live: Live, code: str, **options: Any) -> Iterator[Any]:
    """A real WebSocket client (``websockets.sync``) on ``/ws/{code}``."""
    from websockets.sync.client import connect

    with connect(f"{live.ws}/ws/{code}", open_timeout=RECEIVE_TIMEOUT, close_timeout=2,
                 **options) as ws:
        yield ws


def live_receive(ws: Any, timeout: float = RECEIVE_TIMEOUT) -> Any:
    """The next message of a real WebSocket client (``websockets.sync``), decoded; fails the
    test when nothing came within ``timeout`` s."""
    try:
        raw = ws.recv(timeout=timeout)
    except TimeoutError:
        raise AssertionError(f"no WebSocket message within {timeout:g} s") from None
    return json.loads(raw)
