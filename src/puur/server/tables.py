"""Tables and seats: the server-side game logic of the web app (RULES.md §2 via the engine).

A :class:`Table` owns one :class:`~puur.game.Game` at a time, four seats and the connected
clients. The server alone decides: every action is checked by the engine (``Game.push`` changes
nothing when it refuses), stored in SQLite in its own transaction, and only then sent out, each
client getting the view of its own seat (built once per seat and per change, see
:mod:`puur.server.views`). Computer players fill bot seats and act server-side after a short,
configurable delay. With a turn timer, a computer player stands in for a human seat that lets its
time run out (or, when its player is disconnected, a shorter grace time), and hands the seat back
when its player returns. A :class:`Lobby` holds every table and rebuilds the unfinished ones from
the database after a restart.

Simplification: the game starts only once every human seat is taken; a table with free seats
waits.
"""

from __future__ import annotations

import asyncio
import contextlib
import inspect
import json
import logging
import random
import secrets
import sqlite3
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any, Final

from puur.actions import A_STOECK_NO, A_WEIS
from puur.bots import BOTS, Bot, make_bot
from puur.game import Game
from puur.notation import format_deal, parse_deal
from puur.record import SeatInfo, format_record
from puur.round import IllegalActionError
from puur.rules import PRESETS, RuleError, RuleSet, rules_from_dict, rules_to_dict
from puur.server.messages import (
    PROTOCOL_VERSION,
    ActionMessage,
    CreateTable,
    ProtocolError,
    action_json,
)
from puur.server.storage import SeatRow, Storage, TableRow, hash_token
from puur.server.views import hand_summary, private_view, public_view

__all__ = ["CODE_ALPHABET", "Connection", "Lobby", "Seat", "Table"]

log = logging.getLogger("puur.server")

CODE_ALPHABET: Final = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH: Final = 6
# Bots whose move takes visible time run in a worker thread so other tables keep playing.
_FAST_BOTS: Final = frozenset({"random"})

Event = dict[str, Any] | None
#: Seconds per decision of a searching computer player at strength 1, 2, 3 (kept short: people
#: are waiting at the table).
SEARCH_BUDGET: Final[dict[int, float]] = {1: 0.1, 2: 0.25, 3: 1.0}


def _dumps(data: object) -> str:
    return json.dumps(data, separators=(",", ":"), ensure_ascii=False)


class Connection:
    """One client socket: its role and an outgoing queue drained by the socket's writer."""

    def __init__(self, seat: int | None) -> None:
        self.seat = seat
        self.queue: asyncio.Queue[str | None] = asyncio.Queue()
        #: Counted at its table (between ``Table.connect`` and ``Table.disconnect``).
        self.joined = False

    def send(self, text: str) -> None:
        """Queue a message (never blocks the table)."""
        self.queue.put_nowait(text)

    def send_json(self, data: dict[str, Any]) -> None:
        """Queue a message object."""
        self.send(_dumps(data))

    def close(self) -> None:
        """Stop the writer after what is queued."""
        self.queue.put_nowait(None)


@dataclass
class Seat:
    """One seat: a person's or a computer player's."""

    index: int
    kind: str  # "human" or "bot"
    bot: str | None
    strength: int | None
    name: str
    token_hash: str | None
    conns: int = 0
    auto: bool = False
    player: Bot | None = field(default=None, repr=False)

    @property
    def taken(self) -> bool:
        """A bot seat, or a human seat someone has joined."""
        return self.kind == "bot" or self.token_hash is not None

    def info(self) -> dict[str, Any]:
        """The seat as the table summary lists it."""
        return {
            "seat": self.index, "kind": self.kind, "name": self.name, "taken": self.taken,
            "connected": self.kind == "bot" or self.conns > 0, "auto": self.auto,
            "bot": self.bot, "strength": self.strength,
        }


def _bot(name: str, strength: int | None, seed: int) -> Bot:
    factory = BOTS[name]
    opts: dict[str, object] = {"seed": seed}
    try:
        params = inspect.signature(factory).parameters
    except (TypeError, ValueError):
        params = {}  # type: ignore[assignment]
    if strength is not None and "strength" in params:
        opts["strength"] = strength
    elif strength is not None and "budget" in params:
        opts["budget"] = SEARCH_BUDGET[strength]
    return make_bot(name, **opts)


def new_token() -> str:
    """A fresh secret seat token."""
    return secrets.token_urlsafe(32)


class Table:
    """One table: seats, the game in play, the connected clients."""

    def __init__(self, lobby: Lobby, row: TableRow) -> None:
        self.lobby = lobby
        self.storage = lobby.storage
        self.code = row.code
        self.created = row.created
        self.preset = row.preset
        self.rules: RuleSet = rules_from_dict(row.rules)
        self.rules_dict = rules_to_dict(self.rules)
        self.deck = row.deck
        self.lang = row.lang
        self.turn_timer = row.turn_timer
        self.public = row.public
        self.seats = [
            Seat(s.seat, s.kind, s.bot, s.strength, s.name, s.token_hash) for s in row.seats
        ]
        self.game: Game | None = None
        self.game_id: int | None = None
        self.game_number = 0
        self.seq = 0
        self.games: list[dict[str, Any]] = []
        self.conns: set[Connection] = set()
        self.lock = asyncio.Lock()
        self.task: asyncio.Task[None] | None = None
        self.deadline_at: float | None = None
        self._summary_key: object = None
        self._summary_cache = ""

    # -- facts --------------------------------------------------------------------------------

    @property
    def status(self) -> str:
        """``waiting`` (free seats), ``playing`` or ``over``."""
        if self.game is None:
            return "waiting"
        return "over" if self.game.is_over else "playing"

    def summary(self) -> dict[str, Any]:
        """The table summary of the protocol (no secrets)."""
        return {
            "code": self.code, "created": self.created, "preset": self.preset,
            "rules": self.rules_dict, "deck": self.deck, "lang": self.lang,
            "turn_timer": self.turn_timer, "public": self.public, "status": self.status,
            "seats": [s.info() for s in self.seats],
            "free_seats": [s.index for s in self.seats if not s.taken],
            "spectators": sum(1 for c in self.conns if c.seat is None),
            "game_id": self.game_id, "games": self.games,
        }

    def _summary_text(self) -> str:
        # The summary changes only with seats, connections, spectators and games: encode it
        # again only then, not on every action.
        key = (
            tuple((s.name, s.taken, s.conns > 0, s.auto) for s in self.seats),
            sum(1 for c in self.conns if c.seat is None),
            self.status, self.game_id, tuple(tuple(g["scores"] or ()) for g in self.games[-1:]),
        )
        if key != self._summary_key:
            self._summary_key = key
            self._summary_cache = _dumps(self.summary())
        return self._summary_cache

    def seat_of_token(self, token: str) -> int:
        """The seat a token opens; ``auth`` error when none."""
        h = hash_token(token)
        for s in self.seats:
            if s.token_hash is not None and secrets.compare_digest(s.token_hash, h):
                return s.index
        raise ProtocolError("auth", "this token opens no seat at this table")

    def _deadline(self) -> float | None:
        if self.deadline_at is None:
            return None
        return round(max(0.0, self.deadline_at - time.monotonic()), 1)

    # -- messages -----------------------------------------------------------------------------

    def state_texts(
        self, keys: Iterable[int | None], event: Event | Callable[[int | None], Event]
    ) -> dict[int | None, str]:
        """The ``state`` message text for each view (a seat, or ``None`` for spectators).

        The table summary and the public part of the game are encoded once; each seat's own
        part comes from its own observation. ``event`` is one event for everyone, or a function
        giving each view's event.
        """
        summary = self._summary_text()
        game, gid = self.game, self.game_id
        public: str | None = None
        out: dict[int | None, str] = {}
        events: dict[int, str] = {}  # each distinct event object is encoded once
        for key in keys:
            if key in out:
                continue
            ev = event(key) if callable(event) else event
            ev_text = events.get(id(ev))
            if ev_text is None:
                ev_text = events[id(ev)] = _dumps(ev)
            if game is not None and gid is not None:
                obs = game.round.observation(key if key is not None else 0)
                if public is None:
                    public = _dumps(public_view(game, obs, gid, self._deadline()))
                game_text = public[:-1] + "," + _dumps(private_view(game, obs, key))[1:]
            else:
                game_text = "null"
            you = ('{"role":"spectator","seat":null}' if key is None
                   else f'{{"role":"player","seat":{key}}}')
            out[key] = (
                f'{{"v":{PROTOCOL_VERSION},"type":"state","you":{you},'
                f'"seq":{self.seq},"event":{ev_text},"table":{summary},"game":{game_text}}}'
            )
        return out

    def broadcast(
        self,
        event: Event | Callable[[int | None], Event],
        before: list[dict[str, Any]] | None = None,
    ) -> None:
        """Send every client its state (built once per view), after the ``before`` messages."""
        if not self.conns:
            return
        pre = [_dumps(m) for m in before or ()]
        conns = list(self.conns)
        texts = self.state_texts((c.seat for c in conns), event)
        for conn in conns:
            for p in pre:
                conn.send(p)
            conn.send(texts[conn.seat])

    # -- seats and connections ----------------------------------------------------------------

    def join(self, seat: int | None, name: str) -> tuple[int, str]:
        """Take a free human seat; returns ``(seat, token)``."""
        if seat is None:
            free = [s.index for s in self.seats if not s.taken]
            if not free:
                raise ProtocolError("table_full", f"table {self.code} has no free seat")
            seat = free[0]
        s = self.seats[seat]
        if s.taken:
            raise ProtocolError("seat_taken", f"seat {seat} of table {self.code} is taken")
        token = new_token()
        name = name or f"Player {seat + 1}"
        self.storage.take_seat(self.code, seat, name, hash_token(token))
        s.name = name
        s.token_hash = hash_token(token)
        self.broadcast({"type": "seat", "seat": seat, "what": "joined"})
        if self.game is None and all(x.taken for x in self.seats):
            self.start_game("start")
        return seat, token

    def connect(self, conn: Connection) -> None:
        """A client has said hello: send it the full state, tell the others."""
        event: Event = None
        if conn.seat is not None:
            s = self.seats[conn.seat]
            s.conns += 1
            if s.auto:
                s.auto = False
                event = {"type": "seat", "seat": s.index, "what": "handback"}
            elif s.conns == 1:
                event = {"type": "seat", "seat": s.index, "what": "connected"}
            if event is not None and self.game is not None and self.game.to_move == s.index:
                self.kick()  # the seat's own timer, no stand-in
        if event is not None:
            self.broadcast(event)
        self.conns.add(conn)
        conn.joined = True
        conn.send(self.state_texts([conn.seat], None)[conn.seat])

    def disconnect(self, conn: Connection) -> None:
        """A client socket has closed."""
        if not conn.joined:
            return
        conn.joined = False
        self.conns.discard(conn)
        if conn.seat is None:
            return  # the spectator count is refreshed with the next state
        s = self.seats[conn.seat]
        s.conns -= 1
        if s.conns == 0:
            self.broadcast({"type": "seat", "seat": s.index, "what": "disconnected"})
            if self.game is not None and self.game.to_move == s.index:
                self.kick()

    def _hand_back(self, s: Seat) -> None:
        s.auto = False
        self.kick()
        self.broadcast({"type": "seat", "seat": s.index, "what": "handback"})

    # -- play ---------------------------------------------------------------------------------

    def start_game(self, event_type: str) -> None:
        """Deal a new game at this table (the first one, or a rematch)."""
        seed = self.lobby.rng.getrandbits(62)
        game = Game(self.rules, seed=seed)
        rnd = game.round
        self.game_number += 1
        gid = self.storage.start_game(
            self.code, self.game_number, str(seed), rnd.forehand, format_deal(rnd.initial_hands)
        )
        self.game, self.game_id, self.seq = game, gid, 0
        self.games.append({"id": gid, "number": self.game_number, "finished": False,
                           "winner": None, "reason": None, "scores": [0, 0], "ended": None})
        for s in self.seats:
            s.auto = False
        self.kick()
        self.broadcast({"type": event_type, "game_id": gid})

    def handle_action(self, conn: Connection, msg: ActionMessage) -> None:
        """Check and apply a client's action; a refusal raises :class:`ProtocolError`."""
        if conn.seat is None:
            raise ProtocolError("not_seated", "spectators cannot act", msg.ref)
        game = self.game
        if game is None:
            raise ProtocolError("not_your_turn", "the game has not started: waiting for players",
                                msg.ref)
        if game.is_over:
            raise ProtocolError("game_over", "the game is over; send 'rematch' for a new one",
                                msg.ref)
        if game.to_move != conn.seat:
            raise ProtocolError("not_your_turn", f"seat {game.to_move} is to move, not seat "
                                f"{conn.seat}", msg.ref)
        if not game.round.is_legal(msg.action):
            legal = ", ".join(_describe(a) for a in game.legal_actions())
            raise ProtocolError("illegal", f"{_describe(msg.action)} is not legal now; legal: "
                                f"{legal}", msg.ref)
        s = self.seats[conn.seat]
        if s.auto:
            self._hand_back(s)
        try:
            self.apply(conn.seat, msg.action, "player")
        except sqlite3.Error as e:
            log.error("table %s: cannot store an action: %s", self.code, e)
            raise ProtocolError("server_error", "the action could not be stored; nothing "
                                "changed, try again", msg.ref) from None

    def rematch(self, conn: Connection, ref: str | int | None) -> None:
        """Start the next game once this one is over."""
        if conn.seat is None:
            raise ProtocolError("not_seated", "spectators cannot start a rematch", ref)
        if self.game is None or not self.game.is_over:
            raise ProtocolError("game_not_over", "the game is still running", ref)
        self.start_game("rematch")

    def back(self, conn: Connection) -> None:
        """The player takes the seat back after a timeout."""
        if conn.seat is not None and self.seats[conn.seat].auto:
            self._hand_back(self.seats[conn.seat])

    def apply(self, seat: int, action: int, by: str) -> None:
        """Apply a checked action: engine, database, schedule what follows, tell every client."""
        game = self.game
        assert game is not None and self.game_id is not None
        index = len(game.rounds) - 1
        rnd = game.round
        game.push(action)  # raises IllegalActionError and changes nothing if illegal
        try:
            new_deal = None
            if len(game.rounds) > index + 1:
                nr = game.round
                new_deal = (len(game.rounds), nr.forehand, format_deal(nr.initial_hands))
            finish = None
            if game.is_over:
                a, b = game.scores
                record = format_record(game, self.seat_infos())
                finish = (game.winner, game.end_reason, a, b, record)
            self.storage.add_action(self.game_id, self.seq + 1, index + 1, seat, action, by,
                                    new_deal, finish)
        except BaseException:
            game.pop()
            raise
        self.seq += 1
        before: list[dict[str, Any]] = []
        if rnd.is_over:
            before.append({"v": PROTOCOL_VERSION, "type": "hand_over",
                           **hand_summary(game, index)})
        info = self.games[-1]
        if rnd.is_over:  # the summary's scores move hand by hand
            info["scores"] = list(game.scores)
        if game.is_over:
            info.update(finished=True, winner=game.winner, reason=game.end_reason,
                        ended=time.time())
            before.append({
                "v": PROTOCOL_VERSION, "type": "game_over", "game_id": self.game_id,
                "winner": game.winner, "reason": game.end_reason, "scores": list(game.scores),
                "striche": list(game.striche()), "jasstafel": game.jasstafel().as_dict(),
            })
        public = action_json(action)
        hidden = False
        if public["type"] == "weis":
            if public["option"] == 0:
                hidden = True
            else:
                public = {"type": "weis", "declared": [
                    {"points": m.points, "length": m.length} for m in rnd.declared[seat]]}
        elif action == A_STOECK_NO:
            hidden = True
        own = {"type": "action", "seat": seat, "action": action_json(action), "by": by}
        other = None if hidden else {"type": "action", "seat": seat, "action": public, "by": by}
        self.kick()
        self.broadcast(lambda key: own if key == seat else other, before)

    def seat_infos(self) -> dict[int, SeatInfo]:
        """Who sits where, for the game record."""
        return {
            s.index: SeatInfo("human" if s.kind == "human" else f"bot:{s.bot}", s.name)
            for s in self.seats
        }

    # -- computer players and the timer -------------------------------------------------------

    def kick(self) -> None:
        """Schedule what happens next without a client: a computer move or the turn timer."""
        old = self.task
        if old is not None and old is not asyncio.current_task():
            old.cancel()
        self.task = None
        self.deadline_at = None
        game = self.game
        if game is None or game.is_over:
            return
        s = self.seats[game.to_move]
        if s.kind == "human" and not s.auto:
            if self.turn_timer is None:
                return
            wait = self.turn_timer
            if s.conns == 0:
                wait = min(wait, self.lobby.disconnect_grace)
            self.deadline_at = time.monotonic() + wait
            self.task = asyncio.get_running_loop().create_task(
                self._timeout(self.seq, s.index, wait))
            return
        self.task = asyncio.get_running_loop().create_task(self._bot_move(self.seq))

    async def _timeout(self, seq: int, seat: int, wait: float) -> None:
        await asyncio.sleep(wait)
        async with self.lock:
            game = self.game
            if game is None or self.seq != seq or game.is_over or game.to_move != seat:
                return
            s = self.seats[seat]
            if s.auto:
                return
            s.auto = True
            self.kick()
            self.broadcast({"type": "seat", "seat": s.index, "what": "takeover"})

    async def _bot_move(self, seq: int) -> None:
        delay = self.lobby.bot_delay
        if delay > 0:
            await asyncio.sleep(delay)
        async with self.lock:
            game = self.game
            if game is None or self.seq != seq or game.is_over:
                return
            seat = game.to_move
            s = self.seats[seat]
            if not (s.kind == "bot" or s.auto):
                return
            bot = self._player_for(s)
            obs = game.round.observation(seat)
            if bot.name in _FAST_BOTS:
                action = bot.act(obs)
            else:
                action = await asyncio.to_thread(bot.act, obs)
            if self.game is not game or self.seq != seq:
                return
            if action not in obs.legal_actions:
                log.warning("bot %s chose illegal action %r; playing the first legal one",
                            bot.name, action)
                action = obs.legal_actions[0]
            self.apply(seat, action, "bot" if s.kind == "bot" else "auto")

    def _player_for(self, s: Seat) -> Bot:
        if s.player is None:
            seed = self.lobby.rng.getrandbits(32)
            if s.kind == "bot" and s.bot in BOTS:
                s.player = _bot(s.bot, s.strength, seed)
            else:
                s.player = _bot(self.lobby.stand_in, 2, seed)
        return s.player

    def stop(self) -> None:
        """Cancel pending computer moves and timers (server shutdown)."""
        if self.task is not None:
            self.task.cancel()
            self.task = None
        for c in self.conns:
            c.close()

    # -- restoring ----------------------------------------------------------------------------

    def restore(self) -> None:
        """Rebuild the table's games from the database (after a restart)."""
        self.games = self.storage.games_of(self.code)
        self.game_number = len(self.games)
        row_id = self.storage.db.execute(
            "SELECT game_id FROM tables WHERE code=?", (self.code,)).fetchone()
        gid = row_id[0] if row_id else None
        if gid is None:
            return
        row = self.storage.load_game(gid)
        if row is None:
            return
        deals = [parse_deal(d) for _n, _f, d in row.deals]
        game = Game(self.rules, seed=row.seed, deals=deals)
        for seq, hand_no, seat, action, _by in row.actions:
            if hand_no != len(game.rounds) or seat != game.to_move:
                raise ValueError(f"table {self.code}: stored action {seq} does not fit the game")
            game.push(action)
        self.game, self.game_id, self.seq = game, gid, len(row.actions)


def _describe(action: int) -> str:
    a = action_json(action)
    if a["type"] == "play":
        return str(a["card"])
    if a["type"] == "choose":
        return f"choose {a['contract']}"
    if a["type"] == "weis":
        return "weis quiet" if action == A_WEIS else f"weis {a['option']}"
    if a["type"] == "stoeck":
        return "stoeck" if a["announce"] else "stoeck quiet"
    return str(a["type"])


class Lobby:
    """Every table of the server, its storage and its settings."""

    def __init__(
        self,
        storage: Storage,
        bot_delay: float = 0.8,
        min_timer: float = 5.0,
        seed: int | None = None,
        disconnect_grace: float = 5.0,
    ) -> None:
        self.storage = storage
        #: With a turn timer, seconds a disconnected person's turn waits before the stand-in.
        self.disconnect_grace = disconnect_grace
        #: Seeds of deals and computer players (``seed`` makes them repeatable, for tests).
        self.rng = random.Random(seed) if seed is not None else random.SystemRandom()
        self.bot_delay = bot_delay
        self.min_timer = min_timer
        self.tables: dict[str, Table] = {}
        #: The computer player that stands in for a timed-out or disconnected person.
        self.stand_in = "rules" if "rules" in BOTS else "random"

    @staticmethod
    def bots() -> list[str]:
        """The computer players this server offers."""
        return sorted(BOTS)

    def load(self) -> None:
        """Load every stored table and rebuild its game; a broken one is logged and skipped."""
        for row in self.storage.load_tables():
            try:
                table = Table(self, row)
                table.restore()
            except (ValueError, RuleError, IllegalActionError) as e:
                log.error("table %s cannot be restored: %s", row.code, e)
                continue
            self.tables[row.code] = table

    def resume(self) -> None:
        """Start computer players and timers of every loaded table (needs the event loop)."""
        for table in self.tables.values():
            table.kick()

    def get(self, code: str) -> Table:
        """The table with this code (case-insensitive); ``no_table`` error when none."""
        table = self.tables.get(code.strip().upper())
        if table is None:
            raise ProtocolError("no_table", f"no table with code {code!r}")
        return table

    def _new_code(self) -> str:
        while True:
            code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
            if code not in self.tables and not self.storage.table_exists(code):
                return code

    def create(self, spec: CreateTable) -> tuple[Table, int | None, str | None]:
        """Create a table from a validated request; returns ``(table, seat, token)``."""
        if spec.preset not in PRESETS:
            raise ProtocolError("bad_rules", f"unknown preset {spec.preset!r}; one of "
                                f"{', '.join(PRESETS)}")
        try:
            rules = rules_from_dict(spec.options, base=PRESETS[spec.preset])
        except (RuleError, TypeError, ValueError) as e:
            raise ProtocolError("bad_rules", str(e)) from None
        code = self._new_code()
        token = new_token() if spec.seat is not None else None
        seats = []
        for i, sp in enumerate(spec.seats):
            if sp.kind == "bot":
                seats.append(SeatRow(i, "bot", sp.bot, sp.strength, f"{sp.bot}", None))
            elif i == spec.seat and token is not None:
                seats.append(SeatRow(i, "human", None, None, spec.name, hash_token(token)))
            else:
                seats.append(SeatRow(i, "human", None, None, f"Player {i + 1}", None))
        row = TableRow(code, time.time(), spec.preset, rules_to_dict(rules), spec.deck, spec.lang,
                       spec.turn_timer, spec.public, None, seats)
        self.storage.create_table(row)
        table = Table(self, row)
        self.tables[code] = table
        if all(s.taken for s in table.seats):
            table.start_game("start")
        return table, spec.seat, token

    def open_tables(self) -> list[dict[str, Any]]:
        """Public tables whose game is not over, newest first (at most 100)."""
        out = [t for t in self.tables.values() if t.public and t.status != "over"]
        out.sort(key=lambda t: t.created, reverse=True)
        return [t.summary() for t in out[:100]]

    def close(self) -> None:
        """Stop every table's tasks and close the database."""
        for t in self.tables.values():
            t.stop()
        with contextlib.suppress(Exception):
            self.storage.close()
