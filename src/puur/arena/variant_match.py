"""Matches between bots in any variant of the registry: rotated seatings, mean scores.

A variant is played through its registry entry (:mod:`puur.variants`): its games, its sides
and its scores; nothing here knows one variant from another.

**Seatings.** Each deal (or game seed) is played once per *seating*, always with the same
cards. The two bots of a pairing take the sides in turn: the seatings are every rotation of
"A on the first half of the sides, B on the rest", and of the same with A and B exchanged. For
two teams of two (Coiffeur) that is the mirrored pair of Schieber (A in seats 0 and 2, then in
1 and 3); when everyone plays alone (Differenzler) each bot plays every seat of every deal
equally often (four players: 4 seatings, each bot in two seats; three players: 6 seatings).
The luck of the cards and of the seat cancels within a deal, and each deal is one observation.

**Scores.** A *deal* is the first hand of a game begun from that deal; a side's score is what
the variant's score sheet gives it after that hand (``game.scores``: the penalty of a
Differenzler hand, the row a Coiffeur team wrote). A *game* is played to its end. A bot's score
in a seating is the mean of its sides' scores; its score for a deal or game is the mean over
the seatings. The report gives each bot's mean with a 95% interval over the deals (or games),
the mean difference A - B with its interval (paired by deal), and for games the share of first
places (a shared first place is split). The variant says what its score is called and whether
less is better (``Variant.score_name``, ``Variant.lower_is_better``).

Seeds: deal ``i`` is ``"{seed}:deal:{i}"``, game ``i`` ``"{seed}:game:{i}"``; bot seeds derive
from the match seed, the deal or game, the seating and the seat, so the result is the same
whatever the number of workers.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Final, TextIO

from puur.arena.common import (
    BotSpec,
    Outcome,
    Timed,
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
from puur.arena.stats import Interval, bradley_terry, mean_interval
from puur.variants import Variant, VariantGame
from puur.variants import get as get_variant

__all__ = [
    "VARIANT_JSON_VERSION",
    "VariantArenaResult",
    "VariantPair",
    "VariantPlay",
    "play_variant",
    "run_variant_arena",
    "seatings",
]

VARIANT_JSON_VERSION: Final = 1


def seatings(sides: tuple[int, ...]) -> list[tuple[int, ...]]:
    """For a table whose seats form ``sides``: the bot (0 = A, 1 = B) in each seat, for every
    seating of a deal.

    >>> seatings((0, 1, 0, 1))
    [(0, 1, 0, 1), (1, 0, 1, 0)]
    >>> seatings((0, 1, 2))
    [(0, 0, 1), (0, 1, 0), (1, 0, 0), (1, 1, 0), (1, 0, 1), (0, 1, 1)]
    """
    k = max(sides) + 1
    base = tuple(0 if i < (k + 1) // 2 else 1 for i in range(k))
    patterns: list[tuple[int, ...]] = []
    for b in (base, tuple(1 - x for x in base)):
        for r in range(k):
            p = b[r:] + b[:r]
            if p not in patterns:
                patterns.append(p)
    return [tuple(p[side] for side in sides) for p in patterns]


@dataclass
class VariantPlay:
    """One deal or game played in every seating. ``scores[k]`` are the sides' scores in
    seating ``k``, ``seats[k]`` the bot (0 = A, 1 = B) in each seat; ``a`` and ``b`` the two
    bots' mean scores, ``a_first`` A's share of the first places (games)."""

    index: int
    a: float
    b: float
    a_first: float
    scores: list[tuple[int, ...]]
    seats: list[tuple[int, ...]]
    times: tuple[list[float], list[float]]
    games: list[VariantGame] = field(default_factory=list)


def _first_share(places: tuple[int, ...], ours: list[int]) -> float:
    firsts = [s for s, p in enumerate(places) if p == 1]
    return sum(1 for s in firsts if s in ours) / len(firsts) if firsts else 0.0


def play_variant(
    a: BotSpec, b: BotSpec, variant: Variant, rules: Any, seed: str, index: int,
    kind: str = "deal", keep: bool = False,
) -> VariantPlay:
    """Play deal (``kind="deal"``: its first hand) or game ``index`` of the match in every
    seating. ``keep`` keeps the games for inspection."""
    tag = f"{kind}:{index}"
    game_seed = f"{seed}:{tag}"
    times: tuple[list[float], list[float]] = ([], [])
    probe = variant.new_game(rules, seed=game_seed)
    sides = probe.sides
    out = VariantPlay(index, 0.0, 0.0, 0.0, [], [], times)
    lay = seatings(sides)
    for k, seats in enumerate(lay):
        game = variant.new_game(rules, seed=game_seed)
        bots = [
            Timed((a if who == 0 else b).make(seed_for(seed, tag, k, seat)), times[who])
            for seat, who in enumerate(seats)
        ]
        first = game.round
        while not game.is_over and (kind == "game" or game.round is first):
            seat = game.to_move
            obs = game.observation(seat)
            action = bots[seat].act(obs)
            if action not in obs.legal_actions:
                raise RuntimeError(f"bot {bots[seat].name!r} chose an illegal action {action!r}")
            game.push(action)
        scores = game.scores
        side_bot = {sides[s]: who for s, who in enumerate(seats)}
        mine = [[side for side, who in side_bot.items() if who == w] for w in (0, 1)]
        out.a += sum(scores[s] for s in mine[0]) / len(mine[0]) / len(lay)
        out.b += sum(scores[s] for s in mine[1]) / len(mine[1]) / len(lay)
        if kind == "game":
            out.a_first += _first_share(game.standings(), mine[0]) / len(lay)
        out.scores.append(tuple(scores))
        out.seats.append(seats)
        if keep:
            out.games.append(game)
    return out


# ---------------------------------------------------------------------------------------------
# Results


@dataclass
class VariantPair:
    """Everything played between bots ``a`` and ``b`` (labels): per deal and per game, the
    two bots' mean scores and A's share of first places."""

    a: str
    b: str
    seatings: int
    deals: list[tuple[float, float]] = field(default_factory=list)
    games: list[tuple[float, float, float]] = field(default_factory=list)

    @staticmethod
    def _summary(rows: Sequence[Sequence[float]]) -> tuple[Interval, Interval, Interval]:
        return (mean_interval([r[0] for r in rows]), mean_interval([r[1] for r in rows]),
                mean_interval([r[0] - r[1] for r in rows]))

    def deal_summary(self) -> tuple[Interval, Interval, Interval] | None:
        """A's and B's mean score per hand and the mean difference A - B, with intervals."""
        return self._summary(self.deals) if self.deals else None

    def game_summary(self) -> tuple[Interval, Interval, Interval] | None:
        """The same per game."""
        return self._summary(self.games) if self.games else None

    def first_share(self) -> Interval | None:
        """A's share of the first places over the games, with its interval."""
        return mean_interval([g[2] for g in self.games]) if self.games else None

    def better_share(self, lower_is_better: bool) -> tuple[float, float] | None:
        """(A's share of the comparisons, their number): a deal or game counts 1 when A's
        score beat B's, 0.5 when equal; games by their first places."""
        if self.games:
            return sum(g[2] for g in self.games), float(len(self.games))
        if not self.deals:
            return None
        sign = -1.0 if lower_is_better else 1.0
        won = sum(1.0 if sign * (a - b) > 0 else 0.5 if a == b else 0.0 for a, b in self.deals)
        return won, float(len(self.deals))

    def to_dict(self) -> dict[str, Any]:
        """Plain data for the JSON report."""
        out: dict[str, Any] = {"a": self.a, "b": self.b, "seatings": self.seatings}
        for key, rows, summary in (("deals", self.deals, self.deal_summary()),
                                   ("games", self.games, self.game_summary())):
            if summary is None:
                continue
            ia, ib, diff = summary
            out[key] = {
                "count": len(rows), "plays": len(rows) * self.seatings,
                "mean": [round(ia.value, 6), round(ib.value, 6)],
                "ci95": [ia.as_list(), ib.as_list()],
                "difference": round(diff.value, 6), "difference_ci95": diff.as_list(),
            }
        fs = self.first_share()
        if fs is not None:
            out["games"]["first"] = round(fs.value, 6)
            out["games"]["first_ci95"] = fs.as_list()
        return out


@dataclass
class VariantArenaResult:
    """A whole arena run in a variant other than Schieber."""

    variant: Variant
    rules: Any
    seed: str
    bots: list[str]
    pairs: list[VariantPair]
    times: dict[str, list[float]]
    elapsed_s: float
    workers: int
    specs: list[str] = field(default_factory=list)
    #: The Ray address the tasks ran at (None: this machine's processes).
    ray: str | None = None

    def timing(self, label: str) -> dict[str, float]:
        """Number of decisions, mean and 95th-percentile seconds per decision of a bot."""
        return timing_of(self.times.get(label, []))

    def ratings(self) -> list[tuple[str, float]]:
        """Bradley-Terry ratings (Elo scale, mean 1500), strongest first, from the first
        places in games, or else from the deals each bot scored better in."""
        idx = {b: i for i, b in enumerate(self.bots)}
        table: list[tuple[int, int, float, float]] = []
        for p in self.pairs:
            share = p.better_share(self.variant.lower_is_better)
            if share is not None:
                table.append((idx[p.a], idx[p.b], share[0], share[1]))
        if not table:
            return []
        r = bradley_terry(len(self.bots), table)
        return sorted(zip(self.bots, r, strict=True), key=lambda x: -x[1])

    def to_dict(self) -> dict[str, Any]:
        """The JSON report (format in ``docs/arena.md``)."""
        v = self.variant
        out: dict[str, Any] = {
            "version": VARIANT_JSON_VERSION,
            "variant": v.key,
            "rules": v.rules_to_dict(self.rules),
            "score": {"name": v.score_name, "lower_is_better": v.lower_is_better},
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
        v = self.variant
        name = getattr(self.rules, "name", "")
        better = "lower" if v.lower_is_better else "higher"
        lines = [f"variant: {v.key}  rules: {name}  seed: {self.seed}  "
                 f"{where(self.workers, self.ray)}  time: {self.elapsed_s:.1f} s",
                 f"score: {v.score_name} ({better} is better)"]
        lines += spec_lines(self.bots, self.specs)
        width = max(len(b) for b in self.bots)
        for p in self.pairs:
            for what, count, summary in (("deals", len(p.deals), p.deal_summary()),
                                         ("games", len(p.games), p.game_summary())):
                if summary is None:
                    continue
                unit = "hand" if what == "deals" else "game"
                lines.append(f"{p.a} vs {p.b}: {count} {what}, each in {p.seatings} seatings "
                             f"(every bot in every seat)")
                for label, iv in ((p.a, summary[0]), (p.b, summary[1])):
                    lines.append(f"  {label:<{width}}  {v.score_name} per {unit} "
                                 f"{iv.value:9.2f} (95% CI {iv.low:.2f} to {iv.high:.2f})")
                d = summary[2]
                lines.append(f"  {p.a} - {p.b}: {d.value:.2f} (95% CI {d.low:.2f} to "
                             f"{d.high:.2f})")
                fs = p.first_share() if what == "games" else None
                if fs is not None:
                    lines.append(f"  {p.a} took {fs.value:.3f} of the first places "
                                 f"(95% CI {max(0.0, fs.low):.3f}-{min(1.0, fs.high):.3f})")
        lines += timing_lines(self.bots, self.timing)
        lines += rating_lines(self.bots, self.ratings() if len(self.bots) > 2 else [])
        return "\n".join(lines)


# ---------------------------------------------------------------------------------------------
# Running


@dataclass(frozen=True)
class _Task:
    pair: int
    kind: str  # "deal" or "game"
    index: int
    a: BotSpec
    b: BotSpec
    variant: str
    rules: Any
    seed: str


def _run_task(task: _Task) -> Outcome:
    v = get_variant(task.variant)
    p = play_variant(task.a, task.b, v, task.rules, task.seed, task.index, task.kind)
    row = (p.a, p.b) if task.kind == "deal" else (p.a, p.b, p.a_first)
    return task.pair, task.kind, task.index, row, p.times[0], p.times[1]


def run_variant_arena(
    bots: Sequence[BotSpec | str],
    variant: Variant | str,
    rules: Any = None,
    deals: int = 0,
    games: int = 0,
    seed: int | str = 0,
    workers: int = 1,
    budget: float | None = None,
    progress: bool | TextIO = False,
    ray: str | None = None,
) -> VariantArenaResult:
    """Play every pairing of ``bots`` in ``variant`` (``rules``: one of its option sets, the
    default preset when None): ``deals`` deals and ``games`` games, each in every seating."""
    v = get_variant(variant) if isinstance(variant, str) else variant
    rules = v.check_rules(rules)
    specs = prepare_specs(bots, deals, games, workers, budget)
    labels = [s.label for s in specs]
    seed_s = str(seed)
    n_seatings = len(seatings(v.new_game(rules, seed=f"{seed_s}:probe").sides))

    def make_task(p: int, kind: str, k: int, a: BotSpec, b: BotSpec, pseed: str) -> _Task:
        return _Task(p, kind, k, a, b, v.key, rules, pseed)

    pairings, played = play_pairings(specs, seed_s, (("deal", deals), ("game", games)),
                                     make_task, _run_task, workers, progress, ray)
    results = [VariantPair(labels[i], labels[j], n_seatings) for i, j in pairings]
    for (pair, kind, _index), row in played.rows.items():
        if kind == "deal":
            results[pair].deals.append((row[0], row[1]))
        else:
            results[pair].games.append((row[0], row[1], row[2]))
    return VariantArenaResult(
        variant=v, rules=rules, seed=seed_s, bots=labels, pairs=results, times=played.times,
        elapsed_s=played.elapsed_s, workers=workers, specs=[s.text() for s in specs],
        ray=ray,
    )
