"""The penalty-point Jass for the variant search: Molotow's worlds under the strict rule.

**Worlds.** Until the first discard everyone must follow suit, and after it too (the strict
rule throughout), so every play proves what the strict rule proves, the first discard a void in
the suit led (:func:`puur.bots.variant_molotow.molotow_forbidden` with the strict rule). The
cards the table knows lie in the observation's known cards: the start card with the seat that
led hand 1, a declared penalty card with its declarer, who held no other card of its suit. The
world's hand is led as the observed one (by the start card's holder, or by the seat that led
it); the declaration is replayed as the table saw it (declared by the declarer, quiet
otherwise), and the observer's own open question stays open.

**Values.** Minus the seat's penalty points of the hand
(:meth:`~puur.variants.penalty_jass_hand.PenaltyJassHand.seat_values`); in a play-out a trick
counts against its taker by what it costs (trick 1, the last trick, the penalty card in it).

**The declaration** in a play-out is the rule player's
(:func:`puur.bots.penalty_jass.declare_choice`).
"""

from __future__ import annotations

import random
from typing import Any

from puur.bots.cardpool import InconsistentDealError
from puur.bots.penalty_jass import declare_choice
from puur.bots.variant_molotow import MolotowModel, molotow_forbidden
from puur.cards import ALL_CARDS, SUIT_MASK
from puur.hand import PLAY, TrickHand
from puur.tricks import PlayRule
from puur.variants.penalty_jass_hand import (
    A_DECLARE,
    A_QUIET,
    DECLARE,
    PenaltyJassDeal,
    PenaltyJassHand,
)

__all__ = ["PenaltyJassModel"]


class PenaltyJassModel(MolotowModel):
    """The penalty-point Jass for the variant search (see the module text)."""

    key = "penalty_jass"

    def play_rule(self, obs: Any) -> PlayRule:
        """The strict rule, before trumps and after."""
        rule: PlayRule = obs.rules.play_rule()
        return rule

    def forbidden(self, obs: Any, num_seats: int) -> list[int]:
        """What the plays prove, and that a declarer held no other card of the penalty
        card's suit."""
        out = molotow_forbidden(self.play_rule(obs), obs.history, num_seats)
        if obs.declared_seat >= 0:
            card = obs.rules.penalty_card
            out[obs.declared_seat] |= SUIT_MASK[card // 9] & ~(1 << card)
        return out

    def build(self, obs: Any, initial: tuple[int, ...], rng: random.Random,
              strict: bool) -> TrickHand:
        """The hand dealt ``initial``, led by the observed opener, with the declaration and
        the cards replayed."""
        try:
            hand = PenaltyJassHand(obs.rules, PenaltyJassDeal(initial, obs.dealer), obs.hand_no,
                                   obs.totals, None if obs.led_by_start_card else obs.opener)
            for seat, card in obs.history:
                if hand.phase == DECLARE:
                    hand.push(A_DECLARE if obs.declared_seat == hand.to_move else A_QUIET)
                if hand.phase != PLAY or hand.to_move != seat:
                    raise InconsistentDealError("the replay is out of step")
                hand.push(card)
        except InconsistentDealError:
            raise
        except ValueError as e:  # a deal or a card these rules refuse
            raise InconsistentDealError(str(e)) from None
        if hand.phase == DECLARE:
            s = hand.to_move
            if obs.declared_seat == s:
                hand.push(A_DECLARE)
            elif s != obs.to_move or (s == obs.seat and obs.phase != DECLARE):
                hand.push(A_QUIET)  # the question is behind it
        return hand

    def phase_action(self, hand: TrickHand) -> int:
        """The rule player's declaration."""
        h = hand.hands[hand.to_move]
        played = 0
        for c in hand.played:
            played |= 1 << c
        card = hand.penalty_card  # type: ignore[attr-defined]
        return declare_choice(h, card, ALL_CARDS & ~played & ~h)

    def trick_gain(self, hand: TrickHand, seat: int, taker: int, points: int) -> float:
        """A trick costs its taker a point for trick 1 and one for the last trick, and the
        penalty card's price when it lies in the trick; the others' tricks cost nothing."""
        if taker != seat:
            return 0.0
        cost = 0
        if hand.trick_no == 0:
            cost += 1
        if hand.trick_no == hand.num_tricks - 1:
            cost += 1
        ph: Any = hand
        if ph.penalty_card in hand.trick:
            cost += ph.penalty.bare_points if ph.declared_seat >= 0 else 1
        return -float(cost)
