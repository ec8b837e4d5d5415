"""What the variant search knows of Kreuzjass: worlds and the default choice.

**Worlds.** A Kreuzjass world is a :class:`~puur.variants.kreuzjass.KreuzjassHand` on a sampled
deal with the observed dealer, hand number and game scores; the push and the contract named are
pushed as the table saw them, then the card play is replayed. What the table knows of the hands
is in the observation's known cards: where trumps are cut, the bottom card lies in the dealer's
hand; in the Weli hand, the Weli lies in the hand of the seat that named trumps. Where trumps
are named the bottom card was never shown and plays no part, so a world takes any card of the
dealer's for it. Nothing else in Kreuzjass's choosing is hidden.

**Values** are Schieber's: a team's points credited in the hand less the other team's
(:meth:`~puur.round.Round.seat_values`), the game stopping at the target.

**The default choice** in a play-out: the contract with the best quick hand estimate
(:func:`puur.bots.search.hand_strength`); no push.
"""

from __future__ import annotations

import random
from typing import Any

from puur.actions import A_CHOOSE, A_PUSH
from puur.bots.cardpool import InconsistentDealError
from puur.bots.search import hand_strength
from puur.bots.worlds import VariantModel, replay_play
from puur.hand import TrickHand
from puur.variants.kreuzjass import KreuzjassDeal, KreuzjassHand

__all__ = ["KreuzjassModel"]


class KreuzjassModel(VariantModel):
    """Kreuzjass for the variant search (see the module text)."""

    key = "kreuzjass"

    def build(self, obs: Any, initial: tuple[int, ...], rng: random.Random,
              strict: bool) -> TrickHand:
        """The hand on ``initial`` with the observed push, contract and cards."""
        bottom = obs.turned
        if bottom < 0:
            bottom = (initial[obs.dealer] & -initial[obs.dealer]).bit_length() - 1
        try:
            hand = KreuzjassHand(obs.options, KreuzjassDeal(initial, obs.dealer, bottom),
                                 obs.hand_no, obs.game_scores)
        except ValueError as e:
            raise InconsistentDealError(str(e)) from None
        if hand.forehand != obs.forehand:
            raise InconsistentDealError("the Weli is not with the seat that named trumps")
        if obs.chooser >= 0:
            if obs.pushed:
                hand.push(A_PUSH)
            hand.push(A_CHOOSE + obs.contract)
        if obs.contract >= 0:
            replay_play(hand, obs, strict)
        return hand

    def phase_action(self, hand: TrickHand) -> int:
        """The contract with the best hand estimate (no push)."""
        cards = hand.initial_hands[hand.to_move]
        return max((a for a in hand.legal_actions() if a != A_PUSH),
                   key=lambda a: hand_strength(cards, a - A_CHOOSE))
