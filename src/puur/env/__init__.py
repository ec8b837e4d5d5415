"""Learning interfaces for every variant: PettingZoo, Gymnasium, vectorised play, self-play.

Needs the ``rl`` extra (``pip install 'puur[rl]'``); see ``docs/research.md``.

* :class:`JassAECEnv` (:mod:`puur.env.aec`): PettingZoo AEC, every seat an agent;
* :class:`JassEnv` (:mod:`puur.env.single`): Gymnasium, one seat against Puur's bots,
  registered as ``puur/Jass-v0`` by ``import puur.env`` after ``import gymnasium`` (and by
  ``import puur.env.single`` in any order);
* :func:`make_vector_env` (:mod:`puur.env.vector`): many games through Gymnasium's vector API;
* :func:`selfplay` (:mod:`puur.env.selfplay`, ``puur selfplay``): records and ``.npz`` arrays;
* :class:`TensorPolicy` (:mod:`puur.env.policy`): a trained policy as a bot for the arena;
* :mod:`puur.env.spiel`: Schieber as an OpenSpiel game (imported on its own: it needs
  ``open_spiel``).
"""

from __future__ import annotations

import importlib
import sys
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from puur.env.aec import JassAECEnv
    from puur.env.policy import TensorPolicy
    from puur.env.selfplay import SelfPlayResult, selfplay
    from puur.env.single import ENV_ID, JassEnv
    from puur.env.table import EnvError, Table
    from puur.env.vector import make_vector_env

__all__ = [
    "ENV_ID", "EnvError", "JassAECEnv", "JassEnv", "SelfPlayResult", "Table", "TensorPolicy",
    "make_vector_env", "selfplay",
]

# The names load with their modules on first use, so that ``puur`` (which registers the
# ``selfplay`` command from ``puur.env.cli``) does not import numpy, Gymnasium and PettingZoo
# for every other command.
_WHERE = {
    "JassAECEnv": "aec", "TensorPolicy": "policy", "SelfPlayResult": "selfplay",
    "selfplay": "selfplay", "ENV_ID": "single", "JassEnv": "single", "EnvError": "table",
    "Table": "table", "make_vector_env": "vector",
}


if "gymnasium" in sys.modules:
    # Gymnasium (and numpy with it) is loaded already: register puur/Jass-v0 at once, so that
    # ``import gymnasium; import puur.env; gymnasium.make("puur/Jass-v0")`` works.
    importlib.import_module("puur.env.single")


def __getattr__(name: str) -> Any:
    if name not in _WHERE:
        raise AttributeError(f"module 'puur.env' has no attribute {name!r}")
    value = getattr(importlib.import_module(f"puur.env.{_WHERE[name]}"), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(__all__)
