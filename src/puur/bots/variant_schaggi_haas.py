"""Schaggi Haas for the variant search: worlds with the dead cards.

Every card in no hand lies in one pile for the resampling (:mod:`puur.bots.worlds`): the
stock, the Besser packets nobody took and the discards. The observer knows the face-up card
and his own discards there. :meth:`SchaggiHaasModel.build` turns a world back into a deal: the
other player's discards are drawn from the dead cards (with the robbed card among them where
the robber may have put it down), the Besser packet a player took from the cards he could have
taken it with, the packets still lying from the dead cards, and the stock is what is left; then
it replays the words, the discards and the cards. Whether a seat that passed held the trump 6
proves nothing (it may keep it), so the plays alone say what a seat cannot hold. A seat wants
its own points and a win (the hand's
:meth:`~puur.variants.schaggi_haas_hand.SchaggiHaasHand.seat_values`); in a play-out the words
before the card play are the rule player's (:class:`puur.bots.schaggi_haas.SchaggiHaasPlayer`).
"""

from __future__ import annotations

import random
from typing import Any

from puur.bots.cardpool import InconsistentDealError
from puur.bots.schaggi_haas import SchaggiHaasPlayer
from puur.bots.worlds import VariantModel, replay_play
from puur.cards import bits
from puur.hand import TrickHand
from puur.tricks import PlayRule
from puur.variants.schaggi_haas_hand import (
    A_DISCARD,
    BESSERN,
    DISCARD,
    ROB,
    SchaggiHaasDeal,
    SchaggiHaasHand,
)

__all__ = ["SchaggiHaasModel"]

_PLAYER = SchaggiHaasPlayer()


def _take(pool: list[int], k: int, rng: random.Random, first: int = -1) -> int:
    """``k`` cards drawn from ``pool`` (removed from it), ``first`` among them if it is there."""
    out = 0
    if first in pool and k:
        pool.remove(first)
        out, k = 1 << first, k - 1
    rng.shuffle(pool)
    for c in pool[:k]:
        out |= 1 << c
    del pool[:k]
    return out


class SchaggiHaasModel(VariantModel):
    """Schaggi Haas for the variant search (see the module text)."""

    key = "schaggi_haas"

    def play_rule(self, obs: Any) -> PlayRule:
        """Schieber's trick rules."""
        rule: PlayRule = obs.rules.play_rule()
        return rule

    def build(self, obs: Any, initial: tuple[int, ...], rng: random.Random,
              strict: bool) -> TrickHand:
        """The deal behind the world ``initial`` (the two players' cards, then the dead cards
        as they lie now), its words, discards and cards replayed."""
        rules = obs.rules
        turned, six, robber = obs.turned, obs.six, obs.robber
        rob_first = rules.rob_order == "before-bessern"
        take_first = rules.bessern == "take-first"
        free = [c for c in bits(initial[2]) if c != obs.face_up and not obs.discarded >> c & 1]
        dealt, packets, downs = [0, 0], [0, 0], [0, 0]
        for s in (0, 1):
            held = initial[s]
            if s == robber and not rob_first:  # the rob came last: undo it first
                held = held & ~(1 << turned) | 1 << six
            down = obs.discarded if s == obs.seat else _take(
                free, obs.put_down[s], rng, turned if s == robber and rob_first else -1)
            downs[s] = down
            if obs.besser_lying[s]:
                packets[s] = -1  # drawn from the dead cards below
                before = held | down
            else:
                could = held | down if take_first else held
                if s == robber and rob_first:
                    could &= ~(1 << turned)
                packets[s] = _take(bits(could), 4, rng)
                before = (held | down) & ~packets[s]
            if s == robber and rob_first:
                if not before >> turned & 1:
                    raise InconsistentDealError("the robbed card is in no hand")
                before = before & ~(1 << turned) | 1 << six
            dealt[s] = before
        for s in (0, 1):
            if packets[s] < 0:
                packets[s] = _take(free, 4, rng)
        stock = sum(1 << c for c in free)
        deal = SchaggiHaasDeal((dealt[0], dealt[1]), obs.dealer, turned,
                               (packets[0], packets[1]), stock, obs.cut)
        try:
            hand = SchaggiHaasHand(rules, deal, obs.hand_no, obs.totals)
            for seat, word in obs.words:
                hand.push(word)
                if hand.phase == DISCARD:
                    for c in bits(downs[seat])[:obs.put_down[seat]]:
                        hand.push(A_DISCARD + c)
        except ValueError as e:
            raise InconsistentDealError(str(e)) from None
        if hand.phase not in (BESSERN, DISCARD, ROB):
            replay_play(hand, obs, strict)
        return hand

    def phase_action(self, hand: TrickHand) -> int:
        """A word or a discard before the card play: the rule player's."""
        assert isinstance(hand, SchaggiHaasHand)
        return _PLAYER.act(hand.observation(hand.to_move))
