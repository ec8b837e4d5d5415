"""The Schaffhauser rule player: decline a hopeless hand, play the rest as Bieter's sides.

A club player's basic strategy, from the seat's observation alone:

* **Declining** (:func:`should_decline`): a declined hand gives the Bauern 257 and their Stöck,
  as much as a Match. So the König declines only a hand that looks like one: one that should
  take less than :data:`DECLINE_BELOW` points in the turned contract (the evaluation of
  :func:`puur.bots.bieter.hand_points`: tricks times the points of a trick, Weis and Stöck), and
  never when the 257 would take the Bauern to their target.
* **Card play, Weis, Stöck**: the König alone, the two Bauern as partners, with the Bieter rule
  player's card play (:func:`puur.bots.bieter.play_card`: it reads only what both observations
  share: the cards, the trick, the trumps and who is on which side). It declares its best Weis
  and announces Stöck.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from puur.bots import bieter
from puur.bots.rules import register_rule_player
from puur.variants.bieter_rules import DECLINE_POINTS
from puur.variants.schaffhauser_rules import (
    A_ACCEPT,
    A_DECLINE,
    A_STOECK,
    A_STOECK_NO,
    A_WEIS,
)
from puur.variants.schaffhauser_view import SchaffhauserObservation
from puur.weis import STOECK_CARDS

__all__ = ["DECLINE_BELOW", "SchaffhauserPlayer", "should_decline"]

#: The König declines a hand worth less than this (a Match for the Bauern is likely).
DECLINE_BELOW: Final = 25.0
#: The Bieter card play, which reads only the fields both observations share.
_PLAY_CARD: Final[Callable[[Any], int]] = bieter.play_card


def should_decline(obs: SchaffhauserObservation) -> bool:
    """Whether the König declines the hand of ``obs`` (module text)."""
    c = obs.contract
    bauern_stoeck = 0
    if c < 4 and obs.rules.stoeck and not obs.hand & STOECK_CARDS[c]:
        bauern_stoeck = 20  # the Stöck may be theirs: count it against declining
    if obs.totals[1] + DECLINE_POINTS + bauern_stoeck >= obs.targets[1]:
        return False
    worth = bieter.hand_points(obs.hand, c, obs.num_tricks, obs.rules.weis)
    return worth < DECLINE_BELOW


class SchaffhauserPlayer:
    """Plays a Schaffhauser seat by the basic strategy of the module text."""

    def act(self, obs: SchaffhauserObservation) -> int:
        """The action for the seat to move in ``obs``."""
        legal = obs.legal_actions
        if not legal:
            raise ValueError("the observation has no legal action: it is not this seat's turn")
        ph = obs.phase
        if ph == "decline":
            return A_DECLINE if should_decline(obs) else A_ACCEPT
        if ph == "weis":
            return A_WEIS + 1 if A_WEIS + 1 in legal else A_WEIS
        if ph == "stoeck":
            return A_STOECK if A_STOECK in legal else A_STOECK_NO
        return _PLAY_CARD(obs)


register_rule_player(SchaffhauserObservation, SchaffhauserPlayer().act)
