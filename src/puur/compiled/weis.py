"""The Weis splits a hand is offered, compiled (rule book §2.5): as
:meth:`puur.fastweis.WeisOffers.offer` lists them, and for a hand with four of a kind the splits
of :func:`puur.weis.weis_options` (every choice of the fours, with the runs of the cards left,
best first), as points and a key of the best single Weis that orders like
:func:`puur.weis.meld_key`.
"""

from __future__ import annotations

from puur.actions import MAX_WEIS_OPTIONS
from puur.cards import RANK_MASK
from puur.compiled._tables import Int64s, int64s, jit_inline
from puur.fastweis import _SEQ_CLASSIC, _SEQ_LARGE

__all__ = ["offers", "seq_offer"]

#: Per Weis table (classic, large): per 9-bit suit pattern the points of its runs and the best
#: run's key with the height from the top card and from the bottom card (puur.fastweis).
_SEQ_T = int64s([_SEQ_CLASSIC, _SEQ_LARGE])
#: Points of four of a kind by rank (a rank that only scores with ``weis_four_low``: 100).
_FOUR_POINTS_T = int64s([p or 100 for p in (0, 0, 0, 150, 100, 200, 100, 100, 100)])
_RANK_MASK_T = int64s(RANK_MASK)
_RUN3_START = sum(0x7F << (9 * s) for s in range(4))


@jit_inline
def seq_offer(x: int, large: int, col: int, trump: int) -> tuple[int, int]:
    """The points of the runs in ``x`` and the best run's key (puur.fastweis tables)."""
    total = 0
    best = 0
    for su in range(4):
        p = (x >> (9 * su)) & 0x1FF
        pts = _SEQ_T[large, 0, p]
        if pts:
            total += pts
            kk = _SEQ_T[large, col, p] + (1 if su == trump else 0)
            if kk > best:
                best = kk
    return total, best


@jit_inline
def offers(x: int, mode: int, trump: int, large: int, four_ranks: int, kreuzweis: int,
           work: Int64s, at_pts: int, at_key: int, at_ranks: int) -> int:
    """The Weis splits hand ``x`` is offered, best first, as points and key into ``work`` (as
    :meth:`puur.fastweis.WeisOffers.offer`); returns how many. ``work[at_ranks:at_ranks + 4]``
    is scratch space."""
    col = 2 if mode == 5 else 1
    fr = x & (x >> 9) & (x >> 18) & (x >> 27) & four_ranks
    if not fr:
        if not x & (x >> 1) & (x >> 2) & _RUN3_START:
            return 0
        total, best = seq_offer(x, large, col, trump)
        work[at_pts] = total
        work[at_key] = best
        return 1
    ranks = work[at_ranks:at_ranks + 4]
    nf = 0
    for r in range(9):
        if (fr >> r) & 1:
            ranks[nf] = r
            nf += 1
    if kreuzweis:
        total, best = seq_offer(x, large, col, trump)
        for f in range(nf):
            r = ranks[f]
            total += _FOUR_POINTS_T[r]
            kk = ((_FOUR_POINTS_T[r] * 16 + 4) * 16 + (8 - r if mode == 5 else r)) * 2
            if kk > best:
                best = kk
        work[at_pts] = total
        work[at_key] = best
        return 1
    k = 0
    for subset in range(1 << nf):
        used = 0
        total = 0
        best = 0
        for f in range(nf):
            if (subset >> f) & 1:
                r = ranks[f]
                used |= _RANK_MASK_T[r]
                total += _FOUR_POINTS_T[r]
                kk = ((_FOUR_POINTS_T[r] * 16 + 4) * 16 + (8 - r if mode == 5 else r)) * 2
                if kk > best:
                    best = kk
        sp, sk = seq_offer(x & ~used, large, col, trump)
        if not subset and not sp:
            continue
        total += sp
        if sk > best:
            best = sk
        # Insert after every split at least as good (a stable sort, best first).
        j = k
        while j > 0 and (work[at_pts + j - 1] < total or (
                work[at_pts + j - 1] == total and work[at_key + j - 1] < best)):
            work[at_pts + j] = work[at_pts + j - 1]
            work[at_key + j] = work[at_key + j - 1]
            j -= 1
        work[at_pts + j] = total
        work[at_key + j] = best
        k += 1
    return min(k, MAX_WEIS_OPTIONS)
