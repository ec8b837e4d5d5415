"""What a table sends: its summary and the ``state`` of each view, built once per view and step
(docs/protocol.md).

The table summary is encoded again only when seats, connections, spectators or games change.
A state's game is built by :mod:`puur.server.views` from the engine's observations: the shared
part from the spectator's, once per step, each view's own part from its own. While the seat to
move has secret decisions the table has not been told (a Weis, Stöck with the Weis), every
other view is built from the game without them, and a secret decision itself is sent to the
deciding seat's clients only (:meth:`TableMessages.tell_seat`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Final

from puur.server.protocol import PROTOCOL_VERSION, Event, TableSummary, VariantSummary
from puur.server.seats import Connection, Seat, dumps
from puur.server.views import as_the_table_sees_it, game_texts, withheld
from puur.variants import Variant, VariantGame

if TYPE_CHECKING:
    from puur.server.turns import Turns

__all__ = ["TableMessages"]

_SPECTATOR: Final = '{"role":"spectator","seat":null}'


class TableMessages:
    """The messages of a :class:`~puur.server.tables.Table` (which sets these attributes)."""

    code: str
    created: float
    preset: str
    variant: Variant
    rules_dict: dict[str, Any]
    num_sides: int
    deck: str
    lang: str
    turn_timer: float | None
    public: bool
    seats: list[Seat]
    conns: set[Connection]
    game: VariantGame | None
    game_id: int | None
    games: list[dict[str, Any]]
    seq: int
    turns: Turns
    _summary_key: object
    _summary_cache: str

    @property
    def status(self) -> str:
        """``waiting`` (free seats), ``playing`` or ``over``."""
        if self.game is None:
            return "waiting"
        return "over" if self.game.is_over else "playing"

    def summary(self) -> TableSummary:
        """The table summary of the protocol (no secrets)."""
        v = self.variant
        variant: VariantSummary = {
            "key": v.key, "name": v.name, "score_name": v.score_name,
            "lower_is_better": v.lower_is_better, "players": len(self.seats),
            "sides": self.num_sides,
        }
        return {
            "code": self.code, "created": self.created, "variant": variant,
            "preset": self.preset, "rules": self.rules_dict, "deck": self.deck,
            "lang": self.lang, "turn_timer": self.turn_timer, "public": self.public,
            "status": self.status,  # type: ignore[typeddict-item]
            "seats": [s.info() for s in self.seats],
            "free_seats": [s.index for s in self.seats if not s.taken],
            "spectators": sum(1 for c in self.conns if c.seat is None),
            "game_id": self.game_id, "games": self.games,  # type: ignore[typeddict-item]
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
            self._summary_cache = dumps(self.summary())
        return self._summary_cache

    def state_texts(
        self, keys: Iterable[int | None],
        event: Event | Callable[[int | None], Event | None] | None,
    ) -> dict[int | None, str]:
        """The ``state`` message text for each view (a seat, or ``None`` for spectators).

        The table summary and the shared part of the game are encoded once; each seat's own
        part comes from its own observation. ``event`` is one event for everyone, or a function
        giving each view's event. While the seat to move has secret decisions the table has not
        been told, every other view is built from the game without them.
        """
        summary = self._summary_text()
        views = list(dict.fromkeys(keys))
        games: dict[int | None, str] = {}
        game = self.game
        gid = self.game_id
        deadline = self.turns.deadline()
        if game is None or gid is None:
            games = dict.fromkeys(views, "null")
        elif withheld(game):
            mover = game.to_move
            games.update(game_texts(game, gid, [k for k in views if k == mover], deadline))
            with as_the_table_sees_it(game):
                games.update(game_texts(game, gid, [k for k in views if k != mover], deadline))
        else:
            games = game_texts(game, gid, views, deadline)
        out: dict[int | None, str] = {}
        events: dict[int, str] = {}  # each distinct event object is encoded once
        for key in views:
            ev = event(key) if callable(event) else event
            ev_text = events.get(id(ev))
            if ev_text is None:
                ev_text = events[id(ev)] = dumps(ev)
            you = _SPECTATOR if key is None else f'{{"role":"player","seat":{key}}}'
            out[key] = (
                f'{{"v":{PROTOCOL_VERSION},"type":"state","you":{you},'
                f'"seq":{self.seq},"event":{ev_text},"table":{summary},"game":{games[key]}}}'
            )
        return out

    def broadcast(
        self,
        event: Event | Callable[[int | None], Event | None] | None,
        before: Sequence[Mapping[str, Any]] | None = None,
    ) -> None:
        """Send every client its state (built once per view), after the ``before`` messages."""
        if not self.conns:
            return
        pre = [dumps(m) for m in before or ()]
        conns = list(self.conns)
        texts = self.state_texts((c.seat for c in conns), event)
        for conn in conns:
            for p in pre:
                conn.send(p)
            conn.send(texts[conn.seat])

    def tell_seat(self, seat: int, event: Event | None) -> None:
        """Send the state to the clients of one seat only (its own secret decision)."""
        conns = [c for c in self.conns if c.seat == seat]
        if conns:
            text = self.state_texts([seat], event)[seat]
            for conn in conns:
                conn.send(text)

    def send_all(self, message: Mapping[str, Any]) -> None:
        """Send one message to every client at the table."""
        text = dumps(message)
        for conn in list(self.conns):
            conn.send(text)
