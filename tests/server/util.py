"""Helpers for the web server tests: an app on a temporary database, clients that play."""

from __future__ import annotations

import random
import warnings
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any

with warnings.catch_warnings():
    # Starlette announces a future switch of its test client's HTTP library at import.
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from puur.server.app import create_app

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
    r = client.post("/api/tables", json={"v": 1, **body})
    assert r.status_code == 201, r.text
    data: dict[str, Any] = r.json()
    return data


def four_humans(client: TestClient, **body: Any) -> tuple[str, list[str]]:
    """A table of four people: its code and the four seat tokens."""
    t = create(client, seats=ALL_HUMANS, seat=0, name="Anna", **body)
    tokens = [t["token"]]
    for s in (1, 2, 3):
        r = client.post(f"/api/tables/{t['code']}/join", json={"v": 1, "seat": s})
        assert r.status_code == 200, r.text
        tokens.append(r.json()["token"])
    return t["code"], tokens


def recv_state(ws: Any, seen: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    """Receive messages until a ``state`` arrives (collecting everything in ``seen``)."""
    while True:
        m: dict[str, Any] = ws.receive_json()
        if seen is not None:
            seen.append(m)
        if m["type"] == "state":
            return m


def hello(ws: Any, token: str | None) -> dict[str, Any]:
    """Say hello as a seat (or a spectator) and return the first state."""
    if token is None:
        ws.send_json({"v": 1, "type": "hello", "spectate": True})
    else:
        ws.send_json({"v": 1, "type": "hello", "token": token})
    return recv_state(ws)


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
    """Four seat clients and one spectator at a table of four people, all connected.

    ``seen[k]`` collects every message client ``k`` received (4 is the spectator).
    """

    def __init__(self, client: TestClient, code: str, tokens: list[str]) -> None:
        self.client = client
        self.code = code
        self.tokens = tokens
        self.stack = ExitStack()
        self.ws: list[Any] = []
        self.seen: list[list[dict[str, Any]]] = [[] for _ in range(5)]
        self.states: list[dict[str, Any]] = []
        #: Clients whose socket is closed (they receive nothing).
        self.off: set[int] = set()

    def __enter__(self) -> FourPlayers:
        for k in range(5):
            ws = self.stack.enter_context(self.client.websocket_connect(f"/ws/{self.code}"))
            self.ws.append(ws)
            self.states.append(hello(ws, self.tokens[k] if k < 4 else None))
            # Earlier clients hear that this seat connected.
            for j in range(k):
                if k < 4:
                    self.states[j] = recv_state(self.ws[j], self.seen[j])
        return self

    def __exit__(self, *exc: object) -> None:
        self.stack.close()

    @property
    def game(self) -> dict[str, Any]:
        """The game as seat 0 sees it now."""
        g: dict[str, Any] = self.states[0]["game"]
        return g

    def act(self, seat: int, action: dict[str, Any]) -> None:
        """Send an action and collect the state every client gets after it: only the seat
        itself for a secret decision (Weis, Stöck with the Weis) that does not end the game."""
        self.ws[seat].send_json({"v": 1, **action})
        self.states[seat] = recv_state(self.ws[seat], self.seen[seat])
        if is_secret(self.states[seat], action) and self.states[seat]["game"]["result"] is None:
            return
        self.receive_all_but(seat)

    def receive_all(self) -> None:
        """Every connected client receives its next state."""
        self.receive_all_but(None)

    def receive_all_but(self, seat: int | None) -> None:
        """Every connected client but ``seat``'s receives its next state."""
        for k in range(5):
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
        first = hello(ws, self.tokens[k])
        self.off.discard(k)
        for j in range(5):
            if j != k:
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
