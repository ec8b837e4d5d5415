"""A trained policy as a Puur bot, for the arena, the terminal and self-play.

>>> import numpy as np
>>> from puur.env.policy import TensorPolicy
>>> def first_legal(tensor, mask):
...     return int(np.flatnonzero(mask)[0])
>>> bot = TensorPolicy(first_legal, name="first")

A :class:`TensorPolicy` calls ``fn(tensor, mask)`` with the seat's observation tensor (float32)
and action mask (int8), the arrays the environments give, and plays the action it returns. An
action that is not legal raises ``ValueError`` (the arena names the bot). To pit it against
Puur's bots, expose a factory and name it to the arena::

    # mypolicy.py
    def make_bot(seed=0):
        return TensorPolicy(my_network_step, name="mine")

    $ puur arena mine rules --player mine=mypolicy:make_bot --deals 200
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
import numpy.typing as npt

__all__ = ["TensorPolicy"]

PolicyFn = Callable[[npt.NDArray[np.float32], npt.NDArray[np.int8]], Any]


class TensorPolicy:
    """A bot that plays ``fn(tensor, mask)``."""

    def __init__(self, fn: PolicyFn, name: str = "policy") -> None:
        if not callable(fn):
            raise ValueError(f"a policy is a callable fn(tensor, mask), not {fn!r}")
        self.fn = fn
        self.name = name

    def act(self, obs: Any) -> int:
        """The action ``fn`` chooses for the observation ``obs``."""
        tensor = np.asarray(obs.to_tensor(), dtype=np.float32)
        mask = np.asarray(obs.action_mask(), dtype=np.int8)
        action = self.fn(tensor, mask)
        if isinstance(action, bool | np.bool_) or not isinstance(action, int | np.integer):
            raise ValueError(f"policy {self.name!r} returned {action!r}, not an action id")
        if int(action) not in obs.legal_actions:
            raise ValueError(f"policy {self.name!r} chose {int(action)}, which is not legal")
        return int(action)
