"""The cards-open solver's search, compiled: a line-by-line port of the alpha-beta search of
:class:`puur.bots.dds.Solver` (the reference; see its module header for the value and the
search).

The Python class keeps its interface and its argument checks and calls :class:`SolverCore` for
the search itself. What differs is only the transposition table: an array of entries in
buckets of four (a full bucket gives its first entry to the new position) instead of a
dictionary, sized for the tricks left (a fresh solver for four tricks should not pay for a
table made for nine) and grown, up to ``TABLE_SLOTS``, when it fills; clearing it is a new
generation number. Entries are exact values or bounds of the very position they name, so the
values found are the reference's.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

import numpy as np

from puur.compiled._tables import (
    POINTS_T,
    STRENGTH_T,
    Int64s,
    best_trump_of,
    int64s,
    jit,
    jit_inline,
    legal_mask,
    modes_of,
    winner_index,
)

__all__ = ["TABLE_SLOTS", "SolverCore"]

TABLE_SLOTS: Final = 1 << 16
_MIN_SLOTS: Final = 1 << 10
_INF: Final = 10_000
_EXACT: Final = 0
_LOWER: Final = 1
_UPPER: Final = 2
# cfg: the solver's constants
_C_TRUMP, _C_MISERE, _C_LAST, _C_MB0, _C_MB1, _C_DOUBLE = range(6)
# state: the table's generation, its entries, the nodes visited
_S_GEN, _S_COUNT, _S_NODES = range(3)


@jit_inline
def _reps(hands: Int64s, trick: Int64s, tb: int, n: int, legal: int, orders: Int64s,
          pkey: Int64s, out: Int64s, ob: int) -> int:
    """The representatives of the groups of equivalent legal cards into ``out`` from ``ob``
    (the reference's ``Solver.groups``, in its order); returns how many. The trick's ``n``
    cards are ``trick[tb:tb + n]``."""
    live = hands[0] | hands[1] | hands[2] | hands[3]
    for i in range(tb, tb + n):
        live |= 1 << trick[i]
    k = ob
    for s in range(4):
        if not (legal >> (9 * s)) & 0x1FF:
            continue
        have = False
        gkey = -1
        last = -1
        for j in range(9):
            c = orders[s, j]
            b = 1 << c
            if not live & b:
                continue
            if legal & b:
                if have and pkey[c] == gkey:
                    last = c
                else:
                    if have:
                        out[k] = last
                        k += 1
                    have = True
                    gkey = pkey[c]
                    last = c
            else:
                if have:
                    out[k] = last
                    k += 1
                have = False
        if have:
            out[k] = last
            k += 1
    return k - ob


@jit_inline
def _ordered(hands: Int64s, trick: Int64s, tb: int, n: int, legal: int, mode: int, trump: int,
             orders: Int64s, pkey: Int64s, first: int, out: Int64s, ob: int,
             scores: Int64s) -> int:
    """The moves to search into ``out`` from ``ob``, best guess first (the reference's
    ``_ordered``); returns how many."""
    k = _reps(hands, trick, tb, n, legal, orders, pkey, out, ob)
    if k <= 1:
        return k
    if n:
        wi = winner_index(trick, tb, n, mode, trump)
        bc = trick[tb + wi]
        partner_wins = (n - wi) == 2
        for i in range(k):
            c = out[ob + i]
            beats = (c // 9 == bc // 9 and STRENGTH_T[mode, c] > STRENGTH_T[mode, bc]) or (
                c // 9 == trump and bc // 9 != trump)
            if beats and not partner_wins:
                score = 1000 - STRENGTH_T[mode, c] + POINTS_T[mode, c] * 4
            elif partner_wins and not beats:
                score = 500 + POINTS_T[mode, c]
            else:
                score = 200 - POINTS_T[mode, c] * 4 - STRENGTH_T[mode, c]
            scores[i] = score
    else:
        live = hands[0] | hands[1] | hands[2] | hands[3]
        for i in range(k):
            c = out[ob + i]
            s = c // 9
            top = True
            for j in range(8, -1, -1):
                c2 = orders[s, j]
                if (live >> c2) & 1:
                    top = c2 == c
                    break
            if top:
                score = 1000 + POINTS_T[mode, c] - (200 if s == trump else 0)
            else:
                score = 200 - POINTS_T[mode, c] * 4 - STRENGTH_T[mode, c]
            scores[i] = score
    # Sort by (score, card), highest first, as the reference sorts its (score, card) pairs.
    for i in range(1, k):
        sc = scores[i]
        c = out[ob + i]
        j = i - 1
        while j >= 0 and (scores[j] < sc or (scores[j] == sc and out[ob + j] < c)):
            scores[j + 1] = scores[j]
            out[ob + j + 1] = out[ob + j]
            j -= 1
        scores[j + 1] = sc
        out[ob + j + 1] = c
    for i in range(k):
        if out[ob + i] == first:
            for j in range(i, 0, -1):
                out[ob + j] = out[ob + j - 1]
            out[ob] = first
            break
    return k


@jit_inline
def _slot(tt: Int64s, state: Int64s, hands: Int64s, meta: int) -> int:
    """The table row holding this position, or ``-1 - row`` of the row to store it in."""
    h = (hands[0] * 0x1E3779B97F4A7C15) ^ (hands[1] * 0x42B2AE3D27D4EB4F) ^ (
        hands[2] * 0x165667B19E3779F9) ^ (hands[3] * 0x27D4EB2F165667C5) ^ (meta * 0x5851F42D)
    h ^= h >> 29
    mask = tt.shape[0] - 1
    base = h & mask & ~3
    gen = state[_S_GEN]
    free = -1
    for i in range(4):
        r = base + i
        if tt[r, 5] != gen:
            if free < 0:
                free = r
            continue
        if (tt[r, 0] == hands[0] and tt[r, 1] == hands[1] and tt[r, 2] == hands[2]
                and tt[r, 3] == hands[3] and tt[r, 4] == meta):
            return int(r)
    if free < 0:
        return int(-1 - base)
    return int(-1 - free)


# A frame of the search stack: the position, the window, the moves and where the loop is.
(_F_N, _F_LEADER, _F_TNO, _F_TAKEN, _F_ACC, _F_ALPHA, _F_BETA, _F_A0, _F_B0, _F_COUNT, _F_I,
 _F_BEST, _F_BMOVE, _F_ROW, _F_META, _F_USETT, _F_GAIN, _F_CARD) = range(18)
_FRAME: Final = 18


@jit_inline
def _update(f: Int64s, fb: int, v: int, c: int, maximise: bool) -> None:
    """A move's value ``v`` into its frame: best so far, the window and a cut-off."""
    if maximise:
        if v > f[fb + _F_BEST]:
            f[fb + _F_BEST] = v
            f[fb + _F_BMOVE] = c
            if v > f[fb + _F_ALPHA]:
                f[fb + _F_ALPHA] = v
                if f[fb + _F_ALPHA] >= f[fb + _F_BETA]:
                    f[fb + _F_I] = f[fb + _F_COUNT]
    elif v < f[fb + _F_BEST]:
        f[fb + _F_BEST] = v
        f[fb + _F_BMOVE] = c
        if v < f[fb + _F_BETA]:
            f[fb + _F_BETA] = v
            if f[fb + _F_ALPHA] >= f[fb + _F_BETA]:
                f[fb + _F_I] = f[fb + _F_COUNT]


@jit_inline
def _frame(f: Int64s, fb: int, n: int, leader: int, trick_no: int, taken: int, acc: int,
           alpha: int, beta: int) -> None:
    f[fb + _F_N] = n
    f[fb + _F_LEADER] = leader
    f[fb + _F_TNO] = trick_no
    f[fb + _F_TAKEN] = taken
    f[fb + _F_ACC] = acc
    f[fb + _F_ALPHA] = alpha
    f[fb + _F_BETA] = beta


@jit
def _search(hands: Int64s, tricks: Int64s, n0: int, leader0: int, trick_no0: int, taken0: int,
            acc0: int, team: int, forced: int, cfg: Int64s, modes: Int64s, orders: Int64s,
            pkey: Int64s, tt: Int64s, state: Int64s, moves: Int64s, scores: Int64s,
            frames: Int64s) -> int:
    """The value for ``team`` of the position with the full window (the reference's
    ``_search``); with ``forced`` a card, the value after the mover plays it (``_after``).

    The reference's recursion, run on an explicit stack of frames (numba cannot cache
    recursive functions safely).
    """
    trump = cfg[_C_TRUMP]
    double_bit = cfg[_C_DOUBLE]
    d = 0
    _frame(frames, 0, n0, leader0, trick_no0, taken0, acc0, -_INF, _INF)
    entering = True
    ret = 0
    while True:
        fb = d * _FRAME
        n = frames[fb + _F_N]
        leader = frames[fb + _F_LEADER]
        trick_no = frames[fb + _F_TNO]
        taken = frames[fb + _F_TAKEN]
        acc = frames[fb + _F_ACC]
        tb = trick_no * 4
        mover = (leader + n) % 4
        maximise = (mover & 1) == team
        mb = d * 9
        finished = False
        if entering:
            entering = False
            frames[fb + _F_A0] = frames[fb + _F_ALPHA]
            frames[fb + _F_B0] = frames[fb + _F_BETA]
            first = -1
            use_tt = n == 0 and (d > 0 or forced < 0)
            frames[fb + _F_USETT] = use_tt
            if use_tt:
                acck = acc if double_bit and (taken == 0 or taken == double_bit) else -1
                meta = leader | (taken << 2) | (team << 4) | ((acck + 1) << 5)
                row = _slot(tt, state, hands, meta)
                frames[fb + _F_META] = meta
                frames[fb + _F_ROW] = row
                if row >= 0:
                    kind = tt[row, 7] & 3
                    v = tt[row, 6]
                    first = tt[row, 7] >> 2
                    if kind == _EXACT:
                        finished = True
                    elif kind == _LOWER:
                        if v >= frames[fb + _F_BETA]:
                            finished = True
                        else:
                            frames[fb + _F_ALPHA] = max(frames[fb + _F_ALPHA], v)
                    elif v <= frames[fb + _F_ALPHA]:
                        finished = True
                    else:
                        frames[fb + _F_BETA] = min(frames[fb + _F_BETA], v)
                    if finished:
                        frames[fb + _F_USETT] = 0
                        frames[fb + _F_BEST] = v
            if not finished:
                if d == 0 and forced >= 0:
                    moves[mb] = forced
                    count = 1
                else:
                    lead_suit = tricks[tb] // 9 if n else -1
                    legal = legal_mask(hands[mover], lead_suit, best_trump_of(tricks, tb, n, trump),
                                       trump)
                    count = _ordered(hands, tricks, tb, n, legal, modes[trick_no], trump,
                                     orders, pkey, first, moves, mb, scores)
                frames[fb + _F_COUNT] = count
                frames[fb + _F_I] = 0
                frames[fb + _F_BEST] = -_INF if maximise else _INF
                frames[fb + _F_BMOVE] = moves[mb]
        else:
            c = frames[fb + _F_CARD]
            hands[mover] |= 1 << c
            _update(frames, fb, ret + frames[fb + _F_GAIN], c, maximise)
        descend = False
        while not finished:
            i = frames[fb + _F_I]
            if i >= frames[fb + _F_COUNT]:
                break
            frames[fb + _F_I] = i + 1
            c = moves[mb + i]
            state[_S_NODES] += 1
            hands[mover] &= ~(1 << c)
            tricks[tb + n] = c
            if n < 3:
                _frame(frames, fb + _FRAME, n + 1, leader, trick_no, taken, acc,
                       frames[fb + _F_ALPHA], frames[fb + _F_BETA])
                frames[fb + _F_GAIN] = 0
                frames[fb + _F_CARD] = c
                descend = True
                break
            mode = modes[trick_no]
            winner = (leader + winner_index(tricks, tb, 4, mode, trump)) % 4
            pts = (POINTS_T[mode, tricks[tb]] + POINTS_T[mode, tricks[tb + 1]]
                   + POINTS_T[mode, tricks[tb + 2]] + POINTS_T[mode, tricks[tb + 3]])
            last = trick_no == 8
            if last:
                pts += cfg[_C_LAST]
            wteam = winner & 1
            receiver = wteam ^ 1 if cfg[_C_MISERE] else wteam
            gain = pts if receiver == team else 0
            taken2 = taken | (1 << wteam)
            if not last:
                _frame(frames, fb + _FRAME, 0, winner, trick_no + 1, taken2, acc + pts,
                       frames[fb + _F_ALPHA] - gain, frames[fb + _F_BETA] - gain)
                frames[fb + _F_GAIN] = gain
                frames[fb + _F_CARD] = c
                descend = True
                break
            if taken2 != 3 and receiver == team:
                if taken2 == double_bit:
                    gain += acc + pts
                else:
                    gain += cfg[_C_MB1] if wteam else cfg[_C_MB0]
            hands[mover] |= 1 << c
            _update(frames, fb, gain, c, maximise)
        if descend:
            d += 1
            entering = True
            continue
        best = frames[fb + _F_BEST]
        if frames[fb + _F_USETT]:
            row = frames[fb + _F_ROW]
            if row >= 0:
                r = row
            else:
                r = -1 - row
                if tt[r, 5] != state[_S_GEN]:
                    state[_S_COUNT] += 1
            if best <= frames[fb + _F_A0]:
                kind = _UPPER
            elif best >= frames[fb + _F_B0]:
                kind = _LOWER
            else:
                kind = _EXACT
            tt[r, 0] = hands[0]
            tt[r, 1] = hands[1]
            tt[r, 2] = hands[2]
            tt[r, 3] = hands[3]
            tt[r, 4] = frames[fb + _F_META]
            tt[r, 5] = state[_S_GEN]
            tt[r, 6] = best
            tt[r, 7] = kind | (frames[fb + _F_BMOVE] << 2)
        if d == 0:
            return int(best)
        ret = best
        d -= 1


class SolverCore:
    """The compiled search of one solver (fixed rules, contract and declaring team)."""

    def __init__(self, contract: int, orders: Sequence[Sequence[int]], pkey: Sequence[int],
                 trump: int, misere: bool, last_bonus: int, match_bonus: Sequence[int],
                 double_bit: int) -> None:
        self.cfg = int64s([trump, int(misere), last_bonus, match_bonus[0], match_bonus[1],
                           double_bit])
        self.modes = modes_of(contract)
        self.orders = int64s(orders)
        self.pkey = int64s(pkey)
        self.tt = np.zeros((0, 8), dtype=np.int64)
        self.state = int64s([1, 0, 0])
        self.tricks = np.zeros(36, dtype=np.int64)
        self.moves = np.zeros(37 * 9, dtype=np.int64)
        self.scores = np.zeros(9, dtype=np.int64)
        self.frames = np.zeros(37 * _FRAME, dtype=np.int64)

    @property
    def nodes(self) -> int:
        """Positions visited so far."""
        return int(self.state[_S_NODES])

    def entries(self) -> int:
        """Positions stored in the table (at most ``TABLE_SLOTS``)."""
        return int(self.state[_S_COUNT])

    def clear(self) -> None:
        """Empty the table."""
        self.state[_S_GEN] += 1
        self.state[_S_COUNT] = 0

    def search(self, hands: Sequence[int], leader: int, trick: Sequence[int], trick_no: int,
               taken: int, acc: int, team: int, card: int = -1) -> int:
        """The value for ``team`` of the position, or with ``card``, after the mover plays it
        (the reference's ``_search`` and ``_after`` with the full window)."""
        slots = self.tt.shape[0]
        # About four slots per position a search of this many tricks stores.
        need = max(_MIN_SLOTS, min(TABLE_SLOTS, 1 << (2 * (9 - trick_no) + 3)))
        if slots < need or (slots < TABLE_SLOTS and self.entries() > slots // 2):
            self.tt = np.zeros((max(need, min(TABLE_SLOTS, 4 * slots)), 8), dtype=np.int64)
            self.state[_S_COUNT] = 0
        h = int64s(hands)
        n = len(trick)
        self.tricks[trick_no * 4:trick_no * 4 + n] = trick
        return int(_search(h, self.tricks, n, leader, trick_no, taken, acc, team, card,
                           self.cfg, self.modes, self.orders, self.pkey, self.tt, self.state,
                           self.moves, self.scores, self.frames))
