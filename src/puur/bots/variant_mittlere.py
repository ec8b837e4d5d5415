"""Mittlere for the variant search: Molotow's worlds, Mittlere's hand and aims.

The card play is Molotow's without Weis and Stöck, so what a first discard proves is
Molotow's (:class:`puur.bots.variant_molotow.MolotowModel`). A seat wants to keep out of the
middle, off 100 and not without a trick: the search maximises what the hand adds to its net
count (:meth:`~puur.variants.mittlere_hand.MittlereHand.seat_values`), and a trick's worth
in a playout follows the rule player's aim (:func:`puur.bots.mittlere.aim`).
"""

from __future__ import annotations

import random
from typing import Any

from puur.bots.cardpool import InconsistentDealError
from puur.bots.mittlere import aim
from puur.bots.variant_molotow import MolotowModel
from puur.bots.worlds import replay_play
from puur.hand import TrickHand
from puur.variants.mittlere_hand import MittlereDeal, MittlereHand

__all__ = ["MittlereModel"]


class MittlereModel(MolotowModel):
    """Mittlere for the variant search (see the module text)."""

    key = "mittlere"

    def build(self, obs: Any, initial: tuple[int, ...], rng: random.Random,
              strict: bool) -> TrickHand:
        """The hand dealt ``initial`` with the observed cards replayed."""
        try:
            hand = MittlereHand(obs.rules, MittlereDeal(initial, obs.dealer), obs.hand_no,
                                obs.totals)
        except ValueError as e:
            raise InconsistentDealError(str(e)) from None
        replay_play(hand, obs, strict)
        return hand

    def trick_gain(self, hand: TrickHand, seat: int, taker: int, points: int) -> float:
        """A seat's own trick counts for it when it aims to take points (or has no trick
        yet), against it when it aims to duck; the others' tricks neither help nor hurt."""
        if taker != seat:
            return 0.0
        tricks = tuple(hand.trick_winners.count(s) for s in range(hand.num_seats))
        sign = aim(hand.trick_points, tricks, seat, len(hand.trick_winners))
        return float(sign * max(points, 1))
