"""The Offener Jass rule player: bid what the open cards promise, name the best mode, take
points with the cheapest card that wins them.

A club player's basic strategy, from the seat's observation alone:

* **Hand evaluation** (:func:`estimate`): for each contract (a suit, Obenabe, Undenufe) the
  card points the seat is likely to take, as the share of 157 its *power* bears to the
  opponent's. A card's power is :func:`card_power` (a trump counts far above a side card, the
  Under and the Nell most; a side card by its rank in the mode). The seat adds the power of its
  twelve cards it sees (hand and face up) and a third of the cards it has not seen (its six
  face-down cards among the eighteen unseen), the opponent his six face-up cards and the
  other two thirds. The one who names trumps leads, worth :data:`LEAD_BONUS` points.
* **Bidding**: it bids the lowest bid the auction allows while that bid stays :data:`MARGIN`
  points under its best estimate, and passes above; the opening bid, which it must make, is
  the lowest.
* **Contract**: the contract of its best estimate.
* **Card play** (:func:`play_card`; the second card of a trick is always the last): leading, it
  plays a card no unseen or opposing face-up card of its suit beats (trumps first while the
  opponent may still hold trumps), else its cheapest card. Second, it takes the trick with the
  cheapest winning card when the trick holds 10 points or the winner is no trump, else it
  plays its cheapest card. Between cards alike it plays from the table (a face-down card comes
  up and the hand stays hidden).
"""

from __future__ import annotations

from typing import Final

from puur.bots.rules import register_rule_player
from puur.cards import NUM_CARDS, bits
from puur.contracts import POINTS, STRENGTH
from puur.tricks import beats
from puur.variants.offener_jass_rules import A_BID, A_CHOOSE, A_PASS, MAX_BID
from puur.variants.offener_jass_view import OffenerJassObservation

__all__ = ["LEAD_BONUS", "MARGIN", "OffenerJassPlayer", "best_contract", "card_power",
           "estimate", "play_card"]

#: How far under its estimate a bid must stay.
MARGIN: Final = 8
#: What leading trick 1 is worth to the one who names the contract.
LEAD_BONUS: Final = 5.0
_ALL: Final = (1 << NUM_CARDS) - 1
_SUIT_OF: Final = tuple(c // 9 for c in range(NUM_CARDS))


def card_power(card: int, mode: int) -> float:
    """How much ``card`` tends to win in ``mode``: a trump 4 to 12 by its rank among trumps,
    a side card 0 to 2 by its rank in the mode, its points once more / 11."""
    st = STRENGTH[mode][card]
    if st >= 100:
        return 4.0 + (st - 100)
    return 2.0 * st / 8.0 + POINTS[mode][card] / 11.0


def _unseen(obs: OffenerJassObservation) -> int:
    """The cards the seat has not seen: the opponent's hand and the face-down cards."""
    seen = obs.playable
    for s in range(obs.num_seats):
        seen |= obs.table_mask(s) | obs.played_by(s)
    return _ALL & ~seen


def estimate(obs: OffenerJassObservation, mode: int) -> float:
    """The card points the seat is likely to take naming ``mode`` (module text)."""
    me = obs.seat
    unseen = _unseen(obs)
    unseen_power = sum(card_power(c, mode) for c in bits(unseen))
    mine_down = sum(obs.covered[me])
    share = mine_down / max(unseen.bit_count(), 1)
    mine = sum(card_power(c, mode) for c in bits(obs.playable)) + share * unseen_power
    theirs = (sum(card_power(c, mode) for c in bits(obs.table_mask(1 - me)))
              + (1.0 - share) * unseen_power)
    return min(float(MAX_BID), 157.0 * mine / max(mine + theirs, 1e-9) + LEAD_BONUS)


def best_contract(obs: OffenerJassObservation) -> tuple[int, float]:
    """The contract with the best estimate, and the estimate."""
    est = {c: estimate(obs, c) for c in range(6)}
    c = max(est, key=lambda k: (est[k], -k))
    return c, est[c]


def _bid(obs: OffenerJassObservation) -> int:
    legal = obs.legal_actions
    bids = [a for a in legal if a >= A_BID]
    if A_PASS not in legal:
        return bids[0]
    if not bids:
        return A_PASS
    _c, est = best_contract(obs)
    return bids[0] if bids[0] - A_BID <= est - MARGIN else A_PASS


def _cheapest(cards: list[int], mode: int, table: int) -> int:
    st = STRENGTH[mode]
    return min(cards, key=lambda c: (POINTS[mode][c], st[c] % 100, not table >> c & 1))


def _sure(card: int, against: int, mode: int) -> bool:
    """Whether no card of ``against`` of the same suit beats ``card``."""
    s = _SUIT_OF[card]
    st = STRENGTH[mode]
    return not any(_SUIT_OF[c] == s and st[c] > st[card] for c in bits(against))


def play_card(obs: OffenerJassObservation) -> int:
    """The rule player's card (see the module text)."""
    legal = [a for a in obs.legal_actions if a < NUM_CARDS]
    if len(legal) == 1:
        return legal[0]
    mode, trump = obs.mode, obs.trump
    table = obs.table_mask(obs.seat)
    against = _unseen(obs) | obs.table_mask(1 - obs.seat)
    if not obs.trick:
        their_trumps = trump >= 0 and any(_SUIT_OF[c] == trump for c in bits(against))
        sure = [c for c in legal if _sure(c, against, mode)]
        trumps = [c for c in sure if _SUIT_OF[c] == trump]
        if trumps and their_trumps:
            return max(trumps, key=lambda c: (STRENGTH[mode][c], table >> c & 1))
        side = [c for c in sure if _SUIT_OF[c] != trump and POINTS[mode][c] > 0]
        if side:
            return max(side, key=lambda c: (POINTS[mode][c], table >> c & 1))
        return _cheapest([c for c in legal if _SUIT_OF[c] != trump] or legal, mode, table)
    best = obs.trick[0][1]
    winning = [c for c in legal if beats(c, best, mode, trump)]
    points = POINTS[mode][best]
    if winning:
        pick = _cheapest(winning, mode, table)
        if points >= 10 or _SUIT_OF[pick] != trump:
            return pick
    losing = [c for c in legal if c not in winning] or legal
    return _cheapest(losing, mode, table)


class OffenerJassPlayer:
    """Plays an Offener Jass seat by the basic strategy of the module text (deterministic)."""

    name = "rules"

    def act(self, obs: OffenerJassObservation) -> int:
        """The action for the seat to move in ``obs``."""
        legal = obs.legal_actions
        if not legal:
            raise ValueError("the observation has no legal action: it is not this seat's turn")
        if len(legal) == 1:
            return legal[0]
        if obs.phase == "bid":
            action = _bid(obs)
        elif obs.phase == "contract":
            action = A_CHOOSE + best_contract(obs)[0]
        else:
            action = play_card(obs)
        return action if action in legal else legal[0]


register_rule_player(OffenerJassObservation, OffenerJassPlayer().act)
