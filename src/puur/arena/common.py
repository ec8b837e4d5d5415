"""What every arena match shares: bot specifications, decision timing, seeds, the checks of a
request, the worker pool and the progress bar.

Bot seeds derive from the match seed and the position of a deal or game (never from the order
in which workers finish), so a match gives the same result whatever the number of workers.
"""

from __future__ import annotations

import importlib
import inspect
import math
import multiprocessing
import os
import random
import sys
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, TextIO, TypeVar

from puur.arena.stats import percentile
from puur.bots import BOTS, Bot

__all__ = [
    "BotSpec",
    "OptionValue",
    "Outcome",
    "Played",
    "Progress",
    "Timed",
    "default_workers",
    "load_player",
    "outside_players",
    "parse_bot_spec",
    "play_pairings",
    "prepare_specs",
    "rating_lines",
    "run_tasks",
    "seed_for",
    "spec_lines",
    "timing_json",
    "timing_lines",
    "timing_of",
    "unique_labels",
    "where",
]

T = TypeVar("T")
R = TypeVar("R")

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


def load_player(text: str) -> str:
    """Register an outside player: ``NAME=MODULE:CALLABLE`` (or ``MODULE:CALLABLE``, named
    after the callable). The callable is a bot factory like those of :data:`BOTS`: it takes
    keyword options (``seed`` when it wants one) and returns an object with a ``name`` and
    ``act(observation) -> action``. The module is imported from the Python path or the current
    folder. Returns the name; ``ValueError`` saying what is wrong (registers nothing then)."""
    if not isinstance(text, str):
        raise ValueError(f"an outside player is NAME=MODULE:CALLABLE, not {text!r}")
    name, eq, target = text.strip().rpartition("=") if "=" in text else ("", "", text.strip())
    module, colon, attr = target.partition(":")
    if not colon or not module or not attr.isidentifier():
        raise ValueError(f"an outside player is NAME=MODULE:CALLABLE, not {text!r}")
    name = name.strip() if eq else attr
    if not name or any(c in name for c in ":,= ") or name in BOTS:
        raise ValueError(f"cannot name an outside player {name!r}: it must be new and "
                         f"without ':', ',', '=' or spaces (taken: {', '.join(sorted(BOTS))})")
    if os.getcwd() not in sys.path:
        sys.path.insert(0, os.getcwd())
    try:
        factory = getattr(importlib.import_module(module), attr)
    except ImportError as e:
        raise ValueError(f"cannot import {module!r} for the player {name!r}: {e}") from None
    except AttributeError:
        raise ValueError(f"{module!r} has no {attr!r}") from None
    if not callable(factory):
        raise ValueError(f"{module}:{attr} is not callable")
    spec_params = inspect.signature(factory).parameters
    wants_seed = "seed" in spec_params or any(p.kind is p.VAR_KEYWORD
                                              for p in spec_params.values())
    try:
        probe = factory(seed=0) if wants_seed else factory()
    except Exception as e:
        raise ValueError(f"{module}:{attr}() failed: {e}") from None
    if not callable(getattr(probe, "act", None)) or not isinstance(
            getattr(probe, "name", None), str):
        raise ValueError(f"{module}:{attr}() must return a bot: an object with a name and "
                         f"act(observation)")
    BOTS[name] = factory
    _OUTSIDE[name] = (f"{name}={module}:{attr}", factory)
    return name


_OUTSIDE: dict[str, tuple[str, object]] = {}


def outside_players() -> dict[str, str]:
    """The outside players registered by :func:`load_player` and still in :data:`BOTS`:
    name → ``NAME=MODULE:CALLABLE`` (what a fresh worker process, such as a Ray worker's,
    registers again)."""
    return {name: text for name, (text, factory) in _OUTSIDE.items()
            if BOTS.get(name) is factory}


# ---------------------------------------------------------------------------------------------
# Running a match


class Timed:
    """Wraps a bot and records the seconds each decision took."""

    def __init__(self, bot: Bot, sink: list[float]) -> None:
        self.bot = bot
        self.name = bot.name
        self.sink = sink

    def act(self, obs: Any) -> int:
        t0 = time.perf_counter()
        a = self.bot.act(obs)
        self.sink.append(time.perf_counter() - t0)
        return a


def seed_for(seed: str, *parts: object) -> int:
    """A bot seed derived from the match seed and the position (stable across processes)."""
    return random.Random(":".join([seed, *map(str, parts)])).getrandbits(63)


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


def timing_of(ts: Sequence[float]) -> dict[str, float]:
    """Number of decisions, mean and 95th-percentile seconds per decision."""
    if not ts:
        return {"decisions": 0, "mean_s": math.nan, "p95_s": math.nan}
    return {"decisions": len(ts), "mean_s": sum(ts) / len(ts), "p95_s": percentile(ts, 95)}


def timing_json(t: dict[str, float]) -> dict[str, float | None]:
    """:func:`timing_of` for the JSON report (``null`` where nothing was timed)."""
    return {k: (round(v, 9) if isinstance(v, float) and not math.isnan(v) else
                (None if isinstance(v, float) else v)) for k, v in t.items()}


def timing_lines(bots: Sequence[str], timing: Callable[[str], dict[str, float]]) -> list[str]:
    """The report's lines of decision times, one per bot."""
    lines = ["time per decision:"]
    width = max(len(b) for b in bots)
    for b in bots:
        t = timing(b)
        lines.append(f"  {b:<{width}}  mean {1000 * t['mean_s']:9.3f} ms  "
                     f"p95 {1000 * t['p95_s']:9.3f} ms  ({t['decisions']} decisions)")
    return lines


def where(workers: int, ray: str | None) -> str:
    """The report's words for where a match ran."""
    return f"ray: {ray}" if ray is not None else f"workers: {workers}"


def spec_lines(bots: Sequence[str], specs: Sequence[str]) -> list[str]:
    """The report's line naming the bots whose full spec differs from their label."""
    extra = [f"{b} = {sp}" for b, sp in zip(bots, specs, strict=False) if sp != b]
    return ["bots: " + "; ".join(extra)] if extra else []


def rating_lines(bots: Sequence[str], ratings: Sequence[tuple[str, float]]) -> list[str]:
    """The report's rating table (three bots or more; none otherwise)."""
    if len(bots) <= 2:
        return []
    width = max(len(b) for b in bots)
    return ["ratings (Bradley-Terry, Elo scale, mean 1500):",
            *(f"  {b:<{width}}  {r:7.1f}" for b, r in ratings)]


#: What a task of a match returns: the pairing, "deal" or "game", the index, the row of
#: results, and the two bots' decision times.
Outcome = tuple[int, str, int, tuple[Any, ...], list[float], list[float]]


@dataclass
class Played:
    """Everything a round robin of tasks produced, rows sorted by pairing, kind and index."""

    rows: dict[tuple[int, str, int], tuple[Any, ...]]
    times: dict[str, list[float]]
    elapsed_s: float


def play_pairings(
    specs: Sequence[BotSpec], seed: str, counts: Sequence[tuple[str, int]],
    make_task: Callable[[int, str, int, BotSpec, BotSpec, str], T],
    run: Callable[[T], Outcome], workers: int, progress: bool | TextIO = False,
    ray: str | None = None,
) -> tuple[list[tuple[int, int]], Played]:
    """Every pairing of ``specs`` plays ``count`` tasks of each kind in ``counts``:
    ``make_task(pairing, kind, index, a, b, seed)`` builds one (each pairing has its own
    deals: with more than two bots the pair's labels are part of the seed), ``run`` plays it
    (on the Ray cluster at ``ray`` when given: :func:`run_tasks`). Returns the pairings
    (indices into ``specs``) and what was played."""
    labels = [s.label for s in specs]
    pairings = [(i, j) for i in range(len(specs)) for j in range(i + 1, len(specs))]
    tasks: list[T] = []
    for p, (i, j) in enumerate(pairings):
        pseed = seed if len(specs) == 2 else f"{seed}:{labels[i]}:{labels[j]}"
        for kind, count in counts:
            tasks += [make_task(p, kind, k, specs[i], specs[j], pseed) for k in range(count)]
    # A quick check in this process that every bot can be built, with a clear error.
    for s in specs:
        s.make(0)
    times: dict[str, list[float]] = {lab: [] for lab in labels}
    rows: dict[tuple[int, str, int], tuple[Any, ...]] = {}
    t0 = time.perf_counter()

    def absorb(out: Outcome) -> None:
        pair, kind, index, row, ta, tb = out
        rows[(pair, kind, index)] = row
        times[labels[pairings[pair][0]]].extend(ta)
        times[labels[pairings[pair][1]]].extend(tb)

    run_tasks(run, tasks, workers, absorb, progress, ray)
    return pairings, Played(dict(sorted(rows.items())), times, time.perf_counter() - t0)


def prepare_specs(
    bots: Sequence[BotSpec | str], deals: int, games: int, workers: int, budget: float | None
) -> list[BotSpec]:
    """The bots of a match as specs with unique labels; ``ValueError`` for a bad request (fewer
    than two bots, nothing to play, no worker, an unknown bot, a budget that is not positive).
    ``budget`` is given to every bot whose factory takes one and whose spec sets none."""
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
    labels = unique_labels([s.label for s in specs])
    return [BotSpec(s.name, s.options, lab) for s, lab in zip(specs, labels, strict=True)]


def run_tasks(
    run: Callable[[T], R], tasks: Sequence[T], workers: int, absorb: Callable[[R], None],
    progress: bool | TextIO = False, ray: str | None = None,
) -> None:
    """Run every task (in ``workers`` processes when more than one, or on the Ray cluster at
    ``ray``: :mod:`puur.arena.cluster`) and hand each outcome to ``absorb`` as it comes, in
    any order. ``progress`` True draws a bar on stderr (or pass a stream)."""
    bar: Progress | None = None
    if ray is not None:
        from puur.arena.cluster import check_ray
        ray = check_ray(ray)
    if progress:
        bar = Progress(len(tasks), stream=None if progress is True else progress)
    try:
        if ray is not None:
            from puur.arena.cluster import run_on_ray

            run_on_ray(run, tasks, ray, workers, absorb, bar.update if bar else lambda n: None)
        elif workers == 1:
            for task in tasks:
                absorb(run(task))
                if bar is not None:
                    bar.update()
        else:
            ctx = multiprocessing.get_context("fork" if "fork" in _start_methods() else None)
            with ctx.Pool(workers) as pool:
                chunk = max(1, min(8, len(tasks) // (workers * 8)))
                for out in pool.imap_unordered(run, tasks, chunksize=chunk):
                    absorb(out)
                    if bar is not None:
                        bar.update()
    finally:
        if bar is not None:
            bar.close()


def _start_methods() -> Iterable[str]:
    return multiprocessing.get_all_start_methods()


def unique_labels(labels: list[str]) -> list[str]:
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
