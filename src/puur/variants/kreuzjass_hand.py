"""One hand of Kreuzjass: naming trumps (or the cut), then Schieber's card play.

A hand is Schieber's :class:`~puur.round.Round` with Kreuzjass's choosing. With
``trump_by = choose``, in hand 1 the Weli holder names a suit (nothing else, no push) and leads;
in every later hand the Vorhand names a suit, Bock, Gais or Slalom (which way first), or pushes
once to his partner, who must then name; the Vorhand leads. With ``trump_by = cut`` the pack's
bottom card gives trumps, shown to all, and the Vorhand leads. Every credit is Schieber's
(Weis, Stöck, tricks, the last trick's 5, the Match bonus), with no multiplier, and the hand
stops the moment a team reaches the target. It is importable from
:mod:`puur.variants.kreuzjass` too.
"""

from __future__ import annotations

from typing import Any

from puur.actions import A_CHOOSE, A_PUSH
from puur.cards import NUM_CARDS, format_card
from puur.contracts import MODE_OBENABE, MODES, Contract, format_contract
from puur.round import Round
from puur.variants.kreuzjass_rules import (
    CONTRACTS,
    NUM_ACTIONS,
    WELI,
    KreuzjassDeal,
    KreuzjassRules,
    check_kreuzjass_deal,
    cut_trump,
)

__all__ = ["KreuzjassHand"]


class KreuzjassHand(Round):
    """One hand of Kreuzjass on ``deal``; ``hand_no`` 1 is the Weli hand."""

    NUM_ACTIONS = NUM_ACTIONS

    def __init__(
        self,
        options: KreuzjassRules,
        deal: KreuzjassDeal,
        hand_no: int = 1,
        game_scores: tuple[int, ...] | None = None,
    ) -> None:
        deal = check_kreuzjass_deal(deal)
        cut = options.trump_by == "cut"
        if cut or hand_no > 1:
            forehand = (deal.dealer + 1) % 4
        else:
            forehand = next(s for s in range(4) if deal.hands[s] >> WELI & 1)
        super().__init__(options.trick_rules(), deal.hands, forehand, game_scores)
        self.options: KreuzjassRules = options
        self.dealt: KreuzjassDeal = deal
        self.hand_no: int = hand_no
        #: The bottom card shown for trumps (-1 where trumps are named).
        self.turned: int = deal.bottom if cut else -1
        if cut:
            self.contract = cut_trump(deal)
            self._start_play(self.contract, self.contract, forehand)

    @property
    def dealer(self) -> int:
        """The seat that dealt this hand."""
        return self.dealt.dealer

    @property
    def weli_hand(self) -> bool:
        """Whether this is the first hand, where the Weli holder names a suit."""
        return self.options.trump_by == "choose" and self.hand_no == 1

    # -----------------------------------------------------------------------------------------

    def _phase_actions(self) -> list[int]:
        if self.weli_hand:
            return [A_CHOOSE + c for c in range(4)]
        acts = [A_CHOOSE + c for c in CONTRACTS]
        if not self.pushed:
            acts.append(A_PUSH)
        return acts

    def _points_mode(self) -> int:
        if self.contract >= Contract.SLALOM and self.options.slalom_values == "obenabe":
            return MODE_OBENABE
        return self.mode

    def _apply_phase(self, a: int) -> None:
        if a == A_PUSH:
            self.pushed = True
            self.to_move = (self.forehand + 2) % 4
            return
        c = a - A_CHOOSE
        self.chooser = self.to_move
        self.contract = c
        self._start_play(MODES[c][0], c if c < 4 else -1, self.forehand)

    def action_text(self, action: int) -> str:
        """The notation-like text of ``action`` (``ValueError`` when it is not one)."""
        if type(action) is int and (A_CHOOSE <= action < A_PUSH
                                    and action - A_CHOOSE not in CONTRACTS):
            raise ValueError(f"not an action of Kreuzjass: {action!r}")
        return super().action_text(action)

    # -----------------------------------------------------------------------------------------

    def summary(self) -> dict[str, Any]:
        """The trick summary with the contract, who named it, the push and the cut card."""
        out = super().summary()
        out.update(
            hand_no=self.hand_no, dealer=self.dealer, forehand=self.forehand,
            chooser=self.chooser, pushed=self.pushed,
            contract=format_contract(self.contract) if self.contract >= 0 else "-",
            turned=format_card(self.turned) if 0 <= self.turned < NUM_CARDS else "-",
        )
        return out

    def hand_score(self) -> dict[str, Any]:
        """Schieber's breakdown; where trumps are cut nobody named them, so a Match is never a
        Kontermatch."""
        out = super().hand_score()
        if self.chooser < 0:
            out["kontermatch"] = False
        return out

    def observation(self, seat: int) -> Any:
        """What ``seat`` may know now (see :mod:`puur.variants.kreuzjass_view`)."""
        from puur.variants.kreuzjass_view import observe

        return observe(self, seat)
