"""The Hindersi rule player: take as few points as the cards allow, and stop a match.

A club player's basic strategy, from the seat's observation alone (the trumps are known from
the first card: the dealer's last card):

* **Following suit**: play the highest card that still loses to the best card in the trick
  (duck under it); if every card it may play would win, play the highest as the last to play
  (it sheds a dangerous card on a trick it takes anyway) and the lowest in points otherwise
  (a later player may take it over).
* **Void**: it throws away its most dangerous card of another suit (high cards and points,
  which a taker then counts); holding only trumps, it undertrumps with the highest trump that
  loses where the rule allows, else it plays its lowest trump.
* **Leading**: the lowest card of the plain suit in which most higher cards are still out
  (a card nobody can beat is led last); it leads trumps only when it holds nothing else.
* **Stopping a match**: when another player has taken every trick so far, at least half of
  the hand's, and it none, one trick it takes costs it its points and saves it 157: it wins
  the trick as cheaply as it can (the winning card with the fewest points, a ruff when void)
  once he has played to it, and it leads a card nobody can beat (a trump first), else its
  strongest.
* **Weis** only lower its score: it declares its best Weis.
"""

from __future__ import annotations

from typing import Final

from puur.bots.rules import register_rule_player
from puur.cards import NUM_CARDS, SUIT_MASK, bits
from puur.contracts import POINTS, STRENGTH
from puur.tricks import beats
from puur.variants.hindersi_hand import A_WEIS
from puur.variants.hindersi_view import HindersiObservation

__all__ = ["HindersiPlayer", "danger", "match_threat", "play_card"]

_SUIT_OF: Final = tuple(c // 9 for c in range(NUM_CARDS))


def _unseen(obs: HindersiObservation) -> int:
    played = 0
    for _s, c in obs.history:
        played |= 1 << c
    return ((1 << NUM_CARDS) - 1) & ~played & ~obs.hand


def _best(obs: HindersiObservation) -> int:
    best = -1
    for _s, c in obs.trick:
        if beats(c, best, obs.mode, obs.trump):
            best = c
    return best


def danger(card: int, mode: int, unseen: int) -> float:
    """How likely ``card`` is to win a trick later, and what it brings: its points and rank,
    less the cards of its suit still out above it (each may take the trick instead)."""
    st = STRENGTH[mode]
    higher = sum(1 for c in bits(unseen & SUIT_MASK[_SUIT_OF[card]]) if st[c] > st[card])
    return POINTS[mode][card] + 12.0 * (card % 9) / 8 - 6.0 * higher


def match_threat(obs: HindersiObservation) -> bool:
    """Whether another player is on the way to taking every trick: he has taken all of them
    so far, at least half of the hand's, and the observer none."""
    if not obs.rules.match or obs.seat < 0:
        return False
    done = len(obs.trick_winners)
    if done < (36 // obs.num_seats + 1) // 2:
        return False
    first = obs.trick_winners[0]
    return first != obs.seat and all(w == first for w in obs.trick_winners)


def _cheapest_winner(obs: HindersiObservation, winners: list[int]) -> int:
    st = STRENGTH[obs.mode]
    return min(winners, key=lambda c: (POINTS[obs.mode][c], st[c]))


def _follow(obs: HindersiObservation, legal: list[int]) -> int:
    st = STRENGTH[obs.mode]
    pts = POINTS[obs.mode]
    best = _best(obs)
    winners = [c for c in legal if beats(c, best, obs.mode, obs.trump)]
    losing = [c for c in legal if c not in winners]
    if winners and match_threat(obs) and obs.trick_winners[0] in (s for s, _c in obs.trick):
        return _cheapest_winner(obs, winners)
    lead = _SUIT_OF[obs.trick[0][1]]
    if losing:
        following = [c for c in losing if _SUIT_OF[c] == lead]
        if following:  # duck under the best card with the highest that loses
            return max(following, key=lambda c: (st[c], pts[c]))
        others = [c for c in losing if _SUIT_OF[c] != obs.trump]
        if others:  # void: throw away the most dangerous card
            unseen = _unseen(obs)
            return max(others, key=lambda c: (danger(c, obs.mode, unseen), st[c]))
        return max(losing, key=lambda c: st[c])  # only trumps: undertrump with the highest
    if len(obs.trick) == obs.num_seats - 1:
        return max(legal, key=lambda c: (st[c], pts[c]))
    return min(legal, key=lambda c: (pts[c], st[c]))


def _lead(obs: HindersiObservation, legal: list[int]) -> int:
    st = STRENGTH[obs.mode]
    unseen = _unseen(obs)
    if match_threat(obs):  # a card nobody holds a higher one of, a trump first, else the top
        def above(c: int) -> int:
            return sum(1 for u in bits(unseen & SUIT_MASK[_SUIT_OF[c]]) if st[u] > st[c])
        return max(legal, key=lambda c: (above(c) == 0, _SUIT_OF[c] == obs.trump, st[c]))
    side = [c for c in legal if _SUIT_OF[c] != obs.trump] or legal

    def key(c: int) -> tuple[int, float, int]:
        higher = sum(1 for u in bits(unseen & SUIT_MASK[_SUIT_OF[c]]) if st[u] > st[c])
        return (0 if higher else 1, -higher + st[c] % 100 / 10.0, POINTS[obs.mode][c])

    return min(side, key=key)


def play_card(obs: HindersiObservation) -> int:
    """The rule player's card (see the module text)."""
    legal = [a for a in obs.legal_actions if a < NUM_CARDS]
    if len(legal) == 1:
        return legal[0]
    if not obs.trick:
        return _lead(obs, legal)
    return _follow(obs, legal)


class HindersiPlayer:
    """Plays a Hindersi seat by the basic strategy of the module text."""

    def act(self, obs: HindersiObservation) -> int:
        """The action for the seat to move in ``obs``."""
        legal = obs.legal_actions
        if not legal:
            raise ValueError("the observation has no legal action: it is not this seat's turn")
        if obs.phase == "weis":
            return A_WEIS + 1 if A_WEIS + 1 in legal else A_WEIS
        return play_card(obs)


register_rule_player(HindersiObservation, HindersiPlayer().act)
