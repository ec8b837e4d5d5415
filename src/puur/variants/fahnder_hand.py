"""One hand of Fahnder: the deal, the auction, the contract, the called card, the card play.

The auction opens from the Vorhand (the seat after the dealer) and goes round the table: each
player passes or bids card points (at least the lowest bid of the scoring in force, then at least
``step`` above the last bid, at most 157). A pass is not final: a player who passed may bid when
his turn comes again. Three passes in a row after a bid end the auction; four passes without a
bid throw the deal in (:attr:`FahnderHand.thrown_in`). The last bidder, the *Fahnder*, names a
suit, Obenabe or Undenufe and calls a card; its holder is his partner (a card of his own: he is
alone against three). With ``partner_reveal = on_play`` the holder stays secret until the card
is played. The Fahnder leads; no Weis, no Stöck, no Match bonus.

Every seat is a side of its own in the trick engine (``credited`` is per seat, as the tricks are
public), since the pair is not known to all from the start; :meth:`FahnderHand.team` says who
plays with whom. After the last trick the hand writes its marks
(:func:`~puur.variants.fahnder_rules.hand_marks`) in :attr:`FahnderHand.marks`.

Action ids: :mod:`puur.variants.fahnder_rules`.
"""

from __future__ import annotations

from typing import Any, Final

from puur.cards import NUM_CARDS, format_card
from puur.contracts import MODES, format_contract
from puur.hand import OVER, HandError, TrickHand
from puur.variants.fahnder_rules import (
    A_BID,
    A_CALL,
    A_CHOOSE,
    A_PASS,
    MAX_BID,
    NUM_ACTIONS,
    FahnderRules,
    bid_action,
    bid_value,
    hand_marks,
)
from puur.variants.sidi_barrani_hand import SidiBarraniDeal, check_deal

__all__ = ["FahnderDeal", "FahnderHand", "check_deal"]

BID: Final = "bid"
CONTRACT: Final = "contract"
CALL: Final = "call"


#: One deal: the four hands (seat 0 first) and the dealer; the same as Sidi Barrani's, whose
#: check (four hands of nine, a dealer 0..3) it shares.
FahnderDeal = SidiBarraniDeal


class FahnderHand(TrickHand):
    """One hand of Fahnder on ``deal``; ``totals`` are each seat's net marks before it."""

    A_WEIS = NUM_ACTIONS
    A_STOECK = NUM_ACTIONS
    A_STOECK_NO = NUM_ACTIONS
    NUM_ACTIONS = NUM_ACTIONS

    def __init__(self, options: FahnderRules, deal: FahnderDeal, hand_no: int = 1,
                 totals: tuple[int, ...] = (0, 0, 0, 0)) -> None:
        if not isinstance(options, FahnderRules):
            raise HandError(f"not Fahnder options: {options!r}")
        deal = check_deal(deal)
        vorhand = (deal.dealer + 1) % 4
        super().__init__(options.trick_rules(), deal.hands, vorhand, (0, 1, 2, 3))
        self.options: FahnderRules = options
        self.dealt: FahnderDeal = deal
        self.dealer: int = deal.dealer
        self.hand_no: int = hand_no
        self.totals: tuple[int, ...] = tuple(totals)
        #: Every call of the auction in order: (seat, points of a bid, 0 for a pass).
        self.calls: tuple[tuple[int, int], ...] = ()
        #: The highest bid so far and who made it (0 and -1 before the first bid).
        self.bid: int = 0
        self.bidder: int = -1
        #: Passes in a row since the last bid (or since the start).
        self.passes: int = 0
        self.thrown_in: bool = False
        #: The Fahnder (-1 until the auction is over), the contract (-1 until named), the
        #: called card (-1 until called), its holder and whether it has been played.
        self.fahnder: int = -1
        self.contract: int = -1
        self.called: int = -1
        self.partner: int = -1
        self.revealed: bool = False
        #: What each seat wrote in this hand (zeros until the last trick).
        self.marks: tuple[int, ...] = (0, 0, 0, 0)
        self.phase = BID
        self.to_move = vorhand

    # -----------------------------------------------------------------------------------------
    # Sides

    @property
    def alone(self) -> bool:
        """True when the Fahnder called a card of his own."""
        return self.partner >= 0 and self.partner == self.fahnder

    def team(self, seat: int) -> int:
        """0 for the Fahnder and the holder of the called card, 1 for the others (before the
        call every seat but the Fahnder is 1)."""
        return 0 if seat == self.fahnder or seat == self.partner else 1

    @property
    def partner_public(self) -> bool:
        """True once every seat knows who holds the called card."""
        if self.called < 0:
            return False
        return (self.options.partner_reveal == "immediate" or self.revealed
                or self.phase == OVER)

    def pair_points(self) -> int:
        """The card points the Fahnder and his partner have taken so far."""
        if self.fahnder < 0:
            return 0
        pts = self.credited[self.fahnder]
        if self.partner >= 0 and not self.alone:
            pts += self.credited[self.partner]
        return pts

    # -----------------------------------------------------------------------------------------
    # The phases before the card play

    def bid_values(self) -> list[int]:
        """The bids the player to move may make now."""
        lowest = self.bid + self.options.step if self.bid else self.options.lowest_bid
        return list(range(lowest, MAX_BID + 1))

    def _phase_actions(self) -> list[int]:
        ph = self.phase
        if ph == BID:
            return [A_PASS, *(bid_action(v) for v in self.bid_values())]
        if ph == CONTRACT:
            return list(range(A_CHOOSE, A_CHOOSE + 6))
        if ph == CALL:
            return [A_CALL + c for c in range(NUM_CARDS)]
        return []

    def _apply_phase(self, a: int) -> None:
        ph = self.phase
        if ph == BID:
            self._call(a)
        elif ph == CONTRACT:
            self.contract = a - A_CHOOSE
            self.phase = CALL
        elif ph == CALL:
            card = a - A_CALL
            self.called = card
            self.partner = next(s for s in range(4) if self.hands[s] >> card & 1)
            c = self.contract
            self._start_play(MODES[c][0], c if c < 4 else -1, self.fahnder)
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
                self.fahnder = self.bidder
                self.to_move = self.bidder
                self.phase = CONTRACT
                return
        else:
            v = bid_value(a)
            self.calls = (*self.calls, (seat, v))
            self.bid = v
            self.bidder = seat
            self.passes = 0
        self.to_move = (seat + 1) % 4

    # -----------------------------------------------------------------------------------------
    # The card play and the scoring

    def _play(self, card: int) -> None:
        if card == self.called:
            self.revealed = True
        super()._play(card)

    def _on_last_trick(self, side: int) -> None:
        match = all(self.team(w) == 0 for w in self.trick_winners)
        f, p, o = hand_marks(self.options, self.bid, self.pair_points(), match, self.alone)
        self.marks = tuple(f if s == self.fahnder else p if s == self.partner else o
                           for s in range(4))

    @property
    def made(self) -> bool | None:
        """Whether the pair made the bid (``None`` until the last trick is taken)."""
        if self.thrown_in or len(self.trick_winners) < self.num_tricks:
            return None
        return self.pair_points() >= self.bid

    @property
    def match(self) -> bool:
        """True once the pair has taken every trick of the hand."""
        return (len(self.trick_winners) == self.num_tricks
                and all(self.team(w) == 0 for w in self.trick_winners))

    def team_points(self) -> tuple[int, int]:
        """The card points of the pair and of the others so far."""
        pair = self.pair_points()
        return pair, sum(self.credited) - pair

    # -----------------------------------------------------------------------------------------
    # Reading the hand

    def summary(self) -> dict[str, Any]:
        """The trick summary with the auction, the contract, the call, the pair's points and
        what each seat wrote (the partner only once the hand is over or he is public);
        ``match`` is the Fahnder when his pair took every trick, else ``None``."""
        out = super().summary()
        public = self.partner_public
        out.update(
            dealer=self.dealer, fahnder=self.fahnder, bid=self.bid, scoring=self.options.scoring,
            contract=format_contract(self.contract) if self.contract >= 0 else None,
            called=format_card(self.called) if self.called >= 0 else None,
            partner=self.partner if public else -1,
            alone=self.alone if public else None,
            pair_points=self.pair_points() if public else None,
            made=self.made, match=self.fahnder if self.match else None,
            thrown_in=self.thrown_in,
            marks=list(self.marks), totals=list(self.totals),
            calls=[[s, v] for s, v in self.calls],
        )
        return out

    def seat_values(self) -> tuple[float, ...]:
        """What each seat wants to maximise once the hand is over: what it wrote, and as a
        tie-break its side's card points against the other side's (a hundredth of a mark
        per point)."""
        if self.fahnder < 0:
            return (0.0,) * 4
        pair, rest = self.team_points()
        return tuple(self.marks[s] + ((pair - rest) if self.team(s) == 0 else (rest - pair))
                     / 15700.0 for s in range(4))

    def action_text(self, action: int) -> str:
        """A short English text of ``action`` (``ValueError`` when it is not one)."""
        if type(action) is int and 0 <= action < NUM_CARDS:
            return format_card(action)
        if type(action) is int and A_CHOOSE <= action < A_CHOOSE + 6:
            return f"contract {format_contract(action - A_CHOOSE)}"
        if action == A_PASS:
            return "pass"
        if type(action) is int and A_BID <= action < A_CALL:
            return f"bid {bid_value(action)}"
        if type(action) is int and A_CALL <= action < NUM_ACTIONS:
            return f"call {format_card(action - A_CALL)}"
        raise ValueError(f"not an action of Fahnder: {action!r}")

    def describe(self) -> str:
        """A short human-readable summary of the state."""
        parts = [f"phase={self.phase}", f"dealer={self.dealer}"]
        if self.bidder >= 0:
            parts.append(f"bid={self.bid} by seat {self.bidder}")
        if self.contract >= 0:
            parts.append(f"contract={format_contract(self.contract)}")
        if self.called >= 0:
            parts.append(f"called={format_card(self.called)}")
        return " ".join(parts)

    def __repr__(self) -> str:
        return f"<FahnderHand {self.describe()}>"

    def observation(self, seat: int) -> Any:
        """What ``seat`` may know now (``-1``: a spectator; see
        :mod:`puur.variants.fahnder_view`)."""
        from puur.variants.fahnder_view import observe

        return observe(self, seat)
