"""What one Darts-Jass seat (or a spectator) may know, and its tensor encoding.

Besides the public view of every trick hand (:mod:`puur.variants.view`) a seat knows its own
cards, who chose and what, whether the Vorhand pushed, the points each side has taken in the
hand, every side's total before the hand and what it still needs to the target (the darts
board's count down) and, once the hand is over, whether the chooser's side made it, what the
chooser rule gives each side, which gain the exact finish wiped and what the hand adds. With
two players the 18 dead cards are a face-down pile (``piles``) that nobody sees during the
game; the search deals unseen cards to it as to a seat.

Tensor layout (version :data:`OBS_VERSION`, :data:`OBS_SIZE` floats; seats relative to the
observer, 0 = the observer, then in seat order; a smaller table leaves the slots of the missing
seats at zero; a side's figures stand in the slot of each of its seats):

=========  ================================================================
0-35       own hand
36-179     cards played, 36 per relative seat (4 seats)
180-323    the current trick, 36 per relative seat
324-329    the contract: 4 suits, Obenabe, Undenufe
330-333    the chooser
334        1 when the Vorhand pushed
335-338    the leader of the current trick
339-342    the dealer
343-450    cards known in another seat's hand, 36 per relative seat 1-3
451-454    the seat's side's points in this hand / 157
455-458    the seat's side's total before the hand / the target
459        tricks played / tricks in a hand
460-463    phase: choose, weis, play, stoeck
464        1 with the exact finish
465        the target / 1001
=========  ================================================================
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Final

from puur.actions import NUM_ACTIONS
from puur.contracts import format_contract
from puur.hand import OVER
from puur.variants.darts_rules import deal_shape, remaining
from puur.variants.view import SeatView, card_planes, check_seat, seat_fields, table_view
from puur.weis import Meld

if TYPE_CHECKING:
    from puur.variants.darts_hand import DartsHand
    from puur.variants.darts_rules import DartsRules

__all__ = ["OBS_SIZE", "OBS_VERSION", "DartsObservation", "observe"]

OBS_VERSION: Final = 1
OBS_SIZE: Final = 466
_PHASES: Final = ("choose", "weis", "play", "stoeck")


@dataclass(frozen=True)
class DartsObservation(SeatView):
    """One seat's view of a Darts-Jass hand. Card sets are raw 36-bit masks."""

    NUM_ACTIONS: ClassVar[int] = NUM_ACTIONS

    seat: int
    rules: DartsRules
    num_seats: int
    phase: str
    to_move: int
    dealer: int
    hand: int
    hand_sizes: tuple[int, ...]
    trump: int
    mode: int
    trick_no: int
    leader: int
    trick: tuple[tuple[int, int], ...]
    history: tuple[tuple[int, int], ...]
    trick_winners: tuple[int, ...]
    hand_no: int
    weis_announced: tuple[tuple[tuple[int, int], ...], ...]
    weis_shown: tuple[tuple[Meld, ...], ...]
    weis_seat: int
    stoeck_seat: int
    known: tuple[int, ...]
    #: The side of each seat (two teams with four players).
    sides: tuple[int, ...]
    vorhand: int
    #: The seat that chose and its contract (-1 before the choice), and whether he was pushed.
    chooser: int
    contract: int
    pushed: bool
    trick_values: tuple[int, ...]
    #: The points each side has taken in the hand so far.
    made: tuple[int, ...]
    #: Each side's total before this hand.
    totals: tuple[int, ...]
    #: Once the hand is over (zeros before): what the chooser rule gives each side, and what
    #: the hand adds after the exact finish.
    gains: tuple[int, ...]
    result: tuple[int, ...]
    #: Sizes of the piles in no hand (two players: the 18 dead cards), and what the observer
    #: knows of each (nothing).
    piles: tuple[int, ...] = ()
    pile_known: tuple[int, ...] = ()
    out_of_play: int = 0
    #: There is no push back (the terminal's choosing reads it).
    pushed_back: bool = False
    weis_options: tuple[tuple[Meld, ...], ...] = ()
    legal_actions: tuple[int, ...] = ()

    @property
    def in_play(self) -> tuple[int, ...]:
        """The seats that play the tricks: every seat."""
        return tuple(range(self.num_seats))

    @property
    def chooser_side(self) -> int:
        """The side that chose (-1 before the choice)."""
        return self.sides[self.chooser] if self.chooser >= 0 else -1

    def panel(self) -> dict[str, Any]:
        """The public part of the hand as plain data, the same for every observer: the target
        and the count down of each side before the hand, the choice, the points taken and,
        once the hand is over, the chooser rule and what the hand adds."""
        over = self.phase == OVER
        target = self.rules.darts_target
        after = tuple(t + r for t, r in zip(self.totals, self.result, strict=True))
        made = None
        if over:
            c = self.chooser_side
            made = all(self.made[c] > x for s, x in enumerate(self.made) if s != c)
        return {
            "darts_target": target,
            "exact_finish": self.rules.darts_exact_finish,
            "sides": list(self.sides),
            "vorhand": self.vorhand,
            "chooser": self.chooser if self.chooser >= 0 else None,
            "chooser_side": self.chooser_side if self.chooser >= 0 else None,
            "contract": format_contract(self.contract) if self.contract >= 0 else None,
            "pushed": self.pushed,
            "made": list(self.made),
            "totals": list(self.totals),
            "remaining": list(remaining(self.totals, target)),
            "made_it": made,
            "gains": list(self.gains) if over else None,
            "result": list(self.result) if over else None,
            "busted": [g > 0 and r == 0 for g, r in zip(self.gains, self.result, strict=True)]
            if over else None,
            "remaining_after": list(remaining(after, target)) if over else None,
        }

    def to_tensor(self) -> list[float]:
        """A flat vector of :data:`OBS_SIZE` floats (layout in the module text)."""
        n = self.num_seats
        me = self.seat if self.seat >= 0 else 0

        def rel(s: int) -> int:
            return (s - me) % n

        v = card_planes(self.seat, n, self.hand, self.history, self.trick, OBS_SIZE, 180)
        if self.contract >= 0:
            v[324 + self.contract] = 1.0
            v[330 + rel(self.chooser)] = 1.0
        v[334] = 1.0 if self.pushed else 0.0
        v[335 + rel(self.leader)] = 1.0
        v[339 + rel(self.dealer)] = 1.0
        target = float(self.rules.darts_target)
        for s in range(n):
            r = rel(s)
            if r:
                for c in range(36):
                    if self.known[s] >> c & 1:
                        v[343 + 36 * (r - 1) + c] = 1.0
            v[451 + r] = self.made[self.sides[s]] / 157.0
            v[455 + r] = self.totals[self.sides[s]] / target
        v[459] = self.trick_no / deal_shape(n)[0]
        if self.phase in _PHASES:
            v[460 + _PHASES.index(self.phase)] = 1.0
        v[464] = 1.0 if self.rules.darts_exact_finish else 0.0
        v[465] = target / 1001.0
        return v


def observe(hand: DartsHand, seat: int) -> DartsObservation:
    """The observation of ``seat`` (``-1``: a spectator) in ``hand``."""
    check_seat(hand, seat)
    view = table_view(hand, seat)
    dead = hand.dead
    return DartsObservation(
        **seat_fields(hand, seat, view),
        sides=hand.sides,
        vorhand=hand.vorhand,
        chooser=hand.chooser,
        contract=hand.contract,
        pushed=hand.pushed,
        trick_values=hand.trick_values,
        made=hand.credited,
        totals=hand.totals,
        gains=hand.gains(),
        result=hand.result(),
        piles=(dead.bit_count(),) if dead else (),
        pile_known=(0,) if dead else (),
    )
