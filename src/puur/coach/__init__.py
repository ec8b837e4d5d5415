"""The coach: every decision of a recorded game with what it cost (``puur analyse``).

For each decision of a hand the coach asks two questions:

* **With every card open** (Schieber and Coiffeur, once few enough tricks are left for the
  double-dummy solver, :mod:`puur.bots.dds`): the exact value of every legal card for the
  mover's team — the points it still takes in the hand — the best card, and the *loss* of the
  card played (best value less its value). This is what a player who saw all hands would have
  done; it is the yardstick of the card play, not of the information the player had.
* **From the player's own seat** (every variant, every kind of decision: a card, a contract,
  a push, a bid, a word): the search player's estimate of every legal action over deals
  consistent with what that seat knew (:class:`puur.bots.search.SearchBot`, its time budget
  per decision), the action it ranks first, and the *expected loss* of the action taken.
  Where hidden cards matter this is the fairer judge; being an estimate it has noise, which
  the budget trades against time.

A decision with one legal action is *forced* and costs nothing. The values are in the
variant's own units (Schieber: points of the hand; a contract: the expected point difference
times its multiplier).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from puur.bots.dds import Solver, analyse, solver_for
from puur.bots.search import SearchBot
from puur.record import GameRecord, RecordError, replay
from puur.round import Round

__all__ = ["Decision", "HandReport", "analyse_record", "default_exact_tricks"]

#: Exact (cards-open) values from this many tricks left, with and without the compiled solver
#: (a solve of seven tricks takes up to 1.5 s compiled; the pure-Python solver is some fifty
#: times slower, so it starts at five).
EXACT_COMPILED: Final = 7
EXACT_PURE: Final = 5


def default_exact_tricks() -> int:
    """How many tricks left the coach solves exactly by default (see the constants)."""
    from puur import compiled

    return EXACT_COMPILED if compiled.available() else EXACT_PURE


@dataclass(frozen=True)
class Decision:
    """One decision of a hand and what it cost."""

    #: The hand (1-based), the action's place in the hand (0-based), who made it, the phase
    #: (``play``, ``choose``, ``weis``, a variant's own), the trick (0-based) and its token.
    hand_no: int
    index: int
    seat: int
    phase: str
    trick_no: int
    action: int
    token: str
    #: Only one legal action: nothing to judge.
    forced: bool = False
    #: The search's estimate of every legal action, best first, as (token, value); the
    #: estimated value lost by the action taken (best less its own; ``None`` when not judged).
    search: tuple[tuple[str, float], ...] = ()
    search_loss: float | None = None
    #: Cards open: every legal card with its exact value, best first; the points lost by the
    #: card played (``None`` where no exact value was worked out).
    exact: tuple[tuple[str, int], ...] = ()
    exact_loss: int | None = None
    #: The action ids of the search's best and of a best card cards open (-1: none).
    search_best_action: int = -1
    exact_best_action: int = -1

    @property
    def search_best(self) -> str | None:
        """The action the search ranks first."""
        return self.search[0][0] if self.search else None

    @property
    def exact_best(self) -> str | None:
        """A best card with every card open."""
        return self.exact[0][0] if self.exact else None

    def to_dict(self) -> dict[str, Any]:
        """Plain data (for ``--json``)."""
        return {
            "hand": self.hand_no, "index": self.index, "seat": self.seat, "phase": self.phase,
            "trick": self.trick_no, "action": self.token, "forced": self.forced,
            "search": [[a, round(v, 2)] for a, v in self.search],
            "search_loss": None if self.search_loss is None else round(self.search_loss, 2),
            "exact": [[a, v] for a, v in self.exact], "exact_loss": self.exact_loss,
        }


@dataclass
class HandReport:
    """The decisions of one hand and the time their analysis took."""

    hand_no: int
    decisions: list[Decision] = field(default_factory=list)
    seconds: float = 0.0

    def totals(self, seat: int) -> dict[str, Any]:
        """A seat's sums over the hand: decisions judged, exact and expected losses."""
        mine = [d for d in self.decisions if d.seat == seat and not d.forced]
        exact = [d.exact_loss for d in mine if d.exact_loss is not None]
        search = [d.search_loss for d in mine if d.search_loss is not None]
        return {"seat": seat, "decisions": len(mine), "exact_decisions": len(exact),
                "exact_loss": sum(exact), "search_loss": round(sum(search), 2)}

    def to_dict(self, seats: Sequence[int]) -> dict[str, Any]:
        """Plain data (for ``--json``)."""
        return {"hand": self.hand_no, "seconds": round(self.seconds, 2),
                "decisions": [d.to_dict() for d in self.decisions],
                "totals": [self.totals(s) for s in seats]}


def _exact_values(rd: Any, exact_tricks: int, solvers: dict[Any, Solver]) -> list[tuple[int, int]]:
    """The cards-open values of the mover's cards, or ``[]`` where none are worked out."""
    if not isinstance(rd, Round) or rd.phase != "play" or 9 - rd.trick_no > exact_tricks:
        return []
    key = (rd.contract, rd.declarer_team)
    if key not in solvers:
        solvers.clear()  # one contract a hand: a solver's table serves the whole hand
        solvers[key] = solver_for(rd)
    return analyse(rd, solvers[key])


def analyse_record(
    record: GameRecord, *, hands: Sequence[int] | None = None, seats: Sequence[int] | None = None,
    budget: float = 0.15, exact_tricks: int | None = None, seed: int = 0,
    progress: Callable[[HandReport], None] | None = None,
) -> list[HandReport]:
    """Judge every decision of the hands ``hands`` (1-based; all by default) of ``record``
    made by ``seats`` (all by default): the search's estimates at ``budget`` seconds a
    decision, and exact values from ``exact_tricks`` tricks left where the variant's card
    play is Schieber's (:func:`default_exact_tricks` when ``None``; 0: none). ``progress`` is
    called with each finished hand. Raises :class:`~puur.record.RecordError` for a record that
    does not replay and ``ValueError`` for a bad argument."""
    count = len(record.actions)
    wanted = list(range(1, count + 1)) if hands is None else list(hands)
    for h in wanted:
        if type(h) is not int or not 1 <= h <= count:
            raise ValueError(f"hand {h!r} is not a hand of the record (1..{count})")
    if exact_tricks is None:
        exact_tricks = default_exact_tricks()
    if type(exact_tricks) is not int or not 0 <= exact_tricks <= 9:
        raise ValueError(f"exact_tricks must be 0..9, not {exact_tricks!r}")
    # Late in the hand the search solves each of its sampled deals exactly (a play-out can
    # throw away a Match that every card-open line keeps).
    bot = SearchBot(budget=budget, seed=seed, dds_tricks=min(exact_tricks, 6) or None)
    exact_ok = bool(getattr(_variant_of(record), "open_solver", False))
    out: list[HandReport] = []
    for h in wanted:
        game = replay(record, h, 0)
        n = game.num_seats
        mine = set(range(n)) if seats is None else set(seats)
        if not mine <= set(range(n)):
            raise ValueError(f"seats must be 0..{n - 1}, not {sorted(seats or [])}")
        report = HandReport(h)
        started = time.perf_counter()
        solvers: dict[Any, Solver] = {}
        for index, action in enumerate(record.actions[h - 1]):
            rd = game.round
            seat = rd.to_move
            if seat in mine:
                report.decisions.append(_judge(game, rd, h, index, action, bot,
                                               exact_tricks if exact_ok else 0, solvers))
            try:
                game.push(action)
            except ValueError as e:
                raise RecordError(0, f"hand {h}, action {index + 1}: {e}") from None
        report.seconds = time.perf_counter() - started
        out.append(report)
        if progress is not None:
            progress(report)
    return out


def _variant_of(record: GameRecord) -> Any:
    from puur.variants import get

    return get(record.variant or "schieber")


def _judge(game: Any, rd: Any, hand_no: int, index: int, action: int, bot: SearchBot,
           exact_tricks: int, solvers: dict[Any, Solver]) -> Decision:
    variant = game.variant
    seat = rd.to_move
    legal = list(game.legal_actions())
    token = variant.format_action(rd, action)
    base: dict[str, Any] = {"hand_no": hand_no, "index": index, "seat": seat,
                            "phase": str(rd.phase), "trick_no": rd.trick_no, "action": action,
                            "token": token}
    if action not in legal:
        raise RecordError(0, f"hand {hand_no}, action {index + 1}: {token} is not legal")
    if len(legal) == 1:
        return Decision(**base, forced=True)
    ranked = bot.ranked(game.observation(seat))
    values = dict(ranked)
    search = tuple((variant.format_action(rd, a), v) for a, v in ranked)
    search_loss = max(0.0, ranked[0][1] - values[action]) if action in values else None
    exact_vals = _exact_values(rd, exact_tricks, solvers)
    exact: tuple[tuple[str, int], ...] = ()
    exact_loss = None
    if exact_vals:
        # Among equally good cards the one played is named best.
        exact_vals.sort(key=lambda cv: (-cv[1], cv[0] != action))
        ev = dict(exact_vals)
        exact = tuple((variant.format_action(rd, c), v) for c, v in exact_vals)
        exact_loss = exact_vals[0][1] - ev[action]
    return Decision(**base, search=search, search_loss=search_loss, exact=exact,
                    exact_loss=exact_loss, search_best_action=ranked[0][0],
                    exact_best_action=exact_vals[0][0] if exact_vals else -1)
