"""Guggitaler for the variant search: worlds that respect the lead ban and the Domino's passes.

In a deal of tricks everyone follows suit strictly and there are no trumps, so a discard proves
a void in the suit led; a card of the banned suit led proves that its leader held nothing else.
In the Domino a pass proves that the seat held none of the cards it could have laid then; the
cards laid prove nothing (a seat chooses among the cards it may lay). A seat wants to pay as
little as it can: the search maximises minus what the deal adds to its total
(:meth:`~puur.variants.guggitaler_hand.GuggitalerHand.seat_values`: a penalty, or the Domino's
credit).
"""

from __future__ import annotations

import random
from typing import Any

from puur.bots.cardpool import InconsistentDealError, forbidden_from_play
from puur.bots.guggitaler import domino_card
from puur.bots.worlds import VariantModel, replay_play
from puur.hand import TrickHand
from puur.tricks import PlayRule
from puur.variants.guggitaler_hand import (
    A_PASS,
    DominoHand,
    GuggitalerDeal,
    GuggitalerHand,
    domino_layable,
)

__all__ = ["GuggitalerModel", "domino_forbidden"]


def domino_forbidden(moves: tuple[tuple[int, int], ...], num_seats: int, open_rank: int,
                     removed: int) -> list[int]:
    """Per seat, the cards it cannot hold now from the Domino's ``moves`` ((seat, card), -1
    for a pass): the cards it could have laid when it passed. ``open_rank`` is the rank that
    opens every suit from the start (-1: the first card laid opens)."""
    forbid = [0] * num_seats
    table = [(-1, -1)] * 4
    rank = open_rank
    for seat, card in moves:
        if card < 0:
            forbid[seat] |= domino_layable(tuple(table), rank, removed)
            continue
        s, r = divmod(card, 9)
        if rank < 0:
            rank = r
        for t in range(4):
            if table[t][0] < 0 and removed >> (9 * t + rank) & 1:
                table[t] = (rank, rank)
        lo, hi = table[s]
        table[s] = (r, r) if lo < 0 else (min(lo, r), max(hi, r))
    return forbid


class GuggitalerModel(VariantModel):
    """Guggitaler for the variant search (see the module text)."""

    key = "guggitaler"

    def play_rule(self, obs: Any) -> PlayRule:
        """Follow suit strictly (no trumps)."""
        rule: PlayRule = obs.rules.play_rule()
        return rule

    def num_seats(self, obs: Any) -> int:
        """Three to five."""
        return int(obs.num_seats)

    def forbidden(self, obs: Any, num_seats: int) -> list[int]:
        """What the plays prove: voids and the lead ban in tricks, passes in the Domino."""
        if obs.is_domino:
            fixed = {"six": 0, "under": 5}.get(obs.rules.domino_open, -1)
            return domino_forbidden(obs.moves, num_seats, fixed, obs.rules.removed)
        return forbidden_from_play(self.play_rule(obs), obs.history, -1, num_seats,
                                   obs.penalty.lead_ban)

    def build(self, obs: Any, initial: tuple[int, ...], rng: random.Random,
              strict: bool) -> TrickHand:
        """The deal dealt ``initial`` with the observed cards (and passes) replayed."""
        deal = GuggitalerDeal(initial, obs.dealer)
        try:
            if not obs.is_domino:
                hand: TrickHand = GuggitalerHand(obs.rules, deal, obs.hand_no, obs.totals,
                                                  obs.earlier)
                replay_play(hand, obs, strict)
                return hand
            hand = DominoHand(obs.rules, deal, obs.hand_no, obs.totals, obs.earlier)
            for seat, card in obs.moves:
                if hand.to_move != seat:
                    raise InconsistentDealError("the replay is out of step")
                hand.push(A_PASS if card < 0 else card)
        except InconsistentDealError:
            raise
        except ValueError as e:
            raise InconsistentDealError(str(e)) from None
        return hand

    def trick_gain(self, hand: TrickHand, seat: int, taker: int, points: int) -> float:
        """What the trick would cost ``seat`` if it takes it: the deal's penalty for the trick
        and the cards in it so far, the mean penalty of each card still to fall (and a little
        for its card points, which tell high cards apart)."""
        if taker != seat or not isinstance(hand, GuggitalerHand):
            return 0.0
        p = hand.penalty
        n = len(hand.playing)
        left = n - len(hand.trick)
        cost = float(p.per_trick + sum(p.cards[c] for c in hand.trick))
        unseen = [c for h in hand.hands for c in range(36) if h >> c & 1]
        if unseen:
            cost += left * sum(p.cards[c] for c in unseen) / len(unseen)
        if hand.trick_no == hand.num_tricks - 1:
            cost += p.last
        return -(cost + points / 100.0)

    def phase_action(self, hand: TrickHand) -> int:
        """The Domino: the rule player's card for the seat to move."""
        if not isinstance(hand, DominoHand):
            return super().phase_action(hand)
        return domino_card(hand.observation(hand.to_move))
