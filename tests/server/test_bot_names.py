"""Computer players sit under Swiss first names, never their bot type: the same name in the
table, the record, the replay and the history, and never the name of a person at the table."""

from __future__ import annotations

import io
import random
import sqlite3
from pathlib import Path
from typing import Any

from puur.record import read_record
from puur.server.lobby import Lobby
from puur.server.messages import parse_create
from puur.server.names import BOT_NAMES, bot_name

from .test_history import play_to_end
from .util import create, server

BOT = {"kind": "bot", "bot": "random"}
MIXED = [{"kind": "human"}, BOT, {"kind": "human"}, BOT]


def names(client: Any, code: str) -> list[str]:
    return [s["name"] for s in client.get(f"/api/tables/{code}").json()["table"]["seats"]]


def test_computer_players_have_names_the_same_everywhere(client: Any) -> None:
    t = create(client, seats=[{"kind": "human"}, BOT, BOT, BOT], name="Anna",
               options={"target": 300})
    code = t["code"]
    seats = names(client, code)
    assert seats[0] == "Anna"
    assert all(n in BOT_NAMES for n in seats[1:]) and len(set(seats)) == 4
    assert seats[1] == bot_name(code, 1, ["Anna"])  # drawn from the code and the seat
    play_to_end(client, t, random.Random(1))
    gid = t["table"]["game_id"]
    rec = read_record(io.StringIO(client.get(f"/api/games/{gid}/record").text))
    assert [rec.seats[s].name for s in range(4)] == seats
    rp = client.get(f"/api/games/{gid}/replay").json()
    assert [s["name"] for s in rp["seats"]] == seats
    assert [(s["kind"], s["bot"]) for s in rp["seats"]] == [("human", None)] + [
        ("bot", "random")] * 3
    listed = client.get("/api/games").json()["games"]
    assert listed[0]["id"] == gid and listed[0]["names"] == seats


def test_no_computer_player_shares_a_persons_name() -> None:
    code = "ABCDEF"
    first = bot_name(code, 1, [])
    # The creator already has the name the computer player would have drawn.
    spec = parse_create(f'{{"v": 2, "seats": [{{"kind": "human"}}, {{"kind": "bot", "bot": '
                        f'"random"}}, {{"kind": "human"}}, {{"kind": "human"}}], "seat": 0, '
                        f'"name": "{first.upper()}"}}'.encode(), ["random"], 5.0)
    seats = Lobby._seats(code, spec, "token")
    assert seats[1].name.casefold() != first.casefold() and seats[1].name in BOT_NAMES


def test_a_person_who_joins_under_a_computer_players_name_keeps_it(db: Path) -> None:
    with server(db) as c:
        t = create(c, seats=MIXED, seat=0, name="Anna")
        code = t["code"]
        before = names(c, code)
        r = c.post(f"/api/tables/{code}/join", json={"v": 2, "seat": 2,
                                                     "name": before[3].lower()})
        assert r.status_code == 200
        after = names(c, code)
        assert after[2] == before[3].lower() and after[1] == before[1]
        assert after[3] in BOT_NAMES and after[3].casefold() != after[2].casefold()
        assert len({n.casefold() for n in after}) == 4
    with server(db) as c:  # stored
        assert names(c, code) == after


def test_computer_players_named_after_their_type_get_a_name(db: Path) -> None:
    # Tables and records stored before computer players had names.
    with server(db) as c:
        t = create(c, seats=[{"kind": "human"}, BOT, BOT, BOT], name="Anna",
                   options={"target": 300})
        code, gid = t["code"], t["table"]["game_id"]
        new = names(c, code)
        play_to_end(c, t, random.Random(2))
    with sqlite3.connect(db) as con:
        con.execute("UPDATE seats SET name=bot WHERE kind='bot'")
        record = con.execute("SELECT record FROM games WHERE id=?", (gid,)).fetchone()[0]
        for n in new[1:]:
            record = record.replace(f"bot:random {n}\n", "bot:random random\n")
        assert record.count("bot:random random") == 3
        con.execute("UPDATE games SET record=? WHERE id=?", (record, gid))
    con.close()
    with server(db) as c:
        assert names(c, code) == new
        assert [s["name"] for s in c.get(f"/api/games/{gid}/replay").json()["seats"]] == new
    with sqlite3.connect(db) as con:
        stored = [r[0] for r in con.execute("SELECT name FROM seats WHERE code=? ORDER BY seat",
                                             (code,))]
    con.close()
    assert stored == new
