"""A tournament: a round robin between many bots (or levels of one), ratings with intervals.

>>> from puur.arena.tournament import run_tournament
>>> t = run_tournament(["rules", "random", "rules"], deals=3, seed=1,
...                    resamples=20)
>>> [r["bot"] for r in t.to_dict()["ratings"]][-1]
'random'

Every pairing of the bots plays the arena's match (:func:`puur.arena.run_arena`: mirrored
deals or games in Schieber, every seating in the other variants, its own deals per pairing).
The ratings are the arena's Bradley-Terry fit on the Elo scale (mean 1500). Their 95%
intervals come from a bootstrap: each pairing's deals (and games) are drawn again with
replacement, as many as it played, the ratings fitted again, ``resamples`` times; the interval
of a bot is the 2.5th to 97.5th percentile of its ratings (``puur.arena.stats.percentile``).
The resampling is seeded from the tournament's seed, so the same call gives the same report.
A pairing in which one bot wins every deal (the variants other than Schieber rate by deals
won) is the same in every resample and adds no width to the intervals: play more deals, or
games, to see its spread.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final

from puur.arena.common import BotSpec
from puur.arena.match import ArenaResult, run_arena
from puur.arena.stats import Interval, percentile
from puur.arena.variant_match import VariantArenaResult

__all__ = ["TOURNAMENT_JSON_VERSION", "Tournament", "rating_intervals", "run_tournament"]

TOURNAMENT_JSON_VERSION: Final = 1


def _resampled(result: Any, rng: random.Random) -> Any:
    pairs = []
    for p in result.pairs:
        deals = [rng.choice(p.deals) for _ in p.deals]
        games = [rng.choice(p.games) for _ in p.games]
        pairs.append(dataclasses.replace(p, deals=deals, games=games))
    return dataclasses.replace(result, pairs=pairs)


def rating_intervals(result: ArenaResult | VariantArenaResult, resamples: int = 200,
                     seed: str = "") -> dict[str, Interval]:
    """Each bot's rating with its 95% bootstrap interval (see the module's text)."""
    if type(resamples) is not int or resamples < 2:
        raise ValueError(f"resamples must be a whole number of at least 2, not {resamples!r}")
    point = dict(result.ratings())
    if not point:
        return {}
    rng = random.Random(f"{seed}:ratings")
    draws: dict[str, list[float]] = {b: [] for b in point}
    for _ in range(resamples):
        for b, r in _resampled(result, rng).ratings():
            draws[b].append(r)
    return {b: Interval(point[b], percentile(draws[b], 2.5), percentile(draws[b], 97.5))
            for b in point}


@dataclass
class Tournament:
    """A round robin's matches and its ratings with intervals, strongest first."""

    result: ArenaResult | VariantArenaResult
    ratings: list[tuple[str, Interval]]
    resamples: int

    def to_dict(self) -> dict[str, Any]:
        """The JSON report: the ratings with their intervals, then the arena's own report."""
        return {
            "version": TOURNAMENT_JSON_VERSION,
            "resamples": self.resamples,
            "ratings": [{"bot": b, "elo": round(r.value, 3), "ci95": [round(r.low, 3),
                                                                      round(r.high, 3)]}
                        for b, r in self.ratings],
            "arena": self.result.to_dict(),
        }

    def report(self) -> str:
        """The arena's report, then the ratings table with the intervals."""
        width = max(len(b) for b, _r in self.ratings) if self.ratings else 0
        lines = [self.result.report(),
                 f"tournament ratings (Bradley-Terry, Elo scale, mean 1500; 95% bootstrap "
                 f"interval over {self.resamples} resamples):"]
        lines += [f"  {k:>2}. {b:<{width}}  {r.value:7.1f}  ({r.low:7.1f} - {r.high:7.1f})"
                  for k, (b, r) in enumerate(self.ratings, start=1)]
        return "\n".join(lines)


def run_tournament(bots: Sequence[BotSpec | str], rules: Any = None, deals: int = 0,
                   games: int = 0, seed: int | str = 0, workers: int = 1,
                   budget: float | None = None, progress: Any = False,
                   variant: Any = None, resamples: int = 200,
                   ray: str | None = None) -> Tournament:
    """Play the round robin (the arguments of :func:`puur.arena.run_arena`; 100 deals per
    pairing when neither ``deals`` nor ``games`` is given) and rate the bots."""
    if type(resamples) is not int or resamples < 2:
        raise ValueError(f"resamples must be a whole number of at least 2, not {resamples!r}")
    if len(bots) < 3:
        raise ValueError("a tournament needs at least three bots (two play a match)")
    if not deals and not games:
        deals = 100
    result = run_arena(bots, rules, deals=deals, games=games, seed=seed, workers=workers,
                       budget=budget, progress=progress, variant=variant, ray=ray)
    intervals = rating_intervals(result, resamples, str(seed))
    ordered = sorted(intervals.items(), key=lambda x: -x[1].value)
    return Tournament(result, ordered, resamples)
