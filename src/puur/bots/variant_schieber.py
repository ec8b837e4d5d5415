"""What the variant search knows of Schieber (the ``search`` bot plays Schieber with its own
tuned search, :mod:`puur.bots.search`; this model lets the variant search play it too, and
checks the shared resampling against Schieber's own sampler).

A world is a :class:`~puur.round.Round` on the sampled deal with the recorded pushes and
contract pushed, then the card play replayed; its value for a seat is its team's points in
the hand less the other team's (:meth:`Round.seat_values`). The default choice in a play-out is
the contract with the best quick hand estimate (:func:`puur.bots.search.hand_strength`) times
its multiplier.
"""

from __future__ import annotations

import random
from typing import Any

from puur.actions import A_CHOOSE, A_PUSH
from puur.bots.sampler import round_before_play
from puur.bots.search import hand_strength
from puur.bots.worlds import VariantModel, replay_play
from puur.hand import TrickHand

__all__ = ["SchieberModel"]


class SchieberModel(VariantModel):
    """Schieber for the variant search (see the module text)."""

    key = "schieber"
    own_search = True

    def build(self, obs: Any, initial: tuple[int, ...], rng: random.Random,
              strict: bool) -> TrickHand:
        """The round on ``initial`` with the observed pushes, contract and cards."""
        r = round_before_play(obs, initial)
        if obs.contract >= 0:
            replay_play(r, obs, strict)
        return r

    def phase_action(self, hand: TrickHand) -> int:
        """The contract with the best hand estimate times its multiplier (no push)."""
        cards = hand.initial_hands[hand.to_move]
        mult = hand.rules.multipliers
        return max(
            (a for a in hand.legal_actions() if a != A_PUSH),
            key=lambda a: hand_strength(cards, a - A_CHOOSE) * mult[a - A_CHOOSE],
        )
