"""One hand of Schellenjass: the deal, the card play without trumps, the penalty cards taken.

Every card is dealt (two players 18 each in threes, three 12 in fours, four 9 in threes),
packets round the table from the seat after the dealer, who leads trick 1 (Vorhand). The cards
rank as in Obenabe, there are no trumps and everyone must follow suit; a player who cannot may
play any card. There are no Weis and no Stöck. The tricks keep their card points
(``trick_values``, 157 in all), but what counts is the penalty cards: each seat's ``credited``
number is the penalty cards it has taken so far, and :meth:`SchellenjassHand.result` is what
the hand adds to the game once it is over (points, the Turi, or Striche).

Action ids (stable): 0-35 play a card; there is no other action.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from puur.cards import NUM_CARDS
from puur.contracts import MODE_OBENABE
from puur.deal import check_hands, deal_packets, shuffled
from puur.hand import OVER, TrickHand
from puur.variants.schellenjass_rules import (
    PENALTY_CARDS,
    SchellenjassRules,
    deal_shape,
    hand_points,
    hand_striche,
)

__all__ = ["NUM_ACTIONS", "SchellenjassDeal", "SchellenjassHand", "check_deal",
           "deal_schellenjass"]

NUM_ACTIONS: Final = NUM_CARDS
_SUIT_OF: Final = tuple(c // 9 for c in range(NUM_CARDS))


@dataclass(frozen=True)
class SchellenjassDeal:
    """One deal: the hands (seat 0 first) and the dealer."""

    hands: tuple[int, ...]
    dealer: int


def deal_schellenjass(rules: SchellenjassRules, seed: int | str, dealer: int) -> SchellenjassDeal:
    """Shuffle from ``seed`` and deal every card for ``dealer``: packets round the table from
    the seat after the dealer."""
    n = rules.players
    order = shuffled(seed)
    _per_seat, packets = deal_shape(n)
    hands = [0] * n
    pos = 0
    for size in packets:
        part = deal_packets(order[pos:pos + n * size], n, size, size, (dealer + 1) % n)
        hands = [h | p for h, p in zip(hands, part, strict=True)]
        pos += n * size
    return SchellenjassDeal(tuple(hands), dealer)


def check_deal(rules: SchellenjassRules, d: object) -> SchellenjassDeal:
    """Check a deal against the rules (``ValueError`` saying what is wrong)."""
    if not isinstance(d, SchellenjassDeal):
        raise ValueError(f"not a Schellenjass deal: {d!r}")
    n = rules.players
    per_seat, _packets = deal_shape(n)
    hands = check_hands(d.hands, n, per_seat)
    if type(d.dealer) is not int or not 0 <= d.dealer < n:
        raise ValueError(f"the dealer must be a seat 0..{n - 1}")
    return SchellenjassDeal(hands, d.dealer)


class SchellenjassHand(TrickHand):
    """One hand of Schellenjass, led by the seat after the dealer."""

    # No Weis and no Stöck: their ids lie outside the action space and are never legal.
    A_WEIS = NUM_ACTIONS
    A_STOECK = NUM_ACTIONS + 16
    A_STOECK_NO = NUM_ACTIONS + 17
    NUM_ACTIONS = NUM_ACTIONS

    def __init__(self, options: SchellenjassRules, deal: SchellenjassDeal, hand_no: int = 1,
                 totals: tuple[int, ...] | None = None) -> None:
        deal = check_deal(options, deal)
        n = options.players
        vorhand = (deal.dealer + 1) % n
        super().__init__(
            options.trick_rules(), deal.hands, vorhand, tuple(range(n)), options.play_rule()
        )
        self.options: SchellenjassRules = options
        self.deal: SchellenjassDeal = deal
        self.dealer: int = deal.dealer
        self.vorhand: int = vorhand
        self.hand_no: int = hand_no
        self.penalty_suit: int = options.penalty_suit
        self._penalty_mask: int = ((1 << PENALTY_CARDS) - 1) << (9 * self.penalty_suit)
        #: Each player's game total before this hand (points, or Striche with ``striche``).
        self.totals: tuple[int, ...] = totals or (0,) * n
        self._start_play(MODE_OBENABE, -1, vorhand)

    def _lead_ban(self) -> int:
        if self.options.no_lead_first_trick and self.trick_no == 0:
            return self._penalty_mask
        return 0

    # -----------------------------------------------------------------------------------------
    # Penalty cards instead of card points

    def _after_card(self) -> None:
        complete = len(self.trick) == len(self.playing)
        cards = self.trick
        super()._after_card()
        if complete:
            taken = sum(1 for c in cards if _SUIT_OF[c] == self.penalty_suit)
            if taken:
                self._credit_penalty(self.sides[self.trick_winners[-1]], taken)

    def _credit(self, side: int, points: int, kind: str) -> None:
        # Card points are kept in the tricks' values; only penalty cards are credited.
        if kind == "schellen":
            super()._credit(side, points, kind)

    def _credit_penalty(self, side: int, taken: int) -> None:
        self._credit(side, taken, "schellen")

    @property
    def contract(self) -> int:
        """Always Obenabe without trumps."""
        return MODE_OBENABE

    # -----------------------------------------------------------------------------------------
    # Scores

    @property
    def taken(self) -> tuple[int, ...]:
        """The penalty cards each seat has taken so far."""
        return self.credited

    def turi_seat(self) -> int:
        """The seat that took all nine penalty cards (a Turi, when the option counts it), or -1."""
        if not self.options.turi:
            return -1
        for s, t in enumerate(self.credited):
            if t == PENALTY_CARDS:
                return s
        return -1

    def points(self) -> tuple[int, ...]:
        """Each seat's penalty points of the hand once it is over (the Turi counted), else
        zeros."""
        if self.phase != OVER:
            return (0,) * self.num_seats
        return hand_points(self.credited, self.options.turi)

    def striche(self) -> tuple[int, ...]:
        """Each seat's Striche of the hand once it is over (scoring ``striche``), else zeros."""
        if self.phase != OVER or self.options.scoring != "striche":
            return (0,) * self.num_seats
        return hand_striche(self.credited, self.options.turi)

    def result(self) -> tuple[int, ...]:
        """What the hand adds to each seat's game total once it is over (zeros before):
        penalty points, or Striche with ``striche``."""
        if self.options.scoring == "striche":
            return self.striche()
        return self.points()

    def summary(self) -> dict[str, Any]:
        """The trick summary with the penalty cards taken, the Turi and the result."""
        out = super().summary()
        out.update(taken=list(self.credited), turi_seat=self.turi_seat(),
                   result=list(self.result()))
        if self.options.scoring == "striche":
            out["striche"] = list(self.striche())
        return out

    def seat_values(self) -> tuple[float, ...]:
        """What each seat wants to maximise: minus its penalty points, or its Striche."""
        if self.options.scoring == "striche":
            return tuple(float(s) for s in self.striche())
        return tuple(-float(p) for p in self.points())

    def observation(self, seat: int) -> Any:
        """What ``seat`` may know now (``-1``: a spectator)."""
        from puur.variants.schellenjass_view import observe

        return observe(self, seat)
