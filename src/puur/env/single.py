"""A Gymnasium environment: one seat learns, Puur's bots play the others.

>>> import gymnasium, puur.env
>>> env = gymnasium.make("puur/Jass-v0", variant="schieber", opponents="random")
>>> obs, info = env.reset(seed=3)
>>> obs["observation"].shape, bool(info["action_mask"].any())
((495,), True)

The learner's observation is the Dict of the AEC environment (``observation``,
``action_mask``); ``info["action_mask"]`` is the same mask. A step applies the learner's action,
then the bots' until it is the learner's turn again or the episode ends; the reward is the
learner's share of what the hands that ended paid (:mod:`puur.env.table`). The bots see only
their own observations.

**Illegal actions.** ``illegal="end"`` (the default) ends the episode with
``illegal_reward``; ``illegal="raise"`` raises :class:`~puur.env.table.EnvError` and changes
nothing.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

import gymnasium
from gymnasium import spaces

from puur.arena.common import BotSpec
from puur.bots import Bot
from puur.env.aec import observation_space
from puur.env.table import EnvError, Table, bot_specs, render_text

__all__ = ["ENV_ID", "JassEnv"]

ENV_ID: Final = "puur/Jass-v0"
ILLEGAL: Final = ("end", "raise")


class JassEnv(gymnasium.Env[dict[str, Any], int]):
    """Seat ``seat`` (``None``: a seat drawn at each reset) is the learner; ``opponents``
    (a bot spec such as ``rules`` or ``search:budget=0.05``, or one per other seat in seat
    order) play the rest."""

    metadata = {"render_modes": ["ansi"], "render_fps": 4}  # noqa: RUF012 (as gymnasium.Env declares it)

    def __init__(self, variant: str = "schieber", rules: Any = None, seat: int | None = 0,
                 opponents: str | BotSpec | Sequence[str | BotSpec] = "rules",
                 episode: str = "game", reward: str = "values", illegal: str = "end",
                 illegal_reward: float = -1000.0, render_mode: str | None = None) -> None:
        self.table = Table(variant, rules, episode, reward)
        n = self.table.num_seats
        if seat is not None and (type(seat) is not int or not 0 <= seat < n):
            raise EnvError(f"seat must be None or a seat 0..{n - 1}, not {seat!r}")
        if illegal not in ILLEGAL:
            raise EnvError(f"illegal must be one of {', '.join(ILLEGAL)}, not {illegal!r}")
        if render_mode not in (None, "ansi"):
            raise EnvError(f"render_mode must be None or 'ansi', not {render_mode!r}")
        self.specs = bot_specs(opponents, n - 1, "opponent")
        self.fixed_seat = seat
        self.seat = seat if seat is not None else 0
        self.illegal = illegal
        self.illegal_reward = float(illegal_reward)
        self.render_mode = render_mode
        self.observation_space = observation_space(self.table)
        self.action_space: spaces.Space[Any] = spaces.Discrete(self.table.num_actions)
        self.bots: dict[int, Bot] = {}

    def _obs(self) -> tuple[dict[str, Any], dict[str, Any]]:
        tensor, mask = self.table.observe(self.seat)
        return ({"observation": tensor, "action_mask": mask},
                {"action_mask": mask.copy(), "seat": self.seat})

    def _advance(self) -> float:
        """Let the bots play until the learner is to move or the episode is over; returns the
        learner's rewards on the way."""
        total = 0.0
        table = self.table
        while not table.done and table.to_move != self.seat:
            s = table.to_move
            obs = table.observation(s)
            action = self.bots[s].act(obs)
            if action not in obs.legal_actions:
                raise RuntimeError(f"bot {self.bots[s].name!r} chose an illegal action "
                                   f"{action!r}")
            total += table.step(action)[self.seat]
        return total

    def reset(self, *, seed: int | None = None,
              options: dict[str, Any] | None = None) -> tuple[dict[str, Any], dict[str, Any]]:
        """A new game; with ``seed`` the same cards, seat and bot decisions."""
        super().reset(seed=seed)
        rng = self.np_random
        n = self.table.num_seats
        self.seat = self.fixed_seat if self.fixed_seat is not None else int(rng.integers(n))
        self.table.reset(int(rng.integers(1 << 62)))
        others = [s for s in range(n) if s != self.seat]
        self.bots = {s: spec.make(int(rng.integers(1 << 62)))
                     for s, spec in zip(others, self.specs, strict=True)}
        self._advance()
        return self._obs()

    def step(self, action: int) -> tuple[dict[str, Any], float, bool, bool, dict[str, Any]]:
        if self.table.done:
            raise EnvError("the episode is over: call reset()")
        if not self.table.is_legal(action):
            if self.illegal == "raise":
                raise EnvError(f"seat {self.seat} cannot play {action!r} now; legal: "
                               f"{self.table.legal_actions()}")
            self.table.done = True
            obs, info = self._obs()
            info["illegal_action"] = True
            return obs, self.illegal_reward, True, False, info
        reward = self.table.step(int(action))[self.seat]
        reward += self._advance()
        obs, info = self._obs()
        return obs, float(reward), self.table.done, False, info

    def render(self) -> str | None:
        """The table as text (``render_mode="ansi"``)."""
        if self.render_mode is None:
            return None
        return render_text(self.table)


gymnasium.register(ENV_ID, entry_point="puur.env.single:JassEnv")
