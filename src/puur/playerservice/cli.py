"""The ``puur player-service`` subcommand: Puur's bots as players of the course kit's arena.

``puur player-service [NAME=BOT | BOT ...] [--player NAME=MODULE:CALLABLE ...] [--host H]
[--port P] [--seed S] [--budget SECONDS]``. A bare ``BOT`` (``rules``, ``search:budget=0.5``)
is served under its bot's name; outside players given with ``--player`` are served under their
names too. See ``docs/research.md``.
"""

from __future__ import annotations

import argparse
import random
import sys
from typing import TYPE_CHECKING

from puur.cli import COMMANDS

if TYPE_CHECKING:
    from puur.bots import Bot

__all__ = ["add_arguments", "parse_players", "run"]


def add_arguments(p: argparse.ArgumentParser) -> None:
    """The service's options."""
    p.add_argument("players", nargs="*", metavar="[NAME=]BOT",
                   help="the players to serve, e.g. rules strong='search:budget=0.5' "
                        "(default: random and rules)")
    p.add_argument("--player", action="append", default=[], metavar="NAME=MODULE:CALLABLE",
                   help="an outside player (a bot factory imported from MODULE), served as "
                        "NAME; may be repeated")
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    p.add_argument("--port", type=int, default=8888, help="port (default 8888)")
    p.add_argument("--seed", default=None,
                   help="seed of the bots' own randomness (any text; default: drawn)")
    p.add_argument("--budget", type=float, default=None, metavar="SECONDS",
                   help="time budget per decision for bots that take one and do not set it")


def parse_players(texts: list[str], outside: list[str], seed: str,
                  budget: float | None) -> dict[str, Bot]:
    """Player name → bot for ``[NAME=]BOT`` texts and the names of registered outside players;
    ``ValueError`` saying what is wrong."""
    from puur.arena.common import parse_bot_spec, seed_for

    wanted: list[tuple[str, str]] = []
    for text in texts:
        name, eq, rest = text.partition("=")
        if eq and ":" not in name:
            wanted.append((name.strip(), rest))
        else:
            wanted.append((text.partition(":")[0].strip(), text))
    wanted += [(name, name) for name in outside if name not in {n for n, _ in wanted}]
    players: dict[str, Bot] = {}
    for name, spec_text in wanted:
        if not name or not all(c.isalnum() or c in "-_." for c in name):
            raise ValueError(f"a player name is letters, digits, '-', '_' and '.', not {name!r}")
        if name in players:
            raise ValueError(f"the player name {name!r} is given twice")
        spec = parse_bot_spec(spec_text)
        if budget is not None:
            if budget <= 0:
                raise ValueError("--budget must be positive")
            spec = spec.with_default("budget", budget)
        players[name] = spec.make(seed_for(seed, name))
    return players


def run(args: argparse.Namespace) -> int:
    """Serve until interrupted."""
    from puur.arena.common import load_player
    from puur.playerservice.app import create_app
    from puur.server.cli import listen, make_server
    from puur.server.limits import Limits

    try:
        outside = [load_player(text) for text in args.player]
        texts = args.players or ([] if outside else ["random", "rules"])
        seed = args.seed if args.seed is not None else str(random.randrange(1 << 32))
        players = parse_players(texts, outside, seed, args.budget)
    except ValueError as e:
        print(f"puur player-service: {e}", file=sys.stderr)
        return 2
    try:
        sock = listen(args.host, args.port)
    except OSError as e:
        print(f"puur player-service: cannot listen on {args.host}:{args.port}: {e}",
              file=sys.stderr)
        return 1
    host, port = sock.getsockname()[:2]
    base = f"http://{host}:{port}/jass/players"
    banner = "serves " + ", ".join(f"{base}/{name}" for name in players)
    server = make_server(create_app(players), Limits(), banner=banner)
    server.run(sockets=[sock])
    return 0


COMMANDS["player-service"] = (
    "serve Puur's bots as players over the course kit's HTTP protocol", add_arguments, run)
