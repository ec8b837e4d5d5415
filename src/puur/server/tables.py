"""Tables: the server-side game logic of the web app, for every variant of :mod:`puur.variants`.

A :class:`Table` plays one variant under one rule set: it owns one game of that variant at a
time (a :class:`~puur.variants.VariantGame`), one seat per player and the connected clients. The
server alone decides: every action is found in the variant's action space, checked by the
engine, stored in SQLite, and only then sent out, each client getting the view of its own seat
(built from that seat's observation, see :mod:`puur.server.views`); nothing here names a
variant. What a table sends is built by :mod:`puur.server.broadcast`; computer players and the
turn timer are scheduled by :mod:`puur.server.turns`; seats played by outside programs are
described in :mod:`puur.server.remote`; the tables of a server are held by
:mod:`puur.server.lobby`.

**What is sent to whom.** Every step the table sees (a card, a contract, a push, a forecast, a
row, a seat event) goes to every client as a ``state``; an action whose content the rules hide
(a hidden forecast) is told to the others without it. A secret decision (a Weis, Stöck with
the Weis: :func:`~puur.server.views.is_secret`) goes to the deciding seat's own clients only;
the others get nothing at all for it, not even an unchanged state, and ``seq`` counts only the
steps the table sees. They learn a declared Weis or an announced Stöck with that seat's card
(the card's event lists it under ``with``), and nothing of a seat that kept quiet.

**Storing.** An action counts once it is stored. The engine applies it to compute what is
stored with it (the next deal, the finished game's record) and takes it back at once; the write
then waits in the storage thread (:mod:`puur.server.worker`) under the table lock, and only
once the database has taken it is the action applied for good and sent out. So memory and
database never disagree, whoever looks at the table meanwhile, and a retry cannot apply
anything twice. A person whose action is refused gets a
``storage_error`` and may send it again; computer players and game starts are tried again by
the scheduler.

Simplification: the game starts only once every human seat is taken; a table with free seats
waits.
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
import secrets
import sqlite3
import time
from typing import TYPE_CHECKING, Any, cast

from puur.fairness import commitment, new_seed
from puur.record import SeatInfo, format_record
from puur.server.broadcast import TableMessages
from puur.server.messages import ActionMessage, ProtocolError
from puur.server.names import loaded_names, record_name, renames_for, stored_name_error
from puur.server.protocol import Event, GameEvent
from puur.server.remote import REMOTE, replace_older
from puur.server.restore import DamagedTable
from puur.server.seats import Connection, Seat, new_token
from puur.server.storage import ActionRow, Finish, StorageUnavailable, TableRow, hash_token
from puur.server.turns import Turns
from puur.server.views import (
    action_events,
    describe_action,
    is_secret,
    step_summaries,
    withheld,
)
from puur.variants import VariantGame, get
from puur.variants.json_actions import ActionError, action_data, find_action

if TYPE_CHECKING:
    from puur.server.lobby import Lobby

__all__ = ["Connection", "Seat", "Table", "new_token"]

log = logging.getLogger("puur.server")


def _named_as(kind: str) -> str:
    """The kind a seat is named as: an outside bot as a computer player."""
    return "bot" if kind == REMOTE else kind


class Table(TableMessages):
    """One table: seats, the game in play, the connected clients."""

    def __init__(self, lobby: Lobby, row: TableRow) -> None:
        self.lobby = lobby
        self.storage = lobby.storage
        self.code = row.code
        self.created = row.created
        self.preset = row.preset
        self.variant = get(row.variant)
        rules = self.variant.rules_from_dict(row.rules)
        players = self.variant.num_seats(rules)
        if len(row.seats) != players:
            raise DamagedTable(f"it has {len(row.seats)} seats for a {self.variant.name} of "
                               f"{players} players")
        preset = self.variant.presets.get(row.preset, self.variant.default_rules())
        names = loaded_names(row.code, rules.name, preset.name,
                             [(_named_as(s.kind), s.bot, s.name) for s in row.seats])
        for whose, name in names.refused:  # shown as their default, kept as stored
            log.warning("table %s: %s has a stored name that %s (%s); it is shown with its "
                        "default name and kept as it is in the database", self.code, whose,
                        stored_name_error(name), ascii(name)[:60])
        self.rules: Any = dataclasses.replace(rules, name=names.rules_name)
        self.rules_dict = self.variant.rules_to_dict(self.rules)
        #: The number of sides (teams, or players alone) of a game at this table.
        self.num_sides = len(set(self.variant.new_game(self.rules, seed=0).sides))
        self.deck = row.deck
        self.lang = row.lang
        self.turn_timer = row.turn_timer
        self.public = row.public
        self.seats = [
            Seat(s.seat, s.kind, s.bot, s.strength, name, s.token_hash)
            for s, name in zip(row.seats, names.seats, strict=True)
        ]
        #: Computer players stored under their bot type (:meth:`name_legacy_bots`).
        self._legacy = names.legacy
        self.game: VariantGame | None = None
        self.game_id: int | None = None
        self.game_number = 0
        #: Actions of the current game stored so far.
        self.moves = 0
        #: Steps of the current game the table has seen: ``seq`` of the protocol.
        self.seq = 0
        self.games: list[dict[str, Any]] = []
        self.conns: set[Connection] = set()
        self.lock = asyncio.Lock()
        self.turns = Turns(self)
        self._summary_key = None
        self._summary_cache = ""

    # -- facts --------------------------------------------------------------------------------

    def seat_of_token(self, token: str) -> int:
        """The seat a token opens; ``auth`` error when none."""
        h = hash_token(token)
        for s in self.seats:
            if s.token_hash is not None and secrets.compare_digest(s.token_hash, h):
                return s.index
        raise ProtocolError("auth", "this token opens no seat at this table")

    def seat_infos(self) -> dict[int, SeatInfo]:
        """Who sits where, for the game record (a person without a name as ``Player N``)."""
        return {
            s.index: SeatInfo("human", record_name(s.name, s.index)) if s.kind == "human"
            else SeatInfo(f"bot:{s.bot if s.kind == 'bot' else REMOTE}", s.name or "")
            for s in self.seats
        }

    # -- seats and connections ----------------------------------------------------------------

    async def join(self, seat: int | None, name: str | None) -> tuple[int, str]:
        """Take a free human seat under ``name`` (``None``: none); returns ``(seat, token)``.
        Called under the table lock."""
        if seat is None:
            free = [s.index for s in self.seats if not s.taken]
            if not free:
                raise ProtocolError("table_full", f"table {self.code} has no free seat")
            seat = free[0]
        if seat >= len(self.seats):
            raise ProtocolError("bad_message", f"table {self.code} has the seats 0.."
                                f"{len(self.seats) - 1}, not {seat}")
        s = self.seats[seat]
        if s.taken:
            raise ProtocolError("seat_taken", f"seat {seat} of table {self.code} is taken")
        token = new_token()
        renames = renames_for(self.code, [(_named_as(x.kind), x.name) for x in self.seats], name,
                              [x.name for x in self.seats if x.kind == "human" and x.name])
        try:
            await self.lobby.worker.run(lambda: self.storage.take_seat(
                self.code, seat, name or "", hash_token(token), renames))
        except sqlite3.Error as e:
            log.error("table %s: cannot store a joining player: %s", self.code, e)
            raise StorageUnavailable.refused("your seat", e) from None
        s.name = name
        s.token_hash = hash_token(token)
        for i, n in renames:
            self.seats[i].name = n
        self.broadcast({"type": "seat", "seat": seat, "what": "joined"})
        await self.begin()
        return seat, token

    def name_legacy_bots(self) -> None:
        """Store the names of computer players that were stored under their bot type (tables
        stored before they had names); best effort, the next start tries again."""
        renames = [(i, self.seats[i].name or "") for i in self._legacy]
        if renames:
            try:
                self.storage.rename_seats(self.code, renames)
            except sqlite3.Error as e:
                log.warning("table %s: cannot store computer players' names: %s", self.code, e)
            else:
                self._legacy = []

    def connect(self, conn: Connection) -> None:
        """A client has said hello: send it the full state, tell the others. An outside bot's
        connection takes its seat from the one that had it (:func:`replace_older`)."""
        event: Event | None = None
        if conn.seat is not None:
            s = self.seats[conn.seat]
            replaced = replace_older(self, conn) if conn.bot else 0
            s.conns += 1
            if s.auto:
                s.auto = False
                event = {"type": "seat", "seat": s.index, "what": "handback"}
            elif s.conns == 1 and not replaced:
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

    async def begin(self) -> None:
        """Start the first game now if every seat is taken (under the table lock); while the
        database refuses it, it is tried again later (:meth:`begin_soon`)."""
        if self.game is None and all(s.taken for s in self.seats):
            await self.turns.attempt(lambda: self.start_game("start"), "the new game",
                                     self.begin_soon)

    def begin_soon(self) -> None:
        """:meth:`begin` in a task of its own (after a restart, and to try again)."""
        if self.game is None and all(s.taken for s in self.seats):
            self.turns.schedule(self._begin_locked())

    async def _begin_locked(self) -> None:
        async with self.lock:
            await self.begin()

    async def start_game(self, event_type: str) -> None:
        """Deal a new game at this table (the first one, or a rematch). Raises
        :class:`sqlite3.Error` and changes nothing when the database refuses it."""
        # The seed stays on the server until the game is over; everyone sees the commitment to
        # it from the first state on (puur.fairness, docs/fairness.md).
        seed = new_seed(self.lobby.rng)
        commit = commitment(seed)
        game = self.variant.new_game(self.rules, seed=seed)
        number = self.game_number + 1
        deal = self.variant.format_hand(game, 0)
        opener = game.round.opener
        # A seating draw (Kreuzjass's partners by the Aces): seat j goes to the player who sat
        # at seating[j], stored with the game so that a restart finds everyone in place.
        seating = tuple(getattr(game, "seating", ()))
        if seating == tuple(range(len(self.seats))):
            seating = ()
        gid = await self.lobby.worker.run(lambda: self.storage.start_game(
            self.code, number, seed, opener, deal, commit, seating))
        if seating:
            self._move_seats(seating)
        self.game, self.game_id, self.game_number = game, gid, number
        self.moves = self.seq = 0
        self.games.append({"id": gid, "number": number, "finished": False, "winner": None,
                           "reason": None, "scores": [0] * self.num_sides, "ended": None,
                           "commitment": commit, "seed": None})
        for s in self.seats:
            s.auto = False
        self.kick()
        self.broadcast(cast(GameEvent, {"type": event_type, "game_id": gid}))

    def _move_seats(self, seating: tuple[int, ...]) -> None:
        """Every player moves to his seat of the draw: seat ``j`` to the one who sat at
        ``seating[j]``, with his name, token, computer player and connections."""
        moved = [self.seats[old] for old in seating]
        for j, s in enumerate(moved):
            s.index = j
        self.seats = moved
        for conn in self.conns:
            if conn.seat is not None:
                conn.seat = seating.index(conn.seat)
        self._summary_key = None

    async def handle_action(self, conn: Connection, msg: ActionMessage) -> None:
        """Find, check, store and apply a client's action (under the table lock); a refusal
        raises :class:`ProtocolError`."""
        self._check_seated(conn, "act", msg.ref)
        assert conn.seat is not None
        game = self.game
        if game is None:
            raise ProtocolError("not_your_turn", "the game has not started: waiting for players",
                                msg.ref)
        if game.is_over:
            raise ProtocolError("game_over", "the game is over; send 'rematch' for a new one",
                                msg.ref)
        if msg.seq is not None and msg.seq != self.seq:
            raise ProtocolError("stale", f"the action answers the state of seq {msg.seq}; the "
                                f"table is at seq {self.seq}", msg.ref)
        if game.to_move != conn.seat:
            raise ProtocolError("not_your_turn", f"seat {game.to_move} is to move, not seat "
                                f"{conn.seat}", msg.ref)
        try:
            action = find_action(self.variant, self.rules, game.round, id=msg.id, name=msg.name,
                                 token=msg.token, form=dict(msg.form) if msg.form else None)
        except ActionError as e:
            raise ProtocolError("bad_message", str(e), msg.ref) from None
        if not game.round.is_legal(action):
            legal = ", ".join(describe_action(game, a) for a in game.legal_actions())
            raise ProtocolError("illegal", f"{describe_action(game, action)} is not legal now; "
                                f"legal: {legal}", msg.ref)
        s = self.seats[conn.seat]
        if s.auto and not is_secret(game.round, action):
            # Taking the seat back is seen by the table: only with a step it sees anyway. A
            # secret decision is the person's own while the stand-in plays on (docs/server.md).
            self._hand_back(s)
        try:
            await self.commit(conn.seat, [action], "bot" if s.kind == REMOTE else "player")
        except sqlite3.Error as e:
            log.error("table %s: cannot store an action: %s", self.code, e)
            raise StorageUnavailable.refused("your action", e, msg.ref) from None

    async def rematch(self, conn: Connection, ref: str | int | None) -> None:
        """Start the next game once this one is over (under the table lock)."""
        self._check_seated(conn, "start a rematch", ref)
        if self.game is None:
            raise ProtocolError("game_not_over", "the first game has not started: waiting for "
                                "players", ref)
        if not self.game.is_over:
            raise ProtocolError("game_not_over", "the game is still running", ref)
        try:
            await self.start_game("rematch")
        except sqlite3.Error as e:
            log.error("table %s: cannot store a new game: %s", self.code, e)
            raise StorageUnavailable.refused("the new game", e, ref) from None

    def _check_seated(self, conn: Connection, what: str, ref: str | int | None) -> None:
        """``not_seated`` for a spectator, ``replaced`` for a bot connection that lost its
        seat to a newer one."""
        if conn.stale:
            raise ProtocolError("replaced", "a newer connection plays this seat; this one "
                                "changes nothing", ref)
        if conn.seat is None:
            raise ProtocolError("not_seated", f"spectators cannot {what}", ref)

    def back(self, conn: Connection, ref: str | int | None = None) -> None:
        """The player takes the seat back after a timeout."""
        if conn.stale:
            self._check_seated(conn, "take a seat back", ref)
        if conn.seat is not None and self.seats[conn.seat].auto:
            self._hand_back(self.seats[conn.seat])

    async def commit(self, seat: int, actions: list[int], by: str) -> None:
        """Store and apply checked actions of ``seat`` in order (a computer player's turn holds
        its secret decisions and the card after them), then tell the clients; under the table
        lock. Raises :class:`sqlite3.Error` and changes nothing when the database refuses
        them.

        The engine applies the actions only to work out what is stored with them (the next
        deal, the finished record) and takes them back at once: while the write waits in the
        storage thread the game is exactly what is stored, whoever looks at it meanwhile, and
        the actions are applied for good once the database has taken them."""
        game = self.game
        gid = self.game_id
        assert game is not None and gid is not None
        pending = list(game.round.actions[len(game.round.actions) - withheld(game):])
        rows: list[ActionRow] = []
        pushed = 0
        index = len(game.rounds) - 1  # type: ignore[attr-defined]
        last = None
        try:
            for a in actions:
                index = len(game.rounds) - 1  # type: ignore[attr-defined]
                last = action_data(self.variant, game.round, a)  # its token before it is made
                game.push(a)  # raises IllegalActionError and changes nothing if illegal
                pushed += 1
                rows.append(self._row(index, seat, a, by, self.moves + pushed))
        finally:
            for _ in range(pushed):
                game.pop()
        worker = self.lobby.worker
        storage = self.storage
        # At once while nothing waits in the storage thread and no other program holds the
        # database; else in the thread, waiting as long as it may (puur.server.worker).
        ran, stored = worker.try_now(lambda: storage.add_actions(gid, rows, wait=False))
        if not (ran and stored):
            await worker.run(lambda: storage.add_actions(gid, rows))
        if storage.checkpoint_due():
            worker.later(storage.checkpoint)
        for a in actions:
            game.push(a)  # as checked above, on the same game
        self.moves += len(rows)
        assert last is not None
        own, other = action_events(game, index, seat, last, by,  # type: ignore[arg-type]
                                   pending + actions[:-1])
        if withheld(game):
            self.tell_seat(seat, own)  # a secret decision: nobody else hears of it
            return
        self.seq += 1
        self.kick()
        self.broadcast(lambda key: own if key == seat else other, self._summaries(index))

    def _row(self, index: int, seat: int, action: int, by: str, seq: int) -> ActionRow:
        """The stored form of ``action``, just applied to hand ``index`` (0-based)."""
        game: Any = self.game
        assert game is not None
        new_deal = None
        if len(game.rounds) > index + 1:
            k = len(game.rounds) - 1
            new_deal = (k + 1, game.round.opener, self.variant.format_hand(game, k))
        finish = None
        if game.is_over:
            result = self.variant.result_data(game)
            finish = Finish(result["winner"], result["reason"], list(game.scores),
                            format_record(game, self.seat_infos(), self.games[-1]["commitment"]))
        return ActionRow(seq, index + 1, seat, action, by, new_deal, finish)

    def _summaries(self, index: int) -> list[Any]:
        """``hand_over`` (and ``game_over``) when the step ended hand ``index`` (0-based); the
        table summary's games follow."""
        game: Any = self.game
        assert game is not None and self.game_id is not None
        info = self.games[-1]
        if game.rounds[index].is_over:
            info["scores"] = list(game.scores)  # the summary's scores move hand by hand
        if game.is_over:
            result = self.variant.result_data(game)
            info.update(finished=True, winner=result["winner"], reason=result["reason"],
                        ended=time.time(), seed=str(game.seed))  # the seed revealed
        return list(step_summaries(game, index, self.game_id, info["commitment"]))

    # -- scheduling ---------------------------------------------------------------------------

    def kick(self) -> None:
        """Schedule what happens next without a client (see :mod:`puur.server.turns`)."""
        self.turns.kick()

    def stop(self) -> None:
        """Cancel pending computer moves and timers (server shutdown)."""
        self.turns.stop()
        for c in self.conns:
            c.close()
