"""Outside bots: seats played by a program of the host's, in any language, over the WebSocket
(docs/protocol.md, *Bots*).

A seat of the kind ``remote`` is a computer player's seat whose decisions come from outside.
The host marks it when creating the table and gets its **bot token** once (only its hash is
stored, like a seat token's). The program opens ``/ws/{code}`` and says ``bot_hello`` with the
token and the bot protocol's version (:data:`~puur.server.messages.BOT_VERSION`); it is
answered ``bot_welcome`` (its seat, how long the table waits for it) and from then on gets
exactly what a person at that seat gets: the seat's ``state`` with its ``legal`` actions, the
``hand_over`` and ``game_over`` messages, and an ``error`` for each refused message of its own.
It answers with the client protocol's action messages, best with the ``seq`` of the state it
answers, so that a late answer is refused (``stale``) rather than taken for a later turn.

**Waiting and standing in.** The table waits for the program at most the server's bot move
time per turn (``Lobby.bot_timer``), or the disconnect grace (``Lobby.disconnect_grace``) when
it is not connected, as it waits for a person with a turn timer; ``deadline`` shows the seconds
left. Then the seat's stand-in (a computer player of the server's, chosen by the host) plays
for it, and goes on playing until the program sends an action the table sees, ``back``, or
connects again. Nothing about this differs from a person's seat that anyone else could see.

**One program per seat.** A new ``bot_hello`` with the seat's token takes the seat over from
the connection that had it (a program that restarted, a connection that died without a word):
the old one is told ``replaced`` and closed (:data:`CLOSE_REPLACED`), whatever it sends after
that changes nothing, and the table sees no seat event, since the seat stayed connected.

What the seat is shown as: a computer player with its name (``kind: "bot"``, ``bot:
"remote"``), in the table summary, the records (``bot:remote``) and the replays alike.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Final

from puur.server.messages import BOT_VERSION, BotHello, Hello, ProtocolError
from puur.server.protocol import PROTOCOL_VERSION, BotWelcomeMessage, error_json
from puur.server.seats import Connection

if TYPE_CHECKING:
    from puur.server.tables import Table

__all__ = ["CLOSE_REPLACED", "REMOTE", "hello_seat", "replace_older", "welcome"]

log = logging.getLogger("puur.server")

#: The stored kind of an outside bot's seat (its ``bot`` is the stand-in's name).
REMOTE: Final = "remote"
#: The close code of a bot connection that a newer one with the same token replaced.
CLOSE_REPLACED: Final = 4409


def hello_seat(table: Table, msg: Hello | BotHello) -> int | None:
    """The seat a ``hello`` (a person's seat token, or a spectator) or a ``bot_hello`` (a bot
    token) opens; ``auth`` when the token opens no seat of that kind."""
    if msg.token is None:
        return None
    seat = table.seat_of_token(msg.token)
    remote = table.seats[seat].kind == REMOTE
    if isinstance(msg, BotHello) and not remote:
        raise ProtocolError("auth", "this token opens no bot seat at this table (a person's "
                            "seat token says 'hello')", msg.ref)
    if isinstance(msg, Hello) and remote:
        raise ProtocolError("auth", "this is a bot token: an outside bot says 'bot_hello'",
                            msg.ref)
    if isinstance(msg, BotHello):
        log.info("table %s: the outside bot at seat %d says hello (%s)", table.code, seat,
                 ascii(msg.client or "no client name")[:90])
    return seat


def welcome(table: Table, seat: int, ref: str | int | None) -> BotWelcomeMessage:
    """The answer to a bot's hello (sent before its first state)."""
    lobby = table.lobby
    return {"v": PROTOCOL_VERSION, "type": "bot_welcome", "bot_version": BOT_VERSION,
            "seat": seat, "move_time": lobby.bot_timer,
            "grace": min(lobby.bot_timer, lobby.disconnect_grace),
            "stand_in": table.seats[seat].stand_in(), "ref": ref}


def replace_older(table: Table, conn: Connection) -> int:
    """Take the seat of the bot connection ``conn`` from the connections that had it: each is
    told ``replaced``, leaves the table (without a seat event: the seat stays connected) and is
    closed; whatever it still sends is refused (``Connection.stale``). Returns how many."""
    assert conn.seat is not None
    s = table.seats[conn.seat]
    older = [c for c in table.conns if c.seat == conn.seat]
    for old in older:
        table.conns.discard(old)
        old.joined = False
        old.stale = True
        s.conns -= 1
        old.end(error_json("replaced", "another connection said bot_hello with this seat's "
                           "token and plays the seat now; this one is closed"), CLOSE_REPLACED)
    return len(older)
