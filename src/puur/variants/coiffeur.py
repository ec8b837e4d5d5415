"""Coiffeur: Schieber's partnerships playing a score sheet, every row once per team.

Rules (``docs/variants/coiffeur.md``): each team has a column with one row per discipline (a
suit, Obenabe, Undenufe, a free choice, Slalom, Guschti, Misère), each with its multiplier. The
Vorhand chooses a row still open in his team's column, or pushes to the *next* seat (an opponent),
who chooses in his own team's column or pushes on; when all have pushed, the Vorhand must
choose. Whoever chose leads. Only the choosing team writes: its trick points times the row's
multiplier (a Match 257 times, a Kontermatch nothing). The game ends when both columns are full;
the higher total wins.

A hand is Schieber's :class:`~puur.round.Round` with its own choosing and scoring; Weis and
Stöck are off by default and count for the choosing team when a table switches them on.

Action ids (stable): 0-35 play a card; 45 push; 46-61 Weis; 62-63 Stöck (as Schieber); 64 +
16 × row + contract choose that row and play it as that contract (:mod:`puur.contracts`).

The variant lives in three modules: the options, sheets, presets, action ids and a row's score
(:mod:`puur.variants.coiffeur_rules`), one hand (:mod:`puur.variants.coiffeur_hand`), and here
the game of the whole sheet and the variant's static description. Every public name of the
three is importable from here.
"""

from __future__ import annotations

import random
from typing import Any, Final

from puur.actions import A_PUSH
from puur.contracts import ContractError, parse_contract
from puur.hand import IllegalActionError, TrickHand
from puur.round import deal_hands
from puur.variants.base import (
    ActionSpace,
    OptionsVariant,
    format_places,
    format_trick_action,
    parse_trick_action,
    rank_sides,
)
from puur.variants.coiffeur_hand import CoiffeurHand
from puur.variants.coiffeur_rules import (
    A_ROW,
    ACTIONS,
    DISCIPLINES,
    MAX_ROWS,
    NUM_ACTIONS,
    PRESETS,
    ROW_SLOTS,
    SHEETS,
    CoiffeurRules,
    Row,
    action_names,
    parse_rows,
    row_action,
    row_score,
)
from puur.variants.schieber import ForehandDealRecords
from puur.variants.series import SeriesGame

__all__ = [
    "ACTIONS",
    "A_ROW",
    "DISCIPLINES",
    "MAX_ROWS",
    "NUM_ACTIONS",
    "PRESETS",
    "ROW_SLOTS",
    "SHEETS",
    "VARIANT",
    "CoiffeurGame",
    "CoiffeurHand",
    "CoiffeurRules",
    "CoiffeurVariant",
    "Row",
    "action_names",
    "parse_rows",
    "row_action",
    "row_score",
]

class CoiffeurGame(SeriesGame[CoiffeurHand]):
    """A game of Coiffeur: hands until both teams' columns are full."""

    def __init__(
        self,
        rules: CoiffeurRules | None = None,
        seed: int | str | None = None,
        deals: list[tuple[int, ...]] | None = None,
    ) -> None:
        rules = VARIANT.check_rules(rules)
        self.rules: CoiffeurRules = rules
        self.seed: int | str = seed if seed is not None else random.randrange(2**63)
        self._deals: list[tuple[int, ...]] = [tuple(d) for d in deals or []]
        self.rows: tuple[Row, ...] = rules.rows()
        self.rounds: list[CoiffeurHand] = []
        #: The sheet before each hand (parallel to ``rounds``).
        self.sheets: list[tuple[tuple[int | None, ...], tuple[int | None, ...]]] = []
        empty = (None,) * len(self.rows)
        self._start_hand((empty, empty))

    @property
    def variant(self) -> CoiffeurVariant:
        """The Coiffeur variant."""
        return VARIANT

    @property
    def num_seats(self) -> int:
        """Four seats."""
        return 4

    @property
    def sides(self) -> tuple[int, ...]:
        """Seats 0 and 2 are team 0, seats 1 and 3 team 1."""
        return (0, 1, 0, 1)

    def deal_for(self, index: int) -> tuple[int, ...]:
        """The deal of hand ``index`` (given, or shuffled from the seed)."""
        if index < len(self._deals):
            return self._deals[index]
        hands = tuple(deal_hands(f"{self.seed}:{index}"))
        self._deals.append(hands)
        return hands

    def _next_hand(self) -> None:
        self._start_hand(self.sheet)

    def _drop_hand(self) -> None:
        self.rounds.pop()
        self.sheets.pop()

    def _start_hand(
        self, sheet: tuple[tuple[int | None, ...], tuple[int | None, ...]]
    ) -> None:
        index = len(self.rounds)
        hands = self.deal_for(index)
        if index == 0:
            forehand = next(s for s in range(4) if hands[s] >> self.rules.start_card & 1)
        else:
            forehand = (self.rounds[-1].forehand + 1) % 4
        self.rounds.append(CoiffeurHand(self.rules, hands, forehand, sheet, index + 1))
        self.sheets.append(sheet)

    def set_deal(self, hands: tuple[int, ...]) -> None:
        """Replace the deal of the current hand before its first action (used by records)."""
        r = self.round
        if r.actions or self.is_over:
            raise IllegalActionError("the deal can only be set before the hand's first action",
                                     "bad_deal")
        index = len(self.rounds) - 1
        if index == 0:
            forehand = next(
                (s for s in range(4) if isinstance(hands, tuple | list) and len(hands) == 4
                 and type(hands[s]) is int and hands[s] >> self.rules.start_card & 1), -1)
            if forehand < 0:
                raise IllegalActionError("the start card is in no hand of the deal", "bad_deal")
        else:
            forehand = r.forehand
        try:
            self.rounds[index] = CoiffeurHand(self.rules, tuple(hands), forehand, r.sheet,
                                              r.hand_no)
        except (TypeError, ValueError) as e:
            raise IllegalActionError(str(e), "bad_deal") from None
        self._deals[index] = tuple(hands)

    @property
    def sheet(self) -> tuple[tuple[int | None, ...], tuple[int | None, ...]]:
        """Both columns now, the current hand's row included once it is over."""
        r = self.round
        sheet = self.sheets[-1]
        if not r.is_over:
            return sheet
        team = r.chooser & 1
        col = list(sheet[team])
        col[r.row] = r.row_value()
        out = [sheet[0], sheet[1]]
        out[team] = tuple(col)
        return (out[0], out[1])

    @property
    def is_over(self) -> bool:
        """True once both columns are full."""
        return all(v is not None for col in self.sheet for v in col)

    @property
    def scores(self) -> tuple[int, ...]:
        """Each team's column total (with the win bonus once the game is won)."""
        totals = [sum(v for v in col if v is not None) for col in self.sheet]
        if self.is_over and self.rules.win_bonus and totals[0] != totals[1]:
            totals[0 if totals[0] > totals[1] else 1] += self.rules.win_bonus
        return (totals[0], totals[1])





    def standings(self) -> tuple[int, ...]:
        """The place of each team by its total (a draw shares first place)."""
        a, b = self.scores
        return rank_sides([-a, -b])

    def summary(self) -> dict[str, Any]:
        """Plain data: column totals, the sheet, hands played, places."""
        return {
            "variant": "coiffeur",
            "scores": list(self.scores),
            "sheet": [list(col) for col in self.sheet],
            "hands": len(self.rounds),
            "places": list(self.standings()),
            "over": self.is_over,
        }


class CoiffeurVariant(ForehandDealRecords, OptionsVariant):
    """The static description of Coiffeur."""

    key = "coiffeur"
    name = "Coiffeur"
    aliases = ("coiffeur-schieber", "quoi-faire", "coiffeurjass")
    summary = "two teams of two fill a score sheet: every game type once, each with its factor"
    players = (4,)
    sides_text = "two teams of two, partners opposite"
    open_solver = True
    options_class = CoiffeurRules
    preset_table = PRESETS

    def num_seats(self, rules: Any) -> int:
        """Always four."""
        return 4

    def action_space(self, rules: Any) -> ActionSpace:
        """Cards, push, Weis, Stöck and a row-and-contract choice per row."""
        return ACTIONS

    def new_game(
        self, rules: Any = None, seed: int | str | None = None, deals: list[Any] | None = None
    ) -> CoiffeurGame:
        """A new game of Coiffeur."""
        return CoiffeurGame(rules, seed, deals)

    def format_action(self, hand: TrickHand, action: int) -> str:
        """``row:R:CONTRACT`` (the row 1-based), ``push``, or a card, Weis or Stöck token."""
        if action == A_PUSH:
            return "push"
        tok = format_trick_action(hand, action)
        return tok if tok is not None else hand.action_text(action)

    def parse_action(self, hand: TrickHand, token: str) -> int:
        """The action of a record token (``ValueError`` naming a bad one)."""
        t = token.strip().lower()
        if t == "push":
            return A_PUSH
        if t.startswith("row:"):
            row, _sep, con = t[4:].partition(":")
            if not row.isdigit():
                raise ValueError(f"bad action {token!r}: a row is row:NUMBER:CONTRACT")
            try:
                c = parse_contract(con)
            except ContractError as e:
                raise ValueError(f"bad action {token!r}: {e}") from None
            r = int(row) - 1
            if not 0 <= r < MAX_ROWS:
                raise ValueError(f"bad action {token!r}: no row {row}")
            return row_action(r, c)
        a = parse_trick_action(hand, token)
        if a is None:
            raise ValueError(
                f"bad action {token!r}: expected a card, push, row:N:X, weis or stoeck")
        return a

    def hand_scores(self, game: Any, index: int) -> tuple[int, ...]:
        """Both columns' totals after hand ``index``."""
        sheet = game.sheets[index + 1] if index + 1 < len(game.sheets) else game.sheet
        return tuple(sum(v for v in col if v is not None) for col in sheet)

    def format_result(self, game: Any) -> str:
        """``PLACE PLACE / SCORE SCORE``."""
        return format_places(game)


VARIANT: Final = CoiffeurVariant()
