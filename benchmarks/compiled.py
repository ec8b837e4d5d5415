"""The compiled core against the pure-Python reference, measured in one run on the same positions.

Run from the repository root (one process, so one core; numba installed: ``pip install
-e '.[fast]'``)::

    .venv/bin/python benchmarks/compiled.py                  # 20 positions per depth
    .venv/bin/python benchmarks/compiled.py --positions 8 --seconds 1   # a short run

Figures, all in CPU seconds of this process (other programs on a shared machine do not count):

* **warm-up**: the first call of each compiled piece in this process (loading the machine code
  from numba's disk cache, or compiling it when there is none), and a compilation from scratch
  in a child process with an empty cache directory;
* **solver**: every legal card of the player to move solved exactly by
  :class:`puur.bots.dds.Solver` (a fresh solver per position, as for an analysis), both paths on
  the same random positions with 4, 5 and 6 tricks left (random play of the ``family`` rules,
  every contract in turn, part of the current trick played); median and 95th percentile seconds
  per position and the ratio of the medians; the values of both paths must be equal;
* **play-outs**: :meth:`puur.bots.playout.Playout.run` from random positions with 9 tricks
  left (a whole hand's card play, as for choosing a contract) and with 1 to 9 tricks left, the
  policy with open hands and without, on both paths; play-outs per second and their ratio;
* **fast simulator**: complete random hands under the full rules of ``--rules`` (Weis, Stöck,
  every contract of the preset, Match and Kontermatch) with
  :meth:`puur.fastsim.FastSim.play_many` in batches of 1,000, both paths, the very same hands;
  hands per second and their ratio;
* **batched simulator**: :func:`puur.compiled.batch.random_batch`, the same hands in batches
  of 10,000 with every decision's legal-action mask and what the seat saw as arrays; hands per
  second.

The last line is machine-readable:
``solver6_ratio=R solver6_median_s=S playout_ratio=R playouts_per_s=N sim_hands_per_s=N
batch_hands_per_s=N warmup_s=S compile_s=S`` (the play-out figures of 1 to 9 tricks left).
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))
sys.path.insert(0, str(ROOT / "tests"))

from compiled.cases import random_positions, taken  # noqa: E402  (the tests' positions)
from puur import compiled  # noqa: E402
from puur.bots.dds import Solver  # noqa: E402
from puur.bots.playout import Playout  # noqa: E402
from puur.fastsim import FastSim  # noqa: E402
from puur.round import Round  # noqa: E402
from puur.rules import PRESETS, RuleSet  # noqa: E402


def _engine_benchmark() -> object:
    """``benchmarks/engine.py`` (its name is taken by the tests' ``engine`` package)."""
    spec = importlib.util.spec_from_file_location("engine_benchmark", ROOT / "benchmarks" /
                                                  "engine.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


machine: Callable[[], str] = _engine_benchmark().machine  # type: ignore[attr-defined]


def warm_up() -> float:
    """CPU seconds of the first calls of the compiled solver and play-outs."""
    t0 = time.process_time()
    rnd = next(random_positions(PRESETS["family"], "warm", 1, 3, 3))
    Solver(rnd.rules, rnd.contract, rnd.declarer_team, compiled=True).values(
        list(rnd.hands), rnd.leader, list(rnd.trick), rnd.trick_no, taken(rnd),
        past_points=sum(rnd.trick_points))
    Playout(rnd.rules, rnd.contract, rnd.declarer_team, compiled=True).run(
        list(rnd.hands), rnd.leader, list(rnd.trick), rnd.trick_no, taken(rnd),
        past_points=sum(rnd.trick_points))
    compiled.set_enabled(True)
    FastSim(rnd.rules).play_many(random.Random(1), 1)
    compiled.set_enabled(None)
    from puur.compiled.batch import random_batch

    random_batch(rnd.rules, 1, random.Random(1))
    return time.process_time() - t0


def cold_compile() -> float:
    """Seconds a child process with an empty numba cache needs for :func:`warm_up`."""
    with tempfile.TemporaryDirectory() as cache:
        env = {**os.environ, "NUMBA_CACHE_DIR": cache}
        code = ("import sys; sys.argv = ['x']; import runpy; "
                f"m = runpy.run_path({str(Path(__file__))!r}, run_name='child'); "
                "print(m['warm_up']())")
        out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                             text=True, timeout=600, check=True)
        return float(out.stdout.strip().splitlines()[-1])


def solve_all(rnd: Round, flag: bool) -> tuple[float, dict[int, int]]:
    """CPU seconds to solve every legal card with a fresh solver, and the values."""
    args = (list(rnd.hands), rnd.leader, list(rnd.trick), rnd.trick_no, taken(rnd))
    t0 = time.process_time()
    s = Solver(rnd.rules, rnd.contract, rnd.declarer_team, compiled=flag)
    v = s.values(*args, past_points=sum(rnd.trick_points))
    return time.process_time() - t0, v


def p95(xs: list[float]) -> float:
    """The 95th percentile (nearest rank)."""
    ys = sorted(xs)
    return ys[min(len(ys) - 1, round(0.95 * (len(ys) - 1)))]


def solver_figures(left: int, count: int, seed: int) -> tuple[float, float]:
    """Print one line for ``left`` tricks left; return the ratio of the medians and the compiled
    median."""
    ref: list[float] = []
    fast: list[float] = []
    for rnd in random_positions(PRESETS["family"], f"bench:{seed}:{left}", count, left, left):
        tr, vr = solve_all(rnd, False)
        tf, vf = solve_all(rnd, True)
        if vr != vf:
            raise SystemExit(f"the compiled solver disagrees: {vr} != {vf}")
        ref.append(tr)
        fast.append(tf)
    mr, mf = statistics.median(ref), statistics.median(fast)
    print(f"solver, {left} tricks left, {count} positions: reference median {mr:.4f} s, "
          f"p95 {p95(ref):.4f} s; compiled median {mf:.5f} s, p95 {p95(fast):.5f} s; "
          f"ratio of medians {mr / mf:.1f}x, of totals {sum(ref) / sum(fast):.1f}x")
    return mr / mf, mf


def rate(step: Callable[[], int], seconds: float) -> float:
    """Units of work per CPU second over ``seconds``."""
    step()
    done = 0
    t0 = time.process_time()
    while time.process_time() - t0 < seconds:
        done += step()
    return done / (time.process_time() - t0)


def playout_step(flag: bool, seed: int, low: int) -> Callable[[], int]:
    """One pass of play-outs over 200 recorded positions with ``low`` to 9 tricks left (both
    policies)."""
    jobs = []
    positions = random_positions(PRESETS["family"], f"playout:{seed}:{low}", 200, low, 9)
    for i, rnd in enumerate(positions):
        p = Playout(rnd.rules, rnd.contract, rnd.declarer_team, open_hands=i % 2 == 0,
                    compiled=flag)
        jobs.append((p.run, tuple(rnd.hands), rnd.leader, tuple(rnd.trick), rnd.trick_no,
                     taken(rnd), sum(rnd.trick_points)))

    def step() -> int:
        for run, hands, leader, trick, trick_no, tk, past in jobs:
            run(list(hands), leader, list(trick), trick_no, tk, past_points=past)
        return len(jobs)

    return step


def sim_step(rules: RuleSet, flag: bool, seed: int) -> Callable[[], int]:
    """A batch of 1,000 complete random hands on one path."""
    sim = FastSim(rules)
    rng = random.Random(seed)

    def step() -> int:
        compiled.set_enabled(flag)
        try:
            sim.play_many(rng, 1000)
        finally:
            compiled.set_enabled(None)
        return 1000

    return step


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark and print the figures; the last line is machine-readable."""
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--positions", type=int, default=20,
                   help="solver positions per depth (default 20)")
    p.add_argument("--seconds", type=float, default=3.0,
                   help="CPU seconds per play-out figure (default 3)")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--rules", default="standard-2500", choices=sorted(PRESETS),
                   help="rule preset of the fast simulator (default standard-2500)")
    p.add_argument("--no-cold", action="store_true",
                   help="skip the compilation from scratch in a child process")
    args = p.parse_args(argv)
    if args.positions < 1 or args.seconds <= 0:
        p.error("--positions must be at least 1 and --seconds positive")
    if not compiled.available():
        p.error("numba is not installed: pip install -e '.[fast]'")
    print("Puur compiled core against the pure-Python reference: one process, CPU seconds")
    print(f"machine: {machine()}")
    warm = warm_up()
    print(f"warm-up (first calls in this process, from the disk cache when there is one): "
          f"{warm:.2f} s")
    cold = float("nan") if args.no_cold else cold_compile()
    print(f"compilation from scratch (empty cache, child process): {cold:.2f} s")
    ratio6 = median6 = 0.0
    for left in (4, 5, 6):
        ratio6, median6 = solver_figures(left, args.positions, args.seed)
    for low in (9, 1):
        ref = rate(playout_step(False, args.seed, low), args.seconds)
        fast = rate(playout_step(True, args.seed, low), args.seconds)
        print(f"play-outs (Playout.run, {low}-9 tricks left): reference {ref:,.0f}/s, "
              f"compiled {fast:,.0f}/s, ratio {fast / ref:.1f}x")
    rules = PRESETS[args.rules]
    sim_ref = rate(sim_step(rules, False, args.seed), args.seconds)
    sim_fast = rate(sim_step(rules, True, args.seed), args.seconds)
    print(f"fast simulator (FastSim.play_many, {args.rules}, full rules): reference "
          f"{sim_ref:,.0f} hands/s, compiled {sim_fast:,.0f} hands/s, ratio "
          f"{sim_fast / sim_ref:.1f}x")
    from puur.compiled.batch import random_batch

    batch_rng = random.Random(args.seed)

    def batch_step() -> int:
        random_batch(rules, 10_000, batch_rng)
        return 10_000

    batch = rate(batch_step, args.seconds)
    print(f"batched simulator (random_batch, {args.rules}, masks and observations as arrays): "
          f"{batch:,.0f} hands/s")
    print(f"solver6_ratio={ratio6:.1f} solver6_median_s={median6:.5f} "
          f"playout_ratio={fast / ref:.1f} playouts_per_s={fast:.0f} "
          f"sim_hands_per_s={sim_fast:.0f} batch_hands_per_s={batch:.0f} warmup_s={warm:.2f} "
          f"compile_s={cold:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
