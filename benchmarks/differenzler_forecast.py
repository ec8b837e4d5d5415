"""The Differenzler rule player's forecast error, and the fit of its forecast model.

Run from the repository root::

    .venv/bin/python benchmarks/differenzler_forecast.py                 # measure, 4 players
    .venv/bin/python benchmarks/differenzler_forecast.py --players 3
    .venv/bin/python benchmarks/differenzler_forecast.py --fit --deals 3000 --rounds 2

Every seat of each hand is played by the rule player (seeds ``"{seed}:{i}"``, one hand per
deal). The *forecast error* of a seat is ``|forecast - points made|`` (its penalty with no exact
bonus); the report gives its mean with a 95% interval over the deals, its median, and how often
the forecast was exact.

``--fit`` refits the model the player uses: the forecast coefficients per table size and kind
of game (a trump suit, or Obenabe/Undenufe under ``turned_card_modes``) by least absolute
deviations (iteratively reweighted least squares), and the estimate of the points still to come
during play (``LATER``) with its spread (``SPREAD``). Each round plays the deals with the model
of the round before, so the fit matches the play it steers. It prints the new constants for
``src/puur/bots/differenzler.py``.

The last line is machine-readable: ``mean_error=E ci_low=L ci_high=H exact=X``.
"""

from __future__ import annotations

import argparse
import math
import platform
import statistics
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

from puur.arena.stats import mean_interval
from puur.bots import differenzler as dz
from puur.bots.knowledge import know
from puur.cards import NUM_CARDS
from puur.variants.differenzler import DifferenzlerGame, DifferenzlerRules


@dataclass
class Samples:
    """What one run recorded."""

    errors: list[float] = field(default_factory=list)
    per_deal: list[float] = field(default_factory=list)
    exact: int = 0
    #: (players, kind) -> rows of (features, points made)
    forecast: dict[tuple[int, str], list[tuple[list[float], float]]] = field(default_factory=dict)
    #: (worth of the cards kept, tricks after, points taken later)
    later: list[tuple[float, int, float]] = field(default_factory=list)


def play(rules: DifferenzlerRules, seed: str, deals: int, out: Samples) -> None:
    """Play ``deals`` hands with the rule player in every seat, recording into ``out``."""
    bot = dz.DifferenzlerPlayer()
    n = rules.players
    one = rules.replace(hands=1)
    for i in range(deals):
        game = DifferenzlerGame(one, seed=f"{seed}:{i}")
        hand = game.round
        feats: dict[int, list[float]] = {}
        pending: list[tuple[int, int, float, int]] = []  # (seat, trick, worth kept, after)
        while not game.is_over:
            seat = game.to_move
            obs = game.observation(seat)
            if obs.phase == "forecast":
                feats[seat] = dz.forecast_features(
                    obs.hand, obs.mode, obs.trump, seat == obs.dealer and obs.turned >= 0,
                    seat == (obs.dealer + 1) % n,
                )
            action = bot.act(obs)
            if obs.phase == "play" and action < NUM_CARDS:
                after = NUM_CARDS // n - obs.trick_no - 1
                if after > 0:
                    k = know(obs, tuple(range(n)))
                    worth = dz.kept_worth(k, obs.hand & ~(1 << action))
                    pending.append((seat, obs.trick_no, worth, after))
            game.push(action)
        kind = "trump" if hand.trump >= 0 else "nt"
        rows = out.forecast.setdefault((n, kind), [])
        errs = []
        for s in range(n):
            rows.append((feats[s], float(hand.made[s])))
            err = abs(hand.forecasts[s] - hand.made[s])
            errs.append(err)
            out.exact += err == 0
        out.errors += errs
        out.per_deal.append(sum(errs) / n)
        # Points each seat took after each trick.
        taken_after = []
        for t in range(len(hand.trick_winners)):
            row = [0] * n
            for u in range(t + 1, len(hand.trick_winners)):
                row[hand.trick_winners[u]] += hand.trick_values[u]
            taken_after.append(row)
        for seat, t, worth, after in pending:
            out.later.append((worth, after, float(taken_after[t][seat])))


# ---------------------------------------------------------------------------------------------
# Least absolute deviations by iteratively reweighted least squares


def _solve(a: list[list[float]], b: list[float]) -> list[float]:
    """Solve ``a x = b`` by Gaussian elimination with partial pivoting (a small ridge keeps
    unused features at zero)."""
    n = len(b)
    m = [[*row, b[i]] for i, row in enumerate(a)]
    for i in range(n):
        m[i][i] += 1e-6
    for col in range(n):
        piv = max(range(col, n), key=lambda r: abs(m[r][col]))
        m[col], m[piv] = m[piv], m[col]
        if abs(m[col][col]) < 1e-12:
            continue
        for r in range(n):
            if r != col and m[r][col]:
                f = m[r][col] / m[col][col]
                for c in range(col, n + 1):
                    m[r][c] -= f * m[col][c]
    return [m[i][n] / m[i][i] if abs(m[i][i]) > 1e-12 else 0.0 for i in range(n)]


def lad_fit(xs: list[list[float]], ys: list[float], iterations: int = 20) -> list[float]:
    """Coefficients minimising the mean absolute error of ``x · coef`` against ``y``."""
    d = len(xs[0])
    w = [1.0] * len(xs)
    coef = [0.0] * d
    for _ in range(iterations):
        a = [[0.0] * d for _ in range(d)]
        b = [0.0] * d
        for x, y, wi in zip(xs, ys, w, strict=True):
            for i in range(d):
                if x[i]:
                    wx = wi * x[i]
                    b[i] += wx * y
                    row = a[i]
                    for j in range(d):
                        row[j] += wx * x[j]
        coef = _solve(a, b)
        w = [1.0 / max(1.0, abs(y - sum(c * v for c, v in zip(coef, x, strict=True))))
             for x, y in zip(xs, ys, strict=True)]
    return coef


def fit(samples: Samples) -> None:
    """Refit the model from ``samples`` and install it in the player (this process only)."""
    for key, rows in sorted(samples.forecast.items()):
        if len(rows) < 200:
            print(f"  {key}: {len(rows)} rows, too few to fit; kept", file=sys.stderr)
            continue
        coef = lad_fit([r[0] for r in rows], [r[1] for r in rows])
        dz.FORECAST_MODELS[key] = tuple(round(c, 2) for c in coef)
        mae = statistics.fmean(
            abs(y - sum(c * v for c, v in zip(coef, x, strict=True))) for x, y in rows)
        print(f"  {key}: {len(rows)} rows, fitted error {mae:.2f}", file=sys.stderr)
    later = samples.later
    coef = lad_fit([[w, float(a)] for w, a, _y in later], [y for _w, _a, y in later])
    dz.LATER = (round(coef[0], 3), round(coef[1], 3))
    # The spread of the later points by tricks to come: sd = a + b * sqrt(after).
    by_after: dict[int, list[float]] = {}
    for w, a, y in later:
        by_after.setdefault(a, []).append(abs(y - coef[0] * w - coef[1] * a))
    pts = [(math.sqrt(a), statistics.fmean(r) * math.sqrt(math.pi / 2))
           for a, r in by_after.items() if len(r) >= 30]
    if len(pts) >= 2:
        sx = statistics.fmean(p[0] for p in pts)
        sy = statistics.fmean(p[1] for p in pts)
        b = (sum((x - sx) * (y - sy) for x, y in pts) / sum((x - sx) ** 2 for x, _ in pts))
        dz.SPREAD = (round(max(0.5, sy - b * sx), 2), round(b, 2))


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--players", type=int, choices=(3, 4), default=4)
    p.add_argument("--deals", type=int, default=1000)
    p.add_argument("--seed", default="forecast")
    p.add_argument("--fit", action="store_true", help="refit the model (both table sizes)")
    p.add_argument("--rounds", type=int, default=2, help="fitting rounds (with --fit)")
    args = p.parse_args(argv)
    print(f"machine: {platform.machine()}, Python {platform.python_version()}, "
          f"{platform.system()}", file=sys.stderr)
    if args.fit:
        for r in range(args.rounds):
            samples = Samples()
            for players in (4, 3):
                base = DifferenzlerRules(players=players)
                play(base, f"fit{r}:{players}", args.deals, samples)
                play(base.replace(turned_card_modes=True), f"fit{r}:{players}:modes",
                     args.deals // 2, samples)
            print(f"round {r + 1}: mean error {statistics.fmean(samples.errors):.2f}",
                  file=sys.stderr)
            fit(samples)
        print("FORECAST_MODELS = {")
        for key, coef in sorted(dz.FORECAST_MODELS.items(), reverse=True):
            print(f"    {key!r}: {coef!r},")
        print("}")
        print(f"LATER = {dz.LATER!r}")
        print(f"SPREAD = {dz.SPREAD!r}")
    t0 = time.perf_counter()
    samples = Samples()
    play(DifferenzlerRules(players=args.players), args.seed, args.deals, samples)
    iv = mean_interval(samples.per_deal)
    exact = samples.exact / len(samples.errors)
    print(f"{args.players} players, {args.deals} hands, {time.perf_counter() - t0:.1f} s: "
          f"mean forecast error {iv.value:.2f} (95% CI {iv.low:.2f}-{iv.high:.2f}), "
          f"median {statistics.median(samples.errors):.1f}, exact {100 * exact:.1f}%")
    print(f"mean_error={iv.value:.3f} ci_low={iv.low:.3f} ci_high={iv.high:.3f} "
          f"exact={exact:.4f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
