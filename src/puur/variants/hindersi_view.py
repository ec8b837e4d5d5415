"""What one Hindersi seat (or a spectator) may know, and its tensor encoding.

Besides the public view of every trick hand (:mod:`puur.variants.view`) a seat knows its own
cards, the dealer's last card turned for trumps (public, and known to lie in the dealer's hand
until he plays it), every player's points in the hand so far (the Weis taken off once trick 1
is over), the round's points before the hand, the net Striche before the hand and, once the
hand is over, its scores and the round's marks. With ``weis`` the Weis are declared and shown
as in Schieber: only the best Weis at the table is shown and counted.

Tensor layout (version :data:`OBS_VERSION`, :data:`OBS_SIZE` floats; seats relative to the
observer, 0 = the observer, then in seat order; a table of three leaves the fourth slot at
zero):

=========  ================================================================
0-35       own hand
36-179     cards played, 36 per relative seat (4 seats)
180-323    the current trick, 36 per relative seat
324-327    the trump suit
328-363    the turned card
364-471    cards known in another seat's hand, 36 per relative seat 1-3
472-475    the leader of the current trick
476-479    the dealer
480-483    points in this hand so far / 157
484-487    the round's points before this hand / (157 x hands in a round)
488-491    net Striche before this hand / rounds in the game
492        tricks played / tricks in a hand
493        hands left in the round after this one / hands in a round
494        rounds left after this one / rounds in the game
495        1 in the Weis phase
=========  ================================================================
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Final

from puur.cards import bits, format_card
from puur.hand import OVER
from puur.variants.hindersi_hand import NUM_ACTIONS
from puur.variants.hindersi_rules import ALL_POINTS
from puur.variants.view import SeatView, card_planes, check_seat, seat_fields, table_view
from puur.weis import Meld

if TYPE_CHECKING:
    from puur.variants.hindersi_hand import HindersiHand
    from puur.variants.hindersi_rules import HindersiRules

__all__ = ["OBS_SIZE", "OBS_VERSION", "HindersiObservation", "observe"]

OBS_VERSION: Final = 1
OBS_SIZE: Final = 496


@dataclass(frozen=True)
class HindersiObservation(SeatView):
    """One seat's view of a Hindersi hand. Card sets are raw 36-bit masks."""

    NUM_ACTIONS: ClassVar[int] = NUM_ACTIONS

    seat: int
    rules: HindersiRules
    num_seats: int
    phase: str
    to_move: int
    dealer: int
    hand: int
    hand_sizes: tuple[int, ...]
    trump: int
    mode: int
    #: The dealer's last card, turned for trumps (it stays in his hand).
    turned: int
    trick_no: int
    leader: int
    trick: tuple[tuple[int, int], ...]
    history: tuple[tuple[int, int], ...]
    trick_winners: tuple[int, ...]
    trick_values: tuple[int, ...]
    tricks_won: tuple[int, ...]
    #: Each player's points in the hand so far (card points less the Weis once counted).
    made: tuple[int, ...]
    #: The round's points before this hand; the hand's scores once it is over (zeros before).
    round_before: tuple[int, ...]
    points: tuple[int, ...]
    #: The round (1-based), the hand's place in it and whether it ends it.
    round_no: int
    hand_in_round: int
    ends_round: bool
    #: Net Striche before this hand; the round's marks once the hand ending it is over.
    totals: tuple[int, ...]
    result: tuple[int, ...]
    #: The seat that took every trick once the hand is over (-1: none).
    match_seat: int
    hand_no: int
    weis_announced: tuple[tuple[tuple[int, int], ...], ...]
    weis_shown: tuple[tuple[Meld, ...], ...]
    weis_seat: int
    stoeck_seat: int
    known: tuple[int, ...]
    weis_options: tuple[tuple[Meld, ...], ...] = ()
    legal_actions: tuple[int, ...] = ()

    @property
    def contract(self) -> int:
        """The trump suit (turned)."""
        return self.trump

    def panel(self) -> dict[str, Any]:
        """The public part of the hand as plain data, the same for every observer."""
        over = self.phase == OVER
        return {
            "hindersi_round": self.round_no,
            "rounds": self.rules.game_rounds,
            "hand_in_round": self.hand_in_round,
            "turned": format_card(self.turned),
            "made": list(self.made),
            "round_before": list(self.round_before),
            "totals": list(self.totals),
            "points": list(self.points) if over else None,
            "marks": list(self.result) if over and self.ends_round else None,
            "match_seat": self.match_seat if over and self.match_seat >= 0 else None,
        }

    def to_tensor(self) -> list[float]:
        """A flat vector of :data:`OBS_SIZE` floats (layout in the module text)."""
        n = self.num_seats
        me = self.seat if self.seat >= 0 else 0

        def rel(s: int) -> int:
            return (s - me) % n

        o = self.rules
        v = card_planes(self.seat, n, self.hand, self.history, self.trick, OBS_SIZE, 180)
        v[324 + self.trump] = 1.0
        v[328 + self.turned] = 1.0
        for s in range(n):
            r = rel(s)
            if r:
                for c in bits(self.known[s]):
                    v[364 + 36 * (r - 1) + c] = 1.0
            v[480 + r] = self.made[s] / ALL_POINTS
            v[484 + r] = self.round_before[s] / (ALL_POINTS * o.hands_per_round)
            v[488 + r] = self.totals[s] / o.game_rounds
        v[472 + rel(self.leader)] = 1.0
        v[476 + rel(self.dealer)] = 1.0
        v[492] = self.trick_no / (36 // n)
        v[493] = (o.hands_per_round - self.hand_in_round) / o.hands_per_round
        v[494] = (o.game_rounds - self.round_no) / o.game_rounds
        v[495] = 1.0 if self.phase == "weis" else 0.0
        return v


def observe(hand: HindersiHand, seat: int) -> HindersiObservation:
    """The observation of ``seat`` (``-1``: a spectator) in ``hand``."""
    check_seat(hand, seat)
    public = [0] * hand.num_seats
    public[hand.dealer] = 1 << hand.turned
    view = table_view(hand, seat, tuple(public))
    return HindersiObservation(
        **seat_fields(hand, seat, view),
        turned=hand.turned,
        trick_values=hand.trick_values,
        tricks_won=hand.tricks_won,
        made=hand.credited,
        round_before=hand.round_before,
        points=hand.points(),
        round_no=hand.round_no,
        hand_in_round=hand.hand_in_round,
        ends_round=hand.ends_round,
        totals=hand.totals,
        result=hand.result(),
        match_seat=hand.match_seat(),
    )
