"""What one Handjass seat (or a spectator) may know, and its tensor encoding.

Besides the public view of every trick hand (:mod:`puur.variants.view`) a seat knows its own
cards, the turned card and who holds it (the dealer, or the robber who took it for the trump
6), every word of the declaring (play, drop, swap and maybe are said aloud), who swapped, who
plays, who has left the game, the points of every player in play so far and the nets before the
hand. A face-up card of the blind (the turned card, or the 6 put there for it) is public, and so
is where it goes when someone swaps. The rest of the blind, the dead hand, the hands of the
players who dropped and the hand a swapper put aside are secret: only the swapper knows the
hand he put aside (and, having taken it, what the blind held).

For the resampling of the search, the cards that lie in no hand are *piles*: ``piles`` gives
the size of the blind and the dead hand as they lie now and ``pile_known`` the cards of each
the observer knows.

Tensor layout (version :data:`OBS_VERSION`, :data:`OBS_SIZE` floats; seats relative to the
observer, 0 = the observer, then in seat order; a smaller table leaves the slots of the missing
seats at zero):

=========  ================================================================
0-35       own hand
36-215     cards played, 36 per relative seat (5 seats)
216-395    the current trick, 36 per relative seat
396-399    the trump suit
400-435    the turned card
436-615    cards known in another seat's hand, 36 per relative seat 1-5
616-651    cards known in the blind
652-656    the leader of the current trick
657-661    the dealer
662-665    phase: declare, weis, play, stoeck
666-670    said play or swap
671-675    dropped
676-680    said maybe
681-685    out of the game
686-690    points in this hand so far / 157
691-695    net before the hand / target
696        tricks played / tricks in a hand
=========  ================================================================
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Final

from puur.cards import ALL_CARDS, Rank, bits, format_card
from puur.hand import OVER
from puur.variants.handjass_hand import A_DROP, A_MAYBE, A_PLAY, A_SWAP, NUM_ACTIONS
from puur.variants.view import SeatView, card_planes, check_seat, seat_fields, table_view
from puur.weis import Meld

if TYPE_CHECKING:
    from puur.variants.handjass_hand import HandjassHand
    from puur.variants.handjass_rules import HandjassRules

__all__ = ["OBS_SIZE", "OBS_VERSION", "HandjassObservation", "observe"]

OBS_VERSION: Final = 1
OBS_SIZE: Final = 697
_PHASES: Final = ("declare", "weis", "play", "stoeck")
_WORD: Final = {A_PLAY: "play", A_DROP: "drop", A_SWAP: "swap", A_MAYBE: "maybe"}


@dataclass(frozen=True)
class HandjassObservation(SeatView):
    """One seat's view of a Handjass hand. Card sets are raw 36-bit masks."""

    NUM_ACTIONS: ClassVar[int] = NUM_ACTIONS

    seat: int
    rules: HandjassRules
    num_seats: int
    phase: str
    to_move: int
    dealer: int
    hand: int
    hand_sizes: tuple[int, ...]
    trump: int
    mode: int
    #: The card turned for trumps, the seat holding it (-1: it lies in the blind) and the seat
    #: that exchanged the trump 6 for it (-1: none).
    turned: int
    turned_seat: int
    robber: int
    #: The seats dealt in (the others have left the game), and those playing the tricks
    #: (empty until the declaring is over).
    active: tuple[int, ...]
    in_play: tuple[int, ...]
    #: Every word of the declaring as (seat, action), and each seat's last word (-1: none).
    words: tuple[tuple[int, int], ...]
    said: tuple[int, ...]
    swapper: int
    trick_no: int
    num_tricks: int
    leader: int
    trick: tuple[tuple[int, int], ...]
    history: tuple[tuple[int, int], ...]
    trick_winners: tuple[int, ...]
    trick_values: tuple[int, ...]
    #: Each player's points in the hand so far (cards, Stöck, and the Weis once counted).
    made: tuple[int, ...]
    #: Nets before this hand; what the hand adds and the (Striche, Nuller) once it is over.
    totals: tuple[int, ...]
    result: tuple[int, ...]
    marks: tuple[tuple[int, int], ...]
    hand_no: int
    weis_announced: tuple[tuple[tuple[int, int], ...], ...]
    weis_shown: tuple[tuple[Meld, ...], ...]
    weis_seat: int
    stoeck_seat: int
    known: tuple[int, ...]
    #: Sizes of the card piles in no hand (the blind, the dead hand) and the cards of each the
    #: observer knows; cards dealt to nobody (the Schilten 6 with five players).
    piles: tuple[int, ...] = ()
    pile_known: tuple[int, ...] = ()
    out_of_play: int = 0
    weis_options: tuple[tuple[Meld, ...], ...] = ()
    legal_actions: tuple[int, ...] = ()

    @property
    def contract(self) -> int:
        """The trump suit (turned)."""
        return self.trump

    def dealt_known(self, seat: int) -> int:
        """Cards of the hand ``seat`` was *dealt* that the observer knows (it may hold others
        now: the turned card it robbed, or the blind it swapped for)."""
        if seat == self.seat and seat == self.swapper:
            held = self.pile_known[0] if self.pile_known else 0
        elif seat == self.swapper:
            held = 0
        else:
            held = self.known_cards(seat) | self.played_by(seat)
        if seat == self.robber:
            held = held & ~(1 << self.turned) | 1 << (9 * self.trump + Rank.SIX)
        return held

    def dropped(self) -> tuple[int, ...]:
        """The seats that dropped out of this hand."""
        return tuple(s for s in range(self.num_seats) if self.said[s] == A_DROP)

    def panel(self) -> dict[str, Any]:
        """The public part of the hand as plain data, the same for every observer."""
        over = self.phase == OVER
        return {
            "turned": format_card(self.turned),
            "turned_seat": self.turned_seat if self.turned_seat >= 0 else None,
            "robber": self.robber if self.robber >= 0 else None,
            "swapper": self.swapper if self.swapper >= 0 else None,
            "said": [_WORD.get(a) for a in self.said],
            "active": list(self.active),
            "in_play": list(self.in_play),
            "made": list(self.made),
            "totals": list(self.totals),
            "target": self.rules.target,
            "marks": [list(m) for m in self.marks] if over else None,
            "result": list(self.result) if over else None,
            "piles": list(self.piles),
            "blind_up": format_card(self.blind_up()) if self.blind_up() >= 0 else None,
        }

    def blind_up(self) -> int:
        """The card lying face up on the blind, the same for every observer: the turned card
        while it lies there, the trump 6 a robber put there until someone swaps; -1 for none
        (no blind, or the blind was swapped for a hand that lies face down)."""
        if not self.piles:
            return -1
        if self.turned_seat < 0:
            return self.turned
        if self.robber >= 0 and self.swapper < 0:
            return 9 * self.trump + Rank.SIX
        return -1

    def to_tensor(self) -> list[float]:
        """A flat vector of :data:`OBS_SIZE` floats (layout in the module text)."""
        n = self.num_seats
        me = self.seat if self.seat >= 0 else 0

        def rel(s: int) -> int:
            return (s - me) % n

        v = card_planes(self.seat, n, self.hand, self.history, self.trick, OBS_SIZE, 216)
        v[396 + self.trump] = 1.0
        v[400 + self.turned] = 1.0
        for s in range(n):
            r = rel(s)
            if r:
                for c in bits(self.known[s]):
                    v[436 + 36 * (r - 1) + c] = 1.0
            word = self.said[s]
            if word in (A_PLAY, A_SWAP):
                v[666 + r] = 1.0
            elif word == A_DROP:
                v[671 + r] = 1.0
            elif word == A_MAYBE:
                v[676 + r] = 1.0
            if s not in self.active:
                v[681 + r] = 1.0
            v[686 + r] = self.made[s] / 157.0
            v[691 + r] = self.totals[s] / self.rules.target
        if self.pile_known:
            for c in bits(self.pile_known[0]):
                v[616 + c] = 1.0
        v[652 + rel(self.leader)] = 1.0
        v[657 + rel(self.dealer)] = 1.0
        if self.phase in _PHASES:
            v[662 + _PHASES.index(self.phase)] = 1.0
        v[696] = self.trick_no / max(self.num_tricks, 1)
        return v


def _public(hand: HandjassHand) -> tuple[list[int], int, int]:
    """The face-up cards the table has seen, where each lies now (per seat, and in the blind),
    and the seat holding the turned card (-1: it lies in the blind)."""
    seats = [0] * hand.num_seats
    t = 1 << hand.turned
    if not hand.layout.turned_in_blind:
        seats[hand.dealer] |= t
        return seats, 0, hand.dealer
    r, w = hand.robber, hand.swapper
    face = 1 << (9 * hand.trump + Rank.SIX) if r >= 0 else t  # what lies face up on the blind
    if r >= 0:
        seats[r] |= t
    if w < 0:
        return seats, face, r
    seats[w] |= face  # the swapper took the blind with its face-up card
    if r == w:  # ... and put the turned card he had robbed aside with his hand
        seats[w] &= ~t
        return seats, t, -1
    return seats, 0, r if r >= 0 else w


def observe(hand: HandjassHand, seat: int) -> HandjassObservation:
    """The observation of ``seat`` (``-1``: a spectator) in ``hand``."""
    check_seat(hand, seat)
    public, blind_known, holder = _public(hand)
    view = table_view(hand, seat, tuple(public))
    if seat >= 0 and seat == hand.swapper:
        blind_known = hand.blind
    piles: tuple[int, ...] = ()
    pile_known: tuple[int, ...] = ()
    if hand.layout.blind:
        piles = (hand.blind.bit_count(), hand.dead.bit_count())
        pile_known = (blind_known & hand.blind, 0)
    dealt = sum(hand.deal.hands) | hand.deal.blind | hand.deal.dead
    return HandjassObservation(
        **seat_fields(hand, seat, view),
        turned=hand.turned,
        turned_seat=holder,
        robber=hand.robber,
        active=hand.active,
        in_play=hand.in_play,
        words=hand.words,
        said=hand.said,
        swapper=hand.swapper,
        num_tricks=hand.num_tricks,
        trick_values=hand.trick_values,
        made=hand.credited,
        totals=hand.totals,
        result=hand.result(),
        marks=hand.marks(),
        piles=piles,
        pile_known=pile_known,
        out_of_play=ALL_CARDS & ~dealt,
    )
