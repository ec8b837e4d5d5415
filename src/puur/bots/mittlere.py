"""The Mittlere rule player: keep out of the middle, never reach 100, never go without a trick.

A club player's basic strategy, from the seat's observation alone. After each hand the highest
and the lowest card totals earn a Strich and the middle one costs two Nuller, while 100 points
or more and a hand without a trick cost two Nuller whatever the others did. So the player reads
the totals of the hand so far and picks the nearer safe extreme (:func:`aim`):

* **Safety first**: without a trick with few tricks left it plays to take one; from 60 points
  on it ducks, so as never to reach 100.
* **Lowest or highest**: on the lowest total (or tied there) it ducks to stay there; on the
  highest it takes points to stay there; in the middle it moves towards the nearer end (to
  reach the top it must take the points; to fall to the bottom the others must take them, so
  it ducks), and ducks when the top would mean 100.
* **Ducking** is Molotow's play (duck under the best card, discard the dangerous cards, make
  trumps of the suit that suits it least); when every card it holds takes the trick it gives
  the fewest points it can.
* **Taking**: it wins the trick with its cheapest winning card, leads its surest winner, and
  when void before trumps makes its strongest suit trumps.
"""

from __future__ import annotations

from typing import Final, cast

from puur.bots.molotow import discard_suit_cost
from puur.bots.molotow import play_card as duck_card
from puur.bots.rules import register_rule_player
from puur.cards import NUM_CARDS, SUIT_MASK, bits
from puur.contracts import MODE_OBENABE, POINTS, STRENGTH
from puur.tricks import beats
from puur.variants.mittlere_view import MittlereObservation
from puur.variants.molotow_view import MolotowObservation

__all__ = ["DUCK_FROM", "MittlerePlayer", "aim", "play_card"]

_SUIT_OF: Final = tuple(c // 9 for c in range(NUM_CARDS))
#: From this many points in the hand on the player ducks (100 costs two Nuller).
DUCK_FROM: Final = 60
#: With this many tricks left or fewer a player without a trick plays to take one.
LAST_CHANCE: Final = 5
_TRICKS: Final = 12


def aim(made: tuple[int, ...] | list[int], tricks: tuple[int, ...] | list[int], seat: int,
        tricks_played: int) -> int:
    """+1 when ``seat`` wants to take points now, -1 when it wants to duck (see the module
    text), from each player's card points and tricks in the hand so far.

    >>> aim((0, 0, 0), (0, 0, 0), 0, 0)           # nothing to read yet: stay low
    -1
    >>> aim((10, 40, 30), (1, 3, 2), 0, 6), aim((10, 40, 30), (1, 3, 2), 1, 6)
    (-1, 1)
    >>> aim((0, 60, 50), (0, 5, 4), 0, 9)          # no trick, three left: take one
    1
    >>> aim((80, 20, 10), (6, 2, 1), 0, 9)         # near 100: duck
    -1
    """
    me = made[seat]
    left = _TRICKS - tricks_played
    if tricks[seat] == 0 and left <= LAST_CHANCE:
        return 1
    if me >= DUCK_FROM:
        return -1
    others = [p for s, p in enumerate(made) if s != seat]
    lo, hi = min(others), max(others)
    if me <= lo:
        return -1
    if me > hi:
        return 1
    # In the middle: the nearer end, unless the top would take it to 100.
    if hi + 1 >= DUCK_FROM:
        return -1
    return 1 if hi - me < me - lo else -1


def _unseen(obs: MittlereObservation) -> int:
    played = 0
    for _s, c in obs.history:
        played |= 1 << c
    return ((1 << NUM_CARDS) - 1) & ~played & ~obs.hand


def _best(obs: MittlereObservation) -> int:
    best = -1
    for _s, c in obs.trick:
        if beats(c, best, obs.mode, obs.trump):
            best = c
    return best


def _take_lead(obs: MittlereObservation, legal: list[int]) -> int:
    st = STRENGTH[obs.mode]
    unseen = _unseen(obs)

    def higher_out(c: int) -> int:
        return sum(1 for u in bits(unseen & SUIT_MASK[_SUIT_OF[c]]) if st[u] > st[c])

    # The surest winner (fewest higher cards out), the strongest of those, with points on it.
    return min(legal, key=lambda c: (higher_out(c), -st[c], -POINTS[obs.mode][c]))


def _take(obs: MittlereObservation, legal: list[int]) -> int:
    st = STRENGTH[obs.mode]
    if not obs.trick:
        return _take_lead(obs, legal)
    lead = _SUIT_OF[obs.trick[0][1]]
    if obs.trump < 0 and obs.mode == MODE_OBENABE and all(_SUIT_OF[c] != lead for c in legal):
        # The discard makes trumps and takes the trick: the suit it is strongest in.
        unseen = _unseen(obs)
        return max(legal, key=lambda c: (discard_suit_cost(obs.hand, _SUIT_OF[c], c, unseen, 2),
                                         POINTS[_SUIT_OF[c]][c]))
    best = _best(obs)
    winning = [c for c in legal if beats(c, best, obs.mode, obs.trump)]
    if winning:
        return min(winning, key=lambda c: (st[c], -POINTS[obs.mode][c]))
    # It cannot win this one: keep its strength, give the fewest points.
    return min(legal, key=lambda c: (POINTS[obs.mode][c], st[c]))


def _duck(obs: MittlereObservation, legal: list[int]) -> int:
    best = _best(obs)
    if obs.trick and all(beats(c, best, obs.mode, obs.trump) for c in legal) and \
            obs.made[obs.seat] >= DUCK_FROM - 25:
        # Every card takes the trick and the total is high: add the fewest points.
        st = STRENGTH[obs.mode]
        return min(legal, key=lambda c: (POINTS[obs.mode][c], -st[c]))
    # Molotow's ducking play reads only the fields both observations share.
    return duck_card(cast(MolotowObservation, obs))


def play_card(obs: MittlereObservation) -> int:
    """The rule player's card (see the module text)."""
    legal = [a for a in obs.legal_actions if a < NUM_CARDS]
    if len(legal) == 1:
        return legal[0]
    if aim(obs.made, obs.tricks, obs.seat, obs.trick_no) > 0:
        return _take(obs, legal)
    return _duck(obs, legal)


class MittlerePlayer:
    """Plays a Mittlere seat by the basic strategy of the module text."""

    def act(self, obs: MittlereObservation) -> int:
        """The action for the seat to move in ``obs``."""
        if not obs.legal_actions:
            raise ValueError("the observation has no legal action: it is not this seat's turn")
        return play_card(obs)


register_rule_player(MittlereObservation, MittlerePlayer().act)
