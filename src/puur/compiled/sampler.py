"""The deal sampler's card pool, compiled: a port of :class:`puur.bots.cardpool.CardPool`'s
counting and drawing (the reference; see its module header for the method).

The completions are counted bottom-up over the groups of cards (by the set of seats that may
hold them) and the seats' remaining sizes, then deals are drawn group by group with the very
random numbers :meth:`CardPool.draw` takes from a :class:`random.Random` (its ``randrange`` and
``shuffle``, :mod:`puur.compiled.mt`): a batch of ``n`` deals is the reference's next ``n``
draws, and the generator continues where the batch stopped. Counts must fit in 62 bits (the
caller keeps the reference for larger pools).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from math import comb
from typing import Final

import numpy as np

from puur.compiled._tables import Int64s, int64s, jit, jit_inline
from puur.compiled.mt import next32, restore, state_of

__all__ = ["MAX_COUNT", "MAX_SEATS", "MAX_TABLE", "PoolCore", "fits"]

#: The largest number of completions the compiled pool handles (int64 arithmetic).
MAX_COUNT: Final = 1 << 62
#: The most seats (and piles) a pool deals to.
MAX_SEATS: Final = 8

#: The most entries of the table of counts (groups + 1 times the combinations of sizes): the
#: table is filled whole, so beyond this the reference's lazy count is cheaper.
MAX_TABLE: Final = 100_000

_COMB_T: Final = int64s([[comb(n, k) for k in range(64)] for n in range(64)])


@jit_inline
def _getrandbits(mt: Int64s, k: int) -> int:
    """``random.Random.getrandbits(k)`` for 1 <= k <= 63."""
    if k <= 32:
        return next32(mt) >> (32 - k)
    low = next32(mt)
    high = next32(mt) >> (64 - k)
    return low | (high << 32)


@jit_inline
def _randbelow(mt: Int64s, n: int) -> int:
    """``random.Random._randbelow(n)`` (``randrange(n)``) for 1 <= n < 2**62."""
    k = 0
    m = n
    while m:
        k += 1
        m >>= 1
    r = _getrandbits(mt, k)
    while r >= n:
        r = _getrandbits(mt, k)
    return r


@jit_inline
def _decode(idx: int, stride: Int64s, cap: Int64s, k: int, rem: Int64s) -> None:
    for i in range(k):
        rem[i] = (idx // stride[i]) % (cap[i] + 1)


@jit_inline
def _first_split(lim: Int64s, k: int, split: Int64s) -> None:
    for i in range(k):
        split[i] = 0


@jit_inline
def _next_split(lim: Int64s, k: int, split: Int64s) -> bool:
    """The next of the first ``k - 1`` shares in lexicographic order (odometer, last fastest);
    False when every one was visited."""
    i = k - 2
    while i >= 0:
        if split[i] < lim[i]:
            split[i] += 1
            return True
        split[i] = 0
        i -= 1
    return False


@jit_inline
def _ways(n: int, split: Int64s, lim: Int64s, rem: Int64s, k: int, stride: Int64s) -> int:
    """Completes ``split`` (the last seat takes the rest): the multinomial of the split, or
    0 when it does not fit; the index of the remaining sizes is left in ``split[k]``."""
    left = n
    ways = 1
    for i in range(k - 1):
        s = split[i]
        if s > left:
            return 0
        ways *= _COMB_T[left, s]
        left -= s
    if left > lim[k - 1]:
        return 0
    split[k - 1] = left
    idx = 0
    for i in range(k):
        idx += (rem[i] - split[i]) * stride[i]
    split[k] = idx
    return ways


@jit
def _count(gseats: Int64s, gsize: Int64s, need: Int64s, stride: Int64s, table: Int64s,
           rem: Int64s, lim: Int64s, split: Int64s) -> None:
    """``table[g, idx]``: the deals of groups ``g..`` with the remaining sizes ``idx`` (``rem``,
    ``lim``, ``split``: work arrays)."""
    n_groups = gseats.shape[0]
    k = need.shape[0]
    states = table.shape[1]
    for idx in range(states):
        table[n_groups, idx] = 0
    table[n_groups, 0] = 1
    cards_from = 0
    for g in range(n_groups - 1, -1, -1):
        cards_from += gsize[g]
        n = gsize[g]
        for idx in range(states):
            _decode(idx, stride, need, k, rem)
            total = 0
            left = 0
            for i in range(k):
                left += rem[i]
            if left == cards_from:
                for i in range(k):
                    lim[i] = rem[i] if gseats[g] >> i & 1 else 0
                _first_split(lim, k, split)
                more = True
                while more:
                    w = _ways(n, split, lim, rem, k, stride)
                    if w:
                        total += w * table[g + 1, split[k]]
                    more = _next_split(lim, k, split)
            table[g, idx] = total


@jit
def _draw(mt: Int64s, count: int, gseats: Int64s, gsize: Int64s, gstart: Int64s,
          gcards: Int64s, need: Int64s, stride: Int64s, table: Int64s, out: Int64s,
          rem: Int64s, lim: Int64s, split: Int64s, deck: Int64s) -> None:
    """``count`` deals into ``out`` (one row of seat masks each), as the reference draws them
    (``rem``, ``lim``, ``split``, ``deck``: work arrays)."""
    n_groups = gseats.shape[0]
    k = need.shape[0]
    top = 0
    for i in range(k):
        top += need[i] * stride[i]
    for d in range(count):
        for i in range(k):
            out[d, i] = 0
        idx = top
        for g in range(n_groups):
            _decode(idx, stride, need, k, rem)
            n = gsize[g]
            for i in range(k):
                lim[i] = rem[i] if gseats[g] >> i & 1 else 0
            pick = _randbelow(mt, table[g, idx])
            _first_split(lim, k, split)
            while True:
                w = _ways(n, split, lim, rem, k, stride)
                if w:
                    w *= table[g + 1, split[k]]
                    if pick < w:
                        break
                    pick -= w
                _next_split(lim, k, split)
            idx = int(split[k])
            for i in range(n):
                deck[i] = gcards[gstart[g] + i]
            for i in range(n - 1, 0, -1):  # random.shuffle
                j = _randbelow(mt, i + 1)
                c = deck[i]
                deck[i] = deck[j]
                deck[j] = c
            at = 0
            for i in range(k):
                for _ in range(split[i]):
                    out[d, i] |= 1 << deck[at]
                    at += 1


def fits(groups: int, need: Sequence[int]) -> bool:
    """Whether a pool of ``groups`` groups for seats lacking ``need`` cards is one for
    :class:`PoolCore` (at most :data:`MAX_SEATS` seats and :data:`MAX_TABLE` counts)."""
    if not 1 <= len(need) <= MAX_SEATS:
        return False
    states = groups + 1
    for n in need:
        states *= n + 1
    return states <= MAX_TABLE


class PoolCore:
    """The compiled counting and drawing of one card pool: ``groups`` are (seat indexes that
    may hold them, cards) in the reference's order, ``need`` the cards each seat lacks."""

    def __init__(self, groups: Sequence[tuple[tuple[int, ...], Sequence[int]]],
                 need: Sequence[int]) -> None:
        k = len(need)
        if not 1 <= k <= MAX_SEATS:
            raise ValueError(f"a compiled pool deals to 1..{MAX_SEATS} seats, not {k}")
        self.k = k
        self.need = int64s(need)
        stride = []
        s = 1
        for n in need:
            stride.append(s)
            s *= n + 1
        self.stride = int64s(stride)
        self.gseats = int64s([sum(1 << i for i in seats) for seats, _c in groups])
        self.gsize = int64s([len(c) for _s, c in groups])
        starts = []
        at = 0
        for _s, c in groups:
            starts.append(at)
            at += len(c)
        self.gstart = int64s(starts)
        self.gcards = int64s([c for _s, cards in groups for c in cards] or [0])
        self.table = np.zeros((len(groups) + 1, s), dtype=np.int64)
        self._rem = np.zeros(MAX_SEATS, dtype=np.int64)
        self._lim = np.zeros(MAX_SEATS, dtype=np.int64)
        self._split = np.zeros(MAX_SEATS + 1, dtype=np.int64)
        self._deck = np.zeros(64, dtype=np.int64)
        _count(self.gseats, self.gsize, self.need, self.stride, self.table, self._rem,
               self._lim, self._split)
        top = int(sum(n * st for n, st in zip(need, stride, strict=True)))
        #: The number of deals (every one equally likely).
        self.total = int(self.table[0, top])

    def draw_many(self, rng: random.Random, count: int) -> list[tuple[int, ...]]:
        """The next ``count`` deals :meth:`CardPool.draw` would give with ``rng`` (which then
        continues after them); the pool must have a deal."""
        if self.total <= 0:
            raise ValueError("the pool has no deal")
        out = np.zeros((count, self.k), dtype=np.int64)
        mt = state_of(rng)
        _draw(mt, count, self.gseats, self.gsize, self.gstart, self.gcards, self.need,
              self.stride, self.table, out, self._rem, self._lim, self._split, self._deck)
        restore(rng, mt)
        return [tuple(row) for row in out.tolist()]
