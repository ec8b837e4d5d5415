"""The Kreuzjass rule player: name the contract the hand is worth most in, then Schieber's play.

**Naming trumps.** For every contract it may name (in the Weli hand a suit only; later a suit,
Bock, Gais or Slalom either way) it estimates the points its team will take, from the tricks
it counts as the Schieber rule player does, through the per-contract lines fitted for Coiffeur
(:func:`puur.bots.coiffeur.contract_values`: the same 157 points and the same 257 of a Match,
with no multiplier). It names the best; Slalom only with a hand that counts tricks both up and
down (:data:`SLALOM_TRICKS` each way), as half the tricks go each way.

**Pushing.** A push hands the choice to the partner, whose best contract is worth, on
average, what the best contract of a random hand is worth (:func:`push_par`, by the same
estimate over a fixed sample of random hands); it pushes when its own best is below that.
The partner, who may not push back, names his best.

**Card play, Weis and Stöck** are the Schieber rule player's (:func:`puur.bots.rules.play_card`,
each Slalom trick in its own mode, every trick valued as Bock where the table counts Slalom so);
Stöck is always announced (it counts for whoever holds it, as in Schieber).
"""

from __future__ import annotations

import random
from functools import lru_cache
from typing import Final

from puur.actions import A_CHOOSE, A_PUSH, A_STOECK, A_STOECK_NO
from puur.bots.coiffeur import contract_values, slalom_points_mode
from puur.bots.rules import contract_tricks, declare_weis, play_card, register_rule_player
from puur.contracts import MODE_OBENABE, MODE_UNDENUFE, Contract
from puur.deal import deal_hands
from puur.variants.kreuzjass_rules import CONTRACTS
from puur.variants.kreuzjass_view import KreuzjassObservation

__all__ = ["SLALOM_TRICKS", "KreuzjassPlayer", "best_contract", "name_contract", "push_par"]

#: Slalom is named only by a hand that counts at least this many likely tricks both in Bock and
#: in Gais: half its tricks are played each way, and a hand strong one way only is better off
#: naming that way for all nine.
SLALOM_TRICKS: Final = 2.5
_PAR_SAMPLE: Final = 400


def best_contract(hand: int, contracts: tuple[int, ...], stoeck: bool) -> tuple[int, float]:
    """The contract of ``contracts`` ``hand`` is worth most in, and the points expected (Slalom
    left out unless the hand counts :data:`SLALOM_TRICKS` both ways)."""
    tricks = contract_tricks(hand, stoeck)
    both_ways = min(tricks[MODE_OBENABE][0], tricks[MODE_UNDENUFE][0]) >= SLALOM_TRICKS
    allowed = tuple(c for c in contracts if both_ways or c < Contract.SLALOM)
    values = contract_values(hand, allowed, stoeck)
    best = max(allowed, key=lambda c: values[c])
    return best, values[best]


@lru_cache(maxsize=8)
def push_par(stoeck: bool) -> float:
    """What the partner's best contract is worth on average: the mean of
    :func:`best_contract` over a fixed sample of random hands."""
    rng = random.Random("kreuzjass-par")
    total = 0.0
    for _ in range(_PAR_SAMPLE):
        total += best_contract(deal_hands(rng=rng)[0], CONTRACTS, stoeck)[1]
    return total / _PAR_SAMPLE


def name_contract(obs: KreuzjassObservation) -> int:
    """The contract (as an action) the seat names, or :data:`~puur.actions.A_PUSH`."""
    legal = obs.legal_actions
    stoeck = obs.rules.stoeck
    best, value = best_contract(obs.hand, tuple(a - A_CHOOSE for a in legal if a != A_PUSH),
                                stoeck)
    if A_PUSH in legal and value < push_par(stoeck):
        return A_PUSH
    return A_CHOOSE + best


class KreuzjassPlayer:
    """The Kreuzjass rule player (deterministic)."""

    name = "rules"

    def act(self, obs: KreuzjassObservation) -> int:
        """The rule player's action for the seat to move in ``obs``."""
        legal = obs.legal_actions
        if not legal:
            raise ValueError("the observation has no legal action: it is not this seat's turn")
        if len(legal) == 1:
            return legal[0]
        if obs.phase == "choose":
            action = name_contract(obs)
        elif obs.phase == "weis":
            action = declare_weis(obs)
        elif obs.phase == "stoeck":
            action = A_STOECK if A_STOECK in legal else A_STOECK_NO
        else:
            action = play_card(obs, slalom_points_mode(obs))
        return action if action in legal else legal[0]


register_rule_player(KreuzjassObservation, KreuzjassPlayer().act)
