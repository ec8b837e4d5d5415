"""One hand of Sechser: Schieber's choosing and card play on six cards each.

A hand is Schieber's :class:`~puur.round.Round` on a deal of four hands of six: the Vorhand
(the seat after the dealer) names a suit, Obenabe or Undenufe, or pushes once to his partner,
who must then name (or push back once with ``push_back``); the Vorhand leads. Six tricks are
played as Schieber's (rule book §2.4), with Weis, Stöck, the last trick's 5 and a Match (all
six tricks) worth the Match bonus, no multiplier; the hand stops the moment a team reaches the
target. The twelve cards dealt to nobody stay face down (:attr:`SechserHand.dead`). It is
importable from :mod:`puur.variants.sechser` too.
"""

from __future__ import annotations

from typing import Any

from puur.actions import A_CHOOSE, A_PUSH
from puur.contracts import format_contract
from puur.deal import check_hands
from puur.round import Round
from puur.variants.sechser_rules import (
    CONTRACTS,
    HAND_SIZE,
    NUM_ACTIONS,
    SechserDeal,
    SechserRules,
    check_sechser_deal,
)

__all__ = ["SechserHand"]


class SechserHand(Round):
    """One hand of Sechser on ``deal`` (``hand_no`` counts from 1)."""

    NUM_ACTIONS = NUM_ACTIONS

    def __init__(
        self,
        options: SechserRules,
        deal: SechserDeal,
        hand_no: int = 1,
        game_scores: tuple[int, ...] | None = None,
    ) -> None:
        deal = check_sechser_deal(deal)
        super().__init__(options.trick_rules(), deal.hands, (deal.dealer + 1) % 4, game_scores)
        self.options: SechserRules = options
        self.dealt: SechserDeal = deal
        self.hand_no: int = hand_no

    @staticmethod
    def _checked_deal(hands: list[int] | tuple[int, ...]) -> tuple[int, ...]:
        return check_hands(hands, 4, HAND_SIZE)

    @property
    def dealer(self) -> int:
        """The seat that dealt this hand."""
        return self.dealt.dealer

    @property
    def dead(self) -> int:
        """The twelve cards dealt to nobody (face down all hand)."""
        return self.dealt.dead

    # -----------------------------------------------------------------------------------------

    def action_text(self, action: int) -> str:
        """The notation-like text of ``action`` (``ValueError`` when it is not one)."""
        if type(action) is int and (A_CHOOSE <= action < A_PUSH
                                    and action - A_CHOOSE not in CONTRACTS):
            raise ValueError(f"not an action of Sechser: {action!r}")
        return super().action_text(action)

    # -----------------------------------------------------------------------------------------

    def summary(self) -> dict[str, Any]:
        """The trick summary with the contract, who named it and the push."""
        out = super().summary()
        out.update(
            hand_no=self.hand_no, dealer=self.dealer, forehand=self.forehand,
            chooser=self.chooser, pushed=self.pushed,
            contract=format_contract(self.contract) if self.contract >= 0 else "-",
        )
        return out

    def observation(self, seat: int) -> Any:
        """What ``seat`` may know now (see :mod:`puur.variants.sechser_view`)."""
        from puur.variants.sechser_view import observe

        return observe(self, seat)
