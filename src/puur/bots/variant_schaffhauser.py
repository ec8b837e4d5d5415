"""Schaffhauser for the variant search: Schieber's card play, the König against two.

Every card is dealt, so a world is a deal of the unseen cards among the other seats (the turned
card known in the dealer's hand), rebuilt by playing the hand rather than declining it and then
replaying the cards, with the targets out of reach until the history is replayed (the real game
did not end in it). The decline decision is the rule player's (:mod:`puur.bots.schaffhauser`):
its worth lies in the whole game. A seat's value is its column's progress towards its target
less the other column's, and a side that reaches its target mid-hand gains :data:`WIN_BONUS`
more.
"""

from __future__ import annotations

import random
from typing import Any, Final

from puur.bots.cardpool import InconsistentDealError
from puur.bots.schaffhauser import SchaffhauserPlayer
from puur.bots.worlds import VariantModel, replay_play
from puur.hand import TrickHand
from puur.variants.schaffhauser_hand import SchaffhauserDeal, SchaffhauserHand
from puur.variants.schaffhauser_rules import A_ACCEPT

__all__ = ["WIN_BONUS", "SchaffhauserModel"]

#: What reaching the target is worth beyond the points (the game is won).
WIN_BONUS: Final = 500.0
_PLAYER: Final = SchaffhauserPlayer()
_FAR: Final = 10**9


class SchaffhauserModel(VariantModel):
    """Schaffhauser for the variant search (see the module text)."""

    key = "schaffhauser"

    def build(self, obs: Any, initial: tuple[int, ...], rng: random.Random,
              strict: bool) -> TrickHand:
        """The hand dealt ``initial`` with the decision to play it and the cards replayed."""
        try:
            deal = SchaffhauserDeal(tuple(initial), obs.dealer, obs.turned)
            hand = SchaffhauserHand(obs.rules, deal, obs.hand_no, obs.koenig, obs.totals,
                                    obs.game_no, obs.past)
        except ValueError as e:
            raise InconsistentDealError(str(e)) from None
        if hand.phase == "decline" and obs.phase != "decline":
            hand.push(A_ACCEPT)
        if hand.phase in ("play", "weis", "stoeck"):
            totals = hand.totals
            hand.totals = (-_FAR, -_FAR)
            try:
                replay_play(hand, obs, strict)
            finally:
                hand.totals = totals
        return hand

    def values(self, hand: TrickHand) -> tuple[float, ...]:
        """The progress difference, and the win for a side that reached its target."""
        assert isinstance(hand, SchaffhauserHand)
        base = hand.seat_values()
        if hand.winner < 0:
            return base
        return tuple(v + (WIN_BONUS if hand.team(s) == hand.winner else -WIN_BONUS)
                     for s, v in enumerate(base))

    def trick_gain(self, hand: TrickHand, seat: int, taker: int, points: int) -> float:
        """A trick counts for the seat's side (the König, or the two Bauern)."""
        assert isinstance(hand, SchaffhauserHand)
        return float(points) if hand.team(taker) == hand.team(seat) else -float(points)

    def phase_action(self, hand: TrickHand) -> int:
        """The rule player's decision before the card play."""
        return int(_PLAYER.act(hand.observation(hand.to_move)))

    def shortlist(self, obs: Any, search: Any) -> tuple[list[int], dict[int, float]]:
        """The decline question is the rule player's; in the card play every card is searched."""
        if obs.phase == "decline":
            return [int(_PLAYER.act(obs))], {}
        return list(obs.legal_actions), {}
