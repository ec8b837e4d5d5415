"""Game records: a versioned, line-based, human-readable format; writer, streaming reader, replay.

A file holds one or more games. Each game reads::

    puur-record 1
    rules {"version": 1, "name": "family", ...}
    seed 42
    seat 0 human Anna
    seat 1 bot:random Bot
    hand 1 2 D6 D9 … / … / … / …
    act push choose:H weis:- D7 HJ …
    score 1 118 336
    hand 2 3 …
    act …
    result 1 trick 1017 820

* ``rules`` is the rule set as one line of JSON (see :func:`puur.rules.rules_to_dict`).
* ``seed`` and ``seat`` lines are optional; ``seat N KIND NAME`` names who sat where.
* ``hand N FOREHAND DEAL`` starts hand N (1-based, in order) with its deal.
* ``act`` lines carry the hand's actions in :mod:`puur.notation` tokens (any number of lines).
* ``score N A B`` closes a finished hand with the teams' totals after it; ``result WINNER
  REASON A B`` ends a finished game. Both are checked against the replay.
* Blank lines and lines starting with ``#`` are ignored.

The reader streams: :func:`iter_records` yields one :class:`GameRecord` at a time from any
iterable of lines, replaying as it goes, and raises :class:`RecordError` with the line number
and reason on the first malformed or illegal line.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Final

from puur._checks import is_int_in, show
from puur.game import Game, GameError
from puur.notation import NotationError, format_action, format_deal, parse_action, parse_deal
from puur.round import IllegalActionError, Round
from puur.rules import RuleError, RuleSet, rules_from_dict, rules_to_dict

__all__ = [
    "RECORD_VERSION",
    "GameRecord",
    "RecordError",
    "SeatInfo",
    "format_record",
    "iter_records",
    "read_record",
    "replay",
    "write_record",
]

RECORD_VERSION: Final = 1
_MAGIC: Final = "puur-record"


class RecordError(ValueError):
    """A malformed or inconsistent record; ``line`` is the 1-based line number, or 0 when the
    error is not about a line of a file (a bad argument, a record built in code)."""

    def __init__(self, line: int, reason: str) -> None:
        super().__init__(f"line {line}: {reason}" if line else reason)
        self.line = line
        self.reason = reason


@dataclass(frozen=True)
class SeatInfo:
    """Who sat at a seat: a kind (``human``, ``bot:NAME``) and a display name.

    A record keeps both on one line: the kind is written as one word and the name with each
    run of white space (line breaks included) as one space.
    """

    kind: str = "unknown"
    name: str = ""

    def __post_init__(self) -> None:
        if not isinstance(self.kind, str) or not isinstance(self.name, str):
            raise RecordError(0, f"a seat's kind and name must be strings, not "
                                 f"{show(self.kind)} and {show(self.name)}")


def _one_line(info: SeatInfo) -> tuple[str, str]:
    return "-".join(info.kind.split()) or "unknown", " ".join(info.name.split())


@dataclass
class GameRecord:
    """One game: its rules, seats, deals and every action of every hand."""

    rules: RuleSet
    seed: str = ""
    seats: dict[int, SeatInfo] = field(default_factory=dict)
    forehands: list[int] = field(default_factory=list)
    deals: list[tuple[int, ...]] = field(default_factory=list)
    actions: list[list[int]] = field(default_factory=list)

    def to_game(self, hand: int | None = None, upto: int | None = None) -> Game:
        """Replay into a :class:`Game` (see :func:`replay`)."""
        return replay(self, hand, upto)


def replay(record: GameRecord, hand: int | None = None, upto: int | None = None) -> Game:
    """Rebuild the game of ``record``: everything, or up to action ``upto`` (exclusive) of hand
    ``hand`` (1-based). A record whose actions do not replay raises :class:`RecordError`."""
    if not isinstance(record, GameRecord):
        raise RecordError(0, f"not a GameRecord: {show(record)}")
    if not isinstance(record.actions, list) or not all(
        isinstance(acts, list | tuple) for acts in record.actions
    ):
        raise RecordError(0, "a record's actions must be a list of lists of actions")
    if hand is not None and not is_int_in(hand, 1, max(1, len(record.actions))):
        raise RecordError(0, f"hand must be a hand of the record, 1..{len(record.actions)}, "
                             f"not {show(hand)}")
    if upto is not None and not is_int_in(upto, 0, 10**6):
        raise RecordError(0, f"upto must be a number of actions, not {show(upto)}")
    seed = record.seed or None
    if seed is not None and not isinstance(seed, str):
        raise RecordError(0, f"a record's seed must be a string, not {show(seed)}")
    try:
        g = Game(record.rules, seed=seed, deals=record.deals)
        for i, acts in enumerate(record.actions, start=1):
            if hand is not None and i > hand:
                break
            n = len(acts) if (hand != i or upto is None) else upto
            for k, a in enumerate(acts[:n], start=1):
                if g.is_over or len(g.rounds) != i:
                    raise RecordError(0, f"hand {i}: action {k} comes after the hand ended")
                g.push(a)
    except (GameError, IllegalActionError) as e:
        raise RecordError(0, f"the record does not replay: {e}") from None
    return g


def _check_seats(seats: object) -> dict[int, SeatInfo]:
    if seats is None:
        return {}
    if not isinstance(seats, dict) or not all(
        is_int_in(s, 0, 3) and isinstance(info, SeatInfo) for s, info in seats.items()
    ):
        raise RecordError(0, f"seats must map seats 0..3 to SeatInfo, not {show(seats)}")
    return seats


def _game_lines(game: Game, seats: dict[int, SeatInfo]) -> Iterator[str]:
    yield f"{_MAGIC} {RECORD_VERSION}"
    yield "rules " + json.dumps(rules_to_dict(game.rules), ensure_ascii=False, sort_keys=True)
    yield f"seed {game.seed}"
    for s, info in sorted(seats.items()):
        kind, name = _one_line(info)
        yield f"seat {s} {kind} {name}".rstrip()
    for i, (rd, start) in enumerate(zip(game.rounds, game.start_scores, strict=True), start=1):
        yield f"hand {i} {rd.forehand} {format_deal(rd.initial_hands)}"
        replay_rd = Round(rd.rules, rd.initial_hands, rd.forehand)
        toks: list[str] = []
        for a in rd.actions:
            toks.append(format_action(replay_rd, a))
            replay_rd.push(a)
        for k in range(0, len(toks), 12):
            yield "act " + " ".join(toks[k:k + 12])
        if rd.is_over:
            yield f"score {i} {start[0] + rd.credited[0]} {start[1] + rd.credited[1]}"
    if game.is_over:
        a, b = game.scores
        yield f"result {game.winner} {game.end_reason} {a} {b}"


def format_record(game: Game, seats: dict[int, SeatInfo] | None = None) -> str:
    """The record of ``game`` (finished or not) as text."""
    if not isinstance(game, Game):
        raise RecordError(0, f"not a Game: {show(game)}")
    return "\n".join(_game_lines(game, _check_seats(seats))) + "\n"


def write_record(
    game: Game, out: str | Path | IO[str], seats: dict[int, SeatInfo] | None = None
) -> None:
    """Write the record of ``game`` to a path or an open text file."""
    text = format_record(game, seats)
    if isinstance(out, str | os.PathLike):
        Path(out).write_text(text, encoding="utf-8")
    elif callable(getattr(out, "write", None)):
        out.write(text)
    else:
        raise RecordError(0, f"write a record to a path or an open text file, not {show(out)}")


class _Builder:
    def __init__(self, start_line: int) -> None:
        self.start_line = start_line
        self.rules: RuleSet | None = None
        self.record: GameRecord | None = None
        self.game: Game | None = None
        self.finished = False
        self.seed = ""
        self.seats: dict[int, SeatInfo] = {}

    def need_game(self, ln: int) -> tuple[GameRecord, Game]:
        if self.record is None or self.game is None:
            raise RecordError(ln, "a 'hand' line must come first")
        return self.record, self.game


def iter_records(lines: Iterable[str]) -> Iterator[GameRecord]:
    """Stream the games of a record file, checking each line as it comes.

    ``lines`` is any iterable of text lines (an open file, ``text.splitlines()``); a line that
    is not text, or a file that is not UTF-8, raises :class:`RecordError` like any bad line.
    """
    if isinstance(lines, str | bytes) or not isinstance(lines, Iterable):
        raise RecordError(0, f"records are read from an iterable of lines (an open file, "
                             f"text.splitlines()), not {show(lines)}")
    return _iter_records(lines)


def _numbered(lines: Iterable[str]) -> Iterator[tuple[int, str]]:
    """The lines with their numbers; a line that cannot be read is a :class:`RecordError`."""
    it = iter(lines)
    ln = 0
    while True:
        ln += 1
        try:
            raw = next(it)
        except StopIteration:
            return
        except UnicodeDecodeError as e:
            raise RecordError(ln, f"not UTF-8 text ({e.reason})") from None
        if not isinstance(raw, str):
            raise RecordError(ln, f"a line must be text, not {show(raw)}")
        try:
            raw.encode("utf-8")
        except UnicodeEncodeError:  # bytes that were not UTF-8 (read with surrogateescape)
            raise RecordError(ln, "not UTF-8 text") from None
        yield ln, raw


def _iter_records(lines: Iterable[str]) -> Iterator[GameRecord]:
    b: _Builder | None = None
    for ln, raw in _numbered(lines):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        key, _, rest = line.partition(" ")
        rest = rest.strip()
        if key == _MAGIC:
            if b is not None:
                yield _finish(b, ln)
            if rest != str(RECORD_VERSION):
                raise RecordError(
                    ln, f"unsupported record version {rest!r} (this is {RECORD_VERSION})"
                )
            b = _Builder(ln)
            continue
        if b is None:
            raise RecordError(ln, f"a record starts with '{_MAGIC} {RECORD_VERSION}'")
        _line(b, ln, key, rest)
    if b is not None:
        yield _finish(b, -1)


def _finish(b: _Builder, ln: int) -> GameRecord:
    if b.record is None:
        if b.rules is None:
            raise RecordError(b.start_line, "record has no 'rules' line")
        return GameRecord(b.rules)
    return b.record


def _ints(ln: int, parts: list[str], n: int, what: str) -> list[int]:
    if len(parts) < n:
        raise RecordError(ln, f"'{what}' needs {n} numbers")
    try:
        return [int(p) for p in parts[:n]]
    except ValueError:
        got = " ".join(parts[:n])
        raise RecordError(ln, f"'{what}' needs whole numbers, got {got!r}") from None


def _line(b: _Builder, ln: int, key: str, rest: str) -> None:
    if b.finished:
        raise RecordError(ln, f"nothing may follow the 'result' line, got {key!r}")
    if key == "rules":
        if b.rules is not None:
            raise RecordError(ln, "a second 'rules' line")
        try:
            data = json.loads(rest)
        except json.JSONDecodeError as e:
            raise RecordError(ln, f"rules are not valid JSON: {e.msg}") from None
        except RecursionError:
            raise RecordError(ln, "rules are not valid JSON: nested too deeply") from None
        except ValueError as e:  # an integer too long to read
            raise RecordError(ln, f"rules are not valid JSON: {e}") from None
        try:
            b.rules = rules_from_dict(data)
        except RuleError as e:
            raise RecordError(ln, str(e)) from None
        return
    if b.rules is None:
        raise RecordError(ln, f"the 'rules' line must come before {key!r}")
    if key == "seed":
        if b.record is not None:
            raise RecordError(ln, "'seed' must come before the first hand")
        b.seed = rest
        return
    if key == "seat":
        parts = rest.split(maxsplit=2)
        if len(parts) < 2 or parts[0] not in ("0", "1", "2", "3"):
            raise RecordError(ln, "'seat' needs a seat 0..3 and a kind")
        seat = int(parts[0])
        if seat in b.seats:
            raise RecordError(ln, f"a second 'seat' line for seat {seat}")
        b.seats[seat] = SeatInfo(parts[1], parts[2] if len(parts) > 2 else "")
        return
    if key == "hand":
        parts = rest.split(maxsplit=2)
        n, fh = _ints(ln, parts, 2, "hand")
        if len(parts) < 3:
            raise RecordError(ln, "'hand' needs a number, the forehand and the deal")
        try:
            deal = parse_deal(parts[2])
        except NotationError as e:
            raise RecordError(ln, str(e)) from None
        if fh not in (0, 1, 2, 3):
            raise RecordError(ln, f"forehand must be a seat 0..3, not {fh}")
        if b.record is None:
            b.record = GameRecord(
                b.rules, b.seed, b.seats, [fh], [deal], [[]]
            )
            if n != 1:
                raise RecordError(ln, f"the first hand must be number 1, not {n}")
            try:
                b.game = Game(b.rules, seed=b.record.seed or None, deals=[deal])
            except GameError as e:
                raise RecordError(ln, str(e)) from None
            if b.game.round.forehand != fh:
                raise RecordError(
                    ln, f"the start card's holder is seat {b.game.round.forehand}, not {fh}"
                )
            return
        rec, game = b.need_game(ln)
        if n != len(rec.deals) + 1:
            raise RecordError(ln, f"expected hand {len(rec.deals) + 1}, got {n}")
        prev = game.rounds[len(rec.deals) - 1]
        if not prev.is_over or game.is_over or len(game.rounds) != len(rec.deals) + 1:
            raise RecordError(ln, "a new hand starts before the previous one is finished")
        expected_fh = (prev.forehand + 1) % 4
        if fh != expected_fh:
            raise RecordError(ln, f"hand {n} must start with seat {expected_fh}, not {fh}")
        try:
            game.set_deal(deal)
        except GameError as e:
            raise RecordError(ln, str(e)) from None
        rec.forehands.append(fh)
        rec.deals.append(deal)
        rec.actions.append([])
        return
    if key == "act":
        rec, game = b.need_game(ln)
        for tok in rest.split():
            rd = game.round
            if len(game.rounds) != len(rec.deals) or (rd.is_over and rd.winner < 0):
                raise RecordError(ln, f"action {tok!r} after the hand ended; a 'hand' line is due")
            if game.is_over:
                raise RecordError(ln, f"action {tok!r} after the game ended")
            try:
                a = parse_action(rd, tok)
                game.push(a)
            except (NotationError, IllegalActionError) as e:
                raise RecordError(ln, f"action {tok!r}: {e}") from None
            rec.actions[-1].append(a)
        return
    if key == "score":
        rec, game = b.need_game(ln)
        n, sa, sb = _ints(ln, rest.split(), 3, "score")
        if n != len(rec.deals):
            raise RecordError(ln, f"'score' names hand {n} but hand {len(rec.deals)} is in play")
        idx = n - 1
        rd = game.rounds[idx]
        if not rd.is_over:
            raise RecordError(ln, f"hand {n} is not finished")
        start = game.start_scores[idx]
        got = (start[0] + rd.credited[0], start[1] + rd.credited[1])
        if got != (sa, sb):
            raise RecordError(ln, f"hand {n} scores {got[0]} {got[1]} on replay, not {sa} {sb}")
        return
    if key == "result":
        rec, game = b.need_game(ln)
        parts = rest.split()
        if len(parts) != 4:
            raise RecordError(ln, "'result' needs the winner, the reason and both scores")
        w, sa, sb = _ints(ln, [parts[0], parts[2], parts[3]], 3, "result")
        if not game.is_over:
            raise RecordError(ln, "'result' but the game is not over on replay")
        if (w, parts[1], (sa, sb)) != (game.winner, game.end_reason, game.scores):
            raise RecordError(
                ln,
                f"replay gives result {game.winner} {game.end_reason} {game.scores[0]} "
                f"{game.scores[1]}",
            )
        b.finished = True
        return
    raise RecordError(ln, f"unknown line type {key!r}")


def read_record(source: str | Path | IO[str]) -> GameRecord:
    """Read the first game of a record file (path or open text file); a file that cannot be
    opened raises ``OSError``."""
    if isinstance(source, str | os.PathLike):
        # Bytes that are not UTF-8 are kept as escapes, so that the reader can name their line.
        with open(source, encoding="utf-8", errors="surrogateescape") as f:
            return _first(f)
    return _first(source)


def _first(lines: Iterable[str]) -> GameRecord:
    for rec in iter_records(lines):
        return rec
    raise RecordError(1, "no record found")
