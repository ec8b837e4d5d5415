"""A database written before tables named their variant (no ``variant`` column, no ``scores``
column, deals without their forehand) opens, gets the new columns, and every table in it plays
on exactly where it was; its finished games stay in the history."""

from __future__ import annotations

import random
import sqlite3
from pathlib import Path

from .util import ONE_HUMAN, FourPlayers, create, four_humans, play_to_end, server, snapshot


def make_old(db: Path) -> None:
    """Turn the database into one of the version before: without the columns added since, and
    each deal stored as the four hands alone (the forehand in its own column)."""
    con = sqlite3.connect(db)
    with con:
        con.execute("ALTER TABLE tables DROP COLUMN variant")
        con.execute("ALTER TABLE games DROP COLUMN scores")
        con.execute("UPDATE deals SET deal = substr(deal, instr(deal, ' ') + 1)")
        assert all(not d[0].isdigit() for (d,) in con.execute("SELECT deal FROM deals"))
    con.close()


def columns(db: Path, table: str) -> set[str]:
    con = sqlite3.connect(db)
    try:
        return {r[1] for r in con.execute(f"PRAGMA table_info({table})")}
    finally:
        con.close()


def test_an_old_database_plays_on_exactly_where_it_was(db: Path) -> None:
    rng = random.Random(12)
    with server(db) as c1:
        code, tokens = four_humans(c1)
        with FourPlayers(c1, code, tokens) as t:
            t.play(rng, actions=60)  # into the second hand
            assert t.game["hand_no"] >= 2 and t.game["result"] is None
        done = create(c1, seats=ONE_HUMAN, options={"target": 300})
        finished = play_to_end(c1, done, rng)["game"]["result"]
        before = [snapshot(c1, code, tok) for tok in [*tokens, None]]
        games_before = c1.get("/api/games").json()["games"]
    make_old(db)
    assert "variant" not in columns(db, "tables") and "scores" not in columns(db, "games")
    with server(db, seed=5) as c2:
        assert "variant" in columns(db, "tables") and "scores" in columns(db, "games")
        assert [snapshot(c2, code, tok) for tok in [*tokens, None]] == before
        info = c2.get(f"/api/tables/{code}").json()["table"]
        assert info["variant"]["key"] == "schieber"
        games = c2.get("/api/games").json()["games"]
        assert [(g["id"], g["scores"], g["winner"]) for g in games] == [
            (g["id"], g["scores"], g["winner"]) for g in games_before]
        assert games[0]["scores"] == finished["scores"]
        replay = c2.get(f"/api/games/{finished['game_id']}/replay").json()
        assert replay["result"] == finished
        with FourPlayers(c2, code, tokens) as t:
            t.play(rng)
            assert t.game["result"] is not None
