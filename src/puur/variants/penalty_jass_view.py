"""What one seat of the penalty-point Jass (or a spectator) may know, and its tensor encoding.

Besides the public view of every trick hand (:mod:`puur.variants.view`) a seat knows its own
cards, the trumps and the card (and seat) that fixed them, the seat that led the hand, the
penalty points each player has taken in the hand so far (and for what), the declaration of the
penalty card and the totals before the hand. Two cards may be known in another seat's hand:
in hand 1 the start card lies with the seat that led (until it is played), and a declared
penalty card lies with its declarer, who holds no other card of its suit. While the holder of
the bare penalty card decides whether to declare it, every other seat sees an ordinary turn to
play. There are no Weis and no Stöck.

Tensor layout (version :data:`OBS_VERSION`, :data:`OBS_SIZE` floats; seats relative to the
observer, 0 = the observer, then in playing order):

=========  ================================================================
0-35       own hand
36-179     cards played, 36 per relative seat (4 seats)
180-323    the current trick, 36 per relative seat
324-328    the mode: 4 suits, Obenabe (no trumps yet)
329-364    the card that fixed trumps
365-472    cards known in another seat's hand, 36 per relative seat 1-3
473-476    the leader of the current trick
477-480    the seat that led the hand
481-484    penalty points in this hand so far / 4
485-488    totals before the hand / the limit
489-524    the penalty card
525-528    the seat that declared the penalty card
529        tricks played / 9
530        1 when the penalty card may be declared (``declare_bare``)
531        1 once the penalty card is played
=========  ================================================================
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Final

from puur.cards import bits, format_card
from puur.contracts import MODE_OBENABE
from puur.hand import OVER, PLAY
from puur.variants.penalty_jass_hand import DECLARE
from puur.variants.view import SeatView, card_planes, check_seat, seat_fields, table_view
from puur.weis import Meld

if TYPE_CHECKING:
    from puur.variants.penalty_jass_hand import PenaltyJassHand
    from puur.variants.penalty_jass_rules import PenaltyJassRules

__all__ = ["OBS_SIZE", "OBS_VERSION", "PenaltyJassObservation", "observe"]

OBS_VERSION: Final = 1
OBS_SIZE: Final = 532
NUM_ACTIONS: Final = 38
_TRICKS: Final = 9


@dataclass(frozen=True)
class PenaltyJassObservation(SeatView):
    """One seat's view of a hand of the penalty-point Jass. Card sets are raw 36-bit masks."""

    NUM_ACTIONS: ClassVar[int] = NUM_ACTIONS

    seat: int
    rules: PenaltyJassRules
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
    #: The seat that led trick 1 of this hand, and whether the start card gave it the lead.
    opener: int
    led_by_start_card: bool
    trick: tuple[tuple[int, int], ...]
    history: tuple[tuple[int, int], ...]
    trick_winners: tuple[int, ...]
    #: What each trick taken is worth in card points (they count for nothing).
    trick_values: tuple[int, ...]
    #: Each player's penalty points in the hand so far.
    penalties: tuple[int, ...]
    #: Who was charged with trick 1, the penalty card and the last trick (-1: not yet).
    first_trick: int
    card_taker: int
    last_trick: int
    #: The seat that declared the penalty card (-1: nobody, or not yet).
    declared_seat: int
    #: Penalty points before this hand; what the hand adds once it is over.
    totals: tuple[int, ...]
    result: tuple[int, ...]
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

    @property
    def penalty_card(self) -> int:
        """The card whose taker pays a penalty point."""
        return self.rules.penalty_card

    @property
    def named_cards(self) -> int:
        """The penalty card and the start card: named by the rules, whoever holds them."""
        return 1 << self.rules.penalty_card | 1 << self.rules.lead_card

    def panel(self) -> dict[str, Any]:
        """The public part of the hand as plain data, the same for every observer: the
        penalty card and its declaration, who was charged with what, the trumps, each
        player's penalty points in the hand and the totals before it."""
        over = self.phase == OVER

        def seat(s: int) -> int | None:
            return s if s >= 0 else None

        return {
            "penalty_card": format_card(self.rules.penalty_card),
            "start_card": format_card(self.rules.lead_card),
            "limit": self.rules.penalty_limit,
            "declared_points": self.rules.bare_points,
            "declared_seat": seat(self.declared_seat),
            "opener": self.opener,
            "first_trick": seat(self.first_trick),
            "card_taker": seat(self.card_taker),
            "last_trick": seat(self.last_trick),
            "trump_card": format_card(self.trump_card) if self.trump_card >= 0 else None,
            "trump_seat": seat(self.trump_seat),
            "penalties": list(self.penalties),
            "totals": list(self.totals),
            "result": list(self.result) if over else None,
        }

    def to_tensor(self) -> list[float]:
        """A flat vector of :data:`OBS_SIZE` floats (layout in the module text)."""
        n = self.num_seats
        me = self.seat if self.seat >= 0 else 0

        def rel(s: int) -> int:
            return (s - me) % n

        v = card_planes(self.seat, n, self.hand, self.history, self.trick, OBS_SIZE, 180)
        v[324 + self.mode] = 1.0
        if self.trump_card >= 0:
            v[329 + self.trump_card] = 1.0
        limit = float(self.rules.penalty_limit)
        for s in range(n):
            r = rel(s)
            if r:
                for c in bits(self.known[s]):
                    v[365 + 36 * (r - 1) + c] = 1.0
            v[481 + r] = self.penalties[s] / 4.0
            v[485 + r] = self.totals[s] / limit
        v[473 + rel(self.leader)] = 1.0
        v[477 + rel(self.opener)] = 1.0
        v[489 + self.rules.penalty_card] = 1.0
        if self.declared_seat >= 0:
            v[525 + rel(self.declared_seat)] = 1.0
        v[529] = self.trick_no / _TRICKS
        v[530] = 1.0 if self.rules.declare_bare else 0.0
        v[531] = 1.0 if any(c == self.rules.penalty_card for _s, c in self.history) else 0.0
        return v


def observe(hand: PenaltyJassHand, seat: int) -> PenaltyJassObservation:
    """The observation of ``seat`` (``-1``: a spectator) in ``hand``."""
    check_seat(hand, seat)
    n = hand.num_seats
    extra = [0] * n
    if hand.led_by_start_card:
        extra[hand.opener] |= 1 << hand.penalty.lead_card
    if hand.declared_seat >= 0:
        extra[hand.declared_seat] |= 1 << hand.penalty_card
    view = table_view(hand, seat, tuple(extra))
    fields = seat_fields(hand, seat, view)
    if view.phase == DECLARE and hand.to_move != seat:
        fields["phase"] = PLAY  # the question alone would tell who holds the card bare
    fields.update(rules=hand.penalty, weis_options=())
    return PenaltyJassObservation(
        **fields,
        opener=hand.opener,
        led_by_start_card=hand.led_by_start_card,
        trump_card=hand.trump_card,
        trump_seat=hand.trump_seat,
        trick_values=hand.trick_values,
        penalties=hand.credited,
        first_trick=hand.taker("first_trick"),
        card_taker=hand.taker("penalty_card"),
        last_trick=hand.taker("last_trick"),
        declared_seat=hand.declared_seat,
        totals=hand.totals,
        result=hand.result(),
    )
