"""The Fahnder rule player: bid what the pair should take, call the best card it lacks, play
the hand as a side.

A club player's basic strategy, from the seat's observation alone:

* **Hand evaluation**: Bieter's (:func:`puur.bots.bieter.best_contract`, without Weis and
  Stöck, which Fahnder does not have): the tricks the hand should take leading in each
  contract, times the points of a trick. The pair's expectation (:func:`pair_estimate`) adds
  :data:`PARTNER_SHARE` of the points the hand leaves to the table: the partner holds the
  called card, so he is worth more than a third of the rest.
* **Bidding**: the lowest bid the auction allows, as long as it is at most the pair's
  expectation; otherwise pass. A seat that has passed may come back in at a later turn the
  same way (the figure does not change, so it rarely does).
* **Contract**: the contract with the best evaluation.
* **Call**: the highest trump it lacks (Under, 9, Ace, King, Ober), else the Ace (Undenufe:
  the 6) of a side suit it lacks, its longest first; never its own card while it lacks one
  worth calling. A hand that holds every one of those cards goes alone, calling its own
  Under (or top card).
* **Card play**: Bieter's (:func:`puur.bots.bieter.play_card`): draw trumps as Fahnder with
  trumps to spare, cash a card that is the best still out, give points to a partner who holds
  the trick when that is safe, take a trick with points with the cheapest winning card. A seat
  whose side it does not know yet (a secret partner) counts as an opponent.
"""

from __future__ import annotations

from typing import Any, Final, cast

from puur.bots.bieter import best_contract, play_card
from puur.bots.rules import register_rule_player
from puur.cards import SUIT_MASK
from puur.contracts import MODE_UNDENUFE
from puur.variants.fahnder_rules import A_CALL, A_CHOOSE, A_PASS, MAX_BID, bid_value
from puur.variants.fahnder_view import FahnderObservation

__all__ = ["PARTNER_SHARE", "FahnderPlayer", "call_card", "pair_estimate"]

#: The part of the points the hand leaves to the table that the partner is expected to take.
PARTNER_SHARE: Final = 0.3
#: Trumps worth calling, best first (Under, 9, Ace, King, Ober as ranks).
_TRUMP_CALLS: Final = (5, 3, 8, 7, 6)


def pair_estimate(hand: int, tricks: int = 9) -> tuple[int, float]:
    """The best contract for ``hand`` and the card points the pair should take in it.

    >>> from puur.cards import CardSet
    >>> c, pts = pair_estimate(CardSet.from_text("DJ D9 DA DK DQ HA HK SA C6").bits)
    >>> c, round(pts)
    (0, 146)
    """
    contract, own = best_contract(hand, tricks, weis=False)
    own = min(own, float(MAX_BID))
    return contract, min(float(MAX_BID), own + PARTNER_SHARE * (MAX_BID - own))


def call_card(hand: int, contract: int) -> int:
    """The card to call for ``contract`` (module text)."""
    if contract < 4:
        for rank in _TRUMP_CALLS:
            c = 9 * contract + rank
            if not hand >> c & 1:
                return c
    top = 0 if contract == MODE_UNDENUFE else 8
    suits = sorted((s for s in range(4) if s != contract),
                   key=lambda s: (-(hand & SUIT_MASK[s]).bit_count(), s))
    for s in suits:
        if not hand >> (9 * s + top) & 1:
            return 9 * s + top
    # Every card worth calling is in the hand: alone against three.
    return 9 * contract + 5 if contract < 4 else top


def _bid(obs: FahnderObservation) -> int:
    bids = [a for a in obs.legal_actions if a != A_PASS]
    if not bids:
        return A_PASS
    _c, pair = pair_estimate(obs.hand, obs.num_tricks)
    lowest = min(bids)
    return lowest if bid_value(lowest) <= pair else A_PASS


class FahnderPlayer:
    """Plays a Fahnder seat by the basic strategy of the module text."""

    def act(self, obs: FahnderObservation) -> int:
        """The action for the seat to move in ``obs``."""
        if not obs.legal_actions:
            raise ValueError("the observation has no legal action: it is not this seat's turn")
        ph = obs.phase
        if ph == "bid":
            return _bid(obs)
        if ph == "contract":
            return A_CHOOSE + pair_estimate(obs.hand, obs.num_tricks)[0]
        if ph == "call":
            return A_CALL + call_card(obs.hand, obs.contract)
        return int(play_card(cast(Any, obs)))


register_rule_player(FahnderObservation, FahnderPlayer().act)
