"""The Guggitaler rule player: pay as little as the cards allow, go out early in the Domino.

A club player's basic strategy, from the seat's observation alone:

* **Following suit**: duck under the best card with the highest card that still loses. If
  every card wins, take the trick with the highest card when it is surely its own (the last
  seat: it sheds a card that would win later), without a card that costs extra where another
  wins as well; otherwise play the lowest (a later seat may take it over).
* **Void**: throw away a card that costs (a Schelle, an Ober, the King) onto another's trick;
  without one, the most dangerous card (high, with many lower cards still out).
* **Leading**: the lowest card of the suit in which most higher cards are still out, never a
  costly card while it holds another.
* **The last trick**: in the deal in which only the last trick costs, the tricks before it
  are free: it plays high while three or more tricks are left and keeps its low cards for the
  end.
* **Domino**: it lays the card behind which it holds the most cards of the same row (it
  opens its own way), the one whose next card it holds itself on equal counts (the table gets
  nothing from it), and opens a new suit last. Vorhand, laying the first card, picks the rank
  around which its hand is closest.
"""

from __future__ import annotations

from typing import Final

from puur.bots.rules import register_rule_player
from puur.cards import NUM_CARDS, SUIT_MASK, bits
from puur.contracts import MODE_OBENABE, STRENGTH
from puur.tricks import beats
from puur.variants.guggitaler_hand import A_PASS
from puur.variants.guggitaler_view import GuggitalerObservation

__all__ = ["GuggitalerPlayer", "domino_card", "play_card"]

_SUIT_OF: Final = tuple(c // 9 for c in range(NUM_CARDS))
_ST: Final = STRENGTH[MODE_OBENABE]


def _unseen(obs: GuggitalerObservation) -> int:
    played = 0
    for _s, c in obs.history:
        played |= 1 << c
    return ((1 << NUM_CARDS) - 1) & ~played & ~obs.hand & ~obs.out_of_play


def _best(obs: GuggitalerObservation) -> int:
    best = -1
    for _s, c in obs.trick:
        if beats(c, best, MODE_OBENABE, -1):
            best = c
    return best


def _cost(obs: GuggitalerObservation, card: int) -> int:
    return obs.penalty.cards[card] if obs.penalty is not None else 0


def _danger(card: int, unseen: int) -> float:
    """How likely ``card`` is to take a trick later: high, with few higher cards out."""
    suit = SUIT_MASK[_SUIT_OF[card]]
    higher = sum(1 for c in bits(unseen & suit) if _ST[c] > _ST[card])
    lower = sum(1 for c in bits(unseen & suit) if _ST[c] < _ST[card])
    return card % 9 + lower - 2.0 * higher


def _free_tricks(obs: GuggitalerObservation) -> bool:
    """Only the last trick costs, and three or more tricks are left: taking is free."""
    p = obs.penalty
    if p is None or p.per_trick or any(p.cards) or not p.last:
        return False
    tricks = (36 - obs.out_of_play.bit_count()) // obs.num_seats
    return tricks - obs.trick_no >= 3


def _follow(obs: GuggitalerObservation, legal: list[int]) -> int:
    best = _best(obs)
    lead = _SUIT_OF[obs.trick[0][1]]
    following = [c for c in legal if _SUIT_OF[c] == lead]
    unseen = _unseen(obs)
    if not following:  # void: a costly card onto another's trick, else the most dangerous
        return max(legal, key=lambda c: (_cost(obs, c), _danger(c, unseen)))
    if _free_tricks(obs):
        return max(following, key=lambda c: _ST[c])
    losing = [c for c in following if not beats(c, best, MODE_OBENABE, -1)]
    if losing:
        return max(losing, key=lambda c: (_ST[c], _cost(obs, c)))
    if len(obs.trick) == obs.num_seats - 1:
        return max(following, key=lambda c: (-_cost(obs, c), _ST[c]))
    return min(following, key=lambda c: (_cost(obs, c), _ST[c]))


def _lead(obs: GuggitalerObservation, legal: list[int]) -> int:
    unseen = _unseen(obs)
    if _free_tricks(obs):
        return max(legal, key=lambda c: _danger(c, unseen))
    cheap = [c for c in legal if not _cost(obs, c)] or legal

    def key(c: int) -> tuple[int, float]:
        suit = SUIT_MASK[_SUIT_OF[c]]
        higher = sum(1 for u in bits(unseen & suit) if _ST[u] > _ST[c])
        return (0 if higher else 1, -higher + _ST[c] / 10.0)

    return min(cheap, key=key)


def play_card(obs: GuggitalerObservation) -> int:
    """The rule player's card in a deal of tricks (see the module text)."""
    legal = [a for a in obs.legal_actions if a < NUM_CARDS]
    if len(legal) == 1:
        return legal[0]
    if not obs.trick:
        return _lead(obs, legal)
    return _follow(obs, legal)


def _behind(hand: int, card: int, table: tuple[tuple[int, int], ...]) -> tuple[int, int]:
    """Own cards of the row beyond ``card`` (in the direction it extends the row, both ways
    for an opening card), and 1 when the next card beyond is its own."""
    s, r = divmod(card, 9)
    lo, _hi = table[s]
    suit = hand & SUIT_MASK[s]
    ranks = [x % 9 for x in bits(suit)]
    if lo < 0:
        n = sum(1 for x in ranks if x != r)
        nxt = all(hand >> (9 * s + q) & 1 for q in (r - 1, r + 1) if 0 <= q <= 8)
        return n, int(nxt)
    if r < lo:
        return sum(1 for x in ranks if x < r), int(r > 0 and bool(hand >> (card - 1) & 1))
    return sum(1 for x in ranks if x > r), int(r < 8 and bool(hand >> (card + 1) & 1))


def domino_card(obs: GuggitalerObservation) -> int:
    """The rule player's Domino action (see the module text)."""
    legal = [a for a in obs.legal_actions if a < NUM_CARDS]
    if not legal:
        return A_PASS
    if len(legal) == 1:
        return legal[0]
    hand = obs.hand
    if obs.open_rank < 0:  # the first card: the rank around which the hand is closest
        def spread(c: int) -> tuple[int, int]:
            r = c % 9
            return sum(abs(x % 9 - r) for x in bits(hand)), -_behind(hand, c, obs.table)[0]
        return min(legal, key=spread)

    def key(c: int) -> tuple[int, int, int]:
        n, own_next = _behind(hand, c, obs.table)
        opens = obs.table[_SUIT_OF[c]][0] < 0
        return n, own_next, 0 if opens else 1
    return max(legal, key=key)


class GuggitalerPlayer:
    """Plays a Guggitaler seat by the basic strategy of the module text."""

    def act(self, obs: GuggitalerObservation) -> int:
        """The action for the seat to move in ``obs``."""
        if not obs.legal_actions:
            raise ValueError("the observation has no legal action: it is not this seat's turn")
        if obs.is_domino:
            return domino_card(obs)
        return play_card(obs)


register_rule_player(GuggitalerObservation, GuggitalerPlayer().act)
