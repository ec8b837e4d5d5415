"""Chratzer for the variant search: worlds with the stock and the hands that sat out.

The resampling (:mod:`puur.bots.worlds`) deals the unseen cards to the seats (those who said
weg included: they hold four cards that never show) and to the stock, the one pile the
observation names; the turned trump cards are out of play. :meth:`ChratzerModel.build` turns
a world back into the deal (the trump cards not yet turned drawn from the stock) and replays
the words and the cards. The tricks are played by the players in play only, so what a play
proves is read trick by trick of that size. A seat wants the chips of the deal
(:meth:`~puur.variants.chratzer_hand.ChratzerHand.seat_values`); a trick counts for its
taker; in a play-out the others speak as the rule player would
(:func:`puur.bots.chratzer.expected_tricks`).
"""

from __future__ import annotations

import random
from typing import Any

from puur.bots.cardpool import InconsistentDealError, forbidden_from_play
from puur.bots.chratzer import CHRATZE_MARGIN, METCHO_MARGIN, expected_tricks
from puur.bots.worlds import VariantModel, replay_play
from puur.cards import bits
from puur.hand import TrickHand
from puur.tricks import PlayRule
from puur.variants.chratzer_hand import (
    A_CHRATZE,
    A_METCHO,
    A_WEG,
    BID,
    JOIN,
    ChratzerDeal,
    ChratzerHand,
)

__all__ = ["ChratzerModel"]


class ChratzerModel(VariantModel):
    """Chratzer for the variant search (see the module text)."""

    key = "chratzer"

    def play_rule(self, obs: Any) -> PlayRule:
        """Follow suit, void: trump."""
        rule: PlayRule = obs.rules.play_rule()
        return rule

    def num_seats(self, obs: Any) -> int:
        """Two to seven."""
        return int(obs.num_seats)

    def forbidden(self, obs: Any, num_seats: int) -> list[int]:
        """What the plays prove, trick by trick of the players in play (nothing of the
        stock)."""
        out = forbidden_from_play(self.play_rule(obs), obs.history, obs.trump, num_seats,
                                  trick_size=len(obs.in_play) or num_seats)
        return [*out, 0]

    def build(self, obs: Any, initial: tuple[int, ...], rng: random.Random,
              strict: bool) -> TrickHand:
        """The deal behind the world ``initial`` (seats, then the stock), its words and its
        cards replayed."""
        n = obs.num_seats
        stock = list(bits(initial[n])) if len(initial) > n else []
        rng.shuffle(stock)
        turned = (*obs.turned_cards, *stock[:obs.rules.tries - len(obs.turned_cards)])
        try:
            hand = ChratzerHand(obs.rules, ChratzerDeal(tuple(initial[:n]), obs.dealer, turned),
                                obs.hand_no, obs.totals, obs.pot - n * obs.rules.ante)
            for _seat, word in obs.words:
                hand.push(word)
        except ValueError as e:
            raise InconsistentDealError(str(e)) from None
        if hand.phase not in (BID, JOIN):
            replay_play(hand, obs, strict)
        return hand

    def trick_gain(self, hand: TrickHand, seat: int, taker: int, points: int) -> float:
        """A trick is a share of the pot for its taker, and one fewer for everyone else."""
        if taker == seat:
            return 1.0
        return -1.0 / max(len(hand.playing) - 1, 1)

    def phase_action(self, hand: TrickHand) -> int:
        """A word as the rule player's estimate would say it."""
        assert isinstance(hand, ChratzerHand)
        seat = hand.to_move
        opt = hand.options
        if hand.phase == BID:
            est = expected_tricks(hand.hands[seat], hand.trump, hand.num_seats)
            return A_CHRATZE if est >= opt.chratzer_tricks - CHRATZE_MARGIN else A_WEG
        est = expected_tricks(hand.hands[seat], hand.trump, 2 + len(hand.joined))
        return A_METCHO if est >= opt.metcho_tricks - METCHO_MARGIN else A_WEG
