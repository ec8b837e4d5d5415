"""A table driven directly, without sockets, on a clock the test turns by hand.

For tests that compare everything each client of a table receives, message by message and
moment by moment, between two runs of the same deals: every seat's clients and a spectator are
:class:`Client` objects that keep each message with the (manual) time it was sent, people act
through ``Table.handle_action`` like the WebSocket handler does, and computer players (bot seats
and the stand-ins of people) follow the same :class:`Script` as the people, so a run is exactly
repeatable and one decision can be flipped.
"""

from __future__ import annotations

import asyncio
import heapq
import json
import random
from dataclasses import dataclass
from typing import Any

from puur.actions import A_STOECK, A_STOECK_NO, A_WEIS
from puur.observation import Observation
from puur.rules import PRESETS, rules_from_dict, rules_to_dict
from puur.server.lobby import Lobby
from puur.server.messages import ActionMessage
from puur.server.storage import SeatRow, Storage, TableRow, hash_token
from puur.server.tables import Connection, Table
from puur.server.turns import Clock

CODE = "QQQQQQ"


async def settle() -> None:
    """Let every task that can run, run."""
    for _ in range(60):
        await asyncio.sleep(0)


class ManualClock(Clock):
    """Time moves only when the test says so; sleepers wake in order."""

    def __init__(self) -> None:
        self.t = 0.0
        self._sleepers: list[tuple[float, int, asyncio.Future[None]]] = []
        self._n = 0

    def now(self) -> float:
        return self.t

    async def sleep(self, seconds: float) -> None:
        fut: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._n += 1
        heapq.heappush(self._sleepers, (self.t + seconds, self._n, fut))
        await fut

    async def advance(self, seconds: float) -> None:
        """Move time on by ``seconds``, running everything that falls due on the way."""
        end = self.t + seconds
        await settle()
        while self._sleepers and self._sleepers[0][0] <= end:
            when, _n, fut = heapq.heappop(self._sleepers)
            if fut.done():
                continue
            self.t = max(self.t, when)
            fut.set_result(None)
            await settle()
        self.t = end


class Client(Connection):
    """A connection that keeps what it is sent, with the time, in a list shared by every
    connection of the same slot (a seat's clients one after the other, or the spectator)."""

    def __init__(self, seat: int | None, clock: ManualClock, got: list[tuple[float, str]]):
        super().__init__(seat)
        self.clock = clock
        self.got = got

    def send(self, text: str) -> None:
        self.got.append((self.clock.now(), text))

    def close(self) -> None:
        pass


def secret_phase(obs: Observation) -> bool:
    """Whether the seat is asked a secret decision (as its own observation shows it)."""
    return obs.phase == "weis" or (
        obs.phase == "stoeck" and obs.rules.stoeck_announce == "with-weis")


@dataclass
class Script:
    """Every decision of a run, repeatable: cards and contracts from a seeded choice per
    moment of the game, secret decisions declared or quiet by a seeded coin per decision, and
    decision number ``flip`` the other way round."""

    seed: int
    flip: int | None = None
    table: Table | None = None
    secrets: int = 0
    flipped_seat: int | None = None
    flipped_hand: int | None = None
    #: What the flipped decision was (``weis`` or ``stoeck``) and who made it: ``person``, or
    #: ``computer`` (a bot seat or a stand-in).
    flipped_kind: tuple[str, str] | None = None
    caller: str = "person"

    def rng(self, obs: Observation, what: str) -> random.Random:
        assert self.table is not None and self.table.game is not None
        return random.Random(f"{self.seed}:{self.table.game_number}:"
                             f"{len(self.table.game.rounds)}:{len(obs.history)}:{what}")

    def decide(self, obs: Observation) -> int:
        legal = list(obs.legal_actions)
        if not secret_phase(obs):
            return self.rng(obs, obs.phase).choice(legal)
        k = self.secrets
        self.secrets += 1
        declare = random.Random(f"{self.seed}:secret:{k}").random() < 0.5
        if k == self.flip:
            assert self.table is not None and self.table.game is not None
            declare = not declare
            self.flipped_seat = obs.seat
            self.flipped_hand = len(self.table.game.rounds)
            self.flipped_kind = (obs.phase, self.caller)
        if obs.phase == "weis":
            action = A_WEIS + 1 if declare else A_WEIS
        else:
            action = A_STOECK if declare else A_STOECK_NO
        return action


class Scripted:
    """A computer player that follows the script (and thinks at once, in the event loop)."""

    name = "random"

    def __init__(self, script: Script) -> None:
        self.script = script

    def act(self, obs: Observation) -> int:
        self.script.caller = "computer"
        try:
            return self.script.decide(obs)
        finally:
            self.script.caller = "person"


class Run:
    """One table of three people (seat 3 slow now and then) and a computer player (seat 1),
    with a turn timer, played by a :class:`Script` on a manual clock. ``streams[k]`` is every
    message slot ``k`` received (0-3 the seats, 4 a spectator), with its time."""

    PEOPLE = (0, 2, 3)
    SLOW = 3

    def __init__(self, options: dict[str, Any], script: Script, timer: float = 20.0,
                 bot_delay: float = 0.8, churn: bool = True) -> None:
        self.clock = ManualClock()
        # Storage calls at once in the event loop: every step happens at its moment of the
        # test's clock, never at a moment a thread decides.
        self.lobby = Lobby(Storage(":memory:"), bot_delay=bot_delay, seed=script.seed,
                           disconnect_grace=3.0, storage_thread=False)
        self.lobby.clock = self.clock
        self.script = script
        self.timer = timer
        self.churn = churn
        rules = rules_from_dict(options, base=PRESETS["online-1000"])
        seats = [SeatRow(i, "human", None, None, f"P{i}", hash_token(f"token-{i}"))
                 if i in self.PEOPLE else SeatRow(i, "bot", "random", None, "Bot", None)
                 for i in range(4)]
        row = TableRow(CODE, 1.0, "online-1000", rules_to_dict(rules), "swiss", "de", timer,
                       True, None, seats)
        self.lobby.storage.create_table(row)
        self.table = Table(self.lobby, row)
        self.lobby.tables[CODE] = self.table
        script.table = self.table
        for s in self.table.seats:
            s.player = Scripted(script)
        self.streams: list[list[tuple[float, str]]] = [[] for _ in range(5)]
        self.clients: dict[int, Client] = {}
        #: Where in each stream a new connection's first state (the answer to its hello) is.
        self.hellos: list[set[int]] = [set() for _ in range(5)]
        self.rng = random.Random(f"{script.seed}:people")

    async def connect(self, slot: int) -> None:
        seat = slot if slot < 4 else None
        c = Client(seat, self.clock, self.streams[slot])
        self.clients[slot] = c
        async with self.table.lock:
            self.table.connect(c)
        self.hellos[slot].add(len(self.streams[slot]) - 1)

    async def reconnect(self, slot: int) -> None:
        async with self.table.lock:
            self.table.disconnect(self.clients[slot])
        await self.clock.advance(1.0)
        await self.connect(slot)

    async def send(self, seat: int, action: int) -> None:
        async with self.table.lock:
            await self.table.handle_action(self.clients[seat], ActionMessage("scripted", action))

    async def play(self, stop_after_flip: bool = False) -> None:
        """Play the game to its end (``stop_after_flip``: or to the end of the hand in which
        the flipped decision was made)."""
        for slot in (*self.PEOPLE, 4):
            await self.connect(slot)
        async with self.table.lock:
            await self.table.begin()
        t = self.table
        while True:
            await settle()
            game = t.game
            assert game is not None
            if game.is_over:
                return
            hand = self.script.flipped_hand
            if stop_after_flip and hand is not None and len(game.rounds) > hand:
                return
            seat = game.to_move
            s = t.seats[seat]
            if s.kind == "bot":
                await self.clock.advance(self.lobby.bot_delay)
                continue
            obs = game.round.observation(seat)
            r = self.rng.random()
            if s.auto:
                if r < 0.3:
                    async with t.lock:
                        t.back(self.clients[seat])
                elif r < 0.7 and secret_phase(obs):
                    # The person decides while the stand-in plays on.
                    self.script.caller = "person, stand-in playing"
                    action = self.script.decide(obs)
                    self.script.caller = "person"
                    await self.send(seat, action)
                else:
                    await self.clock.advance(self.lobby.bot_delay)
                continue
            slow = seat == self.SLOW and r < 0.2
            await self.clock.advance(self.timer + 1.0 if slow else 0.5)
            if t.game is not game or game.is_over or game.to_move != seat or s.auto:
                continue  # the stand-in took the turn over
            obs = game.round.observation(seat)
            secret = secret_phase(obs)
            await self.send(seat, self.script.decide(obs))
            if secret and self.churn and self.rng.random() < 0.4:
                # Someone else's connection drops and comes back while the decision is the
                # seat's secret.
                await self.reconnect(self.rng.choice([k for k in (*self.PEOPLE, 4)
                                                      if k != seat]))


def run(options: dict[str, Any], seed: int, flip: int | None = None,
        **kwargs: Any) -> tuple[Run, Script]:
    """Play one run (``flip``: stop at the end of the hand of the flipped decision)."""
    script = Script(seed, flip)
    r = Run(options, script, **kwargs)
    asyncio.run(r.play(stop_after_flip=flip is not None))
    return r, script


def message(text: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(text)
    return data
