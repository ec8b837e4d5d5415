"""Resampling a full hidden state from one seat's observation, for any variant.

Given what a seat knows (its observation, never the real hands), :class:`WorldSampler` draws a
*world*: the variant's hand object in the same public state, with the unseen cards dealt and
the hidden decisions of the others filled in, so that the seat would see exactly its own
observation in it. Search players evaluate their actions on such worlds.

What every variant shares is done here, once:

* the cards: the seat's own hand, cards played and cards the table was shown
  (``known_cards``: a Weis shown, Stöck announced with the Weis, a card turned for trumps) are
  fixed; every play in the history forbids the cards its :class:`~puur.tricks.PlayRule` proves
  the player did not hold (:func:`puur.bots.cardpool.forbidden_from_play`); the rest is dealt
  by :class:`~puur.bots.cardpool.CardPool`, uniformly among the deals that respect hand sizes
  and those proofs;
* announced Weis that were not shown: cards for melds of the announced points and lengths are
  placed with their seat first, and the world is kept only when its replay gives the seat the
  same observation (a bounded number of tries; after that a world that meets every other
  inference, with the undeclarable Weis kept quiet);
* the replay (:func:`replay_play`): the cards of the history pushed on the sampled deal through
  the hand's own ``push``, with the Weis and Stöck questions answered the way the table heard
  them.

What belongs to a variant is in its :class:`VariantModel` (one module per variant under
``puur.bots``): how its hand is built from a deal and the public actions before the card play
(contracts, pushes, forecasts), and how a hidden decision is drawn (a Differenzler forecast).
The model also carries what the search needs of the variant (values, default decisions).
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Hashable
from typing import Any

from puur.bots.cardpool import (
    CardPool,
    InconsistentDealError,
    forbidden_from_play,
    place_weis,
    signature,
    unseen_cards,
)
from puur.cards import ALL_CARDS
from puur.hand import PLAY, STOECK, WEIS, TrickHand
from puur.rules import RuleSet
from puur.tricks import SCHIEBER, PlayRule

__all__ = ["VariantModel", "WorldSampler", "answer_question", "replay_play"]

_TRIES = 40


class VariantModel(ABC):
    """What resampling and search know of one variant; each variant's module subclasses it.

    The defaults fit a trick hand of two teams whose sides want points (Schieber's family).
    """

    #: The variant's registry key.
    key: str = ""
    #: The ``search`` bot plays this variant with a search of its own (Schieber's).
    own_search: bool = False

    def play_rule(self, obs: Any) -> PlayRule:
        """The trick engine's play rule of the hand ``obs`` looks at."""
        return SCHIEBER

    def trick_rules(self, obs: Any) -> RuleSet:
        """The rule set of the card play (Weis, Stöck, the last trick) of the hand ``obs``
        looks at: what :mod:`puur.weis` reads. Schieber's own, or the trick rules a variant's
        options give (``options.trick_rules()``)."""
        rules = obs.rules
        if isinstance(rules, RuleSet):
            return rules
        trick: RuleSet = rules.trick_rules()
        return trick

    def num_seats(self, obs: Any) -> int:
        """The seats at the table."""
        return len(obs.hand_sizes)

    def forbidden(self, obs: Any, num_seats: int) -> list[int]:
        """Per seat, the cards its plays in ``obs.history`` prove it does not hold: every trick
        under :meth:`play_rule` with the trumps of ``obs`` (a variant whose trumps change during
        the hand says otherwise). A variant with ``piles`` may add an entry for each pile after
        the seats (none: a pile may hold any unseen card)."""
        return forbidden_from_play(self.play_rule(obs), obs.history, obs.trump, num_seats)

    @abstractmethod
    def build(self, obs: Any, initial: tuple[int, ...], rng: random.Random,
              strict: bool) -> TrickHand:
        """The hand dealt ``initial`` (every seat's cards at the start of the hand, then the
        cards of each pile of ``obs.piles`` as it lies now, if any) in the public state of
        ``obs``: the variant's own actions before the card play (hidden ones
        drawn with ``rng``), then :func:`replay_play`. ``InconsistentDealError`` when the deal
        cannot produce ``obs``."""

    # -- what the search asks (see :mod:`puur.bots.variant_search`) ---------------------------

    def values(self, hand: TrickHand) -> tuple[float, ...]:
        """What each seat wants to maximise once ``hand`` is over."""
        return tuple(hand.seat_values())  # type: ignore[attr-defined]

    def same_play(self, obs: Any, action: int) -> Hashable:
        """A key equal for actions after which the hand is played alike (only the score
        differs); :meth:`values_as` scores a hand played after one of them for another."""
        return action

    def values_as(self, hand: TrickHand, action: int) -> tuple[float, ...]:
        """:meth:`values` of the finished ``hand`` as if ``action`` (of the same
        :meth:`same_play` key as the one played) had been chosen."""
        return self.values(hand)

    def trick_gain(self, hand: TrickHand, seat: int, taker: int, points: int) -> float:
        """How much ``seat`` gains now if ``taker`` takes a trick worth ``points``: points
        credited to its side count for it, points credited to another side against it."""
        side = hand._taker_side(taker)  # Misère credits the other side
        return float(points) if side == hand.sides[seat] else -float(points)

    def phase_action(self, hand: TrickHand) -> int:
        """The default action in a phase of the variant's own (before the card play); a
        variant whose hands have only the shared phases (card play, Weis, Stöck) never gets
        here, so a phase it does not know is a ``ValueError``."""
        raise ValueError(f"the {self.key} model has no default action in phase {hand.phase!r}")

    def sampling_view(self, obs: Any) -> Any:
        """What the sampler reads of ``obs``: the observation itself, or a view of it that
        names more holders of cards than the seats (a talon the observer cannot see into)."""
        return obs

    def shortlist(self, obs: Any, search: Any) -> tuple[list[int], dict[int, float]]:
        """The actions the search evaluates by play-outs, and estimates for the others (for
        decisions with very many actions); by default every legal action."""
        return list(obs.legal_actions), {}


def answer_question(hand: TrickHand, obs: Any, strict: bool) -> None:
    """Answer the pending Weis or Stöck question of ``hand`` as the table heard it: Stöck
    announced by the seat ``obs`` names, the Weis each seat announced (points and lengths, and
    the cards where they were shown), quiet otherwise. ``InconsistentDealError`` (with
    ``strict``) when the seat cannot declare what it announced."""
    seat = hand.to_move
    if hand.phase == STOECK:
        hand.push(hand.A_STOECK if obs.stoeck_seat == seat else hand.A_STOECK_NO)
        return
    ann = obs.weis_announced[seat]
    choice = 0
    if ann:
        sig = signature(ann)
        shown = 0
        for m in obs.weis_shown[seat]:
            shown |= m.cards
        for k, split in enumerate(hand.weis_options(seat), start=1):
            if signature(split) != sig:
                continue
            cards = 0
            for m in split:
                cards |= m.cards
            if shown and cards != shown:
                continue
            choice = k
            break
        if choice == 0 and strict:
            raise InconsistentDealError(f"seat {seat} cannot declare its announced Weis")
    hand.push(hand.A_WEIS + choice)


def replay_play(hand: TrickHand, obs: Any, strict: bool = True) -> None:
    """Push the cards of ``obs.history`` on ``hand`` (which has just entered the card play),
    answering the Weis and Stöck questions on the way as the table heard them.

    At the end a question of the seat to move stays open where the table cannot tell it from an
    ordinary turn (another seat's Weis or Stöck it has not announced): both are consistent
    with what the observer knows, and the open one leaves the decision to the play-out."""
    me = obs.seat
    try:
        for seat, card in obs.history:
            while hand.phase in (WEIS, STOECK):
                answer_question(hand, obs, strict)
            if hand.phase != PLAY or hand.to_move != seat:
                raise InconsistentDealError("the replay is out of step")
            hand.push(card)
        while hand.phase in (WEIS, STOECK):
            s = hand.to_move
            if s == obs.to_move:
                if s == me and hand.phase == obs.phase:
                    return
                # Stöck asked after the second card is a question the table sees asked; once the
                # observation has moved on, it was kept quiet.
                asked = hand.phase == WEIS or (hand.trick_no == 0 and (
                    hand.rules.stoeck_announce == "with-weis")) or obs.phase == STOECK
                if s != me and asked and not (obs.weis_announced[s] if hand.phase == WEIS
                                              else obs.stoeck_seat == s):
                    return
            answer_question(hand, obs, strict)
    except InconsistentDealError:
        raise
    except ValueError as e:  # an illegal card on this deal
        raise InconsistentDealError(str(e)) from None


class WorldSampler:
    """Draws worlds consistent with ``obs`` (a seat's observation) for ``model``'s variant.

    >>> from puur.variants import get
    >>> from puur.bots.variant_search import model_for
    >>> game = get("differenzler").new_game(seed=2)
    >>> obs = game.observation(game.to_move)
    >>> world = WorldSampler(obs, model_for(obs)).sample(random.Random(1))
    >>> world.observation(obs.seat) == obs
    True
    """

    def __init__(self, obs: Any, model: VariantModel) -> None:
        if obs.seat < 0:
            raise ValueError("a spectator holds no hand to search from")
        obs = model.sampling_view(obs)
        self.obs = obs
        self.model = model
        n = model.num_seats(obs)
        me = obs.seat
        self.others: tuple[int, ...] = tuple(s for s in range(n) if s != me)
        # Piles of cards in no hand (a blind, a dead hand) are dealt like seats after them.
        piles = tuple(getattr(obs, "piles", ()))
        self.holders: tuple[int, ...] = (*self.others, *range(n, n + len(piles)))
        self.sizes: tuple[int, ...] = (*obs.hand_sizes[:n], *piles)
        self.played_by: list[int] = [obs.played_by(s) for s in range(n)] + [0] * len(piles)
        forbidden = model.forbidden(obs, n)
        forbidden += [0] * (n + len(piles) - len(forbidden))  # a model may restrict piles too
        forbidden[me] = 0
        self.allowed: list[int] = [ALL_CARDS & ~f for f in forbidden]
        known, self.pool, _need = unseen_cards(obs, n)
        self.known = known
        self.weis_hints: dict[int, list[tuple[int, int]]] = {
            s: signature(obs.weis_announced[s]) for s in self.others
            if obs.weis_announced[s] and not obs.weis_shown[s]
        }
        #: Another seat declared a Weis: a world is checked against the observation.
        self.check = any(obs.weis_announced[s] for s in self.others)
        self._failed = False
        self._pools: dict[tuple[int, tuple[int, ...]], CardPool | None] = {}
        if self._pool(known, self.pool) is None:
            raise InconsistentDealError("no deal is consistent with the observation")
        #: Worlds drawn, and draws thrown away for contradicting an announced Weis.
        self.drawn = 0
        self.rejected = 0

    def _pool(self, known: list[int], pool: int) -> CardPool | None:
        need = tuple(self.sizes[s] - known[s].bit_count() for s in self.holders)
        key = (pool, need)
        if key in self._pools:
            return self._pools[key]
        p: CardPool | None = None
        if min(need, default=0) >= 0:
            p = CardPool(pool, [self.allowed[s] for s in self.holders], need)
            if not p.count():
                p = None
        if len(self._pools) < 64:
            self._pools[key] = p
        return p

    def deal(self, rng: random.Random, known: list[int] | None = None,
             pool: int | None = None) -> tuple[int, ...] | None:
        """The current hands of every seat (and the piles after them), the unseen cards dealt
        (``None`` when the placed cards leave no deal)."""
        known = self.known if known is None else known
        cp = self._pool(known, self.pool if pool is None else pool)
        if cp is None:
            return None
        dealt = cp.draw(rng)
        assert dealt is not None
        hands = list(known)
        for i, s in enumerate(self.holders):
            hands[s] |= dealt[i]
        return tuple(hands)

    def initial(self, hands: tuple[int, ...]) -> tuple[int, ...]:
        """Every seat's cards at the start of the hand, from its current ones."""
        return tuple(h | p for h, p in zip(hands, self.played_by, strict=True))

    def sample(self, rng: random.Random, strict: bool = False) -> TrickHand:
        """A world: the variant's hand in the observed public state on a sampled deal.

        With another seat's Weis announced a world is kept only when it gives the seat its own
        observation; after a bounded number of tries (fewer once they have failed) the world
        keeps undeclarable Weis quiet, unless ``strict`` (then ``InconsistentDealError``)."""
        self.drawn += 1
        obs = self.obs
        if self.check:
            tries = _TRIES if strict or not self._failed else 4
            for _ in range(tries):
                known, pool = self.known, self.pool
                if self.weis_hints:
                    placed = place_weis(known, pool, self.allowed, self.played_by,
                                        self.weis_hints, self.model.trick_rules(obs), rng)
                    if placed is None:
                        continue
                    known, pool = placed
                hands = self.deal(rng, known, pool)
                if hands is None:
                    continue
                try:
                    world = self.model.build(obs, self.initial(hands), rng, True)
                except InconsistentDealError:
                    self.rejected += 1
                    continue
                if world.observation(obs.seat) == obs:
                    return world
                self.rejected += 1
            self._failed = True
            if strict:
                raise InconsistentDealError("no world found that matches the announced Weis")
        hands = self.deal(rng)
        assert hands is not None  # checked in __init__
        return self.model.build(obs, self.initial(hands), rng, strict)
