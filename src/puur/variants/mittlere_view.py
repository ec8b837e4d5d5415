"""What one Mittlere seat (or a spectator) may know, and its tensor encoding.

Besides the public view of every trick hand (:mod:`puur.variants.view`) a seat knows its own
cards, the trumps and the card (and seat) that fixed them, the points every trick is worth in
the contract as it now stands, each player's card points and tricks in the hand so far, and
the net counts before the hand. There are no Weis and no Stöck. A discard proves a void: the
history shows it to everyone alike.

Tensor layout (version :data:`OBS_VERSION`, :data:`OBS_SIZE` floats; seats relative to the
observer, 0 = the observer, then in playing order):

=========  ================================================================
0-35       own hand
36-143     cards played, 36 per relative seat (3 seats)
144-251    the current trick, 36 per relative seat
252-256    the mode: 4 suits, Obenabe (no trumps yet)
257-292    the card that fixed trumps
293-364    cards known in another seat's hand, 36 per relative seat 1-2
365-367    the leader of the current trick
368-370    the dealer
371-373    card points in this hand so far / 157
374-376    tricks taken in this hand / 12
377-379    net counts before the hand / hands in a game
380        tricks played / 12
381        hands left / hands in a game
382        1 when Nuller count (``negative``)
=========  ================================================================
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Final

from puur.cards import bits, format_card
from puur.contracts import MODE_OBENABE
from puur.hand import OVER
from puur.variants.view import SeatView, card_planes, check_seat, seat_fields, table_view
from puur.weis import Meld

if TYPE_CHECKING:
    from puur.variants.mittlere_hand import MittlereHand
    from puur.variants.mittlere_rules import MittlereRules

__all__ = ["OBS_SIZE", "OBS_VERSION", "MittlereObservation", "observe"]

OBS_VERSION: Final = 1
OBS_SIZE: Final = 383
NUM_ACTIONS: Final = 36
_TRICKS: Final = 12


@dataclass(frozen=True)
class MittlereObservation(SeatView):
    """One seat's view of a Mittlere hand. Card sets are raw 36-bit masks."""

    NUM_ACTIONS: ClassVar[int] = NUM_ACTIONS

    seat: int
    rules: MittlereRules
    num_seats: int
    phase: str
    to_move: int
    dealer: int
    hand: int
    hand_sizes: tuple[int, ...]
    #: The trump suit (-1 while there is none) and the mode (a suit, or 4 = Obenabe).
    trump: int
    mode: int
    #: The card that fixed trumps and who played it (-1 while there are none).
    trump_card: int
    trump_seat: int
    trick_no: int
    leader: int
    trick: tuple[tuple[int, int], ...]
    history: tuple[tuple[int, int], ...]
    trick_winners: tuple[int, ...]
    #: What each trick taken is worth in the contract as it now stands.
    trick_values: tuple[int, ...]
    #: Each player's card points and tricks in the hand so far.
    made: tuple[int, ...]
    tricks: tuple[int, ...]
    #: Net counts before this hand; the marks and what the hand adds once it is over.
    totals: tuple[int, ...]
    result: tuple[int, ...]
    marks: tuple[tuple[int, int], ...]
    hand_no: int
    known: tuple[int, ...]
    #: Nobody declares a Weis or announces Stöck (what the shared code of the bots and
    #: interfaces reads).
    weis_announced: tuple[tuple[tuple[int, int], ...], ...] = ()
    weis_shown: tuple[tuple[Meld, ...], ...] = ()
    weis_options: tuple[tuple[Meld, ...], ...] = ()
    weis_seat: int = -1
    stoeck_seat: int = -1
    #: Cards dealt to nobody (none: all 36 are dealt).
    out_of_play: int = 0
    legal_actions: tuple[int, ...] = ()

    @property
    def contract(self) -> int:
        """The contract as it stands: the trump suit, or Obenabe while there is none."""
        return self.trump if self.trump >= 0 else MODE_OBENABE

    def panel(self) -> dict[str, Any]:
        """The public part of the hand as plain data, the same for every observer: the card
        and seat that fixed trumps, each player's card points and tricks, the net counts
        before the hand, and once it is over the Striche and Nuller and what they add."""
        over = self.phase == OVER
        return {
            "middle_marks": [list(m) for m in self.marks] if over else None,
            "negative": self.rules.negative,
            "hands": self.rules.hands,
            "trump_card": format_card(self.trump_card) if self.trump_card >= 0 else None,
            "trump_seat": self.trump_seat if self.trump_seat >= 0 else None,
            "made": list(self.made),
            "tricks": list(self.tricks),
            "totals": list(self.totals),
            "result": list(self.result) if over else None,
        }

    def to_tensor(self) -> list[float]:
        """A flat vector of :data:`OBS_SIZE` floats (layout in the module text)."""
        n = self.num_seats
        me = self.seat if self.seat >= 0 else 0

        def rel(s: int) -> int:
            return (s - me) % n

        v = card_planes(self.seat, n, self.hand, self.history, self.trick, OBS_SIZE, 144)
        v[252 + self.mode] = 1.0
        if self.trump_card >= 0:
            v[257 + self.trump_card] = 1.0
        hands = float(self.rules.hands)
        for s in range(n):
            r = rel(s)
            if r:
                for c in bits(self.known[s]):
                    v[293 + 36 * (r - 1) + c] = 1.0
            v[371 + r] = self.made[s] / 157.0
            v[374 + r] = self.tricks[s] / _TRICKS
            v[377 + r] = self.totals[s] / hands
        v[365 + rel(self.leader)] = 1.0
        v[368 + rel(self.dealer)] = 1.0
        v[380] = self.trick_no / _TRICKS
        v[381] = (self.rules.hands - self.hand_no) / hands
        v[382] = 1.0 if self.rules.negative else 0.0
        return v


def observe(hand: MittlereHand, seat: int) -> MittlereObservation:
    """The observation of ``seat`` (``-1``: a spectator) in ``hand``."""
    check_seat(hand, seat)
    view = table_view(hand, seat)
    fields = seat_fields(hand, seat, view)
    fields.update(rules=hand.mittlere, weis_options=())
    return MittlereObservation(
        **fields,
        trump_card=hand.trump_card,
        trump_seat=hand.trump_seat,
        trick_values=hand.trick_values,
        made=hand.trick_points,
        tricks=hand.tricks_taken(),
        totals=hand.totals,
        result=hand.result(),
        marks=hand.marks(),
    )
