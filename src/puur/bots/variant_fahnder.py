"""Fahnder for the variant search: worlds with the auction, the contract and the call replayed.

The card play is Schieber's, so the plays prove what they prove in Schieber. A world is a
:class:`~puur.variants.fahnder_hand.FahnderHand` on the sampled deal with the observed dealer,
hand number and totals, every call of the auction pushed as the table heard it, the contract
and the called card, then the cards. Who holds the called card is whatever the world dealt:
where the partner is public the observation names the card as known in his hand, so every
world puts it there; where he is secret the worlds spread it over the seats that may hold it,
and each world plays with its own pair.

The bids, the contract and the call are the rule player's (:mod:`puur.bots.fahnder`), as in
Sidi Barrani: the worlds deal the unseen cards without reading what a bid says of a hand. The
cards are searched. A seat's value is what it writes for the hand, with its side's card points
as a tie-break (:meth:`~puur.variants.fahnder_hand.FahnderHand.seat_values`); a trick counts
for the seat's side in the world (the Fahnder and the holder of the called card, or the
others).
"""

from __future__ import annotations

import random
from typing import Any, Final

from puur.bots.cardpool import InconsistentDealError
from puur.bots.fahnder import FahnderPlayer
from puur.bots.worlds import VariantModel, replay_play
from puur.hand import TrickHand
from puur.variants.fahnder_hand import FahnderDeal, FahnderHand
from puur.variants.fahnder_rules import A_CALL, A_CHOOSE, A_PASS, bid_action
from puur.variants.fahnder_view import FahnderObservation

__all__ = ["FahnderModel"]

_PLAYER: Final = FahnderPlayer()


class FahnderModel(VariantModel):
    """Fahnder for the variant search (see the module text)."""

    key = "fahnder"

    def build(self, obs: Any, initial: tuple[int, ...], rng: random.Random,
              strict: bool) -> TrickHand:
        """The hand dealt ``initial`` with the auction, the contract, the call and the cards
        replayed."""
        o: FahnderObservation = obs
        try:
            hand = FahnderHand(o.rules, FahnderDeal(initial, o.dealer), o.hand_no, o.totals)
            for _seat, value in o.calls:
                hand.push(bid_action(value) if value else A_PASS)
            if hand.phase == "contract" and o.contract >= 0:
                hand.push(A_CHOOSE + o.contract)
            if hand.phase == "call" and o.called >= 0:
                hand.push(A_CALL + o.called)
        except ValueError as e:
            raise InconsistentDealError(str(e)) from None
        if hand.phase == "play":
            replay_play(hand, obs, strict)
        return hand

    def values(self, hand: TrickHand) -> tuple[float, ...]:
        """What each seat writes for the hand, with its side's card points as a tie-break."""
        assert isinstance(hand, FahnderHand)
        return hand.seat_values()

    def trick_gain(self, hand: TrickHand, seat: int, taker: int, points: int) -> float:
        """A trick counts for the seat's side (the Fahnder with his partner, or the others)."""
        assert isinstance(hand, FahnderHand)
        return float(points) if hand.team(taker) == hand.team(seat) else -float(points)

    def phase_action(self, hand: TrickHand) -> int:
        """The rule player's bid, contract or call."""
        return int(_PLAYER.act(hand.observation(hand.to_move)))

    def shortlist(self, obs: Any, search: Any) -> tuple[list[int], dict[int, float]]:
        """The bids, the contract and the call are the rule player's; the cards are searched."""
        if obs.phase in ("bid", "contract", "call"):
            return [int(_PLAYER.act(obs))], {}
        return list(obs.legal_actions), {}
