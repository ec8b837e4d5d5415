"""A game as a series of hands: what every variant's game shares.

The hand in play is the last of :attr:`SeriesGame.rounds`; ``push`` applies an action to it
and, once it is over and the game is not, starts the next hand at once; ``pop`` undoes across
hand boundaries. A variant's game says when the game is over and how the next hand starts
(:meth:`SeriesGame._next_hand`), and keeps its own score sheet.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any, Generic, TypeVar

from puur.hand import IllegalActionError, TrickHand

__all__ = ["SeriesGame"]

H = TypeVar("H", bound=TrickHand)


class SeriesGame(ABC, Generic[H]):
    """The hands of one game, played one after the other."""

    rounds: list[H]

    @property
    @abstractmethod
    def is_over(self) -> bool:
        """True once the game has ended (each variant says when)."""

    @abstractmethod
    def _next_hand(self) -> None:
        """Start the next hand (called when the hand in play is over and the game is not)."""

    def _drop_hand(self) -> None:
        """Forget the hand in play, which has no action yet (``pop`` across a boundary)."""
        self.rounds.pop()

    @property
    def round(self) -> H:
        """The hand in play (the last one once the game is over)."""
        return self.rounds[-1]

    @property
    def hand_no(self) -> int:
        """1-based number of the current hand."""
        return len(self.rounds)

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
            raise IllegalActionError("the game is over", "over")
        r = self.round
        r.push(action)
        if r.is_over and not self.is_over:
            self._next_hand()

    def pop(self) -> int:
        """Undo the last action (across hand boundaries)."""
        if not self.round.actions and len(self.rounds) > 1:
            self._drop_hand()
        return self.round.pop()

    def observation(self, seat: int) -> Any:
        """What ``seat`` may know now (``-1``: a spectator)."""
        return self.round.observation(seat)

    @property
    def actions(self) -> list[list[int]]:
        """The actions of every hand so far."""
        return [list(r.actions) for r in self.rounds]
