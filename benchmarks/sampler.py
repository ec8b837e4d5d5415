"""The compiled deal sampler against the pure-Python reference, measured in one run on the same
positions.

Run from the repository root (one process, so one core; numba installed: ``pip install
-e '.[fast]'``)::

    .venv/bin/python benchmarks/sampler.py                   # 60 positions
    .venv/bin/python benchmarks/sampler.py --positions 20    # a short run

Positions: random card play of the ``--rules`` preset (every contract in turn), every seat's
observation from the first to the last trick, those without announced Weis of another seat
(the compiled pool deals those; announced Weis keep the reference's rejection). For each, the
same deals are drawn by :meth:`puur.bots.sampler.DealSampler.sample_many` on both paths, from
the same seed (the deals must be equal), in batches of ``--batch`` deals (64: the largest batch
of the search's :class:`~puur.bots.sampler.DealStream`; 8: its first). Figures in CPU seconds
of this process: deals per second on each path and their ratio, and the set-up of a sampler per
position (the observation's constraints, the reference's count; the compiled path also fills
its table of counts), which every decision pays once.

The last line is machine-readable: ``sampler_ratio=R ref_deals_per_s=N compiled_deals_per_s=N
small_batch_ratio=R setup_ref_ms=S setup_compiled_ms=S``.
"""

from __future__ import annotations

import argparse
import importlib.util
import platform
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))
sys.path.insert(0, str(ROOT / "tests"))

from compiled.cases import random_positions  # noqa: E402  (the tests' positions)
from puur.bots.sampler import DealSampler  # noqa: E402
from puur.observation import Observation  # noqa: E402
from puur.rules import PRESETS  # noqa: E402


def observations(preset: str, count: int, seed: int) -> list[Observation]:
    """Up to ``count`` observations without another seat's announced Weis."""
    out: list[Observation] = []
    for rnd in random_positions(PRESETS[preset], f"sampler-{seed}", count, 1, 9):
        obs = rnd.observation(len(out) % 4)
        if not DealSampler(obs).check_weis:
            out.append(obs)
    return out


def draw_rate(samplers: list[DealSampler], flag: bool, batch: int, rounds: int) -> tuple[
    float, list[list[tuple[int, ...]]]
]:
    """Deals per CPU second over every sampler, and the deals."""
    deals = []
    t0 = time.process_time()
    for k, s in enumerate(samplers):
        rng = random.Random(k)
        got: list[tuple[int, ...]] = []
        for _ in range(rounds):
            got += s.sample_many(rng, batch, compiled=flag)
        deals.append(got)
    spent = time.process_time() - t0
    return len(samplers) * rounds * batch / spent, deals


def setup_ms(obs: list[Observation], flag: bool) -> float:
    """Mean CPU milliseconds to build a sampler and draw its first batch of 8 deals."""
    t0 = time.process_time()
    for k, o in enumerate(obs):
        DealSampler(o).sample_many(random.Random(k), 8, compiled=flag)
    return (time.process_time() - t0) / len(obs) * 1000


def main(argv: list[str] | None = None) -> int:
    """Print the figures; 1 when numba is missing or the two paths deal differently."""
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--positions", type=int, default=60, help="positions drawn (default 60)")
    p.add_argument("--rounds", type=int, default=20, help="batches per position (default 20)")
    p.add_argument("--batch", type=int, default=64, help="deals per batch (default 64)")
    p.add_argument("--rules", default="family", choices=sorted(PRESETS))
    p.add_argument("--seed", type=int, default=1)
    a = p.parse_args(argv)
    if importlib.util.find_spec("numba") is None:
        print("numba is not installed: pip install -e '.[fast]'", file=sys.stderr)
        return 1
    obs = observations(a.rules, a.positions, a.seed)
    print(f"machine: {platform.machine()}, {platform.python_implementation()} "
          f"{platform.python_version()}, {platform.system()}")
    print(f"{len(obs)} positions of {a.rules} without announced Weis, "
          f"{a.rounds} batches of {a.batch} deals each")
    # Warm up: load the compiled code (or compile it) before anything is timed.
    DealSampler(obs[0]).sample_many(random.Random(0), 2, compiled=True)
    setup_ref = setup_ms(obs, False)
    setup_fast = setup_ms(obs, True)
    samplers = [DealSampler(o) for o in obs]
    for s in samplers:  # the set-up is timed above: fill each path's tables first
        s.sample_many(random.Random(0), 2, compiled=True)
    ref_rate, ref_deals = draw_rate(samplers, False, a.batch, a.rounds)
    fast_rate, fast_deals = draw_rate(samplers, True, a.batch, a.rounds)
    if ref_deals != fast_deals:
        print("the compiled sampler dealt other deals than the reference", file=sys.stderr)
        return 1
    small_ref, _ = draw_rate(samplers, False, 8, a.rounds)
    small_fast, _ = draw_rate(samplers, True, 8, a.rounds)
    print(f"reference: {ref_rate:,.0f} deals/s   compiled: {fast_rate:,.0f} deals/s   "
          f"ratio {fast_rate / ref_rate:.1f}  (batches of {a.batch}, the same deals)")
    print(f"batches of 8: ratio {small_fast / small_ref:.1f}")
    print(f"set-up and a first batch of 8: reference {setup_ref:.2f} ms, "
          f"compiled {setup_fast:.2f} ms per position")
    print(f"sampler_ratio={fast_rate / ref_rate:.2f} ref_deals_per_s={ref_rate:.0f} "
          f"compiled_deals_per_s={fast_rate:.0f} small_batch_ratio={small_fast / small_ref:.2f} "
          f"setup_ref_ms={setup_ref:.3f} setup_compiled_ms={setup_fast:.3f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
