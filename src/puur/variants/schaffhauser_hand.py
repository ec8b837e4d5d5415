"""One hand of Schaffhauser: the deal, the trump card, the König's decline, the card play.

Twelve cards each in packets of four, from the seat after the dealer; the pack's last card goes
to the dealer and gives trumps (its suit; with ``turned_card_modes`` a 6 means Undenufe and an
Ace Obenabe). Nobody may rob it. The König then decides, before the first card, whether to play
the hand: if he declines, the Bauern write 257 and their Stöck (no Weis) and the hand is over.
Otherwise the Vorhand leads and the hand is played as Schieber's, the König alone against the
two Bauern as one side: the side of the best Weis scores all its Weis (the König's count whether
or not he takes a trick), Stöck 20, last trick 5, Match 100.

Every seat is a side of its own in the trick engine (``credited`` is per seat, as the tricks
are public); the game's two columns are :attr:`SchaffhauserHand.team_points`: the König's and
the Bauern's. The hand stops the moment a column reaches its target; the credits fall in the
count order.

Action ids: :mod:`puur.variants.schaffhauser_rules`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from puur.cards import NUM_CARDS, format_card
from puur.contracts import format_contract
from puur.deal import check_hands, deal_packets, shuffled
from puur.hand import OVER, TrickHand
from puur.variants.bieter_rules import DECLINE_POINTS, turned_contract
from puur.variants.schaffhauser_rules import (
    A_ACCEPT,
    A_DECLINE,
    A_STOECK,
    A_STOECK_NO,
    A_WEIS,
    NUM_ACTIONS,
    PLAYERS,
    SchaffhauserRules,
    series_wins,
)
from puur.weis import STOECK_CARDS, split_points

__all__ = ["SchaffhauserDeal", "SchaffhauserHand", "check_deal", "deal_schaffhauser"]

DECLINE: Final = "decline"
#: Cards per player, dealt in three packets of four.
PER_SEAT: Final = 12


@dataclass(frozen=True)
class SchaffhauserDeal:
    """One deal: the hands (seat 0 first), the dealer and the dealer's last card (it gives
    trumps and stays in his hand)."""

    hands: tuple[int, ...]
    dealer: int
    turned: int


def deal_schaffhauser(seed: int | str, dealer: int) -> SchaffhauserDeal:
    """Shuffle from ``seed`` and deal for ``dealer``: packets of four from the seat after him;
    he receives the pack's last card."""
    order = shuffled(seed)
    hands = deal_packets(order, PLAYERS, PER_SEAT, 4, (dealer + 1) % PLAYERS)
    return SchaffhauserDeal(hands, dealer, order[-1])


def check_deal(d: object) -> SchaffhauserDeal:
    """Check a deal (``ValueError`` saying what is wrong)."""
    if not isinstance(d, SchaffhauserDeal):
        raise ValueError(f"not a Schaffhauser deal: {d!r}")
    hands = check_hands(d.hands, PLAYERS, PER_SEAT)
    if type(d.dealer) is not int or not 0 <= d.dealer < PLAYERS:
        raise ValueError(f"the dealer must be a seat 0..{PLAYERS - 1}")
    if type(d.turned) is not int or not 0 <= d.turned < NUM_CARDS:
        raise ValueError("the dealer's last card is missing")
    if not hands[d.dealer] >> d.turned & 1:
        raise ValueError("the dealer's last card must be in the dealer's hand")
    return SchaffhauserDeal(hands, d.dealer, d.turned)


class SchaffhauserHand(TrickHand):
    """One hand of Schaffhauser. ``koenig`` plays alone for the whole game; ``totals`` are the
    (König, Bauern) columns of the game before this hand; ``game_no`` is the game of the series
    (1-based) and ``past`` the games of the series already over: (König, winning side, the
    König's column, the Bauern's) each."""

    A_WEIS = A_WEIS
    A_STOECK = A_STOECK
    A_STOECK_NO = A_STOECK_NO
    NUM_ACTIONS = NUM_ACTIONS

    def __init__(self, options: SchaffhauserRules, deal: SchaffhauserDeal, hand_no: int = 1,
                 koenig: int | None = None, totals: tuple[int, int] = (0, 0), game_no: int = 1,
                 past: tuple[tuple[int, int, int, int], ...] = ()) -> None:
        deal = check_deal(deal)
        vorhand = (deal.dealer + 1) % PLAYERS
        super().__init__(options.trick_rules(), deal.hands, vorhand, tuple(range(PLAYERS)))
        self.options: SchaffhauserRules = options
        self.deal: SchaffhauserDeal = deal
        self.dealer: int = deal.dealer
        self.vorhand: int = vorhand
        self.hand_no: int = hand_no
        #: The König (the first game's deals its first hand).
        self.koenig: int = deal.dealer if koenig is None else koenig
        if type(self.koenig) is not int or not 0 <= self.koenig < PLAYERS:
            raise ValueError(f"the König must be a seat 0..{PLAYERS - 1}")
        self.totals: tuple[int, int] = totals
        self.game_no: int = game_no
        self.past: tuple[tuple[int, int, int, int], ...] = past
        #: The card the dealer turned for trumps and the contract it gives.
        self.turned: int = deal.turned
        self.contract: int = turned_contract(deal.turned, options.turned_card_modes)
        self.declined: bool = False
        #: The (König, Bauern) points of this hand, as they fall.
        self.team_points: tuple[int, int] = (0, 0)
        if options.decline:
            self.phase = DECLINE
            self.to_move = self.koenig
        else:
            self._start()

    # -----------------------------------------------------------------------------------------
    # Sides and targets

    def team(self, seat: int) -> int:
        """0 for the König, 1 for the two Bauern."""
        return 0 if seat == self.koenig else 1

    @property
    def targets(self) -> tuple[int, int]:
        """What each column needs: the König's target, the Bauern's."""
        return self.options.koenig_target, self.options.target

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
        # The best Weis's side writes all its Weis: the König's alone, or both Bauern's.
        if self.weis_seat < 0:
            return
        team = self.team(self.weis_seat)
        for s in range(PLAYERS):
            pts = split_points(self.declared[s])
            if pts and self.team(s) == team:
                self._credit(s, pts, "weis")
                if self.phase == OVER:
                    return

    # -----------------------------------------------------------------------------------------
    # The decline

    def _phase_actions(self) -> list[int]:
        if self.phase == DECLINE:
            return [A_ACCEPT, A_DECLINE]
        return []

    def _apply_phase(self, action: int) -> None:
        if self.phase != DECLINE:
            super()._apply_phase(action)
        elif action == A_DECLINE:
            self._decline()
        else:
            self._start()

    def _start(self) -> None:
        c = self.contract
        self._start_play(c, c if c < 4 else -1, self.vorhand)

    def _decline(self) -> None:
        self.declined = True
        bauer = (self.koenig + 1) % PLAYERS
        self._credit(bauer, DECLINE_POINTS, "declined")
        if self.phase == OVER:
            return
        c = self.contract
        if self.options.stoeck and c < 4:
            sc = STOECK_CARDS[c]
            for s in range(PLAYERS):
                if self.team(s) and self.hands[s] & sc == sc:
                    self._credit(s, 20, "stoeck")
        self.phase = OVER

    # -----------------------------------------------------------------------------------------
    # The card play

    def _on_last_trick(self, side: int) -> None:
        team = self.team(side)
        taken = sum(w for s, w in enumerate(self.tricks_won) if self.team(s) == team)
        if taken == self.num_tricks and self.rules.match_bonus:
            self._credit(side, self.rules.match_bonus, "match")

    # -----------------------------------------------------------------------------------------
    # Reading the hand

    @property
    def ended_unplayed(self) -> bool:
        """True for a hand the König declined: over before its first card, without tricks."""
        return self.declined

    def result(self) -> tuple[int, int]:
        """What the hand wrote in the (König, Bauern) columns."""
        return self.team_points

    def action_text(self, action: int) -> str:
        """A short English text of ``action``."""
        if type(action) is int and action in (A_DECLINE, A_ACCEPT):
            return "decline" if action == A_DECLINE else "play"
        return super().action_text(action)

    def series(self) -> tuple[tuple[int, int, int, int], ...]:
        """The games of the series over once this hand is: :attr:`past`, and this hand's game
        if the hand ended it."""
        if self.winner < 0:
            return self.past
        k, b = self.totals
        return (*self.past, (self.koenig, self.winner, k + self.team_points[0],
                             b + self.team_points[1]))

    def summary(self) -> dict[str, Any]:
        """The trick summary with the König, the trump card, the columns, the end and the
        series so far (with this hand's game once the hand ends it)."""
        out = super().summary()
        series = self.series()
        out.update(
            koenig=self.koenig, game_no=self.game_no, contract=format_contract(self.contract),
            turned=format_card(self.turned), declined=self.declined,
            result=list(self.team_points), totals=list(self.totals), side_won=self.winner,
            series=[{"koenig": k, "won": w, "columns": [kc, bc]} for k, w, kc, bc in series],
            series_scores=list(series_wins(series, self.options.ranking)),
            ranking=self.options.ranking,
        )
        return out

    def seat_values(self) -> tuple[float, ...]:
        """What each seat wants to maximise: its column's progress to its target less the other
        column's (the König needs far less than the Bauern)."""
        k, b = self.team_points
        tk, tb = self.targets
        diff = 1000.0 * (k / tk - b / tb)
        return tuple(diff if self.team(s) == 0 else -diff for s in range(PLAYERS))

    def observation(self, seat: int) -> Any:
        """What ``seat`` may know now (``-1``: a spectator)."""
        from puur.variants.schaffhauser_view import observe

        return observe(self, seat)
