"""Engine speed: complete random hands per second and legal-card computations per second.

Run from the repository root (one process, so one core)::

    .venv/bin/python benchmarks/engine.py              # about 3 s per figure
    .venv/bin/python benchmarks/engine.py --seconds 1  # a short run

A *complete random hand* is: deal, a random contract (or a push and the partner's contract),
every hand's Weis found and offered, each declared or kept quiet at random and compared, Stöck,
nine tricks of four uniformly random players on the legal cards, and the hand score with the last
trick, Match and multiplier. Two engines play them:

* the reference :class:`puur.round.Round`, driven through its public API (``legal_actions()``
  and the checked ``push()``, as a bot loop would), and again through ``push_unchecked()``;
* the fast simulator :mod:`puur.fastsim`, the engine's fast path, checked against the reference
  by the tests in ``tests/fastsim``.

Legal-card computations are calls of :func:`puur.round.legal_cards` (the mask function that
search uses) on positions recorded beforehand from random hands: the hand of the player to move,
the suit led, the best trump in the trick and the trump suit, at every card of those hands.

The last line is machine-readable: ``hands_per_s=N legal_per_s=N`` (hands from the fast path).
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

from puur.fastsim import FastSim, play_round_randomly  # noqa: E402
from puur.round import Round, legal_cards  # noqa: E402
from puur.rules import PRESETS, RuleSet  # noqa: E402


def rate(step: Callable[[], int], seconds: float) -> float:
    """Call ``step`` (which does some units of work and returns how many) for ``seconds``;
    return units per second."""
    step()  # warm up tables and caches
    done = 0
    start = time.perf_counter()
    end = start + seconds
    while True:
        done += step()
        now = time.perf_counter()
        if now >= end:
            return done / (now - start)


def reference_hands(rules: RuleSet, seed: int) -> Callable[[], int]:
    """Ten complete hands through Round's public, checked API."""
    rng = random.Random(seed)

    def step() -> int:
        for _ in range(10):
            play_round_randomly(Round.deal(rules, rng=rng), rng)
        return 10

    return step


def reference_hands_unchecked(rules: RuleSet, seed: int) -> Callable[[], int]:
    """Ten complete hands through Round with push_unchecked (what a search would use)."""
    rng = random.Random(seed)
    rnd = rng.random

    def step() -> int:
        for _ in range(10):
            r = Round.deal(rules, rng=rng)
            while r.phase != "over":
                acts = r.legal_actions()
                r.push_unchecked(acts[int(rnd() * len(acts))])
        return 10

    return step


def fast_hands(rules: RuleSet, seed: int) -> Callable[[], int]:
    """A hundred complete hands through puur.fastsim."""
    rng = random.Random(seed)
    play = FastSim(rules).play

    def step() -> int:
        for _ in range(100):
            play(rng)
        return 100

    return step


def legal_inputs(rules: RuleSet, seed: int, hands: int) -> list[tuple[int, int, int, int]]:
    """The arguments of legal_cards at every card of ``hands`` random hands."""
    rng = random.Random(seed)
    sim = FastSim(rules)
    out: list[tuple[int, int, int, int]] = []
    for _ in range(hands):
        h = sim.play(rng)
        r = Round(rules, h.hands, h.forehand)
        for a in h.actions:
            if r.phase == "play":
                lead = r.trick[0] // 9 if r.trick else -1
                out.append((r.hands[r.to_move], lead, r.best_trump, r.trump))
            r.push(a)
    return out


def legal_calls(inputs: list[tuple[int, int, int, int]]) -> Callable[[], int]:
    """One pass of legal_cards over the recorded positions."""
    f = legal_cards
    n = len(inputs)

    def step() -> int:
        for h, lead, best, trump in inputs:
            f(h, lead, best, trump)
        return n

    return step


def machine() -> str:
    """Platform, CPU count, Python version and the load when the run started."""
    load = ", ".join(f"{x:.2f}" for x in os.getloadavg()) if hasattr(os, "getloadavg") else "?"
    return (
        f"{platform.system()} {platform.machine()}, {os.cpu_count()} CPUs, "
        f"{platform.python_implementation()} {platform.python_version()}, "
        f"load average {load}"
    )


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark and print the figures; the last line is machine-readable."""
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--seconds", type=float, default=3.0, help="seconds per figure (default 3)")
    p.add_argument("--rules", default="family", choices=sorted(PRESETS),
                   help="rule preset (default family)")
    p.add_argument("--seed", type=int, default=1)
    args = p.parse_args(argv)
    if args.seconds <= 0:
        p.error("--seconds must be positive")
    rules = PRESETS[args.rules]
    secs = args.seconds

    print("Puur engine benchmark: one process, one core")
    print(f"machine: {machine()}")
    print(f"rules: {args.rules}; {secs:g} s per figure")
    ref = rate(reference_hands(rules, args.seed), secs)
    print(f"reference Round, legal_actions + push:       {ref:>12,.0f} hands/s")
    ref_u = rate(reference_hands_unchecked(rules, args.seed), secs)
    print(f"reference Round, legal_actions + push_unchecked: {ref_u:>8,.0f} hands/s")
    fast = rate(fast_hands(rules, args.seed), secs)
    print(f"fast path puur.fastsim:                      {fast:>12,.0f} hands/s")
    inputs = legal_inputs(rules, args.seed, 500)
    legal = rate(legal_calls(inputs), secs)
    print(f"puur.round.legal_cards ({len(inputs):,} recorded positions): "
          f"{legal:>12,.0f} calls/s")
    print(f"hands_per_s={fast:.0f} legal_per_s={legal:.0f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
