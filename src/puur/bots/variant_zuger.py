"""Zuger for the variant search: worlds with the dealer's empty hand and the hands gone home.

The resampling (:mod:`puur.bots.worlds`) deals the unseen cards to the active seats (the dealer
sitting out holds none; the bottom card turned for trumps is fixed in the last active seat's
hand). :meth:`ZugerModel.build` makes the hand from the world and replays every word said
(forcing, the declaring, the answers to the settlement) and the cards. The tricks are played by
the players in play only, so what a play proves is read trick by trick of that size. A seat
wants its written points (:meth:`~puur.variants.zuger_hand.ZugerHand.seat_values`); in a
play-out the other seats decide as the rule player would (:class:`puur.bots.zuger.ZugerPlayer`).
"""

from __future__ import annotations

import random
from typing import Any

from puur.bots.cardpool import InconsistentDealError, forbidden_from_play
from puur.bots.worlds import VariantModel, replay_play
from puur.bots.zuger import ZugerPlayer
from puur.hand import TrickHand
from puur.tricks import PlayRule
from puur.variants.zuger_hand import DECLARE, FORCE, SETTLE, ZugerDeal, ZugerHand

__all__ = ["ZugerModel"]

_PLAYER = ZugerPlayer()


class ZugerModel(VariantModel):
    """Zuger for the variant search (see the module text)."""

    key = "zuger"

    def play_rule(self, obs: Any) -> PlayRule:
        """Schieber's trick rules."""
        rule: PlayRule = obs.rules.play_rule()
        return rule

    def num_seats(self, obs: Any) -> int:
        """Four or three."""
        return int(obs.num_seats)

    def forbidden(self, obs: Any, num_seats: int) -> list[int]:
        """What the plays prove, trick by trick of the players in play."""
        return forbidden_from_play(self.play_rule(obs), obs.history, obs.trump, num_seats,
                                   trick_size=len(obs.in_play) or num_seats)

    def build(self, obs: Any, initial: tuple[int, ...], rng: random.Random,
              strict: bool) -> TrickHand:
        """The deal behind the world ``initial``, its words and its cards replayed."""
        try:
            hand = ZugerHand(obs.rules, ZugerDeal(tuple(initial), obs.dealer, obs.turned),
                             obs.hand_no, obs.totals)
            for _seat, word in obs.words:
                hand.push(word)
        except ValueError as e:
            raise InconsistentDealError(str(e)) from None
        if hand.phase not in (FORCE, DECLARE, SETTLE):
            replay_play(hand, obs, strict)
        return hand

    def phase_action(self, hand: TrickHand) -> int:
        """Forcing, declaring and settling as the rule player does."""
        assert isinstance(hand, ZugerHand)
        return _PLAYER.act(hand.observation(hand.to_move))
