"""The ``puur arena`` subcommand: bots against bots over mirrored deals or games.

``puur arena A B [C ...] [--deals N] [--games N] [--rules PRESET] [--seed S] [--workers K]
[--json FILE] [--budget SECONDS] [--quiet]``; bot names may carry options
(``search:budget=0.25``). See ``docs/arena.md``.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path

from puur.cli import COMMANDS, add_rules_arguments, rules_from_args

__all__ = ["add_arguments", "run"]


def add_arguments(p: argparse.ArgumentParser) -> None:
    """The arena's options."""
    p.add_argument("bots", nargs="+", metavar="BOT",
                   help="two or more bots, e.g. rules random 'search:budget=0.25'")
    p.add_argument("--deals", type=int, default=None,
                   help="mirrored deal pairs per pairing (each deal played twice; default 100 "
                        "unless --games is given)")
    p.add_argument("--games", type=int, default=0,
                   help="mirrored game pairs per pairing, played to the rules' target")
    add_rules_arguments(p)
    p.add_argument("--seed", default=None,
                   help="match seed (any text); the same seed replays the same match")
    p.add_argument("--workers", type=int, default=None,
                   help="worker processes (default: the number of CPU cores)")
    p.add_argument("--json", metavar="FILE", default=None, help="also write the results as JSON")
    p.add_argument("--budget", type=float, default=None, metavar="SECONDS",
                   help="time budget per decision for bots that take one and do not set it")
    p.add_argument("--quiet", action="store_true", help="no progress bar")


def run(args: argparse.Namespace) -> int:
    """Run the arena and print the report."""
    from puur.arena.match import default_workers, run_arena

    deals = args.deals if args.deals is not None else (0 if args.games else 100)
    seed = args.seed if args.seed is not None else str(random.randrange(1 << 32))
    workers = args.workers if args.workers is not None else default_workers()
    if len(args.bots) < 2:
        print("puur arena: name at least two bots", file=sys.stderr)
        return 2
    rules = rules_from_args(args)
    try:
        result = run_arena(
            args.bots, rules, deals=deals, games=args.games, seed=seed, workers=workers,
            budget=args.budget, progress=not args.quiet,
        )
    except ValueError as e:
        print(f"puur arena: {e}", file=sys.stderr)
        return 2
    print(result.report())
    if args.json:
        Path(args.json).write_text(json.dumps(result.to_dict(), indent=2) + "\n",
                                   encoding="utf-8")
    return 0


COMMANDS["arena"] = ("bots play each other over mirrored deals or games", add_arguments, run)
