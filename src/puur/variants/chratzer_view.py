"""What one Chratzer seat (or a spectator) may know, and its tensor encoding.

Besides the public view of every trick hand (:mod:`puur.variants.view`) a seat knows its own
four cards, the trump cards turned so far (they lie face up beside the stock), every word said
(chratze, metcho and weg are said aloud), the Chratzer, who plays, the tricks each has taken,
the pot and the balances before the deal. The hands of the players who sat the deal out stay
secret to the end, and so does the stock (the cards dealt to nobody, the trump cards not yet
turned among them).

For the resampling of the search the stock is a *pile*: ``piles`` gives its size (the cards in
no hand, the turned ones left out) and ``pile_known`` what the observer knows of it (nothing);
the turned cards are ``out_of_play``.

Tensor layout (version :data:`OBS_VERSION`, :data:`OBS_SIZE` floats; seats relative to the
observer, 0 = the observer, then in seat order; a smaller table leaves the slots of the missing
seats at zero):

=========  ================================================================
0-35       own hand
36-287     cards played, 36 per relative seat (7 seats)
288-539    the current trick, 36 per relative seat
540-543    the trump suit
544-579    the trump cards turned so far
580-586    the Chratzer
587-593    came along (metcho)
594-600    said weg in the current round of speaking
601-607    in play
608-614    the dealer
615-621    the leader of the current trick
622-624    phase: chratze, metcho, play
625-631    tricks taken / 4
632-638    balance before the deal, squashed: x / (1 + |x|) of balance / (10 × ante)
639        the pot, squashed: x / (1 + x) of pot / (4 × ante × players)
640        trump cards turned / tries
641        tricks played / 4
642        players / 7
=========  ================================================================
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Final

from puur.cards import ALL_CARDS, format_card
from puur.hand import OVER
from puur.variants.chratzer_hand import A_WEG, NUM_ACTIONS, WORDS
from puur.variants.chratzer_rules import CARDS_EACH
from puur.variants.view import SeatView, card_planes, check_seat, seat_fields, table_view
from puur.weis import Meld

if TYPE_CHECKING:
    from puur.variants.chratzer_hand import ChratzerHand
    from puur.variants.chratzer_rules import ChratzerRules

__all__ = ["OBS_SIZE", "OBS_VERSION", "ChratzerObservation", "observe"]

OBS_VERSION: Final = 1
OBS_SIZE: Final = 643
_SEATS: Final = 7
_PHASES: Final = ("chratze", "metcho", "play")


@dataclass(frozen=True)
class ChratzerObservation(SeatView):
    """One seat's view of a Chratzer deal. Card sets are raw 36-bit masks."""

    NUM_ACTIONS: ClassVar[int] = NUM_ACTIONS

    seat: int
    rules: ChratzerRules
    num_seats: int
    phase: str
    to_move: int
    dealer: int
    hand: int
    hand_sizes: tuple[int, ...]
    trump: int
    mode: int
    #: The trump card lying face up now, and every trump card turned so far, in order.
    turned: int
    turned_cards: tuple[int, ...]
    #: Every word as (seat, action); each seat's word of the current round (-1: none yet).
    words: tuple[tuple[int, int], ...]
    said: tuple[int, ...]
    #: The Chratzer (-1: none yet), the seats that came along, the seat made to come along
    #: (-1: none) and the seats playing the tricks (empty until the speaking is over).
    chratzer: int
    joined: tuple[int, ...]
    forced: int
    in_play: tuple[int, ...]
    trick_no: int
    num_tricks: int
    leader: int
    trick: tuple[tuple[int, int], ...]
    history: tuple[tuple[int, int], ...]
    trick_winners: tuple[int, ...]
    #: Tricks each seat has taken; the pot this deal is played for; balances before it; what
    #: the deal adds to each balance and the chips it leaves in the pot once it is over.
    tricks: tuple[int, ...]
    pot: int
    totals: tuple[int, ...]
    result: tuple[int, ...]
    carry: int
    hand_no: int
    weis_announced: tuple[tuple[tuple[int, int], ...], ...]
    weis_shown: tuple[tuple[Meld, ...], ...]
    weis_seat: int
    stoeck_seat: int
    known: tuple[int, ...]
    piles: tuple[int, ...] = ()
    pile_known: tuple[int, ...] = ()
    out_of_play: int = 0
    weis_options: tuple[tuple[Meld, ...], ...] = ()
    legal_actions: tuple[int, ...] = ()

    @property
    def contract(self) -> int:
        """The trump suit (turned)."""
        return self.trump

    @property
    def table_cards(self) -> int:
        """The trump cards turned so far: they lie face up beside the stock."""
        return self.out_of_play

    def promise(self, seat: int) -> int:
        """The tricks ``seat`` has promised (0: not in play, or not yet)."""
        if seat == self.chratzer:
            return self.rules.chratzer_tricks
        return self.rules.metcho_tricks if seat in self.joined else 0

    def panel(self) -> dict[str, Any]:
        """The public part of the deal as plain data, the same for every observer."""
        over = self.phase == OVER
        return {
            "chratzer": self.chratzer if self.chratzer >= 0 else None,
            "chratzer_turned": [format_card(c) for c in self.turned_cards],
            "tries": self.rules.tries,
            "said": [WORDS.get(a) for a in self.said],
            "joined": list(self.joined),
            "forced": self.forced if self.forced >= 0 else None,
            "in_play": list(self.in_play),
            "promises": [self.promise(s) for s in range(self.num_seats)],
            "tricks": list(self.tricks),
            "pot": self.pot,
            "share": self.pot // 4,
            "totals": list(self.totals),
            "result": list(self.result) if over else None,
            "carry": self.carry if over else None,
            "game_deals": self.rules.game_deals,
        }

    def to_tensor(self) -> list[float]:
        """A flat vector of :data:`OBS_SIZE` floats (layout in the module text)."""
        n = self.num_seats
        me = self.seat if self.seat >= 0 else 0
        rules = self.rules

        def rel(s: int) -> int:
            return (s - me) % n

        v = card_planes(self.seat, n, self.hand, self.history, self.trick, OBS_SIZE, 288)
        if self.trump >= 0:
            v[540 + self.trump] = 1.0
        for c in self.turned_cards:
            v[544 + c] = 1.0
        if self.chratzer >= 0:
            v[580 + rel(self.chratzer)] = 1.0
        for s in range(n):
            r = rel(s)
            if s in self.joined:
                v[587 + r] = 1.0
            if self.said[s] == A_WEG:
                v[594 + r] = 1.0
            if s in self.in_play:
                v[601 + r] = 1.0
            v[625 + r] = self.tricks[s] / CARDS_EACH
            v[632 + r] = _squash(self.totals[s] / (10.0 * rules.ante))
        v[608 + rel(self.dealer)] = 1.0
        v[615 + rel(self.leader)] = 1.0
        if self.phase in _PHASES:
            v[622 + _PHASES.index(self.phase)] = 1.0
        v[639] = _squash(self.pot / (4.0 * rules.ante * n))
        v[640] = len(self.turned_cards) / rules.tries
        v[641] = self.trick_no / CARDS_EACH
        v[642] = n / _SEATS
        return v


def _squash(x: float) -> float:
    """``x`` brought into (-1, 1), keeping its order: the pot and the balances have no bound
    (a missed promise doubles the pot)."""
    return x / (1.0 + abs(x))


def observe(hand: ChratzerHand, seat: int) -> ChratzerObservation:
    """The observation of ``seat`` (``-1``: a spectator) in ``hand``."""
    check_seat(hand, seat)
    view = table_view(hand, seat)
    turned = 0
    for c in hand.turned_cards:
        turned |= 1 << c
    stock = ALL_CARDS & ~sum(hand.deal.hands) & ~turned
    return ChratzerObservation(
        **seat_fields(hand, seat, view),
        turned=hand.turned,
        turned_cards=hand.turned_cards,
        words=hand.words,
        said=hand.said,
        chratzer=hand.chratzer,
        joined=hand.joined,
        forced=hand.forced,
        in_play=hand.in_play,
        num_tricks=hand.num_tricks,
        tricks=tuple(hand.tricks_won),
        pot=hand.pot,
        totals=hand.totals,
        result=hand.result(),
        carry=hand.carry,
        piles=(stock.bit_count(),),
        pile_known=(0,),
        out_of_play=turned,
    )


