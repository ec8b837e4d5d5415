"""``puur play``: command-line flags of the terminal game (registered in :data:`puur.cli.COMMANDS`).

Every choice of the setup screen has a flag; flags given are remembered in the settings file
(see :mod:`puur.tui.settings`) unless ``--no-remember``. ``--variant`` chooses the game (any
variant of :mod:`puur.variants`); ``--rules`` names one of its presets or a rule file, and
``--set OPTION=VALUE`` (like the switches ``--weis`` …) changes one of its options by the name
the variant gives it.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from puur.cards import DECK_STYLES
from puur.cli import COMMANDS, add_rules_arguments
from puur.i18n import LANGUAGES
from puur.record import RecordError, read_record
from puur.rules import PRESETS, RuleError, load_rules, rules_from_dict
from puur.tui.session import PlaySession, SessionError, available_bots
from puur.tui.settings import (
    Settings,
    SettingsError,
    default_save_path,
    load_settings,
    save_settings,
)
from puur.variants import VariantError, get, variants

__all__ = ["add_play_arguments", "run_play", "settings_from_args"]

_BOOL_OPTIONS = ("push_back", "weis", "large_weis", "kreuzweis", "weis_four_low", "stoeck",
                 "striche")


def add_play_arguments(p: argparse.ArgumentParser) -> None:
    """The flags of ``puur play``."""
    keys = ", ".join(v.key for v in variants())
    p.add_argument("--variant", metavar="NAME",
                   help=f"the game to play: {keys} (puur variants lists them)")
    add_rules_arguments(p)
    p.set_defaults(rules=None)  # None: keep the remembered rule set
    for name in _BOOL_OPTIONS:
        p.add_argument("--" + name.replace("_", "-"), dest=name, default=None,
                       action=argparse.BooleanOptionalAction, help=f"rule option {name}")
    p.add_argument("--stoeck-announce", choices=["second-card", "with-weis"],
                   help="when Stöck is announced")
    p.add_argument("--count-order", choices=["stoeck-weis-stich", "stoeck-stich-weis"],
                   help="order in which points are credited")
    p.add_argument("--kontermatch", choices=["match", "double", "bonus"],
                   help="how a Kontermatch scores")
    p.add_argument("--set", action="append", default=[], metavar="OPTION=VALUE",
                   help="any rule option by its name in the rule book (docs/rulebook.md; "
                        "VALUE as JSON or text); repeatable")
    p.add_argument("--deck", choices=sorted(DECK_STYLES), help="deck style")
    p.add_argument("--lang", choices=list(LANGUAGES), help="language of the interface")
    bots = available_bots()
    p.add_argument("--bots", choices=bots, help="computer player for all three seats")
    for seat in ("east", "north", "west"):
        p.add_argument(f"--{seat}", choices=bots, help=f"computer player at {seat.title()}")
    p.add_argument("--delay", type=float, help="seconds between computer moves (full screen)")
    p.add_argument("--name", help="your name in saved games")
    p.add_argument("--seed", type=int, default=None, help="seed for the deals and the bots")
    p.add_argument("--plain", action="store_true",
                   help="plain line mode on stdin/stdout (pipes, screen readers, scripts)")
    p.add_argument("--resume", metavar="FILE", nargs="?", const=str(default_save_path()),
                   help="continue a saved game (without FILE: the last one saved)")
    p.add_argument("--replay", metavar="FILE", help="replay a saved game move by move")
    p.add_argument("--save", metavar="FILE",
                   help=f"file the save key writes (default {default_save_path()})")
    p.add_argument("--no-setup", action="store_true",
                   help="skip the setup screen and start at once (full screen)")
    p.add_argument("--no-remember", action="store_true",
                   help="do not write the choices to the settings file")


def _parse_value(text: str) -> Any:
    try:
        return json.loads(text)
    except json.JSONDecodeError:
        return text


def settings_from_args(args: argparse.Namespace, base: Settings) -> Settings:
    """``base`` with every flag given applied; bad values raise :class:`SettingsError`."""
    s = Settings(**base.__dict__)
    s.bots = list(base.bots)
    s.other_rules = dict(base.other_rules)
    try:
        if args.variant is not None:
            s.switch_variant(get(args.variant).key)
    except VariantError as e:
        raise SettingsError(str(e)) from None
    changes: dict[str, Any] = {}
    if args.target is not None:
        changes["target"] = args.target
    if args.multipliers is not None:
        changes["multipliers"] = args.multipliers
    for name in _BOOL_OPTIONS:
        if getattr(args, name) is not None:
            changes[name] = getattr(args, name)
    for name in ("stoeck_announce", "count_order", "kontermatch"):
        if getattr(args, name) is not None:
            changes[name] = getattr(args, name)
    for item in args.set:
        key, eq, value = item.partition("=")
        if not eq or not key.strip():
            raise SettingsError(f"--set needs OPTION=VALUE, got {item!r}")
        changes[key.strip()] = _parse_value(value.strip())
    if s.variant == "schieber":
        s.rules = _schieber_rules(args.rules, s.rules, changes)
    else:
        s.rules = _variant_rules(s, args.rules, changes)
    if args.deck:
        s.deck = args.deck
    if args.lang:
        s.lang = args.lang
    if args.bots:
        s.bots = [args.bots] * 3
    for i, seat in enumerate(("east", "north", "west")):
        if getattr(args, seat):
            s.bots[i] = getattr(args, seat)
    if args.delay is not None:
        s.delay = args.delay
    if args.name:
        s.name = args.name
    s.validate()
    return s


def _schieber_rules(name: str | None, rules: Any, changes: dict[str, Any]) -> Any:
    try:
        if name is not None:
            rules = PRESETS[name] if name in PRESETS else load_rules(name)
        if changes:
            rules = rules_from_dict(changes, base=rules)
            if rules != PRESETS.get(rules.name):
                rules = rules.replace(name="custom")
    except FileNotFoundError:
        raise SettingsError(f"no preset or rule file named {name!r}") from None
    except RuleError as e:
        raise SettingsError(str(e)) from None
    return rules


def _variant_rules(s: Settings, name: str | None, changes: dict[str, Any]) -> Any:
    from puur.arena.cli import variant_rules

    game = s.game
    rules = s.rules
    try:
        if name is not None:
            rules = variant_rules(game, name)
        if changes:
            rules = game.rules_from_dict({**game.rules_to_dict(rules), **changes})
            if rules != game.presets.get(rules.name):
                rules = game.rules_from_dict({**game.rules_to_dict(rules), "name": "custom"})
    except ValueError as e:  # OptionError, VariantError, a bad file
        raise SettingsError(str(e)) from None
    return rules


def run_play(args: argparse.Namespace) -> int:
    """Run ``puur play``; returns the exit code."""
    base, problems = load_settings()
    for p in problems:
        print(f"puur play: settings: {p} (default used)", file=sys.stderr)
    try:
        settings = settings_from_args(args, base)
    except SettingsError as e:
        print(f"puur play: {e}", file=sys.stderr)
        return 2
    if not args.no_remember:
        try:
            save_settings(settings)
        except OSError as e:
            print(f"puur play: settings not saved: {e}", file=sys.stderr)
    save_path = Path(args.save) if args.save else default_save_path()
    if not args.plain and not (sys.stdin.isatty() and sys.stdout.isatty()):
        # Without a terminal the full-screen app cannot run: fall back to the line mode.
        print("puur play: no terminal, using the plain line mode (--plain)", file=sys.stderr)
        args.plain = True

    if args.replay:
        try:
            rec = read_record(args.replay)
        except (OSError, RecordError) as e:
            print(f"puur play: cannot replay {args.replay}: {e}", file=sys.stderr)
            return 2
        if args.plain:
            from puur.tui.plain import run_plain_replay

            return run_plain_replay(rec, sys.stdin, sys.stdout, settings.lang, settings.deck)
        from puur.tui.app import PuurApp

        PuurApp(settings, replay=rec, remember=False).run()
        return 0

    session: PlaySession | None = None
    if args.resume:
        try:
            session = PlaySession.resume(args.resume, player_name=settings.name)
        except (OSError, RecordError, SessionError) as e:
            print(f"puur play: cannot resume {args.resume}: {e}", file=sys.stderr)
            return 2
    if args.plain:
        from puur.tui.plain import run_plain

        if session is None:
            session = PlaySession(settings.rules, settings.seat_bots(), seed=args.seed,
                                  player_name=settings.name)
        return run_plain(session, sys.stdin, sys.stdout, settings.lang, settings.deck,
                         autosave=args.save)
    from puur.tui.app import PuurApp

    app = PuurApp(settings, session=session, seed=args.seed, save_path=save_path,
                  setup=not (args.no_setup or session is not None),
                  remember=not args.no_remember)
    code = app.run()
    return code if isinstance(code, int) else 0


COMMANDS["play"] = ("play a game of the family (Schieber, Differenzler, Coiffeur …) against "
                    "computer players in the terminal",
                    add_play_arguments, run_play)
