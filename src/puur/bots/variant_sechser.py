"""What the variant search knows of Sechser: worlds and the default choice.

**Worlds.** A Sechser world is a :class:`~puur.variants.sechser.SechserHand` on a sampled deal
with the observed dealer, hand number and game scores; the push and the contract named are
pushed as the table saw them, then the card play is replayed. The twelve dead cards are a pile
(the observation's ``piles``): the resampling deals the unseen cards to the other seats and to
the dead pile alike, as no seat ever sees a dead card, and the pile takes no part in the hand.

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
from puur.variants.sechser import SechserDeal, SechserHand

__all__ = ["SechserModel"]


class SechserModel(VariantModel):
    """Sechser for the variant search (see the module text)."""

    key = "sechser"

    def build(self, obs: Any, initial: tuple[int, ...], rng: random.Random,
              strict: bool) -> TrickHand:
        """The hand on the four hands of ``initial`` (the dead pile after them) with the
        observed push, contract and cards."""
        try:
            hand = SechserHand(obs.options, SechserDeal(initial[:4], obs.dealer), obs.hand_no,
                               obs.game_scores)
        except ValueError as e:
            raise InconsistentDealError(str(e)) from None
        if obs.pushed:
            hand.push(A_PUSH)
        if obs.pushed_back:
            hand.push(A_PUSH)
        if obs.chooser >= 0:
            hand.push(A_CHOOSE + obs.contract)
        if obs.contract >= 0:
            replay_play(hand, obs, strict)
        return hand

    def phase_action(self, hand: TrickHand) -> int:
        """The contract with the best hand estimate (no push)."""
        cards = hand.initial_hands[hand.to_move]
        return max((a for a in hand.legal_actions() if a != A_PUSH),
                   key=lambda a: hand_strength(cards, a - A_CHOOSE))
