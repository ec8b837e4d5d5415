"""Offener Jass for the variant search: worlds with the face-down cards sampled.

What a seat has not seen is the opponent's hand and every face-down card, its own too. The
sampler (:mod:`puur.bots.worlds`) reads a view of the observation (:class:`SamplingView`) in
which each seat holds what it may play from now (hand and face-up cards; the opponent's face-up
cards are known) and each seat's face-down cards are a *pile* of their own, of the size the
table shows. The plays prove what they prove under the follow rule of the whole set: a seat
that did not follow held no card of the suit in its hand (with ``follow_scope = "separate"``
only a card from the hand proves that). :meth:`OffenerJassModel.build` lays the sampled
face-down cards under the positions that still hide one (in the order drawn), keeps the cards
dealt face up and turned up where they lay, replays the auction, the contract and the cards.

The auction and the contract are the rule player's (:mod:`puur.bots.offener_jass`); the cards
are searched. A seat's value is what it writes less what the other writes.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from puur.bots.cardpool import InconsistentDealError, play_proof
from puur.bots.offener_jass import OffenerJassPlayer
from puur.bots.worlds import VariantModel, replay_play
from puur.contracts import STRENGTH
from puur.hand import TrickHand
from puur.tricks import PlayRule
from puur.variants.offener_jass_hand import OffenerJassDeal, OffenerJassHand
from puur.variants.offener_jass_rules import A_CHOOSE, A_PASS, PILES, bid_action
from puur.variants.offener_jass_view import OffenerJassObservation
from puur.weis import Meld

__all__ = ["OffenerJassModel", "SamplingView"]

_PLAYER = OffenerJassPlayer()


@dataclass(frozen=True)
class SamplingView:
    """The observation as the sampler reads it: ``hand`` and ``hand_sizes`` are what each seat
    may play from, ``piles`` each seat's face-down cards (known to nobody)."""

    base: OffenerJassObservation
    seat: int
    to_move: int
    phase: str
    hand: int
    hand_sizes: tuple[int, ...]
    known: tuple[int, ...]
    piles: tuple[int, ...]
    pile_known: tuple[int, ...]
    history: tuple[tuple[int, int], ...]
    trump: int
    weis_announced: tuple[tuple[tuple[int, int], ...], ...]
    weis_shown: tuple[tuple[Meld, ...], ...]
    stoeck_seat: int
    legal_actions: tuple[int, ...]
    out_of_play: int = 0

    @property
    def rules(self) -> Any:
        """The options of the hand."""
        return self.base.rules

    def known_cards(self, seat: int) -> int:
        """The cards of ``seat`` the observer knows it may play (its own: all)."""
        return self.hand if seat == self.seat else self.known[seat]

    def played_by(self, seat: int) -> int:
        """The cards ``seat`` played."""
        return self.base.played_by(seat)


def sampling_view(obs: OffenerJassObservation) -> SamplingView:
    """The :class:`SamplingView` of ``obs``."""
    n = obs.num_seats
    tables = tuple(obs.table_mask(s) for s in range(n))
    return SamplingView(
        base=obs, seat=obs.seat, to_move=obs.to_move, phase=obs.phase, hand=obs.playable,
        hand_sizes=tuple(obs.hand_sizes[s] + tables[s].bit_count() for s in range(n)),
        known=tables, piles=tuple(sum(obs.covered[s]) for s in range(n)),
        pile_known=(0,) * n, history=obs.history, trump=obs.trump,
        weis_announced=obs.weis_announced, weis_shown=obs.weis_shown,
        stoeck_seat=obs.stoeck_seat, legal_actions=obs.legal_actions,
    )


class OffenerJassModel(VariantModel):
    """Offener Jass for the variant search (see the module text)."""

    key = "offener_jass"

    def play_rule(self, obs: Any) -> PlayRule:
        """The follow rule of the options."""
        rule: PlayRule = obs.rules.play_rule()
        return rule

    def num_seats(self, obs: Any) -> int:
        """Two."""
        return 2

    def sampling_view(self, obs: Any) -> Any:
        """The view with each seat's face-down cards as a pile (module text)."""
        return sampling_view(obs)

    def forbidden(self, obs: Any, num_seats: int) -> list[int]:
        """What the plays prove of the cards in each seat's hand (module text)."""
        base: OffenerJassObservation = obs.base if isinstance(obs, SamplingView) else obs
        rule = self.play_rule(obs)
        separate = base.rules.follow_scope == "separate"
        trump = base.trump
        st = STRENGTH[trump] if trump >= 0 else ()
        forbid = [0] * num_seats
        history = base.history
        for start in range(0, len(history), num_seats):
            lead = -1
            best_trump = -1
            for seat, card in history[start:start + num_seats]:
                if not (separate and base.from_table(seat) >> card & 1):
                    forbid[seat] |= play_proof(rule, lead, best_trump, trump, card)
                if lead < 0:
                    lead = card // 9
                if trump >= 0 and card // 9 == trump and (
                        best_trump < 0 or st[card] > st[best_trump]):
                    best_trump = card
        return forbid

    def build(self, obs: Any, initial: tuple[int, ...], rng: random.Random,
              strict: bool) -> TrickHand:
        """The deal behind the world ``initial`` (each seat's cards, then each seat's
        face-down cards as they lie now; ``obs`` the observation or its sampling view), the
        auction, the contract and the cards replayed."""
        base: OffenerJassObservation = obs.base if isinstance(obs, SamplingView) else obs
        n = base.num_seats
        hands = []
        down = []
        for s in range(n):
            table = initial[n + s]
            for c in (*base.dealt_up[s], *base.turned_up[s]):
                if c >= 0:
                    table |= 1 << c
            hands.append(initial[s] & ~table)
            drawn = [c for c in range(36) if initial[n + s] >> c & 1]
            row = []
            for p in range(PILES):
                if base.turned_up[s][p] >= 0:
                    row.append(base.turned_up[s][p])
                elif base.covered[s][p] and drawn:
                    row.append(drawn.pop(rng.randrange(len(drawn))))
                else:
                    raise InconsistentDealError("a position without its face-down card")
            down.append(tuple(row))
        try:
            hand = OffenerJassHand(base.rules, OffenerJassDeal(
                tuple(hands), base.dealt_up, tuple(down), base.dealer), base.hand_no,
                base.totals)
            for _seat, value in base.calls:
                hand.push(bid_action(value) if value else A_PASS)
            if hand.phase == "contract" and base.contract >= 0:
                hand.push(A_CHOOSE + base.contract)
        except ValueError as e:
            raise InconsistentDealError(str(e)) from None
        if hand.phase == "play":
            replay_play(hand, obs, strict)
        return hand

    def phase_action(self, hand: TrickHand) -> int:
        """The rule player's bid or contract."""
        return int(_PLAYER.act(hand.observation(hand.to_move)))

    def shortlist(self, obs: Any, search: Any) -> tuple[list[int], dict[int, float]]:
        """The bids and the contract are the rule player's; the cards are searched."""
        if obs.phase in ("bid", "contract"):
            return [int(_PLAYER.act(obs))], {}
        return list(obs.legal_actions), {}
