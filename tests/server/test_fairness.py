"""Fair deals: a game's seed is committed from its first message on and revealed only at its end.

A whole game of four people and a spectator is played; every message each client received,
every answer of the API and every log line is searched for the seed (and for any 12 hex digits
of it) until the game is over; then the seed must be revealed everywhere and check out.
"""

from __future__ import annotations

import io
import json
import logging
import random
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from puur.fairness import commitment, verify
from puur.record import read_record
from puur.server.storage import Storage

from .util import FourPlayers, four_humans, server

#: Hex digits of the seed that, seen together, would give away a part of it worth having.
PIECE = 12


def pieces(seed: str) -> list[str]:
    return [seed[i:i + PIECE] for i in range(len(seed) - PIECE + 1)]


def leaks(text: str, seed: str) -> list[str]:
    return [p for p in pieces(seed) if p in text]


def test_the_seed_reaches_no_one_before_the_end_and_everyone_after(
    client: Any, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG)
    code, tokens = four_humans(client, options={"target": 300})
    table = client.app.state.lobby.tables[code]
    seed = str(table.game.seed)
    assert len(seed) == 64  # 256 bits: the hash cannot be tried out
    committed = commitment(seed)
    with FourPlayers(client, code, tokens) as t:
        first = [t.seen[k][0] if t.seen[k] else t.states[k] for k in range(5)]
        for state in t.states:
            assert state["table"]["games"][-1]["commitment"] == committed
            assert state["table"]["games"][-1]["seed"] is None
        answers: list[str] = []

        def check(p: FourPlayers) -> None:
            if p.game["result"] is None:
                for k in range(5):
                    for m in p.seen[k]:
                        assert not leaks(json.dumps(m), seed), (k, m["type"])
                answers.append(client.get(f"/api/tables/{code}").text)
                answers.append(client.get("/api/tables").text)
                answers.append(client.get("/api/games", headers={
                    "X-Puur-Tokens": ",".join(tokens)}).text)

        t.play(random.Random(31), check=check)
        assert first and answers
        for text in answers:
            assert not leaks(text, seed)
        over = [m for m in t.seen[4] if m["type"] == "game_over"]
        assert over and over[0]["seed"] == seed and over[0]["commitment"] == committed
        last = t.states[4]["table"]["games"][-1]
        assert last["seed"] == seed and last["commitment"] == committed
    for rec in caplog.records:
        assert not leaks(rec.getMessage(), seed)
    gid = table.game_id
    record = client.get(f"/api/games/{gid}/record").text
    assert f"seed {seed}\ncommit {committed}\n" in record
    replay = client.get(f"/api/games/{gid}/replay").json()
    assert replay["seed"] == seed and replay["commitment"] == committed
    assert verify(read_record(io.StringIO(record))).commitment == committed
    listed = client.get("/api/games").json()["games"]
    assert [(g["seed"], g["commitment"]) for g in listed if g["id"] == gid] == [(seed, committed)]


def test_a_running_game_keeps_its_seed_across_a_restart(db: Path) -> None:
    with server(db) as c:
        code, _tokens = four_humans(c)
        seed = str(c.app.state.lobby.tables[code].game.seed)
    with server(db) as c:
        table = c.app.state.lobby.tables[code]
        assert str(table.game.seed) == seed
        info = c.get(f"/api/tables/{code}").json()["table"]["games"][-1]
        assert info == {**info, "commitment": commitment(seed), "seed": None}


def test_an_old_database_without_commitments_still_opens(db: Path) -> None:
    with server(db) as c:
        code, _tokens = four_humans(c)
    con = sqlite3.connect(db)
    con.execute("ALTER TABLE games DROP COLUMN commitment")
    con.commit()
    con.close()
    storage = Storage(db)
    try:
        (info,) = storage.games_of(code)
        assert info["commitment"] is None and info["seed"] is None
    finally:
        storage.close()
    with server(db) as c:
        games = c.get(f"/api/tables/{code}").json()["table"]["games"]
        assert games[-1]["commitment"] is None  # an old game: nothing was committed for it
