"""The Schmaus rule player: take the turned card for the 6, save the trumps for the strict
phase, take the points that lie in a trick.

A club player's basic strategy, from the seat's observation alone:

* **Exchange**: it always exchanges the trump 6 for the card at the bottom of the stock (the
  turned card is the higher trump).
* **Weis and Stöck** only add: it declares its best Weis whenever it may and announces Stöck.
* **Stock phase** (tricks 1-9, any card may be played): leading, it plays its cheapest card
  that is not a trump (fewest points, then the lowest); following, it takes a trick holding 10
  points or more with its cheapest winning card, a card of the suit led before a trump, and
  takes any trick with a card of the suit led that gives away fewer than 10 points (the winner
  draws first and leads); otherwise it throws its cheapest card that is not a trump.
* **Strict phase** (tricks 10-18, follow suit, void a trump): as the Königsjass rule player
  (:func:`puur.bots.koenigsjass.play_card`: the Puur, the Nell, a side Ace; following, the
  cheapest winning card when the trick holds 10 points or it plays last).
"""

from __future__ import annotations

from typing import Final

from puur.bots.koenigsjass import play_card as koenigsjass_card
from puur.bots.rules import register_rule_player
from puur.cards import NUM_CARDS
from puur.contracts import POINTS, STRENGTH
from puur.tricks import beats
from puur.variants.schmaus_hand import A_EXCHANGE, A_STOECK, A_STOECK_NO, A_WEIS
from puur.variants.schmaus_rules import STOCK_TRICKS
from puur.variants.schmaus_view import SchmausObservation

__all__ = ["SchmausPlayer", "play_card"]

_SUIT_OF: Final = tuple(c // 9 for c in range(NUM_CARDS))


def _cost(c: int, mode: int, trump: int) -> tuple[int, int, int]:
    """How much a card is worth keeping: a trump most, then its points, then its height."""
    return (1 if _SUIT_OF[c] == trump else 0, POINTS[mode][c], STRENGTH[mode][c])


def play_card(obs: SchmausObservation) -> int:
    """The rule player's card (see the module text)."""
    legal = [a for a in obs.legal_actions if a < NUM_CARDS]
    if len(legal) == 1:
        return legal[0]
    if obs.trick_no >= STOCK_TRICKS:
        return koenigsjass_card(obs)  # type: ignore[arg-type]
    mode, trump = obs.mode, obs.trump
    cheapest = min(legal, key=lambda c: _cost(c, mode, trump))
    if not obs.trick:
        return cheapest
    led = obs.trick[0][1]
    points = POINTS[mode][led]
    winning = [c for c in legal if beats(c, led, mode, trump)]
    same = [c for c in winning if _SUIT_OF[c] == _SUIT_OF[led]]
    if points >= 10 and winning:
        return min(same or winning, key=lambda c: _cost(c, mode, trump))
    cheap_win = [c for c in same if POINTS[mode][c] < 10 and _SUIT_OF[c] != trump]
    if cheap_win:
        return min(cheap_win, key=lambda c: _cost(c, mode, trump))
    return cheapest


class SchmausPlayer:
    """Plays a Schmaus seat by the basic strategy of the module text."""

    def act(self, obs: SchmausObservation) -> int:
        """The action for the seat to move in ``obs``."""
        legal = obs.legal_actions
        if not legal:
            raise ValueError("the observation has no legal action: it is not this seat's turn")
        if obs.phase == "exchange":
            return A_EXCHANGE
        if obs.phase == "weis":
            return A_WEIS + 1 if A_WEIS + 1 in legal else A_WEIS
        if obs.phase == "stoeck":
            return A_STOECK if A_STOECK in legal else A_STOECK_NO
        return play_card(obs)


register_rule_player(SchmausObservation, SchmausPlayer().act)
