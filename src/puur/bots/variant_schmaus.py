"""Schmaus for the variant search: worlds with the stock, its order and the draws.

The resampling (:mod:`puur.bots.worlds`) deals the unseen cards to the other player and to the
stock (its face-up bottom card fixed there). :meth:`SchmausModel.build` turns such a world back
into a whole deal, the stock's order included:

* the observer's own dealt hand and its draws are known to it, and keep their places;
* the other player's cards (those he holds and those he played; the trump 6 instead of the
  turned card if he exchanged it) are split between his dealt hand and his draws, each draw
  from the last one back taking at random a card he did not need before that draw (a card he
  played, showed in a Weis or exchanged in an earlier trick was his already, and the King and
  Ober of his Stöck both before the first of them was played);
* the stock not yet drawn is shuffled, the turned card at its bottom.

Then the public actions of the hand (``obs.log``: cards, exchanges, Weis with their cards) are
replayed, the secret questions on the way answered quietly (keep the 6, no Weis) and Stöck as
the table heard it. The stock phase proves nothing about what a player holds; the strict phase
proves voids as every follow rule does. A seat wants its points less the other's, and a win
(the hand's :meth:`~puur.variants.schmaus_hand.SchmausHand.seat_values`); in a play-out the
exchange question is the rule player's (:class:`puur.bots.schmaus.SchmausPlayer`).
"""

from __future__ import annotations

import random
from typing import Any

from puur.bots.cardpool import InconsistentDealError, forbidden_from_play
from puur.bots.schmaus import SchmausPlayer
from puur.bots.worlds import VariantModel
from puur.cards import bits
from puur.hand import MAX_WEIS_OPTIONS, PLAY, STOECK, WEIS, TrickHand
from puur.tricks import STRICT_MUST_TRUMP, PlayRule
from puur.variants.schmaus_hand import (
    A_EXCHANGE,
    A_PASS,
    A_WEIS,
    EXCHANGE,
    STOCK,
    SchmausDeal,
    SchmausHand,
)
from puur.variants.schmaus_rules import STOCK_TRICKS
from puur.weis import FOUR, stoeck_cards

__all__ = ["SchmausModel", "rebuild_deal", "replay_log"]

_PLAYER = SchmausPlayer()
_NEVER = 99


def rebuild_deal(obs: Any, initial: tuple[int, ...], rng: random.Random,
                 strict: bool = True) -> SchmausDeal:
    """The deal behind the world ``initial`` (each player's cards held or played, then the
    stock as it lies now) that gives ``obs`` its draws (see the module text). Without
    ``strict`` a card beside a sequence the other player declared may have been his from the
    start (the replay then keeps that Weis quiet); what he played or showed is always his in
    time, which every world allows."""
    me = obs.seat
    other = 1 - me
    draws = min(len(obs.trick_winners), STOCK_TRICKS)
    owner: list[int] = []
    for t in range(draws):
        w = obs.trick_winners[t]
        owner += [w, 1 - w]
    stock: list[int] = [-1] * STOCK
    mine = list(obs.drawn)
    theirs: list[int] = []  # stock positions the other player drew, but the last one
    for pos, s in enumerate(owner):
        if s == me:
            stock[pos] = mine.pop(0)
        elif pos < STOCK - 1:
            theirs.append(pos)
    pool = initial[other]
    six, turned = 1 << obs.six if obs.six >= 0 else 0, 1 << obs.turned
    if obs.robber == other:
        pool = pool & ~turned | six
    if len(owner) == STOCK and owner[-1] == other:
        # He drew the face-up bottom card: the turned card, or the 6 the observer put there.
        if obs.robber < 0:
            pool &= ~turned
        elif obs.robber == me:
            pool &= ~six
    need = dict.fromkeys(bits(pool), _NEVER)  # the trick by which he held each card
    for i, (s, c) in enumerate(obs.history):
        if s == other and c in need:
            need[c] = min(need[c], i // 2)
    for t, s, m in obs.weis_log:
        if s == other:
            for c in m.card_list():
                if c in need:
                    need[c] = min(need[c], t)
    if obs.robber == other and obs.six in need:
        need[obs.six] = min(need[obs.six], obs.rob_trick)
    if obs.stoeck_seat == other and obs.trump >= 0:
        # He announced Stöck: he held the King and Ober together before the first was played.
        pair = [c for c in bits(stoeck_cards(obs.trump)) if c in need]
        first = min((need[c] for c in pair), default=_NEVER)
        for c in pair:
            need[c] = first
    # A sequence he declared was his longest: the cards beside it came to him later.
    late: dict[int, int] = {}
    for t, s, m in obs.weis_log if strict else ():
        if s == other and m.kind != FOUR:
            for r in (m.low - 1, m.high + 1):
                c = 9 * m.suit + r
                if 0 <= r < 9 and c in need and need[c] >= t:
                    late[c] = max(late.get(c, 0), t)
    free = set(need)
    for pos in reversed(theirs):
        after = pos // 2  # drawn after trick ``after``: his from trick ``after + 1`` on
        choice = sorted(c for c in free if need[c] > after and late.get(c, 0) <= after)
        last_chance = [c for c in choice if late.get(c, -1) == after]
        if not choice:
            raise InconsistentDealError("no card fits the other player's draw")
        c = rng.choice(last_chance or choice)
        stock[pos] = c
        free.discard(c)
    if any(c in late for c in free):
        raise InconsistentDealError("a card beside a declared Weis cannot have been dealt")
    dealt = sum(1 << c for c in free)
    rest = [c for c in bits(initial[2]) if c != obs.bottom]
    rng.shuffle(rest)
    for pos in range(len(owner), STOCK - 1):
        stock[pos] = rest.pop()
    stock[STOCK - 1] = obs.turned
    hands = [0, 0]
    hands[me], hands[other] = obs.dealt, dealt
    return SchmausDeal(tuple(hands), obs.dealer, tuple(stock))


def _quiet(hand: SchmausHand, obs: Any) -> None:
    """Answer the question of the seat to move as the table heard it (or quietly)."""
    if hand.phase == EXCHANGE:
        hand.push(A_PASS)
    elif hand.phase == WEIS:
        hand.push(A_WEIS)
    else:
        hand.push(hand.A_STOECK if obs.stoeck_seat == hand.to_move else hand.A_STOECK_NO)


def replay_log(hand: SchmausHand, obs: Any, strict: bool = True) -> None:
    """Push the public actions of ``obs.log`` on ``hand``, answering the questions on the way
    (``InconsistentDealError`` when the world cannot take one; without ``strict`` a Weis the
    world cannot declare is kept quiet)."""
    questions = (EXCHANGE, WEIS, STOECK)
    me = obs.seat
    try:
        for seat, action, cards in obs.log:
            while hand.phase in questions:
                if hand.to_move == seat and hand.phase == EXCHANGE and action == A_EXCHANGE:
                    break
                if hand.to_move == seat and hand.phase == WEIS and action > A_WEIS:
                    break
                _quiet(hand, obs)
            if action == A_EXCHANGE or action < A_WEIS:
                hand.push(action)
                continue
            k = next((k for k, (m,) in enumerate(hand.weis_options(seat), start=1)
                      if m.cards == cards), 0)
            if hand.phase == WEIS and 0 < k <= MAX_WEIS_OPTIONS:
                hand.push(A_WEIS + k)
            elif strict:
                raise InconsistentDealError(f"seat {seat} cannot declare its Weis here")
        while hand.phase in questions:
            s = hand.to_move
            if s == obs.to_move and (
                    (s == me and hand.phase == obs.phase)
                    or (s != me and (hand.phase != STOECK or obs.phase == STOECK))):
                return  # the other's open question stays for the play-out to answer
            _quiet(hand, obs)
    except InconsistentDealError:
        raise
    except ValueError as e:  # an illegal action on this deal
        raise InconsistentDealError(str(e)) from None
    if hand.to_move != obs.to_move or (obs.phase == PLAY and hand.phase != PLAY):
        raise InconsistentDealError("the replay is out of step")


class SchmausModel(VariantModel):
    """Schmaus for the variant search (see the module text)."""

    key = "schmaus"

    def play_rule(self, obs: Any) -> PlayRule:
        """The strict phase's rule (the stock phase proves nothing)."""
        return STRICT_MUST_TRUMP

    def forbidden(self, obs: Any, num_seats: int) -> list[int]:
        """What the plays of tricks 10-18 prove (a void, no trump left); nothing for the
        stock."""
        return [*forbidden_from_play(STRICT_MUST_TRUMP, obs.history[2 * STOCK_TRICKS:],
                                     obs.trump, num_seats), 0]

    def build(self, obs: Any, initial: tuple[int, ...], rng: random.Random,
              strict: bool) -> TrickHand:
        """The deal behind the world ``initial``, its public actions replayed."""
        try:
            deal = rebuild_deal(obs, initial, rng, strict)
            hand = SchmausHand(obs.rules, deal, obs.hand_no, obs.totals)
        except ValueError as e:
            raise InconsistentDealError(str(e)) from None
        replay_log(hand, obs, strict)
        return hand

    def phase_action(self, hand: TrickHand) -> int:
        """The exchange question: the rule player's."""
        assert isinstance(hand, SchmausHand)
        return _PLAYER.act(hand.observation(hand.to_move))
