"""Game records and the position notation: round trips, every documented error, fuzzing."""

from __future__ import annotations

import contextlib
import io
import json
import random
import tempfile
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from puur.actions import A_STOECK, A_STOECK_NO, A_WEIS
from puur.cards import CardError, parse_card
from puur.game import Game
from puur.notation import (
    NotationError,
    format_action,
    format_deal,
    format_position,
    parse_action,
    parse_deal,
    parse_position,
)
from puur.record import (
    RECORD_VERSION,
    GameRecord,
    RecordError,
    SeatInfo,
    format_record,
    iter_records,
    read_record,
    replay,
    write_record,
)
from puur.round import Round
from puur.rules import RuleError, RuleSet, rules_from_dict

from .util import play_random_game

SEATS = {0: SeatInfo("human", "Anna Muster"), 1: SeatInfo("bot:random", "Bot")}


def finished_game(seed: int = 1, target: int = 300) -> Game:
    return play_random_game(Game(RuleSet(target=target), seed=seed), random.Random(seed))


GAME = finished_game()
TEXT = format_record(GAME, SEATS)
LINES = TEXT.splitlines()


def line_no(prefix: str, nth: int = 0) -> int:
    """1-based number of the ``nth`` line starting with ``prefix``."""
    found = [i for i, ln in enumerate(LINES, start=1) if ln.startswith(prefix)]
    return found[nth]


def parse(lines: list[str]) -> list[object]:
    return list(iter_records(lines))


def test_round_trip_with_seats_and_files(tmp_path: Path) -> None:
    rec = read_record(io.StringIO(TEXT))
    assert rec.seats == SEATS and rec.seed == str(GAME.seed)
    assert rec.actions == GAME.actions
    path = tmp_path / "game.puur"
    write_record(GAME, path, SEATS)
    assert path.read_text(encoding="utf-8") == TEXT
    assert read_record(path).deals == rec.deals
    out = io.StringIO()
    write_record(GAME, out, SEATS)
    assert out.getvalue() == TEXT
    assert LINES[0] == f"puur-record {RECORD_VERSION}"
    assert LINES[-1].startswith("result ")


def test_several_games_stream_one_by_one() -> None:
    other = finished_game(seed=2)
    text = TEXT + "\n# a comment\n\n" + format_record(other)
    recs = list(iter_records(text.splitlines()))
    assert [r.actions for r in recs] == [GAME.actions, other.actions]
    assert replay(recs[1]).scores == other.scores


def test_unfinished_game_round_trips() -> None:
    g = Game(RuleSet(), seed=4)
    rng = random.Random(4)
    for _ in range(57):
        g.push(rng.choice(g.legal_actions()))
    (rec,) = parse(format_record(g).splitlines())
    g2 = replay(rec)
    assert g2.actions == g.actions and not g2.is_over
    assert format_position(g2.round) == format_position(g.round)


def _replace(n: int, new: str | None) -> list[str]:
    out = list(LINES)
    if new is None:
        del out[n - 1]
    else:
        out[n - 1] = new
    return out


def _mutations() -> list[tuple[str, Callable[[], list[str]], int, str]]:
    hand1 = line_no("hand ")
    act1 = line_no("act ")
    score1 = line_no("score ")
    hand2 = line_no("hand ", 1)
    result = line_no("result ")
    rules = line_no("rules ")
    first_act = LINES[act1 - 1].split()
    bad_card = next(  # a card the player to move does not hold: never legal
        tok for tok in ("D6", "D7", "H6", "SA", "CA")
        if tok not in LINES[hand1 - 1].split(" / ")[0].split()
    )
    return [
        ("wrong version", lambda: _replace(1, "puur-record 99"), 1, "unsupported record version"),
        ("text before the header", lambda: ["hello", *LINES], 1, "a record starts with"),
        ("unknown line", lambda: [*LINES[:2], "bogus 1 2 3", *LINES[2:]], 3,
         "unknown line type"),
        ("no rules", lambda: _replace(rules, None), rules, "'rules' line must come before"),
        ("rules not JSON", lambda: _replace(rules, "rules {oops"), rules, "not valid JSON"),
        ("bad rule value", lambda: _replace(rules, 'rules {"target": 0}'), rules,
         "option 'target'"),
        ("second rules line", lambda: [*LINES[:rules], LINES[rules - 1], *LINES[rules:]],
         rules + 1, "second 'rules'"),
        ("truncated deal", lambda: _replace(hand1, LINES[hand1 - 1][:60]), hand1,
         "four hands"),
        ("short hand", lambda: _replace(hand1, LINES[hand1 - 1].rsplit(" ", 1)[0]), hand1,
         "nine different cards"),
        ("bad card in deal", lambda: _replace(hand1, LINES[hand1 - 1].replace(" ", " X9 ", 3)[:]),
         hand1, "hand"),
        ("first hand not 1", lambda: _replace(hand1, "hand 2" + LINES[hand1 - 1][6:]), hand1,
         "must be number 1"),
        ("wrong first forehand",
         lambda: _replace(hand1, f"hand 1 {(GAME.rounds[0].forehand + 1) % 4}"
                          + LINES[hand1 - 1][8:]), hand1, "start card"),
        ("forehand out of range", lambda: _replace(hand1, "hand 1 7" + LINES[hand1 - 1][8:]),
         hand1, "forehand"),
        ("hand number not a number", lambda: _replace(hand1, "hand x 0 D6"), hand1,
         "whole numbers"),
        ("illegal action", lambda: _replace(act1, " ".join([*first_act[:2], bad_card])),
         act1, f"action {bad_card!r}"),
        ("unknown action", lambda: _replace(act1, "act choose:Z"), act1, "unknown contract"),
        ("garbage action", lambda: _replace(act1, "act ???"), act1, "bad action"),
        ("action after the hand", lambda: _replace(score1 - 1, LINES[score1 - 2] + " D6"),
         score1 - 1, "after the hand ended"),
        ("wrong score", lambda: _replace(score1, "score 1 0 0"), score1, "on replay, not 0 0"),
        ("score of another hand", lambda: _replace(score1, "score 5 0 0"), score1,
         "names hand 5"),
        ("score before the end", lambda: [*LINES[:act1], "score 1 0 0", *LINES[act1:]],
         act1 + 1, "not finished"),
        ("hand before the previous ends", lambda: [*LINES[:act1], *LINES[hand2 - 1:]],
         act1 + 1, "before the previous one is finished"),
        ("hand out of order", lambda: _replace(hand2, "hand 3" + LINES[hand2 - 1][6:]), hand2,
         "expected hand 2"),
        ("wrong later forehand",
         lambda: _replace(hand2, "hand 2 " + str((GAME.rounds[1].forehand + 1) % 4)
                          + LINES[hand2 - 1][8:]), hand2, "must start with seat"),
        ("act before any hand", lambda: [*LINES[:hand1 - 1], "act D6", *LINES[hand1 - 1:]],
         hand1, "'hand' line must come first"),
        ("seed after the first hand", lambda: [*LINES[:hand1], "seed 3", *LINES[hand1:]],
         hand1 + 1, "'seed' must come before"),
        ("bad seat", lambda: [*LINES[:hand1 - 1], "seat 9 human X", *LINES[hand1 - 1:]], hand1,
         "seat 0..3"),
        ("two lines for one seat",
         lambda: [*LINES[:hand1 - 1], "seat 0 human Beat", *LINES[hand1 - 1:]], hand1,
         "a second 'seat' line for seat 0"),
        ("rules nested too deeply", lambda: _replace(rules, "rules " + "[" * 50_000), rules,
         "nested too deeply"),
        ("rules with a number too long", lambda: _replace(rules, 'rules {"target": '
                                                          + "9" * 5000 + "}"), rules,
         "not valid JSON"),
        ("rules version true", lambda: _replace(rules, 'rules {"version": true}'), rules,
         "'version'"),
        ("wrong result", lambda: _replace(result, "result 0 weis 1 2"), result,
         "replay gives result"),
        ("short result", lambda: _replace(result, "result 0"), result, "needs the winner"),
        ("result too early", lambda: [*LINES[:act1], LINES[result - 1]], act1 + 1,
         "not over on replay"),
        ("line after the result", lambda: [*LINES, "act D6"], len(LINES) + 1,
         "nothing may follow"),
    ]


MUTATIONS = _mutations()


@pytest.mark.parametrize(
    ("lines", "line", "reason"),
    [pytest.param(f, ln, why, id=name) for name, f, ln, why in MUTATIONS],
)
def test_bad_records_rejected_with_line_and_reason(
    lines: Callable[[], list[str]], line: int, reason: str
) -> None:
    with pytest.raises(RecordError) as info:
        parse(lines())
    assert info.value.line == line, str(info.value)
    assert reason in info.value.reason, str(info.value)
    assert str(info.value).startswith(f"line {line}: ")


def test_empty_record() -> None:
    with pytest.raises(RecordError, match="no record found"):
        read_record(io.StringIO("# nothing here\n"))
    with pytest.raises(RecordError, match="no 'rules' line"):
        parse(["puur-record 1"])


def test_notation_round_trip_of_every_action_kind() -> None:
    rules = RuleSet(stoeck_announce="with-weis", push_back=True)
    r = Round(rules, parse_deal(
        "DK DQ D6 D7 D8 H6 S6 C6 CA / DA DJ D9 DT HA H7 S7 C7 SA / "
        "H8 H9 HT HJ HQ HK S8 S9 ST / SJ SQ SK C8 C9 CT CJ CQ CK"
    ), forehand=0)
    tokens = []
    while not r.is_over:
        legal = r.legal_actions()
        if r.phase == "choose":
            a = 45 if 45 in legal else 36  # push, push back, then Schellen
        elif r.phase == "stoeck":
            a = A_STOECK
        else:
            a = max(legal) if r.phase == "weis" else legal[0]
        tok = format_action(r, a)
        assert parse_action(r, tok) == a
        tokens.append(tok)
        r.push(a)
    assert ("push" in tokens and "stoeck" in tokens) or "stoeck:-" in tokens
    assert any(t.startswith("weis:") and t != "weis:-" for t in tokens)
    assert any(t.startswith("choose:") for t in tokens)
    r2 = parse_position(format_position(r), rules)
    assert r2.actions == r.actions and r2.credited == r.credited


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("0 | D6", "four hands"),
        ("nonsense", "'<forehand> | <deal> | <actions>'"),
        ("5 | a / b / c / d |", "forehand must be a seat"),
        ("0 | D6 D7 D8 D9 DT DJ DQ DK DA / H6 H7 H8 H9 HT HJ HQ HK HA / "
         "S6 S7 S8 S9 ST SJ SQ SK SA / C6 C7 C8 C9 CT CJ CQ CK D6", "repeats a card"),
        ("0 | D6 D7 D8 D9 DT DJ DQ DK / H6 H7 H8 H9 HT HJ HQ HK HA / "
         "S6 S7 S8 S9 ST SJ SQ SK SA / C6 C7 C8 C9 CT CJ CQ CK CA", "nine different cards"),
        ("0 | D6 D7 D8 D9 DT DJ DQ DK Q1 / H6 H7 H8 H9 HT HJ HQ HK HA / "
         "S6 S7 S8 S9 ST SJ SQ SK SA / C6 C7 C8 C9 CT CJ CQ CK CA", "bad card token 'Q1'"),
    ],
)
def test_bad_positions(text: str, message: str) -> None:
    with pytest.raises(NotationError, match=message.replace("|", r"\|").replace("<", "<")):
        parse_position(text)


def test_bad_actions_in_positions() -> None:
    r = Round.deal(seed=9)
    start = f"{r.forehand} | {format_deal(r.initial_hands)}"
    with pytest.raises(NotationError, match="action 'stoeck'"):
        parse_position(start + " | stoeck")
    with pytest.raises(NotationError, match="bad action 'zz'"):
        parse_position(start + " | zz")
    with pytest.raises(NotationError, match="unknown contract"):
        parse_position(start + " | choose:nope")
    r.push(36 + 4)
    if r.phase == "weis":
        with pytest.raises(NotationError, match="cannot declare"):
            parse_action(r, "weis:D6.D7.D8.D9.DT.DJ")
    with pytest.raises(NotationError):
        format_action(r, 99)
    assert parse_action(r, "weis:-") == A_WEIS
    assert parse_action(r, "stoeck") == A_STOECK and parse_action(r, "stoeck:-") == A_STOECK_NO


# ---------------------------------------------------------------------------------------------
# Fuzzing: every parser either parses or raises its documented error.

TOKENS = ["puur-record", "1", "rules", "{}", "seed", "seat", "hand", "act", "score", "result",
          "push", "choose:H", "weis:-", "stoeck", "D6", "HJ", "/", "|", "0", "3", "-1", "x"]


@st.composite
def mutated_records(draw: st.DrawFn) -> list[str]:
    lines = list(LINES)
    for _ in range(draw(st.integers(1, 4))):
        kind = draw(st.sampled_from(["delete", "duplicate", "swap", "token", "cut", "insert"]))
        i = draw(st.integers(0, len(lines) - 1)) if lines else 0
        if not lines:
            lines.append(draw(st.text(max_size=20)))
        elif kind == "delete":
            del lines[i]
        elif kind == "duplicate":
            lines.insert(i, lines[i])
        elif kind == "swap":
            j = draw(st.integers(0, len(lines) - 1))
            lines[i], lines[j] = lines[j], lines[i]
        elif kind == "token":
            parts = lines[i].split(" ")
            k = draw(st.integers(0, len(parts) - 1))
            parts[k] = draw(st.sampled_from(TOKENS) | st.text(max_size=6))
            lines[i] = " ".join(parts)
        elif kind == "cut":
            lines[i] = lines[i][: draw(st.integers(0, len(lines[i])))]
        else:
            lines.insert(i, " ".join(draw(st.lists(st.sampled_from(TOKENS), max_size=5))))
    return lines


@given(mutated_records())
def test_fuzz_mutated_records(lines: list[str]) -> None:
    try:
        for rec in iter_records(lines):
            replay(rec)
    except RecordError as e:
        assert e.line >= 1 and e.reason


@given(st.lists(st.text(max_size=40) | st.sampled_from(LINES[:4]), max_size=8))
def test_fuzz_random_text_records(lines: list[str]) -> None:
    try:
        list(iter_records(lines))
    except RecordError as e:
        assert e.line >= 1 and e.reason


@given(st.text(max_size=30) | st.lists(st.sampled_from(TOKENS), max_size=12).map(" ".join))
def test_fuzz_positions_and_cards(text: str) -> None:
    for parser in (parse_position, parse_deal):
        with contextlib.suppress(NotationError):
            parser(text)
    with contextlib.suppress(CardError):
        parse_card(text)
    with contextlib.suppress(NotationError):
        parse_action(Round.deal(seed=1), text)


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-10, 5000) | st.floats(allow_nan=False)
    | st.text(max_size=8) | st.sampled_from(["D7", "misere", "standard", "none", "family"]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner,
                                                                 max_size=4),
    max_leaves=8,
)
option_names = st.sampled_from(
    ["name", "start_card", "push_back", "extra_contracts", "weis", "large_weis", "target",
     "multipliers", "kontermatch", "count_order", "stoeck_announce", "preset", "version",
     "strich_win", "striche", "bogus"]
)


@given(st.dictionaries(option_names, json_values, max_size=4) | json_values)
def test_fuzz_rule_dicts(data: object) -> None:
    try:
        rules = rules_from_dict(data)  # type: ignore[arg-type]
    except RuleError as e:
        assert str(e)
    else:
        assert isinstance(rules, RuleSet)
        json.dumps(rules.target)


# ---------------------------------------------------------------------------------------------
# Files and lines that are not text, and what a record can hold.


def test_a_file_that_is_not_utf8_gives_a_record_error(tmp_path: Path) -> None:
    path = tmp_path / "game.puur"
    path.write_bytes(TEXT.replace("Anna", "Zürich").encode("latin-1"))
    with pytest.raises(RecordError, match="not UTF-8") as info:
        read_record(path)
    assert info.value.line == line_no("seat 0")


def test_lines_that_are_not_text_give_a_record_error() -> None:
    with pytest.raises(RecordError, match="must be text") as info:
        parse([LINES[0], LINES[1].encode()])  # type: ignore[list-item]
    assert info.value.line == 2
    with pytest.raises(RecordError, match="splitlines"):
        iter_records(TEXT)


@given(st.binary(max_size=400) | mutated_records().map(
    lambda lines: "\n".join(lines).encode("utf-8")).flatmap(
        lambda data: st.integers(0, len(data)).flatmap(
            lambda i: st.binary(max_size=3).map(lambda b: data[:i] + b + data[i:]))))
def test_fuzz_record_files(data: bytes) -> None:
    with tempfile.TemporaryDirectory() as d:
        path = Path(d) / "game.puur"
        path.write_bytes(data)
        try:
            rec = read_record(path)
            replay(rec)
        except RecordError as e:
            assert e.line >= 1 and e.reason


@given(st.text(max_size=40), st.text(max_size=12))
def test_any_seat_name_is_written_on_one_line(name: str, kind: str) -> None:
    name = name.encode("utf-8", "replace").decode("utf-8")
    kind = kind.encode("utf-8", "replace").decode("utf-8")
    text = format_record(GAME, {2: SeatInfo(kind, name)})
    (rec,) = parse(text.splitlines())
    assert rec.actions == GAME.actions
    assert rec.seats[2] == SeatInfo("-".join(kind.split()) or "unknown", " ".join(name.split()))


def test_replay_of_a_record_built_in_code_is_checked() -> None:
    rec = read_record(io.StringIO(TEXT))
    bad = GameRecord(rec.rules, rec.seed, {}, rec.forehands, rec.deals,
                     [[*rec.actions[0], *rec.actions[1][:1]]])
    with pytest.raises(RecordError, match="after the hand ended"):
        replay(bad)
    with pytest.raises(RecordError, match="does not replay"):
        replay(GameRecord(rec.rules, actions=[[99]]))
    with pytest.raises(RecordError, match="hand must be"):
        replay(rec, len(rec.actions) + 1)
