"""Schellenjass for the variant search: no trumps, strict following, penalty cards.

Every seat must follow suit, and there are no trumps, so a card of another suit proves its
player void in the suit led: the default proof of :class:`~puur.bots.worlds.VariantModel`
under the strict rule holds. All 36 cards are dealt, so every unseen card is in another seat's
hand. A seat wants as few penalty cards (or as many Striche) as it can get: the search
maximises :meth:`~puur.variants.schellenjass_hand.SchellenjassHand.seat_values`, and in the
one-trick look-ahead of the play-outs a trick counts against its taker by the penalty cards in
it (the card points stand in for the cards still to fall).
"""

from __future__ import annotations

import random
from typing import Any

from puur.bots.cardpool import InconsistentDealError
from puur.bots.worlds import VariantModel, replay_play
from puur.hand import TrickHand
from puur.tricks import PlayRule
from puur.variants.schellenjass_hand import SchellenjassDeal, SchellenjassHand

__all__ = ["SchellenjassModel"]


class SchellenjassModel(VariantModel):
    """Schellenjass for the variant search (see the module text)."""

    key = "schellenjass"

    def play_rule(self, obs: Any) -> PlayRule:
        """Follow suit if you can, else anything."""
        rule: PlayRule = obs.rules.play_rule()
        return rule

    def num_seats(self, obs: Any) -> int:
        """Two to four."""
        return int(obs.num_seats)

    def build(self, obs: Any, initial: tuple[int, ...], rng: random.Random,
              strict: bool) -> TrickHand:
        """The hand dealt ``initial`` with the observed cards replayed."""
        try:
            hand = SchellenjassHand(obs.rules, SchellenjassDeal(initial, obs.dealer),
                                    obs.hand_no, obs.totals)
        except ValueError as e:
            raise InconsistentDealError(str(e)) from None
        replay_play(hand, obs, strict)
        return hand

    def trick_gain(self, hand: TrickHand, seat: int, taker: int, points: int) -> float:
        """A trick counts against its taker: by the penalty cards lying in it and, standing
        in for the cards still to fall, a little by its card points."""
        if taker != seat:
            return 0.0
        suit = getattr(hand, "penalty_suit", 0)
        penalty = sum(1 for c in hand.trick if c // 9 == suit)
        return -(10.0 * penalty + points / 10.0) - 0.5
