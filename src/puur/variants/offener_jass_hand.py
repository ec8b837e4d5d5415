"""One hand of Offener Jass: the deal on the table, the auction, the contract, eighteen tricks.

The deal (:class:`OffenerJassDeal`): each player's six cards in hand and, at each of his six
positions on the table, a face-down card with a face-up card on it. Dealt in threes from the
non-dealer (:func:`deal_offener_jass`): two packets face down (positions 1-3, 4-6), two face up
on them in the same order, two to the hand.

The auction: the non-dealer must open with a bid of at least ``min_bid``; then the players
alternately raise (by at least ``step``, at most 157; on the grid of the step from ``min_bid``
with ``bid_grid``) or pass, and the first pass ends it: the last bidder names a suit, Obenabe
or Undenufe and leads trick 1. A player who cannot raise any more (157 is bid) can only pass.

The card play: a player plays from the cards in his hand and his face-up cards together; the
follow rule (``follow``) looks at both together, or with ``follow_scope = "separate"`` at the
part the card comes from. When a face-up card is played, the face-down card under it is turned
up (``turn_up``: at once, or once the trick is over) and may be played from the next trick on.
The trick engine's ``hands`` are the cards a player may play from now (hand and face-up
cards); :meth:`OffenerJassHand.hand_cards` gives the hand alone, :attr:`OffenerJassHand.up`
and :attr:`OffenerJassHand.down` what lies at each position (``-1`` where nothing does). The
face-down cards are nobody's knowledge, their owner's neither, until turned up.

Scoring (:func:`~puur.variants.offener_jass_rules.hand_result`): no Weis, no Stöck, no Match
bonus; card points are credited to the seat that takes them as the tricks fall, and once the
last trick is taken the bidder writes the points over his bid, or the opponent the points he
fell short by (:meth:`OffenerJassHand.result`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from puur.cards import NUM_CARDS, format_card
from puur.contracts import MODES, format_contract
from puur.deal import shuffled
from puur.hand import HandError, TrickHand
from puur.tricks import legal_under
from puur.variants.offener_jass_rules import (
    A_CHOOSE,
    A_PASS,
    NUM_ACTIONS,
    PILES,
    OffenerJassRules,
    bid_action,
    bid_value,
    hand_result,
)

__all__ = ["BID", "CONTRACT", "OffenerJassDeal", "OffenerJassHand", "check_deal",
           "deal_offener_jass"]

BID: Final = "bid"
CONTRACT: Final = "contract"
SEATS: Final = 2
_SUIT_OF: Final = tuple(c // 9 for c in range(NUM_CARDS))


@dataclass(frozen=True)
class OffenerJassDeal:
    """One deal: each seat's six cards in hand (masks, seat 0 first), the face-up and the
    face-down card at each of its six positions (cards, position 1 first) and the dealer."""

    hands: tuple[int, ...]
    up: tuple[tuple[int, ...], ...]
    down: tuple[tuple[int, ...], ...]
    dealer: int

    def cards_of(self, seat: int) -> int:
        """Every card dealt to ``seat`` (hand, face up and face down)."""
        m = self.hands[seat]
        for c in (*self.up[seat], *self.down[seat]):
            m |= 1 << c
        return m


def _positions(value: object, what: str) -> tuple[tuple[int, ...], ...]:
    if not isinstance(value, tuple) or len(value) != SEATS:
        raise ValueError(f"the {what} cards are two rows of {PILES}, one per seat")
    rows = []
    for row in value:
        if (not isinstance(row, tuple) or len(row) != PILES
                or any(type(c) is not int or not 0 <= c < NUM_CARDS for c in row)):
            raise ValueError(f"each seat has {PILES} {what} cards (card numbers 0-35)")
        rows.append(row)
    return tuple(rows)


def check_deal(d: object) -> OffenerJassDeal:
    """Check a deal (``ValueError`` saying what is wrong): six cards in each hand, six face up
    and six face down before each seat, every card of the pack once, a dealer 0 or 1."""
    if not isinstance(d, OffenerJassDeal):
        raise ValueError(f"not an Offener Jass deal: {d!r}")
    if not isinstance(d.hands, tuple) or len(d.hands) != SEATS or any(
            type(h) is not int or not 0 <= h < 1 << NUM_CARDS or h.bit_count() != PILES
            for h in d.hands):
        raise ValueError(f"each of the two hands holds {PILES} cards (a 36-bit card mask)")
    up = _positions(d.up, "face-up")
    down = _positions(d.down, "face-down")
    seen = 0
    count = 0
    for s in range(SEATS):
        for c in (*up[s], *down[s]):
            seen |= 1 << c
            count += 1
        if seen & d.hands[s]:
            raise ValueError("a card is dealt twice")
        seen |= d.hands[s]
        count += PILES
    if count != NUM_CARDS or seen.bit_count() != NUM_CARDS:
        raise ValueError("a card is dealt twice")
    if type(d.dealer) is not int or not 0 <= d.dealer < SEATS:
        raise ValueError("the dealer must be a seat 0 or 1")
    return OffenerJassDeal(d.hands, up, down, d.dealer)


def deal_offener_jass(seed: str, dealer: int) -> OffenerJassDeal:
    """Shuffle and deal in threes from the non-dealer: face down, face up, then the hand."""
    order = shuffled(seed)
    first = 1 - dealer
    rows: dict[str, list[list[int]]] = {"down": [[], []], "up": [[], []], "hand": [[], []]}
    pos = 0
    for part in ("down", "down", "up", "up", "hand", "hand"):
        for k in range(SEATS):
            seat = (first + k) % SEATS
            rows[part][seat] += order[pos:pos + 3]
            pos += 3
    hands = tuple(sum(1 << c for c in rows["hand"][s]) for s in range(SEATS))
    return OffenerJassDeal(hands, tuple(tuple(r) for r in rows["up"]),
                           tuple(tuple(r) for r in rows["down"]), dealer)


class OffenerJassHand(TrickHand):
    """One hand of Offener Jass on ``deal``; ``totals`` are both players' points before it."""

    NUM_ACTIONS = NUM_ACTIONS

    def __init__(self, options: OffenerJassRules, deal: OffenerJassDeal, hand_no: int = 1,
                 totals: tuple[int, ...] = (0, 0)) -> None:
        if not isinstance(options, OffenerJassRules):
            raise HandError(f"not Offener Jass options: {options!r}")
        try:
            deal = check_deal(deal)
        except ValueError as e:
            raise HandError(str(e)) from None
        playable = tuple(deal.hands[s] | sum(1 << c for c in deal.up[s]) for s in range(SEATS))
        vorhand = 1 - deal.dealer
        super().__init__(options.trick_rules(), playable, vorhand, (0, 1), options.play_rule())
        self.options: OffenerJassRules = options
        self.deal: OffenerJassDeal = deal
        self.dealer: int = deal.dealer
        self.hand_no: int = hand_no
        self.totals: tuple[int, int] = (totals[0], totals[1])
        #: Every card dealt to each seat: what the trick engine checks the tricks against.
        self.initial_hands = tuple(deal.cards_of(s) for s in range(SEATS))
        self.num_tricks = 3 * PILES
        self._separate: bool = options.follow_scope == "separate"
        # Everything below changes with play and is restored by pop().
        #: The face-up card at each position of each seat, and the face-down card under it
        #: (-1 where none lies).
        self.up: tuple[tuple[int, ...], ...] = deal.up
        self.down: tuple[tuple[int, ...], ...] = deal.down
        #: Each face-down card turned up so far, as (seat, position, card), in order.
        self.turned: tuple[tuple[int, int, int], ...] = ()
        #: A face-down card whose card on top was played in the trick in progress, to be
        #: turned up once it is over (``turn_up = "after_trick"``): (seat, position).
        self.pending: tuple[tuple[int, int], ...] = ()
        #: Every call of the auction in order: (seat, points of a bid, 0 a pass).
        self.calls: tuple[tuple[int, int], ...] = ()
        self.bid: int = 0
        self.bidder: int = -1
        self.contract: int = -1
        self.chooser: int = -1
        self.phase = BID
        self.to_move = vorhand

    # -----------------------------------------------------------------------------------------
    # Queries

    def up_mask(self, seat: int) -> int:
        """The cards lying face up before ``seat`` now."""
        m = 0
        for c in self.up[seat]:
            if c >= 0:
                m |= 1 << c
        return m

    def down_mask(self, seat: int) -> int:
        """The cards still face down before ``seat`` (secret)."""
        m = 0
        for c in self.down[seat]:
            if c >= 0:
                m |= 1 << c
        return m

    @property
    def piles(self) -> tuple[int, ...]:
        """The cards in no hand as they lie now: each seat's face-down cards (secret)."""
        return tuple(self.down_mask(s) for s in range(SEATS))

    def hand_cards(self, seat: int) -> int:
        """The cards ``seat`` holds in its hand (not those on the table)."""
        return self.hands[seat] & ~self.up_mask(seat)

    def covered(self, seat: int) -> tuple[bool, ...]:
        """Whether a face-down card still lies at each position of ``seat``."""
        return tuple(c >= 0 for c in self.down[seat])

    def public_cards(self) -> int:
        """The cards every seat has seen: face-up cards (those dealt so, those turned up)."""
        m = 0
        for s in range(SEATS):
            for c in self.deal.up[s]:
                m |= 1 << c
        for _s, _p, c in self.turned:
            m |= 1 << c
        return m

    # -----------------------------------------------------------------------------------------
    # The auction and the contract

    def _phase_actions(self) -> list[int]:
        if self.phase == BID:
            lowest = self.bid + self.options.step if self.calls else self.options.min_bid
            bids = [bid_action(v) for v in self.options.bids_from(lowest)]
            return bids if not self.calls else [A_PASS, *bids]
        if self.phase == CONTRACT:
            return list(range(A_CHOOSE, A_CHOOSE + 6))
        return []

    def _apply_phase(self, a: int) -> None:
        seat = self.to_move
        if self.phase == BID:
            if a == A_PASS:
                self.calls = (*self.calls, (seat, 0))
                self.chooser = self.bidder
                self.to_move = self.bidder
                self.phase = CONTRACT
                return
            v = bid_value(a)
            self.calls = (*self.calls, (seat, v))
            self.bid = v
            self.bidder = seat
            self.to_move = 1 - seat
            return
        self.contract = a - A_CHOOSE
        c = self.contract
        self._start_play(MODES[c][0], c if c < 4 else -1, self.bidder)

    # -----------------------------------------------------------------------------------------
    # The card play

    def _legal_mask(self, seat: int) -> int:
        if not self._separate:
            return super()._legal_mask(seat)
        lead = _SUIT_OF[self.trick[0]] if self.trick else -1
        table = self.up_mask(seat)
        held = self.hands[seat]
        rule = self.play_rule
        return (legal_under(rule, held & ~table, lead, self.best_trump, self.trump)
                | legal_under(rule, held & table, lead, self.best_trump, self.trump))

    def _play(self, card: int) -> None:
        seat = self.to_move
        row = self.up[seat]
        if card in row:
            p = row.index(card)
            under = self.down[seat][p]
            if self.options.turn_up == "at_once" or under < 0:
                self._turn(seat, p)
            else:
                up = list(self.up)
                up[seat] = (*row[:p], -1, *row[p + 1:])
                self.up = tuple(up)
                self.pending = (*self.pending, (seat, p))
        super()._play(card)

    def _turn(self, seat: int, p: int) -> None:
        """Turn up the face-down card at position ``p`` of ``seat`` (the card on it is
        played): it lies face up there now, and ``seat`` may play it."""
        under = self.down[seat][p]
        up, down = list(self.up), list(self.down)
        up[seat] = (*up[seat][:p], under, *up[seat][p + 1:])
        down[seat] = (*down[seat][:p], -1, *down[seat][p + 1:])
        self.up, self.down = tuple(up), tuple(down)
        if under >= 0:
            self.turned = (*self.turned, (seat, p, under))
            h = list(self.hands)
            h[seat] |= 1 << under
            self.hands = tuple(h)

    def _after_card(self) -> None:
        done = len(self.trick_winners)
        super()._after_card()
        if self.pending and len(self.trick_winners) > done:
            pending, self.pending = self.pending, ()
            for seat, p in pending:
                self._turn(seat, p)

    # -----------------------------------------------------------------------------------------
    # Scoring

    @property
    def made(self) -> int | None:
        """The card points the bidder took (``None`` until the last trick is taken)."""
        if len(self.trick_winners) < self.num_tricks:
            return None
        return self.trick_points[self.bidder]

    def result(self) -> tuple[int, ...]:
        """What each seat writes for this hand (zeros until the last trick is taken)."""
        made = self.made
        if made is None:
            return (0, 0)
        mine, other = hand_result(self.bid, made)
        return (mine, other) if self.bidder == 0 else (other, mine)

    def scores_after(self) -> tuple[int, ...]:
        """Both players' game totals once this hand is written."""
        return tuple(t + r for t, r in zip(self.totals, self.result(), strict=True))

    def seat_values(self) -> tuple[float, ...]:
        """What each seat wants once the hand is over: what it writes less what the other
        writes (the card points taken, before the hand is over)."""
        if self.made is None:
            a, b = self.trick_points
        else:
            a, b = self.result()
        return (float(a - b), float(b - a))

    def summary(self) -> dict[str, Any]:
        """The trick summary with the auction, the contract, what each seat wrote and how many
        face-down cards were turned up (``turned_up``)."""
        out = super().summary()
        out.update(
            dealer=self.dealer, bidder=self.bidder, bid=self.bid,
            contract=format_contract(self.contract) if self.contract >= 0 else None,
            made=self.made, written=list(self.result()), totals=list(self.totals),
            calls=[[s, v] for s, v in self.calls], turned_up=len(self.turned),
        )
        return out

    def action_text(self, action: int) -> str:
        """A short English text of ``action`` (``ValueError`` when it is not one)."""
        if type(action) is int and action == A_PASS:
            return "pass"
        if type(action) is int and A_PASS < action < NUM_ACTIONS and action != A_PASS + 1:
            return f"bid {bid_value(action)}"
        if type(action) is int and A_CHOOSE <= action < A_CHOOSE + 6:
            return f"contract {format_contract(action - A_CHOOSE)}"
        if type(action) is int and 0 <= action < NUM_CARDS:
            return format_card(action)
        raise ValueError(f"not an action of Offener Jass: {action!r}")

    def describe(self) -> str:
        """A short human-readable summary of the state."""
        parts = [f"phase={self.phase}", f"dealer={self.dealer}"]
        if self.bidder >= 0:
            parts.append(f"bid={self.bid} by seat {self.bidder}")
        if self.contract >= 0:
            parts.append(f"contract={format_contract(self.contract)}")
        if self.trick:
            parts.append("cards=" + " ".join(format_card(c) for c in self.trick))
        parts.append(f"taken={self.trick_points[0]}:{self.trick_points[1]}")
        return " ".join(parts)

    def __repr__(self) -> str:
        return f"<OffenerJassHand {self.describe()}>"

    def observation(self, seat: int) -> Any:
        """What ``seat`` may know now (``-1``: a spectator; see
        :mod:`puur.variants.offener_jass_view`)."""
        from puur.variants.offener_jass_view import observe

        return observe(self, seat)
