"""What one Coiffeur seat (or a spectator) may know, and its tensor encoding.

A Coiffeur observation is Schieber's (:class:`puur.observation.Observation`: the own hand, the
public history, Weis and Stöck as the table learns them) plus the sheet, which is public: the
rows with their disciplines and multipliers, what each team has written, the row chosen this
hand and how many times the choice was pushed on.

Tensor layout (version :data:`OBS_VERSION`, :data:`OBS_SIZE` floats): the 495 floats of
Schieber's layout with the contract slots left empty (``docs/observation.md``), then

=========  ================================================================
495-505    the contract (11 contracts of the family)
506-521    the row chosen (16 rows)
522-537    the observer's team: 1 where a row is written
538-553    the other team: 1 where a row is written
554-569    the observer's team: the value written / 1000
570-585    the other team: the value written / 1000
586-601    the multiplier of each row / 12 (0 where the sheet has no such row)
602        pushes this hand / 4
=========  ================================================================
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final, TypedDict

from puur.contracts import NUM_CONTRACTS, format_contract
from puur.observation import Observation
from puur.observation import observe as observe_schieber

if TYPE_CHECKING:
    from puur.variants.coiffeur_hand import CoiffeurHand
    from puur.variants.coiffeur_rules import CoiffeurRules

__all__ = [
    "OBS_SIZE", "OBS_VERSION", "CoiffeurObservation", "CoiffeurPanel", "CoiffeurRow", "observe",
]

OBS_VERSION: Final = 1
OBS_SIZE: Final = 603
NUM_ACTIONS: Final = 320
_BASE: Final = 495


class CoiffeurRow(TypedDict):
    """One row of the sheet."""

    #: 1-based, as records and the table name it.
    row: int
    discipline: str
    multiplier: int
    #: The contracts the row may be played as.
    contracts: list[str]


class CoiffeurPanel(TypedDict):
    """The sheet as the whole table sees it (:meth:`CoiffeurObservation.panel`)."""

    rows: list[CoiffeurRow]
    #: Each team's column before this hand: the value written in each row, None where open.
    sheet: list[list[int | None]]
    #: Each team's open rows (1-based).
    open_rows: list[list[int]]
    #: Each team's column total before this hand.
    totals: list[int]
    #: The row chosen this hand (1-based), None until it is chosen.
    row: int | None
    #: How many times the choice was pushed on this hand.
    pushes: int


@dataclass(frozen=True)
class CoiffeurObservation(Observation):
    """One seat's view of a Coiffeur hand."""

    options: CoiffeurRules | None = None
    #: (discipline, multiplier) of each row.
    sheet_rows: tuple[tuple[str, int], ...] = ()
    #: Each team's column before this hand (None where the row is open).
    sheet: tuple[tuple[int | None, ...], ...] = ((), ())
    row: int = -1
    pushes: int = 0
    hand_no: int = 1

    def action_mask(self) -> list[int]:
        """1 for each legal action of the observer (all 0 when it is not its turn)."""
        mask = [0] * NUM_ACTIONS
        for a in self.legal_actions:
            mask[a] = 1
        return mask

    def panel(self) -> CoiffeurPanel:
        """The sheet as plain data: the same for every observer (the sheet is public)."""
        rows = self.options.rows() if self.options is not None else ()
        return {
            "rows": [
                {"row": r + 1, "discipline": row.discipline, "multiplier": row.multiplier,
                 "contracts": [format_contract(c) for c in self.options.contracts_of(row)]}
                for r, row in enumerate(rows) if self.options is not None
            ],
            "sheet": [list(col) for col in self.sheet],
            "open_rows": [[r + 1 for r in self.open_rows(t)] for t in range(len(self.sheet))],
            "totals": [sum(v for v in col if v is not None) for col in self.sheet],
            "row": self.row + 1 if self.row >= 0 else None,
            "pushes": self.pushes,
        }

    def open_rows(self, team: int) -> list[int]:
        """The rows still open in ``team``'s column."""
        return [r for r, v in enumerate(self.sheet[team]) if v is None]

    def to_tensor(self) -> list[float]:
        """A flat vector of :data:`OBS_SIZE` floats (layout in the module text)."""
        v = Observation.to_tensor(dataclasses.replace(self, contract=-1))
        v.extend([0.0] * (OBS_SIZE - _BASE))
        if self.contract >= 0:
            v[_BASE + self.contract] = 1.0
        base = _BASE + NUM_CONTRACTS
        if self.row >= 0:
            v[base + self.row] = 1.0
        me = self.seat & 1 if self.seat >= 0 else 0
        for k, team in enumerate((me, 1 - me)):
            for r, val in enumerate(self.sheet[team]):
                if val is not None:
                    v[base + 16 + 16 * k + r] = 1.0
                    v[base + 48 + 16 * k + r] = val / 1000.0
        for r, (_d, m) in enumerate(self.sheet_rows):
            v[base + 80 + r] = m / 12.0
        v[base + 96] = self.pushes / 4.0
        return v


def observe(hand: CoiffeurHand, seat: int) -> CoiffeurObservation:
    """The observation of ``seat`` in ``hand``."""
    base = observe_schieber(hand, seat)
    fields = {f.name: getattr(base, f.name) for f in dataclasses.fields(Observation)}
    return CoiffeurObservation(
        **fields,
        options=hand.options,
        sheet_rows=tuple((r.discipline, r.multiplier) for r in hand.sheet_rows),
        sheet=hand.sheet,
        row=hand.row,
        pushes=hand.pushes,
        hand_no=hand.hand_no,
    )
