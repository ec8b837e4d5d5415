"""One hand of Bieter: the deal, the auction, the talon, the contract, the card play.

The first hand of a game opens with the auction (from the Vorhand: bid or pass, a pass is
final); the highest bidder becomes the König, takes the talon if there is one and discards six
cards face down, names the contract (a suit, Obenabe or Undenufe), with five players calls a
card, and leads. If everyone passes the deal is thrown in (:attr:`BieterHand.thrown_in`). In
the later hands of the game the dealer's last card gives trumps (it stays in his hand), the
König takes the talon as before, may decline the hand (the Bauern write 257 and their Stöck)
and, with five players, calls a card; the Vorhand leads.

Every seat is a side of its own in the trick engine (``credited`` is per seat, as the tricks
are public); the game's two columns are :attr:`BieterHand.team_points`: the König's (with his
called partner's) and the Bauern's. The best Weis's side writes all its Weis (with five
players, where the partner is secret, only the best Weis counts). The hand stops the moment a
column reaches its target: the König's bid, or the Bauern's ``target``; the credits fall in the
count order. The König's discards count for him after the last trick.

Action ids: :mod:`puur.variants.bieter_rules`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from puur.cards import ALL_CARDS, NUM_CARDS, format_card
from puur.contracts import POINTS, format_contract
from puur.deal import check_hands, deal_packets, shuffled
from puur.hand import OVER, TrickHand
from puur.variants.bieter_rules import (
    A_ACCEPT,
    A_CALL,
    A_CONTRACT,
    A_DECLINE,
    A_DISCARD,
    A_PASS,
    A_STOECK,
    A_STOECK_NO,
    A_WEIS,
    DECLINE_POINTS,
    NUM_ACTIONS,
    REMOVED_AT_FIVE,
    TALON_SIZE,
    BieterRules,
    bid_action,
    bid_value,
    deal_shape,
    turned_contract,
)
from puur.weis import STOECK_CARDS, split_points

__all__ = ["BieterDeal", "BieterHand", "check_deal", "deal_bieter"]

BID: Final = "bid"
DISCARD: Final = "discard"
CONTRACT: Final = "contract"
CALL: Final = "call"
DECLINE: Final = "decline"


@dataclass(frozen=True)
class BieterDeal:
    """One deal: the hands (seat 0 first), the dealer, the dealer's last card (it gives trumps
    in the later hands of a game) and the talon: three cards face down, three face up (0 and 0
    without a talon)."""

    hands: tuple[int, ...]
    dealer: int
    turned: int
    talon_down: int = 0
    talon_up: int = 0

    @property
    def talon(self) -> int:
        """All six talon cards."""
        return self.talon_down | self.talon_up


def deal_bieter(rules: BieterRules, seed: int | str, dealer: int) -> BieterDeal:
    """Shuffle from ``seed`` and deal for ``dealer``: with a talon its six cards come off the
    top first (three face down, then three face up); the hands go round in packets from the
    seat after the dealer, who receives the pack's last card."""
    n = rules.players
    order = shuffled(seed)
    if n == 5:
        order.remove(REMOVED_AT_FIVE)
    down = up = 0
    if rules.talon:
        down = sum(1 << c for c in order[:3])
        up = sum(1 << c for c in order[3:TALON_SIZE])
        order = order[TALON_SIZE:]
    _per, packets = deal_shape(rules)
    hands = [0] * n
    pos = 0
    for size in packets:
        part = deal_packets(order[pos:pos + n * size], n, size, size, (dealer + 1) % n)
        hands = [h | p for h, p in zip(hands, part, strict=True)]
        pos += n * size
    return BieterDeal(tuple(hands), dealer, order[-1], down, up)


def check_deal(rules: BieterRules, d: object) -> BieterDeal:
    """Check a deal against the rules (``ValueError`` saying what is wrong)."""
    if not isinstance(d, BieterDeal):
        raise ValueError(f"not a Bieter deal: {d!r}")
    n = rules.players
    per, _packets = deal_shape(rules)
    hands = check_hands(d.hands, n, per)
    if type(d.dealer) is not int or not 0 <= d.dealer < n:
        raise ValueError(f"the dealer must be a seat 0..{n - 1}")
    if type(d.turned) is not int or not 0 <= d.turned < NUM_CARDS:
        raise ValueError("the dealer's last card is missing")
    if not hands[d.dealer] >> d.turned & 1:
        raise ValueError("the dealer's last card must be in the dealer's hand")
    if n == 5 and any(h >> REMOVED_AT_FIVE & 1 for h in hands):
        raise ValueError("with five players the Schilten 6 is left out of the deal")
    for mask in (d.talon_down, d.talon_up):
        if type(mask) is not int or not 0 <= mask <= ALL_CARDS:
            raise ValueError("the talon is two card masks")
    size = 3 if rules.talon else 0
    if d.talon_down.bit_count() != size or d.talon_up.bit_count() != size:
        raise ValueError(f"the talon must hold {size} cards face down and {size} face up"
                         if size else "this deal has no talon")
    if d.talon_down & d.talon_up or (d.talon_down | d.talon_up) & sum(hands):
        raise ValueError("a card is dealt twice")
    return BieterDeal(hands, d.dealer, d.turned, d.talon_down, d.talon_up)


class BieterHand(TrickHand):
    """One hand of Bieter. ``koenig`` and ``bid`` come from the game's auction (``-1`` and 0:
    this hand opens with the auction); ``totals`` are the (König, Bauern) columns before it."""

    A_WEIS = A_WEIS
    A_STOECK = A_STOECK
    A_STOECK_NO = A_STOECK_NO
    NUM_ACTIONS = NUM_ACTIONS

    def __init__(self, options: BieterRules, deal: BieterDeal, hand_no: int = 1,
                 koenig: int = -1, bid: int = 0, totals: tuple[int, int] = (0, 0)) -> None:
        deal = check_deal(options, deal)
        n = options.players
        vorhand = (deal.dealer + 1) % n
        super().__init__(options.trick_rules(), deal.hands, vorhand, tuple(range(n)))
        self.options: BieterRules = options
        self.deal: BieterDeal = deal
        self.dealer: int = deal.dealer
        self.vorhand: int = vorhand
        self.hand_no: int = hand_no
        #: True when this hand opens the game with the auction (the König names the contract).
        self.first: bool = koenig < 0
        self.koenig: int = koenig
        self.bid: int = bid
        self.totals: tuple[int, int] = totals
        #: Each seat's last bid (0: none yet) and the seats that passed (a bit each).
        self.bids: tuple[int, ...] = (0,) * n
        self.passed: int = 0
        self.high_bidder: int = -1
        #: Every call of the auction in order: (seat, bid), a bid of 0 for a pass.
        self.auction: tuple[tuple[int, int], ...] = ()
        #: The card the dealer turned for trumps (later hands only; -1 in the first hand).
        self.turned: int = -1 if self.first else deal.turned
        self.contract: int = -1 if self.first else turned_contract(
            deal.turned, options.turned_card_modes)
        self.talon_taken: bool = False
        self.discards: int = 0
        self.declined: bool = False
        self.thrown_in: bool = False
        #: Five players: the card the König called, its holder, and whether it has been played.
        self.called: int = -1
        self.partner: int = -1
        self.revealed: bool = False
        #: The (König, Bauern) points of this hand, as they fall.
        self.team_points: tuple[int, int] = (0, 0)
        if self.first:
            self.phase = BID
            self.to_move = vorhand
        else:
            self._after_auction()

    # -----------------------------------------------------------------------------------------
    # Sides and targets

    def team(self, seat: int) -> int:
        """0 for the König (and his partner, once the card is called), 1 for the others."""
        return 0 if seat == self.koenig or seat == self.partner else 1

    @property
    def targets(self) -> tuple[int, int]:
        """What each column needs: the König's bid, the Bauern's target."""
        return self.bid, self.options.target

    def _credit(self, side: int, points: int, kind: str) -> None:
        self.credits = (*self.credits, (side, points, kind))
        c = list(self.credited)
        c[side] += points
        self.credited = tuple(c)
        t = self.team(side)
        tp = list(self.team_points)
        tp[t] += points
        self.team_points = (tp[0], tp[1])
        if self.totals[t] + tp[t] >= self.targets[t] and self.winner < 0:
            self.winner = t
            self.phase = OVER

    def _credit_weis(self) -> None:
        if self.weis_seat < 0:
            return
        if self.options.players == 5:
            # The partner is secret: only the best Weis counts, and only its holder's shows.
            self._credit(self.weis_seat, split_points(self.declared[self.weis_seat]), "weis")
            return
        team = self.team(self.weis_seat)
        for s in range(self.num_seats):
            pts = split_points(self.declared[s])
            if pts and self.team(s) == team:
                self._credit(s, pts, "weis")
                if self.phase == OVER:
                    return

    # -----------------------------------------------------------------------------------------
    # The phases before the card play

    def _phase_actions(self) -> list[int]:
        ph = self.phase
        if ph == BID:
            return [A_PASS, *(bid_action(v) for v in self._bid_values())]
        if ph == DISCARD:
            keep = 1 << self.turned if self.turned >= 0 and self.koenig == self.dealer else 0
            return [A_DISCARD + c for c in range(NUM_CARDS)
                    if (self.hands[self.koenig] & ~keep) >> c & 1]
        if ph == CONTRACT:
            return list(range(A_CONTRACT, A_CONTRACT + 6))
        if ph == DECLINE:
            return [A_DECLINE, A_ACCEPT]
        if ph == CALL:
            out = ~self.hands[self.koenig] & ~(1 << REMOVED_AT_FIVE)
            return [A_CALL + c for c in range(NUM_CARDS) if out >> c & 1]
        return []

    def _bid_values(self) -> list[int]:
        o = self.options
        high = self.bids[self.high_bidder] if self.high_bidder >= 0 else 0
        lowest = high + o.step if high else o.min_bid
        return [v for v in range(o.min_bid, o.max_bid + 1, o.step) if v >= lowest]

    def _apply_phase(self, action: int) -> None:
        ph = self.phase
        if ph == BID:
            self._bid(action)
        elif ph == DISCARD:
            self._discard(action - A_DISCARD)
        elif ph == CONTRACT:
            self.contract = action - A_CONTRACT
            self._after_contract()
        elif ph == DECLINE:
            if action == A_DECLINE:
                self._decline()
            else:
                self._after_decline()
        elif ph == CALL:
            self._call(action - A_CALL)
        else:
            super()._apply_phase(action)

    def _bid(self, action: int) -> None:
        n = self.num_seats
        seat = self.to_move
        self.auction = (*self.auction, (seat, 0 if action == A_PASS else bid_value(action)))
        if action == A_PASS:
            self.passed |= 1 << seat
        else:
            b = list(self.bids)
            b[seat] = bid_value(action)
            self.bids = tuple(b)
            self.high_bidder = seat
        if self.passed.bit_count() == n:
            self.thrown_in = True
            self.phase = OVER
            return
        if self.passed.bit_count() == n - 1 and self.high_bidder >= 0:
            self.koenig = self.high_bidder
            self.bid = self.bids[self.high_bidder]
            self._after_auction()
            return
        nxt = (seat + 1) % n
        while self.passed >> nxt & 1:
            nxt = (nxt + 1) % n
        self.to_move = nxt

    def _after_auction(self) -> None:
        self.to_move = self.koenig
        if self.options.talon:
            h = list(self.hands)
            h[self.koenig] |= self.deal.talon
            self.hands = tuple(h)
            self.talon_taken = True
            self.phase = DISCARD
            return
        self._after_talon()

    def _discard(self, card: int) -> None:
        h = list(self.hands)
        h[self.koenig] &= ~(1 << card)
        self.hands = tuple(h)
        self.discards |= 1 << card
        if self.discards.bit_count() < TALON_SIZE:
            return
        ih = list(self.initial_hands)
        ih[self.koenig] = self.hands[self.koenig]
        self.initial_hands = tuple(ih)
        self._after_talon()

    def _after_talon(self) -> None:
        if self.first:
            self.phase = CONTRACT
        elif self.options.decline:
            self.phase = DECLINE
        else:
            self._after_decline()

    def _after_contract(self) -> None:
        if self.options.players == 5:
            self.phase = CALL
            return
        self._start()

    def _after_decline(self) -> None:
        self._after_contract()

    def _call(self, card: int) -> None:
        self.called = card
        self.partner = next(s for s in range(self.num_seats) if self.hands[s] >> card & 1)
        self._start()

    def _start(self) -> None:
        c = self.contract
        leader = self.koenig if self.first else self.vorhand
        self._start_play(c, c if c < 4 else -1, leader)

    def _decline(self) -> None:
        self.declined = True
        bauer = next(s for s in range(1, self.num_seats + 1)
                     if self.team((self.koenig + s) % self.num_seats))
        self._credit((self.koenig + bauer) % self.num_seats, DECLINE_POINTS, "declined")
        if self.phase == OVER:
            return
        c = self.contract
        if self.options.stoeck and c < 4:
            sc = STOECK_CARDS[c]
            for s in range(self.num_seats):
                if self.team(s) and self.hands[s] & sc == sc:
                    self._credit(s, 20, "stoeck")
        self.phase = OVER

    # -----------------------------------------------------------------------------------------
    # The card play

    def _play(self, card: int) -> None:
        if card == self.called:
            self.revealed = True
        super()._play(card)

    def _on_last_trick(self, side: int) -> None:
        if self.discards:
            pts = sum(POINTS[self.mode][c] for c in range(NUM_CARDS) if self.discards >> c & 1)
            if pts:
                self._credit(self.koenig, pts, "talon")
                if self.phase == OVER:
                    return
        team = self.team(side)
        taken = sum(w for s, w in enumerate(self.tricks_won) if self.team(s) == team)
        if taken == self.num_tricks and self.rules.match_bonus:
            self._credit(side, self.rules.match_bonus, "match")

    # -----------------------------------------------------------------------------------------
    # Reading the hand

    @property
    def ended_unplayed(self) -> bool:
        """True for a deal thrown in (every player passed) or a hand the König declined:
        over before its first card, without tricks."""
        return self.thrown_in or self.declined

    def result(self) -> tuple[int, int]:
        """What the hand wrote in the (König, Bauern) columns."""
        return self.team_points

    def discard_points(self) -> int:
        """The card points of the König's discards in the contract (0 before it is named)."""
        if self.contract < 0:
            return 0
        return sum(POINTS[self.contract][c] for c in range(NUM_CARDS) if self.discards >> c & 1)

    def action_text(self, action: int) -> str:
        """A short English text of ``action``."""
        if type(action) is int and A_PASS <= action < NUM_ACTIONS:
            if action == A_PASS:
                return "pass"
            if action < A_CONTRACT:
                return f"bid {bid_value(action)}"
            if action < A_DECLINE:
                return f"contract {format_contract(action - A_CONTRACT)}"
            if action == A_DECLINE:
                return "decline"
            if action == A_ACCEPT:
                return "play"
            if action < A_CALL:
                return f"discard {format_card(action - A_DISCARD)}"
            return f"call {format_card(action - A_CALL)}"
        return super().action_text(action)

    def summary(self) -> dict[str, Any]:
        """The trick summary with the auction, the contract, the columns and the end."""
        out = super().summary()
        out.update(
            koenig=self.koenig, bid=self.bid, first=self.first,
            contract=format_contract(self.contract) if self.contract >= 0 else None,
            turned=format_card(self.turned) if self.turned >= 0 else None,
            thrown_in=self.thrown_in, declined=self.declined,
            called=format_card(self.called) if self.called >= 0 else None,
            partner=self.partner if self.phase == OVER else -1,
            discard_points=self.discard_points() if self.phase == OVER else 0,
            result=list(self.team_points), totals=list(self.totals),
            side_won=self.winner,
        )
        return out

    def seat_values(self) -> tuple[float, ...]:
        """What each seat wants to maximise: its column's points less the other column's."""
        k, b = self.team_points
        return tuple(float(k - b) if self.team(s) == 0 else float(b - k)
                     for s in range(self.num_seats))

    def observation(self, seat: int) -> Any:
        """What ``seat`` may know now (``-1``: a spectator)."""
        from puur.variants.bieter_view import observe

        return observe(self, seat)
