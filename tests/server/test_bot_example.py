"""The example outside bot (``examples/random_bot.py``) plays whole games on a real server:
uvicorn on a loopback port, the example in processes of its own, one per bot seat."""

from __future__ import annotations

import io
import sqlite3
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from puur.record import read_record

from .util import live_request, live_server

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "random_bot.py"


@pytest.mark.parametrize("bots", [1, 4])
def test_the_example_bot_plays_a_whole_game(db: Path, bots: int) -> None:
    seats: list[dict[str, Any]] = [{"kind": "remote"}] * bots + [{"kind": "bot"}] * (4 - bots)
    # Time enough for the programs to start before their first turn: no stand-in moves.
    with live_server(db, bot_timer=30, disconnect_grace=30) as live:
        status, t = live_request(live, "POST", "/api/tables",
                                 {"v": 2, "seats": seats, "seat": None,
                                  "options": {"target": 300}})
        assert status == 201, t
        url = f"{live.ws}/ws/{t['code']}"
        programs = [subprocess.Popen([sys.executable, str(EXAMPLE), url, b["token"],
                                      "--seed", str(b["seat"])],
                                     stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
                    for b in t["bots"]]
        try:
            outputs = [p.communicate(timeout=50)[0] for p in programs]
        finally:
            for p in programs:
                p.kill()
                p.wait()
        assert [p.returncode for p in programs] == [0] * bots, outputs
        assert all("refused" not in out for out in outputs), outputs
        status, info = live_request(live, "GET", f"/api/tables/{t['code']}")
        game = info["table"]["games"][0]
        assert game["finished"], info
        status, replay = live_request(live, "GET", f"/api/games/{game['id']}/replay")
        assert status == 200
        names = [s["name"] for s in info["table"]["seats"]]
        for s in replay["seats"][:bots]:
            assert (s["kind"], s["bot"], s["name"]) == ("bot", "remote", names[s["seat"]])
        status, record = live_request(live, "GET", "/api/games")
        assert [g["names"] for g in record["games"]] == [names]
    with sqlite3.connect(db) as conn:
        played = conn.execute("SELECT seat, by, count(*) FROM actions GROUP BY seat, by"
                              ).fetchall()
        text = conn.execute("SELECT record FROM games").fetchone()[0]
    # Every move of the outside bots' seats came from the programs, none from a stand-in.
    assert sorted((seat, by) for seat, by, _n in played) == [
        (seat, "bot") for seat in range(4)]
    assert all(n > 0 for _s, _by, n in played)
    seated = read_record(io.StringIO(text)).seats
    for seat in range(4):
        kind = "bot:remote" if seat < bots else "bot:random"
        assert (seated[seat].kind, seated[seat].name) == (kind, names[seat])
