"""The ``puur serve`` subcommand: run the web app with uvicorn on an SQLite database."""

from __future__ import annotations

import argparse

from puur.cli import COMMANDS

__all__ = ["add_serve_arguments", "serve"]


def add_serve_arguments(p: argparse.ArgumentParser) -> None:
    """Options of ``puur serve``."""
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    p.add_argument("--port", type=int, default=8000, help="port (default 8000)")
    p.add_argument("--db", default="data/puur.sqlite3",
                   help="SQLite database file, created if missing (default data/puur.sqlite3)")
    p.add_argument("--bot-delay", type=float, default=0.8,
                   help="seconds a computer player waits before acting (default 0.8)")
    p.add_argument("--log-level", default="warning",
                   choices=["critical", "error", "warning", "info", "debug"],
                   help="uvicorn log level (default warning)")


def serve(args: argparse.Namespace) -> int:
    """Run the server until interrupted."""
    import uvicorn

    from puur.server.app import create_app

    if not 0 < args.port < 65536:
        raise SystemExit(f"puur: --port must be 1..65535, not {args.port}")
    if args.bot_delay < 0:
        raise SystemExit("puur: --bot-delay cannot be negative")
    app = create_app(args.db, bot_delay=args.bot_delay)
    host = f"[{args.host}]" if ":" in args.host else args.host
    print(f"Puur serves http://{host}:{args.port}/  (database {args.db}; Ctrl+C stops)",
          flush=True)
    # The sans-I/O implementation of the websockets library (the default one is deprecated).
    uvicorn.run(app, host=args.host, port=args.port, log_level=args.log_level,
                ws="websockets-sansio", ws_max_size=65536)
    return 0


COMMANDS["serve"] = ("run the web app: play in the browser (default http://127.0.0.1:8000/)",
                     add_serve_arguments, serve)
