"""The Zuger rule player: stay with a hand that makes the 21, settle when the offer is as good.

A club player's basic strategy, from the seat's observation alone:

* **Hand strength** (:func:`estimate`): Handjass's card-by-card worth
  (:func:`puur.bots.handjass.card_worth`) of the 12 cards, scaled to the number of players who
  may play (three by default, two when only one other is left).
* **Forcing**: the lowest player forces everyone to play when his own hand would stay anyway
  (the leader then has to risk his -10 too); otherwise he lets the table declare.
* **Declaring**: a player left alone (everyone else went home) stays and writes the points of a
  player alone; otherwise he stays when his estimate for three players reaches 42 card points,
  says ``maybe`` from 34 (he plays only against one, where his cards are worth more), and goes
  home under that.
* **Settling**: he accepts when the offer (7 and half his Weis) is at least what he expects to
  write playing against one (his estimate for two players and his Weis, in tens), less one.
* **Card play**: Handjass's (:func:`puur.bots.handjass.play_card`): Puur, Nell and side Aces
  first, the cheapest winning card for a trick of 10 points or in last place.
* **Weis and Stöck** only add: it declares its best Weis and announces Stöck.
"""

from __future__ import annotations

from typing import Any, Final

from puur.bots.handjass import card_worth, play_card
from puur.bots.rules import register_rule_player
from puur.cards import bits
from puur.variants.zuger_hand import (
    A_ACCEPT,
    A_FORCE,
    A_HOME,
    A_MAYBE,
    A_NOFORCE,
    A_REFUSE,
    A_STAY,
    A_STOECK,
    A_STOECK_NO,
    A_WEIS,
)
from puur.variants.zuger_rules import MINIMUM, settlement
from puur.variants.zuger_view import ZugerObservation

__all__ = ["STAY_AT", "ZugerPlayer", "estimate", "expected_written"]

#: The estimates (card points for three players) to stay at and to say maybe at.
STAY_AT: Final = 42.0
MAYBE_AT: Final = 34.0


def estimate(obs: ZugerObservation, players: int = 3) -> float:
    """The card points the seat's hand is likely to take against ``players`` - 1 others."""
    total = sum(card_worth(c, obs.hand, obs.trump) for c in bits(obs.hand))
    return total * 3.0 / max(players, 2)


def expected_written(obs: ZugerObservation, players: int) -> float:
    """What the seat expects to write when it plays against ``players`` - 1 others."""
    cards = estimate(obs, players)
    if cards < MINIMUM:
        return -10.0
    return (cards + obs.own_weis) / 10.0


def _declare(obs: ZugerObservation) -> int:
    me = obs.seat
    others = [s for s in obs.active if s != me]
    if all(obs.said[s] == A_HOME for s in others):
        return A_STAY  # alone: the points of a player alone without play
    mine = estimate(obs) + obs.own_weis / 2.0
    if mine >= STAY_AT:
        return A_STAY
    if mine >= MAYBE_AT:
        return A_MAYBE
    return A_HOME


class ZugerPlayer:
    """Plays a Zuger seat by the basic strategy of the module text."""

    def act(self, obs: ZugerObservation) -> int:
        """The action for the seat to move in ``obs``."""
        legal = obs.legal_actions
        if not legal:
            raise ValueError("the observation has no legal action: it is not this seat's turn")
        if obs.phase == "force":
            if obs.seat in obs.active and estimate(obs) + obs.own_weis / 2.0 >= STAY_AT:
                return A_FORCE
            return A_NOFORCE
        if obs.phase == "declare":
            return _declare(obs)
        if obs.phase == "settle":
            offer = settlement(obs.own_weis)
            return A_ACCEPT if offer >= expected_written(obs, 2) - 1.0 else A_REFUSE
        if obs.phase == "weis":
            return A_WEIS + 1 if A_WEIS + 1 in legal else A_WEIS
        if obs.phase == "stoeck":
            return A_STOECK if A_STOECK in legal else A_STOECK_NO
        view: Any = obs  # Handjass's card play reads the same fields
        card: int = play_card(view)
        return card


register_rule_player(ZugerObservation, ZugerPlayer().act)
