"""The ``puur arena`` subcommand: bots against bots over mirrored deals or games.

``puur arena A B [C ...] [--variant NAME] [--deals N] [--games N] [--rules PRESET|FILE]
[--seed S] [--workers K | --ray ADDRESS] [--json FILE] [--budget SECONDS] [--quiet]
[--player NAME=MODULE:CALLABLE ...] [--tournament [--resamples N]]``; bot names may carry
options (``search:budget=0.25``); ``--player`` adds an outside bot factory (a trained policy)
under a name; ``--tournament`` rates three or more bots with bootstrap intervals.
See ``docs/arena.md``.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path
from typing import Any

from puur.cli import COMMANDS, add_rules_arguments, rules_from_args
from puur.options import OptionError, read_options_file
from puur.variants import Variant, VariantError
from puur.variants import get as get_variant

__all__ = ["add_arguments", "run", "variant_rules"]


def add_arguments(p: argparse.ArgumentParser) -> None:
    """The arena's options."""
    p.add_argument("bots", nargs="+", metavar="BOT",
                   help="two or more bots, e.g. rules random 'search:budget=0.25'")
    p.add_argument("--variant", default="schieber",
                   help="the game played (puur variants lists them; default schieber)")
    p.add_argument("--deals", type=int, default=None,
                   help="mirrored deal pairs per pairing (each deal played twice; default 100 "
                        "unless --games is given); in other variants deals played in every "
                        "seating")
    p.add_argument("--games", type=int, default=0,
                   help="mirrored game pairs per pairing, played to the rules' target (other "
                        "variants: whole games, in every seating)")
    add_rules_arguments(p)
    p.set_defaults(rules=None)
    p.add_argument("--seed", default=None,
                   help="match seed (any text); the same seed replays the same match")
    p.add_argument("--workers", type=int, default=None,
                   help="worker processes (default: the number of CPU cores)")
    p.add_argument("--ray", metavar="ADDRESS", default=None,
                   help="play the deals on a Ray cluster instead: HOST:6379 (its head), auto "
                        "(the one started here) or local (a Ray started for the run, with "
                        "--workers CPUs); needs pip install 'puur[cluster]'")
    p.add_argument("--json", metavar="FILE", default=None, help="also write the results as JSON")
    p.add_argument("--budget", type=float, default=None, metavar="SECONDS",
                   help="time budget per decision for bots that take one and do not set it")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    p.add_argument("--player", action="append", default=[], metavar="NAME=MODULE:CALLABLE",
                   help="an outside player (e.g. a trained policy): a bot factory imported "
                        "from MODULE and named NAME among the bots; may be repeated")
    p.add_argument("--tournament", action="store_true",
                   help="a tournament of three or more bots: the round robin, then ratings "
                        "with 95%% bootstrap intervals (the JSON report holds both)")
    p.add_argument("--resamples", type=int, default=200, metavar="N",
                   help="bootstrap resamples of a tournament's ratings (default 200)")


def variant_rules(variant: Variant, name: str | None) -> Any:
    """The option set ``name`` names for ``variant``: one of its presets, or a TOML or JSON
    file of its options (a ``preset`` key starts from that preset); the default preset when
    None. A bad name, file or option raises ``ValueError`` saying what is wrong."""
    if name is None:
        return variant.default_rules()
    if name in variant.presets:
        return variant.preset(name)
    path = Path(name)
    if not path.is_file():
        raise ValueError(f"{variant.key} has no preset or rule file named {name!r}; presets: "
                         f"{', '.join(variant.presets)}")
    try:
        return variant.rules_from_dict(read_options_file(path))
    except (OptionError, VariantError) as e:
        raise ValueError(str(e) if str(e).startswith(str(path)) else f"{path}: {e}") from None


def run(args: argparse.Namespace) -> int:
    """Run the arena and print the report."""
    from puur.arena.common import load_player
    from puur.arena.match import default_workers, run_arena

    try:
        for text in args.player:
            load_player(text)
    except ValueError as e:
        print(f"puur arena: --player: {e}", file=sys.stderr)
        return 2

    if args.ray is not None:
        from puur.arena.cluster import check_ray

        try:
            check_ray(args.ray)
        except ValueError as e:
            print(f"puur arena: {e}", file=sys.stderr)
            return 2
    deals = args.deals if args.deals is not None else (0 if args.games else 100)
    seed = args.seed if args.seed is not None else str(random.randrange(1 << 32))
    workers = args.workers if args.workers is not None else default_workers()
    if len(args.bots) < 2:
        print("puur arena: name at least two bots", file=sys.stderr)
        return 2
    try:
        variant = get_variant(args.variant)
    except VariantError as e:
        print(f"puur arena: {e}", file=sys.stderr)
        return 2
    if variant.key == "schieber":
        if args.rules is None:
            args.rules = "family"
        rules = rules_from_args(args)
    else:
        if args.target or args.multipliers:
            print("puur arena: --target and --multipliers are Schieber options; give the "
                  f"{variant.key} options in a rule file", file=sys.stderr)
            return 2
        try:
            rules = variant_rules(variant, args.rules)
        except ValueError as e:
            print(f"puur arena: {e}", file=sys.stderr)
            return 2
    try:
        if args.tournament:
            from puur.arena.tournament import run_tournament

            result: Any = run_tournament(
                args.bots, rules, deals=deals, games=args.games, seed=seed, workers=workers,
                budget=args.budget, progress=not args.quiet, variant=variant,
                resamples=args.resamples, ray=args.ray,
            )
        else:
            result = run_arena(
                args.bots, rules, deals=deals, games=args.games, seed=seed, workers=workers,
                budget=args.budget, progress=not args.quiet, variant=variant, ray=args.ray,
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
