"""Rebuilding the tables of a database when the server starts, and leaving damaged ones out.

SQLite keeps whatever a row holds, so a table row that another program or an older version
wrote, or one damaged on disk, may hold anything. Every stored table is therefore checked
before it is put in play (:func:`check_row`) and its current game replayed from the stored deals
and actions, each checked against the game as it goes (:func:`restore_game`). A table that fails
any of it raises :class:`DamagedTable`: the lobby logs it in one line and leaves it out of play,
and its rows stay in the database as they are, so nothing is lost and its code is never given
to a new table.
"""

from __future__ import annotations

import math
import re
from typing import TYPE_CHECKING, Final

from puur.bots import BOTS
from puur.server.bodies import DECKS, LANGUAGES, STRENGTHS
from puur.server.storage import TableRow
from puur.variants import Variant, VariantError, get
from puur.variants.json_actions import is_secret

if TYPE_CHECKING:
    from puur.server.tables import Table

__all__ = ["DamagedTable", "check_row", "restore_game"]

_CODE: Final = re.compile(r"[A-Z0-9]{1,32}")
_HASH: Final = re.compile(r"[0-9a-f]{64}")


class DamagedTable(ValueError):
    """A stored table that cannot be put in play; the message says why, in one line."""


def _number(value: object) -> bool:
    return (isinstance(value, int | float) and not isinstance(value, bool)
            and math.isfinite(value))


def check_row(row: TableRow) -> None:
    """Refuse a table row whose fields no server of this version would have written (the
    rules are checked when the table builds its rule set, names when they are shown)."""
    if not isinstance(row.code, str) or not _CODE.fullmatch(row.code):
        raise DamagedTable(f"its code {row.code!r} is not a table code")
    if not _number(row.created):
        raise DamagedTable(f"its creation time {row.created!r} is not a number")
    if not isinstance(row.variant, str):
        raise DamagedTable(f"its variant {row.variant!r} is not a name")
    try:
        variant = get(row.variant)
    except VariantError:
        raise DamagedTable(f"its variant {row.variant[:40]!r} is not one this server plays"
                           ) from None
    if not isinstance(row.preset, str):
        raise DamagedTable(f"its preset {row.preset!r} is not a name")
    if not isinstance(row.rules, dict):
        raise DamagedTable("its rules are not a JSON object")
    if row.deck not in DECKS:
        raise DamagedTable(f"its deck {row.deck!r} is not one of {', '.join(DECKS)}")
    if row.lang not in LANGUAGES:
        raise DamagedTable(f"its language {row.lang!r} is not one of {', '.join(LANGUAGES)}")
    if row.turn_timer is not None and not (_number(row.turn_timer) and row.turn_timer > 0):
        raise DamagedTable(f"its turn timer {row.turn_timer!r} is not a number of seconds")
    if row.game_id is not None and (isinstance(row.game_id, bool)
                                    or not isinstance(row.game_id, int)):
        raise DamagedTable(f"its game id {row.game_id!r} is not a number")
    numbers = [s.seat for s in row.seats]
    if numbers != list(range(len(numbers))) or len(numbers) not in variant.players:
        counts = " or ".join(str(n) for n in variant.players)
        raise DamagedTable(f"it has the seats {numbers!r} instead of {counts} seats from 0")
    for s in row.seats:
        if s.kind not in ("human", "bot", "remote"):
            raise DamagedTable(f"seat {s.seat} is of the unknown kind {s.kind!r}")
        if s.kind == "bot" and (not isinstance(s.bot, str) or s.token_hash is not None):
            raise DamagedTable(f"seat {s.seat} is a computer player without a name of one, or "
                               "with a seat token")
        if s.kind == "remote" and (s.bot not in BOTS or s.token_hash is None):
            raise DamagedTable(f"seat {s.seat} is an outside bot without a stand-in this server "
                               "has, or without a bot token")
        if s.strength is not None and (isinstance(s.strength, bool)
                                       or s.strength not in STRENGTHS):
            raise DamagedTable(f"seat {s.seat} has the strength {s.strength!r}, not 1, 2 or 3")
        if s.token_hash is not None and not (isinstance(s.token_hash, str)
                                             and _HASH.fullmatch(s.token_hash)):
            raise DamagedTable(f"seat {s.seat} has a token hash that is not a SHA-256 hash")


def restore_game(table: Table) -> None:
    """Rebuild the table's games from the database: the list of its games and its current
    game, replayed action by action. :class:`DamagedTable` when the stored game does not
    replay to what was stored."""
    storage = table.storage
    table.games = storage.games_of(table.code)
    table.game_number = len(table.games)
    gid = storage.table_game_id(table.code)
    if gid is None:
        return
    row = storage.load_game(gid)
    if row is None:
        raise DamagedTable(f"its game {gid} is not in the database")
    if row.code != table.code:
        raise DamagedTable(f"its game {gid} is a game of table {row.code!r}")
    numbers = [n for n, _f, _d in row.deals]
    if numbers != list(range(1, len(numbers) + 1)):
        raise DamagedTable(f"game {gid} has the deals of hands {numbers!r}")
    variant = table.variant
    try:
        deals = [_deal(variant, table.rules, opener, text) for _n, opener, text in row.deals]
    except (TypeError, ValueError, AttributeError) as e:
        raise DamagedTable(f"game {gid} has a deal that is not one: {e}") from None
    try:
        game = variant.new_game(table.rules, row.seed, deals)
    except (TypeError, ValueError) as e:
        raise DamagedTable(f"game {gid} cannot be dealt again: {e}") from None
    steps = 0
    for n, (seq, hand_no, seat, action, _by) in enumerate(row.actions, start=1):
        if seq != n or hand_no != len(game.rounds) or seat != game.to_move:  # type: ignore[attr-defined]
            raise DamagedTable(f"game {gid}: stored action {seq!r} does not fit the game")
        try:
            if isinstance(action, bool) or not isinstance(action, int):
                raise ValueError("not an action")
            game.push(action)  # checks the action and changes nothing if it is illegal
        except ValueError as e:
            raise DamagedTable(f"game {gid}: stored action {seq} ({action!r}) cannot be played"
                               f" there: {e}") from None
        if not is_secret(game.round, action) or game.is_over:
            steps += 1
    rounds = game.rounds  # type: ignore[attr-defined]
    if len(rounds) != len(row.deals):
        raise DamagedTable(f"game {gid} has {len(row.deals)} deals for {len(rounds)} hands")
    for rnd, (n, opener, _deal_text) in zip(rounds, row.deals, strict=True):
        if rnd.opener != opener:
            raise DamagedTable(f"game {gid}: hand {n} was stored with the forehand "
                               f"{opener!r}, the replay gives {rnd.opener}")
    table.game, table.game_id = game, gid
    table.moves, table.seq = len(row.actions), steps


def _deal(variant: Variant, rules: object, opener: object, text: object) -> object:
    """The deal of a stored hand: the record's ``hand`` line of the variant, or (hands stored
    by earlier versions, all of them Schieber's) the four hands with the forehand apart."""
    if not isinstance(text, str):
        raise ValueError(f"{text!r} is not text")
    try:
        return variant.parse_hand(rules, text)
    except ValueError:
        if not text[:1].isdigit():
            return variant.parse_hand(rules, f"{opener} {text}")
        raise
