"""The Schaggi Haas rule player: rob with the trump 6, better a weak hand, take points.

A club player's basic strategy, from the seat's observation alone:

* **Rob**: it always takes the face-up card for the trump 6 when it may (the face-up card is
  the higher trump).
* **Bessern**: it values each of its cards with Handjass's card worth
  (:func:`puur.bots.handjass.card_worth`) and the four Besser cards it has not seen as the
  average of the cards it has not seen; it besserns when four such cards are worth more than
  its four weakest by :data:`MARGIN` points. It puts down its weakest cards, keeping trumps
  and Aces before the rest (with ``take-first`` the weakest four of its sixteen).
* **Card play**: as the Königsjass rule player (:func:`puur.bots.koenigsjass.play_card`: with
  trumps the Puur, then the Nell, then a side Ace, else the lowest card; following, the
  cheapest winning card when the trick holds 10 points or it plays last; without trumps the
  best card of a suit no unseen card beats).
* **Weis and Stöck** only add: it declares its best Weis and announces Stöck.
"""

from __future__ import annotations

from typing import Final

from puur.bots.handjass import card_worth
from puur.bots.koenigsjass import play_card as koenigsjass_card
from puur.bots.rules import register_rule_player
from puur.cards import NUM_CARDS, bits
from puur.variants.schaggi_haas_hand import (
    A_BESSER,
    A_DISCARD,
    A_KEEP,
    A_PASS,
    A_ROB,
    A_STOECK,
    A_STOECK_NO,
    A_WEIS,
)
from puur.variants.schaggi_haas_view import SchaggiHaasObservation

__all__ = ["MARGIN", "SchaggiHaasPlayer", "besser_gain", "discard"]

#: How many points four unseen cards must promise above the four weakest to bessern.
MARGIN: Final = 2.0


def _unseen(obs: SchaggiHaasObservation) -> int:
    gone = obs.hand | obs.discarded | 1 << obs.face_up
    for _s, c in obs.history:
        gone |= 1 << c
    return ((1 << NUM_CARDS) - 1) & ~gone


def _worth(obs: SchaggiHaasObservation, c: int) -> float:
    return card_worth(c, obs.hand, obs.trump)


def besser_gain(obs: SchaggiHaasObservation) -> float:
    """How much four unseen cards are likely to be worth above the seat's four weakest."""
    pool = bits(_unseen(obs))
    avg = sum(card_worth(c, obs.hand, obs.trump) for c in pool) / max(len(pool), 1)
    weakest = sorted(_worth(obs, c) for c in bits(obs.hand))[:4]
    return 4 * avg - sum(weakest)


def discard(obs: SchaggiHaasObservation) -> int:
    """The card to put down: the weakest, a trump or an Ace last."""
    legal = [a - A_DISCARD for a in obs.legal_actions if a >= A_DISCARD]
    return A_DISCARD + min(legal, key=lambda c: (_worth(obs, c), c // 9 == obs.trump, c % 9))


class SchaggiHaasPlayer:
    """Plays a Schaggi Haas seat by the basic strategy of the module text."""

    def act(self, obs: SchaggiHaasObservation) -> int:
        """The action for the seat to move in ``obs``."""
        legal = obs.legal_actions
        if not legal:
            raise ValueError("the observation has no legal action: it is not this seat's turn")
        if obs.phase == "rob":
            return A_ROB if A_ROB in legal else A_PASS
        if obs.phase == "bessern":
            return A_BESSER if besser_gain(obs) > MARGIN else A_KEEP
        if obs.phase == "discard":
            return discard(obs)
        if obs.phase == "weis":
            return A_WEIS + 1 if A_WEIS + 1 in legal else A_WEIS
        if obs.phase == "stoeck":
            return A_STOECK if A_STOECK in legal else A_STOECK_NO
        return koenigsjass_card(obs)  # type: ignore[arg-type]


register_rule_player(SchaggiHaasObservation, SchaggiHaasPlayer().act)
