"""The Molotow rule player: take as few points as the cards allow.

A club player's basic strategy, from the seat's observation alone:

* **Following suit**: play the highest card that still loses to the best card in the trick
  (duck under it); if every card of the suit would win, play the lowest when other players
  are still to come (one of them may take it over) and the highest when the trick is
  certainly its own (it sheds a dangerous card on a trick it takes anyway).
* **Void before trumps**: the discard makes trumps and will very likely take the trick, so it
  picks the suit that suits it least as trumps (few and low cards of it, the opponents holding
  the top trumps) and plays its cheapest card there, the highest of equal worth.
* **Void once trumps are fixed**: it throws away its most dangerous card of another suit (high
  cards and points, which an opponent then takes); holding only trumps, it undertrumps where
  it can and otherwise plays its highest trump.
* **Leading**: the lowest card of the suit in which most higher cards are still out, keeping
  its low cards in the other suits for ducking later; it does not lead trumps while it has
  another suit.
* **Weis and Stöck** only ever lower its score: it declares its best Weis and announces Stöck.

In family B (Striche and Nuller) it plays the same way: the fewest points earn the lowest
player's Strich and keep it far from the 100 that cost three Nuller.
"""

from __future__ import annotations

from typing import Final

from puur.bots.rules import register_rule_player
from puur.cards import NUM_CARDS, SUIT_MASK, bits
from puur.contracts import MODE_OBENABE, POINTS, STRENGTH
from puur.tricks import beats
from puur.variants.molotow_hand import A_STOECK, A_STOECK_NO, A_WEIS
from puur.variants.molotow_view import MolotowObservation

__all__ = ["MolotowPlayer", "discard_suit_cost", "play_card"]

_SUIT_OF: Final = tuple(c // 9 for c in range(NUM_CARDS))
# What a card held in the trump suit costs its holder: the top trumps take tricks.
_TRUMP_COST: Final = (1, 1, 1, 4, 2, 6, 2, 3, 3)  # 6 7 8 9 10 Under Ober King Ace


def _unseen(obs: MolotowObservation) -> int:
    played = 0
    for _s, c in obs.history:
        played |= 1 << c
    return ((1 << NUM_CARDS) - 1) & ~played & ~obs.hand & ~obs.out_of_play


def _best(obs: MolotowObservation) -> int:
    best = -1
    for _s, c in obs.trick:
        if beats(c, best, obs.mode, obs.trump):
            best = c
    return best


def discard_suit_cost(hand: int, suit: int, card: int, unseen: int = 0,
                      opponents: int = 3) -> float:
    """How bad it is for the holder of ``hand`` that ``suit`` becomes trumps when it discards
    ``card`` of it: the trumps it keeps, weighted by their strength, and the card's own value
    as a trump (which it will most likely take with the trick), less what the ``opponents``
    would be left holding of the ``unseen`` trumps (a suit they are short of suits them)."""
    rest = hand & SUIT_MASK[suit] & ~(1 << card)
    cost = sum(_TRUMP_COST[c % 9] for c in bits(rest))
    theirs = sum(_TRUMP_COST[c % 9] for c in bits(unseen & SUIT_MASK[suit]))
    return cost + POINTS[suit][card] / 5.0 - theirs / (2.0 * max(opponents, 1))


def _discard_before_trumps(obs: MolotowObservation, legal: list[int]) -> int:
    unseen = _unseen(obs)

    def key(c: int) -> tuple[float, int, int]:
        cost = discard_suit_cost(obs.hand, _SUIT_OF[c], c, unseen, obs.num_seats - 1)
        return cost, POINTS[_SUIT_OF[c]][c], -(c % 9)
    return min(legal, key=key)


def _danger(obs: MolotowObservation, card: int, unseen: int) -> float:
    """How likely ``card`` is to win a trick later, and what it brings: higher is worse."""
    st = STRENGTH[obs.mode]
    suit = SUIT_MASK[_SUIT_OF[card]]
    higher = sum(1 for c in bits(unseen & suit) if st[c] > st[card])
    return POINTS[obs.mode][card] + 12.0 * (card % 9) / 8 - 6.0 * higher


def _follow(obs: MolotowObservation, legal: list[int]) -> int:
    st = STRENGTH[obs.mode]
    best = _best(obs)
    losing = [c for c in legal if not beats(c, best, obs.mode, obs.trump)]
    trump = obs.trump
    lead = _SUIT_OF[obs.trick[0][1]]
    if losing:
        following = [c for c in losing if _SUIT_OF[c] == lead]
        if following:  # duck under the best card with the highest that loses
            return max(following, key=lambda c: (st[c], POINTS[obs.mode][c]))
        others = [c for c in losing if _SUIT_OF[c] != trump]
        if others:  # void: throw away the most dangerous card
            unseen = _unseen(obs)
            return max(others, key=lambda c: _danger(obs, c, unseen))
        return max(losing, key=lambda c: st[c])  # only trumps: undertrump with the highest
    last = len(obs.trick) == obs.num_seats - 1
    if last:
        return max(legal, key=lambda c: (st[c], POINTS[obs.mode][c]))
    return min(legal, key=lambda c: (POINTS[obs.mode][c], st[c]))


def _lead(obs: MolotowObservation, legal: list[int]) -> int:
    st = STRENGTH[obs.mode]
    unseen = _unseen(obs)
    side = [c for c in legal if _SUIT_OF[c] != obs.trump] or legal

    def key(c: int) -> tuple[int, float, int]:
        suit = SUIT_MASK[_SUIT_OF[c]]
        higher = sum(1 for u in bits(unseen & suit) if st[u] > st[c])
        return (0 if higher else 1, -higher + st[c] % 100 / 10.0, POINTS[obs.mode][c])

    return min(side, key=key)


def play_card(obs: MolotowObservation) -> int:
    """The rule player's card (see the module text)."""
    legal = [a for a in obs.legal_actions if a < NUM_CARDS]
    if len(legal) == 1:
        return legal[0]
    if not obs.trick:
        return _lead(obs, legal)
    lead = _SUIT_OF[obs.trick[0][1]]
    if obs.trump < 0 and obs.mode == MODE_OBENABE and all(_SUIT_OF[c] != lead for c in legal):
        return _discard_before_trumps(obs, legal)
    return _follow(obs, legal)


class MolotowPlayer:
    """Plays a Molotow seat by the basic strategy of the module text."""

    def act(self, obs: MolotowObservation) -> int:
        """The action for the seat to move in ``obs``."""
        legal = obs.legal_actions
        if not legal:
            raise ValueError("the observation has no legal action: it is not this seat's turn")
        if obs.phase == "weis":
            return A_WEIS + 1 if A_WEIS + 1 in legal else A_WEIS
        if obs.phase == "stoeck":
            return A_STOECK if A_STOECK in legal else A_STOECK_NO
        return play_card(obs)


register_rule_player(MolotowObservation, MolotowPlayer().act)
