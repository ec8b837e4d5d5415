"""The batched random simulator for learners: many complete random hands at once, with every
decision's legal actions and what the seat saw as numpy arrays.

The hands are those of :mod:`puur.compiled.fastsim` (the reference's, from the same random
numbers); the compiled loop records each decision as it plays it, so no Python object is built
per decision.
"""

from __future__ import annotations

import random
from typing import Final, NamedTuple

import numpy as np
import numpy.typing as npt

from puur.compiled._tables import Int64s
from puur.compiled.fastsim import (
    _C_GAME,
    _C_RECORD,
    _D_HAND,
    _D_MASK,
    _D_PLAYED,
    _D_SEAT,
    _D_TNO,
    _D_TRICK,
    _DECISION,
    _MAX_DECISIONS,
    _R_ACTIONS,
    _R_CONTRACT,
    _R_CREDITED,
    _R_FOREHAND,
    _R_MB,
    _R_MULT,
    _R_N,
    _R_STOECK,
    _R_TP,
    _R_WEIS,
    _ROW,
    _WORK,
    SimCore,
    _play,
)
from puur.compiled.mt import restore, state_of
from puur.rules import RuleSet

__all__ = ["MAX_DECISIONS", "Batch", "legal_flags", "random_batch"]


def _batch(core: SimCore, rng: random.Random, count: int) -> Batch:
    """``count`` hands played with ``rng`` (the hands of ``core.hands``) with every decision
    recorded as arrays."""
    mt = state_of(rng)
    res = np.zeros((count, _ROW), dtype=np.int64)
    rec = np.zeros((count, _MAX_DECISIONS, _DECISION), dtype=np.int64)
    cfg = core.cfg.copy()  # per call, as in SimCore.rows
    cfg[_C_GAME] = 0
    cfg[_C_RECORD] = 1
    work = np.zeros(_WORK, dtype=np.int64)
    _play(mt, count, cfg, core.contracts, core.mults, work, res, rec)
    restore(rng, mt)
    n = res[:, _R_N]
    actions = res[:, _R_ACTIONS:_R_ACTIONS + _MAX_DECISIONS]
    actions[np.arange(_MAX_DECISIONS)[None, :] >= n[:, None]] = -1
    # Views into the two result arrays, no copies.
    return Batch(
        hands=res[:, 0:4], forehand=res[:, _R_FOREHAND], contract=res[:, _R_CONTRACT],
        multiplier=res[:, _R_MULT], credited=res[:, _R_CREDITED:_R_CREDITED + 2],
        trick_points=res[:, _R_TP:_R_TP + 2], match_bonus=res[:, _R_MB:_R_MB + 2],
        weis=res[:, _R_WEIS:_R_WEIS + 2], stoeck=res[:, _R_STOECK:_R_STOECK + 2],
        decisions=n, actions=actions, legal=rec[:, :, _D_MASK].view(np.uint64),
        seat=rec[:, :, _D_SEAT], hand=rec[:, :, _D_HAND], played=rec[:, :, _D_PLAYED],
        trick=rec[:, :, _D_TRICK:_D_TRICK + 4], trick_no=rec[:, :, _D_TNO])


class Batch(NamedTuple):
    """Complete random hands as arrays, one row per hand (``count`` rows).

    Per hand: ``hands`` (the deal, four 36-bit masks), ``forehand``, ``contract``,
    ``multiplier``, ``credited``, ``trick_points``, ``match_bonus``, ``weis``, ``stoeck`` (per
    team, as :class:`puur.fastsim.FastHand`) and ``decisions`` (how many actions it took).
    Per decision (``MAX_DECISIONS`` columns, the unused ones zero and ``actions`` -1): the
    action taken, ``legal`` (the legal actions as a 64-bit mask: bit ``a`` for action ``a`` of
    :mod:`puur.actions`; :func:`legal_flags` unpacks it), the ``seat`` to act, its ``hand``,
    the cards ``played`` before, the ``trick`` lying on the table (four cards, -1 for none) and
    the ``trick_no``.
    """

    hands: Int64s
    forehand: Int64s
    contract: Int64s
    multiplier: Int64s
    credited: Int64s
    trick_points: Int64s
    match_bonus: Int64s
    weis: Int64s
    stoeck: Int64s
    decisions: Int64s
    actions: Int64s
    legal: npt.NDArray[np.uint64]
    seat: Int64s
    hand: Int64s
    played: Int64s
    trick: Int64s
    trick_no: Int64s


MAX_DECISIONS: Final = _MAX_DECISIONS


def legal_flags(legal: npt.NDArray[np.uint64]) -> npt.NDArray[np.bool_]:
    """The masks of ``legal`` as flags: one more axis of 64, ``[..., a]`` for action ``a``."""
    bits = (legal[..., None] >> np.arange(64, dtype=np.uint64)) & np.uint64(1)
    return bits.astype(np.bool_)


def random_batch(rules: RuleSet, count: int, rng: random.Random) -> Batch:
    """``count`` complete random hands under ``rules`` with every decision as arrays: the hands
    ``random_hands(rules, count, rng)`` gives (the same random numbers), for learners that
    need many hands, their legal-action masks and what each seat saw."""
    from puur.fastsim import FastSimError, _check_rng

    if not isinstance(rules, RuleSet):
        raise FastSimError(f"rules must be a RuleSet, not {type(rules).__name__}")
    if isinstance(count, bool) or not isinstance(count, int) or count < 0:
        raise FastSimError(f"count must be a whole number from 0, not {count!r}")
    _check_rng(rng)
    if type(rng) is not random.Random:
        raise FastSimError("random_batch draws from a plain random.Random, not a subclass")
    core = _CORES.get(rules)
    if core is None:
        core = _CORES[rules] = SimCore(rules)
    return _batch(core, rng, count)


_CORES: dict[RuleSet, SimCore] = {}
