"""The Sechser rule player: name the contract the six cards take most tricks in, then
Schieber's play.

**Naming trumps.** For each suit, Obenabe and Undenufe it counts the tricks the hand is likely
to take, as the Schieber rule player does (:func:`puur.bots.rules.contract_tricks`: Puur and
Nell, trump length, side Aces, voids to ruff; Aces and covered long suits for Obenabe, sixes
for Undenufe), and names the contract with the most. With six cards a hand is worth naming from
:data:`PUSH_BELOW` likely tricks, a third of the hand: the partner's average help brings the
team past half of the six. Below that it pushes (about four hands in ten, measured on 2000
random deals); the partner, who may not push back, names his best.

**Card play, Weis and Stöck** are the Schieber rule player's (:func:`puur.bots.rules.play_card`,
:func:`~puur.bots.rules.declare_weis`); Stöck is always announced. Its card estimates spread the
unseen cards over the other hands, which makes the twelve dead cards look like the opponents'
and the play a little more careful than it needs to be.
"""

from __future__ import annotations

from typing import Final

from puur.actions import A_CHOOSE, A_PUSH, A_STOECK, A_STOECK_NO
from puur.bots.rules import contract_tricks, declare_weis, play_card, register_rule_player
from puur.variants.sechser_view import SechserObservation

__all__ = ["PUSH_BELOW", "SechserPlayer", "name_contract"]

#: A hand that counts fewer likely tricks than this in its best contract pushes.
PUSH_BELOW: Final = 2.0


def name_contract(obs: SechserObservation) -> int:
    """The contract (as an action) the seat names, or :data:`~puur.actions.A_PUSH`."""
    legal = obs.legal_actions
    tricks = contract_tricks(obs.hand, obs.rules.stoeck)
    choices = [a for a in legal if a != A_PUSH]
    best = max(choices, key=lambda a: tricks[a - A_CHOOSE][0])
    if A_PUSH in legal and tricks[best - A_CHOOSE][0] < PUSH_BELOW:
        return A_PUSH
    return best


class SechserPlayer:
    """The Sechser rule player (deterministic)."""

    name = "rules"

    def act(self, obs: SechserObservation) -> int:
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
            action = play_card(obs)
        return action if action in legal else legal[0]


register_rule_player(SechserObservation, SechserPlayer().act)
