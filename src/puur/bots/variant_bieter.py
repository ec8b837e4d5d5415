"""Bieter for the variant search: worlds with a talon nobody but the König sees into.

The card play is Schieber's, so the plays prove what they prove in Schieber. What is Bieter's
own is the talon of ``deal = ten_with_talon``: before the König takes it, three of its cards
lie face up (public) and three face down (nobody knows them); after he has discarded, his six
discards lie face down, known to him alone. For the sampler (:class:`PileView`) that pile is one
more holder of cards beside the seats, with its size and the cards known in it (the face-up
ones before the pick-up, the König's own discards in his view), so a world deals the hidden
talon and the hidden discards like any unseen hand; with twelve cards each or five players
there is no pile. A world is rebuilt from its deal by replaying the public decisions (the
auction call by call, the discards, the contract, playing the hand rather than declining it, the
called card) and then the cards, with the targets out of reach until the history is replayed
(the real game did not end in it, though a world may credit its tricks to other columns).

Decisions before the card play (bids, discards, the contract, declining, the call) are the rule
player's (:mod:`puur.bots.bieter`): their worth lies in the whole game, beyond the hand a
play-out reaches. A seat's value is its column's points less the other column's, and a side
that reaches its target mid-hand gains :data:`WIN_BONUS` more.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Final

from puur.bots.bieter import BieterPlayer
from puur.bots.cardpool import InconsistentDealError, forbidden_from_play
from puur.bots.worlds import VariantModel, replay_play
from puur.cards import ALL_CARDS, bits
from puur.hand import TrickHand
from puur.variants.bieter_hand import BieterDeal, BieterHand
from puur.variants.bieter_rules import (
    A_ACCEPT,
    A_CALL,
    A_CONTRACT,
    A_DECLINE,
    A_DISCARD,
    A_PASS,
    bid_action,
)
from puur.variants.bieter_view import BieterObservation

__all__ = ["WIN_BONUS", "BieterModel", "PileView"]

#: What reaching the target is worth beyond the points (the game is won).
WIN_BONUS: Final = 500.0
_PLAYER: Final = BieterPlayer()
_FAR: Final = 10**9


@dataclass(frozen=True)
class PileView:
    """A Bieter observation with the talon (or the König's discards) as one more holder of
    cards, seat ``num_seats``; it reads as the observation it wraps."""

    obs: BieterObservation

    def __getattr__(self, name: str) -> Any:
        return getattr(self.obs, name)

    def __eq__(self, other: object) -> bool:
        return bool(self.obs == other)

    def __hash__(self) -> int:
        return hash(self.obs)

    @property
    def pile_size(self) -> int:
        """Cards in the pile: the talon before it is taken, the discards after."""
        o = self.obs
        return 6 if not o.talon_taken else o.num_discarded

    @property
    def hand_sizes(self) -> tuple[int, ...]:
        """The seats' hand sizes and the pile's."""
        return (*self.obs.hand_sizes, self.pile_size)

    @property
    def out_of_play(self) -> int:
        """Only the cards dealt to nobody (none in the talon form)."""
        return 0

    def known_cards(self, seat: int) -> int:
        """The seats' known cards; in the pile the face-up talon or one's own discards."""
        o = self.obs
        if seat < o.num_seats:
            return o.known_cards(seat)
        return o.talon_up if not o.talon_taken else o.discards

    def played_by(self, seat: int) -> int:
        """The pile plays no card."""
        return self.obs.played_by(seat) if seat < self.obs.num_seats else 0

    @property
    def weis_announced(self) -> tuple[tuple[tuple[int, int], ...], ...]:
        """The seats' announcements; the pile declares nothing."""
        return (*self.obs.weis_announced, ())

    @property
    def weis_shown(self) -> tuple[Any, ...]:
        """The seats' shown melds; the pile shows nothing."""
        return (*self.obs.weis_shown, ())


def _deal(obs: BieterObservation, initial: tuple[int, ...]) -> tuple[BieterDeal, int]:
    """The deal of a world, and the König's discards in it. ``initial`` holds the seats' cards
    (after any pick-up) and, from the sampler, the pile's last; without the pile (the hands as
    dealt) the cards in no hand are the talon, or the König's discards once he has laid them
    all down (while he discards, his own view names them, and any free ones serve another's)."""
    n = obs.num_seats
    hands = list(initial[:n])
    down = up = discards = 0
    if obs.rules.talon:
        up = obs.talon_up
        pile = initial[n] if len(initial) > n else ALL_CARDS & ~sum(hands)
        if not obs.talon_taken:
            down = pile & ~up
        else:
            k = obs.koenig
            cards = hands[k] | pile
            keep = 1 << obs.turned if obs.turned >= 0 and k == obs.dealer else 0
            if len(initial) > n or obs.num_discarded == 6:
                discards = pile
            elif obs.discards:
                discards = obs.discards
            else:
                free = cards & ~obs.played_by(k) & ~obs.known_cards(k) & ~keep
                discards = sum(1 << c for c in bits(free)[:obs.num_discarded])
            down = sum(1 << c for c in bits(cards & ~up & ~keep)[:3])
            hands[k] = cards & ~up & ~down
    dealer = obs.dealer
    turned = obs.turned if obs.turned >= 0 else hands[dealer].bit_length() - 1
    return BieterDeal(tuple(hands), dealer, turned, down, up), discards


class BieterModel(VariantModel):
    """Bieter for the variant search (see the module text)."""

    key = "bieter"

    def num_seats(self, obs: Any) -> int:
        """The seats, and the pile with a talon."""
        return int(obs.num_seats) + (1 if obs.rules.talon else 0)

    def forbidden(self, obs: Any, num_seats: int) -> list[int]:
        """What the plays prove, trick by trick among the seats, and that the face-up talon
        cards the König took are his or his discards."""
        seats = int(obs.num_seats)
        proof = forbidden_from_play(self.play_rule(obs), obs.history, obs.trump, seats)
        if obs.talon_taken:
            # The face-up talon went to the König: his hand or his discards.
            for s in range(seats):
                if s != obs.koenig:
                    proof[s] |= obs.talon_up
        if obs.called >= 0:
            proof[obs.koenig] |= 1 << obs.called  # he calls a card he does not hold
        return proof + [0] * (num_seats - seats)

    def sampling_view(self, obs: Any) -> Any:
        """The observation with the pile as a holder of its own (the talon form)."""
        return PileView(obs) if obs.rules.talon else obs

    def build(self, obs: Any, initial: tuple[int, ...], rng: random.Random,
              strict: bool) -> TrickHand:
        """The hand dealt ``initial`` with the public decisions and the cards replayed."""
        o: BieterObservation = obs.obs if isinstance(obs, PileView) else obs
        try:
            deal, discards = _deal(o, initial)
            if o.first:
                hand = BieterHand(o.rules, deal, o.hand_no)
                for _seat, value in o.auction:
                    hand.push(A_PASS if value == 0 else bid_action(value))
            else:
                hand = BieterHand(o.rules, deal, o.hand_no, o.koenig, o.bid, o.totals)
            for c in bits(discards):
                hand.push(A_DISCARD + c)
            if hand.phase == "contract" and o.contract >= 0:
                hand.push(A_CONTRACT + o.contract)
            if hand.phase == "decline" and o.declined:
                hand.push(A_DECLINE)
            elif hand.phase == "decline" and o.phase not in ("decline", "discard"):
                hand.push(A_ACCEPT)
            if hand.phase == "call" and o.called >= 0:
                hand.push(A_CALL + o.called)
        except ValueError as e:
            raise InconsistentDealError(str(e)) from None
        if hand.phase in ("play", "weis", "stoeck"):
            # The game is still on, so no column reached its target during these tricks; a
            # world may credit them otherwise (another partner, a Weis it could not place), and
            # must not end before the history is replayed.
            totals = hand.totals
            hand.totals = (-_FAR, -_FAR)
            try:
                replay_play(hand, obs, strict)
            finally:
                hand.totals = totals
        return hand

    def values(self, hand: TrickHand) -> tuple[float, ...]:
        """The column difference, and the win for a side that reached its target."""
        assert isinstance(hand, BieterHand)
        base = hand.seat_values()
        if hand.winner < 0:
            return base
        return tuple(v + (WIN_BONUS if hand.team(s) == hand.winner else -WIN_BONUS)
                     for s, v in enumerate(base))

    def trick_gain(self, hand: TrickHand, seat: int, taker: int, points: int) -> float:
        """A trick counts for the seat's side (the König with his partner, or the others)."""
        assert isinstance(hand, BieterHand)
        return float(points) if hand.team(taker) == hand.team(seat) else -float(points)

    def phase_action(self, hand: TrickHand) -> int:
        """The rule player's decision before the card play."""
        return int(_PLAYER.act(hand.observation(hand.to_move)))

    def shortlist(self, obs: Any, search: Any) -> tuple[list[int], dict[int, float]]:
        """Before the card play the rule player decides; in it every legal card is searched."""
        if obs.phase in ("bid", "discard", "contract", "decline", "call"):
            return [int(_PLAYER.act(obs))], {}
        return list(obs.legal_actions), {}

