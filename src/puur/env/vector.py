"""Vectorised play: many games at once through Gymnasium's vector API.

>>> from puur.env.vector import make_vector_env
>>> envs = make_vector_env(4, variant="schieber", opponents="random")
>>> obs, infos = envs.reset(seed=0)
>>> obs["observation"].shape, obs["action_mask"].shape
((4, 495), (4, 64))

Each of the ``num_envs`` games is a :class:`~puur.env.single.JassEnv` (one learning seat,
bots in the others) built with the same keyword arguments; ``reset(seed=s)`` seeds game ``i``
with ``s + i``. A finished game is reset on the next step (Gymnasium's ``NEXT_STEP``
autoreset: that step's action is ignored and its reward is 0).
"""

from __future__ import annotations

from typing import Any

from gymnasium.vector import SyncVectorEnv

from puur.env.single import JassEnv
from puur.env.table import EnvError

__all__ = ["make_vector_env"]


def make_vector_env(num_envs: int, **kwargs: Any) -> SyncVectorEnv:
    """``num_envs`` games of :class:`JassEnv` (its keyword arguments) stepped together."""
    if type(num_envs) is not int or num_envs < 1:
        raise EnvError(f"num_envs must be a whole number of at least 1, not {num_envs!r}")
    JassEnv(**kwargs)  # a bad argument fails here, once, with the environment's error

    def make() -> JassEnv:
        return JassEnv(**kwargs)

    return SyncVectorEnv([make for _ in range(num_envs)])
