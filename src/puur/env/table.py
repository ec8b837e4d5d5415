"""One game of any variant, stepped for learners: numpy observations, masks and rewards.

:class:`Table` is the shared core of the PettingZoo, Gymnasium and OpenSpiel adapters and of
self-play. It knows no variant: it asks the registry (:mod:`puur.variants`) for the game, the
observation of a seat (``to_tensor()``, ``action_mask()``) and, when a hand ends, the hand's
``seat_values()`` (what each seat wants to maximise, documented per variant).

**Episodes.** ``episode="game"`` plays a whole game, ``episode="hand"`` only its first hand.

**Rewards.** ``reward="values"``: when a hand ends, each seat is paid that hand's
``seat_values()`` (Schieber: its team's points less the other team's; Differenzler: minus its
penalty; Coiffeur: the row value for the team that wrote it, minus it for the other; Molotow:
minus what the hand adds to its total). ``reward="outcome"``: nothing until the episode ends,
then each seat gets (sides placed behind its side − sides placed ahead) ÷ (sides − 1), from
``game.standings()``: +1 alone first, −1 alone last, 0 for a shared place between two.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

import numpy as np
import numpy.typing as npt

from puur.arena.common import BotSpec, parse_bot_spec
from puur.options import OptionError
from puur.variants import Variant, VariantError, VariantGame
from puur.variants import get as get_variant

__all__ = ["EPISODES", "OBS_BOUND", "REWARDS", "EnvError", "Table", "bot_specs", "resolve"]

EPISODES: Final = ("game", "hand")
REWARDS: Final = ("values", "outcome")
#: Every slot of every variant's tensor is a small ratio (a card bit, points ÷ 157, a score ÷
#: the target); this bound of the observation spaces is one no game comes near.
OBS_BOUND: Final = 1000.0

FloatArray = npt.NDArray[np.float32]
MaskArray = npt.NDArray[np.int8]


class EnvError(ValueError):
    """A bad argument of an environment (variant, rules, episode, reward, seat, player)."""


def resolve(variant: str | Variant, rules: Any = None) -> tuple[Variant, Any]:
    """The variant and its option set: ``rules`` is ``None`` (the first preset), a preset name,
    a mapping of options (a ``preset`` key starts from that preset) or an option set."""
    try:
        v = get_variant(variant) if isinstance(variant, str) else variant
        if not isinstance(v, Variant):
            raise EnvError(f"not a variant: {variant!r}")
        if rules is None:
            return v, v.default_rules()
        if isinstance(rules, str):
            return v, v.preset(rules)
        if isinstance(rules, Mapping):
            return v, v.rules_from_dict(rules)
        return v, v.check_rules(rules)
    except (VariantError, OptionError) as e:
        raise EnvError(str(e)) from None
    except ValueError as e:  # Schieber's RuleError
        raise EnvError(str(e)) from None


def bot_specs(players: str | BotSpec | Sequence[str | BotSpec], n: int,
              noun: str = "player") -> list[BotSpec]:
    """``n`` bot specs from one spec (for every seat) or ``n`` of them; each is built once, so
    an unknown bot or option raises :class:`EnvError` here rather than in the first game."""
    items = [players] if isinstance(players, str | BotSpec) else list(players)
    if len(items) == 1:
        items = items * n
    if len(items) != n:
        raise EnvError(f"give one {noun} for all {n} seats or a list of {n}, not "
                       f"{len(items)}")
    try:
        specs = [parse_bot_spec(p) if isinstance(p, str) else p for p in items]
        for sp in specs:
            sp.make(0)
    except ValueError as e:
        raise EnvError(str(e)) from None
    return specs


def _choice(name: str, value: object, allowed: tuple[str, ...]) -> str:
    if not isinstance(value, str) or value not in allowed:
        raise EnvError(f"{name} must be one of {', '.join(allowed)}, not {value!r}")
    return value


class Table:
    """A game of ``variant`` under ``rules``, reset from a seed and stepped one action at a
    time by whichever seat is to move."""

    def __init__(self, variant: str | Variant = "schieber", rules: Any = None,
                 episode: str = "game", reward: str = "values") -> None:
        self.variant, self.rules = resolve(variant, rules)
        self.episode = _choice("episode", episode, EPISODES)
        self.reward = _choice("reward", reward, REWARDS)
        probe = self.variant.new_game(self.rules, seed=0)
        self.num_seats: int = probe.num_seats
        self.obs_size: int = len(probe.observation(0).to_tensor())
        self.num_actions: int = self.variant.action_space(self.rules).size
        self.game: VariantGame = probe
        self.hand: Any = probe.round
        self.hands_played = 0
        self.done = False

    def reset(self, seed: int | str) -> None:
        """Start a new game from ``seed`` (the same seed deals the same cards)."""
        self.game = self.variant.new_game(self.rules, seed=seed)
        self.hand = self.game.round
        self.hands_played = 0
        self.done = False

    @property
    def to_move(self) -> int:
        """The seat to act (meaningless once :attr:`done`)."""
        return self.game.to_move

    def legal_actions(self) -> list[int]:
        """The legal actions of the seat to move (empty once done)."""
        return [] if self.done else self.game.legal_actions()

    def observation(self, seat: int) -> Any:
        """The variant's observation of ``seat`` (what it may know, and nothing more)."""
        return self.game.observation(seat)

    def observe(self, seat: int) -> tuple[FloatArray, MaskArray]:
        """``seat``'s observation tensor (float32) and action mask (int8; all 0 unless it is
        that seat's turn and the episode runs)."""
        obs = self.game.observation(seat)
        tensor = np.asarray(obs.to_tensor(), dtype=np.float32)
        if self.done:
            return tensor, np.zeros(self.num_actions, dtype=np.int8)
        return tensor, np.asarray(obs.action_mask(), dtype=np.int8)

    def is_legal(self, action: object) -> bool:
        """Whether ``action`` (an int or a numpy integer) is legal for the seat to move."""
        if isinstance(action, bool | np.bool_) or not isinstance(action, int | np.integer):
            return False
        return not self.done and int(action) in self.game.legal_actions()

    def step(self, action: int) -> list[float]:
        """Apply the action of the seat to move; returns each seat's reward for this step
        (zeros unless a hand or the episode ended). Sets :attr:`done` when the episode ends.
        An illegal action raises the engine's ``IllegalActionError`` and changes nothing."""
        if self.done:
            raise EnvError("the episode is over: reset the table")
        hand = self.hand
        self.game.push(int(action))
        rewards = [0.0] * self.num_seats
        ended = self.game.is_over or self.game.round is not hand or hand.is_over
        if not ended:
            return rewards
        self.hands_played += 1
        self.hand = self.game.round
        self.done = self.game.is_over or self.episode == "hand"
        if self.reward == "values":
            rewards = [float(v) for v in hand.seat_values()]
        elif self.done:
            rewards = self.outcome()
        return rewards

    def outcome(self) -> list[float]:
        """Each seat's outcome from the game's standings now (see the module's text)."""
        places = self.game.standings()
        sides = self.game.sides
        n = len(places)
        if n < 2:
            return [0.0] * self.num_seats
        out = []
        for seat in range(self.num_seats):
            mine = places[sides[seat]]
            behind = sum(1 for p in places if p > mine)
            ahead = sum(1 for p in places if p < mine)
            out.append((behind - ahead) / (n - 1))
        return out

    def action_name(self, action: int) -> str:
        """The record token of ``action`` for the seat to move (``D7``, ``push`` …)."""
        return self.variant.format_action(self.game.round, action)


def render_text(table: Table) -> str:
    """The table as text: what a spectator sees (scores, the trick, the cards played) and the
    hand and legal actions of the seat to move — nothing of the other hands."""
    from puur.cards import bits, format_card, format_cards

    game = table.game
    pub = game.observation(-1)
    lines = [f"{table.variant.name}  hand {len(getattr(game, 'rounds', [None]))}  "
             f"scores {' '.join(str(s) for s in game.scores)}"]
    trick = getattr(pub, "trick", ())
    lines.append("trick: " + (" ".join(f"{s}:{format_card(c)}" for s, c in trick) or "-"))
    lines.append(f"cards played: {len(getattr(pub, 'history', ()))}")
    if table.done:
        lines.append("over: places " + " ".join(str(p) for p in game.standings()))
        return "\n".join(lines) + "\n"
    seat = game.to_move
    own = game.observation(seat)
    lines.append(f"to move: seat {seat} ({own.phase}), hand {format_cards(bits(own.hand))}")
    lines.append("legal: " + " ".join(table.action_name(a) for a in own.legal_actions))
    return "\n".join(lines) + "\n"
