"""The rule book (docs/rulebook.md) and the engine agree: every worked example runs here.

An example in the book is a ``text`` block whose first line is ``Example <id>``. Its other lines
are ``Key: value``; a value may go on over indented lines, and ``Slate:`` takes the rest of the
block. The inputs come first (rules, hands, forehand, game scores, or an earlier example to start
from); then ``Play:`` lines push actions in the project's notation, and every other key states
what holds at that point of the play and is checked against the engine. A key this module does
not know fails the test, so a typo cannot turn an example into unchecked prose.

The book's tables (deck names, card orders, card points, Weis values, standard multipliers,
options and presets) are read and compared with the engine too.
"""

from __future__ import annotations

import dataclasses
import re
import tomllib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from puur.cards import FRENCH, RANK_MASK, SWISS, CardSet, card_of, parse_card, rank_of, suit_of
from puur.contracts import POINTS, STRENGTH, card_points, parse_contract
from puur.game import Game
from puur.i18n import catalog
from puur.notation import parse_action
from puur.round import IllegalActionError, Round
from puur.rules import PRESETS, RuleSet, rules_from_dict
from puur.scoring import Jasstafel, render_jasstafel
from puur.weis import find_melds, split_points

BOOK = Path(__file__).resolve().parents[2] / "docs" / "rulebook.md"
TEXT = BOOK.read_text(encoding="utf-8")

INPUT_KEYS = (
    "Rules", "Seat 0", "Seat 1", "Seat 2", "Seat 3", "Forehand", "Scores before", "Game",
    "Same deal as", "Same play as", "Points",
)

# The examples the book must hold: what each section promises to show.
EXPECTED_EXAMPLES = {
    "2.3-A", "2.3-B",  # pushing, and pushing back
    "2.4-A", "2.4-B", "2.4-C", "2.4-D", "2.4-E",  # legal and illegal cards, trick winners
    "2.5-A", "2.5-B", "2.5-C",  # Weis comparison
    "2.5-D", "2.5-E", "2.5-F",  # Weis splits, Kreuzweis, large Weis
    "2.7-A",  # a hand with Weis, Stöck and a multiplier
    "2.8-A",  # a Match
    "2.8-B", "2.8-C", "2.8-D",  # a Kontermatch under each option
    "2.10-A", "2.10-B", "2.10-C",  # the game ending mid-hand, by each counting rule
    "2.11-A",  # the Jasstafel
    "2.12-A",  # Striche
    "3-A",  # Misère
}

TEAM = {"A": 0, "B": 1}


@dataclass
class Example:
    ident: str
    inputs: dict[str, str]
    steps: list[tuple[str, str]]


def parse_examples(text: str) -> dict[str, Example]:
    """Every example block of the book by its id."""
    out: dict[str, Example] = {}
    for block in re.findall(r"```text\n(.*?)```", text, re.S):
        lines = block.splitlines()
        head = re.fullmatch(r"Example (\S+)", lines[0])
        if head is None:
            continue
        ident = head.group(1)
        assert ident not in out, f"example {ident} appears twice"
        items: list[list[str]] = []
        for i, row in enumerate(lines[1:], start=1):
            if row.startswith("Slate:"):
                items.append(["Slate", "\n".join(lines[i + 1:])])
                break
            if not row.strip():
                continue
            if row[0].isspace():
                assert items, f"example {ident}: a continuation line comes first"
                items[-1][1] += "\n" + row.strip()
                continue
            key, sep, value = row.partition(":")
            assert sep, f"example {ident}: no 'Key:' in {row!r}"
            items.append([key.strip(), value.strip()])
        inputs: dict[str, str] = {}
        steps: list[tuple[str, str]] = []
        for key, value in items:
            if key in INPUT_KEYS:
                assert not steps, f"example {ident}: input {key!r} after the play began"
                assert key not in inputs, f"example {ident}: {key!r} given twice"
                inputs[key] = value
            else:
                steps.append((key, value))
        out[ident] = Example(ident, inputs, steps)
    return out


EXAMPLES = parse_examples(TEXT)


def resolve(ex: Example) -> tuple[dict[str, str], list[tuple[str, str]]]:
    """The example's inputs and steps with ``Same deal as`` / ``Same play as`` filled in."""
    inputs = dict(ex.inputs)
    base_id = inputs.pop("Same play as", None)
    with_play = base_id is not None
    if base_id is None:
        base_id = inputs.pop("Same deal as", None)
    if base_id is None:
        return inputs, ex.steps
    base_inputs, base_steps = resolve(EXAMPLES[base_id])
    merged = {**base_inputs, **inputs}
    plays = [s for s in base_steps if s[0] == "Play"] if with_play else []
    return merged, plays + ex.steps


def build_rules(text: str) -> RuleSet:
    """``preset; option = value; …`` (values in TOML)."""
    preset, *changes = (part.strip() for part in text.split(";"))
    data: dict[str, Any] = {"preset": preset}
    for change in changes:
        data.update(tomllib.loads(change))
    return rules_from_dict(data)


def seat_of(value: str) -> int:
    m = re.fullmatch(r"seat ([0-3])", value)
    assert m, f"not a seat: {value!r}"
    return int(m.group(1))


def teams_of(value: str) -> tuple[int, int]:
    m = re.fullmatch(r"A (\d+), B (\d+)", value)
    assert m, f"not 'A n, B m': {value!r}"
    return int(m.group(1)), int(m.group(2))


class Table:
    """One example's hand, built with the engine's public API, and the checks on it."""

    def __init__(self, inputs: dict[str, str]) -> None:
        self.rules = build_rules(inputs.get("Rules", "family"))
        hands = [CardSet.from_text(inputs[f"Seat {s}"]).bits for s in range(4)]
        forehand = seat_of(inputs["Forehand"])
        self.start = teams_of(inputs["Scores before"]) if "Scores before" in inputs else None
        self.game: Game | None = None
        if "Game" in inputs:
            assert inputs["Game"] == "first hand" and self.start is None
            self.game = Game(self.rules, deals=[tuple(hands)])
            self.round = self.game.round
            # In a game's first hand the start card, not the book, decides the forehand.
            assert self.round.forehand == forehand
        else:
            self.round = Round(self.rules, hands, forehand, game_scores=self.start)

    def play(self, tokens: str) -> None:
        for tok in tokens.split():
            action = parse_action(self.round, tok)
            if self.game is not None:
                self.game.push(action)
            else:
                self.round.push(action)

    # The checks, one per outcome key.

    def to_move(self, value: str) -> None:
        assert not self.round.is_over and self.round.to_move == seat_of(value)

    def chooser(self, value: str) -> None:
        assert self.round.chooser == seat_of(value)

    def legal(self, value: str) -> None:
        assert self.round.phase == "play"
        assert CardSet(self.round.legal_cards()) == CardSet.from_text(value)

    def illegal(self, value: str) -> None:
        r = self.round
        for tok in value.split():
            action = parse_action(r, tok)
            if action < 36:
                assert r.hand(r.to_move) >> action & 1, f"{tok} is not even in the hand"
            before = (r.actions, r.phase, r.to_move)
            with pytest.raises(IllegalActionError):
                r.push(action)
            assert (r.actions, r.phase, r.to_move) == before

    def splits(self, value: str) -> None:
        r = self.round
        assert r.phase == "weis"
        offered = r.weis_options(r.to_move)
        lines = value.splitlines()
        assert len(offered) == len(lines)
        for n, (line, split) in enumerate(zip(lines, offered, strict=True), start=1):
            m = re.fullmatch(r"(\d+)\. (.+) = (\d+)", line)
            assert m and int(m.group(1)) == n, f"bad split line {line!r}"
            melds = [CardSet.from_text(x.replace(".", " ")).bits for x in m.group(2).split(" + ")]
            assert sorted(x.cards for x in split) == sorted(melds)
            assert split_points(split) == int(m.group(3))

    def trick(self, value: str) -> None:
        m = re.fullmatch(r"seat ([0-3]) wins (\d+)", value)
        assert m, f"not 'seat N wins P': {value!r}"
        tricks = self.round.tricks()
        _leader, cards, winner = tricks[-1]
        t = len(tricks) - 1
        points = sum(card_points(self.round.contract, c, t) for c in cards)
        if t == 8:
            points += self.rules.last_trick_bonus
        assert (winner, points) == (int(m.group(1)), int(m.group(2)))

    def best_weis(self, value: str) -> None:
        assert self.round.trick_winners, "the best Weis is known after the first trick"
        assert self.round.weis_seat == (-1 if value == "none" else seat_of(value))

    def credited(self, value: str) -> None:
        assert self.round.credited == teams_of(value)

    def _part(self, key: str, value: str) -> None:
        assert tuple(self.round.hand_score()[key]) == teams_of(value)

    def trick_points(self, value: str) -> None:
        self._part("trick_points", value)

    def weis_points(self, value: str) -> None:
        self._part("weis", value)

    def stoeck_points(self, value: str) -> None:
        self._part("stoeck", value)

    def match_bonus(self, value: str) -> None:
        self._part("match_bonus", value)

    def multiplier(self, value: str) -> None:
        assert self.round.hand_score()["multiplier"] == int(value)

    def score(self, value: str) -> None:
        r = self.round
        assert r.is_over and len(r.trick_winners) == 9
        assert tuple(r.hand_score()["total"]) == r.credited == teams_of(value)

    def match(self, value: str) -> None:
        hs = self.round.hand_score()
        assert hs["match"] == TEAM[value] and not hs["kontermatch"]

    def kontermatch(self, value: str) -> None:
        hs = self.round.hand_score()
        assert hs["match"] == TEAM[value] and hs["kontermatch"]

    def winner(self, value: str) -> None:
        m = re.fullmatch(r"([AB]) by (\w+)", value)
        assert m, f"not 'A by reason': {value!r}"
        r = self.round
        assert r.is_over and r.winner == TEAM[m.group(1)]
        assert r.credits[-1][2] == m.group(2)
        if self.game is not None:
            assert self.game.is_over and self.game.winner == r.winner
            assert self.game.end_reason == m.group(2)

    def game_score(self, value: str) -> None:
        if self.game is not None:
            got = self.game.scores
        else:
            s = self.start or (0, 0)
            got = (s[0] + self.round.credited[0], s[1] + self.round.credited[1])
        assert got == teams_of(value)

    def striche(self, value: str) -> None:
        assert self.game is not None, "Striche need 'Game: first hand'"
        assert self.game.striche() == teams_of(value)


CHECKS: dict[str, Callable[[Table, str], None]] = {
    "To move": Table.to_move,
    "Chooser": Table.chooser,
    "Legal": Table.legal,
    "Illegal": Table.illegal,
    "Splits": Table.splits,
    "Trick": Table.trick,
    "Best Weis": Table.best_weis,
    "Credited": Table.credited,
    "Trick points": Table.trick_points,
    "Weis points": Table.weis_points,
    "Stöck points": Table.stoeck_points,
    "Match bonus": Table.match_bonus,
    "Multiplier": Table.multiplier,
    "Score": Table.score,
    "Match": Table.match,
    "Kontermatch": Table.kontermatch,
    "Winner": Table.winner,
    "Game score": Table.game_score,
    "Striche": Table.striche,
}


def run_slate(inputs: dict[str, str], steps: list[tuple[str, str]]) -> None:
    assert [k for k, _v in steps] == ["Slate"]
    tafel = Jasstafel(("Team A", "Team B"), teams_of(inputs["Points"]))
    want = [line.rstrip() for line in steps[0][1].rstrip().splitlines()]
    assert [line.rstrip() for line in render_jasstafel(tafel).splitlines()] == want


def test_the_book_holds_the_expected_examples() -> None:
    assert set(EXAMPLES) == EXPECTED_EXAMPLES


def test_every_kind_of_check_is_used() -> None:
    used = {key for ex in EXAMPLES.values() for key, _v in ex.steps}
    assert used == {*CHECKS, "Play", "Slate"}


@pytest.mark.parametrize("ident", sorted(EXAMPLES))
def test_example(ident: str) -> None:
    inputs, steps = resolve(EXAMPLES[ident])
    if "Points" in inputs:
        run_slate(inputs, steps)
        return
    table = Table(inputs)
    checked = 0
    for key, value in steps:
        if key == "Play":
            table.play(value)
            continue
        assert key in CHECKS, f"example {ident}: unknown key {key!r}"
        CHECKS[key](table, value)
        checked += 1
    assert checked, f"example {ident} states no outcome"


def test_a_wrong_outcome_in_the_book_would_fail() -> None:
    """The runner really compares: a changed number makes the check fail."""
    inputs, steps = resolve(EXAMPLES["2.7-A"])
    table = Table(inputs)
    for key, value in steps:
        if key == "Play":
            table.play(value)
    with pytest.raises(AssertionError):
        table.score("A 18, B 375")
    with pytest.raises(AssertionError):
        table.best_weis("seat 0")


# ---------------------------------------------------------------------------------------------
# Tables


def table_rows(header: str) -> list[list[str]]:
    """The body rows of the book's table whose header line starts with ``header``."""
    lines = TEXT.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(header))
    rows: list[list[str]] = []
    for line in lines[start + 2:]:
        if not line.startswith("|"):
            break
        rows.append([cell.strip() for cell in line.strip().strip("|").split("|")])
    assert rows, f"no rows under {header!r}"
    return rows


def plain(cell: str) -> str:
    """A cell without backticks and parenthesised remarks."""
    return re.sub(r"\s*\(.*?\)", "", cell.replace("`", "")).strip()


RANK_WORDS = {"6": 0, "7": 1, "8": 2, "9": 3, "10": 4, "Under": 5, "Ober": 6, "King": 7, "Ace": 8}


def test_deck_suit_names() -> None:
    rows = table_rows("| slot | Swiss German deck")
    assert [int(r[0]) for r in rows] == [0, 1, 2, 3]
    for slot, swiss, french, symbol, notation in rows:
        s = int(slot)
        assert swiss.split()[0] == SWISS.suit_names[s]
        english, french_name, german = (x.strip() for x in french.split("/"))
        assert english == FRENCH.suit_names[s]
        assert french_name == catalog("fr")[f"suit.french.{s}"]
        assert german == catalog("de")[f"suit.french.{s}"]
        assert symbol == FRENCH.suit_symbols[s]
        letter = notation.strip("`")
        assert suit_of(parse_card(letter + "7")) == s == suit_of(parse_card(symbol + "7"))


def test_deck_rank_names() -> None:
    rows = table_rows("| rank | Swiss German deck")
    assert [RANK_WORDS[r[0]] for r in rows] == list(range(8, -1, -1))
    for rank, swiss, french, notation in rows:
        r = RANK_WORDS[rank]
        assert swiss == SWISS.rank_names[r]
        assert french.split(" / ")[0] == FRENCH.rank_names[r]
        tokens = re.findall(r"`([^`]+)`", notation)
        assert tokens and all(rank_of(parse_card("H" + tok)) == r for tok in tokens)


def test_card_orders() -> None:
    rows = {r[0]: [RANK_WORDS[plain(x)] for x in r[1].split(",")] for r in
            table_rows("| order | highest")}

    def order(mode: int, suit: int) -> list[int]:
        cards = sorted((card_of(suit, r) for r in range(9)), key=lambda c: -STRENGTH[mode][c])
        return [rank_of(c) for c in cards]

    assert rows["trump suit"] == order(0, 0) == order(3, 3)
    assert rows["natural: other suits, Obenabe"] == order(0, 1) == order(4, 2)
    assert rows["Undenufe"] == order(5, 0)


def test_card_points() -> None:
    rows = table_rows("| card | trump suit |")
    totals = rows.pop()
    assert totals[0] == "total per suit"
    for row in rows:
        r = RANK_WORDS[row[0]]
        for suit in range(4):
            got = [
                POINTS[suit][card_of(suit, r)], POINTS[suit][card_of((suit + 1) % 4, r)],
                POINTS[4][card_of(suit, r)], POINTS[5][card_of(suit, r)],
            ]
            assert [int(x) for x in row[1:]] == got
    sums = [sum(int(row[i]) for row in rows) for i in range(1, 5)]
    assert [int(x) for x in totals[1:]] == sums
    assert sums[0] + 3 * sums[1] == 4 * sums[2] == 4 * sums[3] == sum(POINTS[0]) == 152


def test_sequence_values() -> None:
    for length_cell, classic, large in table_rows("| sequence | classic |"):
        n = int(length_cell.split()[0])
        run = sum(1 << card_of(1, r) for r in range(n))
        for rules, want in ((RuleSet(), classic), (RuleSet(large_weis=True), large)):
            (meld,) = find_melds(run, rules)
            assert meld.points == int(want) and meld.length == n


FOUR_WORDS = {"6s": 0, "7s": 1, "8s": 2, "9s": 3, "10s": 4, "Unders": 5, "Obers": 6,
              "Kings": 7, "Aces": 8}


def test_four_of_a_kind_values() -> None:
    rows = table_rows("| four of a kind | points |")
    assert sorted(FOUR_WORDS[plain(r[0]).split()[1]] for r in rows) == list(range(9))
    for name, value in rows:
        rank = FOUR_WORDS[plain(name).split()[1]]
        numbers = [int(x) for x in re.findall(r"\d+", value)]
        plain_value, low_value = (numbers[0], numbers[-1])
        for rules, want in ((RuleSet(), plain_value), (RuleSet(weis_four_low=True), low_value)):
            melds = find_melds(RANK_MASK[rank], rules)
            assert (melds[0].points if melds else 0) == want


def test_standard_multipliers() -> None:
    names = {"Slalom, Undenufe first": "slalom-unde"}
    standard = rules_from_dict({"multipliers": "standard"}).multipliers
    rows = table_rows("| contract | standard multiplier |")
    assert len(rows) == len(standard)
    for name, factor in rows:
        contract = parse_contract(names.get(name, plain(name)))
        assert standard[contract] == int(factor)


def test_every_option_with_its_default_and_section() -> None:
    rows = table_rows("| option | default |")
    names = [plain(r[0]) for r in rows]
    assert names == [f.name for f in dataclasses.fields(RuleSet)]
    for name, default, _what, section in ((plain(r[0]), r[1], r[2], r[3]) for r in rows):
        value = tomllib.loads(f"v = {default.strip('`')}")["v"]
        assert rules_from_dict({name: value}) == RuleSet(), name
        if section:
            assert re.search(rf"^##+ {re.escape(section)}\.? ", TEXT, re.M), section


def test_striche_defaults() -> None:
    for _part, option, default, _who in table_rows("| part | house rule |"):
        assert getattr(RuleSet(), plain(option)) == int(default)


def test_presets_listed() -> None:
    assert [plain(r[0]) for r in table_rows("| preset | what it is |")] == list(PRESETS)


def test_the_book_stands_on_its_own() -> None:
    assert "RULES.md" not in TEXT and "seeds/" not in TEXT
