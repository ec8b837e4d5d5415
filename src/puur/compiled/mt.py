"""Python's random numbers in compiled code: the Mersenne Twister of :class:`random.Random`.

A compiled loop that must draw exactly the numbers a ``random.Random`` would draw takes the
generator's state (:func:`state_of`), draws with :func:`random01`, and hands the state back
(:func:`restore`); ``rng.random()`` then continues where the compiled loop stopped. The
generator is CPython's MT19937 with its 53-bit ``random()``.
"""

from __future__ import annotations

import random

import numpy as np

from puur.compiled._tables import Int64s, jit_inline

__all__ = ["next32", "random01", "restore", "state_of"]

_N = 624
_M = 397


def state_of(rng: random.Random) -> Int64s:
    """The state of ``rng`` as 624 words and the position (625 int64)."""
    version, words, _gauss = rng.getstate()
    if version != 3 or len(words) != _N + 1:
        raise ValueError("not a Mersenne Twister state")
    return np.array(words, dtype=np.int64)


def restore(rng: random.Random, state: Int64s) -> None:
    """Put ``state`` back into ``rng`` (Gaussian draws in progress are dropped)."""
    rng.setstate((3, tuple(state.tolist()), None))


@jit_inline
def next32(mt: Int64s) -> int:
    i = mt[_N]
    if i >= _N:
        for kk in range(_N - _M):
            y = (mt[kk] & 0x80000000) | (mt[kk + 1] & 0x7FFFFFFF)
            mt[kk] = mt[kk + _M] ^ (y >> 1) ^ (0x9908B0DF if y & 1 else 0)
        for kk in range(_N - _M, _N - 1):
            y = (mt[kk] & 0x80000000) | (mt[kk + 1] & 0x7FFFFFFF)
            mt[kk] = mt[kk + (_M - _N)] ^ (y >> 1) ^ (0x9908B0DF if y & 1 else 0)
        y = (mt[_N - 1] & 0x80000000) | (mt[0] & 0x7FFFFFFF)
        mt[_N - 1] = mt[_M - 1] ^ (y >> 1) ^ (0x9908B0DF if y & 1 else 0)
        i = 0
    y = mt[i]
    mt[_N] = i + 1
    y ^= y >> 11
    y ^= (y << 7) & 0x9D2C5680
    y ^= (y << 15) & 0xEFC60000
    y ^= y >> 18
    return int(y & 0xFFFFFFFF)


@jit_inline
def random01(mt: Int64s) -> float:
    """``random.Random.random()`` on the state ``mt``."""
    a = next32(mt) >> 5
    b = next32(mt) >> 6
    return (a * 67108864.0 + b) * (1.0 / 9007199254740992.0)
