"""The fast simulator's Weis offers, from tables (rule book §2.5).

For each hand the fast path needs the splits a seat is offered, best first, with the points of
each and a key of its best single Weis that orders like :func:`puur.weis.meld_key`. Hands
without a scoring four of a kind have one split, found per suit from tables built at import;
the rare hands with one (about one in 75) take their splits from :func:`puur.weis.weis_options`.
"""

from __future__ import annotations

from typing import Final

from puur._checks import show
from puur.actions import MAX_WEIS_OPTIONS
from puur.contracts import MODE_UNDENUFE
from puur.rules import RuleSet
from puur.weis import _meld_key, _weis_options

__all__ = ["WeisOffers"]

# Start bits of a possible three-card run inside one suit (ranks 0..6 of each suit).
_RUN3_START: Final = sum(0x7F << (9 * s) for s in range(4))
# Ranks whose four of a kind scores: 9, 10, U, O, K, A; and 6, 7, 8 with ``weis_four_low``.
_FOUR_RANKS: Final = 0b111111000
_FOUR_RANKS_LOW: Final = 0b111111111
_SEQ_POINTS_CLASSIC: Final = (0, 0, 0, 20, 50, 100, 100, 100, 100, 100)
_SEQ_POINTS_LARGE: Final = (0, 0, 0, 20, 50, 100, 150, 200, 250, 300)


def _key(points: int, length: int, height: int, trump: int) -> int:
    """A meld's comparison key (points, length, height, trump) packed into one int."""
    return ((points * 16 + length) * 16 + height) * 2 + trump


def _seq_tables(
    points_by_length: tuple[int, ...],
) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    """For each 9-bit suit pattern: the points of its runs, and the best run's key (without the
    trump flag) when the height is the top card (Obenabe, trumps) or the bottom card (Undenufe)."""
    pts: list[int] = []
    key_high: list[int] = []
    key_low: list[int] = []
    for pattern in range(512):
        total = best_high = best_low = 0
        r = 0
        while r < 9:
            if not pattern >> r & 1:
                r += 1
                continue
            start = r
            while r < 9 and pattern >> r & 1:
                r += 1
            length = r - start
            if length >= 3:
                p = points_by_length[length]
                total += p
                best_high = max(best_high, _key(p, length, r - 1, 0))
                best_low = max(best_low, _key(p, length, 8 - start, 0))
        pts.append(total)
        key_high.append(best_high)
        key_low.append(best_low)
    return tuple(pts), tuple(key_high), tuple(key_low)


_SEQ_CLASSIC: Final = _seq_tables(_SEQ_POINTS_CLASSIC)
_SEQ_LARGE: Final = _seq_tables(_SEQ_POINTS_LARGE)


class WeisOffers:
    """The Weis offers of one rule set. :meth:`offer` is a trusted fast function: it checks
    nothing (:meth:`puur.fastsim.FastSim.weis_offer` is its checked face)."""

    def __init__(self, rules: RuleSet) -> None:
        if not isinstance(rules, RuleSet):
            raise ValueError(f"rules must be a RuleSet, not {show(rules)}")
        self.rules: Final = rules
        self._weis = rules.weis
        self._four_ranks = _FOUR_RANKS_LOW if rules.weis_four_low else _FOUR_RANKS
        self._seq = _SEQ_LARGE if rules.large_weis else _SEQ_CLASSIC

    def offer(self, hand: int, mode: int, trump: int) -> list[tuple[int, int]]:
        """The Weis splits ``hand`` is offered in ``mode``, best first, as ``(points, key)``
        (see :meth:`puur.fastsim.FastSim.weis_offer`); the arguments are not checked."""
        if not self._weis:
            return []
        fours = hand & (hand >> 9) & (hand >> 18) & (hand >> 27) & self._four_ranks
        if fours:
            # Rare: the splits around a four of a kind come from the reference code itself.
            out: list[tuple[int, int]] = []
            for split in _weis_options(hand, self.rules, mode, trump)[:MAX_WEIS_OPTIONS]:
                top = max(_key(*_meld_key(m, mode, trump)) for m in split)
                out.append((sum(m.points for m in split), top))
            return out
        if not hand & (hand >> 1) & (hand >> 2) & _RUN3_START:
            return []
        seq_pts, key_high, key_low = self._seq
        keys = key_low if mode == MODE_UNDENUFE else key_high
        total = best = 0
        for s in range(4):
            p = (hand >> (9 * s)) & 0x1FF
            pts = seq_pts[p]
            if pts:
                total += pts
                k = keys[p] + (s == trump)
                if k > best:
                    best = k
        return [(total, best)]
