"""The Handjass rule player: play the hands that make the minimum, take the points.

A club player's basic strategy, from the seat's observation alone:

* **Hand strength** (:func:`hand_strength`): the points a hand is likely to take, card by
  card: the Puur 26, the Nell 18, the trump Ace 14, King 11, Ober 10, other trumps 6; a side
  Ace 12 and a side 10 or King behind the Ace of its suit 6 (alone 2); every other card 1;
  the sum is scaled to the share of a player at a table of that size (157 shared among the
  players in play: the more players, the less each card is worth).
* **Declaring**: the last player who can still play while all the others dropped plays (2
  Striche); with a blind he swaps when the blind's estimate (the face-up card and the average
  of the unseen cards for the rest) beats his own hand's by 8 points; he plays when the
  estimate reaches the minimum plus a margin (5 points, 10 when a Nuller would cost him his
  place: his net is at or under 0 while someone is two Striche from the target); otherwise
  he drops. ``maybe`` is said with a hand within 5 points of the bar.
* **Card play**: leading, it plays the Puur, then the Nell when the Puur is gone, then a side
  Ace, else its lowest card; following, it takes the trick with its cheapest winning card when
  the trick holds 10 points or more or it plays last, and else throws its cheapest card.
* **Weis and Stöck** only add: it declares its best Weis and announces Stöck.
"""

from __future__ import annotations

from typing import Final

from puur.bots.rules import register_rule_player
from puur.cards import NUM_CARDS, Rank, bits
from puur.contracts import POINTS, PUUR, STRENGTH
from puur.tricks import beats
from puur.variants.handjass_hand import (
    A_DROP,
    A_MAYBE,
    A_PLAY,
    A_STOECK,
    A_STOECK_NO,
    A_SWAP,
    A_WEIS,
)
from puur.variants.handjass_view import HandjassObservation

__all__ = ["HandjassPlayer", "card_worth", "hand_strength", "play_card"]

_SUIT_OF: Final = tuple(c // 9 for c in range(NUM_CARDS))
_TRUMP_WORTH: Final[dict[int, float]] = {
    Rank.UNDER: 26.0, Rank.NINE: 18.0, Rank.ACE: 14.0, Rank.KING: 11.0, Rank.OBER: 10.0,
}


def card_worth(card: int, hand: int, trump: int) -> float:
    """What ``card`` in ``hand`` is likely to take, in points at a four-player table."""
    rank = card % 9
    suit = _SUIT_OF[card]
    if suit == trump:
        return _TRUMP_WORTH.get(rank, 6.0)
    if rank == Rank.ACE:
        return 12.0
    if rank in (Rank.TEN, Rank.KING):
        return 6.0 if hand >> (9 * suit + Rank.ACE) & 1 else 2.0
    return 1.0


def hand_strength(hand: int, trump: int, players: int = 4) -> float:
    """The points ``hand`` is likely to take with ``players`` in play (see the module text).

    >>> from puur.cards import CardSet
    >>> strong = CardSet.from_text("HJ H9 HA SA ST DA C6 C7 C8").bits  # Rosen trumps
    >>> weak = CardSet.from_text("H6 H7 S6 S7 S8 D6 D7 D8 C6").bits
    >>> hand_strength(strong, 1) > 60 > 21 > hand_strength(weak, 1)
    True
    """
    total = sum(card_worth(c, hand, trump) for c in bits(hand))
    return total * 4.0 / max(players, 2) * 9.0 / max(hand.bit_count(), 1)


def _unseen(obs: HandjassObservation) -> int:
    played = 0
    for _s, c in obs.history:
        played |= 1 << c
    return ((1 << NUM_CARDS) - 1) & ~played & ~obs.hand & ~obs.out_of_play


def _declare(obs: HandjassObservation) -> int:
    legal = obs.legal_actions
    r = obs.rules
    me = obs.seat
    others = [s for s in obs.active if s != me]
    if all(obs.said[s] == A_DROP for s in others):
        return A_PLAY  # everyone else dropped: 2 Striche
    undecided = [s for s in others if obs.said[s] != A_DROP]
    players = len(undecided) + 1
    mine = hand_strength(obs.hand, obs.trump, players)
    minimum = r.minimum_for(len(obs.active))
    danger = max(obs.totals) >= r.target - 2 and obs.totals[me] <= 0
    bar = minimum + (10.0 if danger else 5.0)
    if A_SWAP in legal and obs.pile_known:
        face = obs.pile_known[0]
        size = obs.piles[0]
        unseen = _unseen(obs) & ~face
        pool = list(bits(unseen))
        avg = sum(card_worth(c, unseen, obs.trump) for c in pool) / max(len(pool), 1)
        blind = sum(card_worth(c, face, obs.trump) for c in bits(face))
        blind += avg * (size - face.bit_count())
        blind *= 4.0 / max(players, 2) * 9.0 / max(size, 1)
        if blind > mine + 8.0 and blind >= bar - 5.0:
            return A_SWAP
    if mine >= bar:
        return A_PLAY
    if A_MAYBE in legal and mine >= bar - 5.0:
        return A_MAYBE
    return A_DROP


def _cheapest(cards: list[int], mode: int) -> int:
    st = STRENGTH[mode]
    return min(cards, key=lambda c: (POINTS[mode][c], st[c] % 100))


def play_card(obs: HandjassObservation) -> int:
    """The rule player's card (see the module text)."""
    legal = [a for a in obs.legal_actions if a < NUM_CARDS]
    if len(legal) == 1:
        return legal[0]
    mode, trump = obs.mode, obs.trump
    st = STRENGTH[mode]
    if not obs.trick:
        puur = PUUR[trump]
        nell = 1 << (9 * trump + Rank.NINE)
        held = sum(1 << c for c in legal)
        if held & puur:
            return puur.bit_length() - 1
        if held & nell and not _unseen(obs) & puur:
            return nell.bit_length() - 1
        aces = [c for c in legal if c % 9 == Rank.ACE and _SUIT_OF[c] != trump]
        if aces:
            return aces[0]
        return min(legal, key=lambda c: (st[c] % 100 + (50 if _SUIT_OF[c] == trump else 0),
                                         POINTS[mode][c]))
    best = obs.trick[0][1]
    for _s, c in obs.trick[1:]:
        if beats(c, best, mode, trump):
            best = c
    winning = [c for c in legal if beats(c, best, mode, trump)]
    points = sum(POINTS[mode][c] for _s, c in obs.trick)
    last = len(obs.trick) == len(obs.in_play) - 1
    if winning and (points >= 10 or last):
        return _cheapest(winning, mode)
    losing = [c for c in legal if c not in winning] or legal
    return _cheapest(losing, mode)


class HandjassPlayer:
    """Plays a Handjass seat by the basic strategy of the module text."""

    def act(self, obs: HandjassObservation) -> int:
        """The action for the seat to move in ``obs``."""
        legal = obs.legal_actions
        if not legal:
            raise ValueError("the observation has no legal action: it is not this seat's turn")
        if obs.phase == "declare":
            return _declare(obs)
        if obs.phase == "weis":
            return A_WEIS + 1 if A_WEIS + 1 in legal else A_WEIS
        if obs.phase == "stoeck":
            return A_STOECK if A_STOECK in legal else A_STOECK_NO
        return play_card(obs)


register_rule_player(HandjassObservation, HandjassPlayer().act)
