"""Molotow for the variant search: worlds that respect what a first discard proves.

Resampling (:mod:`puur.bots.worlds`) needs to know which cards each seat's plays rule out. In
Molotow the trumps change during the hand: until the first discard everyone must follow suit,
so that discard proves its player void in the suit led (the engine's rule without trumps);
from the card that fixed trumps on, Schieber's rules with the table's undertrump rule apply, so
a later trump played on another suit proves nothing about that suit. Every hand Weis is shown
once trick 1 is over (its cards are fixed with their holder), and Stöck follows from the deal
on replay. A seat wants as few points as it can take: the search maximises minus what the hand
adds to its total (:meth:`~puur.variants.molotow_hand.MolotowHand.seat_values`).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from puur.bots.cardpool import InconsistentDealError, play_proof
from puur.bots.worlds import VariantModel, replay_play
from puur.cards import SUIT_MASK
from puur.contracts import STRENGTH
from puur.hand import TrickHand
from puur.tricks import PlayRule
from puur.variants.molotow_hand import MolotowDeal, MolotowHand

__all__ = ["MolotowModel", "molotow_forbidden"]


def molotow_forbidden(rule: PlayRule, history: Sequence[tuple[int, int]],
                      num_seats: int) -> list[int]:
    """Per seat, the cards it cannot hold now, from every card of ``history`` ((seat, card)
    in playing order): the first discard proves a void in the suit led, and the plays after it
    prove what ``rule`` proves with the trumps it fixed."""
    forbid = [0] * num_seats
    trump = -1
    for start in range(0, len(history), num_seats):
        lead = -1
        best_trump = -1
        for seat, card in history[start:start + num_seats]:
            suit = card // 9
            if trump < 0 and lead >= 0 and suit != lead:
                forbid[seat] |= SUIT_MASK[lead]
                trump = suit
            else:
                forbid[seat] |= play_proof(rule, lead, best_trump, trump, card)
            if lead < 0:
                lead = suit
            if suit == trump and (best_trump < 0
                                  or STRENGTH[trump][card] > STRENGTH[trump][best_trump]):
                best_trump = card
    return forbid


class MolotowModel(VariantModel):
    """Molotow for the variant search (see the module text)."""

    key = "molotow"

    def play_rule(self, obs: Any) -> PlayRule:
        """Schieber's rule with the table's undertrump option (once trumps are fixed)."""
        rule: PlayRule = obs.rules.play_rule()
        return rule

    def num_seats(self, obs: Any) -> int:
        """Three to six."""
        return int(obs.num_seats)

    def forbidden(self, obs: Any, num_seats: int) -> list[int]:
        """What the plays prove, the first discard included (:func:`molotow_forbidden`)."""
        return molotow_forbidden(self.play_rule(obs), obs.history, num_seats)

    def build(self, obs: Any, initial: tuple[int, ...], rng: random.Random,
              strict: bool) -> TrickHand:
        """The hand dealt ``initial`` with the observed cards, Weis and Stöck replayed."""
        try:
            hand = MolotowHand(obs.rules, MolotowDeal(initial, obs.dealer), obs.hand_no,
                               obs.totals)
        except ValueError as e:
            raise InconsistentDealError(str(e)) from None
        replay_play(hand, obs, strict)
        return hand

    def trick_gain(self, hand: TrickHand, seat: int, taker: int, points: int) -> float:
        """Points a seat takes count against it; the others' tricks neither help nor hurt."""
        return -float(points) if taker == seat else 0.0
