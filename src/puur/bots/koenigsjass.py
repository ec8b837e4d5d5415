"""The Königsjass rule player: take the turned card for the 6, swap a weak hand, take points.

A club player's basic strategy, from the seat's observation alone:

* **Exchange**: it always exchanges the trump 6 for the turned card when it may (the turned
  card is the higher trump), before it says keep or swap.
* **Swap**: it estimates its hand with Handjass's hand strength
  (:func:`puur.bots.handjass.hand_strength`, three players) and the talon the same way, the
  face-up card as it is and the average of the cards it has not seen for the rest; it swaps
  when the talon's estimate beats its own hand's by 8 points.
* **Card play**: with trumps, as the Handjass rule player (:func:`puur.bots.handjass.play_card`:
  the Puur, then the Nell, then a side Ace, else the lowest card; following, the cheapest
  winning card when the trick holds 10 points or it plays last, else the cheapest card).
  Without trumps (Obenabe or Undenufe from a turned Ace or 6) it leads the best card of a
  suit it holds when no unseen card of that suit beats it, else its lowest card.
* **Weis and Stöck** only add: it declares its best Weis and announces Stöck.
"""

from __future__ import annotations

from typing import Final

from puur.bots.handjass import card_worth, hand_strength
from puur.bots.handjass import play_card as handjass_card
from puur.bots.rules import register_rule_player
from puur.cards import NUM_CARDS, bits
from puur.contracts import POINTS, STRENGTH
from puur.variants.koenigsjass_hand import (
    A_EXCHANGE,
    A_KEEP,
    A_PASS,
    A_STOECK,
    A_STOECK_NO,
    A_SWAP,
    A_WEIS,
)
from puur.variants.koenigsjass_view import KoenigsjassObservation

__all__ = ["KoenigsjassPlayer", "play_card", "swap_gain"]

_SUIT_OF: Final = tuple(c // 9 for c in range(NUM_CARDS))
_MARGIN: Final = 8.0


def _unseen(obs: KoenigsjassObservation) -> int:
    played = 0
    for _s, c in obs.history:
        played |= 1 << c
    return ((1 << NUM_CARDS) - 1) & ~played & ~obs.hand & ~obs.out_of_play


def swap_gain(obs: KoenigsjassObservation) -> float:
    """How much better the talon is likely to be than the seat's own hand, in points."""
    trump = obs.trump
    face = obs.pile_known[0] if obs.pile_known else 0
    size = obs.piles[0] if obs.piles else 0
    unseen = _unseen(obs) & ~face
    pool = bits(unseen)
    avg = sum(card_worth(c, unseen, trump) for c in pool) / max(len(pool), 1)
    talon = sum(card_worth(c, face, trump) for c in bits(face))
    talon += avg * (size - face.bit_count())
    talon *= 4.0 / 3.0 * 9.0 / max(size, 1)
    return talon - hand_strength(obs.hand, trump, 3)


def play_card(obs: KoenigsjassObservation) -> int:
    """The rule player's card (see the module text)."""
    if obs.trump >= 0 or obs.trick:
        return handjass_card(obs)  # type: ignore[arg-type]
    legal = [a for a in obs.legal_actions if a < NUM_CARDS]
    st = STRENGTH[obs.mode]
    unseen = _unseen(obs)
    for c in sorted(legal, key=lambda c: -st[c]):
        if not any(_SUIT_OF[u] == _SUIT_OF[c] and st[u] > st[c] for u in bits(unseen)):
            return c
    return min(legal, key=lambda c: (st[c], POINTS[obs.mode][c]))


class KoenigsjassPlayer:
    """Plays a Königsjass seat by the basic strategy of the module text."""

    def act(self, obs: KoenigsjassObservation) -> int:
        """The action for the seat to move in ``obs``."""
        legal = obs.legal_actions
        if not legal:
            raise ValueError("the observation has no legal action: it is not this seat's turn")
        if A_EXCHANGE in legal:
            return A_EXCHANGE
        if obs.phase == "exchange":
            return A_PASS
        if obs.phase == "swap":
            return A_SWAP if A_SWAP in legal and swap_gain(obs) > _MARGIN else A_KEEP
        if obs.phase == "weis":
            return A_WEIS + 1 if A_WEIS + 1 in legal else A_WEIS
        if obs.phase == "stoeck":
            return A_STOECK if A_STOECK in legal else A_STOECK_NO
        return play_card(obs)


register_rule_player(KoenigsjassObservation, KoenigsjassPlayer().act)
