"""What one Pandur seat (or a spectator) may know, and its tensor encoding.

Besides the public view of every trick hand (:mod:`puur.variants.view`) a seat knows its own
cards; who sits the hand out and who is still at the table; the auction (every bid and pass,
the soloist and his contract); the trumps once named or fixed by the soloist's first card; the
points credited to each seat in the hand (tricks, the soloist's Weis and Stöck: all public);
the game points before the hand and, once it is over, what it gave each seat. With two players
the 8 cards out of play stay face down for everyone (:attr:`PandurObservation.piles` says how
many lie there). The 12 cards below the 9 are in no game (:attr:`PandurObservation.out_of_play`).

Tensor layout (version :data:`OBS_VERSION`, :data:`OBS_SIZE` floats; seats relative to the
observer, 0 = the observer, then in seat order; a table of three leaves the slots of seat 3 at
zero):

=========  ================================================================
0-35       own hand
36-179     cards played, 36 per relative seat (4 seats)
180-323    the current trick, 36 per relative seat
324-431    cards known in another seat's hand, 36 per relative seat 1-3
432-456    the highest bid so far, one of the 25 steps of the ladder
457-460    the soloist; 461-464 the dealer; 465-468 the leader
469-472    seats that passed in the auction; 473-476 seats in the hand (dealt cards)
477-480    the trump suit (none before it is fixed, and in Misère and Pandur)
481        1 in Trumpf-Misère and Trumpf-Pandur
482-486    phase: bid, trump, weis, play, stoeck
487-490    game points before the hand / target, per relative seat
491        the soloist's points in the hand / 157
492        tricks the soloist has taken / 8
493        tricks played / 8
=========  ================================================================
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Final

from puur.cards import ALL_CARDS, bits
from puur.variants.pandur_rules import DECK, LADDER, NUM_ACTIONS, bid_name, value
from puur.variants.view import SeatView, card_planes, check_seat, seat_fields, table_view
from puur.weis import Meld

if TYPE_CHECKING:
    from puur.variants.pandur_hand import PandurHand
    from puur.variants.pandur_rules import PandurRules

__all__ = ["OBS_SIZE", "OBS_VERSION", "PandurObservation", "observe"]

OBS_VERSION: Final = 1
OBS_SIZE: Final = 494
_PHASES: Final = ("bid", "trump", "weis", "play", "stoeck")


@dataclass(frozen=True)
class PandurObservation(SeatView):
    """One seat's view of a Pandur hand. Card sets are raw 36-bit masks."""

    NUM_ACTIONS: ClassVar[int] = NUM_ACTIONS

    seat: int
    rules: PandurRules
    num_seats: int
    phase: str
    to_move: int
    dealer: int
    hand: int
    hand_sizes: tuple[int, ...]
    hand_no: int
    #: The seats still at the table, those dealt cards (in seat order and from the Vorhand)
    #: and the dealer sitting the hand out (-1: none).
    at_table: tuple[int, ...]
    active: tuple[int, ...]
    order: tuple[int, ...]
    sitting_out: int
    #: The auction: each seat's highest bid (``None``: none), the seats that passed (bits),
    #: every call in order ((seat, action)), the soloist (-1 until the auction is over) and his
    #: bid (points, or a special bid's constant; 0 before).
    bids: tuple[int | None, ...]
    passed: int
    auction: tuple[tuple[int, int], ...]
    soloist: int
    bid: int
    thrown_in: bool
    #: The trump suit (-1 before it is fixed and without trumps), the mode of play, and whether
    #: the soloist's first card fixes the trumps.
    trump: int
    mode: int
    trumps_by_card: bool
    trick_no: int
    num_tricks: int
    leader: int
    trick: tuple[tuple[int, int], ...]
    history: tuple[tuple[int, int], ...]
    trick_winners: tuple[int, ...]
    trick_values: tuple[int, ...]
    #: Points credited to each seat in this hand (tricks, the soloist's Weis and Stöck).
    made: tuple[int, ...]
    #: Game points before this hand, and what the hand gives each seat once over.
    totals: tuple[int, ...]
    result: tuple[int, ...]
    weis_announced: tuple[tuple[tuple[int, int], ...], ...]
    weis_shown: tuple[tuple[Meld, ...], ...]
    weis_seat: int
    stoeck_seat: int
    known: tuple[int, ...]
    #: The pile of cards out of play (two players: 8, face down) and what the observer knows of
    #: it (nothing); the cards in no game (every 6, 7 and 8).
    piles: tuple[int, ...] = ()
    pile_known: tuple[int, ...] = ()
    out_of_play: int = 0
    weis_options: tuple[tuple[Meld, ...], ...] = ()
    legal_actions: tuple[int, ...] = ()

    @property
    def contract(self) -> int:
        """The mode of play once fixed: the trump suit, or without trumps Obenabe or Undenufe
        (-1 before the trumps are named or the soloist's first card fixes them)."""
        if self.trump >= 0:
            return self.trump
        if self.soloist >= 0 and self.phase not in ("bid", "trump") and not self.trumps_by_card:
            return self.mode
        return -1

    @property
    def high_bid(self) -> int | None:
        """The highest bid so far (``None`` before the first)."""
        bids = [b for b in self.bids if b is not None]
        return max(bids, key=LADDER.index) if bids else None

    def soloist_points(self) -> int:
        """The soloist's points in the hand so far (0 before the auction is over)."""
        return self.made[self.soloist] if self.soloist >= 0 else 0

    def panel(self) -> dict[str, Any]:
        """The public part of the hand as plain data, the same for every observer."""
        high = self.high_bid
        return {
            "pandur_bid": bid_name(self.bid) if self.soloist >= 0 else None,
            "soloist": self.soloist if self.soloist >= 0 else None,
            "high_bid": bid_name(high) if high is not None else None,
            "bids": [bid_name(b) if b is not None else None for b in self.bids],
            "passed": [s for s in range(self.num_seats) if self.passed >> s & 1],
            "value": value(self.bid, self.rules.scale) if self.soloist >= 0 else None,
            "soloist_points": self.soloist_points() if self.soloist >= 0 else None,
            "sitting_out": self.sitting_out if self.sitting_out >= 0 else None,
            "at_table": list(self.at_table),
            "totals": list(self.totals),
            "target": self.rules.target,
            "trumps_by_card": self.trumps_by_card,
            "thrown_in": self.thrown_in,
            "out_of_play": self.piles[0] if self.piles else 0,
        }

    def to_tensor(self) -> list[float]:
        """A flat vector of :data:`OBS_SIZE` floats (layout in the module text)."""
        n = self.num_seats
        me = self.seat if self.seat >= 0 else 0

        def rel(s: int) -> int:
            return (s - me) % n

        v = card_planes(self.seat, n, self.hand, self.history, self.trick, OBS_SIZE, 180)
        for s in range(n):
            r = rel(s)
            if r:
                for c in bits(self.known[s]):
                    v[324 + 36 * (r - 1) + c] = 1.0
            if self.passed >> s & 1:
                v[469 + r] = 1.0
            if s in self.active:
                v[473 + r] = 1.0
            v[487 + r] = self.totals[s] / self.rules.target
        high = self.high_bid
        if high is not None:
            v[432 + LADDER.index(high)] = 1.0
        if self.soloist >= 0:
            v[457 + rel(self.soloist)] = 1.0
            v[491] = self.soloist_points() / 157.0
            v[492] = sum(1 for w in self.trick_winners if w == self.soloist) / 8.0
        v[461 + rel(self.dealer)] = 1.0
        v[465 + rel(self.leader)] = 1.0
        if self.trump >= 0:
            v[477 + self.trump] = 1.0
        v[481] = 1.0 if self.trumps_by_card else 0.0
        if self.phase in _PHASES:
            v[482 + _PHASES.index(self.phase)] = 1.0
        v[493] = self.trick_no / self.num_tricks
        return v


def observe(hand: PandurHand, seat: int) -> PandurObservation:
    """The observation of ``seat`` (``-1``: a spectator) in ``hand``."""
    check_seat(hand, seat)
    view = table_view(hand, seat)
    dead = hand.deal.dead
    return PandurObservation(
        **seat_fields(hand, seat, view),
        at_table=hand.at_table,
        active=hand.active,
        order=hand.order,
        sitting_out=hand.sitting_out,
        bids=hand.bids,
        passed=hand.passed,
        auction=hand.auction,
        soloist=hand.soloist,
        bid=hand.bid,
        thrown_in=hand.thrown_in,
        trumps_by_card=hand.trumps_by_card,
        num_tricks=hand.num_tricks,
        trick_values=hand.trick_values,
        made=hand.credited,
        totals=hand.totals,
        result=hand.result(),
        piles=(dead.bit_count(),) if dead else (),
        pile_known=(0,) if dead else (),
        out_of_play=ALL_CARDS & ~DECK,
    )
