"""A damaged table in the database (a row another program or an old version wrote, a record
that no longer replays) is logged with one line naming it and left out of play, kept as it is in
the database, and the server starts with every other table."""

from __future__ import annotations

import json
import logging
import random
import sqlite3
import subprocess
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from .test_startup import ENV, TIMEOUT, free_port, serve_args, serving
from .util import ONE_HUMAN, FourPlayers, create, four_humans, hello, recv_state, server

Damage = Callable[[sqlite3.Connection, str], None]


def sql(statement: str) -> Damage:
    """A damage done by one SQL statement on the table ``?``'s rows."""
    def damage(con: sqlite3.Connection, code: str) -> None:
        assert con.execute(statement, (code,)).rowcount >= 1, statement
    return damage


def rules_with(**changes: Any) -> Damage:
    def damage(con: sqlite3.Connection, code: str) -> None:
        rules = json.loads(con.execute("SELECT rules FROM tables WHERE code=?",
                                       (code,)).fetchone()[0])
        con.execute("UPDATE tables SET rules=? WHERE code=?",
                    (json.dumps({**rules, **changes}), code))
    return damage


def game_rows(statement: str) -> Damage:
    """A damage to the rows of the table's current game (``?`` is its id)."""
    def damage(con: sqlite3.Connection, code: str) -> None:
        gid = con.execute("SELECT game_id FROM tables WHERE code=?", (code,)).fetchone()[0]
        assert con.execute(statement, (gid,)).rowcount >= 1, statement
    return damage


def variant_rules(key: str, preset: str) -> Damage:
    """The table's variant and rules become those of a preset of another variant."""
    from puur.variants import get

    def damage(con: sqlite3.Connection, code: str) -> None:
        v = get(key)
        con.execute("UPDATE tables SET variant=?, rules=? WHERE code=?",
                    (key, json.dumps(v.rules_to_dict(v.preset(preset))), code))
    return damage


DAMAGES: dict[str, Damage] = {
    "rules that are not JSON": sql("UPDATE tables SET rules='{\"version\": 1, ' WHERE code=?"),
    "rules that are not an object": sql("UPDATE tables SET rules='[1, 2]' WHERE code=?"),
    "an unknown rule option": rules_with(no_such_option=True),
    "a bad rule value": rules_with(target="a lot"),
    "an action that is not legal": game_rows(  # a card while the contract is to be named
        "UPDATE actions SET action=0 WHERE game_id=? AND seq=1"),
    "an action of another seat": game_rows(
        "UPDATE actions SET seat=(seat+1)%4 WHERE game_id=? AND seq=5"),
    "an action that is no action": game_rows(
        "UPDATE actions SET action=9999 WHERE game_id=? AND seq=2"),
    "a deal that is no deal": game_rows("UPDATE deals SET deal='D6 D7' WHERE game_id=?"),
    "a game that is gone": sql("UPDATE tables SET game_id=123456 WHERE code=?"),
    "a missing seat": sql("DELETE FROM seats WHERE code=? AND seat=3"),
    "an unknown kind of seat": sql("UPDATE seats SET kind='alien' WHERE code=? AND seat=1"),
    "a strength out of range": sql("UPDATE seats SET strength=7 WHERE code=? AND seat=1"),
    "a token hash that is no hash": sql("UPDATE seats SET kind='human', token_hash=42 WHERE"
                                        " code=? AND seat=0"),
    "an unknown deck": sql("UPDATE tables SET deck='tarot' WHERE code=?"),
    "an unknown language": sql("UPDATE tables SET lang='xx' WHERE code=?"),
    "a turn timer that is text": sql("UPDATE tables SET turn_timer='soon' WHERE code=?"),
    "a creation time that is text": sql("UPDATE tables SET created='yesterday' WHERE code=?"),
    "an unknown variant": sql("UPDATE tables SET variant='tarock' WHERE code=?"),
    "a variant that is no name": sql("UPDATE tables SET variant=5 WHERE code=?"),
    "the rules of another variant": sql("UPDATE tables SET variant='differenzler' WHERE code=?"),
    "four seats for three players": variant_rules("differenzler", "three"),
    "a game of another variant": variant_rules("coiffeur", "reglement8"),
}


def tables_in(db: Path) -> dict[str, tuple[Any, ...]]:
    """Every stored row of every table (to show that nothing was changed or deleted)."""
    with sqlite3.connect(db) as con:
        out = {code: (row, con.execute("SELECT * FROM seats WHERE code=? ORDER BY seat",
                                       (code,)).fetchall())
               for code, *row in con.execute("SELECT * FROM tables ORDER BY code")}
    con.close()
    return out


BOTS = [{"kind": "bot", "bot": "random"}] * 4


def played_by_bots(client: Any) -> str:
    """A table of four computer players whose short game has been played to its end."""
    code: str = create(client, seats=BOTS, seat=None, options={"target": 300})["code"]
    with client.websocket_connect(f"/ws/{code}") as ws:
        state = hello(ws, None)
        while state["game"] is None or state["game"]["result"] is None:
            state = recv_state(ws)
    return code


@pytest.fixture
def damaged_db(db: Path) -> tuple[Path, dict[str, str], str, list[str]]:
    """A database with one table for each kind of damage (each with a finished game to replay)
    and one good table of four people a few steps into its game: ``(db, {code: damage}, good,
    tokens)``."""
    codes: dict[str, str] = {}
    with server(db) as c:
        for what in DAMAGES:
            codes[played_by_bots(c)] = what
        good, good_tokens = four_humans(c)
        with FourPlayers(c, good, good_tokens) as t:
            t.play(random.Random(5), actions=8)
    with sqlite3.connect(db) as con:
        for code, what in codes.items():
            DAMAGES[what](con, code)
    con.close()
    return db, codes, good, good_tokens


def test_damaged_tables_are_left_out_and_the_server_starts(
    damaged_db: tuple[Path, dict[str, str], str, list[str]], caplog: pytest.LogCaptureFixture,
) -> None:
    db, codes, good, tokens = damaged_db
    before = tables_in(db)
    caplog.set_level(logging.ERROR, logger="puur.server")
    with server(db) as c:
        # One line per damaged table, naming it and saying it is left out of play.
        lines = [r.getMessage() for r in caplog.records if r.name == "puur.server"]
        for code, what in codes.items():
            mine = [ln for ln in lines if code in ln]
            assert len(mine) == 1, (what, mine)
            assert "left out of play" in mine[0] and "\n" not in mine[0], (what, mine)
        assert len(lines) == len(codes), lines
        for code in codes:
            assert c.get(f"/api/tables/{code}").json()["code"] == "no_table"
        listed = [t["code"] for t in c.get("/api/tables").json()["tables"]]
        assert listed == [good]
        # The good table plays on where it was.
        with FourPlayers(c, good, tokens) as t:
            assert t.game["hand_no"] == 1 and len(t.game["history"]) + len(
                t.game["trick"]) > 0
            t.play(random.Random(6), actions=4)
        # A new table never takes the code of a damaged one (it is still in the database).
        assert create(c, seats=ONE_HUMAN)["code"] not in codes
    after = tables_in(db)
    assert {k: after[k] for k in before} == before  # kept exactly as it was


def test_puur_serve_starts_on_a_damaged_database_with_one_line_each(
    damaged_db: tuple[Path, dict[str, str], str, list[str]],
) -> None:
    db, codes, _good, _tokens = damaged_db
    port = free_port()
    with serving(db, port) as proc:
        proc.terminate()
        _out, err = proc.communicate(timeout=TIMEOUT)
    assert "Traceback" not in err, err
    lines = [ln for ln in err.splitlines() if "left out of play" in ln]
    assert sorted(ln.split()[1] for ln in lines) == sorted(codes), err


def test_a_database_of_an_older_layout_is_one_line(db: Path) -> None:
    with server(db) as c:
        create(c, seats=ONE_HUMAN)
    with sqlite3.connect(db) as con:
        con.execute("ALTER TABLE seats DROP COLUMN strength")
    con.close()
    proc = subprocess.run(serve_args(db, free_port()), capture_output=True, text=True, env=ENV,
                          timeout=TIMEOUT)
    assert proc.returncode == 1 and "Traceback" not in proc.stderr, proc.stderr
    assert proc.stderr.strip().splitlines() == [
        f"puur: {db} has no column 'strength' in its table 'seats': it is not a database "
        "of this version of Puur; choose another --db"], proc.stderr

