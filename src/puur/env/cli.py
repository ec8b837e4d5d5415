"""The ``puur selfplay`` subcommand: bots play many games; records and ``.npz`` arrays.

``puur selfplay [--variant NAME] [--rules PRESET|FILE] [--players BOT [BOT ...]]
[--games N] [--seed S] [--out DIR] [--episode game|hand] [--reward values|outcome]``.
See ``docs/research.md``.
"""

from __future__ import annotations

import argparse
import sys

from puur.cli import COMMANDS

__all__ = ["add_arguments", "run"]


def add_arguments(p: argparse.ArgumentParser) -> None:
    """The options of ``puur selfplay``."""
    p.add_argument("--variant", default="schieber",
                   help="the game played (puur variants lists them; default schieber)")
    p.add_argument("--rules", default=None,
                   help="a preset of the variant or a TOML/JSON file of its options "
                        "(default: its first preset)")
    p.add_argument("--players", nargs="+", default=["rules"], metavar="BOT",
                   help="one bot for every seat, or one per seat in seat order "
                        "(e.g. rules random 'search:budget=0.05' random; default rules)")
    p.add_argument("--games", type=int, default=10, help="games to play (default 10)")
    p.add_argument("--seed", default="0", help="seed of the deals and the bots (default 0)")
    p.add_argument("--out", default="selfplay", metavar="DIR",
                   help="output folder (default ./selfplay)")
    p.add_argument("--episode", choices=["game", "hand"], default="game",
                   help="play whole games or only each game's first hand")
    p.add_argument("--reward", choices=["values", "outcome"], default="values",
                   help="rewards: each hand's seat values, or the game's outcome")


def run(args: argparse.Namespace) -> int:
    """Play and write the files; prints where they went."""
    from puur.arena.cli import variant_rules
    from puur.variants import VariantError
    from puur.variants import get as get_variant

    try:
        from puur.env.selfplay import selfplay
        from puur.env.table import EnvError
    except ModuleNotFoundError as e:
        print(f"puur selfplay: needs the rl extra (pip install 'puur[rl]'): {e}",
              file=sys.stderr)
        return 2

    try:
        variant = get_variant(args.variant)
        rules = variant_rules(variant, args.rules)
        res = selfplay(variant.key, rules, args.players, args.games, args.seed, args.out,
                       args.episode, args.reward)
    except (EnvError, VariantError, ValueError) as e:
        print(f"puur selfplay: {e}", file=sys.stderr)
        return 2
    print(f"{res.games} games, {res.decisions} decisions: {res.records}, {res.arrays}, "
          f"{res.meta}")
    return 0


COMMANDS["selfplay"] = ("bots play many games: records and .npz arrays for learners",
                        add_arguments, run)
