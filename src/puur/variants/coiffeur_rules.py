"""Coiffeur's options, sheets, presets, action ids and what a row writes.

The sheet is a list of rows (:class:`Row`: a discipline of :data:`DISCIPLINES` and a
multiplier), named in :data:`SHEETS` or given as text (:func:`parse_rows`); what the choosing
team writes in a row is :func:`row_score`. Action ids (stable): 0-35 play a card; 45 push;
46-61 Weis; 62-63 Stöck (as Schieber); :func:`row_action` ``(row, contract)`` = 64 + 16 × row +
contract. Every name here is importable from :mod:`puur.variants.coiffeur` too.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Final

from puur.actions import A_PUSH, A_STOECK, A_STOECK_NO, A_WEIS
from puur.cards import NUM_CARDS, format_card
from puur.contracts import CONTRACT_TOKENS, Contract
from puur.options import OptionError, Options, option
from puur.rules import RuleSet
from puur.variants.base import ActionSpace

__all__ = [
    "ACTIONS",
    "A_ROW",
    "DISCIPLINES",
    "MAX_ROWS",
    "NUM_ACTIONS",
    "PRESETS",
    "ROW_SLOTS",
    "SHEETS",
    "CoiffeurRules",
    "Row",
    "action_names",
    "parse_rows",
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
