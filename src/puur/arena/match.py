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

import inspect
import math
import multiprocessing
import os
import random
import sys
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, Final, TextIO

from puur.arena.stats import (
    Interval,
    bradley_terry,
    percentile,
    share_interval,
    wilson_interval,
)
from puur.bots import BOTS, Bot, play_game, play_round
from puur.game import Game
from puur.observation import Observation
from puur.round import Round
from puur.rules import RuleSet, rules_to_dict

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

OptionValue = int | float | bool | str


# ---------------------------------------------------------------------------------------------
# Bot specifications: "name" or "name:key=value,key=value"


@dataclass(frozen=True)
class BotSpec:
    """A bot by registry name with keyword options, e.g. ``search:budget=0.25``."""

    name: str
    options: tuple[tuple[str, OptionValue], ...] = ()
    label: str = ""

    def __post_init__(self) -> None:
        if not self.label:
            object.__setattr__(self, "label", self.text())

    def text(self) -> str:
        """The spec written back as ``name:key=value,...``."""
        if not self.options:
            return self.name
        return self.name + ":" + ",".join(f"{k}={_fmt(v)}" for k, v in self.options)

    def option(self, key: str) -> OptionValue | None:
        """The value of an option, or None."""
        for k, v in self.options:
            if k == key:
                return v
        return None

    def accepts(self, key: str) -> bool:
        """Whether the bot's factory takes keyword ``key``."""
        factory = BOTS.get(self.name)
        if factory is None:
            return False
        try:
            params = inspect.signature(factory).parameters
        except (TypeError, ValueError):
            return False
        return key in params or any(p.kind is p.VAR_KEYWORD for p in params.values())

    def with_default(self, key: str, value: OptionValue) -> BotSpec:
        """This spec with ``key=value`` added, unless it sets the key itself or its bot does
        not take it. The label is kept."""
        if self.option(key) is not None or not self.accepts(key):
            return self
        return BotSpec(self.name, (*self.options, (key, value)), self.label)

    def make(self, seed: int) -> Bot:
        """Build the bot; ``seed`` is passed when the factory takes one and the spec has none."""
        factory = BOTS.get(self.name)
        if factory is None:
            raise ValueError(f"unknown bot {self.name!r}; known: {', '.join(sorted(BOTS))}")
        opts: dict[str, object] = dict(self.options)
        if "seed" not in opts and self.accepts("seed"):
            opts["seed"] = seed
        try:
            return factory(**opts)
        except TypeError as e:
            raise ValueError(f"bot {self.text()!r}: {e}") from None


def _fmt(v: OptionValue) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    return str(v)


def _parse_value(text: str) -> OptionValue:
    low = text.lower()
    if low in ("true", "yes", "on"):
        return True
    if low in ("false", "no", "off"):
        return False
    try:
        return int(text)
    except ValueError:
        pass
    try:
        return float(text)
    except ValueError:
        return text


def parse_bot_spec(text: str) -> BotSpec:
    """Parse ``name`` or ``name:key=value,key=value`` (numbers and true/false are converted).

    >>> parse_bot_spec("random:seed=5,ratio=0.25,fast=true").options
    (('seed', 5), ('ratio', 0.25), ('fast', True))
    """
    text = text.strip()
    name, _, rest = text.partition(":")
    name = name.strip()
    if not name:
        raise ValueError(f"bad bot spec {text!r}: expected name or name:key=value,...")
    if name not in BOTS:
        raise ValueError(f"unknown bot {name!r} in {text!r}; known: {', '.join(sorted(BOTS))}")
    opts: list[tuple[str, OptionValue]] = []
    if rest.strip():
        for part in rest.split(","):
            key, eq, value = part.partition("=")
            key = key.strip()
            if not eq or not key.isidentifier() or not value.strip():
                raise ValueError(
                    f"bad bot option {part!r} in {text!r}: expected key=value, e.g. budget=0.25"
                )
            if any(k == key for k, _ in opts):
                raise ValueError(f"bot option {key!r} given twice in {text!r}")
            opts.append((key, _parse_value(value.strip())))
    return BotSpec(name, tuple(opts))


# ---------------------------------------------------------------------------------------------
# Playing one mirrored pair


class _Timed:
    """Wraps a bot and records the seconds each decision took."""

    def __init__(self, bot: Bot, sink: list[float]) -> None:
        self.bot = bot
        self.name = bot.name
        self.sink = sink

    def act(self, obs: Observation) -> int:
        t0 = time.perf_counter()
        a = self.bot.act(obs)
        self.sink.append(time.perf_counter() - t0)
        return a


def _seed_for(seed: str, *parts: object) -> int:
    """A bot seed derived from the match seed and the position (stable across processes)."""
    return random.Random(":".join([seed, *map(str, parts)])).getrandbits(63)


def _seat_bots(
    a: BotSpec, b: BotSpec, a_team: int, seed: str, tag: str, times: tuple[list[float], ...]
) -> list[Bot]:
    bots: list[Bot] = []
    for seat in range(4):
        side = 0 if (seat & 1) == a_team else 1
        spec = a if side == 0 else b
        bots.append(_Timed(spec.make(_seed_for(seed, tag, a_team, seat)), times[side]))
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

    def timing(self, label: str) -> dict[str, float]:
        """Number of decisions, mean and 95th-percentile seconds per decision of a bot."""
        ts = self.times.get(label, [])
        if not ts:
            return {"decisions": 0, "mean_s": math.nan, "p95_s": math.nan}
        return {
            "decisions": len(ts),
            "mean_s": sum(ts) / len(ts),
            "p95_s": percentile(ts, 95),
        }

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
            "elapsed_s": round(self.elapsed_s, 3),
            "bots": list(self.bots),
            "specs": dict(zip(self.bots, self.specs, strict=True)) if self.specs else {},
            "matches": [p.to_dict() for p in self.pairs],
            "timing": {
                b: {k: (round(v, 9) if isinstance(v, float) and not math.isnan(v) else
                        (None if isinstance(v, float) else v))
                    for k, v in self.timing(b).items()}
                for b in self.bots
            },
        }
        if len(self.bots) > 2:
            out["ratings"] = [{"bot": b, "elo": round(r, 1)} for b, r in self.ratings()]
        return out

    def report(self) -> str:
        """A plain-text summary."""
        lines = [f"rules: {self.rules.name}  seed: {self.seed}  workers: {self.workers}  "
                 f"time: {self.elapsed_s:.1f} s"]
        extra = [f"{b} = {sp}" for b, sp in zip(self.bots, self.specs, strict=False) if sp != b]
        if extra:
            lines.append("bots: " + "; ".join(extra))
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
        lines.append("time per decision:")
        width = max(len(b) for b in self.bots)
        for b in self.bots:
            t = self.timing(b)
            lines.append(f"  {b:<{width}}  mean {1000 * t['mean_s']:9.3f} ms  "
                         f"p95 {1000 * t['p95_s']:9.3f} ms  ({t['decisions']} decisions)")
        if len(self.bots) > 2:
            lines.append("ratings (Bradley-Terry, Elo scale, mean 1500):")
            for b, r in self.ratings():
                lines.append(f"  {b:<{width}}  {r:7.1f}")
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


_Outcome = tuple[int, str, int, tuple[int, ...], list[float], list[float]]


def _run_task(task: _Task) -> _Outcome:
    if task.kind == "deal":
        d = play_deal_pair(task.a, task.b, task.rules, task.seed, task.index)
        row: tuple[int, ...] = (*d.points[0], *d.points[1])
        return task.pair, "deal", task.index, row, d.times[0], d.times[1]
    g = play_game_pair(task.a, task.b, task.rules, task.seed, task.index)
    return task.pair, "game", task.index, (g.a_wins, sum(g.hands)), g.times[0], g.times[1]


class Progress:
    """A plain-text progress bar on a stream (stderr by default), redrawn at most 4 times a
    second."""

    def __init__(self, total: int, label: str = "arena", stream: TextIO | None = None) -> None:
        self.total = total
        self.label = label
        self.stream = stream if stream is not None else sys.stderr
        self.done = 0
        self.start = time.monotonic()
        self._last = 0.0

    def update(self, n: int = 1) -> None:
        """Count ``n`` more finished tasks and redraw when due."""
        self.done += n
        now = time.monotonic()
        if now - self._last >= 0.25 or self.done == self.total:
            self._last = now
            self._draw(now)

    def _draw(self, now: float) -> None:
        el = now - self.start
        frac = self.done / self.total if self.total else 1.0
        bar = "#" * int(30 * frac) + "." * (30 - int(30 * frac))
        eta = el / self.done * (self.total - self.done) if self.done else 0.0
        self.stream.write(
            f"\r{self.label} [{bar}] {self.done}/{self.total} {el:6.1f}s eta {eta:6.1f}s"
        )
        self.stream.flush()

    def close(self) -> None:
        """End the line."""
        self.stream.write("\n")
        self.stream.flush()


def run_arena(
    bots: Sequence[BotSpec | str],
    rules: RuleSet,
    deals: int = 0,
    games: int = 0,
    seed: int | str = 0,
    workers: int = 1,
    budget: float | None = None,
    progress: bool | TextIO = False,
) -> ArenaResult:
    """Play every pairing of ``bots`` (two bots: one match; more: a round robin).

    Each pairing plays ``deals`` mirrored deal pairs (2 × ``deals`` hands) and ``games``
    mirrored game pairs. ``budget`` is given to the bots whose factory takes a ``budget``
    option and whose spec does not set one. ``workers`` > 1 plays in that many processes.
    ``progress`` True draws a bar on stderr (or pass a stream).
    """
    specs = [parse_bot_spec(b) if isinstance(b, str) else b for b in bots]
    if len(specs) < 2:
        raise ValueError("an arena needs at least two bots")
    if deals < 0 or games < 0 or deals + games == 0:
        raise ValueError("play at least one deal or one game (deals, games >= 0)")
    if workers < 1:
        raise ValueError("workers must be at least 1")
    for s in specs:
        if s.name not in BOTS:
            raise ValueError(f"unknown bot {s.name!r}; known: {', '.join(sorted(BOTS))}")
    if budget is not None:
        if budget <= 0:
            raise ValueError("budget must be positive")
        specs = [s.with_default("budget", budget) for s in specs]
    labels = _unique_labels([s.label for s in specs])
    specs = [BotSpec(s.name, s.options, lab) for s, lab in zip(specs, labels, strict=True)]
    seed_s = str(seed)
    pairings = [(i, j) for i in range(len(specs)) for j in range(i + 1, len(specs))]
    results = [PairResult(labels[i], labels[j]) for i, j in pairings]
    tasks: list[_Task] = []
    for p, (i, j) in enumerate(pairings):
        # Each pairing gets its own deals: the pair's labels are part of the seed.
        pseed = seed_s if len(specs) == 2 else f"{seed_s}:{labels[i]}:{labels[j]}"
        tasks += [_Task(p, "deal", k, specs[i], specs[j], rules, pseed) for k in range(deals)]
        tasks += [_Task(p, "game", k, specs[i], specs[j], rules, pseed) for k in range(games)]
    # A quick check in this process that every bot can be built, with a clear error.
    for s in specs:
        s.make(0)
    times: dict[str, list[float]] = {lab: [] for lab in labels}
    collected: dict[tuple[int, str, int], tuple[int, ...]] = {}
    bar: Progress | None = None
    if progress:
        bar = Progress(len(tasks), stream=None if progress is True else progress)
    t0 = time.perf_counter()

    def absorb(out: _Outcome) -> None:
        pair, kind, index, row, ta, tb = out
        collected[(pair, kind, index)] = row
        times[results[pair].a].extend(ta)
        times[results[pair].b].extend(tb)
        if bar is not None:
            bar.update()

    try:
        if workers == 1:
            for task in tasks:
                absorb(_run_task(task))
        else:
            ctx = multiprocessing.get_context("fork" if "fork" in _start_methods() else None)
            with ctx.Pool(workers) as pool:
                chunk = max(1, min(8, len(tasks) // (workers * 8)))
                for out in pool.imap_unordered(_run_task, tasks, chunksize=chunk):
                    absorb(out)
    finally:
        if bar is not None:
            bar.close()
    for (pair, kind, _index), row in sorted(collected.items()):
        if kind == "deal":
            results[pair].deals.append((row[0], row[1], row[2], row[3]))
        else:
            results[pair].games.append((row[0], row[1]))
    return ArenaResult(
        rules=rules, seed=seed_s, bots=labels, pairs=results, times=times,
        elapsed_s=time.perf_counter() - t0, workers=workers, specs=[s.text() for s in specs],
    )


def _start_methods() -> Iterable[str]:
    return multiprocessing.get_all_start_methods()


def _unique_labels(labels: list[str]) -> list[str]:
    out: list[str] = []
    for lab in labels:
        new, k = lab, 2
        while new in out:
            new = f"{lab}#{k}"
            k += 1
        out.append(new)
    return out


def default_workers() -> int:
    """The number of CPU cores this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on every platform
        return os.cpu_count() or 1
