"""The ``puur`` command line.

Subcommands register themselves in :data:`COMMANDS` as ``(help, add_arguments, run)``; each
outer layer (terminal game, web server, arena) adds its own without the core knowing it.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence

from puur.cards import DECK_STYLES
from puur.rules import PRESETS, RuleError, RuleSet, load_rules

__all__ = ["COMMANDS", "add_rules_arguments", "main", "rules_from_args"]

Command = tuple[str, Callable[[argparse.ArgumentParser], None], Callable[[argparse.Namespace], int]]
COMMANDS: dict[str, Command] = {}


def add_rules_arguments(p: argparse.ArgumentParser) -> None:
    """The rule options every subcommand shares: a preset or a file, and a few overrides."""
    p.add_argument("--rules", default="family",
                   help=f"a preset ({', '.join(PRESETS)}) or a TOML/JSON rule file")
    p.add_argument("--target", type=int, help="points that end the game")
    p.add_argument("--multipliers", choices=["none", "standard"], help="multiplier table")


def rules_from_args(args: argparse.Namespace) -> RuleSet:
    """The rule set the arguments ask for; a bad value exits with a clear message."""
    from puur.rules import rules_from_dict

    try:
        rules = PRESETS[args.rules] if args.rules in PRESETS else load_rules(args.rules)
        changes: dict[str, object] = {}
        if getattr(args, "target", None):
            changes["target"] = args.target
        if getattr(args, "multipliers", None):
            changes["multipliers"] = args.multipliers
        return rules_from_dict(changes, base=rules) if changes else rules
    except FileNotFoundError:
        raise SystemExit(f"puur: no preset or rule file named {args.rules!r}") from None
    except RuleError as e:
        raise SystemExit(f"puur: {e}") from None


def _players(text: str) -> str:
    from puur.demo import parse_players

    # Checked here for a name that is no player; the number of names once the table is known.
    try:
        names = [n.strip() for n in text.split(",")]
        parse_players(text, seats=len(names) if len(names) > 1 else 4)
    except ValueError as e:
        raise argparse.ArgumentTypeError(str(e)) from None
    return text


def _demo_args(p: argparse.ArgumentParser) -> None:
    from puur.tui.session import available_bots
    from puur.variants import variants

    keys = ", ".join(v.key for v in variants())
    p.add_argument("--variant", default="schieber", metavar="NAME",
                   help=f"the game played: {keys} (default schieber)")
    add_rules_arguments(p)
    p.set_defaults(rules=None)  # the variant's first preset (Schieber: family)
    p.add_argument("--seed", type=int, default=None, help="seed for the deals and the bots")
    p.add_argument("--deck", choices=sorted(DECK_STYLES), default=None,
                   help="deck style (default: the variant's own, swiss for most; salzburg for "
                        "kreuzjass)")
    p.add_argument("--players", type=_players, default="random", metavar="NAMES",
                   help="the computer players: one name for every seat, or one per seat "
                        "separated by commas for South, East, North, West (e.g. "
                        "rules,search,random,rules; a Differenzler table of three: South, "
                        f"East, West); known: {', '.join(available_bots())} (default: random)")


def _demo(args: argparse.Namespace) -> int:
    from puur.arena.cli import variant_rules
    from puur.demo import parse_players, run_demo, run_variant_demo
    from puur.variants import VariantError, get

    try:
        variant = get(args.variant)
    except VariantError as e:
        raise SystemExit(f"puur demo: {e}") from None
    if variant.key == "schieber":
        args.rules = args.rules or "family"
        rules = rules_from_args(args)
    elif args.target is not None or args.multipliers is not None:
        raise SystemExit(f"puur demo: --target and --multipliers are Schieber's options; "
                         f"{variant.key} takes a preset or a rule file (--rules)")
    else:
        try:
            rules = variant_rules(variant, args.rules)
        except ValueError as e:
            raise SystemExit(f"puur demo: {e}") from None
    try:
        players = parse_players(args.players, variant.num_seats(rules))
    except ValueError as e:
        print(f"puur demo: argument --players: {e}", file=sys.stderr)
        raise SystemExit(2) from None
    style = DECK_STYLES[args.deck or variant.default_deck(rules)]
    if variant.key == "schieber":
        run_demo(rules, seed=args.seed, style=style, players=players)
    else:
        run_variant_demo(variant, rules, seed=args.seed, style=style, players=players)
    return 0


COMMANDS["demo"] = ("computer players play one game of any variant, shown hand by hand",
                    _demo_args, _demo)


def _variants_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("--json", action="store_true", help="every variant's description as JSON")


def _variants(args: argparse.Namespace) -> int:
    import json

    from puur.variants import variants

    if args.json:
        print(json.dumps([v.info() for v in variants()], indent=2))
        return 0
    rows = [(v.key, ", ".join(map(str, v.players)), v.summary) for v in variants()]
    width = max(len(r[0]) for r in rows)
    pwidth = max(len("players"), *(len(r[1]) for r in rows))
    print(f"{'key':<{width}}  {'players':<{pwidth}}  summary")
    for v, (key, players, summary) in zip(variants(), rows, strict=True):
        print(f"{key:<{width}}  {players:<{pwidth}}  {summary}")
        print(f"{'':<{width}}  {'':<{pwidth}}  presets: {', '.join(v.presets)}")
    return 0


COMMANDS["variants"] = ("list the games of the family: key, players, summary, presets",
                        _variants_args, _variants)


def _verify_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("record", help="a record file (one or more games; '-' reads standard input)")


def _verify(args: argparse.Namespace) -> int:
    from puur.fairness import FairnessError, verify
    from puur.record import RecordError, iter_records

    bad = 0
    try:
        with (open(args.record, encoding="utf-8", errors="surrogateescape")
              if args.record != "-" else sys.stdin) as f:
            for n, rec in enumerate(iter_records(f), start=1):
                try:
                    ok = verify(rec)
                except FairnessError as e:
                    print(f"game {n}: NOT VERIFIED: {e}")
                    bad += 1
                else:
                    print(f"game {n}: verified: {ok.variant}, {ok.hands} hands dealt from the "
                          f"seed committed as {ok.commitment}")
    except OSError as e:
        raise SystemExit(f"puur verify: cannot read {args.record}: {e.strerror or e}") from None
    except RecordError as e:
        raise SystemExit(f"puur verify: {args.record}: not a readable record: {e}") from None
    return 1 if bad else 0


COMMANDS["verify"] = ("check a recorded game's deals against the seed committed before it began",
                      _verify_args, _verify)


def _load_plugins() -> None:
    # Outer layers register their subcommands on import; a missing optional dependency only
    # removes that subcommand.
    import importlib

    for mod in ("puur.tui.cli", "puur.server.cli", "puur.arena.cli", "puur.coach.cli",
                "puur.env.cli", "puur.playerservice.cli"):
        try:
            importlib.import_module(mod)
        except ModuleNotFoundError as e:
            missing = e.name or ""
            # The layer is not installed, or a third-party library it needs is missing.
            if missing.startswith("puur.") and not mod.startswith(missing):
                raise


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``puur`` command."""
    _load_plugins()
    parser = argparse.ArgumentParser(prog="puur", description="Swiss Jass: Schieber and friends")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name, (help_text, add_args, _run) in COMMANDS.items():
        add_args(sub.add_parser(name, help=help_text, description=help_text))
    args = parser.parse_args(argv)
    if not args.command:
        parser.print_help()
        return 0
    return COMMANDS[args.command][2](args)


if __name__ == "__main__":
    # Run through the imported module so that subcommands registered by the outer layers (which
    # import puur.cli, not __main__) are found with ``python -m puur.cli``.
    from puur.cli import main as _main

    sys.exit(_main())
