"""Display names: a person who gives none has no name (every client shows the seat's name in
its own language), and names read from the database pass the same check as new ones."""

from __future__ import annotations

import io
import json
import logging
import random
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from puur.record import read_record
from puur.server.names import BOT_NAMES

from .test_history import play_to_end
from .util import ALL_HUMANS, ONE_HUMAN, create, hello, recv_state, server

BOT = {"kind": "bot", "bot": "random"}


def seat_names(client: Any, code: str) -> list[str | None]:
    return [s["name"] for s in client.get(f"/api/tables/{code}").json()["table"]["seats"]]


def stored_names(db: Path, code: str) -> list[str]:
    with sqlite3.connect(db) as con:
        out = [n for (n,) in con.execute("SELECT name FROM seats WHERE code=? ORDER BY seat",
                                          (code,))]
    con.close()
    return out


def test_a_person_without_a_name_has_none(client: Any, db: Path) -> None:
    t = create(client, seats=[{"kind": "human"}, BOT, {"kind": "human"}, BOT])
    code = t["code"]
    names = seat_names(client, code)
    # No English "Player 1" on the wire: the client names the seat in its language.
    assert names[0] is None and names[2] is None and names[1] in BOT_NAMES
    assert t["table"]["seats"][0]["taken"] is True and t["table"]["seats"][2]["taken"] is False
    r = client.post(f"/api/tables/{code}/join", json={"v": 2, "seat": 2})
    assert r.status_code == 200
    assert seat_names(client, code) == names
    assert stored_names(db, code)[0] == stored_names(db, code)[2] == ""


def test_the_record_gives_a_person_without_a_name_a_default(client: Any) -> None:
    t = create(client, seats=ONE_HUMAN, options={"target": 300})
    names = seat_names(client, t["code"])
    assert names[0] is None
    final = play_to_end(client, t, random.Random(3))
    gid = final["game"]["result"]["game_id"]
    rec = read_record(io.StringIO(client.get(f"/api/games/{gid}/record").text))
    assert rec.seats[0].name == "Player 1"  # a record is a file in one language
    replay = client.get(f"/api/games/{gid}/replay").json()
    assert [s["name"] for s in replay["seats"]] == names
    assert client.get("/api/games").json()["games"][0]["names"] == names


def test_a_person_with_a_name_keeps_it_everywhere(client: Any) -> None:
    t = create(client, seats=ONE_HUMAN, name="  Anna   Meier ", options={"target": 300})
    assert seat_names(client, t["code"])[0] == "Anna Meier"
    final = play_to_end(client, t, random.Random(4))
    gid = final["game"]["result"]["game_id"]
    assert client.get(f"/api/games/{gid}/replay").json()["seats"][0]["name"] == "Anna Meier"


def test_the_old_default_name_of_a_stored_seat_is_no_name(db: Path) -> None:
    # Servers before stored a person without a name as "Player N" (N = seat + 1).
    with server(db) as c:
        t = create(c, seats=ALL_HUMANS, name="Anna")
        code = t["code"]
        c.post(f"/api/tables/{code}/join", json={"v": 2, "seat": 1})
        c.post(f"/api/tables/{code}/join", json={"v": 2, "seat": 2, "name": "Player 1"})
    with sqlite3.connect(db) as con:
        con.execute("UPDATE seats SET name='Player ' || (seat + 1) WHERE code=? AND seat IN "
                    "(1, 3)", (code,))
    con.close()
    with server(db) as c:
        # "Player 1" at seat 2 is a name someone gave: only seat N-1's own default is none.
        assert seat_names(c, code) == ["Anna", None, "Player 1", None]


BAD = {
    "a bidi override": "Anna\u202e",
    "a NUL": "Be\x00at",
    "a line break": "Ca\nrla",
    "too long": "x" * 41,
    "a double space": "Do  ris",
    "a zero-width space": "\u200bEva",
}


def rematch_to_end(client: Any, t: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """Start the next game of a table whose game is over and play it to its end."""
    with client.websocket_connect(f"/ws/{t['code']}") as ws:
        hello(ws, t["token"])
        ws.send_json({"v": 2, "type": "rematch"})
        s = recv_state(ws)
        while s["game"]["result"] is None:
            if s["game"]["legal"]:
                ws.send_json({"v": 2, **rng.choice(s["game"]["legal"])})
            s = recv_state(ws)
    return s


def record_of(client: Any, gid: int) -> Any:
    return read_record(io.StringIO(client.get(f"/api/games/{gid}/record").text))


def test_stored_names_a_new_name_could_not_be_are_shown_as_the_seats_default(
    db: Path, caplog: pytest.LogCaptureFixture,
) -> None:
    tables: dict[str, tuple[str, dict[str, Any], int]] = {}
    with server(db) as c:
        for what in BAD:
            t = create(c, seats=[{"kind": "human"}, BOT, BOT, BOT], name="Ok",
                       options={"target": 300, "name": "Friday"})
            old = play_to_end(c, t, random.Random(1))["game"]["result"]["game_id"]
            tables[t["code"]] = (what, t, old)
    with sqlite3.connect(db) as con:
        for code, (what, _t, old) in tables.items():
            bot = con.execute("SELECT name FROM seats WHERE code=? AND seat=2",
                              (code,)).fetchone()[0]
            con.execute("UPDATE seats SET name=? WHERE code=? AND seat IN (0, 2)",
                        (BAD[what], code))
            rules = json.loads(con.execute("SELECT rules FROM tables WHERE code=?",
                                           (code,)).fetchone()[0])
            con.execute("UPDATE tables SET rules=? WHERE code=?",
                        (json.dumps({**rules, "name": BAD[what]}), code))
            # The finished game's record, as an older server would have written it.
            record = con.execute("SELECT record FROM games WHERE id=?", (old,)).fetchone()[0]
            bad = BAD[what].replace("\n", "\t")  # a record line cannot hold a line break
            record = record.replace("seat 0 human Ok\n", f"seat 0 human {bad}\n")
            record = record.replace(f"seat 2 bot:random {bot}\n", f"seat 2 bot:random {bad}\n")
            con.execute("UPDATE games SET record=? WHERE id=?", (record, old))
    con.close()
    caplog.set_level(logging.WARNING, logger="puur.server")
    with server(db) as c:
        for code, (what, t, old) in tables.items():
            table = c.get(f"/api/tables/{code}").json()["table"]
            names = [s["name"] for s in table["seats"]]
            assert names[0] is None, what  # the client shows the seat's name
            assert names[2] in BOT_NAMES and names[2] not in (names[1], names[3]), what
            assert table["rules"]["name"] == "family", what  # the preset's own name
            assert [s["name"] for s in c.get(f"/api/games/{old}/replay").json()["seats"]] \
                == names, what
            listed = {g["id"]: g["names"] for g in c.get("/api/games").json()["games"]}
            assert listed[old] == names, what
            # A game played now records the names the table shows.
            new = rematch_to_end(c, t, random.Random(2))["game"]["result"]["game_id"]
            rec = record_of(c, new)
            assert rec.seats[0].name == "Player 1" and rec.seats[2].name == names[2], what
            assert rec.rules.name == "family"
        warned = [r.getMessage() for r in caplog.records if r.name == "puur.server"]
        for code in tables:
            mine = [w for w in warned if code in w]
            assert len(mine) == 3, mine  # seats 0 and 2 and the rule set's name
            assert all("\n" not in w and "\u202e" not in w and "\x00" not in w for w in mine)
    # Nothing was rewritten in the database.
    for code, (what, _t, _old) in tables.items():
        assert stored_names(db, code)[0] == stored_names(db, code)[2] == BAD[what]
