"""Load test of the web server: many tables of protocol clients playing flat out.

Starts ``puur serve`` on a free loopback port in a subprocess (uvicorn) with a temporary SQLite
database and computer players off, creates ``--tables`` tables of people over HTTP (Schieber,
or any variant with ``--variant`` and ``--preset``: one person per seat), and connects one
WebSocket client (the ``websockets`` library, asyncio) per seat: 4 × tables clients (3 × for a
table of three) in this process. Each client answers its turn the moment its state arrives,
with a random legal action, so the server is the only brake. Measured: the time from sending an
action to the moment each of the table's clients receives the state that includes it (``seq``
grows by one), over every action of every table but the Weis decisions (and Stöck announced with
the Weis), which the table sees only with the card after them. After play the database is
checked: every action a client saw broadcast must be stored, and every finished game must have
a record that replays to the result the clients were told.

Run from the repository root::

    .venv/bin/python benchmarks/load.py                       # 100 tables, one game each
    .venv/bin/python benchmarks/load.py --tables 10 --hands 2  # a short run
    .venv/bin/python benchmarks/load.py --tables 20 --variant differenzler --preset three

The last line is ``tables=N p95_ms=X errors=N lost=N``. Only loopback addresses are used; the
run stops by itself after ``--timeout`` seconds at the latest (unfinished play counts as errors).

Every client of the run comes from 127.0.0.1, so the server is started with its per-client limits
raised to fit the run (``--lookups-per-minute`` and ``--max-sockets`` of ``puur serve``: three
joins and four sockets per table); the first line of output says so.
"""

from __future__ import annotations

import argparse
import asyncio
import importlib.util
import io
import json
import os
import platform
import random
import re
import socket
import sqlite3
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

from websockets.asyncio.client import connect

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

from puur.record import read_record  # noqa: E402
from puur.variants import Variant, get  # noqa: E402

HOST = "127.0.0.1"
# The server writes a state's top-level fields in a fixed order (puur.server.tables).
_QUICK = re.compile(r'\{"v":2,"type":"state","you":\{[^}]*\},"seq":(\d+),')
_GAME = re.compile(r'"game":\{"game_id":(\d+),"hand_no":(\d+),')


def free_port() -> int:
    """A free TCP port on the loopback interface."""
    with socket.socket() as s:
        s.bind((HOST, 0))
        return int(s.getsockname()[1])


def post(base: str, path: str, body: dict[str, Any]) -> dict[str, Any]:
    """POST JSON and return the JSON answer."""
    req = urllib.request.Request(base + path, data=json.dumps(body).encode(),
                                 headers={"Content-Type": "application/json"}, method="POST")
    with urllib.request.urlopen(req, timeout=30) as r:
        data: dict[str, Any] = json.loads(r.read())
        return data


def cpu_seconds(pid: int) -> float:
    """User + system CPU seconds a process has used so far (Linux ``/proc``; 0 elsewhere)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError):
        return 0.0


def wait_up(base: str, proc: subprocess.Popen[bytes], seconds: float = 30) -> None:
    """Wait until the server answers."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if proc.poll() is not None:
            raise SystemExit("the server exited early")
        try:
            with urllib.request.urlopen(base + "/api/meta", timeout=2):
                return
        except OSError:
            time.sleep(0.2)
    raise SystemExit("the server did not start")


class Stats:
    """What every client reports."""

    def __init__(self) -> None:
        self.latencies: list[float] = []
        self.errors = 0
        self.error_samples: list[str] = []
        self.sent: dict[tuple[str, int, int], float] = {}  # (code, game, seq) -> send time
        self.seen_seq: dict[tuple[str, int], int] = {}  # (code, game_id) -> highest seq seen
        self.results: dict[int, dict[str, Any]] = {}  # game_id -> result told to clients

    def error(self, what: str) -> None:
        self.errors += 1
        if len(self.error_samples) < 5:
            self.error_samples.append(what)


def is_secret(action: dict[str, Any], with_weis: bool) -> bool:
    """Whether an action is a decision the table sees only with the seat's card (a Weis, and a
    Stöck announced with the Weis)."""
    return action["type"] == "weis" or (action["type"] == "stoeck" and with_weis)


async def seat_client(
    base_ws: str, code: str, token: str, seat: int, stats: Stats, games: int, hands: int | None,
    rng: random.Random, done: asyncio.Event, with_weis: bool,
) -> None:
    """One seat: answer every turn at once; stop after ``games`` games or ``hands`` hands."""
    async with connect(f"{base_ws}/ws/{code}", max_size=2**20, compression=None) as ws:
        await ws.send(json.dumps({"v": 2, "type": "hello", "token": token}))
        played_games = 0
        last_seq = -1
        last_game = -1
        async for raw in ws:
            now = time.perf_counter()
            text = raw if isinstance(raw, str) else raw.decode()
            quick = _QUICK.match(text)
            if quick and '"legal":[]' in text and '"result":null' in text:
                # Not this seat's turn and the game runs: a few numbers are all it needs, so
                # the client spends its time on the turns (decoding every state in full would
                # make the clients, not the server, the bottleneck of a 2-core machine).
                m = None
                seq = int(quick.group(1))
                found = _GAME.search(text)
                if found is None:
                    continue
                gid, hand_no = int(found.group(1)), int(found.group(2))
            else:
                m = json.loads(text)
                kind = m["type"]
                if kind == "error":
                    stats.error(f"{code}/{seat}: {m['code']}: {m['message']}")
                    continue
                if kind != "state" or m["game"] is None:
                    continue
                gid, seq, hand_no = m["game"]["game_id"], m["seq"], m["game"]["hand_no"]
            own = m is not None and (m["event"] or {}).get("type") == "action" and (
                m["event"]["seat"] == seat)
            if gid == last_game and seq == last_seq and not own:
                continue  # a seat event, not a new action
            # (A state after this seat's own Weis decision keeps its seq: the others are not
            # told of it, and it is still this seat's turn to play its card.)
            if gid == last_game and seq > last_seq:
                t0 = stats.sent.get((code, gid, seq))
                if t0 is not None:
                    stats.latencies.append(now - t0)
            last_game, last_seq = gid, seq
            key = (code, gid)
            if seq > stats.seen_seq.get(key, -1):
                stats.seen_seq[key] = seq
            if m is None:
                if hands is not None and hand_no > hands:
                    break
                continue
            g = m["game"]
            result = g["result"]
            if result is not None:
                stats.results[gid] = result
                played_games += 1
                if played_games >= games:
                    break
                if seat == 0:
                    await ws.send(json.dumps({"v": 2, "type": "rematch"}))
                continue
            if hands is not None and hand_no > hands:
                break
            legal = g["legal"]
            if legal:
                action = rng.choice(legal)
                if not is_secret(action, with_weis):  # no step the table sees
                    stats.sent[(code, gid, seq + 1)] = time.perf_counter()
                await ws.send(json.dumps({"v": 2, **action}))
    done.set()


async def run_tables(
    base: str, tables: list[tuple[str, list[str]]], games: int, hands: int | None,
    timeout: float, seed: int, with_weis: bool,
) -> tuple[Stats, float, int]:
    """Play every table; returns the stats, the wall time and the number of unfinished seats."""
    stats = Stats()
    base_ws = base.replace("http://", "ws://")
    rng = random.Random(seed)
    tasks = []
    for code, tokens in tables:
        for seat, token in enumerate(tokens):
            tasks.append(asyncio.ensure_future(seat_client(
                base_ws, code, token, seat, stats, games, hands,
                random.Random(rng.getrandbits(32)), asyncio.Event(), with_weis)))
    t0 = time.perf_counter()
    done, pending = await asyncio.wait(tasks, timeout=timeout)
    wall = time.perf_counter() - t0
    for t in pending:
        t.cancel()
    for t in done:
        exc = t.exception()
        if exc is not None:
            stats.error(f"client: {exc!r}")
    if pending:
        stats.error(f"{len(pending)} clients still playing after {timeout:.0f} s")
    return stats, wall, len(pending)


def check_db(db: Path, stats: Stats) -> tuple[int, int, int]:
    """Count actions broadcast but not stored, and finished games whose record does not replay
    to the announced result. Returns ``(lost, games_finished, actions_stored)``."""
    lost = 0
    con = sqlite3.connect(db)
    stored_total = 0
    for (_code, gid), seq in stats.seen_seq.items():
        n = con.execute("SELECT COUNT(*), COALESCE(MAX(seq), 0) FROM actions WHERE game_id=?",
                        (gid,)).fetchone()
        stored_total += n[0]
        if n[0] != n[1] or n[1] < seq:
            lost += max(seq - n[0], 1)
    finished = 0
    for gid, result in stats.results.items():
        row = con.execute("SELECT record, winner, reason FROM games WHERE id=?",
                          (gid,)).fetchone()
        if row is None or row[0] is None:
            lost += 1
            continue
        game = read_record(io.StringIO(row[0])).to_game()
        told = {k: v for k, v in result.items() if k != "game_id"}
        if not game.is_over or game.variant.result_data(game) != told or (
            row[1], row[2]) != (result["winner"], result["reason"]):
            lost += 1
            continue
        finished += 1
    con.close()
    return lost, finished, stored_total


def loop_factory(name: str) -> Any:
    """The clients' event loop: uvloop's or the standard library's."""
    if name == "uvloop":
        import uvloop

        return uvloop.new_event_loop
    return asyncio.new_event_loop


def main(argv: list[str] | None = None) -> int:
    """Run the load test and print the figures."""
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--tables", type=int, default=100, help="concurrent tables (default 100)")
    p.add_argument("--games", type=int, default=1, help="games per table (default 1)")
    p.add_argument("--hands", type=int, default=None,
                   help="stop each table after this many hands (a short run)")
    p.add_argument("--variant", default="schieber",
                   help="the variant of every table (default schieber)")
    p.add_argument("--preset", default=None,
                   help="the variant's preset (default: its first one)")
    p.add_argument("--target", type=int, default=None,
                   help="Schieber's game target (default 1000)")
    p.add_argument("--timeout", type=float, default=600, help="stop after this many seconds")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--loop", default="auto", choices=["auto", "asyncio", "uvloop"],
                   help="event loop of the server (its --loop) and of the clients: auto takes "
                        "uvloop when it is installed (default auto)")
    args = p.parse_args(argv)
    if args.loop == "auto":
        args.loop = "uvloop" if importlib.util.find_spec("uvloop") else "asyncio"
    if args.loop == "uvloop" and importlib.util.find_spec("uvloop") is None:
        p.error("--loop uvloop needs the uvloop package")
    if not 1 <= args.tables <= 500 or not 1 <= args.games <= 20:
        p.error("--tables must be 1..500 and --games 1..20")
    if args.hands is not None and args.hands < 1:
        p.error("--hands must be at least 1")
    try:
        variant: Variant = get(args.variant)
        preset = args.preset or next(iter(variant.presets))
        options: dict[str, Any] = {}
        if variant.key == "schieber":
            options["target"] = args.target or 1000
        elif args.target is not None:
            p.error("--target is Schieber's")
        rules = variant.rules_from_dict({**options, "preset": preset})
    except ValueError as e:
        p.error(str(e))
    players = variant.num_seats(rules)
    with_weis = variant.rules_to_dict(rules).get("stoeck_announce") == "with-weis"

    tmp = Path(tempfile.mkdtemp(prefix="puur-load-"))
    db = tmp / "load.sqlite3"
    port = free_port()
    base = f"http://{HOST}:{port}"
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    # One address for every client: room for 3 joins and 4 sockets per table, and to spare,
    # and for every table to be opened from it.
    limits = ["--lookups-per-minute", str(10 * args.tables + 100),
              "--max-sockets", str(5 * args.tables + 10),
              "--tables-per-hour", str(args.tables + 10), "--open-tables", str(args.tables + 10)]
    print(f"server limits for the clients' one address: {' '.join(limits)}", flush=True)
    proc = subprocess.Popen(
        [sys.executable, "-m", "puur.cli", "serve", "--host", HOST, "--port", str(port),
         "--db", str(db), "--bot-delay", "0", "--loop", args.loop, *limits],
        env=env, stdout=subprocess.DEVNULL, stderr=(tmp / "server.log").open("wb"),
    )
    try:
        wait_up(base, proc)
        t0 = time.perf_counter()
        tables: list[tuple[str, list[str]]] = []
        for _ in range(args.tables):
            t = post(base, "/api/tables", {
                "v": 2, "variant": variant.key, "rules": preset, "options": options,
                "seats": [{"kind": "human"}] * players, "seat": 0, "public": False})
            tokens = [t["token"]]
            for s in range(1, players):
                tokens.append(post(base, f"/api/tables/{t['code']}/join",
                                   {"v": 2, "seat": s})["token"])
            tables.append((t["code"], tokens))
        setup = time.perf_counter() - t0
        with asyncio.Runner(loop_factory=loop_factory(args.loop)) as runner:
            stats, wall, _pending = runner.run(run_tables(
                base, tables, args.games, args.hands, args.timeout, args.seed, with_weis))
        server_cpu = cpu_seconds(proc.pid)
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
    lost, finished, stored = check_db(db, stats)
    for s in stats.error_samples:
        print("error:", s)
    lat = sorted(stats.latencies)

    def pct(q: float) -> float:
        return lat[min(len(lat) - 1, int(q * len(lat)))] * 1000 if lat else float("nan")

    actions = sum(stats.seen_seq.values())
    print(f"machine: {platform.machine()}, {os.cpu_count()} cores, Python "
          f"{platform.python_version()}; event loop {args.loop} (server and clients)")
    print(f"{args.tables} tables of {variant.name} ({preset}), {players * args.tables} WebSocket "
          f"clients; setup {setup:.1f} s, play {wall:.1f} s")
    print(f"actions {actions} ({actions / wall:.0f}/s), deliveries measured {len(lat)}, "
          f"stored {stored}, games finished and replayed {finished}")
    own = os.times()
    clients_cpu = own.user + own.system
    per = 1e6 / max(actions, 1)
    print(f"CPU seconds: server {server_cpu:.2f}, clients {clients_cpu:.2f}; per action: server "
          f"{server_cpu * per:.0f} us, clients {clients_cpu * per:.0f} us")
    print(f"latency action->broadcast ms: p50 {pct(0.5):.1f}  p95 {pct(0.95):.1f}  "
          f"p99 {pct(0.99):.1f}  max {pct(1.0):.1f}")
    print(f"tables={args.tables} p95_ms={pct(0.95):.1f} errors={stats.errors} lost={lost}")
    return 0 if stats.errors == 0 and lost == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
