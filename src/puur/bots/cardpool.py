"""The shared part of resampling hidden cards, for every variant and any number of seats.

Three pieces that know nothing of a particular variant:

* :func:`play_proof` and :func:`forbidden_from_play`: what a card played proves about the hand
  it came from, read off the trick engine's :class:`~puur.tricks.PlayRule` (rule book §2.4).
  Each proof is *exact*: a card is legal from a hand exactly when the hand holds none of the
  cards the proof forbids. Under Schieber's rule a card of another suit that is not a trump
  proves a void in the suit led, not following a trump lead proves no trump but perhaps the
  Puur, and an undertrump proves a hand of trumps only; with ``undertrump = "when_void"`` an
  undertrump proves only the void; ``strict`` and ``strict_must_trump`` prove the void (and,
  for a discard under ``strict_must_trump``, no trump either); a card led against a lead ban
  proves a hand of banned cards only.
* :class:`CardPool`: deals a pool of unseen cards to the seats that may hold them, each seat
  receiving exactly the number of cards it lacks and only cards it may hold, every such deal
  equally likely. The cards are grouped by the set of seats that may hold them, the
  completions are counted by dynamic programming over the seats' remaining sizes, and each
  group's split is drawn in proportion to its completions: exact, and it never loops.
* :func:`place_weis`: cards for Weis that were announced (points and length) but not shown,
  placed with their seat before the rest is dealt, so that the draw can meet the announcement.

Schieber's deal sampler (:mod:`puur.bots.sampler`) and the variant resamplers
(:mod:`puur.bots.worlds`) both draw through these.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from math import comb
from typing import Any, Final

from puur.cards import ALL_CARDS, NUM_CARDS, SUIT_MASK, bits
from puur.contracts import LOWER_TRUMPS, PUUR, STRENGTH
from puur.rules import RuleSet
from puur.tricks import PlayRule
from puur.weis import FOUR, SEQUENCE, Meld, find_melds

__all__ = [
    "CardPool",
    "InconsistentDealError",
    "forbidden_from_play",
    "place_weis",
    "play_proof",
    "signature",
    "unseen_cards",
]

_SUIT_OF: Final = tuple(c // 9 for c in range(NUM_CARDS))


class InconsistentDealError(ValueError):
    """A deal that contradicts what the observation shows."""


# ---------------------------------------------------------------------------------------------
# What a play proves


def play_proof(
    rule: PlayRule, lead_suit: int, best_trump: int, trump: int, card: int, lead_ban: int = 0
) -> int:
    """The cards a hand cannot have held when it played ``card`` (arguments as
    :func:`puur.tricks.legal_under`; ``lead_suit`` is -1 when ``card`` leads).

    >>> from puur.tricks import SCHIEBER, PlayRule
    >>> from puur.cards import parse_card, CardSet
    >>> hk = parse_card("HK")                      # Rosen trumps, Schellen led, HK in the trick
    >>> str(CardSet(play_proof(SCHIEBER, 0, hk, 1, parse_card("H6"))))[:5]  # only trumps
    'D6 D7'
    >>> str(CardSet(play_proof(PlayRule(undertrump="when_void"), 0, hk, 1, parse_card("H6"))))
    'D6 D7 D8 D9 DT DJ DQ DK DA'
    """
    if lead_suit < 0:
        if lead_ban and lead_ban >> card & 1:
            return ALL_CARDS & ~lead_ban
        return 0
    cs = _SUIT_OF[card]
    if rule.follow == "none" or cs == lead_suit:
        return 0
    led = SUIT_MASK[lead_suit]
    if trump < 0:
        return led
    trumps = SUIT_MASK[trump]
    if lead_suit == trump:
        return trumps & ~PUUR[trump] if rule.puur_exempt else trumps
    if rule.follow == "strict":
        return led
    if rule.follow == "strict_must_trump":
        return led if cs == trump else led | trumps
    if cs != trump:
        return led
    lower = LOWER_TRUMPS[trump][best_trump] if best_trump >= 0 else 0
    if rule.undertrump != "free" and lower >> card & 1:
        return led if rule.undertrump == "when_void" else ALL_CARDS & ~trumps
    return 0


def forbidden_from_play(
    rule: PlayRule, history: Sequence[tuple[int, int]], trump: int, num_seats: int,
    lead_ban: int = 0, trick_size: int = 0,
) -> list[int]:
    """Per seat, the cards it cannot hold now, from every card of ``history`` ((seat, card) in
    playing order, ``trick_size`` cards a trick: by default ``num_seats``; fewer where seats
    sit a hand out)."""
    forbid = [0] * num_seats
    st = STRENGTH[trump] if trump >= 0 else ()
    size = trick_size or num_seats
    for start in range(0, len(history), size):
        trick = history[start:start + size]
        lead = -1
        best_trump = -1
        for seat, card in trick:
            forbid[seat] |= play_proof(rule, lead, best_trump, trump, card, lead_ban)
            if lead < 0:
                lead = _SUIT_OF[card]
            if trump >= 0 and _SUIT_OF[card] == trump and (
                best_trump < 0 or st[card] > st[best_trump]
            ):
                best_trump = card
    return forbid


# ---------------------------------------------------------------------------------------------
# Dealing a pool of cards


def unseen_cards(obs: Any, num_seats: int) -> tuple[list[int], int, list[int]]:
    """From one seat's observation: the cards known in each seat's hand (its own hand for the
    observer, ``known_cards`` for the others), the pool of unseen cards, and how many cards
    each seat lacks. An observation with ``piles`` (cards lying in no hand: a blind, a dead
    hand) adds one entry per pile after the seats, with the cards ``pile_known`` names.
    ``InconsistentDealError`` when the sizes do not add up."""
    me = obs.seat
    played = 0
    for _s, c in obs.history:
        played |= 1 << c
    known = [obs.hand if s == me else obs.known_cards(s) for s in range(num_seats)]
    sizes = [obs.hand_sizes[s] for s in range(num_seats)]
    piles = getattr(obs, "piles", ())
    known += list(getattr(obs, "pile_known", ()))[:len(piles)]
    sizes += list(piles)
    # Cards left out of the deal (Molotow's Schilten 6 with five players) are in no hand.
    pool = ALL_CARDS & ~played & ~getattr(obs, "out_of_play", 0)
    for k in known:
        pool &= ~k
    need = [size - k.bit_count() for size, k in zip(sizes, known, strict=True)]
    if need[me] != 0 or any(x < 0 for x in need) or sum(need) != pool.bit_count():
        raise InconsistentDealError("hand sizes do not match the unseen cards")
    return known, pool, need


class CardPool:
    """Deals the cards of ``pool`` to ``len(need)`` seats: seat ``i`` gets ``need[i]`` cards,
    all from ``allowed[i]``; every such deal is equally likely.

    >>> p = CardPool(0b1111, [0b0011, 0b1111], [2, 2])
    >>> p.count(), p.draw(random.Random(1))
    (1, (3, 12))
    """

    def __init__(self, pool: int, allowed: Sequence[int], need: Sequence[int]) -> None:
        self.need: tuple[int, ...] = tuple(need)
        k = len(self.need)
        by_key: dict[tuple[int, ...], list[int]] = {}
        for c in bits(pool):
            key = tuple(i for i in range(k) if allowed[i] >> c & 1)
            by_key.setdefault(key, []).append(c)
        #: (seat indexes that may hold them, cards) per group, in a fixed order.
        self.groups: list[tuple[tuple[int, ...], list[int]]] = sorted(by_key.items())
        self._memo: dict[tuple[int, tuple[int, ...]], int] = {}
        self._core: Any = None

    def count(self, i: int = 0, need: tuple[int, ...] | None = None) -> int:
        """The number of ways to deal groups ``i..`` with the sizes ``need`` (default: all)."""
        need = self.need if need is None else need
        if min(need, default=0) < 0:
            return 0
        if i == len(self.groups):
            return 0 if any(need) else 1
        key = (i, need)
        got = self._memo.get(key)
        if got is not None:
            return got
        seats, cards = self.groups[i]
        total = 0
        for split in _splits(len(cards), seats, need):
            sub = self.count(i + 1, tuple(n - s for n, s in zip(need, split, strict=True)))
            if sub:
                total += _multinomial(len(cards), split) * sub
        self._memo[key] = total
        return total

    def draw(self, rng: random.Random) -> tuple[int, ...] | None:
        """One deal, as a mask per seat (``None`` when there is none)."""
        rem = self.need
        if self.count(0, rem) == 0:
            return None
        out = [0] * len(rem)
        for gi, (seats, cards) in enumerate(self.groups):
            options = []
            for split in _splits(len(cards), seats, rem):
                rest = tuple(n - s for n, s in zip(rem, split, strict=True))
                ways = _multinomial(len(cards), split) * self.count(gi + 1, rest)
                if ways:
                    options.append((ways, split, rest))
            pick = rng.randrange(sum(o[0] for o in options))
            k = 0
            while pick >= options[k][0]:
                pick -= options[k][0]
                k += 1
            _w, split, rest = options[k]
            shuffled = cards[:]
            rng.shuffle(shuffled)
            at = 0
            for i, n in enumerate(split):
                for c in shuffled[at:at + n]:
                    out[i] |= 1 << c
                at += n
            rem = rest
        return tuple(out)


    def draw_many(self, rng: random.Random, n: int,
                  compiled: bool | None = None) -> list[tuple[int, ...]]:
        """The next ``n`` deals of :meth:`draw` with ``rng``, in one compiled call when
        :mod:`puur.compiled` runs (``compiled``: as for the solver; the same deals and the same
        state of ``rng`` afterwards either way). ``InconsistentDealError`` without a deal."""
        if self.count() == 0:
            raise InconsistentDealError("the pool has no deal")
        if n < 0:
            raise ValueError("n must be 0 or more")
        from puur import compiled as _compiled

        if _compiled.wanted(compiled) and n > 1:
            core = self._compiled_core()
            if core is not None:
                return core.draw_many(rng, n)  # type: ignore[no-any-return]
        out = []
        for _ in range(n):
            dealt = self.draw(rng)
            assert dealt is not None
            out.append(dealt)
        return out

    def _compiled_core(self) -> Any:
        """The compiled pool (None where the counts do not fit in 62 bits or the table of
        remaining sizes would be too large: :func:`puur.compiled.sampler.fits`)."""
        if self._core is None:
            from puur.compiled.sampler import PoolCore, fits

            ok = fits(len(self.groups), self.need) and self.count() <= 1 << 62
            self._core = PoolCore(self.groups, self.need) if ok else False
        return self._core or None


def _splits(n: int, seats: tuple[int, ...], need: tuple[int, ...]) -> list[tuple[int, ...]]:
    """Ways to give ``n`` cards to the allowed seats within their needs, in lexicographic
    order (the last seat takes the rest)."""
    k = len(need)
    lim = [need[i] if i in seats else 0 for i in range(k)]
    out: list[tuple[int, ...]] = []

    def rec(i: int, left: int, acc: tuple[int, ...]) -> None:
        if i == k - 1:
            if left <= lim[i]:
                out.append((*acc, left))
            return
        for a in range(min(left, lim[i]) + 1):
            rec(i + 1, left - a, (*acc, a))

    if k:
        rec(0, n, ())
    return out


def _multinomial(n: int, split: tuple[int, ...]) -> int:
    ways = 1
    for s in split[:-1]:
        ways *= comb(n, s)
        n -= s
    return ways


# ---------------------------------------------------------------------------------------------
# Announced Weis


def signature(split: Sequence[Meld] | Sequence[tuple[int, int]]) -> list[tuple[int, int]]:
    """The sorted (points, length) of a declaration: what the table hears of it."""
    out = []
    for m in split:
        out.append((m.points, m.length) if isinstance(m, Meld) else (m[0], m[1]))
    return sorted(out)


def place_weis(
    known: Sequence[int], pool: int, allowed: Sequence[int], played_by: Sequence[int],
    hints: dict[int, list[tuple[int, int]]], rules: RuleSet, rng: random.Random,
) -> tuple[list[int], int] | None:
    """Known cards per seat and the pool left, after placing with each seat of ``hints`` the
    cards of melds with the announced (points, length); ``None`` when a meld cannot be found
    among the cards the seat may hold."""
    known = list(known)
    for s, sig in hints.items():
        free = (pool & allowed[s]) | played_by[s] | known[s]
        for points, length in sig:
            four = length == 4 and points >= 100  # a sequence of four scores 50
            cands = [
                m.cards for m in find_melds(free, rules)
                if (m.kind == FOUR and four and m.points == points)
                or (m.kind == SEQUENCE and not four and m.length >= length)
            ]
            windows: list[int] = []
            for cards in cands:
                if cards.bit_count() == length:
                    windows.append(cards)
                else:  # a longer run holds several windows of the announced length
                    cs = bits(cards)
                    for i in range(len(cs) - length + 1):
                        w = 0
                        for c in cs[i:i + length]:
                            w |= 1 << c
                        windows.append(w)
            if not windows:
                return None
            w = rng.choice(windows)
            add = w & pool
            known[s] |= add
            pool &= ~add
            free &= ~w
    return known, pool
