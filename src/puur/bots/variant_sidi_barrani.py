"""Sidi Barrani for the variant search: worlds with the auction replayed call by call.

The card play is Schieber's, so the plays prove what they prove in Schieber, and nothing of
the auction is hidden: a world is a :class:`~puur.variants.sidi_barrani_hand.SidiBarraniHand`
on the sampled deal with the observed dealer, hand number and totals, every call of the
auction pushed as the table heard it (pass, bid, double), the contract, the late double
questions answered as they were (the seat that doubled doubled, the others passed), then the
cards, with the target out of reach until the history is replayed (the real game did not end
in it, though a world may credit a Weis otherwise).

The calls, the doubles and the contract are the rule player's (:mod:`puur.bots.sidi_barrani`):
the worlds deal the unseen cards without reading what a bid says of the bidder's hand, so a
play-out would bid and double against opponents weaker than the auction shows them, and a
contract chosen by short play-outs lost about 67 points a hand to the rule player's estimate
(12 deals in both seatings at 0.05 s a decision; with the rule player's contract the two played
even). The cards are searched. A seat's value is its team's points in the hand less the other
team's (the bid included), and a team that reaches the target mid-hand gains
:data:`WIN_BONUS` more.
"""

from __future__ import annotations

import random
from typing import Any, Final

from puur.bots.cardpool import InconsistentDealError
from puur.bots.sidi_barrani import SidiBarraniPlayer
from puur.bots.worlds import VariantModel, replay_play
from puur.hand import TrickHand
from puur.variants.sidi_barrani_hand import SidiBarraniDeal, SidiBarraniHand
from puur.variants.sidi_barrani_rules import A_CHOOSE, A_DOUBLE, A_PASS, DOUBLE, bid_action
from puur.variants.sidi_barrani_view import SidiBarraniObservation

__all__ = ["WIN_BONUS", "SidiBarraniModel"]

#: What reaching the target is worth beyond the points (the game is won).
WIN_BONUS: Final = 500.0
_PLAYER: Final = SidiBarraniPlayer()
_FAR: Final = 10**9


def _call_action(value: int) -> int:
    if value == 0:
        return A_PASS
    if value == DOUBLE:
        return A_DOUBLE
    return bid_action(value)


class SidiBarraniModel(VariantModel):
    """Sidi Barrani for the variant search (see the module text)."""

    key = "sidi_barrani"

    def build(self, obs: Any, initial: tuple[int, ...], rng: random.Random,
              strict: bool) -> TrickHand:
        """The hand dealt ``initial`` with the auction, the contract and the cards replayed."""
        o: SidiBarraniObservation = obs
        assert o.options is not None
        try:
            hand = SidiBarraniHand(o.options, SidiBarraniDeal(initial, o.dealer), o.hand_no,
                                   o.totals)
            for _seat, value in o.calls:
                hand.push(_call_action(value))
            if hand.phase == "contract" and o.contract >= 0:
                hand.push(A_CHOOSE + o.contract)
            late = o.doubled and not (o.calls and o.calls[-1][1] == DOUBLE)
            while hand.phase == "double":
                seat = hand.to_move
                if o.phase == "double" and o.to_move == seat:
                    break
                hand.push(A_DOUBLE if late and seat == o.doubler else A_PASS)
        except ValueError as e:
            raise InconsistentDealError(str(e)) from None
        if hand.phase in ("play", "weis", "stoeck"):
            # The game is still on: no team reached the target during these tricks, and a
            # world must not end before the history is replayed.
            scores = hand.game_scores
            hand.game_scores = (-_FAR, -_FAR)
            try:
                replay_play(hand, obs, strict)
            finally:
                hand.game_scores = scores
        return hand

    def values(self, hand: TrickHand) -> tuple[float, ...]:
        """The points difference of the hand, and the win for a team at the target."""
        base = hand.seat_values()  # type: ignore[attr-defined]
        if hand.winner < 0:
            return tuple(base)
        return tuple(v + (WIN_BONUS if s & 1 == hand.winner else -WIN_BONUS)
                     for s, v in enumerate(base))

    def phase_action(self, hand: TrickHand) -> int:
        """The rule player's call, contract or double."""
        return int(_PLAYER.act(hand.observation(hand.to_move)))

    def shortlist(self, obs: Any, search: Any) -> tuple[list[int], dict[int, float]]:
        """The calls, the doubles and the contract are the rule player's; the cards are
        searched."""
        if obs.phase in ("bid", "contract", "double"):
            return [int(_PLAYER.act(obs))], {}
        return list(obs.legal_actions), {}
