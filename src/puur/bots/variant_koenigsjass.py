"""Königsjass for the variant search: worlds with the talon and the dead hand.

The resampling (:mod:`puur.bots.worlds`) deals the unseen cards to the seats and to the piles
the observation names: the talon (its face-up card fixed there) and, after a swap, the dead
hand (which only the swapper knows, and which is fixed for him). :meth:`KoenigsjassModel.build`
turns a world back into the deal, undoing the words before the card play from the last (a swap
gives the talon back and the dead hand to the swapper; an exchange gives the 6 back to its
holder and the turned card to where it lay), then replays those words and the cards. Whether a
seat that kept quiet held the trump 6 proves nothing (it may keep it), so the plays alone say
what a seat cannot hold. A seat wants its own points and a win (the hand's
:meth:`~puur.variants.koenigsjass_hand.KoenigsjassHand.seat_values`); in a play-out the words
before the card play are the rule player's (:class:`puur.bots.koenigsjass.KoenigsjassPlayer`).
"""

from __future__ import annotations

import random
from typing import Any

from puur.bots.cardpool import InconsistentDealError
from puur.bots.koenigsjass import KoenigsjassPlayer
from puur.bots.worlds import VariantModel, replay_play
from puur.hand import TrickHand
from puur.tricks import PlayRule
from puur.variants.koenigsjass_hand import (
    A_EXCHANGE,
    A_SWAP,
    EXCHANGE,
    SWAP,
    KoenigsjassDeal,
    KoenigsjassHand,
)

__all__ = ["KoenigsjassModel", "undo_words"]

_PLAYER = KoenigsjassPlayer()


def undo_words(obs: Any, hands: list[int], talon: int, dead: int) -> tuple[list[int], int]:
    """The dealt hands and talon behind the holdings ``hands``, ``talon`` and ``dead`` as they
    lie after the words of ``obs`` (``obs.words``, undone from the last)."""
    for k in range(len(obs.words) - 1, -1, -1):
        seat, word = obs.words[k]
        if word == A_SWAP:
            hands[seat], talon, dead = dead, hands[seat], 0
        elif word == A_EXCHANGE:
            t, six = 1 << obs.turned, 1 << obs.six
            hands[seat] = hands[seat] & ~t | six
            if any(w == A_SWAP for _s, w in obs.words[:k]):  # it lay in the swapper's hand
                hands[obs.swapper] = hands[obs.swapper] & ~six | t
            else:
                talon = talon & ~six | t
    return hands, talon


class KoenigsjassModel(VariantModel):
    """Königsjass for the variant search (see the module text)."""

    key = "koenigsjass"

    def play_rule(self, obs: Any) -> PlayRule:
        """Schieber's trick rules."""
        rule: PlayRule = obs.rules.play_rule()
        return rule

    def build(self, obs: Any, initial: tuple[int, ...], rng: random.Random,
              strict: bool) -> TrickHand:
        """The deal behind the world ``initial`` (the seats' cards, then the talon and the dead
        hand as they lie now), its words and its cards replayed."""
        n = obs.num_seats
        hands, talon = undo_words(obs, list(initial[:n]), initial[n], initial[n + 1])
        try:
            hand = KoenigsjassHand(obs.rules, KoenigsjassDeal(tuple(hands), obs.dealer, talon,
                                                              obs.turned),
                                   obs.hand_no, obs.totals)
            for _seat, word in obs.words:
                hand.push(word)
        except ValueError as e:
            raise InconsistentDealError(str(e)) from None
        if hand.phase not in (SWAP, EXCHANGE):
            replay_play(hand, obs, strict)
        return hand

    def phase_action(self, hand: TrickHand) -> int:
        """A word before the card play: the rule player's."""
        assert isinstance(hand, KoenigsjassHand)
        return _PLAYER.act(hand.observation(hand.to_move))
