"""What one Offener Jass seat (or a spectator) may know, and its tensor encoding.

Besides the public view of every trick hand (:mod:`puur.variants.view`) a seat knows the cards
in its own hand, every face-up card on the table (both players', as dealt and as turned up),
which positions still hide a face-down card, the whole auction (every call is said aloud), the
contract and both players' points. The face-down cards are secret from everyone, their owner
included, until they are turned up; the other player's hand is secret.

``hand`` is the cards in the seat's hand only; ``table[s]`` the face-up card at each of seat
``s``'s six positions now (``-1``: none), ``covered[s]`` whether a face-down card still lies
there, ``dealt_up[s]`` the card dealt face up there and ``turned_up[s]`` the face-down card
turned up there (``-1``: not yet). :meth:`OffenerJassObservation.playable` is what the seat
may play from (hand and face-up cards).

Tensor layout (version :data:`OBS_VERSION`, :data:`OBS_SIZE` floats; seats relative to the
observer, 0 = the observer; a spectator counts from seat 0):

=========  ================================================================
0-35       own hand (the cards in it, not those on the table)
36-107     cards played, 36 per relative seat
108-179    the current trick, 36 per relative seat
180-251    the face-up cards on the table now, 36 per relative seat
252-263    a face-down card still lies at the position, 6 per relative seat
264-267    the trump suit (none with Obenabe or Undenufe)
268-273    the mode of play (four suits, Obenabe, Undenufe)
274-275    the highest bidder
276-277    the dealer
278-280    phase: bid, contract, play
281        the highest bid / 157
282-283    card points taken in this hand / 157
284-285    game total before the hand / target
286        tricks played / 18
=========  ================================================================
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Final

from puur.cards import bits, format_card
from puur.variants.offener_jass_rules import MAX_BID, NUM_ACTIONS
from puur.variants.view import SeatView, card_planes, check_seat, seat_fields, table_view
from puur.weis import Meld

if TYPE_CHECKING:
    from puur.variants.offener_jass_hand import OffenerJassHand
    from puur.variants.offener_jass_rules import OffenerJassRules

__all__ = ["OBS_SIZE", "OBS_VERSION", "OffenerJassObservation", "observe"]

OBS_VERSION: Final = 1
OBS_SIZE: Final = 287
_PHASES: Final = ("bid", "contract", "play")


def _mask(cards: tuple[int, ...]) -> int:
    m = 0
    for c in cards:
        if c >= 0:
            m |= 1 << c
    return m


@dataclass(frozen=True)
class OffenerJassObservation(SeatView):
    """One seat's view of an Offener Jass hand. Card sets are raw 36-bit masks."""

    NUM_ACTIONS: ClassVar[int] = NUM_ACTIONS

    seat: int
    rules: OffenerJassRules
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
    #: Per seat, per position: the face-up card now (-1: none), whether a face-down card
    #: still lies there, the card dealt face up there, the face-down card turned up there.
    table: tuple[tuple[int, ...], ...] = ()
    covered: tuple[tuple[bool, ...], ...] = ()
    dealt_up: tuple[tuple[int, ...], ...] = ()
    turned_up: tuple[tuple[int, ...], ...] = ()
    #: Every call of the auction: (seat, points of a bid; 0 a pass).
    calls: tuple[tuple[int, int], ...] = ()
    bid: int = 0
    bidder: int = -1
    contract: int = -1
    trick_values: tuple[int, ...] = ()
    #: Card points each seat took in this hand, the game totals before it and what each
    #: seat wrote (zeros until the hand is over).
    taken: tuple[int, ...] = (0, 0)
    totals: tuple[int, ...] = (0, 0)
    written: tuple[int, ...] = (0, 0)
    num_tricks: int = 18
    weis_options: tuple[tuple[Meld, ...], ...] = ()
    legal_actions: tuple[int, ...] = ()

    @property
    def chooser(self) -> int:
        """The seat that named the contract: the highest bidder (-1 before)."""
        return self.bidder if self.contract >= 0 else -1

    def table_mask(self, seat: int) -> int:
        """The face-up cards before ``seat`` now."""
        return _mask(self.table[seat])

    @property
    def table_cards(self) -> int:
        """Every face-up card on the table now (both players')."""
        return self.table_mask(0) | self.table_mask(1)

    @property
    def playable(self) -> int:
        """The cards the observer may play from: its hand and its face-up cards."""
        return self.hand | self.table_mask(self.seat) if self.seat >= 0 else 0

    def from_table(self, seat: int) -> int:
        """The cards ``seat`` played from the table (dealt face up or turned up)."""
        return self.played_by(seat) & (_mask(self.dealt_up[seat]) | _mask(self.turned_up[seat]))

    def dealt_known(self, seat: int) -> int:
        """The cards of the hand ``seat`` was dealt (its six in hand) that the observer knows:
        its own hand and what it played from it, or what another seat played from its hand."""
        from_hand = self.played_by(seat) & ~self.from_table(seat)
        return from_hand | (self.hand if seat == self.seat else 0)

    def panel(self) -> dict[str, Any]:
        """The public part of the hand as plain data, the same for every observer: the
        auction, the table (``piles``: per seat, per position, the face-up card and whether a
        face-down card lies under it) and the score."""
        return {
            "calls": [{"seat": s, "call": "bid" if v else "pass", "value": v or None}
                      for s, v in self.calls],
            "bid": self.bid or None,
            "bidder": self.bidder if self.bidder >= 0 else None,
            "open_piles": [[{"card": format_card(c) if c >= 0 else None, "covered": d}
                            for c, d in zip(row, cov, strict=True)]
                           for row, cov in zip(self.table, self.covered, strict=True)],
            "taken": list(self.taken),
            "written": list(self.written),
            "totals": list(self.totals),
            "target": self.rules.target,
        }

    def to_tensor(self) -> list[float]:
        """A flat vector of :data:`OBS_SIZE` floats (layout in the module text)."""
        n = self.num_seats
        me = self.seat if self.seat >= 0 else 0

        def rel(s: int) -> int:
            return (s - me) % n

        v = card_planes(self.seat, n, self.hand, self.history, self.trick, OBS_SIZE, 108)
        for s in range(n):
            r = rel(s)
            for c in bits(self.table_mask(s)):
                v[180 + 36 * r + c] = 1.0
            for p, d in enumerate(self.covered[s]):
                if d:
                    v[252 + 6 * r + p] = 1.0
            v[282 + r] = self.taken[s] / 157.0
            v[284 + r] = self.totals[s] / self.rules.target
        if self.trump >= 0:
            v[264 + self.trump] = 1.0
        if self.contract >= 0:
            v[268 + self.mode] = 1.0
        if self.bidder >= 0:
            v[274 + rel(self.bidder)] = 1.0
        v[276 + rel(self.dealer)] = 1.0
        if self.phase in _PHASES:
            v[278 + _PHASES.index(self.phase)] = 1.0
        v[281] = self.bid / MAX_BID
        v[286] = self.trick_no / self.num_tricks
        return v


def observe(hand: OffenerJassHand, seat: int) -> OffenerJassObservation:
    """The observation of ``seat`` (``-1``: a spectator) in ``hand``."""
    check_seat(hand, seat)
    n = hand.num_seats
    tables = tuple(hand.up_mask(s) for s in range(n))
    view = table_view(hand, seat, tables)
    fields = seat_fields(hand, seat, view)
    turned = [[-1] * 6 for _ in range(n)]
    for s, p, c in hand.turned:
        turned[s][p] = c
    fields.update(
        hand=hand.hand_cards(seat) if seat >= 0 else 0,
        hand_sizes=tuple(hand.hand_cards(s).bit_count() for s in range(n)),
        table=hand.up,
        covered=tuple(hand.covered(s) for s in range(n)),
        dealt_up=hand.deal.up,
        turned_up=tuple(tuple(r) for r in turned),
        calls=hand.calls,
        bid=hand.bid,
        bidder=hand.bidder,
        contract=hand.contract,
        trick_values=hand.trick_values,
        taken=hand.trick_points,
        totals=hand.totals,
        written=hand.result(),
        num_tricks=hand.num_tricks,
    )
    return OffenerJassObservation(**fields)
