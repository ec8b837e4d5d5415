"""What one Schellenjass seat (or a spectator) may know, and its tensor encoding.

Besides the public view of every trick hand (:mod:`puur.variants.view`) a seat knows its own
cards, the penalty suit, the penalty cards every player has taken in the hand, the game totals
before the hand and, once the hand is over, what it adds. There is nothing else to hide or to
show: no Weis, no Stöck, no turned card, no card out of play. A discard proves a void: the
history shows it to everyone alike.

Tensor layout (version :data:`OBS_VERSION`, :data:`OBS_SIZE` floats; seats relative to the
observer, 0 = the observer, then in playing order; a smaller table leaves the slots of the
missing seats at zero):

=========  ================================================================
0-35       own hand
36-179     cards played, 36 per relative seat (4 seats)
180-323    the current trick, 36 per relative seat
324-327    the leader of the current trick
328-331    the dealer
332-335    penalty cards taken in this hand / 9
336-339    game totals before the hand / 9 (points) or / the Striche target
340        tricks played / tricks in a hand
341        hands left / hands in a game (0 with Striche)
342        1 when scoring Striche
343-346    the penalty suit (one of 4)
=========  ================================================================
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Final

from puur.contracts import MODE_OBENABE
from puur.hand import OVER
from puur.variants.view import SPECTATOR, SeatView, card_planes, table_view
from puur.weis import Meld

if TYPE_CHECKING:
    from puur.variants.schellenjass_hand import SchellenjassHand
    from puur.variants.schellenjass_rules import SchellenjassRules

__all__ = ["OBS_SIZE", "OBS_VERSION", "SchellenjassObservation", "observe"]

OBS_VERSION: Final = 1
OBS_SIZE: Final = 347
NUM_ACTIONS: Final = 36


@dataclass(frozen=True)
class SchellenjassObservation(SeatView):
    """One seat's view of a Schellenjass hand. Card sets are raw 36-bit masks."""

    NUM_ACTIONS: ClassVar[int] = NUM_ACTIONS

    seat: int
    rules: SchellenjassRules
    num_seats: int
    phase: str
    to_move: int
    dealer: int
    hand: int
    hand_sizes: tuple[int, ...]
    #: The suit whose cards cost a point (0-3).
    penalty_suit: int
    trick_no: int
    leader: int
    trick: tuple[tuple[int, int], ...]
    history: tuple[tuple[int, int], ...]
    trick_winners: tuple[int, ...]
    trick_values: tuple[int, ...]
    #: The penalty cards each player has taken in this hand so far.
    taken: tuple[int, ...]
    #: Game totals before this hand; what the hand adds once it is over (zeros before).
    totals: tuple[int, ...]
    result: tuple[int, ...]
    #: The seat that took all nine penalty cards once the hand is over (-1: none).
    turi_seat: int
    hand_no: int
    known: tuple[int, ...]
    #: Nobody declares a Weis or announces Stöck (empty per seat, -1: what the shared code of
    #: the bots and interfaces reads).
    weis_announced: tuple[tuple[tuple[int, int], ...], ...] = ()
    weis_shown: tuple[tuple[Meld, ...], ...] = ()
    weis_options: tuple[tuple[Meld, ...], ...] = ()
    weis_seat: int = -1
    stoeck_seat: int = -1
    legal_actions: tuple[int, ...] = ()

    #: No trumps, ever (the bots' shared code reads these).
    trump: int = -1
    mode: int = 4

    @property
    def contract(self) -> int:
        """Always Obenabe without trumps."""
        return MODE_OBENABE

    @property
    def striche(self) -> bool:
        """True when the game is scored in Striche."""
        return self.rules.scoring == "striche"

    def panel(self) -> dict[str, Any]:
        """The public part of the hand as plain data, the same for every observer: the penalty
        suit, the penalty cards each player has taken, the totals before the hand and once it
        is over what it adds (and who made a Turi)."""
        over = self.phase == OVER
        return {
            "scoring": self.rules.scoring,
            "hands": self.rules.hands,
            "striche_target": self.rules.striche_target,
            "penalty_suit": self.penalty_suit,
            "taken": list(self.taken),
            "totals": list(self.totals),
            "result": list(self.result) if over else None,
            "turi_seat": self.turi_seat if over and self.turi_seat >= 0 else None,
        }

    def to_tensor(self) -> list[float]:
        """A flat vector of :data:`OBS_SIZE` floats (layout in the module text)."""
        n = self.num_seats
        me = self.seat if self.seat >= 0 else 0

        def rel(s: int) -> int:
            return (s - me) % n

        v = card_planes(self.seat, n, self.hand, self.history, self.trick, OBS_SIZE, 180)
        v[324 + rel(self.leader)] = 1.0
        v[328 + rel(self.dealer)] = 1.0
        scale = float(self.rules.striche_target) if self.striche else 9.0
        for s in range(n):
            r = rel(s)
            v[332 + r] = self.taken[s] / 9.0
            v[336 + r] = self.totals[s] / scale
        v[340] = self.trick_no / (36 // n)
        if not self.striche:
            v[341] = (self.rules.hands - self.hand_no) / self.rules.hands
        v[342] = 1.0 if self.striche else 0.0
        v[343 + self.penalty_suit] = 1.0
        return v


def observe(hand: SchellenjassHand, seat: int) -> SchellenjassObservation:
    """The observation of ``seat`` (``-1``: a spectator) in ``hand``."""
    n = hand.num_seats
    if type(seat) is not int or not SPECTATOR <= seat < n:
        raise ValueError(f"seat must be -1 (a spectator) or 0..{n - 1}, not {seat!r}")
    view = table_view(hand, seat)
    my_turn = seat >= 0 and hand.to_move == seat and hand.phase != OVER
    over = hand.phase == OVER
    return SchellenjassObservation(
        seat=seat,
        rules=hand.options,
        num_seats=n,
        phase=view.phase,
        to_move=hand.to_move,
        dealer=hand.dealer,
        hand=hand.hands[seat] if seat >= 0 else 0,
        hand_sizes=tuple(h.bit_count() for h in hand.hands),
        penalty_suit=hand.penalty_suit,
        trick_no=hand.trick_no,
        leader=hand.leader,
        trick=view.trick,
        history=view.history,
        trick_winners=hand.trick_winners,
        trick_values=hand.trick_values,
        taken=hand.credited,
        totals=hand.totals,
        result=hand.result(),
        turi_seat=hand.turi_seat() if over else -1,
        hand_no=hand.hand_no,
        known=view.known,
        weis_announced=view.weis_announced,
        weis_shown=view.weis_shown,
        legal_actions=tuple(hand.legal_actions()) if my_turn else (),
    )
