"""A PettingZoo AEC environment for every variant of the registry.

>>> from puur.env import JassAECEnv
>>> env = JassAECEnv("differenzler", rules="three", episode="hand")
>>> env.reset(seed=1)
>>> env.agent_selection, env.observation_space("player_0")["action_mask"].shape
('player_2', (212,))

Agents are ``player_0`` … ``player_{n-1}`` (seat ``i``). Each observes a Dict: ``observation``
(the variant's ``to_tensor()`` as float32) and ``action_mask`` (int8, 1 for each legal action;
all 0 when it is not that agent's turn). Actions are the variant's action ids
(``Discrete(action_space.size)``). Episodes, rewards and seeding: see :mod:`puur.env.table`
and ``docs/research.md``.
"""

from __future__ import annotations

from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from puur.env.table import OBS_BOUND, EnvError, Table, render_text

__all__ = ["JassAECEnv", "observation_space"]


def observation_space(table: Table) -> spaces.Dict:
    """The Dict space of one seat's observation at ``table``."""
    return spaces.Dict({
        "observation": spaces.Box(-OBS_BOUND, OBS_BOUND, (table.obs_size,), np.float32),
        "action_mask": spaces.Box(0, 1, (table.num_actions,), np.int8),
    })


class JassAECEnv(AECEnv):  # type: ignore[misc]
    """Every seat of a game of ``variant`` is an agent; they act in the order of play."""

    metadata: ClassVar[dict[str, Any]] = {
        "name": "puur_jass_v0", "render_modes": ["ansi"], "is_parallelizable": False,
    }

    def __init__(self, variant: str = "schieber", rules: Any = None, episode: str = "game",
                 reward: str = "values", render_mode: str | None = None) -> None:
        super().__init__()
        if render_mode not in (None, "ansi"):
            raise EnvError(f"render_mode must be None or 'ansi', not {render_mode!r}")
        self.table = Table(variant, rules, episode, reward)
        self.render_mode = render_mode
        self.possible_agents = [f"player_{i}" for i in range(self.table.num_seats)]
        self._seat = {a: i for i, a in enumerate(self.possible_agents)}
        self.observation_spaces = {a: observation_space(self.table)
                                   for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(self.table.num_actions)
                              for a in self.possible_agents}
        self._rng = np.random.default_rng()
        self.agents: list[str] = []

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game: with ``seed`` the same cards and the same stream of later games."""
        if seed is not None:
            self._rng = np.random.default_rng(seed)
        self.table.reset(int(self._rng.integers(1 << 62)))
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self.possible_agents[self.table.to_move]

    def observe(self, agent: str) -> dict[str, Any]:
        tensor, mask = self.table.observe(self._seat[agent])
        return {"observation": tensor, "action_mask": mask}

    def step(self, action: int | None) -> None:
        """The selected agent acts; an illegal action raises ``EnvError`` and changes
        nothing."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if not self.table.is_legal(action):
            raise EnvError(f"{agent} cannot play {action!r} now; legal: "
                           f"{self.table.legal_actions()}")
        self._cumulative_rewards[agent] = 0.0
        paid = self.table.step(int(action))  # type: ignore[arg-type]
        self.rewards = {a: paid[self._seat[a]] for a in self.agents}
        if self.table.done:
            self.terminations = {a: True for a in self.agents}
        else:
            self.agent_selection = self.possible_agents[self.table.to_move]
        self._accumulate_rewards()

    def render(self) -> str | None:
        """The table as text (``render_mode="ansi"``): the public state and the hand of the
        seat to move."""
        if self.render_mode is None:
            return None
        return render_text(self.table)

    def close(self) -> None:
        """Nothing to release."""
