"""Pandur for the variant search: worlds with the seat sitting out and the pile out of play.

The resampling (:mod:`puur.bots.worlds`) deals the unseen cards of the 24 to the seats in the
hand and, with two players left, to the 8 cards out of play (a pile nobody sees;
``out_of_play`` keeps every 6, 7 and 8 out of every world). :meth:`PandurModel.build` makes the
hand from the world and replays the auction, the trumps named and the cards. The tricks are
played by the seats in the hand only, so what a play proves is read trick by trick of that
size, under the contract's own play rule (a Trumpf- contract's trumps are the suit of the
soloist's first card, which leads trick 1: the trumps of the observation hold for every trick).
A trick is worth its points to the soloist's side and against the other (the two opponents are
partners); in Misère and Pandur what counts is who takes it. In a play-out the other seats
decide as the rule player would (:class:`puur.bots.pandur.PandurPlayer`).
"""

from __future__ import annotations

import random
from typing import Any

from puur.bots.cardpool import InconsistentDealError, forbidden_from_play
from puur.bots.pandur import PandurPlayer
from puur.bots.worlds import VariantModel, replay_play
from puur.hand import TrickHand
from puur.rules import RuleSet
from puur.tricks import PlayRule
from puur.variants.pandur_hand import BID, TRUMP, PandurDeal, PandurHand
from puur.variants.pandur_rules import (
    A_TRUMP,
    MISERE,
    PANDUR,
    TRUMPF_MISERE,
    TRUMPF_PANDUR,
    is_special,
)

__all__ = ["PandurModel"]

_PLAYER = PandurPlayer()


class PandurModel(VariantModel):
    """Pandur for the variant search (see the module text)."""

    key = "pandur"

    def play_rule(self, obs: Any) -> PlayRule:
        """The contract's play rule (Schieber's before the auction is over)."""
        rule: PlayRule = obs.rules.play_rule(obs.bid)
        return rule

    def trick_rules(self, obs: Any) -> RuleSet:
        """Large Weis and Stöck in a numeric contract, neither in a special one."""
        rules: RuleSet = obs.rules.trick_rules(special=is_special(obs.bid))
        return rules

    def num_seats(self, obs: Any) -> int:
        """Four or three."""
        return int(obs.num_seats)

    def forbidden(self, obs: Any, num_seats: int) -> list[int]:
        """What the plays prove, trick by trick of the seats in the hand."""
        return forbidden_from_play(self.play_rule(obs), obs.history, obs.trump, num_seats,
                                   trick_size=len(obs.active))

    def build(self, obs: Any, initial: tuple[int, ...], rng: random.Random,
              strict: bool) -> TrickHand:
        """The deal behind the world ``initial`` (the seats, then the pile out of play), its
        auction, trumps and cards replayed."""
        n = obs.num_seats
        dead = initial[n] if len(initial) > n else 0
        try:
            hand = PandurHand(obs.rules, PandurDeal(tuple(initial[:n]), obs.dealer, dead),
                              obs.hand_no, obs.totals, obs.at_table)
            for _seat, action in obs.auction:
                hand.push(action)
            if hand.phase == TRUMP and obs.phase != TRUMP:
                hand.push(A_TRUMP + obs.trump)
        except ValueError as e:
            raise InconsistentDealError(str(e)) from None
        if hand.phase not in (BID, TRUMP):
            replay_play(hand, obs, strict)
        return hand

    def trick_gain(self, hand: TrickHand, seat: int, taker: int, points: int) -> float:
        """Points for the soloist's side or against it; in Misère and Pandur a trick the
        soloist takes (Misère) or loses (Pandur) decides, worth 50."""
        assert isinstance(hand, PandurHand)
        solo = hand.soloist
        mine = (seat == solo) == (taker == solo)
        if hand.bid in (MISERE, TRUMPF_MISERE):
            good = taker != solo if seat == solo else taker == solo
            return 50.0 if good else -50.0
        if hand.bid in (PANDUR, TRUMPF_PANDUR):
            good = taker == solo if seat == solo else taker != solo
            return 50.0 if good else -50.0
        return float(points) if mine else -float(points)

    def phase_action(self, hand: TrickHand) -> int:
        """The auction and the trumps as the rule player decides them."""
        assert isinstance(hand, PandurHand)
        return _PLAYER.act(hand.observation(hand.to_move))
