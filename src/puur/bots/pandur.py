"""The Pandur rule player: bid what the hand is sure of, name the best trumps, play as a side.

A club player's basic strategy, from the seat's observation alone:

* **A numeric bid** (:func:`numeric_limit`): Bieter's evaluation of a suit contract
  (:func:`puur.bots.bieter.hand_points`: the tricks the cards should take times the points of a
  trick, Stöck and most of the best Weis) for the best suit, with eight tricks a hand; it bids
  up to :data:`NUMERIC_SHARE` of it, in tens.
* **Misère** (:func:`misere_safe`): only with a hand that can hardly be made to take a trick:
  in every suit the k-th lowest card it holds is at most the 2k-th lowest of the suit (for
  each of its cards there are lower ones the two others may have to play).
* **Pandur** (:func:`pandur_sure`): only with a hand of winners from the top: in every suit it
  holds, its cards are the highest of the suit. The Trumpf- forms it never bids.
* **The auction**: of the bids it is willing to play it makes the lowest the ladder still
  allows, and passes when there is none.
* **Trumps**: the suit with the most points (the evaluation above).
* **Card play**: Misère's soloist ducks (the highest card that does not take the trick, leads
  its lowest); his opponents lead low and play under his card. Pandur's soloist leads its
  highest cards; his opponents take a trick when they can. In a numeric contract the soloist
  draws trumps while they are out, cashes the best card still out of a suit, else leads low
  from its longest side suit; the two opponents are partners: one gives points to the other
  when the other surely holds the trick, takes a trick with points with its cheapest winning
  card, and otherwise throws its cheapest card.
* **Weis and Stöck**: it declares its best Weis and announces Stöck.
"""

from __future__ import annotations

from typing import Final

from puur.bots.bieter import hand_points
from puur.bots.rules import register_rule_player
from puur.cards import NUM_CARDS, SUIT_MASK, bits
from puur.contracts import POINTS, STRENGTH
from puur.tricks import beats
from puur.variants.pandur_rules import (
    A_PASS,
    A_STOECK,
    A_STOECK_NO,
    A_TRUMP,
    A_WEIS,
    DECK,
    LADDER,
    MISERE,
    PANDUR,
    TRUMPF_MISERE,
    TRUMPF_PANDUR,
    bid_of,
)
from puur.variants.pandur_view import PandurObservation

__all__ = ["NUMERIC_SHARE", "PandurPlayer", "best_suit", "misere_safe", "numeric_limit",
           "pandur_sure"]

#: The share of its evaluation a hand bids.
NUMERIC_SHARE: Final = 0.9
_SUIT_OF: Final = tuple(c // 9 for c in range(NUM_CARDS))


def best_suit(hand: int, weis: bool = True) -> tuple[int, float]:
    """The trump suit with the most points for ``hand``, and those points."""
    suit = max(range(4), key=lambda s: hand_points(hand, s, 8, weis))
    return suit, hand_points(hand, suit, 8, weis)


def numeric_limit(hand: int, weis: bool = True) -> int:
    """The highest numeric bid worth making with ``hand`` (0: none).

    >>> from puur.cards import CardSet
    >>> numeric_limit(CardSet.from_text("DJ D9 DA DK DQ HA SA CA").bits) >= 150
    True
    >>> numeric_limit(CardSet.from_text("D9 DT H9 HT S9 ST CJ CQ").bits)
    0
    """
    pts = best_suit(hand, weis)[1] * NUMERIC_SHARE
    limit = int(pts) // 10 * 10
    return limit if limit >= 100 else 0


def _ranks(hand: int, suit: int, order: tuple[int, ...]) -> list[int]:
    """Positions (0 = lowest of the 24-card suit in ``order``) of the cards held."""
    return [i for i, r in enumerate(order) if hand >> (9 * suit + r) & 1]


_OBENABE_ORDER: Final = (3, 4, 5, 6, 7, 8)  # 9 … Ace, lowest first
_UNDENUFE_ORDER: Final = (8, 7, 6, 5, 4, 3)


def _order(notrump: str) -> tuple[int, ...]:
    return _OBENABE_ORDER if notrump == "obenabe" else _UNDENUFE_ORDER


def misere_safe(hand: int, notrump: str = "obenabe") -> bool:
    """Whether ``hand`` can hardly be made to take a trick without trumps (module text).

    >>> from puur.cards import CardSet
    >>> misere_safe(CardSet.from_text("D9 DJ H9 HT S9 SJ C9 CJ").bits)
    True
    >>> misere_safe(CardSet.from_text("DA D9 H9 HT S9 SJ C9 CJ").bits)
    False
    """
    order = _order(notrump)
    for s in range(4):
        for k, pos in enumerate(_ranks(hand, s, order)):
            if pos > 2 * k + 1:
                return False
    return True


def pandur_sure(hand: int, notrump: str = "obenabe") -> bool:
    """Whether every card of ``hand`` is a winner from the top without trumps (module text).

    >>> from puur.cards import CardSet
    >>> pandur_sure(CardSet.from_text("DA DK DQ HA HK SA CA CK").bits)
    True
    """
    order = _order(notrump)
    for s in range(4):
        held = _ranks(hand, s, order)
        if held and held != list(range(6 - len(held), 6)):
            return False
    return True


def _willing(obs: PandurObservation) -> list[int]:
    hand, rules = obs.hand, obs.rules
    out = [b for b in LADDER if b > 0 and b <= numeric_limit(hand, rules.weis)]
    if misere_safe(hand, rules.notrump_order):
        out.append(MISERE)
    if pandur_sure(hand, rules.notrump_order):
        out.append(PANDUR)
    return out


def _bid(obs: PandurObservation) -> int:
    willing = set(_willing(obs))
    for a in sorted(a for a in obs.legal_actions if a != A_PASS):
        if bid_of(a) in willing:
            return a
    return A_PASS


# ---------------------------------------------------------------------------------------------
# The card play


def _unseen(obs: PandurObservation) -> int:
    played = 0
    for _s, c in obs.history:
        played |= 1 << c
    return DECK & ~played & ~obs.hand


def _winning(obs: PandurObservation) -> tuple[int, int]:
    """The seat and card holding the trick so far."""
    best_seat, best = -1, -1
    for s, c in obs.trick:
        if beats(c, best, obs.mode, obs.trump):
            best_seat, best = s, c
    return best_seat, best


def _is_bock(obs: PandurObservation, card: int, unseen: int) -> bool:
    """``card`` beats every unseen card of its suit (and, off trumps, no trump is out)."""
    st = STRENGTH[obs.mode]
    suit = _SUIT_OF[card]
    if any(st[c] > st[card] for c in bits(unseen & SUIT_MASK[suit])):
        return False
    return suit == obs.trump or obs.trump < 0 or not unseen & SUIT_MASK[obs.trump]


def _misere(obs: PandurObservation, legal: list[int]) -> int:
    st = STRENGTH[obs.mode]
    if not obs.trick:
        return min(legal, key=lambda c: st[c])
    seat, best = _winning(obs)
    ducks = [c for c in legal if not beats(c, best, obs.mode, obs.trump)]
    if obs.seat == obs.soloist:
        return max(ducks or legal, key=lambda c: st[c])
    if seat == obs.soloist:
        return max(ducks, key=lambda c: st[c]) if ducks else min(legal, key=lambda c: st[c])
    return min(legal, key=lambda c: st[c])


def _pandur(obs: PandurObservation, legal: list[int]) -> int:
    st = STRENGTH[obs.mode]
    if not obs.trick:
        return max(legal, key=lambda c: st[c])
    _seat, best = _winning(obs)
    winners = [c for c in legal if beats(c, best, obs.mode, obs.trump)]
    if winners and (obs.seat == obs.soloist or _seat == obs.soloist):
        return min(winners, key=lambda c: st[c])
    return min(legal, key=lambda c: st[c])


def _lead(obs: PandurObservation, legal: list[int]) -> int:
    st, pts, trump = STRENGTH[obs.mode], POINTS[obs.mode], obs.trump
    unseen = _unseen(obs)
    if trump >= 0 and obs.seat == obs.soloist and unseen & SUIT_MASK[trump]:
        mine = [c for c in legal if _SUIT_OF[c] == trump]
        if mine:
            return max(mine, key=lambda c: st[c])
    bocks = [c for c in legal if _is_bock(obs, c, unseen)]
    if bocks:
        return max(bocks, key=lambda c: (pts[c], st[c]))
    side = [c for c in legal if _SUIT_OF[c] != trump] or legal
    longest = max(range(4), key=lambda s: sum(1 for c in side if _SUIT_OF[c] == s))
    return min((c for c in side if _SUIT_OF[c] == longest), key=lambda c: (st[c], pts[c]))


def _follow(obs: PandurObservation, legal: list[int]) -> int:
    st, pts = STRENGTH[obs.mode], POINTS[obs.mode]
    unseen = _unseen(obs)
    seat, best = _winning(obs)
    last = len(obs.trick) == len(obs.active) - 1
    cheap = min(legal, key=lambda c: (pts[c], st[c], _SUIT_OF[c] == obs.trump))
    mate = obs.seat != obs.soloist and seat != obs.soloist
    if mate:
        if last or _is_bock(obs, best, unseen) or obs.soloist in {s for s, _c in obs.trick}:
            smear = [c for c in legal if not beats(c, best, obs.mode, obs.trump)] or legal
            return max(smear, key=lambda c: (pts[c], -st[c]))
        return cheap
    winners = [c for c in legal if beats(c, best, obs.mode, obs.trump)]
    in_trick = sum(pts[c] for _s, c in obs.trick)
    if winners and (last or in_trick >= 10 or any(_is_bock(obs, c, unseen) for c in winners)):
        sure = [c for c in winners if last or _is_bock(obs, c, unseen)]
        return min(sure or winners, key=lambda c: (st[c], pts[c]))
    return cheap


def play_card(obs: PandurObservation) -> int:
    """The rule player's card (see the module text)."""
    legal = [a for a in obs.legal_actions if a < NUM_CARDS]
    if len(legal) == 1:
        return legal[0]
    if obs.bid in (MISERE, TRUMPF_MISERE):
        return _misere(obs, legal)
    if obs.bid in (PANDUR, TRUMPF_PANDUR):
        return _pandur(obs, legal)
    return _follow(obs, legal) if obs.trick else _lead(obs, legal)


class PandurPlayer:
    """Plays a Pandur seat by the basic strategy of the module text."""

    def act(self, obs: PandurObservation) -> int:
        """The action for the seat to move in ``obs``."""
        legal = obs.legal_actions
        if not legal:
            raise ValueError("the observation has no legal action: it is not this seat's turn")
        ph = obs.phase
        if ph == "bid":
            return _bid(obs)
        if ph == "trump":
            return A_TRUMP + best_suit(obs.hand, obs.rules.weis)[0]
        if ph == "weis":
            return A_WEIS + 1 if A_WEIS + 1 in legal else A_WEIS
        if ph == "stoeck":
            return A_STOECK if A_STOECK in legal else A_STOECK_NO
        return play_card(obs)


register_rule_player(PandurObservation, PandurPlayer().act)
