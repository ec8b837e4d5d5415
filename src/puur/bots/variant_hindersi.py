"""Hindersi for the variant search: Schieber's tricks with the turned trumps, fewest points.

The trumps are fixed before the first card (the dealer's last card, which the observation
shows in the dealer's hand until he plays it), so the default proof of
:class:`~puur.bots.worlds.VariantModel` (every trick under the table's play rule with those
trumps) holds. All 36 cards are dealt, so every unseen card is in another seat's hand. A seat
wants the round's marks and, within them, as few points as it can get: the search maximises
:meth:`~puur.variants.hindersi_hand.HindersiHand.seat_values`, and in the one-trick look-ahead
of the play-outs a trick counts against its taker by its points.
"""

from __future__ import annotations

import random
from typing import Any

from puur.bots.cardpool import InconsistentDealError
from puur.bots.worlds import VariantModel, replay_play
from puur.hand import TrickHand
from puur.tricks import PlayRule
from puur.variants.hindersi_hand import HindersiDeal, HindersiHand

__all__ = ["HindersiModel"]


class HindersiModel(VariantModel):
    """Hindersi for the variant search (see the module text)."""

    key = "hindersi"

    def play_rule(self, obs: Any) -> PlayRule:
        """Schieber's rule with the table's undertrump option."""
        rule: PlayRule = obs.rules.play_rule()
        return rule

    def num_seats(self, obs: Any) -> int:
        """Four or three."""
        return int(obs.num_seats)

    def build(self, obs: Any, initial: tuple[int, ...], rng: random.Random,
              strict: bool) -> TrickHand:
        """The hand dealt ``initial`` with the observed cards and Weis replayed."""
        try:
            hand = HindersiHand(obs.rules, HindersiDeal(initial, obs.dealer, obs.turned),
                                obs.hand_no, obs.totals, obs.round_before)
        except ValueError as e:
            raise InconsistentDealError(str(e)) from None
        replay_play(hand, obs, strict)
        return hand

    def trick_gain(self, hand: TrickHand, seat: int, taker: int, points: int) -> float:
        """Points a seat takes count against it; the others' tricks neither help nor hurt."""
        return -float(points) if taker == seat else 0.0
