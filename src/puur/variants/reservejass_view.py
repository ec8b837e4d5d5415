"""What one Reservejass seat (or a spectator) may know, and its tensor encoding.

Besides the public view of every trick hand (:mod:`puur.variants.view`) a seat knows its own
cards, who chooses, every word said before the card play (``reserve`` and ``keep`` are said
aloud, the mode named is public), the points of every player in this hand and the game totals
before it. The reserve is seen by nobody, and after a swap the dead hand is seen by nobody,
not even by the player who put it down: his observation no longer holds it. With
``reserve_seen`` the chooser alone sees the reserve before he decides, and so knows it wherever
it goes (in his hand, in the hand of another who swapped for it, or still lying).

For the resampling of the search the cards in no hand are *piles*: ``piles`` gives the size of
the reserve and of the dead hand as they lie now and ``pile_known`` the cards of each the
observer knows.

Tensor layout (version :data:`OBS_VERSION`, :data:`OBS_SIZE` floats; seats relative to the
observer, 0 = the observer, then in seat order; a spectator counts from seat 0):

=========  ================================================================
0-35       own hand
36-143     cards played, 36 per relative seat
144-251    the current trick, 36 per relative seat
252-255    the trump suit (none with Obenabe or Undenufe, or before the choice)
256-261    the mode of play (four suits, Obenabe, Undenufe; none before the choice)
262-333    cards known in another seat's hand, 36 per relative seat 1-2
334-369    cards known in the reserve
370-372    the chooser
373-375    the dealer
376-378    the leader of the current trick
379-382    phase: reserve (the chooser's), take (the others'), weis, play (Stöck as play)
383-385    the swapper
386-388    points in this hand so far / 157
389-391    game total before the hand / target
392        tricks played / 9
393-394    cards in the reserve / 9, cards in the dead hand / 9
=========  ================================================================
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Final

from puur.cards import bits, format_card
from puur.contracts import format_contract
from puur.variants.reservejass_hand import NUM_ACTIONS, WORDS
from puur.variants.view import SeatView, card_planes, check_seat, seat_fields, table_view
from puur.weis import Meld

if TYPE_CHECKING:
    from puur.variants.reservejass_hand import ReservejassHand
    from puur.variants.reservejass_rules import ReservejassRules

__all__ = ["OBS_SIZE", "OBS_VERSION", "ReservejassObservation", "observe"]

OBS_VERSION: Final = 1
OBS_SIZE: Final = 395
_PHASES: Final = ("reserve", "take", "weis", "play")


@dataclass(frozen=True)
class ReservejassObservation(SeatView):
    """One seat's view of a Reservejass hand. Card sets are raw 36-bit masks."""

    NUM_ACTIONS: ClassVar[int] = NUM_ACTIONS

    seat: int
    rules: ReservejassRules
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
    #: The chooser (the Vorhand), the mode he named (-1 before) and who swapped (-1: nobody);
    #: every word said before the card play as (seat, action).
    chooser: int
    contract: int
    swapper: int
    words: tuple[tuple[int, int], ...]
    num_tricks: int
    trick_values: tuple[int, ...]
    #: Each player's points in the hand so far, and the game totals before the hand.
    made: tuple[int, ...]
    totals: tuple[int, ...]
    #: The player who reached the target in this hand (-1: nobody yet).
    winner: int
    #: Sizes of the reserve and the dead hand now, and the cards of each the observer knows.
    piles: tuple[int, ...] = ()
    pile_known: tuple[int, ...] = ()
    out_of_play: int = 0
    weis_options: tuple[tuple[Meld, ...], ...] = ()
    legal_actions: tuple[int, ...] = ()

    @property
    def in_play(self) -> tuple[int, ...]:
        """The seats that play the tricks: all three."""
        return tuple(range(self.num_seats))

    def dealt_known(self, seat: int) -> int:
        """Cards of the hand ``seat`` was *dealt* that the observer knows: none of a swapper's
        (his dealt hand is the dead one, which nobody sees), else what it played and showed."""
        if seat == self.swapper:
            return 0
        return self.known_cards(seat) | self.played_by(seat)

    def panel(self) -> dict[str, Any]:
        """The public part of the hand as plain data, the same for every observer."""
        return {
            "reserve": self.piles[0],
            "chooser": self.chooser,
            "contract": format_contract(self.contract) if self.contract >= 0 else None,
            "swapper": self.swapper if self.swapper >= 0 else None,
            "words": [[s, WORDS[a]] for s, a in self.words if a in WORDS],
            "piles": list(self.piles),
            "made": list(self.made),
            "totals": list(self.totals),
            "running": [t + m for t, m in zip(self.totals, self.made, strict=True)],
            "target": self.rules.target,
            "winner": self.winner if self.winner >= 0 else None,
        }

    def own(self) -> dict[str, Any]:
        """The seat's own part: the reserve's cards where it may look at them (``reserve_seen``)."""
        return {"reserve_seen": [format_card(c) for c in bits(self.pile_known[0])]}

    def to_tensor(self) -> list[float]:
        """A flat vector of :data:`OBS_SIZE` floats (layout in the module text)."""
        n = self.num_seats
        me = self.seat if self.seat >= 0 else 0

        def rel(s: int) -> int:
            return (s - me) % n

        v = card_planes(self.seat, n, self.hand, self.history, self.trick, OBS_SIZE, 144)
        if self.trump >= 0:
            v[252 + self.trump] = 1.0
        if self.contract >= 0:
            v[256 + self.mode] = 1.0
        for s in range(n):
            r = rel(s)
            if r:
                for c in bits(self.known[s]):
                    v[262 + 36 * (r - 1) + c] = 1.0
            v[386 + r] = self.made[s] / 157.0
            v[389 + r] = self.totals[s] / self.rules.target
        for c in bits(self.pile_known[0]):
            v[334 + c] = 1.0
        v[370 + rel(self.chooser)] = 1.0
        v[373 + rel(self.dealer)] = 1.0
        v[376 + rel(self.leader)] = 1.0
        phase = "play" if self.phase == "stoeck" else self.phase
        if phase in _PHASES:
            v[379 + _PHASES.index(phase)] = 1.0
        if self.swapper >= 0:
            v[383 + rel(self.swapper)] = 1.0
        v[392] = self.trick_no / self.num_tricks
        v[393] = self.piles[0] / 9.0
        v[394] = self.piles[1] / 9.0
        return v


def observe(hand: ReservejassHand, seat: int) -> ReservejassObservation:
    """The observation of ``seat`` (``-1``: a spectator) in ``hand``."""
    check_seat(hand, seat)
    n = hand.num_seats
    extra = [0] * n
    reserve_known = 0
    if hand.options.reserve_seen and seat >= 0 and seat == hand.chooser:
        seen = hand.deal.reserve  # what he saw before he decided
        if hand.swapper < 0:
            reserve_known = seen
        elif hand.swapper != seat:
            extra[hand.swapper] = seen
    view = table_view(hand, seat, tuple(extra))
    return ReservejassObservation(
        **seat_fields(hand, seat, view),
        chooser=hand.chooser,
        contract=hand.contract,
        swapper=hand.swapper,
        words=hand.words,
        num_tricks=hand.num_tricks,
        trick_values=hand.trick_values,
        made=hand.credited,
        totals=hand.totals,
        winner=hand.winner,
        piles=(hand.reserve.bit_count(), hand.dead.bit_count()),
        pile_known=(reserve_known, 0),
    )
