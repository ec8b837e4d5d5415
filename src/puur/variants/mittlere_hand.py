"""One hand of Mittlere: the deal, trumps fixed by the first discard, the marks of the hand.

Three players get twelve cards each, in packets of four round the table from the seat after
the dealer, who leads trick 1 (Vorhand). The card play is Molotow's without Weis, Stöck or
table Weis (:class:`puur.variants.molotow_hand.MolotowHand`): the hand starts in Obenabe
without trumps and everyone must follow suit; the first card played by a player who cannot
follow fixes its suit as trumps and counts as a trump in its own trick; from then on a trump
may be played instead of following, and a lower trump only by a player void in the led suit.
Every trick is valued by the contract the hand ends in, so the hand totals 157.

Each seat's ``credited`` points are its card points as they stand; once the hand is over
:meth:`MittlereHand.marks` gives the Striche and Nuller and :meth:`MittlereHand.result` what
they add to the game (higher is better).

Action ids (stable): 0-35 play a card; there is no other action.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from puur.cards import NUM_CARDS
from puur.hand import OVER
from puur.variants.mittlere_rules import PLAYERS, MittlereRules, hand_marks, net
from puur.variants.molotow_hand import MolotowDeal, MolotowHand, deal_molotow
from puur.variants.molotow_hand import check_deal as check_molotow_deal

__all__ = ["NUM_ACTIONS", "MittlereDeal", "MittlereHand", "check_deal", "deal_mittlere"]

NUM_ACTIONS: Final = NUM_CARDS


@dataclass(frozen=True)
class MittlereDeal:
    """One deal: the three hands (seat 0 first) and the dealer."""

    hands: tuple[int, ...]
    dealer: int


def deal_mittlere(rules: MittlereRules, seed: int | str, dealer: int) -> MittlereDeal:
    """Shuffle from ``seed`` and deal twelve cards each in fours for ``dealer``."""
    d = deal_molotow(rules.molotow_rules(), seed, dealer)
    return MittlereDeal(d.hands, d.dealer)


def check_deal(rules: MittlereRules, d: object) -> MittlereDeal:
    """Check a deal against the rules (``ValueError`` saying what is wrong)."""
    if not isinstance(d, MittlereDeal):
        raise ValueError(f"not a Mittlere deal: {d!r}")
    m = check_molotow_deal(rules.molotow_rules(), MolotowDeal(d.hands, d.dealer))
    return MittlereDeal(m.hands, m.dealer)


class MittlereHand(MolotowHand):
    """One hand of Mittlere, led by the seat after the dealer."""

    A_WEIS = NUM_ACTIONS
    A_STOECK = NUM_ACTIONS + 16
    A_STOECK_NO = NUM_ACTIONS + 17
    NUM_ACTIONS = NUM_ACTIONS

    def __init__(self, options: MittlereRules, deal: MittlereDeal, hand_no: int = 1,
                 totals: tuple[int, ...] | None = None) -> None:
        deal = check_deal(options, deal)
        super().__init__(options.molotow_rules(), MolotowDeal(deal.hands, deal.dealer),
                         hand_no, totals)
        #: The Mittlere options (``options`` holds the Molotow card play they stand for).
        self.mittlere: MittlereRules = options
        self.deal: MittlereDeal = deal  # type: ignore[assignment]

    def tricks_taken(self) -> tuple[int, ...]:
        """How many tricks each seat has taken so far."""
        return tuple(self.trick_winners.count(s) for s in range(PLAYERS))

    def marks(self) -> tuple[tuple[int, int], ...]:
        """Each seat's (Striche, Nuller) once the hand is over, else none."""
        if self.phase != OVER:
            return ((0, 0),) * PLAYERS
        return hand_marks(self.trick_points, self.tricks_taken(), self.mittlere.ties)

    def result(self) -> tuple[int, ...]:
        """What the hand adds to each seat's net count once it is over (zeros before): Striche
        less Nuller, or the Striche alone without ``negative``. Higher is better."""
        return tuple(net(m, self.mittlere.negative) for m in self.marks())

    def summary(self) -> dict[str, Any]:
        """The trick summary with the trumps, the tricks taken, the marks and the result."""
        out = super().summary()
        for key in ("table_weis", "weis", "stoeck"):
            out.pop(key, None)
        out.update(tricks=list(self.tricks_taken()), marks=[list(m) for m in self.marks()])
        return out

    def seat_values(self) -> tuple[float, ...]:
        """What each seat wants to maximise: what the hand adds to its net count."""
        return tuple(float(r) for r in self.result())

    def observation(self, seat: int) -> Any:
        """What ``seat`` may know now (``-1``: a spectator)."""
        from puur.variants.mittlere_view import observe

        return observe(self, seat)
