"""Deal sampling for search players: the unseen hands, consistent with one seat's knowledge.

Implements the inference side of rule book §2.4-§2.6. From an :class:`~puur.observation.Observation`
alone (never the real deal) the sampler works out what each other seat may still hold:

* cards played and the observer's own hand are out of the pool; cards shown in a Weis and the
  King and Ober of a Stöck announced with the Weis are placed with their holder;
* a card of another suit than the one led, when it is not a trump, proves the player void in the
  led suit (a ruff proves nothing: ruffing is allowed while holding the suit);
* a player who does not follow a trump lead holds no trump except possibly the Puur;
* an undertrump (a trump below the best trump already in a trick of another suit) is only legal
  with nothing but trumps in hand, so the player held only trumps from then on;
* announced Weis (points and length, heard in trick 1) must be found in the seat's nine cards as
  the very split it declared, and the holder of the best Weis must come out the same; cards are
  first placed to make the announced melds likely and the result is checked;
* the hand sizes.

Sampling is exact and never loops: the unseen cards are grouped by the set of seats that may
hold them, the number of completions is counted by dynamic programming over the seats' remaining
sizes, and each group's split is drawn in proportion to its completions. Without Weis
constraints every consistent deal is equally likely. Announced but unshown Weis are met by
rejection with a bounded number of tries; after that the sampler returns a deal that respects
every card-play inference and hand size and only misses the unshown Weis (documented
simplification; it is rare and only changes points already credited).

Simplifications: no inference from the choice of contract, from pushing, from Weis a player kept
quiet about, or from Stöck not announced (announcing is optional).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Final

from puur.actions import A_CHOOSE, A_PUSH
from puur.bots.cardpool import (
    CardPool,
    InconsistentDealError,
    place_weis,
    signature,
    unseen_cards,
)
from puur.bots.worlds import answer_question
from puur.cards import ALL_CARDS, NUM_CARDS, SUIT_MASK
from puur.contracts import PUUR, STRENGTH, contract_mode
from puur.observation import Observation
from puur.round import Round
from puur.weis import Meld, weis_options, weis_winner

__all__ = [
    "DealSampler",
    "DealStream",
    "InconsistentDealError",
    "determinize",
    "infer_forbidden",
    "is_consistent",
    "round_before_play",
    "sample_deals",
    "settle",
]

_SUIT_OF: Final = tuple(c // 9 for c in range(NUM_CARDS))
_MAX_TRIES: Final = 60


def infer_forbidden(obs: Observation) -> list[int]:
    """Per seat, the mask of cards the seat cannot hold now, learnt from the card play.

    The observer's own entry is 0 (its hand is known). See the module header for the rules.
    """
    forbid = [0, 0, 0, 0]
    trump = obs.trump
    hist = obs.history
    for start in range(0, len(hist), 4):
        trick = hist[start:start + 4]
        lead = _SUIT_OF[trick[0][1]]
        best_trump = -1
        for seat, card in trick:
            s = _SUIT_OF[card]
            if trump >= 0 and s == trump:
                if lead != trump and best_trump >= 0 and STRENGTH[trump][card] < STRENGTH[trump][
                    best_trump
                ]:
                    forbid[seat] |= ALL_CARDS & ~SUIT_MASK[trump]  # undertrump: only trumps
                if best_trump < 0 or STRENGTH[trump][card] > STRENGTH[trump][best_trump]:
                    best_trump = card
            elif s != lead:
                if trump >= 0 and lead == trump:
                    forbid[seat] |= SUIT_MASK[trump] & ~PUUR[trump]
                else:
                    forbid[seat] |= SUIT_MASK[lead]
    forbid[obs.seat] = 0
    return forbid


class DealSampler:
    """Draws the current hands of all four seats, consistent with ``obs``.

    >>> from puur.round import Round
    >>> r = Round.deal(seed=3)
    >>> s = DealSampler(r.observation(0))
    >>> hands = s.sample(random.Random(1))
    >>> hands[0] == r.hands[0] and sum(h.bit_count() for h in hands)
    36
    """

    def __init__(self, obs: Observation) -> None:
        self.obs = obs
        me = obs.seat
        self.others: tuple[int, ...] = tuple(s for s in range(4) if s != me)
        played = 0
        for _s, c in obs.history:
            played |= 1 << c
        self.played = played
        self.played_by = [obs.played_by(s) for s in range(4)]
        self.forbidden = infer_forbidden(obs)
        self.known, self.pool, self.need = unseen_cards(obs, 4)
        self.allowed = [ALL_CARDS & ~self.forbidden[s] for s in range(4)]
        self._cache: dict[tuple[int, tuple[int, ...]], CardPool] = {}
        # Announced Weis whose cards are not shown must come from the seat's own nine cards.
        self.weis_hints: dict[int, list[tuple[int, int]]] = {}
        #: Some other seat declared Weis: a draw is checked (run lengths, winner).
        self.check_weis = False
        self._weis_failed = False
        for s in self.others:
            ann = obs.weis_announced[s]
            if ann:
                self.check_weis = True
                if not obs.weis_shown[s]:
                    self.weis_hints[s] = signature(ann)
        if self._count(self.known, self.pool) == 0:
            raise InconsistentDealError("no deal is consistent with the observation")

    # ------------------------------------------------------------------------------------------

    def _need(self, known: list[int]) -> tuple[int, ...]:
        return tuple(self.obs.hand_sizes[s] - known[s].bit_count() for s in self.others)

    def _pool(self, pool: int, need: tuple[int, ...]) -> CardPool:
        key = (pool, need)
        got = self._cache.get(key)
        if got is None:
            got = CardPool(pool, [self.allowed[s] for s in self.others], need)
            if len(self._cache) < 64:
                self._cache[key] = got
        return got

    def _count(self, known: list[int], pool: int) -> int:
        need = self._need(known)
        if min(need) < 0:
            return 0
        return self._pool(pool, need).count()

    def _draw(self, known: list[int], pool: int, rng: random.Random) -> tuple[int, ...] | None:
        need = self._need(known)
        if min(need) < 0:
            return None
        dealt = self._pool(pool, need).draw(rng)
        if dealt is None:
            return None
        hands = list(known)
        for i, s in enumerate(self.others):
            hands[s] |= dealt[i]
        return tuple(hands)

    def _place_weis(self, rng: random.Random) -> tuple[list[int], int] | None:
        """Place cards for announced but unshown Weis; None if no placement fits."""
        return place_weis(self.known, self.pool, self.allowed, self.played_by, self.weis_hints,
                          self.obs.rules, rng)

    # ------------------------------------------------------------------------------------------

    def sample(self, rng: random.Random, strict: bool = False) -> tuple[int, ...]:
        """The current hands of the four seats (the observer's own hand included).

        With announced Weis the draw is checked; after a bounded number of
        tries it falls back to a deal that meets every other inference, unless ``strict`` (then
        :class:`InconsistentDealError`).
        """
        if self.check_weis:
            # Once the announced Weis have proved hard to meet, later draws try less.
            tries = _MAX_TRIES if strict else 3 if self._weis_failed else 12
            for _ in range(tries):
                placed = self._place_weis(rng)
                if placed is None:
                    continue
                hands = self._draw(placed[0], placed[1], rng)
                if hands is not None and self._weis_ok(hands):
                    return hands
            self._weis_failed = True
            if strict:
                raise InconsistentDealError("no deal found that matches the announced Weis")
        hands = self._draw(self.known, self.pool, rng)
        assert hands is not None  # the count was checked in __init__
        return hands


    def sample_many(self, rng: random.Random, n: int,
                    compiled: bool | None = None) -> list[tuple[int, ...]]:
        """``n`` draws of :meth:`sample` with ``rng``: the same deals and the same state of
        ``rng`` afterwards; without announced Weis of another seat the pool is dealt in one
        compiled call when :mod:`puur.compiled` runs (``compiled`` as for the solver)."""
        if self.check_weis:
            return [self.sample(rng) for _ in range(n)]
        known = self.known
        dealt = self._pool(self.pool, self._need(known)).draw_many(rng, n, compiled)
        out = []
        for d in dealt:
            hands = list(known)
            for i, s in enumerate(self.others):
                hands[s] |= d[i]
            out.append(tuple(hands))
        return out

    def _weis_ok(self, hands: tuple[int, ...]) -> bool:
        """Every seat could declare what it announced, and the best Weis stays where it is."""
        obs = self.obs
        mode0 = contract_mode(obs.contract, 0) if obs.contract >= 0 else 4
        declared: list[tuple[Meld, ...]] = [(), (), (), ()]
        for s in range(4):
            ann = obs.weis_announced[s]
            if not ann:
                continue
            if s == obs.seat:
                declared[s] = obs.weis_shown[s]
                continue
            sig = signature(ann)
            shown = 0
            for m in obs.weis_shown[s]:
                shown |= m.cards
            initial = hands[s] | self.played_by[s]
            for split in weis_options(initial, obs.rules, mode0, obs.trump):
                if signature(split) != sig:
                    continue
                if shown:
                    cards = 0
                    for m in split:
                        cards |= m.cards
                    if cards != shown:
                        continue
                declared[s] = split
                break
            else:
                return False
        if obs.trick_winners:
            return weis_winner(declared, obs.forehand, mode0, obs.trump) == obs.weis_seat
        return True


class DealStream:
    """The deals of one :class:`DealSampler`, drawn in batches (one compiled call a batch when
    :mod:`puur.compiled` runs) from a generator of its own, seeded from ``rng``: the same deals
    on the compiled and the reference path. Batches grow from 8 to 64 deals, so that a decision
    that needs few deals draws few."""

    def __init__(self, sampler: DealSampler, rng: random.Random) -> None:
        self.sampler = sampler
        self.rng = random.Random(rng.getrandbits(64))
        self._batch = 8
        self._buf: list[tuple[int, ...]] = []

    def draw(self) -> tuple[int, ...]:
        """The next deal (the current hands of the four seats)."""
        if not self._buf:
            self._buf = self.sampler.sample_many(self.rng, self._batch)
            self._buf.reverse()
            self._batch = min(64, 2 * self._batch)
        return self._buf.pop()


def sample_deals(obs: Observation, n: int, rng: random.Random | None = None) -> list[
    tuple[int, ...]
]:
    """``n`` independent samples of the four current hands consistent with ``obs``."""
    r = rng or random.Random()
    sampler = DealSampler(obs)
    return [sampler.sample(r) for _ in range(n)]


# ----------------------------------------------------------------------------------------------
# Rebuilding a full state from a sampled deal


def determinize(obs: Observation, hands: Sequence[int], strict: bool = True) -> Round:
    """A :class:`Round` in the same public state as ``obs`` with the given current hands.

    The recorded history (choice, Weis, Stöck, cards) is pushed into a round dealt from the
    sampled hands plus the cards each seat played. With ``strict`` any mismatch (an illegal
    card, a Weis that cannot be declared as announced, a different Weis winner or different
    points) raises :class:`InconsistentDealError`; otherwise undeclarable Weis are kept quiet.
    """
    if len(hands) != 4:
        raise InconsistentDealError("a deal needs four hands")
    if hands[obs.seat] != obs.hand:
        raise InconsistentDealError("the observer's hand differs")
    r = round_before_play(obs, [hands[s] | obs.played_by(s) for s in range(4)])
    try:
        for seat, card in obs.history:
            _settle(r, obs, strict, stop_at=None)
            if r.phase != "play" or r.to_move != seat:
                raise InconsistentDealError("the replay is out of step")
            r.push(card)
        if obs.phase != "over":
            _settle(r, obs, strict, stop_at=(obs.phase, obs.to_move))
    except InconsistentDealError:
        raise
    except ValueError as e:
        raise InconsistentDealError(str(e)) from None
    if strict:
        # Another seat's Weis or Stöck question is not the observer's to see coming, so the
        # state only has to match exactly when the observer is the one to act.
        same = r.phase == obs.phase and (r.phase == "over" or r.to_move == obs.to_move)
        if obs.to_move == obs.seat and not same:
            raise InconsistentDealError("the replay ends in another state")
        if r.trick_winners and r.weis_seat != obs.weis_seat:
            raise InconsistentDealError("another seat would hold the best Weis")
        if r.credited != obs.credited:
            raise InconsistentDealError("the points credited differ")
        if obs.stoeck_seat >= 0 and (r.stoeck_seat != obs.stoeck_seat or r.stoeck_state != 1):
            raise InconsistentDealError("Stöck was announced by another seat")
    return r


def round_before_play(obs: Observation, initial: Sequence[int]) -> Round:
    """A :class:`Round` dealt ``initial`` (every seat's cards at the start) with the observed
    pushes and contract pushed; ``InconsistentDealError`` when the deal cannot give them."""
    gs = obs.game_scores if obs.game_scores != (0, 0) else None
    try:
        r = Round(obs.rules, list(initial), obs.forehand, gs)
        if obs.pushed:
            r.push(A_PUSH)
            if obs.pushed_back:
                r.push(A_PUSH)
        if obs.contract >= 0:
            r.push(A_CHOOSE + obs.contract)
    except ValueError as e:
        raise InconsistentDealError(str(e)) from None
    return r


def settle(r: Round, obs: Observation, strict: bool = False) -> None:
    """Answer the pending Weis and Stöck questions of ``r`` the way the table heard them in
    ``obs`` (undeclarable Weis kept quiet unless ``strict``)."""
    _settle(r, obs, strict, stop_at=None)


def _settle(r: Round, obs: Observation, strict: bool, stop_at: tuple[str, int] | None) -> None:
    """Answer the Weis and Stöck questions the way the table heard them."""
    while r.phase in ("weis", "stoeck"):
        if stop_at is not None and (r.phase, r.to_move) == stop_at:
            return
        answer_question(r, obs, strict)


def is_consistent(obs: Observation, hands: Sequence[int]) -> bool:
    """Whether the current hands ``hands`` agree with everything ``obs`` shows."""
    try:
        determinize(obs, hands, strict=True)
    except InconsistentDealError:
        return False
    return True
