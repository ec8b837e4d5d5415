"""What one Molotow seat (or a spectator) may know, and its tensor encoding.

Besides the public view of every trick hand (:mod:`puur.variants.view`) a seat knows its own
cards, the trumps and the card (and seat) that fixed them, the cards dealt to nobody, the points
every trick is worth in the contract as it now stands, each player's score in the hand so far,
the table Weis, and the game totals before the hand. Every hand Weis is scored by its own
holder, so once trick 1 is over every declared Weis is shown card by card (with
``best_weis_only`` only the best, as in Schieber). A discard proves a void: the history shows
it to everyone alike.

Tensor layout (version :data:`OBS_VERSION`, :data:`OBS_SIZE` floats; seats relative to the
observer, 0 = the observer, then in playing order; a smaller table leaves the slots of the
missing seats at zero):

=========  ================================================================
0-35       own hand
36-251     cards played, 36 per relative seat (6 seats)
252-467    the current trick, 36 per relative seat
468-472    the mode: 4 suits, Obenabe (no trumps yet)
473-508    the card that fixed trumps
509-688    cards known in another seat's hand, 36 per relative seat 1-5
689-694    the leader of the current trick
695-700    the dealer
701-703    phase: weis, play, stoeck
704-709    score in this hand so far / 157
710-715    game totals before the hand / 157
716        tricks played / tricks in a hand
717        hands left / hands in a game
718        1 in family B (Striche and Nuller)
=========  ================================================================
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Final

from puur.cards import ALL_CARDS, bits, format_card
from puur.contracts import MODE_OBENABE
from puur.hand import OVER
from puur.variants.view import SeatView, card_planes, check_seat, seat_fields, table_view
from puur.weis import Meld

if TYPE_CHECKING:
    from puur.variants.molotow_hand import MolotowHand
    from puur.variants.molotow_rules import MolotowRules

__all__ = ["OBS_SIZE", "OBS_VERSION", "MolotowObservation", "observe"]

OBS_VERSION: Final = 1
OBS_SIZE: Final = 719
NUM_ACTIONS: Final = 54
_PHASES: Final = ("weis", "play", "stoeck")


@dataclass(frozen=True)
class MolotowObservation(SeatView):
    """One seat's view of a Molotow hand. Card sets are raw 36-bit masks."""

    NUM_ACTIONS: ClassVar[int] = NUM_ACTIONS

    seat: int
    rules: MolotowRules
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
    #: Each player's score in the hand so far (family A) or card points (family B).
    made: tuple[int, ...]
    table_weis: tuple[int, ...]
    #: Game totals before this hand; what the hand adds once it is over (zeros before).
    totals: tuple[int, ...]
    result: tuple[int, ...]
    marks: tuple[tuple[int, int], ...]
    hand_no: int
    weis_announced: tuple[tuple[tuple[int, int], ...], ...]
    weis_shown: tuple[tuple[Meld, ...], ...]
    #: The seat whose Weis alone counts (``best_weis_only``), once trick 1 is over; -1 when
    #: every Weis counts for its holder (the default): there is no best Weis to name then.
    weis_seat: int
    stoeck_seat: int
    known: tuple[int, ...]
    #: Cards dealt to nobody (the Schilten 6 with five players).
    out_of_play: int = 0
    weis_options: tuple[tuple[Meld, ...], ...] = ()
    legal_actions: tuple[int, ...] = ()

    @property
    def contract(self) -> int:
        """The contract as it stands: the trump suit, or Obenabe while there is none."""
        return self.trump if self.trump >= 0 else MODE_OBENABE

    def panel(self) -> dict[str, Any]:
        """The public part of the hand as plain data, the same for every observer: the card
        and seat that fixed trumps, what each trick is worth now, each player's score in the
        hand, table Weis and total before it, and once the hand is over what it adds (and the
        Striche and Nuller in family B)."""
        over = self.phase == OVER
        return {
            "scoring": self.rules.scoring,
            "hands": self.rules.hands,
            "trump_card": format_card(self.trump_card) if self.trump_card >= 0 else None,
            "trump_seat": self.trump_seat if self.trump_seat >= 0 else None,
            "trick_values": list(self.trick_values),
            "made": list(self.made),
            "table_weis": list(self.table_weis),
            "totals": list(self.totals),
            "result": list(self.result) if over else None,
            "marks": [list(m) for m in self.marks] if over and not self.rules.family_a
            else None,
        }

    def to_tensor(self) -> list[float]:
        """A flat vector of :data:`OBS_SIZE` floats (layout in the module text)."""
        n = self.num_seats
        me = self.seat if self.seat >= 0 else 0

        def rel(s: int) -> int:
            return (s - me) % n

        v = card_planes(self.seat, n, self.hand, self.history, self.trick, OBS_SIZE, 252)
        v[468 + self.mode] = 1.0
        if self.trump_card >= 0:
            v[473 + self.trump_card] = 1.0
        for s in range(n):
            r = rel(s)
            if r:
                for c in bits(self.known[s]):
                    v[509 + 36 * (r - 1) + c] = 1.0
            v[704 + r] = self.made[s] / 157.0
            v[710 + r] = self.totals[s] / 157.0
        v[689 + rel(self.leader)] = 1.0
        v[695 + rel(self.dealer)] = 1.0
        if self.phase in _PHASES:
            v[701 + _PHASES.index(self.phase)] = 1.0
        v[716] = self.trick_no / (self.hand_sizes_total() // n)
        v[717] = (self.rules.hands - self.hand_no) / self.rules.hands
        v[718] = 0.0 if self.rules.family_a else 1.0
        return v

    def hand_sizes_total(self) -> int:
        """The cards dealt in the hand (35 with five players, else 36)."""
        return 36 - self.out_of_play.bit_count()


def observe(hand: MolotowHand, seat: int) -> MolotowObservation:
    """The observation of ``seat`` (``-1``: a spectator) in ``hand``."""
    check_seat(hand, seat)
    view = table_view(hand, seat)
    shown = view.weis_shown
    known = view.known
    if hand.trick_winners and not hand.options.best_weis_only:
        # Every holder scores his own Weis: all of them are shown once trick 1 is over.
        played = sum(1 << c for c in hand.played)
        shown = hand.declared
        known = tuple(
            (k | sum(m.cards for m in hand.declared[s])) & ~played for s, k in enumerate(known)
        )
    fields = seat_fields(hand, seat, view)
    fields.update(
        weis_shown=shown,
        weis_seat=view.weis_seat if hand.options.best_weis_only else -1,
        known=known,
    )
    return MolotowObservation(
        **fields,
        trump_card=hand.trump_card,
        trump_seat=hand.trump_seat,
        trick_values=hand.trick_values,
        made=hand.credited,
        table_weis=hand.table_weis,
        totals=hand.totals,
        result=hand.result(),
        marks=hand.marks(),
        out_of_play=ALL_CARDS & ~sum(hand.initial_hands),
    )
