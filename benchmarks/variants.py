"""Strength of a bot against another in Differenzler and Coiffeur, over mirrored games.

Each pair of games shares its seed (so the same deals in the same order) with the seats
swapped: in Coiffeur the two bots play the two teams and swap; in Differenzler two seats
opposite each other play bot A and the other two bot B, and the second game swaps them. Bots
are given as for the arena (``search:budget=0.25``; ``search`` without a budget takes
``--budget``), so any registered bot that plays the variant can be measured.

Run from the repository root (one process)::

    .venv/bin/python benchmarks/variants.py --variant differenzler --pairs 10 --budget 0.1
    .venv/bin/python benchmarks/variants.py --variant coiffeur --pairs 6 --budget 0.1

Figures: Differenzler, the mean penalty per hand of each bot (lower is better) and the share of
games in which bot A's better seat placed ahead of bot B's better seat; Coiffeur, the mean
total of each bot's team per game and the share of games bot A's team won. The last line is
machine-readable: ``variant=V a=A b=B a_value=X b_value=Y a_wins=S games=N decision_s=T``.
"""

from __future__ import annotations

import argparse
import statistics
import time
from typing import Any

from puur.arena.match import _Timed, parse_bot_spec
from puur.bots import make_bot
from puur.variants import get


def build(text: str, budget: float, seed: int) -> Any:
    """A bot from a spec such as ``search:budget=0.25`` (``--budget`` when it names none)."""
    spec = parse_bot_spec(text)
    options: dict[str, Any] = dict(spec.options)
    if spec.name == "search":
        options.setdefault("budget", budget)
    return make_bot(spec.name, seed=seed, **options)


def play(game: Any, bots: list[Any]) -> Any:
    while not game.is_over:
        seat = game.to_move
        obs = game.observation(seat)
        a = bots[seat].act(obs)
        if a not in obs.legal_actions:
            raise RuntimeError(f"{bots[seat].name} chose an illegal action {a!r}")
        game.push(a)
    return game


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--variant", choices=("differenzler", "coiffeur"), required=True)
    p.add_argument("--preset", default=None, help="the variant's preset (default: its first)")
    p.add_argument("--a", default="search", help="bot A (default search)")
    p.add_argument("--b", default="random", help="bot B (default random)")
    p.add_argument("--pairs", type=int, default=6, help="mirrored pairs of games")
    p.add_argument("--budget", type=float, default=0.1, help="seconds per search decision")
    p.add_argument("--seed", default="variants", help="seed of the games")
    args = p.parse_args()
    v = get(args.variant)
    rules = v.preset(args.preset) if args.preset else v.default_rules()
    times: list[float] = []
    a_vals: list[float] = []
    b_vals: list[float] = []
    a_wins = 0.0
    games = 0
    start = time.perf_counter()
    for pair in range(args.pairs):
        for swap in (0, 1):
            game = v.new_game(rules, seed=f"{args.seed}:{pair}")
            n = game.num_seats
            a_seats = [s for s in range(n) if (s + swap) % 2 == 0]
            bots = [
                _Timed(build(args.a, args.budget, 10 * pair + s), times) if s in a_seats
                else build(args.b, args.budget, 10 * pair + s) for s in range(n)
            ]
            play(game, bots)
            games += 1
            scores = game.scores
            places = game.standings()
            b_seats = [s for s in range(n) if s not in a_seats]
            if args.variant == "coiffeur":
                a_vals.append(scores[a_seats[0] & 1])
                b_vals.append(scores[b_seats[0] & 1])
                best_a, best_b = places[a_seats[0] & 1], places[b_seats[0] & 1]
            else:
                hands = len(game.rounds)
                a_vals.extend(scores[s] / hands for s in a_seats)
                b_vals.extend(scores[s] / hands for s in b_seats)
                best_a = min(places[s] for s in a_seats)
                best_b = min(places[s] for s in b_seats)
            a_wins += 1.0 if best_a < best_b else 0.5 if best_a == best_b else 0.0
            print(f"pair {pair} swap {swap}: scores {list(scores)} places {list(places)} "
                  f"({time.perf_counter() - start:.0f} s)", flush=True)
    what = "mean total per game" if args.variant == "coiffeur" else "mean penalty per hand"
    print(f"{args.variant} ({rules.name}), {games} games, {what}: "
          f"{args.a} {statistics.fmean(a_vals):.1f}, {args.b} {statistics.fmean(b_vals):.1f}; "
          f"{args.a} ahead in {a_wins / games:.2f} of the games")
    if times:
        times.sort()
        print(f"{args.a} decisions: {len(times)}, mean {statistics.fmean(times):.3f} s, "
              f"p95 {times[int(0.95 * (len(times) - 1))]:.3f} s")
    print(f"variant={args.variant} a={args.a} b={args.b} a_value={statistics.fmean(a_vals):.1f} "
          f"b_value={statistics.fmean(b_vals):.1f} a_wins={a_wins / games:.2f} games={games} "
          f"decision_s={statistics.fmean(times) if times else 0.0:.3f}")


if __name__ == "__main__":
    main()
