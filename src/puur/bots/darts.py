"""The Darts-Jass rule player: choose the contract the hand is worth most in, push a weak hand,
then play for points.

A club player's basic strategy, from the seat's observation alone:

* **Choosing** is the Kreuzjass rule player's (:func:`puur.bots.kreuzjass.name_contract`). For
  each of the six contracts it estimates the points its side will take
  (:func:`puur.bots.kreuzjass.best_contract`: the tricks the
  Schieber rule player counts, through the per-contract lines fitted for Coiffeur), and names
  the best. With four players it pushes when that best is worth less than what the partner's
  best is worth on average (:func:`puur.bots.kreuzjass.push_par`): a chooser who takes no more
  than the other team gives it the whole hand, so a weak hand is better in the partner's
  choice. With three or two players there is no push: it names its best.
* **Card play.** Four players: the Schieber rule player's card play
  (:func:`puur.bots.rules.play_card`, partners opposite). Three or two, each alone: the
  Königsjass rule player's (:func:`puur.bots.koenigsjass.play_card`: the Puur, the Nell and the
  side Aces first; a trick of 10 points or more, or the last to play, taken as cheaply as it
  can; without trumps the card no unseen card of its suit beats); the dead cards of a table of
  two count as unseen.
* **Weis and Stöck** (where the table plays them) only add: with four players Schieber's Weis
  rule (no Weis that can no longer score), alone the best Weis; Stöck is always announced.
"""

from __future__ import annotations

from puur.actions import A_STOECK, A_STOECK_NO, A_WEIS
from puur.bots.koenigsjass import play_card as alone_card
from puur.bots.kreuzjass import name_contract
from puur.bots.rules import declare_weis, play_card, register_rule_player
from puur.variants.darts_view import DartsObservation

__all__ = ["DartsPlayer"]


class DartsPlayer:
    """Plays a Darts-Jass seat by the basic strategy of the module text (deterministic)."""

    name = "rules"

    def act(self, obs: DartsObservation) -> int:
        """The rule player's action for the seat to move in ``obs``."""
        legal = obs.legal_actions
        if not legal:
            raise ValueError("the observation has no legal action: it is not this seat's turn")
        if len(legal) == 1:
            return legal[0]
        teams = obs.num_seats == 4
        if obs.phase == "choose":
            action = name_contract(obs)  # type: ignore[arg-type]
        elif obs.phase == "weis":
            action = declare_weis(obs) if teams else A_WEIS + 1  # type: ignore[arg-type]
        elif obs.phase == "stoeck":
            action = A_STOECK if A_STOECK in legal else A_STOECK_NO
        else:
            action = play_card(obs) if teams else alone_card(obs)  # type: ignore[arg-type]
        return action if action in legal else legal[0]


register_rule_player(DartsObservation, DartsPlayer().act)
