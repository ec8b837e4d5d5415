"""The Schellenjass rule player: take as few penalty cards as the cards allow.

A club player's basic strategy, from the seat's observation alone (there are no trumps, so a
card of another suit never takes a trick):

* **Following suit**: play the highest card that still loses to the best card in the trick
  (duck under it). If every card of the suit would win, play the highest as the last to play
  (shed a dangerous card on a trick it takes anyway), else the lowest (a later player may
  take it over).
* **Void**: a free discard, which never takes the trick: the highest penalty card it holds
  (it goes to the trick's winner), else its most dangerous card (a high card with few cards
  of its suit still out above it, which would take a trick later).
* **Leading**: the card least likely to cost: the chance that it takes the trick (the share
  of its suit's cards still out that lie below it; certain when none lies above it) times
  what the trick would then bring (a penalty card led brings one from every player who
  follows).
* **Stopping a Turi**: when another player has taken every penalty card so far, five or
  more (three or more at a table of two), and it none, it takes one from him (it wins a trick
  holding a penalty card with its highest card, leads its highest penalty card) and, void,
  discards no penalty card to him.

In Striche it plays the same way: the fewest penalty cards earn the Strich.
"""

from __future__ import annotations

from typing import Final

from puur.bots.rules import register_rule_player
from puur.cards import NUM_CARDS, SUIT_MASK, bits
from puur.contracts import MODE_OBENABE, STRENGTH
from puur.tricks import beats
from puur.variants.schellenjass_view import SchellenjassObservation

__all__ = ["TURI_ALARM", "SchellenjassPlayer", "danger", "lead_risk", "play_card",
           "turi_threat"]

_SUIT_OF: Final = tuple(c // 9 for c in range(NUM_CARDS))
_ST: Final = STRENGTH[MODE_OBENABE]
#: Penalty cards one other player must have taken (and nobody else any) before the rule
#: player sets out to take one itself and so stop his Turi: sooner at a table of two, where
#: the other player takes every penalty card the rule player sheds.
TURI_ALARM: Final[dict[int, int]] = {2: 3, 3: 5, 4: 5}


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


def turi_threat(obs: SchellenjassObservation) -> bool:
    """Whether another player is on the way to a Turi: he has taken every penalty card taken
    so far, at least :data:`TURI_ALARM` of them for the table's size, and the observer none
    (one penalty card it takes then costs it a point and saves it nine)."""
    if not obs.rules.turi:
        return False
    me = obs.seat
    total = sum(obs.taken)
    return (total >= TURI_ALARM[obs.num_seats] and obs.taken[me] == 0
            and max(obs.taken) == total)


def _follow(obs: SchellenjassObservation, legal: list[int]) -> int:
    best = _best(obs)
    lead = _SUIT_OF[obs.trick[0][1]]
    following = [c for c in legal if _SUIT_OF[c] == lead]
    ps = obs.penalty_suit
    if turi_threat(obs):
        # Take a penalty card away from the player going for a Turi, or feed him none.
        loaded = lead == ps or any(_SUIT_OF[c] == ps for _s, c in obs.trick)
        winners = [c for c in following if beats(c, best, MODE_OBENABE, -1)]
        if winners and loaded:
            return max(winners, key=lambda c: _ST[c])
        if not following:
            others = [c for c in legal if _SUIT_OF[c] != ps]
            if others:
                unseen = _unseen(obs)
                return max(others, key=lambda c: (danger(c, unseen), _ST[c]))
    if not following:
        penalty = [c for c in legal if _SUIT_OF[c] == ps]
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


def lead_risk(card: int, unseen: int, penalty_suit: int, seats: int) -> float:
    """What leading ``card`` is likely to cost: the chance that it takes the trick (the share
    of the suit's unseen cards lying below it, which the others may duck with; certain when
    none lies above it) times the penalty cards the trick then brings (the card itself and,
    in the penalty suit, one from every other player)."""
    suit = unseen & SUIT_MASK[_SUIT_OF[card]]
    lower = sum(1 for c in bits(suit) if _ST[c] < _ST[card])
    higher = suit.bit_count() - lower
    p_win = lower / (lower + higher) if higher else 1.0
    brings = seats if _SUIT_OF[card] == penalty_suit else 0.5
    return p_win * brings


def _lead(obs: SchellenjassObservation, legal: list[int]) -> int:
    unseen = _unseen(obs)
    penalty = [c for c in legal if _SUIT_OF[c] == obs.penalty_suit]
    if penalty and turi_threat(obs):  # the highest penalty card has the best chance to win
        return max(penalty, key=lambda c: _ST[c])
    return min(legal, key=lambda c: (lead_risk(c, unseen, obs.penalty_suit, obs.num_seats),
                                     _ST[c]))


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
