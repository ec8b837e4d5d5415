"""Schieber as an OpenSpiel game: ``pyspiel.load_game("python_puur_schieber")``.

Importing this module registers the game (``pyspiel.register_game``). One game is one hand of
Schieber under a preset (parameter ``rules``, default ``family``):

* **Chance nodes deal the cards**: 36 of them, each a card drawn uniformly from those left;
  the k-th card dealt goes to seat ``k // 9``. The holder of the rules' start card then
  chooses (or pushes), as in the first hand of a game.
* **Actions** are Puur's Schieber ids (``puur.actions``: 0-35 cards, 36-44 contracts, 45 push,
  46-61 Weis, 62-63 Stöck); ``num_distinct_actions`` is 64.
* **Returns** at the end: each seat's ``Round.seat_values()``, its team's points credited in
  the hand less the other team's (zero-sum).
* **Observation tensor**: the seat's Schieber observation (``docs/observation.md``, 495
  floats). **Information-state tensor**: the same, then 36 × 36 floats, one row per card played
  in order (the card's one-hot), so that the order of play is kept (perfect recall). During
  the deal both hold only the seat's cards dealt so far.
* **Strings**: the same contents as text; the information-state string lists the cards in the
  order played.

A seat never sees more than its Puur observation: strings and tensors are built from
``Round.observation(seat)`` alone.
"""

from __future__ import annotations

from typing import Any, Final

import numpy as np
import pyspiel

from puur.cards import bits, format_card, format_cards
from puur.env.table import EnvError
from puur.notation import NotationError, format_action
from puur.observation import OBS_SIZE
from puur.round import Round
from puur.rules import PRESETS, RuleSet

__all__ = ["GAME_NAME", "SchieberGame", "SchieberObserver", "SchieberState"]

GAME_NAME: Final = "python_puur_schieber"
_PLAYERS: Final = 4
_HISTORY: Final = 36 * 36

_GAME_TYPE: Final = pyspiel.GameType(
    short_name=GAME_NAME,
    long_name="Puur Schieber (one hand)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=_PLAYERS,
    min_num_players=_PLAYERS,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification={"rules": "family"},
)


def _bound(rules: RuleSet) -> float:
    """A bound of what a team can be credited in one hand (loose: every bonus at once, Weis
    generously, doubled for a doubled Kontermatch)."""
    per_hand = 157 + rules.match_bonus + rules.kontermatch_bonus + 20 + 2000
    return float(2 * per_hand * max(rules.multipliers))


class SchieberGame(pyspiel.Game):  # type: ignore[misc]
    """One hand of Schieber under a preset."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        name = params.get("rules", "family")
        if name not in PRESETS:
            raise EnvError(f"rules must be a preset ({', '.join(PRESETS)}), not {name!r}")
        self.rules = PRESETS[name]
        bound = _bound(self.rules)
        info = pyspiel.GameInfo(
            num_distinct_actions=64, max_chance_outcomes=36, num_players=_PLAYERS,
            min_utility=-bound, max_utility=bound, utility_sum=0.0,
            # choose, push, push back; four Weis questions; Stöck twice; 36 cards
            max_game_length=3 + 4 + 2 + 36,
        )
        super().__init__(_GAME_TYPE, info, params)

    def new_initial_state(self) -> SchieberState:
        """A hand before the deal."""
        return SchieberState(self)

    def make_py_observer(self, iig_obs_type: Any = None,
                         params: dict[str, Any] | None = None) -> SchieberObserver:
        """The observer of one seat (information state: with the order of play)."""
        if iig_obs_type is None:
            iig_obs_type = pyspiel.IIGObservationType(perfect_recall=False)
        return SchieberObserver(iig_obs_type, params)


class SchieberState(pyspiel.State):  # type: ignore[misc]
    """The deal so far, then Puur's :class:`~puur.round.Round`."""

    def __init__(self, game: SchieberGame) -> None:
        super().__init__(game)
        self.rules = game.rules
        self.dealt: list[int] = []
        self.round: Round | None = None

    def current_player(self) -> int:
        if self.round is None:
            return int(pyspiel.PlayerId.CHANCE)
        if self.round.is_over:
            return int(pyspiel.PlayerId.TERMINAL)
        return self.round.to_move

    def _legal_actions(self, player: int) -> list[int]:
        if self.round is None or self.round.is_over or player != self.round.to_move:
            return []
        return self.round.legal_actions()

    def chance_outcomes(self) -> list[tuple[int, float]]:
        rest = sorted(set(range(36)) - set(self.dealt))
        return [(c, 1.0 / len(rest)) for c in rest]

    def _apply_action(self, action: int) -> None:
        if self.round is None:
            self.dealt.append(int(action))
            if len(self.dealt) == 36:
                hands = [sum(1 << c for c in self.dealt[9 * s:9 * s + 9]) for s in range(4)]
                start = next(s for s in range(4) if hands[s] >> self.rules.start_card & 1)
                self.round = Round(self.rules, hands, start)
        else:
            self.round.push(int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"Deal:{format_card(action)}"
        if self.round is not None and not self.round.is_over:
            try:
                return format_action(self.round, action)
            except NotationError:
                pass
        return f"action:{action}"

    def is_terminal(self) -> bool:
        return self.round is not None and self.round.is_over

    def returns(self) -> list[float]:
        if self.round is None or not self.round.is_over:
            return [0.0] * _PLAYERS
        return list(self.round.seat_values())

    def __str__(self) -> str:
        if self.round is None:
            return "dealt: " + format_cards(self.dealt)
        rd = self.round
        hands = " / ".join(format_cards(bits(h)) for h in rd.initial_hands)
        return (f"forehand {rd.forehand}: {hands}\nphase {rd.phase}, "
                f"{len(rd.actions)} actions, credited {rd.credited[0]} {rd.credited[1]}")


class SchieberObserver:
    """Tensors and strings of one seat's view (the PyObserver interface of OpenSpiel)."""

    def __init__(self, iig_obs_type: Any, params: dict[str, Any] | None) -> None:
        if params:
            raise EnvError(f"the observer takes no parameters, not {params!r}")
        private = iig_obs_type.private_info
        if private == pyspiel.PrivateInfoType.ALL_PLAYERS:
            raise EnvError("no observer shows every seat's cards")
        #: "seat" (own cards and the public table), "public" (the table as a spectator sees
        #: it) or "private" (only the seat's own cards).
        self.kind = ("private" if not iig_obs_type.public_info else
                     "seat" if private == pyspiel.PrivateInfoType.SINGLE_PLAYER else "public")
        self.perfect_recall = bool(iig_obs_type.perfect_recall) and self.kind != "private"
        size = 36 if self.kind == "private" else OBS_SIZE
        self.tensor = np.zeros(size + (_HISTORY if self.perfect_recall else 0), np.float32)
        self.dict = {"observation": self.tensor[:size]}
        if self.perfect_recall:
            self.dict["history"] = self.tensor[size:].reshape(36, 36)

    def set_from(self, state: SchieberState, player: int) -> None:
        """Fill :attr:`tensor` with ``player``'s view of ``state``."""
        self.tensor.fill(0)
        if state.round is None:
            if self.kind != "public":
                for k, c in enumerate(state.dealt):
                    if k // 9 == player:
                        self.tensor[c] = 1.0
            return
        if self.kind == "private":
            for c in bits(state.round.observation(player).hand):
                self.tensor[c] = 1.0
            return
        obs = state.round.observation(player if self.kind == "seat" else -1)
        self.tensor[:OBS_SIZE] = obs.to_tensor()
        if self.perfect_recall:
            for k, (_seat, card) in enumerate(obs.history):
                self.dict["history"][k, card] = 1.0

    def string_from(self, state: SchieberState, player: int) -> str:
        """``player``'s view of ``state`` as text."""
        if state.round is None:
            if self.kind == "public":
                return f"dealing:{len(state.dealt)}"
            mine = [c for k, c in enumerate(state.dealt) if k // 9 == player]
            return f"p{player} dealt:{format_cards(mine)}"
        seat = player if self.kind != "public" else -1
        o = state.round.observation(seat)
        if self.kind == "private":
            return f"p{player} hand:{format_cards(bits(o.hand))}"
        parts = [f"p{player}", f"hand:{format_cards(bits(o.hand))}"] if seat >= 0 else []
        parts += [f"phase:{o.phase}", f"forehand:{o.forehand}", f"chooser:{o.chooser}",
                  f"contract:{o.contract}", f"pushed:{int(o.pushed)}",
                  f"credited:{o.credited[0]},{o.credited[1]}"]
        parts.append("weis:" + "|".join(",".join(f"{p}/{n}" for p, n in announced)
                                        for announced in o.weis_announced))
        shown = [c for s in range(4) if s != seat for c in bits(o.known_cards(s))]
        parts.append(f"known:{format_cards(shown)}" if shown else "known:-")
        parts.append(f"stoeck:{o.stoeck_seat}")
        if self.perfect_recall:
            parts.append("play:" + " ".join(f"{s}{format_card(c)}" for s, c in o.history))
        else:
            parts.append("played:" + "|".join(format_cards(bits(o.played_by(s)))
                                              for s in range(4)))
            parts.append("trick:" + " ".join(f"{s}{format_card(c)}" for s, c in o.trick))
        return " ".join(parts)


pyspiel.register_game(_GAME_TYPE, SchieberGame)
