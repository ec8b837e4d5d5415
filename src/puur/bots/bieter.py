"""The Bieter rule player: bid what the hand is worth, pick the contract, play as a side.

A club player's basic strategy, from the seat's observation alone:

* **Hand evaluation** (:func:`hand_points`): for a contract, the tricks the hand should take
  when its holder leads (trumps: the Under 1, the 9 0.85, the Ace 0.75, King and Ober 0.5 and
  0.4, every trump past the third 0.6; side Aces 0.8, a King beside its Ace 0.55; Obenabe and
  Undenufe: the top card of a suit 0.9, the next one beside it 0.7, the third 0.5, and the
  long cards of a suit headed by the two top cards 0.5 each), times the points a trick is
  worth at the table (152 over the tricks of a hand, the last trick's 5 once), plus the hand's
  own best Weis and Stöck. The best contract is the one with the most points.
* **Bidding** (:func:`bid_limit`): the game is a race, the König's bid against the Bauern's
  1000. After a first hand worth ``E`` (the evaluation above) the Bauern still need
  ``target - (157 - E)``; at :data:`LATER_SHARE` points a later hand for the König's side (a
  third of the cards, or more with the talon's six to choose from) and the rest for the
  Bauern, the König can expect ``E + share * hands`` before they get there. It bids up to 90 %
  of that, in the table's steps, and passes above it.
* **Talon**: it keeps the cards that take tricks in the contract it will play (the best one
  for the sixteen cards in the first hand, the turned trumps later) and discards the others,
  the ones with points first: the discards count for the König, safe from the Bauern.
* **Declining**: only when the bid is out of reach (the König's side cannot get there before
  the Bauern at the shares above): a hand played would not save the game.
* **Five players**: it calls the highest trump it lacks (Under, 9, Ace), else the Ace of its
  longest side suit it lacks.
* **Card play**: leading, it draws trumps as König with trumps to spare, cashes a card that
  is the best still out of its suit, else leads low from its longest side suit; following, it
  gives points to a partner who holds the trick (sure when it plays last or the partner's card
  cannot be beaten), takes a trick with points with its cheapest winning card, and otherwise
  throws its cheapest card. The Bauern are partners; with five players a seat whose side it
  cannot know yet is treated as an opponent.
* **Weis and Stöck**: it declares its best Weis and announces Stöck.
"""

from __future__ import annotations

import math
from typing import Final

from puur.bots.rules import register_rule_player
from puur.cards import NUM_CARDS, SUIT_MASK, bits
from puur.contracts import MODE_OBENABE, MODE_UNDENUFE, POINTS, STRENGTH
from puur.rules import RuleSet
from puur.tricks import beats
from puur.variants.bieter_rules import (
    A_ACCEPT,
    A_CALL,
    A_CONTRACT,
    A_DECLINE,
    A_DISCARD,
    A_PASS,
    A_STOECK,
    A_STOECK_NO,
    A_WEIS,
    bid_action,
)
from puur.variants.bieter_view import BieterObservation
from puur.weis import STOECK_CARDS, best_split, split_points

__all__ = ["LATER_SHARE", "BieterPlayer", "best_contract", "bid_limit", "hand_points",
           "hand_tricks"]

#: Points per later hand the König's side can expect: twelve cards each, the talon form (he
#: chooses ten of sixteen), five players (the pair).
LATER_SHARE: Final = {"twelve": 45.0, "ten_with_talon": 62.0, "five": 70.0}
_SUIT_OF: Final = tuple(c // 9 for c in range(NUM_CARDS))
_TRUMP_WORTH: Final = {5: 1.0, 3: 0.85, 8: 0.75, 7: 0.5, 6: 0.4}  # U 9 A K O
_WEIS_RULES: Final = RuleSet()


def hand_tricks(hand: int, contract: int) -> float:
    """The tricks ``hand`` should take in ``contract`` when its holder leads (module text)."""
    tricks = 0.0
    if contract < 4:
        trumps = hand & SUIT_MASK[contract]
        n = trumps.bit_count()
        for c in bits(trumps):
            tricks += _TRUMP_WORTH.get(c % 9, 0.0)
        tricks += 0.6 * max(0, n - 3)
        for s in range(4):
            if s == contract:
                continue
            if hand >> (9 * s + 8) & 1:
                tricks += 0.8
                if hand >> (9 * s + 7) & 1:
                    tricks += 0.55
        return tricks
    ranks = range(8, -1, -1) if contract == MODE_OBENABE else range(9)
    for s in range(4):
        order = [9 * s + r for r in ranks]
        held = [hand >> c & 1 for c in order]
        if held[0]:
            tricks += 0.9
            if held[1]:
                tricks += 0.7
                if held[2]:
                    tricks += 0.5
                tricks += 0.5 * max(0, sum(held) - 3)
        elif held[1] and sum(held) >= 2:
            tricks += 0.35
    return tricks


def hand_points(hand: int, contract: int, tricks_in_hand: int, weis: bool = True) -> float:
    """The points ``hand`` should make in ``contract`` (tricks times the points of a trick,
    plus the hand's best Weis and Stöck)."""
    per_trick = 152.0 / tricks_in_hand
    tricks = min(hand_tricks(hand, contract), float(tricks_in_hand))
    pts = tricks * per_trick + (5.0 if tricks >= tricks_in_hand / 2 else 0.0)
    if contract < 4 and hand & STOECK_CARDS[contract] == STOECK_CARDS[contract]:
        pts += 20.0
    if weis:
        mode = contract
        trump = contract if contract < 4 else -1
        pts += 0.8 * split_points(best_split(hand, _WEIS_RULES, mode, trump))
    return min(pts, 257.0)


def best_contract(hand: int, tricks_in_hand: int, weis: bool = True) -> tuple[int, float]:
    """The contract (a suit, Obenabe or Undenufe) with the most points for ``hand``."""
    best = max(range(6), key=lambda c: hand_points(hand, c, tricks_in_hand, weis))
    return best, hand_points(hand, best, tricks_in_hand, weis)


def _form(obs: BieterObservation) -> str:
    return "five" if obs.num_seats == 5 else obs.rules.deal


def bid_limit(first_hand: float, form: str, target: int) -> int:
    """The highest bid worth making after a first hand worth ``first_hand`` (module text).

    >>> bid_limit(80.0, "twelve", 1000), bid_limit(130.0, "twelve", 1000)
    (378, 440)
    """
    share = LATER_SHARE[form]
    bauern = 157.0 + 10.0 - share
    hands = max(0.0, (target - (157.0 - first_hand)) / bauern)
    return int(0.9 * (first_hand + share * hands))


def _evaluate(obs: BieterObservation) -> float:
    """What the seat's cards are worth as König in the first hand."""
    hand = obs.hand | obs.talon_up
    tricks = obs.num_tricks
    _c, pts = best_contract(hand, tricks, obs.rules.weis)
    if obs.num_seats == 5:
        pts += 30.0  # the called partner's help
    if obs.rules.talon:
        pts += 20.0  # the discards, chosen among sixteen cards
    return pts


def _bid(obs: BieterObservation) -> int:
    legal = [a for a in obs.legal_actions if a != A_PASS]
    if not legal:
        return A_PASS
    limit = bid_limit(_evaluate(obs), _form(obs), obs.rules.target)
    lowest = min(legal)
    value = (lowest - bid_action(0)) * 5
    everyone_passed = obs.passed.bit_count() == obs.num_seats - 1
    if value <= limit or (everyone_passed and value == obs.rules.min_bid
                          and limit >= 0.8 * value):
        return lowest
    return A_PASS


def _discard(obs: BieterObservation) -> int:
    hand = obs.hand
    legal = [a - A_DISCARD for a in obs.legal_actions]
    contract = obs.contract
    if contract < 0:
        contract, _pts = best_contract(hand, obs.num_tricks, obs.rules.weis)

    per_trick = 152.0 / obs.num_tricks

    def keep(c: int) -> float:
        # A card that takes a trick brings the trick and itself; one that does not is worth
        # its points laid down, safe from the Bauern. A trump also guards the others.
        value = hand_tricks(hand, contract) - hand_tricks(hand & ~(1 << c), contract)
        pts = POINTS[contract][c]
        trump = 4.0 if contract < 4 and _SUIT_OF[c] == contract else 0.0
        return value * (per_trick + pts) - pts + trump
    return A_DISCARD + min(legal, key=lambda c: (keep(c), c))


def _out_of_reach(obs: BieterObservation) -> bool:
    share = LATER_SHARE[_form(obs)]
    bauern = 167.0 - share
    need_k = obs.bid - obs.totals[0]
    need_b = obs.rules.target - obs.totals[1]
    hands = math.ceil(need_b / bauern)
    now = hand_points(obs.hand, obs.contract, obs.num_tricks, obs.rules.weis)
    return now + share * (hands - 1) < need_k


def _call(obs: BieterObservation) -> int:
    legal = {a - A_CALL for a in obs.legal_actions}
    t = obs.contract
    if t < 4:
        for rank in (5, 3, 8):
            c = 9 * t + rank
            if c in legal:
                return A_CALL + c
    top = 8 if t != MODE_UNDENUFE else 0
    suits = sorted(range(4), key=lambda s: -(obs.hand & SUIT_MASK[s]).bit_count())
    for s in suits:
        if s != t and 9 * s + top in legal:
            return A_CALL + 9 * s + top
    return A_CALL + max(legal)


# ---------------------------------------------------------------------------------------------
# The card play


def _unseen(obs: BieterObservation) -> int:
    played = 0
    for _s, c in obs.history:
        played |= 1 << c
    return ((1 << NUM_CARDS) - 1) & ~played & ~obs.hand & ~obs.out_of_play


def _is_bock(obs: BieterObservation, card: int, unseen: int) -> bool:
    """``card`` beats every unseen card of its suit (and, off trumps, no trump is out)."""
    st = STRENGTH[obs.mode]
    suit = _SUIT_OF[card]
    if any(st[c] > st[card] for c in bits(unseen & SUIT_MASK[suit])):
        return False
    return suit == obs.trump or obs.trump < 0 or not unseen & SUIT_MASK[obs.trump]


def _mate(obs: BieterObservation, seat: int) -> bool:
    mine = obs.side_of(obs.seat)
    return seat != obs.seat and mine >= 0 and obs.side_of(seat) == mine


def _lead(obs: BieterObservation, legal: list[int]) -> int:
    st = STRENGTH[obs.mode]
    pts = POINTS[obs.mode]
    unseen = _unseen(obs)
    trump = obs.trump
    if trump >= 0 and obs.seat == obs.koenig:
        mine = [c for c in legal if _SUIT_OF[c] == trump]
        theirs = unseen & SUIT_MASK[trump]
        if mine and theirs and len(mine) >= 3:
            return max(mine, key=lambda c: st[c])
    bocks = [c for c in legal if _is_bock(obs, c, unseen)]
    if bocks:
        return max(bocks, key=lambda c: (pts[c], st[c]))
    side = [c for c in legal if _SUIT_OF[c] != trump] or legal
    longest = max(range(4), key=lambda s: sum(1 for c in side if _SUIT_OF[c] == s))
    return min((c for c in side if _SUIT_OF[c] == longest), key=lambda c: (st[c], pts[c]))


def _follow(obs: BieterObservation, legal: list[int]) -> int:
    st = STRENGTH[obs.mode]
    pts = POINTS[obs.mode]
    unseen = _unseen(obs)
    best_seat, best = -1, -1
    for s, c in obs.trick:
        if beats(c, best, obs.mode, obs.trump):
            best_seat, best = s, c
    last = len(obs.trick) == obs.num_seats - 1
    cheap = min(legal, key=lambda c: (pts[c], st[c], _SUIT_OF[c] == obs.trump))
    if _mate(obs, best_seat):
        rest = [s for s in range(obs.num_seats) if s not in {x for x, _c in obs.trick}
                and s != obs.seat]
        safe = last or _is_bock(obs, best, unseen) or all(_mate(obs, s) for s in rest)
        if safe:
            smear = [c for c in legal if not beats(c, best, obs.mode, obs.trump)] or legal
            return max(smear, key=lambda c: (pts[c], -st[c]))
        return cheap
    winners = [c for c in legal if beats(c, best, obs.mode, obs.trump)]
    in_trick = sum(pts[c] for _s, c in obs.trick)
    if winners and (last or in_trick >= 10 or any(_is_bock(obs, c, unseen) for c in winners)):
        sure = [c for c in winners if last or _is_bock(obs, c, unseen)]
        return min(sure or winners, key=lambda c: (st[c], pts[c]))
    return cheap


def play_card(obs: BieterObservation) -> int:
    """The rule player's card (see the module text)."""
    legal = [a for a in obs.legal_actions if a < NUM_CARDS]
    if len(legal) == 1:
        return legal[0]
    return _follow(obs, legal) if obs.trick else _lead(obs, legal)


class BieterPlayer:
    """Plays a Bieter seat by the basic strategy of the module text."""

    def act(self, obs: BieterObservation) -> int:
        """The action for the seat to move in ``obs``."""
        legal = obs.legal_actions
        if not legal:
            raise ValueError("the observation has no legal action: it is not this seat's turn")
        ph = obs.phase
        if ph == "bid":
            return _bid(obs)
        if ph == "discard":
            return _discard(obs)
        if ph == "contract":
            return A_CONTRACT + best_contract(obs.hand, obs.num_tricks, obs.rules.weis)[0]
        if ph == "decline":
            return A_DECLINE if _out_of_reach(obs) else A_ACCEPT
        if ph == "call":
            return _call(obs)
        if ph == "weis":
            return A_WEIS + 1 if A_WEIS + 1 in legal else A_WEIS
        if ph == "stoeck":
            return A_STOECK if A_STOECK in legal else A_STOECK_NO
        return play_card(obs)


register_rule_player(BieterObservation, BieterPlayer().act)
