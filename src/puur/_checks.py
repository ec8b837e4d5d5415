"""Argument checks for the public boundary of the core modules.

Every public function of the core checks what it is given and raises its own module's error
with a message; a ``bool`` is never taken for a number (``True`` is an ``int`` in Python, so
``RuleSet(start_card=True)`` would otherwise mean the 7 of Schellen). The fast inner paths
(:meth:`puur.round.Round.push_unchecked`, :func:`puur.round.legal_cards`, the loops of
:mod:`puur.fastsim` and the search) trust their callers and check nothing.
"""

from __future__ import annotations

import reprlib
from collections.abc import Callable
from typing import TypeGuard

__all__ = ["MAX_POINTS", "is_int", "is_int_in", "is_str", "scores_arg", "seat_arg", "show"]

#: The most points a team total may hold where one is given (game scores, the slate).
MAX_POINTS = 10**9

_REPR = reprlib.Repr()
_REPR.maxstring = 40
_REPR.maxother = 40
_REPR.maxlevel = 3


def show(value: object) -> str:
    """A short ``repr`` for messages, safe for huge, deep or odd values."""
    try:
        return _REPR.repr(value)
    except Exception:  # a value whose own __repr__ fails
        return f"<{type(value).__name__}>"


def is_int(value: object) -> TypeGuard[int]:
    """Whether ``value`` is a whole number (``int`` or a subclass such as an ``IntEnum``), not
    a ``bool``."""
    return isinstance(value, int) and not isinstance(value, bool)


def is_int_in(value: object, low: int, high: int) -> TypeGuard[int]:
    """Whether ``value`` is a whole number (not a ``bool``) from ``low`` to ``high``."""
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


def is_str(value: object) -> TypeGuard[str]:
    """Whether ``value`` is a string."""
    return isinstance(value, str)


def seat_arg(seat: object, error: Callable[[str], Exception], what: str = "seat") -> int:
    """``seat`` if it is a seat 0..3; otherwise ``error`` is raised."""
    if not is_int_in(seat, 0, 3):
        raise error(f"{what} must be a seat 0..3, not {show(seat)}")
    return seat


def scores_arg(
    scores: object, error: Callable[[str], Exception], what: str = "game_scores"
) -> tuple[int, int] | None:
    """``scores`` as a pair of points totals (``None`` stays ``None``); otherwise ``error``."""
    if scores is None:
        return None
    if not (isinstance(scores, tuple | list) and len(scores) == 2
            and all(is_int_in(x, 0, MAX_POINTS) for x in scores)):
        raise error(f"{what} must be two points totals (a, b), not {show(scores)}")
    return (scores[0], scores[1])
