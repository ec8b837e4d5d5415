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
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, ClassVar, Final

from puur.actions import A_PUSH, A_STOECK, A_STOECK_NO, A_WEIS
from puur.cards import NUM_CARDS, format_card
from puur.contracts import (
    CONTRACT_TOKENS,
    MODE_OBENABE,
    Contract,
    ContractError,
    contract_mode,
    format_contract,
    parse_contract,
    trump_of,
)
from puur.deal import check_hands
from puur.hand import IllegalActionError, TrickHand
from puur.options import OptionError, Options, option
from puur.round import Round, deal_hands
from puur.rules import RuleSet
from puur.variants.base import (
    ActionSpace,
    OptionsVariant,
    format_places,
    format_trick_action,
    parse_trick_action,
    rank_sides,
)
from puur.variants.schieber import check_forehand, format_forehand_hand, parse_forehand_hand

__all__ = [
    "A_ROW",
    "DISCIPLINES",
    "PRESETS",
    "SHEETS",
    "CoiffeurGame",
    "CoiffeurHand",
    "CoiffeurRules",
    "Row",
    "row_action",
    "row_score",
]

A_ROW: Final = 64
ROW_SLOTS: Final = 16
MAX_ROWS: Final = 16
NUM_ACTIONS: Final = A_ROW + ROW_SLOTS * MAX_ROWS

_SUITS: Final = (Contract.SCHELLEN, Contract.ROSEN, Contract.SCHILTEN, Contract.EICHELN)
_FREE: Final = (*_SUITS, Contract.OBENABE, Contract.UNDENUFE)
#: Each discipline and the contracts it may be played as.
DISCIPLINES: Final[dict[str, tuple[int, ...]]] = {
    "D": (Contract.SCHELLEN,),
    "H": (Contract.ROSEN,),
    "S": (Contract.SCHILTEN,),
    "C": (Contract.EICHELN,),
    "obe": (Contract.OBENABE,),
    "unde": (Contract.UNDENUFE,),
    "free": _FREE,
    "slalom": (Contract.SLALOM, Contract.SLALOM_UNDE),
    "guschti": (Contract.GUSCHTI, Contract.GUSCHTI_UNDE),
    "misere": (Contract.MISERE,),
}
#: The sheets by name, as ``discipline:multiplier`` rows.
SHEETS: Final[dict[str, str]] = {
    "reglement8": "C:1 H:2 S:3 D:4 obe:5 unde:6 free:7 free:8",
    "ten": "C:1 H:2 S:3 D:4 obe:5 unde:6 slalom:7 guschti:8 free:9 free:10",
    "twelve": "C:1 H:2 S:3 D:4 obe:5 unde:6 slalom:7 guschti:8 misere:9 free:10 free:11 free:12",
}


@dataclass(frozen=True)
class Row:
    """One row of the sheet: its discipline and multiplier."""

    discipline: str
    multiplier: int


def parse_rows(text: str) -> tuple[Row, ...]:
    """Parse ``"C:1 H:2 … free:8"`` into rows (:class:`~puur.options.OptionError` if bad)."""
    rows: list[Row] = []
    for tok in text.split():
        d, sep, m = tok.partition(":")
        if not sep or d not in DISCIPLINES or not m.isdigit() or not 1 <= int(m) <= 100:
            raise OptionError(
                f"option 'custom_rows': bad row {tok!r}; a row is DISCIPLINE:MULTIPLIER with a "
                f"discipline of {', '.join(DISCIPLINES)} and a multiplier 1..100"
            )
        rows.append(Row(d, int(m)))
    if not 1 <= len(rows) <= MAX_ROWS:
        raise OptionError(f"option 'custom_rows': a sheet has 1 to {MAX_ROWS} rows")
    return tuple(rows)


@dataclass(frozen=True)
class CoiffeurRules(Options):
    """Every Coiffeur option with its default."""

    VARIANT: ClassVar[str] = "coiffeur"

    sheet: str = option(
        "reglement8", choices=("reglement8", "ten", "twelve", "custom"),
        doc="the rows of the sheet: 8 (the rule book), 10 (with Slalom and Guschti), 12, or custom",
    )
    custom_rows: str = option(
        SHEETS["reglement8"],
        doc="the rows of a custom sheet as DISCIPLINE:MULTIPLIER (C H S D obe unde free slalom "
            "guschti misere)",
    )
    misere: bool = option(False, doc="add a Misère row (×1) to the 8, 10 or 12 rows")
    free_allows_slalom: bool = option(False, doc="a free row may be played as Slalom")
    slalom_values: str = option(
        "per_trick", choices=("per_trick", "obenabe"),
        doc="Slalom and Guschti tricks count by their own mode, or all as Obenabe",
    )
    match: str = option(
        "multiplied", choices=("multiplied", "flat"),
        doc="a Match writes 257 × the multiplier, or 157 × the multiplier + the match bonus",
    )
    match_bonus: int = option(100, lo=0, hi=10_000, doc="the bonus of match = flat")
    counter_loss: int = option(
        0, lo=0, hi=10_000, doc="written as minus points in the row of a Kontermatch",
    )
    win_bonus: int = option(0, lo=0, hi=100_000, doc="added to the winning team's total")
    weis: bool = option(False, doc="Weis count for the choosing team (before the multiplier)")
    stoeck: bool = option(False, doc="Stöck count for the choosing team (before the multiplier)")
    large_weis: bool = option(False, doc="long sequences: 6 = 150 ... 9 = 300 (with weis)")
    weis_four_low: bool = option(False, doc="four 8s, 7s or 6s count 100 (with weis)")
    kreuzweis: bool = option(False, doc="one card may serve in a sequence and a four (with weis)")
    stoeck_announce: str = option(
        "second-card", choices=("second-card", "with-weis"),
        doc="Stöck is announced with the second of the two cards, or with the Weis in trick 1",
    )
    start_card: int = option(1, card=True, doc="the holder of this card is Vorhand in hand 1")

    def __post_init__(self) -> None:
        super().__post_init__()
        rows = self.rows()
        if not 1 <= len(rows) <= MAX_ROWS:
            raise OptionError(f"option 'misere': a sheet has at most {MAX_ROWS} rows")

    def rows(self) -> tuple[Row, ...]:
        """The rows of the sheet, in order."""
        text = self.custom_rows if self.sheet == "custom" else SHEETS[self.sheet]
        rows = parse_rows(text)
        if self.misere and self.sheet != "custom":
            rows = (*rows, Row("misere", 1))
        return rows

    def contracts_of(self, row: Row) -> tuple[int, ...]:
        """The contracts ``row`` may be played as under these options."""
        if row.discipline == "free" and self.free_allows_slalom:
            return (*_FREE, Contract.SLALOM, Contract.SLALOM_UNDE)
        return DISCIPLINES[row.discipline]

    def trick_rules(self) -> RuleSet:
        """The Schieber rule set of the card play (Weis and Stöck as chosen)."""
        return RuleSet(
            name=f"coiffeur-{self.name}", start_card=self.start_card, weis=self.weis,
            stoeck=self.stoeck, large_weis=self.large_weis, weis_four_low=self.weis_four_low,
            kreuzweis=self.kreuzweis,
            stoeck_announce=self.stoeck_announce,  # type: ignore[arg-type]
            match_bonus=0,
        )


PRESETS: Final[dict[str, CoiffeurRules]] = {
    "reglement8": CoiffeurRules(name="reglement8"),
    "ten": CoiffeurRules(name="ten", sheet="ten"),
    "twelve": CoiffeurRules(name="twelve", sheet="twelve"),
    "weis": CoiffeurRules(name="weis", weis=True, stoeck=True),
}
"""``reglement8``: the rule book's eight rows (Eicheln ×1 … free ×8); ``ten``: with Slalom ×7
and Guschti ×8; ``twelve``: with Misère and three free rows; ``weis``: the eight rows with Weis
and Stöck counted for the choosing team."""


def row_score(
    options: CoiffeurRules, contract: int, multiplier: int, points: int, extra: int,
    tricks: int, tricks_other: int,
) -> int:
    """What the choosing team writes: its card points (``points``, the last trick included)
    plus ``extra`` (its Weis and Stöck, where they count), times the row's ``multiplier``. A
    Match writes 257 (or 157 and the flat bonus), a Kontermatch minus ``counter_loss``; in Misère
    ``points`` are the opponents' card points and nothing else counts.

    >>> r = CoiffeurRules()
    >>> row_score(r, 1, 2, 97, 0, 5, 4), row_score(r, 5, 6, 157, 0, 9, 0)
    (194, 1542)
    """
    if contract == Contract.MISERE:
        return points * multiplier
    if tricks == 9:
        if options.match == "multiplied":
            return (257 + extra) * multiplier
        return (157 + extra) * multiplier + options.match_bonus
    if tricks_other == 9:
        return -options.counter_loss
    return (points + extra) * multiplier


def row_action(row: int, contract: int) -> int:
    """The action id that chooses ``row`` played as ``contract``."""
    return A_ROW + ROW_SLOTS * row + contract


class CoiffeurHand(Round):
    """One hand of Coiffeur: choosing a row (or pushing on), then Schieber's card play."""

    NUM_ACTIONS = NUM_ACTIONS

    def __init__(
        self,
        options: CoiffeurRules,
        hands: tuple[int, ...],
        forehand: int,
        sheet: tuple[tuple[int | None, ...], tuple[int | None, ...]],
        hand_no: int = 1,
    ) -> None:
        super().__init__(options.trick_rules(), check_hands(hands, 4, 9), forehand)
        self.options: CoiffeurRules = options
        self.sheet_rows: tuple[Row, ...] = options.rows()
        #: Each team's column before this hand (None where the row is still open).
        self.sheet: tuple[tuple[int | None, ...], tuple[int | None, ...]] = sheet
        self.hand_no: int = hand_no
        self.row: int = -1
        self.pushes: int = 0
        eligible = [s for k in range(4) if self._open_rows(s := (forehand + k) % 4)]
        if not eligible:
            raise ValueError("the sheet is full: no hand is left to play")
        self.eligible: tuple[int, ...] = tuple(eligible)
        self.to_move = eligible[0]

    def _open_rows(self, seat: int) -> list[int]:
        col = self.sheet[seat & 1]
        return [r for r, v in enumerate(col) if v is None]

    # -----------------------------------------------------------------------------------------

    def _phase_actions(self) -> list[int]:
        acts = []
        for r in self._open_rows(self.to_move):
            for c in self.options.contracts_of(self.sheet_rows[r]):
                acts.append(row_action(r, c))
        if self.pushes < len(self.eligible):
            acts.append(A_PUSH)
        return sorted(acts)

    def _apply_phase(self, a: int) -> None:
        if a == A_PUSH:
            self.pushes += 1
            self.pushed = True
            i = self.eligible.index(self.to_move)
            self.to_move = self.eligible[(i + 1) % len(self.eligible)]
            return
        row, c = divmod(a - A_ROW, ROW_SLOTS)
        self.row = row
        self.chooser = self.to_move
        self.contract = c
        self.multiplier = 1
        self._start_play(contract_mode(c, 0), trump_of(c), self.chooser)

    def _points_mode(self) -> int:
        if self.contract >= Contract.SLALOM and self.options.slalom_values == "obenabe":
            return MODE_OBENABE
        return self.mode

    def _on_last_trick(self, side: int) -> None:
        """No Match bonus is credited during play: the row value says what a Match is worth."""

    def action_text(self, action: int) -> str:
        """The notation token of ``action`` (``ValueError`` when it is not one)."""
        if type(action) is int and A_ROW <= action < NUM_ACTIONS:
            row, c = divmod(action - A_ROW, ROW_SLOTS)
            if row < len(self.sheet_rows) and c in self.options.contracts_of(self.sheet_rows[row]):
                return f"row:{row + 1}:{format_contract(c)}"
        elif type(action) is int and not NUM_CARDS <= action < A_PUSH:
            return super().action_text(action)
        raise ValueError(f"not an action of Coiffeur: {action!r}")

    # -----------------------------------------------------------------------------------------
    # Scoring

    def row_value(self) -> int:
        """What the choosing team writes in its row (0 until the hand is over)."""
        if not self.is_over or self.row < 0:
            return 0
        team = self.chooser & 1
        extra = 0
        for side, pts, kind in self.credits:
            if side == team and kind in ("weis", "stoeck"):
                extra += pts
        return row_score(
            self.options, self.contract, self.sheet_rows[self.row].multiplier,
            self.trick_points[team], extra, self.tricks_won[team], self.tricks_won[1 - team],
        )

    def summary(self) -> dict[str, Any]:
        """The trick summary with the row chosen, its contract, who chose and the value."""
        out = super().summary()
        out.update(row=self.row + 1 if self.row >= 0 else 0, chooser=self.chooser,
                   pushes=self.pushes, value=self.row_value(),
                   contract=format_contract(self.contract) if self.contract >= 0 else "-")
        return out

    def seat_values(self) -> tuple[float, ...]:
        """What each seat wants to maximise: its team's row value less the other's."""
        if not self.is_over:
            return (0.0,) * 4
        v = float(self.row_value())
        team = self.chooser & 1
        return tuple(v if s & 1 == team else -v for s in range(4))

    def observation(self, seat: int) -> Any:
        """What ``seat`` may know now (see :mod:`puur.variants.coiffeur_view`)."""
        from puur.variants.coiffeur_view import observe

        return observe(self, seat)


class CoiffeurGame:
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
            raise IllegalActionError("the deal can only be set before the hand's first action")
        index = len(self.rounds) - 1
        if index == 0:
            forehand = next(
                (s for s in range(4) if isinstance(hands, tuple | list) and len(hands) == 4
                 and type(hands[s]) is int and hands[s] >> self.rules.start_card & 1), -1)
            if forehand < 0:
                raise IllegalActionError("the start card is in no hand of the deal")
        else:
            forehand = r.forehand
        self.rounds[index] = CoiffeurHand(self.rules, tuple(hands), forehand, r.sheet, r.hand_no)
        self._deals[index] = tuple(hands)

    @property
    def round(self) -> CoiffeurHand:
        """The hand in play (the last one once the game is over)."""
        return self.rounds[-1]

    @property
    def hand_no(self) -> int:
        """1-based number of the current hand."""
        return len(self.rounds)

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

    @property
    def to_move(self) -> int:
        """The seat to act."""
        return self.round.to_move

    def legal_actions(self) -> list[int]:
        """Legal actions of the seat to move (empty when the game is over)."""
        return [] if self.is_over else self.round.legal_actions()

    def push(self, action: int) -> None:
        """Apply an action; a finished hand is followed by the next deal at once."""
        if self.is_over:
            raise IllegalActionError("the game is over")
        r = self.round
        r.push(action)
        if r.is_over and not self.is_over:
            self._start_hand(self.sheet)

    def pop(self) -> int:
        """Undo the last action (across hand boundaries)."""
        r = self.round
        if not r.actions and len(self.rounds) > 1:
            self.rounds.pop()
            self.sheets.pop()
            r = self.round
        return r.pop()

    def observation(self, seat: int) -> Any:
        """What ``seat`` may know now (``-1``: a spectator)."""
        return self.round.observation(seat)

    @property
    def actions(self) -> list[list[int]]:
        """The actions of every hand so far."""
        return [list(r.actions) for r in self.rounds]

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


def action_names() -> tuple[str, ...]:
    """The name of every action id (unused ids are named ``-``)."""
    names = ["-"] * NUM_ACTIONS
    for c in range(NUM_CARDS):
        names[c] = format_card(c)
    names[A_PUSH] = "push"
    names[A_WEIS] = "weis:-"
    for k in range(1, 16):
        names[A_WEIS + k] = f"weis:{k}"
    names[A_STOECK] = "stoeck"
    names[A_STOECK_NO] = "stoeck:-"
    for r in range(MAX_ROWS):
        for c, tok in enumerate(CONTRACT_TOKENS):
            names[row_action(r, c)] = f"row:{r + 1}:{tok}"
    return tuple(names)


ACTIONS: Final = ActionSpace(action_names())


class CoiffeurVariant(OptionsVariant):
    """The static description of Coiffeur."""

    key = "coiffeur"
    name = "Coiffeur"
    aliases = ("coiffeur-schieber", "quoi-faire", "coiffeurjass")
    summary = "two teams of two fill a score sheet: every game type once, each with its factor"
    players = (4,)
    sides_text = "two teams of two, partners opposite"
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

    def format_hand(self, game: Any, index: int) -> str:
        """The forehand and the deal, as Schieber."""
        rd = game.rounds[index]
        return format_forehand_hand(rd.forehand, rd.initial_hands)

    def parse_hand(self, rules: Any, text: str) -> tuple[int, ...]:
        """The four hands of ``FOREHAND DEAL``."""
        return parse_forehand_hand(text)[1]

    def check_hand(self, game: Any, index: int, text: str) -> None:
        """The forehand named must be the game's."""
        check_forehand(game, index, text)

    def hand_scores(self, game: Any, index: int) -> tuple[int, ...]:
        """Both columns' totals after hand ``index``."""
        sheet = game.sheets[index + 1] if index + 1 < len(game.sheets) else game.sheet
        return tuple(sum(v for v in col if v is not None) for col in sheet)

    def format_result(self, game: Any) -> str:
        """``PLACE PLACE / SCORE SCORE``."""
        return format_places(game)


VARIANT: Final = CoiffeurVariant()
