"""The people and computer players at a table: seats, client connections, seat tokens."""

from __future__ import annotations

import asyncio
import json
import secrets
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from puur.bots import Bot
from puur.server.protocol import SeatSummary, StandIn

__all__ = ["Connection", "Seat", "dumps", "new_token"]


# One encoder for every message (json.dumps with options builds a new one per call); the
# messages are plain trees built by the server, never circular, so that check is left out.
_ENCODE = json.JSONEncoder(separators=(",", ":"), ensure_ascii=False, check_circular=False).encode

_orjson: Any
try:  # orjson (puur[all]): the same text several times faster; the standard library's without it
    import orjson as _orjson
except ImportError:  # pragma: no cover - the extra is installed in the tests
    _orjson = None


def dumps(data: object) -> str:
    """Compact JSON, as every message is sent: the standard library's text (keys in order, no
    spaces, characters as they are), made by orjson when it is installed. What orjson refuses
    (a number beyond 64 bits, a key that is not text, a lone surrogate) goes to the standard
    library's encoder. The two write the same text for every message of the protocol (its
    floats, a timer's seconds and the times of day, are written alike; only floats beyond
    1e16 or below 1e-4 are spelt otherwise, as ``1e16`` for ``1e+16``: the same number)."""
    if _orjson is not None:
        try:
            text: str = _orjson.dumps(data).decode()
            return text
        except TypeError:  # orjson.JSONEncodeError: the standard library decides
            pass
    return _ENCODE(data)


class Connection:
    """One client socket: its role and an outgoing queue drained by the socket's writer."""

    def __init__(self, seat: int | None, bot: bool = False) -> None:
        self.seat = seat
        #: An outside bot's connection (``bot_hello``, :mod:`puur.server.remote`).
        self.bot = bot
        self.queue: asyncio.Queue[str | None] = asyncio.Queue()
        #: Counted at its table (between ``Table.connect`` and ``Table.disconnect``).
        self.joined = False
        #: Replaced by a newer connection to its seat: everything it sends is refused.
        self.stale = False

    def send(self, text: str) -> None:
        """Queue a message (never blocks the table)."""
        self.queue.put_nowait(text)

    def send_json(self, data: Mapping[str, Any]) -> None:
        """Queue a message object."""
        self.send(dumps(data))

    def close(self) -> None:
        """Stop the writer after what is queued."""
        self.queue.put_nowait(None)

    def end(self, error: Mapping[str, Any], code: int) -> None:
        """Send ``error`` and close with the close code ``code`` (for sockets)."""
        self.send_json(error)
        self.close()


@dataclass
class Seat:
    """One seat: a person's or a computer player's."""

    index: int
    kind: str  # "human", "bot", or "remote" (an outside bot; ``bot`` stands in for it)
    bot: str | None
    strength: int | None
    #: The name shown (:mod:`puur.server.names`); ``None`` for a person who gave none or a
    #: free seat: every client then shows the seat's own name in its language.
    name: str | None
    token_hash: str | None
    conns: int = 0
    auto: bool = False
    player: Bot | None = field(default=None, repr=False)

    @property
    def taken(self) -> bool:
        """A bot seat, an outside bot's seat, or a human seat someone has joined."""
        return self.kind == "bot" or self.token_hash is not None

    @property
    def computer(self) -> bool:
        """A computer player's seat: Puur's own or an outside bot's (shown as such)."""
        return self.kind != "human"

    def stand_in(self) -> StandIn:
        """The computer player standing in for an outside bot."""
        assert self.kind == "remote" and self.bot is not None
        return {"bot": self.bot, "strength": self.strength}

    def info(self) -> SeatSummary:
        """The seat as the table summary lists it (an outside bot as the computer player
        ``remote``, with its stand-in)."""
        kind: Literal["human", "bot"] = "bot" if self.computer else "human"
        if self.kind == "remote":
            return {
                "seat": self.index, "kind": kind, "name": self.name, "taken": True,
                "connected": self.conns > 0, "auto": self.auto, "bot": "remote",
                "strength": None, "stand_in": self.stand_in(),
            }
        return {
            "seat": self.index, "kind": kind, "name": self.name, "taken": self.taken,
            "connected": self.kind == "bot" or self.conns > 0, "auto": self.auto,
            "bot": self.bot, "strength": self.strength,
        }


def new_token() -> str:
    """A fresh secret seat token. Never one that starts with ``-``: given to a program on its
    command line (an outside bot's, docs/protocol.md) it would be read as an option."""
    while True:
        token = secrets.token_urlsafe(32)
        if not token.startswith("-"):
            return token
