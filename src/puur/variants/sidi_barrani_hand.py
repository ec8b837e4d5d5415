"""One hand of Sidi Barrani: the deal, the auction, the contract, a late double, the card play.

The auction opens from the Vorhand (the seat after the dealer) and goes round the table: each
player passes, bids (at least ``min_bid``, then at least ``step`` above the last bid, on the grid
of ``step`` from ``min_bid``, at most 157) or, as an opponent of the last bidder, doubles. A pass
is not final: a player who passed may bid when his turn comes again. A double ends the auction at
once; otherwise three passes in a row after a bid end it, and four passes without a bid throw
the deal in (:attr:`SidiBarraniHand.thrown_in`). The last bidder (the *declarer*) names a suit,
Obenabe or Undenufe and leads. With ``double = until_first_card`` the two opponents, the seat
after the declarer first, may still double before the first card.

The card play is Schieber's :class:`~puur.round.Round`: Weis, Stöck, the last trick's 5, no
Match bonus; every point is credited to its team as it falls, and after the last trick the
bid (twice when doubled) goes to the declarers when their card points reach it, else to the
opponents (:func:`~puur.variants.sidi_barrani_rules.hand_result`). Weis and Stöck are written
but do not count towards the bid. Inside a game (``totals``) the hand stops the moment a team
reaches the target, in the count order.

Action ids: :mod:`puur.variants.sidi_barrani_rules`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from puur.cards import format_card
from puur.contracts import MODES, format_contract
from puur.deal import DealError, check_hands
from puur.hand import OVER, HandError
from puur.round import Round
from puur.variants.sidi_barrani_rules import (
    A_CHOOSE,
    A_DOUBLE,
    A_PASS,
    DOUBLE,
    NUM_ACTIONS,
    SidiBarraniRules,
    bid_action,
    bid_value,
    hand_result,
)

__all__ = ["SidiBarraniDeal", "SidiBarraniHand", "check_deal"]

BID: Final = "bid"
CONTRACT: Final = "contract"
DOUBLING: Final = "double"


@dataclass(frozen=True)
class SidiBarraniDeal:
    """One deal: the four hands (seat 0 first) and the dealer."""

    hands: tuple[int, ...]
    dealer: int


def check_deal(d: object) -> SidiBarraniDeal:
    """Check a deal (``ValueError`` saying what is wrong)."""
    if not isinstance(d, SidiBarraniDeal):
        raise ValueError(f"not a Sidi Barrani deal: {d!r}")
    try:
        hands = check_hands(d.hands, 4, 9)
    except DealError as e:
        raise ValueError(str(e)) from None
    if type(d.dealer) is not int or not 0 <= d.dealer < 4:
        raise ValueError("the dealer must be a seat 0..3")
    return SidiBarraniDeal(hands, d.dealer)


class SidiBarraniHand(Round):
    """One hand of Sidi Barrani on ``deal``; ``totals`` are the teams' points before it."""

    NUM_ACTIONS = NUM_ACTIONS

    def __init__(self, options: SidiBarraniRules, deal: SidiBarraniDeal, hand_no: int = 1,
                 totals: tuple[int, int] = (0, 0)) -> None:
        if not isinstance(options, SidiBarraniRules):
            raise HandError(f"not Sidi Barrani options: {options!r}")
        deal = check_deal(deal)
        vorhand = (deal.dealer + 1) % 4
        super().__init__(options.trick_rules(), deal.hands, vorhand, totals)
        self.options: SidiBarraniRules = options
        self.dealt: SidiBarraniDeal = deal
        self.dealer: int = deal.dealer
        self.hand_no: int = hand_no
        self.totals: tuple[int, int] = (totals[0], totals[1])
        #: Every call of the auction in order: (seat, points of a bid, 0 a pass, -1 a double).
        self.calls: tuple[tuple[int, int], ...] = ()
        #: The highest bid so far and who made it (0 and -1 before the first bid).
        self.bid: int = 0
        self.bidder: int = -1
        #: Passes in a row since the last bid (or since the start).
        self.passes: int = 0
        self.doubled: bool = False
        self.doubler: int = -1
        self.thrown_in: bool = False
        self.phase = BID
        self.to_move = vorhand

    # -----------------------------------------------------------------------------------------
    # Sides

    @property
    def declarer(self) -> int:
        """The seat that won the auction (-1 before it is over)."""
        return self.chooser

    def is_opponent(self, seat: int) -> bool:
        """Whether ``seat`` plays against the last bidder."""
        return self.bidder >= 0 and (seat - self.bidder) % 2 == 1

    # -----------------------------------------------------------------------------------------
    # The phases before the card play

    def _phase_actions(self) -> list[int]:
        ph = self.phase
        if ph == BID:
            acts = [A_PASS]
            if self.is_opponent(self.to_move):
                acts.append(A_DOUBLE)
            acts += [bid_action(v) for v in self._bid_values()]
            return acts
        if ph == CONTRACT:
            return list(range(A_CHOOSE, A_CHOOSE + 6))
        if ph == DOUBLING:
            return [A_PASS, A_DOUBLE]
        return []

    def _bid_values(self) -> list[int]:
        lowest = self.bid + self.options.step if self.bid else self.options.min_bid
        return [v for v in self.options.bids() if v >= lowest]

    def _apply_phase(self, a: int) -> None:
        ph = self.phase
        if ph == BID:
            self._call(a)
        elif ph == CONTRACT:
            self.contract = a - A_CHOOSE
            if self.options.double == "until_first_card" and not self.doubled:
                self.phase = DOUBLING
                self.to_move = (self.chooser + 1) % 4
            else:
                self._start()
        elif ph == DOUBLING:
            if a == A_DOUBLE:
                self.doubled = True
                self.doubler = self.to_move
                self._start()
            elif self.to_move == (self.chooser + 1) % 4:
                self.to_move = (self.chooser + 3) % 4
            else:
                self._start()
        else:  # pragma: no cover - the card play is the trick hand's
            super()._apply_phase(a)

    def _call(self, a: int) -> None:
        seat = self.to_move
        if a == A_PASS:
            self.calls = (*self.calls, (seat, 0))
            self.passes += 1
            if self.bidder < 0 and self.passes == 4:
                self.thrown_in = True
                self.phase = OVER
                return
            if self.bidder >= 0 and self.passes == 3:
                self._end_auction()
                return
        elif a == A_DOUBLE:
            self.calls = (*self.calls, (seat, DOUBLE))
            self.doubled = True
            self.doubler = seat
            self._end_auction()
            return
        else:
            v = bid_value(a)
            self.calls = (*self.calls, (seat, v))
            self.bid = v
            self.bidder = seat
            self.passes = 0
        self.to_move = (seat + 1) % 4

    def _end_auction(self) -> None:
        self.chooser = self.bidder
        self.to_move = self.bidder
        self.phase = CONTRACT

    def _start(self) -> None:
        c = self.contract
        self.multiplier = 1
        self._start_play(MODES[c][0], c if c < 4 else -1, self.chooser)

    # -----------------------------------------------------------------------------------------
    # Scoring

    def _on_last_trick(self, side: int) -> None:
        """No Match bonus: the bid goes to the declarers when their card points reach it, else
        to the opponents (twice when doubled)."""
        team = self.chooser & 1
        bonus = self.bid * (2 if self.doubled else 1)
        made = self.trick_points[team] >= self.bid
        self._credit(team if made else 1 - team, bonus, "bid")

    @property
    def made(self) -> bool | None:
        """Whether the declarers made their bid (``None`` until the last trick is taken)."""
        if len(self.trick_winners) < self.num_tricks:
            return None
        return self.trick_points[self.chooser & 1] >= self.bid

    def written(self) -> tuple[int, int]:
        """What each team (0, 1) wrote in this hand so far: card points, Weis, Stöck and the
        bid, as credited."""
        return (self.credited[0], self.credited[1])

    def card_result(self) -> tuple[int, int]:
        """What each team wrote for the card points and the bid (without Weis and Stöck), by
        :func:`~puur.variants.sidi_barrani_rules.hand_result`; (0, 0) before the last trick."""
        if self.made is None:
            return (0, 0)
        team = self.chooser & 1
        d, o = hand_result(self.bid, self.doubled, self.trick_points[team],
                           self.trick_points[1 - team])
        return (d, o) if team == 0 else (o, d)

    def hand_score(self) -> dict[str, Any]:
        """Schieber's breakdown of the hand per team, with the bid written (``bid``)."""
        out: dict[str, Any] = {
            "trick_points": [0, 0], "bid": [0, 0], "weis": [0, 0], "stoeck": [0, 0],
            "total": list(self.credited),
        }
        for team, pts, kind in self.credits:
            key = {"trick": "trick_points", "last": "trick_points", "bid": "bid",
                   "weis": "weis", "stoeck": "stoeck"}[kind]
            out[key][team] += pts
        return out

    def summary(self) -> dict[str, Any]:
        """The trick summary with the auction, the contract, the bid and what it wrote."""
        out = super().summary()
        score = self.hand_score()
        out.update(
            dealer=self.dealer, declarer=self.chooser, bid=self.bid, doubled=self.doubled,
            doubler=self.doubler,
            contract=format_contract(self.contract) if self.contract >= 0 else None,
            made=self.made, thrown_in=self.thrown_in,
            bid_points=score["bid"], weis=score["weis"], stoeck=score["stoeck"],
            written=list(self.credited), totals=list(self.totals),
            calls=[[s, v] for s, v in self.calls],
        )
        return out

    def action_text(self, action: int) -> str:
        """A short English text of ``action`` (``ValueError`` when it is not one)."""
        if type(action) is int and A_PASS <= action < NUM_ACTIONS:
            if action == A_PASS:
                return "pass"
            if action == A_DOUBLE:
                return "double"
            return f"bid {bid_value(action)}"
        if type(action) is int and A_CHOOSE <= action < A_CHOOSE + 6:
            return f"contract {format_contract(action - A_CHOOSE)}"
        if type(action) is int and (0 <= action < 36 or 46 <= action < 64):
            return super().action_text(action)
        raise ValueError(f"not an action of Sidi Barrani: {action!r}")

    def describe(self) -> str:
        """A short human-readable summary of the state."""
        parts = [f"phase={self.phase}", f"dealer={self.dealer}"]
        if self.bidder >= 0:
            parts.append(f"bid={self.bid} by seat {self.bidder}"
                         + (" doubled" if self.doubled else ""))
        if self.contract >= 0:
            parts.append(f"contract={format_contract(self.contract)}")
        if self.trick:
            parts.append("cards=" + " ".join(format_card(c) for c in self.trick))
        parts.append(f"credited={self.credited[0]}:{self.credited[1]}")
        return " ".join(parts)

    def __repr__(self) -> str:
        return f"<SidiBarraniHand {self.describe()}>"

    def observation(self, seat: int) -> Any:
        """What ``seat`` may know now (``-1``: a spectator; see
        :mod:`puur.variants.sidi_barrani_view`)."""
        from puur.variants.sidi_barrani_view import observe

        return observe(self, seat)
