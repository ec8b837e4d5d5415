"""Handjass for the variant search: worlds with the blind, the dead hand and the dropped hands.

The resampling (:mod:`puur.bots.worlds`) deals the unseen cards to the seats and to the piles
the observation names: the blind (its face-up card fixed there; after a swap it holds the hand
the swapper put aside, which he alone knows and which is fixed for him) and the dead hand. The
hands of the players who dropped are ordinary seats that play no card. :meth:`HandjassModel.build`
turns a world back into the deal (undoing the swap and the robbing) and replays the words of
the declaring and the cards. The tricks are played by the players in play only, so what a play
proves is read trick by trick of that size, and a deal without robbing puts the trump 6
in no seat's hand. A seat wants the Striche of the hand
(:meth:`~puur.variants.handjass_hand.HandjassHand.seat_values`); in a play-out the other
seats declare as the rule player would (:func:`puur.bots.handjass.hand_strength`).
"""

from __future__ import annotations

import random
from typing import Any

from puur.bots.cardpool import InconsistentDealError, forbidden_from_play
from puur.bots.handjass import hand_strength
from puur.bots.worlds import VariantModel, replay_play
from puur.cards import Rank
from puur.hand import TrickHand
from puur.tricks import PlayRule
from puur.variants.handjass_hand import (
    A_DROP,
    A_PLAY,
    DECLARE,
    HandjassDeal,
    HandjassHand,
)

__all__ = ["HandjassModel"]


class HandjassModel(VariantModel):
    """Handjass for the variant search (see the module text)."""

    key = "handjass"

    def play_rule(self, obs: Any) -> PlayRule:
        """Schieber's trick rules."""
        rule: PlayRule = obs.rules.play_rule()
        return rule

    def trick_rules(self, obs: Any) -> Any:
        """The card play's rule set for the deal's number of players."""
        return obs.rules.trick_rules(len(obs.active))

    def num_seats(self, obs: Any) -> int:
        """Two to five."""
        return int(obs.num_seats)

    def forbidden(self, obs: Any, num_seats: int) -> list[int]:
        """What the plays prove, trick by trick of the players in play; and, then for the
        blind and the dead hand, what the robbing proves: when nobody exchanged the trump 6
        for the turned card, no seat was dealt it (only a swapper can hold it now, from the
        blind)."""
        out = forbidden_from_play(self.play_rule(obs), obs.history, obs.trump, num_seats,
                                  trick_size=len(obs.in_play) or num_seats)
        out += [0] * len(obs.piles)
        six = 1 << (9 * obs.trump + Rank.SIX)
        if obs.piles and obs.rules.rob and obs.robber < 0 and six != 1 << obs.turned:
            for s in range(num_seats):
                if s != obs.swapper:
                    out[s] |= six
            if obs.swapper >= 0:
                out[num_seats] |= six  # the blind now holds the swapper's own hand
        return out

    def build(self, obs: Any, initial: tuple[int, ...], rng: random.Random,
              strict: bool) -> TrickHand:
        """The deal behind the world ``initial`` (seats, then the blind and the dead hand as
        they lie now), its declaring and its cards replayed."""
        n = obs.num_seats
        hands = list(initial[:n])
        blind = initial[n] if len(initial) > n else 0
        dead = initial[n + 1] if len(initial) > n + 1 else 0
        w, r = obs.swapper, obs.robber
        if w >= 0:
            hands[w], blind = blind, hands[w]
        if r >= 0:
            t, six = 1 << obs.turned, 1 << (9 * obs.trump + Rank.SIX)
            hands[r] = hands[r] & ~t | six
            blind = blind & ~six | t
        cut = list(obs.active)
        rng.shuffle(cut)
        try:
            hand = HandjassHand(obs.rules, HandjassDeal(tuple(hands), obs.dealer, obs.turned,
                                                        blind, dead, tuple(cut)),
                                obs.hand_no, obs.totals)
            for _seat, word in obs.words:
                hand.push(word)
        except ValueError as e:
            raise InconsistentDealError(str(e)) from None
        if hand.phase != DECLARE:
            replay_play(hand, obs, strict)
        return hand

    def phase_action(self, hand: TrickHand) -> int:
        """A word of the declaring: play a hand the rule player would play, else drop."""
        assert isinstance(hand, HandjassHand)
        seat = hand.to_move
        others = [s for s in hand.order if s != seat]
        if all(hand.said[s] == A_DROP for s in others):
            return A_PLAY
        players = sum(1 for s in others if hand.said[s] != A_DROP) + 1
        bar = hand.options.minimum_for(len(hand.active)) + 5.0
        return A_PLAY if hand_strength(hand.hands[seat], hand.trump, players) >= bar else A_DROP
