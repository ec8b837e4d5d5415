"""One hand of Darts-Jass: the deal, the choice (and the push), the card play, the gains.

Four players get 9 cards each, three 12 (packets of four), two 9 each with the other 18 cards
lying dead, face down, for the whole hand (:attr:`DartsDeal.dead`). The Vorhand (the seat after
the dealer) chooses a suit, Obenabe or Undenufe; with four players he may push the choice to
his partner (once, no push back). The Vorhand leads trick 1 and the tricks are Schieber's. Every
credit counts once (no multiplier): the card points and the last trick's 5, and the Weis, Stöck
and Match bonus where the table plays them; the target is checked once the hand is over, never
inside it. :meth:`DartsHand.result` is what the hand adds to each side's total
(:func:`~puur.variants.darts_rules.hand_gains`, then
:func:`~puur.variants.darts_rules.finish`).

Action ids (stable, Schieber's, :mod:`puur.actions`): 0-35 play a card; 36-39 name a suit, 40
Obenabe, 41 Undenufe; 45 push to the partner; 46 keep quiet about a Weis and 47-61 declare one;
62 announce Stöck, 63 keep quiet. Ids 42-44 are never legal.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from puur.actions import A_CHOOSE, A_PUSH, A_STOECK, A_STOECK_NO, A_WEIS, NUM_ACTIONS
from puur.cards import ALL_CARDS
from puur.contracts import contract_mode, format_contract, trump_of
from puur.deal import check_hands, deal_packets, shuffled
from puur.hand import CHOOSE, OVER, TrickHand
from puur.variants.darts_rules import DartsRules, deal_shape, finish, hand_gains

__all__ = ["CONTRACTS", "NUM_ACTIONS", "DartsDeal", "DartsHand", "check_deal", "deal_darts"]

#: What a chooser may name: the four suits, Obenabe, Undenufe.
CONTRACTS: Final = (0, 1, 2, 3, 4, 5)


@dataclass(frozen=True)
class DartsDeal:
    """One deal: the hands (seat 0 first) and the dealer; with two players the cards in no
    hand lie dead."""

    hands: tuple[int, ...]
    dealer: int

    @property
    def dead(self) -> int:
        """The cards dealt to nobody (two players: 18 of them)."""
        m = 0
        for h in self.hands:
            m |= h
        return ALL_CARDS & ~m


def deal_darts(rules: DartsRules, seed: int | str, dealer: int) -> DartsDeal:
    """Shuffle from ``seed`` and deal for ``dealer``: packets round the table from the seat
    after the dealer; with two players the last 18 cards of the pack stay dead."""
    n = rules.players
    per_seat, packet = deal_shape(n)
    order = shuffled(seed)
    hands = deal_packets(order[:n * per_seat], n, per_seat, packet, (dealer + 1) % n)
    return DartsDeal(tuple(hands), dealer)


def check_deal(rules: DartsRules, d: object) -> DartsDeal:
    """Check a deal against the rules (``ValueError`` saying what is wrong)."""
    if not isinstance(d, DartsDeal):
        raise ValueError(f"not a Darts-Jass deal: {d!r}")
    n = rules.players
    hands = check_hands(d.hands, n, deal_shape(n)[0])
    if type(d.dealer) is not int or not 0 <= d.dealer < n:
        raise ValueError(f"the dealer must be a seat 0..{n - 1}, not {d.dealer!r}")
    return DartsDeal(hands, d.dealer)


class DartsHand(TrickHand):
    """One hand of Darts-Jass: the Vorhand chooses (or pushes), then Schieber's tricks."""

    A_WEIS = A_WEIS
    A_STOECK = A_STOECK
    A_STOECK_NO = A_STOECK_NO
    NUM_ACTIONS = NUM_ACTIONS

    def __init__(self, options: DartsRules, deal: DartsDeal, hand_no: int = 1,
                 totals: tuple[int, ...] | None = None) -> None:
        deal = check_deal(options, deal)
        n = options.players
        vorhand = (deal.dealer + 1) % n
        super().__init__(options.trick_rules(), deal.hands, vorhand, options.sides)
        self.options: DartsRules = options
        self.deal: DartsDeal = deal
        self.dealer: int = deal.dealer
        self.vorhand: int = vorhand
        self.hand_no: int = hand_no
        #: Each side's game total before this hand.
        self.totals: tuple[int, ...] = totals or (0,) * options.num_sides
        self.phase = CHOOSE
        self.pushed: bool = False
        self.chooser: int = -1
        self.contract: int = -1

    @property
    def dead(self) -> int:
        """The cards lying dead for the whole hand (two players), else none."""
        return self.deal.dead

    @property
    def chooser_side(self) -> int:
        """The side that chose (-1 before the choice)."""
        return self.sides[self.chooser] if self.chooser >= 0 else -1

    # -----------------------------------------------------------------------------------------
    # The choice

    def _phase_actions(self) -> list[int]:
        acts = [A_CHOOSE + c for c in CONTRACTS]
        if self.num_seats == 4 and self.options.push and not self.pushed:
            acts.append(A_PUSH)
        return acts

    def _apply_phase(self, a: int) -> None:
        if a == A_PUSH:
            self.pushed = True
            self.to_move = (self.vorhand + 2) % 4
            return
        c = a - A_CHOOSE
        self.chooser = self.to_move
        self.contract = c
        self._start_play(contract_mode(c, 0), trump_of(c), self.vorhand)

    def _on_last_trick(self, side: int) -> None:
        bonus = self.options.match_bonus
        if bonus and self.tricks_won[side] == self.num_tricks:
            self._credit(side, bonus, "match")

    def action_text(self, action: int) -> str:
        """A short English text of ``action`` (``ValueError`` when it is not one)."""
        if type(action) is int and A_CHOOSE <= action < A_CHOOSE + len(CONTRACTS):
            return f"choose {format_contract(action - A_CHOOSE)}"
        if action == A_PUSH:
            return "push"
        if type(action) is int and A_CHOOSE + len(CONTRACTS) <= action < A_PUSH:
            raise ValueError(f"not an action of Darts-Jass: {action!r}")
        return super().action_text(action)

    # -----------------------------------------------------------------------------------------
    # Scores

    def points(self) -> tuple[int, ...]:
        """The points each side has taken in the hand so far (card points, and Weis, Stöck
        and the Match bonus where played)."""
        return self.credited

    def made(self) -> bool | None:
        """Whether the chooser's side took more than every other side (``None`` until the hand
        is over)."""
        if self.phase != OVER:
            return None
        c = self.chooser_side
        return all(self.credited[c] > x for s, x in enumerate(self.credited) if s != c)

    def gains(self) -> tuple[int, ...]:
        """What the chooser rule gives each side once the hand is over (zeros before), before
        the exact finish."""
        if self.phase != OVER:
            return (0,) * self.num_sides
        return hand_gains(self.credited, self.chooser_side, self.options.darts_three_split)

    def busted(self) -> tuple[bool, ...]:
        """Per side, whether ``darts_exact_finish`` wiped its gain (it would pass the target)."""
        g = self.gains()
        return tuple(a > 0 and b == 0 for a, b in zip(g, self.result(), strict=True))

    def result(self) -> tuple[int, ...]:
        """What the hand adds to each side's game total once it is over (zeros before)."""
        o = self.options
        return finish(self.totals, self.gains(), o.darts_target, o.darts_exact_finish)

    def summary(self) -> dict[str, Any]:
        """The trick summary with the choice, the points, the chooser rule and the result."""
        out = super().summary()
        out.update(dealer=self.dealer, vorhand=self.vorhand, chooser=self.chooser,
                   pushed=self.pushed,
                   contract=format_contract(self.contract) if self.contract >= 0 else "-",
                   points=list(self.credited), made=self.made(), gains=list(self.gains()),
                   busted=list(self.busted()), result=list(self.result()))
        return out

    def seat_values(self) -> tuple[float, ...]:
        """What each seat wants to maximise: its side's gain less the best other side's."""
        r = self.result()
        out = []
        for s in range(self.num_seats):
            me = self.sides[s]
            best = max(x for side, x in enumerate(r) if side != me)
            out.append(float(r[me] - best))
        return tuple(out)

    def observation(self, seat: int) -> Any:
        """What ``seat`` may know now (``-1``: a spectator)."""
        from puur.variants.darts_view import observe

        return observe(self, seat)

