"""One hand of Pandur: the deal, the auction, the trumps, the card play, the game points.

The deal (:func:`deal_pandur`) gives 8 of the 24 cards to each active seat in packets of 4 from
the Vorhand: the three at the table, or at a table of four the three beside the dealer, who sits
the hand out. With two players left each gets 8 and the last 8 lie out of play, face down.

The auction goes round the active seats from the Vorhand: each bids higher on the ladder
(:data:`~puur.variants.pandur_rules.LADDER`) or passes, and a pass is final. It ends when all
others have passed after a bid (at once after Trumpf-Pandur, which nobody can top); if nobody
bids the deal is thrown in (:attr:`PandurHand.thrown_in`). The highest bidder, the *soloist*,
leads trick 1 in every contract:

* a numeric bid: he names a trump suit and must make the bid in card points, his Weis and his
  Stöck; the play as ``numeric_play`` says; Weis as Schieber's (large), but only the soloist's
  count and only if no opponent shows a better one;
* Misère (lose every trick) and Pandur (win every trick): no trumps, the cards in the order
  ``notrump_order`` says, follow suit strictly; no Weis, no Stöck (every trick is played, though
  the first the soloist takes in Misère, or loses in Pandur, decides the contract);
* Trumpf-Misère and Trumpf-Pandur: the suit of the soloist's first card becomes trumps; a
  player void in the suit led must play a trump (he need not overtrump).

Every seat is a side of its own in the trick engine (``credited`` per seat).
:meth:`PandurHand.result` gives the game points: the contract's value to the soloist if he made
it, else to each opponent (at a table of four to the dealer as well, unless he is within two of
the target: ``dealer_gains``).

Action ids: :mod:`puur.variants.pandur_rules`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from puur.cards import ALL_CARDS
from puur.deal import deal_packets, shuffled
from puur.hand import OVER, HandError, IllegalActionError, TrickHand
from puur.tricks import SCHIEBER
from puur.variants.pandur_rules import (
    A_PASS,
    A_STOECK,
    A_STOECK_NO,
    A_TRUMP,
    A_WEIS,
    DECK,
    LADDER,
    NUM_ACTIONS,
    TRUMPF_MISERE,
    TRUMPF_PANDUR,
    PandurRules,
    bid_action,
    bid_name,
    bid_of,
    is_special,
    made,
    value,
)
from puur.weis import split_points

__all__ = ["BID", "TRUMP", "PandurDeal", "PandurHand", "active_seats", "check_deal",
           "deal_pandur"]

BID: Final = "bid"
TRUMP: Final = "trump"
_SUITS: Final = ("schellen", "rosen", "schilten", "eicheln")


@dataclass(frozen=True)
class PandurDeal:
    """One deal: the hands (seat 0 first; 0 for a seat out of the hand), the dealer, and the
    cards out of play (8 with two players left, else none)."""

    hands: tuple[int, ...]
    dealer: int
    dead: int = 0

    @property
    def active(self) -> tuple[int, ...]:
        """The seats dealt cards."""
        return tuple(s for s, h in enumerate(self.hands) if h)


def active_seats(players: int, dealer: int, at_table: tuple[int, ...]) -> tuple[int, ...]:
    """The seats that get cards, in order from the Vorhand: everyone at the table, but the
    dealer while four are at it.

    >>> active_seats(4, 1, (0, 1, 2, 3)), active_seats(4, 1, (0, 1, 3)), active_seats(3, 2, (0, 2))
    ((2, 3, 0), (3, 0, 1), (0, 2))
    """
    order = tuple((dealer + k) % players for k in range(1, players + 1))
    seats = tuple(s for s in order if s in at_table)
    return tuple(s for s in seats if s != dealer) if len(seats) == 4 else seats


def deal_pandur(rules: PandurRules, seed: int | str, dealer: int,
                at_table: tuple[int, ...] | None = None) -> PandurDeal:
    """Shuffle the 24 cards from ``seed`` and deal for ``dealer`` to the active seats among
    ``at_table`` (everyone by default): 8 each in packets of 4 from the Vorhand; with two
    players the last 8 cards lie out of play."""
    n = rules.players
    table = tuple(range(n)) if at_table is None else at_table
    order = [c for c in shuffled(seed) if DECK >> c & 1]
    seats = active_seats(n, dealer, table)
    packets = deal_packets(order, len(seats), 8, 4, 0)
    hands = [0] * n
    for k, s in enumerate(seats):
        hands[s] = packets[k]
    dead = DECK & ~sum(packets) if len(seats) == 2 else 0
    return PandurDeal(tuple(hands), dealer, dead)


def check_deal(rules: PandurRules, d: object) -> PandurDeal:
    """Check a deal against the rules (``ValueError`` saying what is wrong)."""
    if not isinstance(d, PandurDeal):
        raise ValueError(f"not a Pandur deal: {d!r}")
    n = rules.players
    if type(d.dealer) is not int or not 0 <= d.dealer < n:
        raise ValueError(f"the dealer is a seat 0..{n - 1}, not {d.dealer!r}")
    if not isinstance(d.hands, tuple) or len(d.hands) != n:
        raise ValueError(f"a Pandur deal has {n} hands (0 for a seat out of the hand)")
    seen = 0
    for h in (*d.hands, d.dead):
        if type(h) is not int or not 0 <= h <= ALL_CARDS:
            raise ValueError(f"not a card set: {h!r}")
        if h & ~DECK:
            raise ValueError("Pandur is played with the 9, 10, Under, Ober, King and Ace of "
                             "each suit only")
        if h.bit_count() not in (0, 8):
            raise ValueError(f"each player gets 8 cards, not {h.bit_count()}")
        if seen & h:
            raise ValueError("a card is dealt twice")
        seen |= h
    active = d.active
    if len(active) not in (2, 3):
        raise ValueError(f"two or three players get cards, not {len(active)}")
    if (len(active) == 2) != bool(d.dead):
        raise ValueError("with two players 8 cards lie out of play, with three none")
    if d.dealer not in active and not (n == 4 and len(active) == 3):
        raise ValueError(f"seat {d.dealer} deals and plays: it gets 8 cards")
    return PandurDeal(d.hands, d.dealer, d.dead)


class PandurHand(TrickHand):
    """One hand of Pandur (see the module text). ``totals`` are each seat's game points
    before it; ``at_table`` the seats still at the table (everyone by default)."""

    A_WEIS = A_WEIS
    A_STOECK = A_STOECK
    A_STOECK_NO = A_STOECK_NO
    NUM_ACTIONS = NUM_ACTIONS

    def __init__(self, options: PandurRules, deal: PandurDeal, hand_no: int = 1,
                 totals: tuple[int, ...] | None = None,
                 at_table: tuple[int, ...] | None = None) -> None:
        deal = check_deal(options, deal)
        n = options.players
        table = tuple(range(n)) if at_table is None else at_table
        order = active_seats(n, deal.dealer, table)
        if tuple(sorted(order)) != deal.active:
            raise HandError(f"the deal goes to seats {list(deal.active)}, not to the players "
                            f"in the hand {sorted(order)}")
        super().__init__(options.trick_rules(), deal.hands, order[0], tuple(range(n)))
        self.options: PandurRules = options
        self.deal: PandurDeal = deal
        self.dealer: int = deal.dealer
        self.hand_no: int = hand_no
        self.totals: tuple[int, ...] = totals if totals is not None else (0,) * n
        self.at_table: tuple[int, ...] = table
        #: The active seats from the Vorhand (the auction's order).
        self.order: tuple[int, ...] = order
        self.active: tuple[int, ...] = tuple(sorted(order))
        self.vorhand: int = order[0]
        self.sitting_out: int = deal.dealer if deal.dealer not in order else -1
        self.num_tricks = 8
        self.set_playing(self.active)
        #: The auction: each seat's highest bid (``None``: none yet), the seats that passed
        #: (bits), every call in order ((seat, action)), the high bidder so far.
        self.bids: tuple[int | None, ...] = (None,) * n
        self.passed: int = 0
        self.auction: tuple[tuple[int, int], ...] = ()
        self.high_bidder: int = -1
        self.soloist: int = -1
        self.bid: int = 0
        self.thrown_in: bool = False
        self.phase = BID
        self.to_move = self.vorhand

    # -----------------------------------------------------------------------------------------
    # The auction and the trumps

    @property
    def high_bid(self) -> int | None:
        """The highest bid so far (``None`` before the first)."""
        return self.bids[self.high_bidder] if self.high_bidder >= 0 else None

    def bid_options(self) -> list[int]:
        """The bids the seat to move may make now, lowest first."""
        high = self.high_bid
        start = LADDER.index(high) + 1 if high is not None else 0
        return list(LADDER[start:])

    def _phase_actions(self) -> list[int]:
        if self.phase == BID:
            return [A_PASS, *(bid_action(b) for b in self.bid_options())]
        if self.phase == TRUMP:
            return list(range(A_TRUMP, A_TRUMP + 4))
        return []

    def _apply_phase(self, action: int) -> None:
        if action not in self._phase_actions():
            raise IllegalActionError(f"no action {action!r} is expected in phase "
                                     f"{self.phase!r}", "unknown_action")
        if self.phase == TRUMP:
            suit = action - A_TRUMP
            self._start_play(suit, suit, self.soloist)
            self._only_soloist_stoeck()
            return
        seat = self.to_move
        self.auction = (*self.auction, (seat, action))
        if action == A_PASS:
            self.passed |= 1 << seat
        else:
            b = list(self.bids)
            b[seat] = bid_of(action)
            self.bids = tuple(b)
            self.high_bidder = seat
        k = len(self.order)
        if self.passed.bit_count() == k:
            self.thrown_in = True
            self.phase = OVER
            return
        top = self.high_bid == LADDER[-1]
        if self.high_bidder >= 0 and (self.passed.bit_count() == k - 1 or top):
            self._after_auction()
            return
        i = self.order.index(seat)
        nxt = self.order[(i + 1) % k]
        while self.passed >> nxt & 1:
            i = self.order.index(nxt)
            nxt = self.order[(i + 1) % k]
        self.to_move = nxt

    def _after_auction(self) -> None:
        self.soloist = self.high_bidder
        bid = self.high_bid
        assert bid is not None
        self.bid = bid
        self.to_move = self.soloist
        if not is_special(bid):
            self.play_rule = self.options.play_rule(bid)
            self._schieber_play = self.play_rule == SCHIEBER
            self.phase = TRUMP
            return
        self.rules = self.options.trick_rules(special=True)
        self.play_rule = self.options.play_rule(bid)
        self._schieber_play = False
        mode = self.options.notrump_mode()
        self._start_play(mode, -1, self.soloist)

    def _only_soloist_stoeck(self) -> None:
        if self.stoeck_seat != self.soloist:
            self.stoeck_seat = -1

    @property
    def trumps_by_card(self) -> bool:
        """True in Trumpf-Misère and Trumpf-Pandur (the soloist's first card makes trumps)."""
        return self.bid in (TRUMPF_MISERE, TRUMPF_PANDUR)

    # -----------------------------------------------------------------------------------------
    # The card play

    def _play(self, card: int) -> None:
        if self.trumps_by_card and self.trump < 0:
            self.trump = self.mode = card // 9
        super()._play(card)

    def _credit_weis(self) -> None:
        """Only the soloist's Weis count, and only when none of the others is better."""
        if self.weis_seat < 0 or self.weis_seat != self.soloist:
            return
        pts = split_points(self.declared[self.soloist])
        if pts:
            self._credit(self.soloist, pts, "weis")

    # -----------------------------------------------------------------------------------------
    # Reading the hand

    @property
    def ended_unplayed(self) -> bool:
        """True for a deal thrown in (everyone passed): over before its first card."""
        return self.thrown_in

    @property
    def contract_value(self) -> int:
        """The game points the contract is worth (0 before the auction is over)."""
        return value(self.bid, self.options.scale) if self.soloist >= 0 else 0

    def soloist_points(self) -> int:
        """The soloist's card points, Weis and Stöck so far (0 before the auction is over)."""
        return self.credited[self.soloist] if self.soloist >= 0 else 0

    def is_made(self) -> bool:
        """Whether the soloist made his contract (``False`` before the hand is over)."""
        if self.phase != OVER or self.soloist < 0:
            return False
        return made(self.bid, self.soloist_points(), self.tricks_won[self.soloist],
                    self.num_tricks)

    def opponents(self) -> tuple[int, ...]:
        """The active seats against the soloist (empty before the auction is over)."""
        return tuple(s for s in self.active if s != self.soloist) if self.soloist >= 0 else ()

    def result(self) -> tuple[int, ...]:
        """The game points the hand gives each seat (zeros before it is over)."""
        out = [0] * self.num_seats
        if self.phase != OVER or self.soloist < 0:
            return tuple(out)
        v = self.contract_value
        if self.is_made():
            out[self.soloist] = v
            return tuple(out)
        for s in self.opponents():
            out[s] = v
        d = self.sitting_out
        if d >= 0 and self.options.dealer_gain_open(self.totals[d]):
            out[d] = v
        return tuple(out)

    def action_text(self, action: int) -> str:
        """A short English text of ``action``."""
        if type(action) is int and A_PASS <= action < NUM_ACTIONS:
            if action == A_PASS:
                return "pass"
            if action < A_TRUMP:
                return f"bid {bid_name(bid_of(action))}"
            return f"trumps {_SUITS[action - A_TRUMP]}"
        return super().action_text(action)

    def summary(self) -> dict[str, Any]:
        """The trick summary with the auction, the contract and the game points."""
        out = super().summary()
        over = self.phase == OVER
        out.update(
            dealer=self.dealer, sitting_out=self.sitting_out, active=list(self.active),
            soloist=self.soloist, bid=bid_name(self.bid) if self.soloist >= 0 else None,
            trump=self.trump, thrown_in=self.thrown_in, value=self.contract_value,
            soloist_points=self.soloist_points(), made=self.is_made() if over else None,
            result=list(self.result()), totals=list(self.totals),
        )
        return out

    def seat_values(self) -> tuple[float, ...]:
        """What each seat wants to maximise: its game points, and a little of the soloist's
        points (for him) or of his shortfall (for the others)."""
        res = self.result()
        edge = self.soloist_points() / 1000.0 if self.soloist >= 0 else 0.0
        return tuple(float(r) + (edge if s == self.soloist else -edge)
                     for s, r in enumerate(res))

    def observation(self, seat: int) -> Any:
        """What ``seat`` may know now (``-1``: a spectator)."""
        from puur.variants.pandur_view import observe

        return observe(self, seat)
