"""Strength of the computer players over mirrored deals (issue 3 bars).

Measures, under the ``bare`` preset by default (card points only, the convention of published
bot comparisons):

* ``rules`` against ``random`` (bar: at least 0.67 of the points over 2,000 mirrored deals);
* ``search`` at its fast level, 0.25 s a decision, against ``rules`` (bar: the 95% interval
  wholly above 0.55 over at least 400 mirrored deals) — ``search_vs_rules_low``;
* ``search`` at its default level, 1 s a decision, against ``rules`` (at least 100 mirrored
  deals) — ``search_vs_rules``;
* the 95th percentile of the search bot's decision time at the default level — ``p95_s``.

The last line is exactly::

    rules_vs_random=S search_vs_rules=S search_vs_rules_low=S p95_s=T

(S a share of points 0..1 with three decimals, T seconds; ``nan`` for a figure not measured).
Exit status: 0 when every figure was measured, 2 when the search bot is not registered (its
figures are skipped), 1 on bad arguments.

Examples::

    python benchmarks/strength.py --deals 50            # a short run of every matchup
    python benchmarks/strength.py --only rules          # rules vs random only, 2,000 deals
    python benchmarks/strength.py --deals-low 400 --deals-search 100 --workers 2
"""

from __future__ import annotations

import argparse
import math
import sys

from puur.arena import ArenaResult, BotSpec, default_workers, run_arena
from puur.bots import BOTS
from puur.rules import PRESETS, RuleError, load_rules


def _share(res: ArenaResult) -> float:
    sh = res.pairs[0].share()
    return sh.value if sh is not None else math.nan


def _line(name: str, res: ArenaResult) -> str:
    p = res.pairs[0]
    sh = p.share()
    assert sh is not None
    t = {b: res.timing(b) for b in res.bots}
    times = "  ".join(f"{b}: mean {1000 * v['mean_s']:.3f} ms p95 {1000 * v['p95_s']:.3f} ms"
                      for b, v in t.items())
    return (f"{name}: {p.a} vs {p.b} over {len(p.deals)} mirrored deals: share {sh.value:.3f} "
            f"(95% CI {sh.low:.3f}-{sh.high:.3f}) in {res.elapsed_s:.1f} s; {times}")


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark; return the exit status."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    ap.add_argument("--deals", type=int, default=None,
                    help="mirrored deals for every matchup (overrides the defaults below)")
    ap.add_argument("--deals-random", type=int, default=None,
                    help="rules vs random (default 2000)")
    ap.add_argument("--deals-low", type=int, default=None,
                    help="search at 0.25 s vs rules (default 400)")
    ap.add_argument("--deals-search", type=int, default=None,
                    help="search at 1 s vs rules (default 100)")
    ap.add_argument("--low-budget", type=float, default=0.25, help="fast level, s a decision")
    ap.add_argument("--budget", type=float, default=1.0, help="default level, s a decision")
    ap.add_argument("--rules", default="bare", help="preset or rule file (default bare)")
    ap.add_argument("--seed", default="strength", help="match seed")
    ap.add_argument("--workers", type=int, default=None, help="processes (default: all cores)")
    ap.add_argument("--only", choices=["rules", "search"], default=None,
                    help="run only the rules-vs-random or only the search matchups")
    ap.add_argument("--quiet", action="store_true", help="no progress bars")
    args = ap.parse_args(argv)

    try:
        rules = PRESETS[args.rules] if args.rules in PRESETS else load_rules(args.rules)
    except (FileNotFoundError, RuleError) as e:
        print(f"strength: bad --rules: {e}", file=sys.stderr)
        return 1

    def n(specific: int | None, default: int) -> int:
        if specific is not None:
            return specific
        return args.deals if args.deals is not None else default

    n_random, n_low, n_search = n(args.deals_random, 2000), n(args.deals_low, 400), \
        n(args.deals_search, 100)
    if min(n_random, n_low, n_search) < 1:
        print("strength: every deal count must be at least 1", file=sys.stderr)
        return 1
    workers = args.workers or default_workers()
    progress = not args.quiet
    print(f"rules preset {rules.name}, seed {args.seed!r}, {workers} worker(s)")

    figures = {"rules_vs_random": math.nan, "search_vs_rules": math.nan,
               "search_vs_rules_low": math.nan, "p95_s": math.nan}
    status = 0
    if args.only != "search":
        res = run_arena(["rules", "random"], rules, deals=n_random, seed=args.seed,
                        workers=workers, progress=progress)
        figures["rules_vs_random"] = _share(res)
        print(_line("rules_vs_random", res), flush=True)
        bar = "meets" if figures["rules_vs_random"] >= 0.67 else "MISSES"
        print(f"  bar >= 0.670 over 2000 deals: {bar} (over {n_random} deals)")
    if args.only != "rules":
        if "search" not in BOTS:
            print("strength: the 'search' bot is not registered (puur.bots.search missing); "
                  "search figures skipped", file=sys.stderr)
            status = 2
        else:
            low = BotSpec("search", (("budget", args.low_budget),))
            res = run_arena([low, BotSpec("rules")], rules, deals=n_low, seed=args.seed,
                            workers=workers, progress=progress)
            figures["search_vs_rules_low"] = _share(res)
            print(_line("search_vs_rules_low", res), flush=True)
            sh = res.pairs[0].share()
            ok = sh is not None and sh.low > 0.55
            print(f"  bar: 95% CI wholly above 0.550 over >= 400 deals: "
                  f"{'meets' if ok else 'MISSES'} (over {n_low} deals); p95 "
                  f"{res.timing(low.label)['p95_s']:.3f} s at {args.low_budget} s")
            full = BotSpec("search", (("budget", args.budget),))
            res = run_arena([full, BotSpec("rules")], rules, deals=n_search, seed=args.seed,
                            workers=workers, progress=progress)
            figures["search_vs_rules"] = _share(res)
            figures["p95_s"] = res.timing(full.label)["p95_s"]
            print(_line("search_vs_rules", res), flush=True)
            print(f"  p95 decision time {figures['p95_s']:.3f} s; bar <= "
                  f"{1.5 * args.budget:.3f} s")

    def f3(x: float) -> str:
        return "nan" if math.isnan(x) else f"{x:.3f}"

    print(f"rules_vs_random={f3(figures['rules_vs_random'])} "
          f"search_vs_rules={f3(figures['search_vs_rules'])} "
          f"search_vs_rules_low={f3(figures['search_vs_rules_low'])} "
          f"p95_s={f3(figures['p95_s'])}")
    return status


if __name__ == "__main__":
    sys.exit(main())
