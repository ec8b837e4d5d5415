"""A table of any variant driven directly, without sockets, on a clock the test turns by hand.

For tests that compare everything each client of a table receives, message by message and
moment by moment, between two runs of the same deals: every seat's clients and a spectator are
:class:`Client` objects that keep each message with the (manual) time it was sent, people act
through ``Table.handle_action`` like the WebSocket handler does, and computer players (bot seats
and the stand-ins of people) follow the same :class:`Script` as the people, so a run is exactly
repeatable and one hidden decision can be flipped: a secret one (a Weis, Stöck with the Weis:
declared or quiet) or one whose content the rules hide (a hidden forecast: another value).
"""

from __future__ import annotations

import asyncio
import heapq
import json
import random
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from puur.server.lobby import Lobby
from puur.server.messages import ActionMessage
from puur.server.storage import SeatRow, Storage, TableRow, hash_token
from puur.server.tables import Connection, Table
from puur.server.turns import Clock
from puur.variants import get

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


#: Called with the receiving seat (``None``: the spectator) and each message, as it is sent.
Watcher = Callable[[int | None, str], None]


class Client(Connection):
    """A connection that keeps what it is sent, with the time, in a list shared by every
    connection of the same slot (a seat's clients one after the other, or the spectator)."""

    def __init__(self, seat: int | None, clock: ManualClock, got: list[tuple[float, str]],
                 watch: Watcher | None = None, bot: bool = False):
        super().__init__(seat, bot)
        self.clock = clock
        self.got = got
        self.watch = watch

    def send(self, text: str) -> None:
        self.got.append((self.clock.now(), text))
        if self.watch is not None:
            self.watch(self.seat, text)

    def close(self) -> None:
        pass


def secret_phase(obs: Any) -> bool:
    """Whether the seat is asked a secret decision (as its own observation shows it): a Weis,
    Stöck with the Weis, or the Strafpunktjass's declaration of the bare penalty card."""
    return obs.phase in ("weis", "bare_card") or (
        obs.phase == "stoeck" and obs.rules.stoeck_announce == "with-weis")


def hidden_phase(table: Table, obs: Any) -> bool:
    """Whether the seat is asked a decision whose content the rules hide from the others."""
    return bool(obs.legal_actions) and all(
        table.variant.hides_action(table.rules, a) for a in obs.legal_actions)


@dataclass
class Script:
    """Every decision of a run, repeatable: cards, contracts and rows from a seeded choice per
    moment of the game, secret decisions declared or quiet by a seeded coin per decision,
    hidden forecasts by a seeded choice, and hidden decision number ``flip`` the other way
    round (the other answer of a secret one, another value of a hidden one)."""

    seed: int
    flip: int | None = None
    table: Table | None = None
    secrets: int = 0
    flipped_seat: int | None = None
    flipped_hand: int | None = None
    #: What the flipped decision was (``weis``, ``stoeck`` or the hidden kind, e.g.
    #: ``forecast``) and who made it: ``person``, or ``computer`` (a bot seat or a stand-in).
    flipped_kind: tuple[str, str] | None = None
    caller: str = "person"
    #: Every hidden decision of the run: (number, seat, kind, caller, hand).
    decisions: list[tuple[int, int, str, str, int]] = field(default_factory=list)

    def rng(self, obs: Any, what: str) -> random.Random:
        assert self.table is not None and self.table.game is not None
        game: Any = self.table.game
        if obs.phase not in ("play", "choose"):
            what = f"{what}:{obs.seat}"  # every seat decides before the first card (forecasts)
        return random.Random(f"{self.seed}:{self.table.game_number}:{len(game.rounds)}:"
                             f"{len(obs.history)}:{what}")

    def decide(self, obs: Any) -> int:
        legal = sorted(obs.legal_actions)
        assert self.table is not None and self.table.game is not None
        hidden = hidden_phase(self.table, obs)
        if not secret_phase(obs) and not hidden:
            return self.rng(obs, obs.phase).choice(legal)
        k = self.secrets
        self.secrets += 1
        game: Any = self.table.game
        kind = obs.phase
        self.decisions.append((k, obs.seat, kind, self.caller, len(game.rounds)))
        flipped = k == self.flip
        if flipped:
            self.flipped_seat = obs.seat
            self.flipped_hand = len(game.rounds)
            self.flipped_kind = (kind, self.caller)
        if hidden:
            i = random.Random(f"{self.seed}:hidden:{k}").randrange(len(legal))
            if flipped:
                i = (i + 1 + random.Random(f"{self.seed}:other:{k}").randrange(
                    len(legal) - 1)) % len(legal)
            return legal[i]
        declare = random.Random(f"{self.seed}:secret:{k}").random() < 0.5
        if flipped:
            declare = not declare
        # Weis: quiet is the lowest id, the best split the next; Stöck: announce, then quiet.
        if obs.phase == "weis":
            return legal[1] if declare else legal[0]
        return legal[0] if declare else legal[1]


class Scripted:
    """A computer player that follows the script (and thinks at once, in the event loop)."""

    name = "random"

    def __init__(self, script: Script) -> None:
        self.script = script

    def act(self, obs: Any) -> int:
        self.script.caller = "computer"
        try:
            return self.script.decide(obs)
        finally:
            self.script.caller = "person"


class Run:
    """One table of people (the last of them slow now and then) and a computer player (seat 1),
    with a turn timer, played by a :class:`Script` on a manual clock. ``streams[k]`` is every
    message slot ``k`` received (the seats, then a spectator as the last slot), with its time.
    ``watch`` sees every message as it is sent. The seats in ``remote`` are outside bots'
    (:mod:`puur.server.remote`): played like the people's, through bot connections, with the
    turn timer as their bot timer."""

    BOT = 1

    def __init__(self, options: dict[str, Any], script: Script, timer: float = 20.0,
                 bot_delay: float = 0.8, churn: bool = True, variant: str = "schieber",
                 preset: str | None = None, watch: Watcher | None = None,
                 remote: tuple[int, ...] = ()) -> None:
        self.clock = ManualClock()
        # Storage calls at once in the event loop: every step happens at its moment of the
        # test's clock, never at a moment a thread decides.
        self.lobby = Lobby(Storage(":memory:"), bot_delay=bot_delay, seed=script.seed,
                           disconnect_grace=3.0, storage_thread=False, bot_timer=timer)
        self.remote = remote
        self.lobby.clock = self.clock
        self.script = script
        self.timer = timer
        self.churn = churn
        self.watch = watch
        v = get(variant)
        preset = preset or ("online-1000" if v.key == "schieber" else next(iter(v.presets)))
        rules = v.rules_from_dict({**options, "preset": preset})
        n = v.num_seats(rules)
        self.seats = n
        self.people = tuple(s for s in range(n) if s != self.BOT)
        self.slow = self.people[-1]
        self.spectator = n
        seats = [SeatRow(i, "remote" if i in remote else "human", "random" if i in remote
                         else None, None, f"P{i}", hash_token(f"token-{i}"))
                 if i in self.people else SeatRow(i, "bot", "random", None, "Bot", None)
                 for i in range(n)]
        row = TableRow(CODE, 1.0, preset, v.rules_to_dict(rules), "swiss", "de", timer,
                       True, None, seats, v.key)
        self.lobby.storage.create_table(row)
        self.table = Table(self.lobby, row)
        self.lobby.tables[CODE] = self.table
        script.table = self.table
        for s in self.table.seats:
            s.player = Scripted(script)
        self.streams: list[list[tuple[float, str]]] = [[] for _ in range(n + 1)]
        self.clients: dict[int, Client] = {}
        #: Where in each stream a new connection's first state (the answer to its hello) is.
        self.hellos: list[set[int]] = [set() for _ in range(n + 1)]
        self.rng = random.Random(f"{script.seed}:people")

    @property
    def others(self) -> tuple[int, ...]:
        """The slots of the people and the spectator."""
        return (*self.people, self.spectator)

    async def connect(self, slot: int) -> None:
        seat = slot if slot < self.seats else None
        c = Client(seat, self.clock, self.streams[slot], self.watch, bot=seat in self.remote)
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
            await self.table.handle_action(self.clients[seat], ActionMessage.of_id(action))

    async def play(self, stop_after_flip: bool = False, hands: int | None = None) -> None:
        """Play the game to its end (``stop_after_flip``: or to the end of the hand in which
        the flipped decision was made; ``hands``: or once that many hands are over and at least
        36 cards, actions 0-35, were played in them)."""
        for slot in self.others:
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
            if hands is not None and len(game.rounds) > hands and sum(
                    a < 36 for h in game.rounds[:-1] for a in h.actions) >= 36:
                return  # that many hands and a deck's worth of cards (hands can be declined)
            seat = game.to_move
            s = t.seats[seat]
            if s.kind == "bot":
                await self.clock.advance(self.lobby.bot_delay)
                continue
            obs = game.observation(seat)
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
            slow = seat == self.slow and r < 0.2
            await self.clock.advance(self.timer + 1.0 if slow else 0.5)
            if t.game is not game or game.is_over or game.to_move != seat or s.auto:
                continue  # the stand-in took the turn over
            obs = game.observation(seat)
            secret = secret_phase(obs)
            await self.send(seat, self.script.decide(obs))
            if secret and self.churn and self.rng.random() < 0.4:
                # Someone else's connection drops and comes back while the decision is the
                # seat's secret.
                await self.reconnect(self.rng.choice([k for k in self.others if k != seat]))


def run(options: dict[str, Any], seed: int, flip: int | None = None, hands: int | None = None,
        **kwargs: Any) -> tuple[Run, Script]:
    """Play one run (``flip``: stop at the end of the hand of the flipped decision;
    ``hands``: at the end of that many hands)."""
    script = Script(seed, flip)
    r = Run(options, script, **kwargs)
    asyncio.run(r.play(stop_after_flip=flip is not None, hands=hands))
    return r, script


def message(text: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(text)
    return data


#: A finished game's ``ended`` is the wall clock's, not the table's.
ENDED = re.compile(r'"ended":[0-9.]+')
#: What it is replaced with (the text stays JSON, whatever key follows it).
NO_END = '"ended":0'
#: What a declared Weis or an announced Stöck changes in a state once the table learns of it.
ANNOUNCEMENT = ("weis_announced", "weis_shown", "weis_seat", "stoeck_seat", "credited",
                "scores", "jasstafel", "sides", "places", "panel")


def without_hellos(r: Run, slot: int) -> list[tuple[float, str]]:
    """What ``slot`` received but the states answering its own (re)connections."""
    return [m for n, m in enumerate(r.streams[slot]) if n not in r.hellos[slot]]


def first_difference(a: list[tuple[float, str]], b: list[tuple[float, str]]) -> int:
    """Where two streams first differ (in a message or its moment)."""
    for i, ((ta, xa), (tb, xb)) in enumerate(zip(a, b, strict=False)):
        if ta != tb or ENDED.sub(NO_END, xa) != ENDED.sub(NO_END, xb):
            return i
    return min(len(a), len(b))


def without_announcement(text: str) -> dict[str, Any]:
    """A message without what a Weis or Stöck announcement changes."""
    m = message(ENDED.sub(NO_END, text))
    if m.get("event"):
        m["event"].pop("with", None)
    for key in ANNOUNCEMENT:
        (m.get("game") or {}).pop(key, None)
    return m


def _acts(text: str, seat: int) -> bool:
    """Whether the state message ``text`` tells an action of ``seat``."""
    ev = message(text).get("event")
    return ev is not None and ev["type"] == "action" and ev["seat"] == seat


def flip_shows(base: Run, other: Run, flipped: Script) -> set[int]:
    """Check that the hidden decision ``flipped`` changed in run ``other`` reaches no client but
    its own seat's before the rules make it public, and return the slots it then reached.

    Message for message and moment for moment the streams are the same up to that point: for a
    secret decision the deciding seat's step that makes it public (its card, or a Stöck that
    ends the game, with the hand's summary before it if it ends a hand), and from there to the
    end of the hand only the announcement differs; for hidden content (a forecast) the end of
    its hand, or (a discard, which changes what the seat holds) that seat's own later card. A
    flipped run stops at the end of that hand. The states that answer a client's own
    reconnection are left out of the comparison: the runs reconnect clients at moments drawn
    from their own random numbers, which a flipped decision (a discard that gives its seat
    another Weis to decide) shifts; what a reconnection is sent is checked by the watch."""
    x = flipped.flipped_seat
    assert x is not None and flipped.flipped_kind is not None
    kind = flipped.flipped_kind[0]
    # A hand that takes a Weis in later tricks too (rising from one to the next) asks the seat
    # other questions once its Weis is known: compare up to the seat's next action.
    game: Any = base.table.game
    later = game is not None and getattr(type(game.round), "WEIS_TRICKS", 1) > 1
    shown: set[int] = set()
    for slot in other.others:
        if slot == x:
            continue
        a, b = without_hellos(base, slot), without_hellos(other, slot)
        i = first_difference(a, b)
        if i == len(b):
            continue  # nothing changed: a stand-in's decision that its person replaced
        shown.add(slot)
        if kind not in ("weis", "stoeck"):
            ends = [j for j, (_t, text) in enumerate(a) if message(text)["type"] == "hand_over"
                    and message(text)["hand_no"] == flipped.flipped_hand]
            if not (ends and i >= ends[0]):
                # Hidden content that changes what its seat holds (a discard face down) first
                # shows in that seat's own later play, never in anything before it.
                for stream in (a, b):
                    step = message(stream[i][1]).get("event")
                    assert step is not None and step["type"] == "action", (flipped.flip, slot, i)
                    assert step["seat"] == x and step["action"]["type"] == "play", (
                        flipped.flip, slot, i, ends)
            continue
        for stream in (a, b):
            j = next(j for j in range(i, len(stream))
                     if message(stream[j][1])["type"] == "state")
            step = message(stream[j][1])["event"]
            assert step is not None and step["type"] == "action", (flipped.flip, slot, step)
            assert step["seat"] == x, (flipped.flip, slot, step)
            assert all(stream[n][0] == a[i][0] for n in range(i, j + 1))
        for k, ((ta, xa), (tb, xb)) in enumerate(zip(a[i:], b[i:], strict=False)):
            if message(xa)["type"] != "state" or message(xb)["type"] != "state":
                break
            if later and k and (_acts(xa, x) or _acts(xb, x)):
                break  # the seat's later (secret) Weis questions follow from its Weis
            assert ta == tb
            assert without_announcement(xa) == without_announcement(xb), (flipped.flip, slot)
    return shown
