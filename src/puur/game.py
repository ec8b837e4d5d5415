"""A whole game (Partie): hands until a team reaches the target (rule book §2.2, §2.10-§2.12).

The first hand's forehand is the holder of the start card; after that the forehand moves to the
next seat each hand. Each hand is a :class:`~puur.round.Round` told the game scores, so points
are credited in the configured order (Stöck, Weis, Stich by default) and the game ends the
moment a team reaches the target, even in the middle of a hand. When a hand ends without a
winner the next one is dealt at once; :attr:`Game.rounds` keeps every hand.

Deals come from the game's ``seed`` (hand ``i`` is shuffled from ``f"{seed}:{i}"``) or from a
given list of deals (as records store them).

>>> g = Game(seed=7)
>>> g.round.phase
'choose'
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from puur._checks import is_int, is_int_in, show
from puur.actions import Action
from puur.deal import DealError, check_deal, deal_hands
from puur.hand import IllegalActionError
from puur.round import Round, RoundError
from puur.rules import RuleSet, rules_or_default
from puur.scoring import Jasstafel

if TYPE_CHECKING:
    from puur.observation import Observation
    from puur.variants.base import Variant

__all__ = ["Game", "GameError", "GameOverError"]


#: The Schieber variant, once :attr:`Game.variant` has looked it up (puur.variants imports
#: this module, so it cannot be imported at the top).
_SCHIEBER: list[Variant] = []


class GameError(ValueError):
    """A bad argument to a :class:`Game` (rules, seed, deals, team names, a hand index)."""


class GameOverError(GameError, IllegalActionError):
    """An action was sent to a finished game (an illegal action, as in every variant's game:
    ``except IllegalActionError`` catches it too)."""


def _seed(seed: object) -> int | str:
    if seed is None:
        return random.randrange(2**63)
    if is_int(seed):
        return seed
    if isinstance(seed, str) and seed and seed == seed.strip() and len(seed.splitlines()) == 1:
        return seed
    raise GameError(f"a seed must be a whole number or one line of text, not {show(seed)}")


def _deals(deals: object) -> list[tuple[int, ...]]:
    if deals is None:
        return []
    if not isinstance(deals, list | tuple):
        raise GameError(f"deals must be a list of deals, not {show(deals)}")
    out = []
    for i, d in enumerate(deals, start=1):
        try:
            out.append(check_deal(d))
        except DealError as e:
            raise GameError(f"deal {i}: {e}") from None
    return out


class Game:
    """Hands of Schieber until the target. Seats 0 and 2 are team 0, seats 1 and 3 team 1."""

    def __init__(
        self,
        rules: RuleSet | None = None,
        seed: int | str | None = None,
        deals: list[tuple[int, ...]] | None = None,
        team_names: tuple[str, str] = ("Team 1", "Team 2"),
    ) -> None:
        rules = rules_or_default(rules, GameError)
        if not (isinstance(team_names, tuple | list) and len(team_names) == 2
                and all(isinstance(n, str) for n in team_names)):
            raise GameError(f"team_names must be two strings, not {show(team_names)}")
        self.rules: RuleSet = rules
        self.seed: int | str = _seed(seed)
        self._deals: list[tuple[int, ...]] = _deals(deals)
        self.team_names = (team_names[0], team_names[1])
        self.rounds: list[Round] = []
        #: Points of each team at the start of each hand (parallel to ``rounds``).
        self.start_scores: list[tuple[int, int]] = []
        self._start_hand((0, 0))

    # -----------------------------------------------------------------------------------------

    def deal_for(self, index: int) -> tuple[int, ...]:
        """The deal of hand ``index`` (given, or shuffled from the seed)."""
        if not is_int_in(index, 0, 10**6):
            raise GameError(f"a hand index must be a whole number from 0, not {show(index)}")
        if index < len(self._deals):
            return self._deals[index]
        hands = tuple(deal_hands(f"{self.seed}:{index}"))
        self._deals.append(hands)
        return hands

    def _start_hand(self, scores: tuple[int, int]) -> None:
        index = len(self.rounds)
        hands = self.deal_for(index)
        if index == 0:
            forehand = None
        else:
            forehand = (self.rounds[-1].forehand + 1) % 4
        self.rounds.append(Round(self.rules, hands, forehand, game_scores=scores))
        self.start_scores.append(scores)

    def set_deal(self, hands: tuple[int, ...]) -> None:
        """Replace the deal of the current hand before its first action (used by records)."""
        if self.round.actions or self.is_over:
            raise GameError("the deal can only be set before the hand's first action")
        index = len(self.rounds) - 1
        old = self.rounds[index]
        try:
            new = Round(self.rules, hands, old.forehand, old.game_scores)
        except RoundError as e:
            raise GameError(str(e)) from None
        self.rounds[index] = new
        self._deals[index] = new.initial_hands

    @property
    def variant(self) -> Variant:
        """The Schieber variant of the registry."""
        if not _SCHIEBER:  # looked up once: an import statement on every call costs microseconds
            from puur.variants.schieber import VARIANT

            _SCHIEBER.append(VARIANT)
        return _SCHIEBER[0]

    @property
    def num_seats(self) -> int:
        """Four seats."""
        return 4

    @property
    def sides(self) -> tuple[int, ...]:
        """Seats 0 and 2 are team 0, seats 1 and 3 team 1."""
        return (0, 1, 0, 1)

    def observation(self, seat: int) -> Observation:
        """What ``seat`` may know now (see :mod:`puur.observation`)."""
        return self.round.observation(seat)

    def standings(self) -> tuple[int, ...]:
        """The place of each team: the winner first once the game is over, else by points."""
        if self.is_over:
            return (1, 2) if self.winner == 0 else (2, 1)
        a, b = self.scores
        return (1 + (b > a), 1 + (a > b))

    @property
    def round(self) -> Round:
        """The hand in play (the last one once the game is over)."""
        return self.rounds[-1]

    @property
    def hand_no(self) -> int:
        """1-based number of the current hand."""
        return len(self.rounds)

    @property
    def scores(self) -> tuple[int, int]:
        """Points of both teams now, including what the current hand has credited so far."""
        s = self.start_scores[-1]
        c = self.round.credited
        return (s[0] + c[0], s[1] + c[1])

    @property
    def is_over(self) -> bool:
        """True once a team has reached the target."""
        return self.round.winner >= 0

    @property
    def winner(self) -> int:
        """The winning team, or -1 while the game runs."""
        return self.round.winner

    @property
    def end_reason(self) -> str:
        """What brought the winner to the target: ``stoeck``, ``weis``, ``trick``, ``last`` or
        ``match`` (empty while the game runs)."""
        if not self.is_over:
            return ""
        return self.round.credits[-1][2]

    @property
    def to_move(self) -> int:
        """The seat to act."""
        return self.round.to_move

    def legal_actions(self) -> list[int]:
        """Legal actions of the seat to move (empty when the game is over)."""
        return [] if self.is_over else self.round.legal_actions()

    def push(self, action: int | Action) -> None:
        """Apply an action; a completed hand is followed by the next deal at once."""
        if self.is_over:
            raise GameOverError("the game is over")
        r = self.round
        r.push(action)
        if r.is_over and r.winner < 0:
            self._start_hand(self.scores)

    def pop(self) -> int:
        """Undo the last action (across hand boundaries)."""
        r = self.round
        if not r.actions and len(self.rounds) > 1:
            self.rounds.pop()
            self.start_scores.pop()
            r = self.round
        return r.pop()

    @property
    def actions(self) -> list[list[int]]:
        """The actions of every hand so far."""
        return [list(r.actions) for r in self.rounds]

    # -----------------------------------------------------------------------------------------
    # Striche and the slate

    def striche(self) -> tuple[int, int]:
        """Striche of both teams (all zero unless ``rules.striche``)."""
        r = self.rules
        if not r.striche:
            return (0, 0)
        out = [0, 0]
        half = r.target / 2
        berg = -1
        for start, rd in zip(self.start_scores, self.rounds, strict=True):
            run = list(start)
            for team, pts, _kind in rd.credits:
                run[team] += pts
                if berg < 0 and run[team] >= half:
                    berg = team
            hs = rd.hand_score()
            if hs["match"] >= 0:
                out[hs["match"]] += r.strich_match
        if berg >= 0:
            out[berg] += r.strich_bergpreis
        if self.is_over:
            w = self.winner
            out[w] += r.strich_win
            if self.scores[1 - w] < half:
                out[w] += r.strich_schneider
        return (out[0], out[1])

    def jasstafel(self) -> Jasstafel:
        """The slate for the current scores."""
        return Jasstafel(self.team_names, self.scores, self.striche())

    def summary(self) -> dict[str, Any]:
        """Plain data: scores, hands played, winner and reason, Striche."""
        return {
            "scores": list(self.scores),
            "hands": len(self.rounds),
            "winner": self.winner,
            "end_reason": self.end_reason,
            "striche": list(self.striche()),
        }
