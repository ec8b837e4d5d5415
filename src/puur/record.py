"""Game records: a versioned, line-based, human-readable format; writer, streaming reader, replay.

A file holds one or more games, of any variant of the family. Each game reads::

    puur-record 1
    variant differenzler
    rules {"version": 1, "name": "family", ...}
    seed 42
    commit 5c0f…
    seat 0 human Anna
    seat 1 bot:random Bot
    hand 1 2 D6 D9 … / … / … / …
    act push choose:H weis:- D7 HJ …
    score 1 118 336
    hand 2 3 …
    act …
    result 1 trick 1017 820

* ``variant KEY`` names the game (:mod:`puur.variants`); without it the game is Schieber, so
  records written before there were variants read as they always did.
* ``rules`` is the rule set (the variant's options) as one line of JSON with its version (see
  :func:`puur.rules.rules_to_dict` and :meth:`puur.options.Options.to_dict`).
* ``seed``, ``commit`` and ``seat`` lines are optional; ``seat N KIND NAME`` names who sat
  where. ``commit HASH`` is the commitment to the seed shown before the game began (64
  hexadecimal digits, :mod:`puur.fairness`); the reader checks its form,
  :func:`puur.fairness.verify` checks it against the seed and the deals.
* ``hand N …`` starts hand N (1-based, in order) with its deal: for Schieber and Coiffeur
  ``FOREHAND DEAL``, for Differenzler ``DEALER TRUMP DEAL``; each variant writes and reads its own.
* ``act`` lines carry the hand's actions as tokens (:mod:`puur.notation` for Schieber; each
  variant's tokens otherwise), any number of lines.
* ``score N A B …`` closes a finished hand with each side's game total after it; ``result …``
  ends a finished game (Schieber: ``WINNER REASON A B``; the other variants each side's place,
  ``/``, each side's total). Both are checked against the replay.
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
from typing import IO, TYPE_CHECKING, Any, Final

from puur._checks import is_int_in, show
from puur.game import Game, GameError

if TYPE_CHECKING:
    from puur.variants.base import Variant

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


def _variant(key: object) -> Variant:
    """The registered variant of ``key`` (:class:`RecordError` for an unknown one)."""
    from puur.variants import VariantError, get

    try:
        return get(key)  # type: ignore[arg-type]
    except VariantError as e:
        raise RecordError(0, str(e)) from None


@dataclass
class GameRecord:
    """One game: its variant, rules, seats, deals and every action of every hand.

    ``deals`` hold each hand's deal as the variant keeps it (Schieber: four card masks);
    ``forehands`` the seat that starts each hand (Schieber: the forehand)."""

    rules: Any
    seed: str = ""
    seats: dict[int, SeatInfo] = field(default_factory=dict)
    forehands: list[int] = field(default_factory=list)
    deals: list[Any] = field(default_factory=list)
    actions: list[list[int]] = field(default_factory=list)
    variant: str = "schieber"
    #: The commitment to the seed shown before the game began (``""``: none).
    commitment: str = ""

    def to_game(self, hand: int | None = None, upto: int | None = None) -> Any:
        """Replay into the variant's game (see :func:`replay`)."""
        return replay(self, hand, upto)


def replay(record: GameRecord, hand: int | None = None, upto: int | None = None) -> Any:
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
    variant = _variant(record.variant)
    try:
        if variant.key == "schieber":
            g: Any = Game(record.rules, seed=seed, deals=record.deals)
        else:
            g = variant.new_game(variant.check_rules(record.rules), seed, record.deals)
        for i, acts in enumerate(record.actions, start=1):
            if hand is not None and i > hand:
                break
            n = len(acts) if (hand != i or upto is None) else upto
            for k, a in enumerate(acts[:n], start=1):
                if g.is_over or len(g.rounds) != i:
                    raise RecordError(0, f"hand {i}: action {k} comes after the hand ended")
                g.push(a)
    except (GameError, ValueError) as e:
        raise RecordError(0, f"the record does not replay: {e}") from None
    return g


def _check_seats(seats: object, n: int = 4) -> dict[int, SeatInfo]:
    if seats is None:
        return {}
    if not isinstance(seats, dict) or not all(
        is_int_in(s, 0, n - 1) and isinstance(info, SeatInfo) for s, info in seats.items()
    ):
        raise RecordError(0, f"seats must map seats 0..{n - 1} to SeatInfo, not {show(seats)}")
    return seats


def _game_lines(game: Any, seats: dict[int, SeatInfo], commitment: str) -> Iterator[str]:
    variant = game.variant
    yield f"{_MAGIC} {RECORD_VERSION}"
    if variant.key != "schieber":
        yield f"variant {variant.key}"
    rules = variant.rules_to_dict(game.rules)
    yield "rules " + json.dumps(rules, ensure_ascii=False, sort_keys=True)
    yield f"seed {game.seed}"
    if commitment:
        yield f"commit {commitment}"
    for s, info in sorted(seats.items()):
        kind, name = _one_line(info)
        yield f"seat {s} {kind} {name}".rstrip()
    # The tokens of Weis declarations depend on the state before each action: replay to
    # write them.
    fresh = variant.new_game(game.rules, game.seed, [game.deal_for(i)
                                                     for i in range(len(game.rounds))])
    for i, rd in enumerate(game.rounds, start=1):
        yield f"hand {i} {variant.format_hand(game, i - 1)}"
        toks: list[str] = []
        for a in rd.actions:
            toks.append(variant.format_action(fresh.round, a))
            fresh.push(a)
        for k in range(0, len(toks), 12):
            yield "act " + " ".join(toks[k:k + 12])
        if rd.is_over:
            yield f"score {i} " + " ".join(str(v) for v in variant.hand_scores(game, i - 1))
    if game.is_over:
        yield f"result {variant.format_result(game)}"


def _check_game(game: object) -> Any:
    from puur.variants import VariantGame

    if not isinstance(game, Game | VariantGame):
        raise RecordError(0, f"not a game: {show(game)}")
    return game


def _check_commitment(commitment: object, ln: int = 0) -> str:
    if commitment is None or commitment == "":
        return ""
    if not (isinstance(commitment, str) and len(commitment) == 64
            and all(c in "0123456789abcdef" for c in commitment)):
        raise RecordError(ln, f"a commitment is 64 lower-case hexadecimal digits, not "
                              f"{show(commitment)}")
    return commitment


def format_record(
    game: Any, seats: dict[int, SeatInfo] | None = None, commitment: str | None = None
) -> str:
    """The record of ``game`` (any variant, finished or not) as text; ``commitment``: the
    commitment to its seed shown before it began (a ``commit`` line)."""
    g = _check_game(game)
    lines = _game_lines(g, _check_seats(seats, g.num_seats), _check_commitment(commitment))
    return "\n".join(lines) + "\n"


def write_record(
    game: Any, out: str | Path | IO[str], seats: dict[int, SeatInfo] | None = None,
    commitment: str | None = None,
) -> None:
    """Write the record of ``game`` to a path or an open text file."""
    text = format_record(game, seats, commitment)
    if isinstance(out, str | os.PathLike):
        Path(out).write_text(text, encoding="utf-8")
    elif callable(getattr(out, "write", None)):
        out.write(text)
    else:
        raise RecordError(0, f"write a record to a path or an open text file, not {show(out)}")


class _Builder:
    def __init__(self, start_line: int) -> None:
        self.start_line = start_line
        self.variant: Variant = _variant("schieber")
        self.rules: Any = None
        self.record: GameRecord | None = None
        self.game: Any = None
        self.finished = False
        self.seed = ""
        self.commitment = ""
        self.seats: dict[int, SeatInfo] = {}

    def need_game(self, ln: int) -> tuple[GameRecord, Any]:
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
        return GameRecord(b.rules, variant=b.variant.key)
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
    variant = b.variant
    if key == "variant":
        if b.rules is not None:
            raise RecordError(ln, "the 'variant' line must come before the 'rules' line")
        try:
            b.variant = _variant(rest)
        except RecordError as e:
            raise RecordError(ln, e.reason) from None
        return
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
            b.rules = variant.rules_from_dict(data)
        except ValueError as e:  # RuleError, OptionError
            raise RecordError(ln, str(e)) from None
        return
    if b.rules is None:
        raise RecordError(ln, f"the 'rules' line must come before {key!r}")
    if key == "seed":
        if b.record is not None:
            raise RecordError(ln, "'seed' must come before the first hand")
        b.seed = rest
        return
    if key == "commit":
        if b.record is not None:
            raise RecordError(ln, "'commit' must come before the first hand")
        if b.commitment:
            raise RecordError(ln, "a second 'commit' line")
        if not rest:
            raise RecordError(ln, "'commit' needs the commitment: 64 hexadecimal digits")
        b.commitment = _check_commitment(rest, ln)
        return
    if key == "seat":
        n = variant.num_seats(b.rules)
        parts = rest.split(maxsplit=2)
        if len(parts) < 2 or not (parts[0].isascii() and parts[0].isdigit()
                                  and int(parts[0]) < n):
            raise RecordError(ln, f"'seat' needs a seat 0..{n - 1} and a kind")
        seat = int(parts[0])
        if seat in b.seats:
            raise RecordError(ln, f"a second 'seat' line for seat {seat}")
        b.seats[seat] = SeatInfo(parts[1], parts[2] if len(parts) > 2 else "")
        return
    if key == "hand":
        _hand_line(b, ln, rest)
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
                a = variant.parse_action(rd, tok)
                game.push(a)
            except ValueError as e:  # NotationError, IllegalActionError …
                raise RecordError(ln, f"action {tok!r}: {e}") from None
            rec.actions[-1].append(a)
        return
    if key == "score":
        rec, game = b.need_game(ln)
        sides = len(set(game.sides))
        n, *vals = _ints(ln, rest.split(), 1 + sides, "score")
        if n != len(rec.deals):
            raise RecordError(ln, f"'score' names hand {n} but hand {len(rec.deals)} is in play")
        idx = n - 1
        if not game.rounds[idx].is_over:
            raise RecordError(ln, f"hand {n} is not finished")
        got = variant.hand_scores(game, idx)
        if list(got) != vals:
            raise RecordError(ln, f"hand {n} scores {' '.join(map(str, got))} on replay, not "
                                  f"{' '.join(map(str, vals))}")
        return
    if key == "result":
        _rec, game = b.need_game(ln)
        if variant.key == "schieber" and len(rest.split()) != 4:
            raise RecordError(ln, "'result' needs the winner, the reason and both scores")
        if not game.is_over:
            raise RecordError(ln, "'result' but the game is not over on replay")
        expected = variant.format_result(game)
        if " ".join(rest.split()) != expected:
            raise RecordError(ln, f"replay gives result {expected}")
        b.finished = True
        return
    raise RecordError(ln, f"unknown line type {key!r}")


def _hand_line(b: _Builder, ln: int, rest: str) -> None:
    variant = b.variant
    parts = rest.split(maxsplit=1)
    (n,) = _ints(ln, parts, 1, "hand")
    text = parts[1] if len(parts) > 1 else ""
    try:
        deal = variant.parse_hand(b.rules, text)
    except ValueError as e:
        raise RecordError(ln, str(e)) from None
    if b.record is None:
        if n != 1:
            raise RecordError(ln, f"the first hand must be number 1, not {n}")
        try:
            if variant.key == "schieber":
                b.game = Game(b.rules, seed=b.seed or None, deals=[deal])
            else:
                b.game = variant.new_game(b.rules, b.seed or None, [deal])
            variant.check_hand(b.game, 0, text)
        except (GameError, ValueError) as e:
            raise RecordError(ln, str(e)) from None
        b.record = GameRecord(b.rules, b.seed, b.seats, [b.game.round.opener], [deal],
                              [[]], variant.key, b.commitment)
        return
    rec, game = b.need_game(ln)
    if n != len(rec.deals) + 1:
        raise RecordError(ln, f"expected hand {len(rec.deals) + 1}, got {n}")
    prev = game.rounds[len(rec.deals) - 1]
    if not prev.is_over or game.is_over or len(game.rounds) != len(rec.deals) + 1:
        raise RecordError(ln, "a new hand starts before the previous one is finished")
    try:
        variant.check_hand(game, len(rec.deals), text)
        game.set_deal(deal)
    except (GameError, ValueError) as e:
        raise RecordError(ln, str(e)) from None
    rec.forehands.append(game.round.opener)
    rec.deals.append(deal)
    rec.actions.append([])


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
