"""The compiled core: the hot paths of search compiled with numba, when it is installed.

The pure-Python modules stay the reference; the compiled ones give exactly their results (the
differential tests in ``tests/compiled`` check it) and are used automatically when ``numba``
and ``numpy`` import (``pip install 'puur[fast]'``):

* :mod:`puur.compiled.dds`: the search of the cards-open solver (:class:`puur.bots.dds.Solver`);
* :mod:`puur.compiled.playout`: the greedy play-outs (:class:`puur.bots.playout.Playout`);
* :mod:`puur.compiled.sampler`: the deal sampler's card pool in batches
  (:meth:`puur.bots.cardpool.CardPool.draw_many`,
  :meth:`puur.bots.sampler.DealSampler.sample_many`);
* :mod:`puur.compiled.fastsim`: batches of the fast simulator
  (:meth:`puur.fastsim.FastSim.play_many`), with :mod:`puur.compiled.mt` (Python's random
  numbers) and :mod:`puur.compiled.weis` (the Weis splits);
* :mod:`puur.compiled.batch`: many random hands with every decision as numpy arrays, for
  learners (compiled only).

The switch: ``PUUR_COMPILED=0`` in the environment, or :func:`set_enabled` (``False`` forces the
reference path, ``None`` goes back to the automatic choice). A caller may also ask for one path
(``Solver(..., compiled=True)``); asking for the compiled path without numba raises
:class:`CompiledUnavailableError`.

This module imports neither numba nor numpy: it only finds out whether they import. The
compiled functions are cached on disk (numba's ``cache=True``: next to these modules in
``__pycache__``, or in numba's user cache directory when that is not writable), so only the first
run on a machine pays the compilation.
"""

from __future__ import annotations

import importlib.util
import os

__all__ = ["CompiledUnavailableError", "available", "enabled", "set_enabled", "wanted"]

_choice: bool | None = None
_available: bool | None = None


class CompiledUnavailableError(RuntimeError):
    """The compiled path was asked for but numba or numpy is not installed."""


def available() -> bool:
    """Whether numba and numpy are installed (the compiled path can run)."""
    global _available
    if _available is None:
        _available = all(importlib.util.find_spec(m) is not None for m in ("numba", "numpy"))
    return _available


def enabled() -> bool:
    """Whether the compiled path is used by default: numba is installed, ``PUUR_COMPILED`` is
    not ``0`` and :func:`set_enabled` did not turn it off."""
    if _choice is not None:
        return _choice and available()
    if os.environ.get("PUUR_COMPILED", "").strip() == "0":
        return False
    return available()


def set_enabled(flag: bool | None) -> None:
    """Use the compiled path (``True``, when installed), the reference path (``False``) or the
    automatic choice (``None``: compiled when installed and ``PUUR_COMPILED`` is not ``0``)."""
    global _choice
    if flag is not None and not isinstance(flag, bool):
        raise ValueError(f"set_enabled takes True, False or None, not {flag!r}")
    _choice = flag


def wanted(flag: bool | None) -> bool:
    """Whether a solver or play-out built with ``compiled=flag`` uses the compiled path."""
    if flag is None:
        return enabled()
    if not isinstance(flag, bool):
        raise ValueError(f"compiled must be True, False or None, not {flag!r}")
    if flag and not available():
        raise CompiledUnavailableError("the compiled path needs numba: pip install 'puur[fast]'")
    return flag
