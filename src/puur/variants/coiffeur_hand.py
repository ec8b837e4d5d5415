"""One hand of Coiffeur: choosing a row of the sheet (or pushing on), then Schieber's card play.

A hand is Schieber's :class:`~puur.round.Round` with its own choosing and scoring: only the
choosing team writes, :func:`~puur.variants.coiffeur_rules.row_score` in the row chosen. It is
importable from :mod:`puur.variants.coiffeur` too.
"""

from __future__ import annotations

from typing import Any

from puur.actions import A_PUSH
from puur.cards import NUM_CARDS
from puur.contracts import MODE_OBENABE, Contract, contract_mode, format_contract, trump_of
from puur.deal import check_hands
from puur.round import Round
from puur.variants.coiffeur_rules import (
    A_ROW,
    NUM_ACTIONS,
    ROW_SLOTS,
    CoiffeurRules,
    Row,
    row_action,
    row_score,
)

__all__ = ["CoiffeurHand"]


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
