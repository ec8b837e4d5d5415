"""The Schellenjass rule player: take as few penalty cards as the cards allow.

A club player's basic strategy, from the seat's observation alone (there are no trumps, so a
card of another suit never takes a trick):

* **Following suit**: play the highest card that still loses to the best card in the trick
  (duck under it). If every card of the suit would win, play the highest as the last to play
  (shed a dangerous card on a trick it takes anyway), else the lowest (a later player may
  take it over).
* **Void**: a free discard, which never takes the trick: the highest penalty card it holds
  (it goes to the trick's winner), else its most dangerous card (a high card with few cards
  of its suit still out below it, which would take a trick later).
* **Leading**: a card that surely loses: the lowest card of the suit in which the most higher
  cards are still out, a penalty card first when others still hold a higher one of them (the
  trick's winner takes it); holding only winners, the card that brings the fewest penalty
  cards (a suit others no longer hold none).

In Striche it plays the same way: the fewest penalty cards earn the Strich.
"""

from __future__ import annotations

from typing import Final

from puur.bots.rules import register_rule_player
from puur.cards import NUM_CARDS, SUIT_MASK, bits
from puur.contracts import MODE_OBENABE, STRENGTH
from puur.tricks import beats
from puur.variants.schellenjass_view import SchellenjassObservation

__all__ = ["SchellenjassPlayer", "danger", "play_card"]

_SUIT_OF: Final = tuple(c // 9 for c in range(NUM_CARDS))
_ST: Final = STRENGTH[MODE_OBENABE]


def _unseen(obs: SchellenjassObservation) -> int:
    played = 0
    for _s, c in obs.history:
        played |= 1 << c
    return ((1 << NUM_CARDS) - 1) & ~played & ~obs.hand


def danger(card: int, unseen: int) -> float:
    """How likely ``card`` is to take a trick later: its rank, less the cards of its suit
    still out above it (each may take the trick instead), more the cards out below it (each
    lead of them it would take)."""
    suit = unseen & SUIT_MASK[_SUIT_OF[card]]
    lower = sum(1 for c in bits(suit) if _ST[c] < _ST[card])
    higher = sum(1 for c in bits(suit) if _ST[c] > _ST[card])
    return card % 9 - 2.0 * higher + 0.1 * lower


def _best(obs: SchellenjassObservation) -> int:
    best = -1
    for _s, c in obs.trick:
        if beats(c, best, MODE_OBENABE, -1):
            best = c
    return best


def _follow(obs: SchellenjassObservation, legal: list[int]) -> int:
    best = _best(obs)
    lead = _SUIT_OF[obs.trick[0][1]]
    following = [c for c in legal if _SUIT_OF[c] == lead]
    if not following:
        penalty = [c for c in legal if _SUIT_OF[c] == obs.penalty_suit]
        if penalty:
            return max(penalty, key=lambda c: _ST[c])
        unseen = _unseen(obs)
        return max(legal, key=lambda c: (danger(c, unseen), _ST[c]))
    losing = [c for c in following if not beats(c, best, MODE_OBENABE, -1)]
    if losing:
        return max(losing, key=lambda c: _ST[c])
    if len(obs.trick) == obs.num_seats - 1:
        return max(following, key=lambda c: _ST[c])
    return min(following, key=lambda c: _ST[c])


def _lead(obs: SchellenjassObservation, legal: list[int]) -> int:
    unseen = _unseen(obs)

    def key(c: int) -> tuple[int, int, int, int]:
        suit = unseen & SUIT_MASK[_SUIT_OF[c]]
        higher = sum(1 for u in bits(suit) if _ST[u] > _ST[c])
        is_penalty = _SUIT_OF[c] == obs.penalty_suit
        if higher:  # it loses: a penalty card first, then the suit with most cards above it
            return (0, 0 if is_penalty else 1, -higher, _ST[c])
        # It wins: what the others can still add of the penalty suit, least first.
        out = (unseen & SUIT_MASK[obs.penalty_suit]).bit_count()
        return (1, out if suit else 0, 1 if is_penalty else 0, _ST[c])

    return min(legal, key=key)


def play_card(obs: SchellenjassObservation) -> int:
    """The rule player's card (see the module text)."""
    legal = [a for a in obs.legal_actions if a < NUM_CARDS]
    if len(legal) == 1:
        return legal[0]
    if not obs.trick:
        return _lead(obs, legal)
    return _follow(obs, legal)


class SchellenjassPlayer:
    """Plays a Schellenjass seat by the basic strategy of the module text."""

    def act(self, obs: SchellenjassObservation) -> int:
        """The action for the seat to move in ``obs``."""
        if not obs.legal_actions:
            raise ValueError("the observation has no legal action: it is not this seat's turn")
        return play_card(obs)


register_rule_player(SchellenjassObservation, SchellenjassPlayer().act)
