"""Matches between bots: mirrored deals and games, in parallel, with statistics (issue 3).

Every deal is played twice with the same cards in the same seats and the same forehand, the
two teams' bots swapped: luck of the cards cancels within the pair, and each pair is one
independent observation for the statistics. Games are mirrored the same way: the two games of a
pair share their seed, so their deals come in the same order.

Bot seeds, deals and games all derive from the match seed and the index of the deal or game
(never from the order in which worker processes finish), so a match gives the same result
whatever the number of workers.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Final, TextIO, overload

from puur.arena.common import (
    BotSpec,
    Outcome,
    Progress,
    Timed,
    default_workers,
    parse_bot_spec,
    play_pairings,
    prepare_specs,
    rating_lines,
    seed_for,
    spec_lines,
    timing_json,
    timing_lines,
    timing_of,
    where,
)
from puur.arena.stats import (
    Interval,
    bradley_terry,
    share_interval,
    wilson_interval,
)
from puur.arena.variant_match import VariantArenaResult, run_variant_arena
from puur.bots import Bot, play_game, play_round
from puur.game import Game
from puur.round import Round
from puur.rules import PRESETS, RuleSet, rules_to_dict
from puur.variants import Variant
from puur.variants import get as get_variant

__all__ = [
    "ARENA_JSON_VERSION",
    "ArenaResult",
    "BotSpec",
    "DealPair",
    "GamePair",
    "PairResult",
    "Progress",
    "default_workers",
    "parse_bot_spec",
    "play_deal_pair",
    "play_game_pair",
    "run_arena",
]

ARENA_JSON_VERSION: Final = 1

# ---------------------------------------------------------------------------------------------
# Playing one mirrored pair


def _seat_bots(
    a: BotSpec, b: BotSpec, a_team: int, seed: str, tag: str, times: tuple[list[float], ...]
) -> list[Bot]:
    bots: list[Bot] = []
    for seat in range(4):
        side = 0 if (seat & 1) == a_team else 1
        spec = a if side == 0 else b
        bots.append(Timed(spec.make(seed_for(seed, tag, a_team, seat)), times[side]))
    return bots


@dataclass
class DealPair:
    """One deal played twice. ``points[k]`` = (A's points, B's points) in play ``k``; in play 0
    A holds seats 0 and 2 (team 0), in play 1 seats 1 and 3 (team 1)."""

    index: int
    points: list[tuple[int, int]]
    times: tuple[list[float], list[float]]
    rounds: list[Round] = field(default_factory=list)
    seats: list[list[str]] = field(default_factory=list)


@dataclass
class GamePair:
    """One game seed played twice with the teams swapped. ``a_wins`` counts A's wins (0-2)."""

    index: int
    a_wins: int
    points: list[tuple[int, int]]
    hands: list[int]
    times: tuple[list[float], list[float]]
    games: list[Game] = field(default_factory=list)


def play_deal_pair(
    a: BotSpec, b: BotSpec, rules: RuleSet, seed: str, index: int, keep: bool = False
) -> DealPair:
    """Play deal ``index`` of the match twice, A's and B's seats swapped; the forehand is seat
    ``index % 4`` both times. ``keep`` keeps the two rounds (for inspection)."""
    times: tuple[list[float], list[float]] = ([], [])
    points: list[tuple[int, int]] = []
    rounds: list[Round] = []
    seats: list[list[str]] = []
    for a_team in (0, 1):
        rnd = Round.deal(rules, seed=f"{seed}:deal:{index}", forehand=index % 4)
        bots = _seat_bots(a, b, a_team, seed, f"deal:{index}", times)
        play_round(rnd, bots)
        c = rnd.credited
        points.append((c[a_team], c[1 - a_team]))
        if keep:
            rounds.append(rnd)
            seats.append([a.label if (s & 1) == a_team else b.label for s in range(4)])
    return DealPair(index, points, times, rounds, seats)


def play_game_pair(
    a: BotSpec, b: BotSpec, rules: RuleSet, seed: str, index: int, keep: bool = False
) -> GamePair:
    """Play game ``index`` of the match twice (same seed, so the same deals), teams swapped."""
    times: tuple[list[float], list[float]] = ([], [])
    wins = 0
    points: list[tuple[int, int]] = []
    hands: list[int] = []
    games: list[Game] = []
    for a_team in (0, 1):
        game = Game(rules, seed=f"{seed}:game:{index}")
        bots = _seat_bots(a, b, a_team, seed, f"game:{index}", times)
        play_game(game, bots)
        wins += game.winner == a_team
        s = game.scores
        points.append((s[a_team], s[1 - a_team]))
        hands.append(len(game.rounds))
        if keep:
            games.append(game)
    return GamePair(index, wins, points, hands, times, games)


# ---------------------------------------------------------------------------------------------
# Results


@dataclass
class PairResult:
    """Everything played between bots ``a`` and ``b`` (labels)."""

    a: str
    b: str
    deals: list[tuple[int, int, int, int]] = field(default_factory=list)
    """Per mirrored deal pair: A's and B's points in play 0, then in play 1."""
    games: list[tuple[int, int]] = field(default_factory=list)
    """Per mirrored game pair: A's wins (0-2) and the number of hands played in both games."""

    def share(self) -> Interval | None:
        """A's share of all points over the deal pairs, with its 95% interval."""
        if not self.deals:
            return None
        ours = [float(d[0] + d[2]) for d in self.deals]
        tot = [float(sum(d)) for d in self.deals]
        if sum(tot) <= 0:
            return None
        return share_interval(ours, tot)

    def win_rate(self) -> Interval | None:
        """A's share of games won (Wilson interval over the games)."""
        if not self.games:
            return None
        return wilson_interval(sum(g[0] for g in self.games), 2 * len(self.games))

    def to_dict(self) -> dict[str, Any]:
        """Plain data for the JSON report."""
        out: dict[str, Any] = {"a": self.a, "b": self.b}
        sh = self.share()
        if self.deals:
            pa = sum(d[0] + d[2] for d in self.deals)
            pb = sum(d[1] + d[3] for d in self.deals)
            out["deals"] = {
                "pairs": len(self.deals),
                "hands": 2 * len(self.deals),
                "points": [pa, pb],
                "share": round(sh.value, 6) if sh else None,
                "ci95": sh.as_list() if sh else None,
            }
        wr = self.win_rate()
        if self.games and wr:
            wins = sum(g[0] for g in self.games)
            out["games"] = {
                "pairs": len(self.games),
                "played": 2 * len(self.games),
                "won": [wins, 2 * len(self.games) - wins],
                "win_rate": round(wr.value, 6),
                "ci95": wr.as_list(),
                "hands": sum(g[1] for g in self.games),
            }
        return out


@dataclass
class ArenaResult:
    """A whole arena run: every pairing's results, decision times, ratings."""

    rules: RuleSet
    seed: str
    bots: list[str]
    pairs: list[PairResult]
    times: dict[str, list[float]]
    elapsed_s: float
    workers: int
    #: Each bot's full spec as played (with options added by ``budget``), parallel to ``bots``.
    specs: list[str] = field(default_factory=list)
    #: The Ray address the tasks ran at (None: this machine's processes).
    ray: str | None = None

    def timing(self, label: str) -> dict[str, float]:
        """Number of decisions, mean and 95th-percentile seconds per decision of a bot."""
        return timing_of(self.times.get(label, []))

    def ratings(self) -> list[tuple[str, float]]:
        """Bradley-Terry ratings (Elo scale, mean 1500), strongest first. From the shares of
        points when deals were played, otherwise from the games won."""
        idx = {b: i for i, b in enumerate(self.bots)}
        table: list[tuple[int, int, float, float]] = []
        for p in self.pairs:
            sh = p.share()
            if sh is not None:
                n = float(len(p.deals))
                table.append((idx[p.a], idx[p.b], sh.value * n, n))
            elif p.games:
                n = float(2 * len(p.games))
                table.append((idx[p.a], idx[p.b], float(sum(g[0] for g in p.games)), n))
        if not table:
            return []
        r = bradley_terry(len(self.bots), table)
        return sorted(zip(self.bots, r, strict=True), key=lambda x: -x[1])

    def to_dict(self) -> dict[str, Any]:
        """The JSON report (format in ``docs/arena.md``)."""
        out: dict[str, Any] = {
            "version": ARENA_JSON_VERSION,
            "rules": rules_to_dict(self.rules),
            "seed": self.seed,
            "workers": self.workers,
            **({"ray": self.ray} if self.ray is not None else {}),
            "elapsed_s": round(self.elapsed_s, 3),
            "bots": list(self.bots),
            "specs": dict(zip(self.bots, self.specs, strict=True)) if self.specs else {},
            "matches": [p.to_dict() for p in self.pairs],
            "timing": {b: timing_json(self.timing(b)) for b in self.bots},
        }
        if len(self.bots) > 2:
            out["ratings"] = [{"bot": b, "elo": round(r, 1)} for b, r in self.ratings()]
        return out

    def report(self) -> str:
        """A plain-text summary."""
        lines = [f"rules: {self.rules.name}  seed: {self.seed}  {where(self.workers, self.ray)}  "
                 f"time: {self.elapsed_s:.1f} s"]
        lines += spec_lines(self.bots, self.specs)
        for p in self.pairs:
            sh = p.share()
            if sh is not None:
                lines.append(
                    f"{p.a} vs {p.b}: {len(p.deals)} mirrored deals, share of points "
                    f"{sh.value:.3f} (95% CI {sh.low:.3f}-{sh.high:.3f})"
                )
            wr = p.win_rate()
            if wr is not None:
                wins = sum(g[0] for g in p.games)
                lines.append(
                    f"{p.a} vs {p.b}: {2 * len(p.games)} games (mirrored), won {wins}, "
                    f"rate {wr.value:.3f} (95% CI {wr.low:.3f}-{wr.high:.3f})"
                )
        lines += timing_lines(self.bots, self.timing)
        lines += rating_lines(self.bots, self.ratings() if len(self.bots) > 2 else [])
        return "\n".join(lines)


# ---------------------------------------------------------------------------------------------
# Running many pairs in parallel


@dataclass(frozen=True)
class _Task:
    pair: int
    kind: str  # "deal" or "game"
    index: int
    a: BotSpec
    b: BotSpec
    rules: RuleSet
    seed: str


def _run_task(task: _Task) -> Outcome:
    if task.kind == "deal":
        d = play_deal_pair(task.a, task.b, task.rules, task.seed, task.index)
        row: tuple[int, ...] = (*d.points[0], *d.points[1])
        return task.pair, "deal", task.index, row, d.times[0], d.times[1]
    g = play_game_pair(task.a, task.b, task.rules, task.seed, task.index)
    return task.pair, "game", task.index, (g.a_wins, sum(g.hands)), g.times[0], g.times[1]


@overload
def run_arena(
    bots: Sequence[BotSpec | str], rules: RuleSet | None = None, deals: int = 0, games: int = 0,
    seed: int | str = 0, workers: int = 1, budget: float | None = None,
    progress: bool | TextIO = False, variant: None = None, ray: str | None = None,
) -> ArenaResult: ...


@overload
def run_arena(
    bots: Sequence[BotSpec | str], rules: Any = None, deals: int = 0, games: int = 0,
    seed: int | str = 0, workers: int = 1, budget: float | None = None,
    progress: bool | TextIO = False, variant: str | Variant | None = None,
    ray: str | None = None,
) -> ArenaResult | VariantArenaResult: ...


def run_arena(
    bots: Sequence[BotSpec | str],
    rules: Any = None,
    deals: int = 0,
    games: int = 0,
    seed: int | str = 0,
    workers: int = 1,
    budget: float | None = None,
    progress: bool | TextIO = False,
    variant: str | Variant | None = None,
    ray: str | None = None,
) -> ArenaResult | VariantArenaResult:
    """Play every pairing of ``bots`` (two bots: one match; more: a round robin).

    Each pairing plays ``deals`` mirrored deal pairs (2 × ``deals`` hands) and ``games``
    mirrored game pairs. ``budget`` is given to the bots whose factory takes a ``budget``
    option and whose spec does not set one. ``workers`` > 1 plays in that many processes;
    ``ray`` (a Ray address: ``local``, ``auto``, ``HOST:PORT``) plays on that Ray cluster
    instead (:mod:`puur.arena.cluster`), with the same result.
    ``progress`` True draws a bar on stderr (or pass a stream).

    ``variant`` (a key, name or alias of :mod:`puur.variants`; Schieber when None) plays
    another game of the family with ``rules`` one of its option sets (its default preset when
    None): see :func:`puur.arena.variant_match.run_variant_arena`.
    """
    if variant is not None:
        v = get_variant(variant) if isinstance(variant, str) else variant
        if v.key != "schieber":
            return run_variant_arena(bots, v, rules, deals, games, seed, workers, budget,
                                     progress, ray)
    if rules is None:
        rules = PRESETS["family"]
    if not isinstance(rules, RuleSet):
        raise ValueError(f"Schieber cannot be played with {type(rules).__name__}")
    specs = prepare_specs(bots, deals, games, workers, budget)
    labels = [s.label for s in specs]
    seed_s = str(seed)

    def make_task(p: int, kind: str, k: int, a: BotSpec, b: BotSpec, pseed: str) -> _Task:
        return _Task(p, kind, k, a, b, rules, pseed)

    pairings, played = play_pairings(specs, seed_s, (("deal", deals), ("game", games)),
                                     make_task, _run_task, workers, progress, ray)
    results = [PairResult(labels[i], labels[j]) for i, j in pairings]
    for (pair, kind, _index), row in played.rows.items():
        if kind == "deal":
            results[pair].deals.append((row[0], row[1], row[2], row[3]))
        else:
            results[pair].games.append((row[0], row[1]))
    return ArenaResult(
        rules=rules, seed=seed_s, bots=labels, pairs=results, times=played.times,
        elapsed_s=played.elapsed_s, workers=workers, specs=[s.text() for s in specs],
        ray=ray,
    )
