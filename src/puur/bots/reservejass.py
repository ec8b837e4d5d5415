"""The Reservejass rule player: name the best mode, swap a hand worse than a random one.

A club player's basic strategy, from the seat's observation alone:

* **Choosing** (:func:`best_mode`): it names the mode in which its hand should make the most
  points, by Bieter's hand evaluation (:func:`puur.bots.bieter.hand_points`: the tricks the
  hand should take when its holder leads, times the points of a trick, plus its best Weis and
  Stöck), among the modes the rules allow.
* **Swapping** (:func:`reserve_worth`): the reserve is unseen, so it is worth what a hand of
  nine of the cards the seat has not seen is worth on average (the best mode of each of
  :data:`SAMPLES` such hands, drawn the same way for the same hand); with ``reserve_seen``
  it is worth what it holds. The chooser swaps when the reserve beats his own hand by :data:`MARGIN`
  points; with ``others_swap`` the other two compare in the mode already named.
* **Card play**: as the Königsjass rule player (:func:`puur.bots.koenigsjass.play_card`:
  with trumps the Puur, the Nell, a side Ace, else the lowest card; following, the cheapest
  winning card when the trick holds 10 points or it plays last; without trumps the best card
  of a suit when no unseen card beats it).
* **Weis and Stöck** only add: it declares its best Weis and announces Stöck.
"""

from __future__ import annotations

import random
from typing import Final

from puur.bots.bieter import hand_points
from puur.bots.koenigsjass import play_card as koenigsjass_card
from puur.bots.rules import register_rule_player
from puur.cards import NUM_CARDS, bits
from puur.variants.reservejass_hand import (
    A_CHOOSE,
    A_KEEP,
    A_STOECK,
    A_STOECK_NO,
    A_SWAP,
    A_WEIS,
    PER_SEAT,
    RESERVE,
    TAKE,
)
from puur.variants.reservejass_view import ReservejassObservation

__all__ = ["MARGIN", "SAMPLES", "ReservejassPlayer", "best_mode", "reserve_worth"]

#: How many random hands stand for the unseen reserve, and by how much it must beat the hand.
SAMPLES: Final = 16
MARGIN: Final = 10.0


def _points(hand: int, mode: int, weis: bool) -> float:
    return hand_points(hand, mode, PER_SEAT, weis)


def best_mode(hand: int, modes: tuple[int, ...], weis: bool = True) -> tuple[int, float]:
    """The mode among ``modes`` in which ``hand`` should make the most points, and those."""
    best = max(modes, key=lambda m: _points(hand, m, weis))
    return best, _points(hand, best, weis)


def _unseen(obs: ReservejassObservation) -> int:
    played = 0
    for _s, c in obs.history:
        played |= 1 << c
    known = 0
    for s in range(obs.num_seats):
        if s != obs.seat:
            known |= obs.known_cards(s)
    return ((1 << NUM_CARDS) - 1) & ~played & ~obs.hand & ~known


def reserve_worth(obs: ReservejassObservation, mode: int = -1) -> float:
    """What the reserve should make for the seat: in ``mode``, or in its best mode (-1)."""
    modes = obs.rules.contracts() if mode < 0 else (mode,)
    weis = obs.rules.weis
    if obs.pile_known and obs.pile_known[0].bit_count() == PER_SEAT:
        return best_mode(obs.pile_known[0], modes, weis)[1]
    pool = list(bits(_unseen(obs)))
    rng = random.Random(obs.hand)
    total = 0.0
    for _ in range(SAMPLES):
        total += best_mode(sum(1 << c for c in rng.sample(pool, PER_SEAT)), modes, weis)[1]
    return total / SAMPLES


class ReservejassPlayer:
    """Plays a Reservejass seat by the basic strategy of the module text."""

    def act(self, obs: ReservejassObservation) -> int:
        """The action for the seat to move in ``obs``."""
        legal = obs.legal_actions
        if not legal:
            raise ValueError("the observation has no legal action: it is not this seat's turn")
        weis = obs.rules.weis
        if obs.phase == RESERVE:
            modes = tuple(a - A_CHOOSE for a in legal if A_CHOOSE <= a < A_SWAP)
            mode, mine = best_mode(obs.hand, modes, weis)
            if A_SWAP in legal and reserve_worth(obs) > mine + MARGIN:
                return A_SWAP
            return A_CHOOSE + mode
        if obs.phase == TAKE:
            mine = _points(obs.hand, obs.contract, weis)
            return A_SWAP if reserve_worth(obs, obs.contract) > mine + MARGIN else A_KEEP
        if obs.phase == "weis":
            return A_WEIS + 1 if A_WEIS + 1 in legal else A_WEIS
        if obs.phase == "stoeck":
            return A_STOECK if A_STOECK in legal else A_STOECK_NO
        return koenigsjass_card(obs)  # type: ignore[arg-type]


register_rule_player(ReservejassObservation, ReservejassPlayer().act)
