"""Steps per second of the learning interfaces on one variant (Schieber by default).

* **AEC**: PettingZoo's :class:`~puur.env.JassAECEnv`, every seat stepped with a random legal
  action (each step reads the agent's observation, as ``env.last()`` does);
* **Gym**: :class:`~puur.env.JassEnv`, the learner's random legal actions, the other seats
  ``--opponents`` (a step includes the bots' decisions up to the learner's next turn);
* **vector**: :func:`~puur.env.make_vector_env` with ``--envs`` games, one step of all of
  them counting ``--envs`` steps.

Run from the repository root (one process)::

    .venv/bin/python benchmarks/env.py --seconds 3

The last line is machine-readable:
``variant=V aec_steps_per_s=A gym_steps_per_s=G vector_steps_per_s=W envs=N``.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable

import numpy as np

from puur.env import JassAECEnv, JassEnv, make_vector_env


def timed(step: Callable[[], int], seconds: float) -> float:
    """Steps per second of ``step`` (it returns how many steps it made) over ``seconds``."""
    n = 0
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        n += step()
    return n / (time.perf_counter() - t0)


def bench_aec(variant: str, seconds: float) -> float:
    env = JassAECEnv(variant)
    env.reset(seed=0)
    rng = np.random.default_rng(0)

    def step() -> int:
        obs, _r, term, trunc, _i = env.last()
        if term or trunc:
            env.step(None)
            if not env.agents:
                env.reset()
            return 0
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        return 1

    return timed(step, seconds)


def bench_gym(variant: str, opponents: str, seconds: float) -> float:
    env = JassEnv(variant, opponents=opponents)
    _obs, info = env.reset(seed=0)
    rng = np.random.default_rng(0)
    state = {"mask": info["action_mask"]}

    def step() -> int:
        _o, _r, done, _t, info = env.step(int(rng.choice(np.flatnonzero(state["mask"]))))
        if done:
            _o, info = env.reset()
        state["mask"] = info["action_mask"]
        return 1

    return timed(step, seconds)


def bench_vector(variant: str, opponents: str, envs: int, seconds: float) -> float:
    vec = make_vector_env(envs, variant=variant, opponents=opponents)
    obs, _info = vec.reset(seed=0)
    rng = np.random.default_rng(0)
    state = {"mask": obs["action_mask"]}

    def step() -> int:
        actions = np.array([rng.choice(np.flatnonzero(m)) if m.any() else 0
                            for m in state["mask"]])
        obs, *_rest = vec.step(actions)
        state["mask"] = obs["action_mask"]
        return envs

    return timed(step, seconds)


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--variant", default="schieber")
    p.add_argument("--opponents", default="random",
                   help="the bots of the Gym and vector environments (default random)")
    p.add_argument("--envs", type=int, default=8, help="games of the vector environment")
    p.add_argument("--seconds", type=float, default=3.0, help="seconds per measurement")
    a = p.parse_args()
    aec = bench_aec(a.variant, a.seconds)
    print(f"AEC environment:    {aec:10,.0f} steps/s")
    gym = bench_gym(a.variant, a.opponents, a.seconds)
    print(f"Gym environment:    {gym:10,.0f} learner steps/s (opponents {a.opponents})")
    vec = bench_vector(a.variant, a.opponents, a.envs, a.seconds)
    print(f"vector environment: {vec:10,.0f} learner steps/s ({a.envs} games)")
    print(f"variant={a.variant} aec_steps_per_s={aec:.0f} gym_steps_per_s={gym:.0f} "
          f"vector_steps_per_s={vec:.0f} envs={a.envs}")


if __name__ == "__main__":
    main()
