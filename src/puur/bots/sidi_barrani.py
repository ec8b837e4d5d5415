"""The Sidi Barrani rule player: bid the card points the hand is worth, double what the opponents
cannot make, then Schieber's card play.

A club player's basic strategy, from the seat's observation alone:

* **Hand evaluation** (:func:`hand_estimate`): for each contract (a suit, Obenabe, Undenufe)
  the card points the team takes when this hand names it, from the likely tricks the Schieber
  rule player counts (:func:`puur.bots.rules.contract_tricks`) and the line fitted on simulated
  hands for what a choosing team takes with them (:func:`puur.bots.coiffeur.contract_values`),
  at most 157 (there is no Match bonus). The best contract is the one with the most.
* **Bidding**: it bids the lowest bid the auction allows while that bid stays
  :data:`MARGIN` points under its estimate, and passes above. Over its partner's bid it bids
  only with :data:`PARTNER_MARGIN` more (the partner's trump may serve as well, and the
  partner already holds the contract for the team).
* **Doubling** (:func:`should_double`): in the auction, an opponent's bid ``T`` is doubled when
  ``T + 0.25 E >= 160``, ``E`` being the seat's own estimate (a high bid leaves the opponents
  little to lose, and a good hand takes those points); once the contract is named (the late
  double) it counts its likely tricks ``t`` in that contract and doubles when
  ``T > 162 - 15 t``.
* **Contract**: the declarer names the contract of its best estimate.
* **Card play, Weis and Stöck** are the Schieber rule player's (:func:`puur.bots.rules.play_card`,
  :func:`puur.bots.rules.declare_weis`); Stöck is always announced (it is written).
"""

from __future__ import annotations

from typing import Final

from puur.bots.coiffeur import contract_values
from puur.bots.rules import contract_tricks, declare_weis, play_card, register_rule_player
from puur.variants.sidi_barrani_rules import (
    A_BID,
    A_CHOOSE,
    A_DOUBLE,
    A_PASS,
    A_STOECK,
    A_STOECK_NO,
    MAX_BID,
)
from puur.variants.sidi_barrani_view import SidiBarraniObservation

__all__ = ["MARGIN", "PARTNER_MARGIN", "SidiBarraniPlayer", "best_contract", "hand_estimate",
           "should_double"]

#: How far under its estimate a bid must stay.
MARGIN: Final = 5
#: How far under its estimate a bid over the partner's must stay.
PARTNER_MARGIN: Final = 25
_CONTRACTS: Final = (0, 1, 2, 3, 4, 5)


def hand_estimate(hand: int, stoeck: bool = True) -> dict[int, float]:
    """The card points the team is likely to take in each contract when ``hand`` names it."""
    values = contract_values(hand, _CONTRACTS, stoeck)
    return {c: min(float(MAX_BID), v) for c, v in values.items()}


def best_contract(hand: int, stoeck: bool = True) -> tuple[int, float]:
    """The contract with the best estimate, and the estimate."""
    est = hand_estimate(hand, stoeck)
    c = max(est, key=lambda k: (est[k], -k))
    return c, est[c]


def should_double(obs: SidiBarraniObservation) -> bool:
    """Whether the seat doubles the opponents' bid now (module text)."""
    if obs.contract >= 0:
        tricks = contract_tricks(obs.hand, False)[obs.contract][0]
        return obs.bid > 162 - 15 * tricks
    _c, est = best_contract(obs.hand, obs.rules.stoeck)
    return obs.bid + 0.25 * est >= 160


def _bid(obs: SidiBarraniObservation) -> int:
    legal = obs.legal_actions
    _c, est = best_contract(obs.hand, obs.rules.stoeck)
    if A_DOUBLE in legal and should_double(obs):
        return A_DOUBLE
    bids = [a for a in legal if a >= A_BID]
    if not bids:
        return A_PASS
    lowest = bids[0] - A_BID
    partner_holds = obs.bidder >= 0 and not obs.is_opponent(obs.seat)
    margin = PARTNER_MARGIN if partner_holds else MARGIN
    return bids[0] if lowest <= est - margin else A_PASS


class SidiBarraniPlayer:
    """The Sidi Barrani rule player (deterministic)."""

    name = "rules"

    def act(self, obs: SidiBarraniObservation) -> int:
        """The rule player's action for the seat to move in ``obs``."""
        legal = obs.legal_actions
        if not legal:
            raise ValueError("the observation has no legal action: it is not this seat's turn")
        if len(legal) == 1:
            return legal[0]
        phase = obs.phase
        if phase == "bid":
            action = _bid(obs)
        elif phase == "contract":
            action = A_CHOOSE + best_contract(obs.hand, obs.rules.stoeck)[0]
        elif phase == "double":
            action = A_DOUBLE if should_double(obs) else A_PASS
        elif phase == "weis":
            action = declare_weis(obs)
        elif phase == "stoeck":
            action = A_STOECK
        else:
            action = play_card(obs)
        if action == A_STOECK and A_STOECK not in legal:
            action = A_STOECK_NO
        return action if action in legal else legal[0]


register_rule_player(SidiBarraniObservation, SidiBarraniPlayer().act)
