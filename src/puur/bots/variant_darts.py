"""What the variant search knows of Darts-Jass: worlds, values and the choice.

**Worlds.** A Darts-Jass world is a :class:`~puur.variants.darts_hand.DartsHand` on a sampled
deal with the observed dealer, hand number and totals; the push and the contract are pushed as
the table saw them (nothing in the choosing is hidden), then the card play is replayed. The
trumps are fixed before the first card, so the default proof of
:class:`~puur.bots.worlds.VariantModel` holds. With two players the 18 dead cards are the
observation's one pile: the sampler deals unseen cards to it as to a seat, and the deal of a
world is the two hands (the pile is the rest of the pack).

**Values** are :meth:`~puur.variants.darts_hand.DartsHand.seat_values`: what the hand adds to
the seat's side after the chooser rule and the exact finish, less the best other side's; in the
one-trick look-ahead of the play-outs a trick counts for its taker's side and against every
other.

**The choice** (a contract or the push) is the rule player's (:class:`puur.bots.darts.DartsPlayer`),
in the search's own decision and in its play-outs alike; the cards are searched. A choice
judged by play-outs at a small budget swings with the all-or-nothing chooser rule, and lost to
the rule player's estimate in the arena.
"""

from __future__ import annotations

import random
from typing import Any, Final

from puur.actions import A_CHOOSE, A_PUSH
from puur.bots.cardpool import InconsistentDealError
from puur.bots.darts import DartsPlayer
from puur.bots.worlds import VariantModel, replay_play
from puur.hand import CHOOSE, TrickHand
from puur.variants.darts_hand import DartsDeal, DartsHand

__all__ = ["DartsModel"]

_PLAYER: Final = DartsPlayer()


class DartsModel(VariantModel):
    """Darts-Jass for the variant search (see the module text)."""

    key = "darts"

    def num_seats(self, obs: Any) -> int:
        """Two to four."""
        return int(obs.num_seats)

    def build(self, obs: Any, initial: tuple[int, ...], rng: random.Random,
              strict: bool) -> TrickHand:
        """The hand on ``initial`` (the seats; a dead pile after them is the rest of the pack)
        with the observed push, contract and cards."""
        n = obs.num_seats
        try:
            hand = DartsHand(obs.rules, DartsDeal(tuple(initial[:n]), obs.dealer), obs.hand_no,
                             obs.totals)
        except ValueError as e:
            raise InconsistentDealError(str(e)) from None
        if obs.pushed:
            hand.push(A_PUSH)
        if obs.chooser >= 0:
            hand.push(A_CHOOSE + obs.contract)
            replay_play(hand, obs, strict)
        return hand

    def phase_action(self, hand: TrickHand) -> int:
        """The rule player's choice (a contract or the push)."""
        return int(_PLAYER.act(hand.observation(hand.to_move)))

    def shortlist(self, obs: Any, search: Any) -> tuple[list[int], dict[int, float]]:
        """The choice is the rule player's; in the card play every legal card is searched."""
        if obs.phase == CHOOSE:
            return [int(_PLAYER.act(obs))], {}
        return list(obs.legal_actions), {}
