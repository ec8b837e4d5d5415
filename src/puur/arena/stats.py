"""Statistics for the arena: shares with confidence intervals, win-rate intervals, ratings.

* :func:`share_interval`: the share of points one side took over mirrored deal pairs, as a ratio
  of sums, with a 95% interval from the normal approximation over the pairs (delta method for a
  ratio estimator; each mirrored pair is one independent observation).
* :func:`wilson_interval`: the Wilson score interval for a count of wins.
* :func:`percentile`: linear interpolation between order statistics (numpy's default method).
* :func:`bradley_terry`: strengths fitted to a table of (fractional) wins with the MM algorithm
  of Hunter (2004), reported on the Elo scale (400 points = 10:1 odds), mean 1500.

Standard library only.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

__all__ = [
    "Z95",
    "Interval",
    "bradley_terry",
    "elo_expected",
    "mean_interval",
    "percentile",
    "share_interval",
    "wilson_interval",
]

Z95: Final = 1.959963984540054
"""The two-sided 95% quantile of the standard normal distribution."""


@dataclass(frozen=True)
class Interval:
    """An estimate with a 95% confidence interval."""

    value: float
    low: float
    high: float

    def as_list(self) -> list[float]:
        """``[low, high]`` rounded for reports."""
        return [round(self.low, 6), round(self.high, 6)]


def mean_interval(xs: Sequence[float], z: float = Z95) -> Interval:
    """Mean of ``xs`` with a normal-approximation interval (sample standard deviation).

    >>> mean_interval([1.0, 2.0, 3.0]).value
    2.0
    """
    n = len(xs)
    if n == 0:
        raise ValueError("no observations")
    m = sum(xs) / n
    if n == 1:
        return Interval(m, m, m)
    var = sum((x - m) ** 2 for x in xs) / (n - 1)
    half = z * math.sqrt(var / n)
    return Interval(m, m - half, m + half)


def share_interval(ours: Sequence[float], totals: Sequence[float], z: float = Z95) -> Interval:
    """Share ``sum(ours) / sum(totals)`` with a 95% interval over the pairs.

    Each index is one mirrored deal pair: the points one side took in both plays of the deal and
    the points both sides took. The interval is the delta-method one for a ratio of means:
    ``r ± z * sd(ours_i - r * totals_i) / (sqrt(n) * mean(totals))``. When every total is equal
    it is the plain interval of the mean of the per-pair shares.
    """
    n = len(ours)
    if n == 0 or n != len(totals):
        raise ValueError("need as many totals as points, and at least one pair")
    st = sum(totals)
    if st <= 0:
        raise ValueError("the totals must be positive")
    r = sum(ours) / st
    if n == 1:
        return Interval(r, r, r)
    resid = [o - r * t for o, t in zip(ours, totals, strict=True)]
    mr = sum(resid) / n
    var = sum((x - mr) ** 2 for x in resid) / (n - 1)
    half = z * math.sqrt(var / n) / (st / n)
    return Interval(r, r - half, r + half)


def wilson_interval(wins: float, n: int, z: float = Z95) -> Interval:
    """Win rate ``wins / n`` with the Wilson score interval.

    >>> iv = wilson_interval(8, 10)
    >>> round(iv.low, 3), round(iv.high, 3)
    (0.49, 0.943)
    """
    if n <= 0:
        raise ValueError("need at least one game")
    if not 0 <= wins <= n:
        raise ValueError("wins must lie between 0 and n")
    p = wins / n
    z2 = z * z
    denom = 1.0 + z2 / n
    centre = (p + z2 / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / denom
    return Interval(p, max(0.0, centre - half), min(1.0, centre + half))


def percentile(xs: Sequence[float], q: float) -> float:
    """The ``q``-th percentile (0..100) by linear interpolation between order statistics.

    >>> percentile([1.0, 2.0, 3.0, 4.0], 50)
    2.5
    """
    if not xs:
        raise ValueError("no observations")
    if not 0 <= q <= 100:
        raise ValueError("q must lie between 0 and 100")
    s = sorted(xs)
    pos = (len(s) - 1) * q / 100.0
    lo = math.floor(pos)
    hi = min(lo + 1, len(s) - 1)
    return s[lo] + (s[hi] - s[lo]) * (pos - lo)


def elo_expected(r_a: float, r_b: float) -> float:
    """Expected score of a player rated ``r_a`` against one rated ``r_b`` (Elo scale)."""
    return 1.0 / (1.0 + math.pow(10.0, (r_b - r_a) / 400.0))


def bradley_terry(
    n_players: int,
    results: Sequence[tuple[int, int, float, float]],
    prior: float = 0.5,
    iterations: int = 10_000,
    tol: float = 1e-10,
) -> list[float]:
    """Bradley-Terry ratings on the Elo scale (mean 1500) from pairwise results.

    ``results`` holds ``(i, j, score_i, games)``: player ``i`` scored ``score_i`` of ``games``
    against ``j`` (fractions allowed, e.g. a share of points times the number of deal pairs).
    The model says ``P(i beats j) = p_i / (p_i + p_j)``; the fit is the maximum-likelihood one,
    found by Hunter's MM iteration. A player who scored everything or nothing has no finite
    maximum-likelihood rating, so each player also gets ``prior`` points out of ``2 * prior``
    games against a virtual player of strength 1 (``prior=0`` gives the plain fit).

    >>> r = bradley_terry(2, [(0, 1, 75.0, 100.0)], prior=0)
    >>> round(r[0] - r[1], 1)  # 3:1 odds are 191 Elo points
    190.8
    """
    if n_players < 1:
        raise ValueError("need at least one player")
    if prior < 0:
        raise ValueError("prior must not be negative")
    wins = [prior] * n_players
    games: dict[tuple[int, int], float] = {}
    for i, j, s, g in results:
        if not (0 <= i < n_players and 0 <= j < n_players) or i == j:
            raise ValueError(f"bad pairing ({i}, {j})")
        if g <= 0 or not 0 <= s <= g:
            raise ValueError("each result needs games > 0 and 0 <= score <= games")
        wins[i] += s
        wins[j] += g - s
        key = (min(i, j), max(i, j))
        games[key] = games.get(key, 0.0) + g
    if prior == 0 and any(w <= 0 for w in wins):
        raise ValueError("a player without any score has no finite rating; use prior > 0")
    p = [1.0] * n_players
    for _ in range(iterations):
        new: list[float] = []
        for i in range(n_players):
            denom = 2.0 * prior / (p[i] + 1.0)
            for (a, b), g in games.items():
                if a == i:
                    denom += g / (p[i] + p[b])
                elif b == i:
                    denom += g / (p[i] + p[a])
            new.append(wins[i] / denom if denom > 0 else p[i])
        if prior == 0:
            gm = math.exp(sum(math.log(x) for x in new) / n_players)
            new = [x / gm for x in new]
        delta = max(abs(math.log(a / b)) for a, b in zip(new, p, strict=True))
        p = new
        if delta < tol:
            break
    logs = [400.0 * math.log10(x) for x in p]
    shift = 1500.0 - sum(logs) / n_players
    return [x + shift for x in logs]
