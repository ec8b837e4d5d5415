"""The engine's tables as numpy arrays, and the JIT decorator (numba, cached on disk).

Global arrays are frozen into the compiled functions as constants.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final, TypeVar, cast

import numba
import numpy as np
import numpy.typing as npt

from puur.cards import NUM_CARDS, SUIT_MASK
from puur.contracts import LOWER_TRUMPS, MODES, POINTS, PUUR, STRENGTH

F = TypeVar("F", bound=Callable[..., Any])

Int64s = npt.NDArray[np.int64]

# ``_nrt`` is an option of numba's dispatcher that its type stubs leave out.
_OPTIONS: Final[dict[str, Any]] = {"cache": True, "nogil": True, "_nrt": False}


def jit(f: F) -> F:
    """Compile ``f`` with numba, cached on disk.

    Without numba's reference-counted memory management (``_nrt=False``): the compiled
    functions only work on arrays made by the caller, and reference counting every array passed
    between them took a third of the solver's time.
    """
    return cast(F, numba.njit(**_OPTIONS)(f))


def jit_inline(f: F) -> F:
    """Compile ``f`` with numba and inline it into its callers (the small helpers of the inner
    loops)."""
    return cast(F, numba.njit(inline="always", **_OPTIONS)(f))


def int64s(values: object) -> Int64s:
    """A numpy int64 array of ``values``."""
    return np.array(values, dtype=np.int64)


#: ``STRENGTH_T[mode, card]``, ``POINTS_T[mode, card]`` (:mod:`puur.contracts`).
STRENGTH_T: Final = int64s(STRENGTH)
POINTS_T: Final = int64s(POINTS)
#: ``LOWER_T[trump, card]``: the trumps below ``card`` (trump modes 0-3).
LOWER_T: Final = int64s(LOWER_TRUMPS[:4])
SUIT_MASK_T: Final = int64s(SUIT_MASK)
PUUR_T: Final = int64s(PUUR)
#: ``STRONG_T[mode, suit]``: the suit's cards from strongest to weakest in the mode.
STRONG_T: Final = int64s([[sorted(range(9 * s, 9 * s + 9), key=STRENGTH[m].__getitem__,
                                   reverse=True) for s in range(4)] for m in range(6)])


#: ``MODES_T[contract, trick]``: the mode of each of the nine tricks of the nine contracts.
MODES_T: Final = int64s([MODES[c][:9] for c in range(9)])


def modes_of(contract: int) -> Int64s:
    """The mode of each of the nine tricks of ``contract``."""
    return int64s(MODES[contract][:9])


assert NUM_CARDS == 36


@jit
def legal_mask(hand: int, lead_suit: int, best_trump: int, trump: int) -> int:
    """:func:`puur.round.legal_cards`, compiled."""
    if lead_suit < 0:
        return hand
    follow = hand & SUIT_MASK_T[lead_suit]
    if trump < 0:
        return follow if follow else hand
    tmask = SUIT_MASK_T[trump]
    if lead_suit == trump:
        if follow == 0 or follow == PUUR_T[trump]:
            return hand
        return int(follow)
    trumps = hand & tmask
    if trumps == hand:
        return hand
    if best_trump >= 0:
        trumps &= ~LOWER_T[trump, best_trump]
    if follow:
        return int(follow | trumps)
    return int((hand & ~tmask) | trumps)


@jit_inline
def best_trump_of(trick: Int64s, tb: int, n: int, trump: int) -> int:
    """The highest trump among the ``n`` cards of ``trick`` from index ``tb`` (-1 if none)."""
    best = -1
    if trump >= 0:
        for i in range(tb, tb + n):
            c = trick[i]
            if c // 9 == trump and (best < 0 or STRENGTH_T[trump, c] > STRENGTH_T[trump, best]):
                best = c
    return best


@jit_inline
def winner_index(trick: Int64s, tb: int, n: int, mode: int, trump: int) -> int:
    """Which of the ``n`` cards of ``trick`` from index ``tb`` wins it in ``mode`` (0..n-1)."""
    best = 0
    bc = trick[tb]
    for i in range(1, n):
        c = trick[tb + i]
        if c // 9 == bc // 9:
            if STRENGTH_T[mode, c] > STRENGTH_T[mode, bc]:
                best = i
                bc = c
        elif c // 9 == trump:
            best = i
            bc = c
    return best
