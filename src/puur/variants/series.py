"""A game as a series of hands: what every variant's game shares.

The hand in play is the last of :attr:`SeriesGame.rounds`; ``push`` applies an action to it
and, once it is over and the game is not, starts the next hand at once; ``pop`` undoes across
hand boundaries. A variant's game says when the game is over and how the next hand starts
(:meth:`SeriesGame._next_hand`), and keeps its own score sheet.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from typing import Any, Generic, TypeVar

from puur.hand import IllegalActionError, TrickHand
from puur.variants.base import rank_sides

__all__ = ["DealtSeries", "SeriesGame", "TargetSeries"]

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


class DealtSeries(SeriesGame[H]):
    """A series of hands dealt from the game's seed (or given), the dealer moving one seat a
    hand, each hand starting from the totals after the last: what Molotow's game (and every
    each-alone game of a fixed number of hands) shares. A subclass deals (:meth:`_deal`),
    builds a hand (:meth:`_make_hand`) and keeps the score sheet (``scores``)."""

    rules: Any
    seed: int | str
    first_dealer: int

    def _start_series(self, seed: int | str | None, deals: list[Any] | None,
                      players: int, first_dealer: int | None = None,
                      totals: tuple[int, ...] | None = None) -> None:
        """Set up the seed, the deals given and the first dealer (the first deal's, else
        ``first_dealer``, else drawn from the seed), and deal the first hand from ``totals``
        (zeros for every player by default)."""
        self.seed = seed if seed is not None else random.randrange(2**63)
        self._deals: list[Any] = list(deals or [])
        self._players = players
        self.first_dealer = (self._deals[0].dealer if self._deals
                             else first_dealer if first_dealer is not None
                             else random.Random(f"{self.seed}:dealer").randrange(players))
        self.rounds = []
        self._start_hand(totals if totals is not None else (0,) * players)

    @abstractmethod
    def _deal(self, seed: str, dealer: int) -> Any:
        """The deal shuffled from ``seed`` for ``dealer``."""

    @abstractmethod
    def _make_hand(self, deal: Any, hand_no: int, totals: tuple[int, ...]) -> H:
        """Hand number ``hand_no`` on ``deal`` (``ValueError`` for a deal that does not fit)."""

    @abstractmethod
    def _is_deal(self, deal: object) -> bool:
        """Whether ``deal`` is a deal of this game's variant."""

    @property
    @abstractmethod
    def scores(self) -> tuple[int, ...]:
        """Each side's game total (the hand in play included once it is over)."""

    def deal_for(self, index: int) -> Any:
        """The deal of hand ``index`` (given, or shuffled from the seed)."""
        if index < len(self._deals):
            return self._deals[index]
        dealer = (self.first_dealer + index) % self._players
        d = self._deal(f"{self.seed}:{index}", dealer)
        self._deals.append(d)
        return d

    def _start_hand(self, totals: tuple[int, ...]) -> None:
        index = len(self.rounds)
        self.rounds.append(self._make_hand(self.deal_for(index), index + 1, totals))

    def _next_hand(self) -> None:
        self._start_hand(self.scores)

    def set_deal(self, deal: Any) -> None:
        """Replace the deal of the current hand before its first action (used by records); the
        dealer must be the one whose turn it is."""
        r: Any = self.round
        if r.actions or self.is_over:
            raise IllegalActionError("the deal can only be set before the hand's first action")
        index = len(self.rounds) - 1
        if not self._is_deal(deal):
            raise IllegalActionError(f"not a deal of this game: {deal!r}", "bad_deal")
        if index and deal.dealer != r.dealer:
            raise IllegalActionError(
                f"hand {index + 1} is dealt by seat {r.dealer}, not {deal.dealer}", "bad_deal")
        try:
            self.rounds[index] = self._make_hand(deal, r.hand_no, r.totals)
        except ValueError as e:
            raise IllegalActionError(str(e), "bad_deal") from None
        if index == 0:
            self.first_dealer = deal.dealer
        self._deals[index] = deal


class TargetSeries(DealtSeries[H]):
    """A dealt series in which each player alone adds his points of every hand to his total
    and the first to reach the game's target wins at once, in the middle of a hand if need be
    (Königsjass, Schaggi Haas, Reservejass, Schmaus). Its hands keep the totals before them and
    give ``scores_after()`` (the totals with the hand's points so far) and ``winner`` (the
    player who reached the target, -1 while nobody has); the rules give ``target``."""

    @property
    def num_seats(self) -> int:
        """The players at the table."""
        return self._players

    @property
    def sides(self) -> tuple[int, ...]:
        """Each player is a side of his own."""
        return tuple(range(self._players))

    @property
    def scores(self) -> tuple[int, ...]:
        """Each player's game total, the points of the hand in play included as they fall."""
        r: Any = self.round
        return tuple(r.scores_after())

    @property
    def winner(self) -> int:
        """The player who reached the target (-1 while nobody has)."""
        w: int = self.round.winner
        return w

    @property
    def is_over(self) -> bool:
        """True once a player has reached the target."""
        return self.round.winner >= 0

    def standings(self) -> tuple[int, ...]:
        """Places: the winner first, the others by total; equal totals share a place."""
        w = self.round.winner
        return rank_sides([(s != w, -t) for s, t in enumerate(self.scores)])

    def summary(self) -> dict[str, Any]:
        """Plain data: totals, hands played, the winner and the places."""
        return {
            "variant": self.rules.VARIANT, "scores": list(self.scores), "hands": len(self.rounds),
            "places": list(self.standings()), "over": self.is_over,
            "winner": self.winner if self.winner >= 0 else None, "target": self.rules.target,
        }
