"""The history of finished games as one request may see it: the list, records, replays, share
links.

The games of a **public** table are listed and readable by anyone. The games of a **private**
table are listed only for a request that shows a seat token of that table (header
``X-Puur-Tokens``), and their record and replay (every hand open) are readable only with such a
token or with a share key that a seat holder created for that one game (``?share=KEY``); to
everyone else they do not exist (``no_game``, the answer for an unknown id). A share key opens
one game's record and replay, nothing else: its replay leaves out the table code, which would let
its holder watch the table's next games.
"""

from __future__ import annotations

import io
import re
import secrets
import sqlite3
from collections.abc import Callable
from typing import Any, Final, TypeVar

from puur.record import RecordError, read_record
from puur.server.messages import ProtocolError
from puur.server.names import shown_names
from puur.server.storage import GameRow, Storage, StorageUnavailable, hash_token
from puur.server.views import replay_json

__all__ = ["MAX_SHARES", "MAX_TOKENS", "History"]

#: Seat tokens one request may show (a browser keeps one per table it sat at).
MAX_TOKENS: Final = 100
#: Share links one finished game may have (each is a row of the database for good).
MAX_SHARES: Final = 50
_TOKEN: Final = re.compile(r"[A-Za-z0-9_-]{1,100}")
T = TypeVar("T")


class _Forbidden(ProtocolError):
    @property
    def http_status(self) -> int:
        return 403


#: Game ids are SQLite row ids: positive 64-bit integers.
MAX_GAME_ID: Final = 2**63 - 1


def game_id(raw: str) -> int:
    """The game id of a path; ``no_game`` for anything but plain ASCII digits in range."""
    if not (raw.isascii() and raw.isdigit() and len(raw) <= 19 and 0 < int(raw) <= MAX_GAME_ID):
        raise ProtocolError("no_game", f"no game with id {raw[:32]!r}")
    return int(raw)


class History:
    """Finished games for one request: ``tokens`` (the header's text: seat tokens separated by
    commas or spaces) and ``share`` (a share key, or ``None``)."""

    def __init__(self, storage: Storage, tokens: str, share: str | None) -> None:
        self.storage = storage
        found = [t for t in re.split(r"[\s,]+", tokens) if t]
        if len(found) > MAX_TOKENS:
            raise ProtocolError("bad_message", f"at most {MAX_TOKENS} seat tokens, not "
                                f"{len(found)}")
        if not all(_TOKEN.fullmatch(t) for t in found):
            raise ProtocolError("bad_message", "a seat token is 1 to 100 letters, digits, '-' "
                                "and '_'")
        if share is not None and not _TOKEN.fullmatch(share):
            raise ProtocolError("bad_message", "a share key is 1 to 100 letters, digits, '-' "
                                "and '_'")
        self.hashes = [hash_token(t) for t in found]
        self.share_hash = hash_token(share) if share else None
        self._codes: set[str] | None = None

    def _read(self, query: Callable[[], T]) -> T:
        try:
            return query()
        except sqlite3.Error as e:
            raise StorageUnavailable(f"the server cannot read the history right now ({e}); "
                                     "try again later") from None

    def _seated(self) -> set[str]:
        """The tables at which this request holds a seat."""
        if self._codes is None:
            self._codes = self._read(lambda: self.storage.codes_of_tokens(self.hashes))
        return self._codes

    def games(self) -> list[dict[str, Any]]:
        """The latest finished games this request may see, newest first."""
        codes = self._seated()
        games = self._read(lambda: self.storage.finished_games(codes))
        for g in games:
            g["names"] = shown_names(g["code"], g.pop("seats"))
        return games

    def _open(self, raw_id: str) -> tuple[GameRow, bool]:
        """A finished game this request may read, and whether it may see the table code."""
        gid = game_id(raw_id)
        row = self._read(lambda: self.storage.load_game(gid))
        if row is None:
            raise ProtocolError("no_game", f"no game with id {gid}")
        insider = row.code in self._seated() or self._read(
            lambda: self.storage.table_public(row.code))
        if not insider and not (self.share_hash is not None and self._read(
                lambda: self.storage.share_opens(gid, str(self.share_hash)))):
            raise ProtocolError("no_game", f"no game with id {gid}")  # as for a missing one
        if row.ended is None or row.record is None:
            raise ProtocolError("not_finished", f"game {gid} is not finished")
        return row, insider

    def record(self, raw_id: str) -> tuple[int, str]:
        """A finished game's id and record text."""
        row, _insider = self._open(raw_id)
        assert row.record is not None
        return row.id, row.record

    def replay(self, raw_id: str) -> dict[str, Any]:
        """Every hand of a finished game with all hands open."""
        row, insider = self._open(raw_id)
        assert row.record is not None
        try:
            rec = read_record(io.StringIO(row.record))
        except RecordError as e:
            raise ProtocolError("no_game", f"game {row.id} has a damaged record: {e}") from None
        game = rec.to_game()
        stored: list[tuple[str, str | None, object]] = []
        for s in range(game.num_seats):
            info = rec.seats.get(s)
            kind, _, bot = info.kind.partition(":") if info is not None else ("human", "", "")
            stored.append((kind, bot or None, info.name if info is not None else ""))
        shown = shown_names(row.code, stored)
        seats = [{"seat": s, "kind": stored[s][0], "bot": stored[s][1], "name": shown[s]}
                 for s in sorted(rec.seats)]
        return replay_json(game, row.id, row.code if insider else None, seats,
                           rec.commitment or None)

    def share(self, raw_id: str) -> dict[str, Any]:
        """A new share key for a finished game of a table where this request holds a seat."""
        row, _insider = self._open(raw_id)
        if row.code not in self._seated():
            raise _Forbidden("auth", "only a seat at this game's table can share it")
        if self._read(lambda: self.storage.share_count(row.id)) >= MAX_SHARES:
            raise ProtocolError("too_many_shares", f"game {row.id} has {MAX_SHARES} share links "
                                "already, the most a game may have; send one of those")
        key = secrets.token_urlsafe(18)
        try:
            self.storage.add_share(row.id, hash_token(key))
        except sqlite3.Error as e:
            raise StorageUnavailable.refused("the share link", e) from None
        return {"type": "share", "game_id": row.id, "share": key,
                "url": f"/replay/{row.id}?share={key}"}
