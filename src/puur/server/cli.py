"""The ``puur serve`` subcommand: run the web app with uvicorn on an SQLite database.

Start-up checks everything that can fail before it claims to serve: the options, the database
(a folder, an unwritable place, not a database, in use by another server: see
:mod:`puur.server.dbfile`) and the port. Each failure is one line on stderr and exit status 1;
the "serves http://…" line comes only once the port is bound and the app has started.
"""

from __future__ import annotations

import argparse
import importlib.util
import math
import socket
import sys
from typing import TYPE_CHECKING, Any

from puur.cli import COMMANDS
from puur.server.limits import Limits

if TYPE_CHECKING:
    import uvicorn
    from starlette.applications import Starlette

__all__ = ["add_serve_arguments", "listen", "make_server", "serve"]

_DEFAULTS = Limits()


def add_serve_arguments(p: argparse.ArgumentParser) -> None:
    """Options of ``puur serve``."""
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    p.add_argument("--port", type=int, default=8000, help="port (default 8000)")
    p.add_argument("--db", default="data/puur.sqlite3",
                   help="SQLite database file, created if missing (default data/puur.sqlite3); "
                        "one server at a time")
    p.add_argument("--bot-delay", type=float, default=0.8,
                   help="seconds a computer player waits before acting (default 0.8)")
    p.add_argument("--bot-timer", type=float, default=10.0, metavar="SECONDS",
                   help="seconds an outside bot has for each turn before a computer player "
                        "moves for it (default 10)")
    lookups = _DEFAULTS.lookups_per_minute
    p.add_argument("--lookups-per-minute", type=int, default=lookups, metavar="N",
                   help="table-code lookups (open, join, watch a table by its code) one client "
                        f"address may make per minute (default {lookups})")
    p.add_argument("--max-sockets", type=int, default=_DEFAULTS.sockets_per_client, metavar="N",
                   help="WebSockets one client address may hold open "
                        f"(default {_DEFAULTS.sockets_per_client})")
    p.add_argument("--tables-per-hour", type=int, default=_DEFAULTS.tables_per_hour,
                   metavar="N", help="new tables one client address may open per hour "
                   f"(default {_DEFAULTS.tables_per_hour})")
    p.add_argument("--open-tables", type=int, default=_DEFAULTS.open_tables_per_client,
                   metavar="N", help="unfinished tables one client address may have opened in "
                   f"the last 24 hours (default {_DEFAULTS.open_tables_per_client})")
    p.add_argument("--hello-timeout", type=float, default=_DEFAULTS.hello_timeout,
                   metavar="SECONDS", help="seconds a new WebSocket has to say hello before it "
                   f"is closed (default {_DEFAULTS.hello_timeout:g})")
    p.add_argument("--loop", default="auto", choices=["auto", "asyncio", "uvloop"],
                   help="event loop: uvloop (faster, installed with puur[all] where it exists) "
                        "or the standard library's asyncio; auto takes uvloop when it is "
                        "installed (default auto)")
    p.add_argument("--log-level", default="warning",
                   choices=["critical", "error", "warning", "info", "debug"],
                   help="uvicorn log level (default warning)")


def listen(host: str, port: int) -> socket.socket:
    """A TCP socket bound to ``host:port`` (an ``OSError`` when it cannot be)."""
    family, kind, proto, _name, addr = socket.getaddrinfo(
        host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)[0]
    sock = socket.socket(family, kind, proto)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(addr)
    except BaseException:
        sock.close()
        raise
    return sock


def make_server(
    app: Starlette, limits: Limits, log_level: str = "warning", banner: str | None = None,
    configure_logging: bool = True, loop: str = "auto",
) -> uvicorn.Server:
    """The uvicorn server of ``app`` with the WebSocket settings ``limits`` ask for; it prints
    ``banner`` once it has started. ``configure_logging=False`` leaves logging as it is
    (uvicorn's loggers then reach the root logger: tests capture them). ``loop``: the event
    loop of :meth:`uvicorn.Server.run` (``auto``: uvloop when it is installed, else asyncio);
    the HTTP parser is httptools when it is installed, else h11."""
    import uvicorn

    class Server(uvicorn.Server):
        async def startup(self, sockets: list[socket.socket] | None = None) -> None:
            await super().startup(sockets)
            if self.started and banner is not None:
                print(banner, flush=True)

    options: dict[str, Any] = {} if configure_logging else {"log_config": None}
    # The sans-I/O implementation of the websockets library (the default one is deprecated).
    config = uvicorn.Config(app, log_level=log_level, ws="websockets-sansio", loop=loop,
                            ws_max_size=limits.max_frame, ws_ping_interval=limits.ping_interval,
                            ws_ping_timeout=limits.ping_timeout, lifespan="on", **options)
    return Server(config)


def serve(args: argparse.Namespace) -> int:
    """Run the server until interrupted."""
    from puur.server.app import create_app
    from puur.server.storage import DatabaseFileError, Storage

    if not 0 < args.port < 65536:
        raise SystemExit(f"puur: --port must be 1..65535, not {args.port}")
    if args.bot_delay < 0:
        raise SystemExit("puur: --bot-delay cannot be negative")
    if not 0 < args.bot_timer <= 3600:
        raise SystemExit(f"puur: --bot-timer must be above 0 and at most 3600 seconds, not "
                         f"{args.bot_timer:g}")
    for option, value in (("--lookups-per-minute", args.lookups_per_minute),
                          ("--max-sockets", args.max_sockets),
                          ("--tables-per-hour", args.tables_per_hour),
                          ("--open-tables", args.open_tables)):
        if value < 1:
            raise SystemExit(f"puur: {option} must be at least 1, not {value}")
    if args.loop == "uvloop" and importlib.util.find_spec("uvloop") is None:
        raise SystemExit("puur: --loop uvloop needs the uvloop package (pip install uvloop)")
    if not 0 < args.hello_timeout < math.inf:
        raise SystemExit(f"puur: --hello-timeout must be above 0 seconds, not "
                         f"{args.hello_timeout:g}")
    limits = Limits(lookups_per_minute=args.lookups_per_minute, hello_timeout=args.hello_timeout,
                    sockets_per_client=args.max_sockets, tables_per_hour=args.tables_per_hour,
                    open_tables_per_client=args.open_tables)
    try:
        storage = Storage(args.db)
    except DatabaseFileError as e:
        raise SystemExit(f"puur: {e}") from None
    host = f"[{args.host}]" if ":" in args.host else args.host
    try:
        sock = listen(args.host, args.port)
    except OSError as e:
        storage.close()
        raise SystemExit(f"puur: cannot listen on {host}:{args.port}: "
                         f"{e.strerror or e}") from None
    app = create_app(storage, bot_delay=args.bot_delay, limits=limits, bot_timer=args.bot_timer)
    banner = f"Puur serves http://{host}:{args.port}/  (database {args.db}; Ctrl+C stops)"
    server = make_server(app, limits, args.log_level, banner, loop=args.loop)
    try:
        server.run(sockets=[sock])
    finally:
        sock.close()
    if not server.started:
        print("puur: the server did not start (see the messages above)", file=sys.stderr)
        return 1
    return 0


COMMANDS["serve"] = ("run the web app: play in the browser (default http://127.0.0.1:8000/)",
                     add_serve_arguments, serve)
