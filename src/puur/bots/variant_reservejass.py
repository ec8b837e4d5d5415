"""Reservejass for the variant search: worlds with the reserve and the dead hand.

The resampling (:mod:`puur.bots.worlds`) deals the unseen cards to the seats and to the piles
the observation names: the reserve while it lies (known to the chooser alone, with ``reserve_seen``)
and, after a swap, the dead hand (which nobody knows, its former holder neither).
:meth:`ReservejassModel.build` turns a world back into the deal, undoing the swap (the dead
hand goes back to the swapper, his hand back to the reserve), then replays the words before
the card play (public) and the cards. A seat wants its own points and a win (the hand's
:meth:`~puur.variants.reservejass_hand.ReservejassHand.seat_values`); in a play-out the words
before the card play are the rule player's (:class:`puur.bots.reservejass.ReservejassPlayer`).
"""

from __future__ import annotations

import random
from typing import Any

from puur.bots.cardpool import InconsistentDealError
from puur.bots.reservejass import ReservejassPlayer
from puur.bots.worlds import VariantModel, replay_play
from puur.hand import TrickHand
from puur.tricks import PlayRule
from puur.variants.reservejass_hand import (
    A_SWAP,
    RESERVE,
    TAKE,
    ReservejassDeal,
    ReservejassHand,
)

__all__ = ["ReservejassModel", "undo_swap"]

_PLAYER = ReservejassPlayer()


def undo_swap(obs: Any, hands: list[int], reserve: int, dead: int) -> tuple[list[int], int]:
    """The dealt hands and reserve behind the holdings ``hands``, ``reserve`` and ``dead`` as
    they lie after the words of ``obs`` (at most one swap)."""
    for seat, word in obs.words:
        if word == A_SWAP:
            hands[seat], reserve = dead, hands[seat]
    return hands, reserve


class ReservejassModel(VariantModel):
    """Reservejass for the variant search (see the module text)."""

    key = "reservejass"

    def play_rule(self, obs: Any) -> PlayRule:
        """Schieber's trick rules."""
        rule: PlayRule = obs.rules.play_rule()
        return rule

    def build(self, obs: Any, initial: tuple[int, ...], rng: random.Random,
              strict: bool) -> TrickHand:
        """The deal behind the world ``initial`` (the seats' cards, then the reserve and the
        dead hand as they lie now), its words and its cards replayed."""
        n = obs.num_seats
        hands, reserve = undo_swap(obs, list(initial[:n]), initial[n], initial[n + 1])
        try:
            hand = ReservejassHand(obs.rules, ReservejassDeal(tuple(hands), obs.dealer, reserve),
                                   obs.hand_no, obs.totals)
            for _seat, word in obs.words:
                hand.push(word)
        except ValueError as e:
            raise InconsistentDealError(str(e)) from None
        if hand.phase not in (RESERVE, TAKE):
            replay_play(hand, obs, strict)
        return hand

    def phase_action(self, hand: TrickHand) -> int:
        """A word before the card play: the rule player's."""
        assert isinstance(hand, ReservejassHand)
        return _PLAYER.act(hand.observation(hand.to_move))
