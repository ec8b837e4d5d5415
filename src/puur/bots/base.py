"""The bot interface and the uniform random player.

A bot answers every decision of a hand - choose or push, declare Weis or keep quiet, announce
Stöck, play a card - from an :class:`~puur.observation.Observation` alone; the legal actions are
part of the observation. It never sees hidden cards or the deck.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Protocol, runtime_checkable

from puur.game import Game
from puur.observation import Observation
from puur.round import Round

__all__ = ["BOTS", "Bot", "RandomBot", "make_bot", "play_game", "play_round"]


@runtime_checkable
class Bot(Protocol):
    """A computer player."""

    name: str

    def act(self, obs: Observation) -> int:
        """Return one of ``obs.legal_actions``."""
        ...


class RandomBot:
    """Uniform over the legal actions."""

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def act(self, obs: Observation) -> int:
        """A uniformly random legal action."""
        return self.rng.choice(obs.legal_actions)


BOTS: dict[str, Callable[..., Bot]] = {"random": RandomBot}
"""Bot factories by name; each takes keyword options (``seed`` at least)."""


def make_bot(name: str, **options: object) -> Bot:
    """Build a registered bot by name, e.g. ``make_bot("random", seed=1)``."""
    try:
        factory = BOTS[name]
    except KeyError:
        raise ValueError(f"unknown bot {name!r}; known: {', '.join(sorted(BOTS))}") from None
    return factory(**options)


def _check(bot: Bot, obs: Observation, action: int) -> int:
    if action not in obs.legal_actions:
        raise RuntimeError(f"bot {bot.name!r} chose an illegal action {action!r}")
    return action


def play_round(rnd: Round, bots: Sequence[Bot]) -> Round:
    """Let four bots play ``rnd`` to its end; each sees only its own observation."""
    while not rnd.is_over:
        seat = rnd.to_move
        obs = rnd.observation(seat)
        rnd.push(_check(bots[seat], obs, bots[seat].act(obs)))
    return rnd


def play_game(game: Game, bots: Sequence[Bot]) -> Game:
    """Let four bots play ``game`` to the target."""
    while not game.is_over:
        seat = game.to_move
        obs = game.round.observation(seat)
        game.push(_check(bots[seat], obs, bots[seat].act(obs)))
    return game
