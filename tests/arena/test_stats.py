"""Arena statistics on known inputs."""

from __future__ import annotations

import math
import statistics

import pytest

from puur.arena.stats import (
    Z95,
    bradley_terry,
    elo_expected,
    mean_interval,
    percentile,
    share_interval,
    wilson_interval,
)


def test_mean_interval_of_a_known_sample() -> None:
    xs = [2.0, 4.0, 4.0, 4.0, 5.0, 5.0, 7.0, 9.0]
    iv = mean_interval(xs)
    sd = statistics.stdev(xs)
    assert iv.value == pytest.approx(5.0)
    assert iv.high - iv.value == pytest.approx(Z95 * sd / math.sqrt(8))
    assert iv.value - iv.low == pytest.approx(iv.high - iv.value)
    assert statistics.NormalDist().inv_cdf(0.975) == pytest.approx(Z95)


def test_share_with_equal_totals_is_the_mean_of_pair_shares() -> None:
    # Bare rules: every mirrored pair totals 314 points.
    ours = [200.0, 180.0, 157.0, 220.0, 190.0]
    tot = [314.0] * 5
    iv = share_interval(ours, tot)
    plain = mean_interval([o / 314.0 for o in ours])
    assert iv.value == pytest.approx(plain.value)
    assert iv.low == pytest.approx(plain.low)
    assert iv.high == pytest.approx(plain.high)


def test_share_is_a_ratio_of_sums_with_unequal_totals() -> None:
    ours = [100.0, 300.0]
    tot = [200.0, 400.0]
    iv = share_interval(ours, tot)
    assert iv.value == pytest.approx(400.0 / 600.0)
    # Delta method by hand: residuals o - r t = (-33.33, 33.33), sd = 47.14, mean total 300.
    half = Z95 * statistics.stdev([100 - 2 / 3 * 200, 300 - 2 / 3 * 400]) / math.sqrt(2) / 300
    assert iv.high - iv.value == pytest.approx(half)


def test_share_rejects_bad_input() -> None:
    with pytest.raises(ValueError):
        share_interval([], [])
    with pytest.raises(ValueError):
        share_interval([1.0], [1.0, 2.0])
    with pytest.raises(ValueError):
        share_interval([0.0], [0.0])


def test_wilson_interval_against_the_formula_and_edges() -> None:
    iv = wilson_interval(8, 10)
    # Reference values of the Wilson score interval for 8/10 at 95%.
    assert iv.low == pytest.approx(0.4902, abs=1e-4)
    assert iv.high == pytest.approx(0.9433, abs=1e-4)
    zero = wilson_interval(0, 20)
    assert zero.low == 0.0 and 0.1 < zero.high < 0.2
    full = wilson_interval(20, 20)
    assert full.high == 1.0 and 0.8 < full.low < 0.9
    with pytest.raises(ValueError):
        wilson_interval(3, 2)
    with pytest.raises(ValueError):
        wilson_interval(0, 0)


def test_percentile_interpolates() -> None:
    xs = [float(x) for x in range(1, 101)]  # 1..100
    assert percentile(xs, 95) == pytest.approx(95.05)
    assert percentile(xs, 0) == 1.0 and percentile(xs, 100) == 100.0
    assert percentile([3.0], 95) == 3.0
    with pytest.raises(ValueError):
        percentile([], 50)


def test_bradley_terry_recovers_constructed_strengths() -> None:
    strengths = [1.0, 2.0, 4.0, 8.0]
    table = []
    for i in range(4):
        for j in range(i + 1, 4):
            games = 200.0
            table.append((i, j, games * strengths[i] / (strengths[i] + strengths[j]), games))
    ratings = bradley_terry(4, table, prior=0)
    step = 400 * math.log10(2)  # each player twice as strong as the one before
    for i in range(3):
        assert ratings[i + 1] - ratings[i] == pytest.approx(step, abs=1e-6)
    assert sum(ratings) / 4 == pytest.approx(1500.0)
    # The fitted ratings reproduce the table's expected scores.
    assert elo_expected(ratings[0], ratings[1]) == pytest.approx(1 / 3)


def test_bradley_terry_prior_keeps_a_clean_sweep_finite() -> None:
    r = bradley_terry(2, [(0, 1, 10.0, 10.0)])
    assert math.isfinite(r[0]) and r[0] > r[1]
    with pytest.raises(ValueError):
        bradley_terry(2, [(0, 1, 10.0, 10.0)], prior=0)
    with pytest.raises(ValueError):
        bradley_terry(2, [(0, 0, 1.0, 2.0)])
