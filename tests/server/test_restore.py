"""Nothing is lost: a restarted server resumes every table from the database, and a player who
drops reconnects to exactly where they were."""

from __future__ import annotations

import io
import random
import sqlite3
from pathlib import Path
from typing import Any

from puur.actions import A_WEIS
from puur.record import read_record

from .util import ONE_HUMAN, FourPlayers, create, four_humans, hello, recv_state, server


def view(client: Any, code: str, token: str) -> dict[str, Any]:
    """A seat's game view from a fresh connection (the timer field aside)."""
    with client.websocket_connect(f"/ws/{code}") as ws:
        state = hello(ws, token)
    game = state["game"]
    game["deadline"] = None
    return {"seq": state["seq"], "game": game, "seats": [
        {k: v for k, v in s.items() if k != "connected"} for s in state["table"]["seats"]]}


def test_restart_resumes_every_table_mid_hand(db: Path) -> None:
    rng = random.Random(8)
    with server(db) as c1:
        code, tokens = four_humans(c1)
        # A table with computer players waits for its person, wherever the bots have got to.
        solo = create(c1, seats=ONE_HUMAN)
        with FourPlayers(c1, code, tokens) as t:
            while not (t.game["hand_no"] == 2 and t.game["trick"]):
                t.play(rng, actions=1)  # into the second hand, mid-trick
            assert t.game["hand_no"] == 2 and t.game["trick"]
        before = [view(c1, code, tok) for tok in tokens]
        solo_before = view(c1, solo["code"], solo["token"])
    with server(db, seed=99) as c2:
        assert [view(c2, code, tok) for tok in tokens] == before
        assert view(c2, solo["code"], solo["token"]) == solo_before
        # Play on to the end on the new server: the stored game is complete and checks out.
        with FourPlayers(c2, code, tokens) as t:
            t.play(rng)
            result = t.game["result"]
            seq = t.states[0]["seq"]
        gid = result["game_id"]
        text = c2.get(f"/api/games/{gid}/record").text
    rec = read_record(io.StringIO(text))  # replays and checks every score line
    game = rec.to_game()
    assert game.is_over and list(game.scores) == result["scores"]
    # seq counts the steps the table saw: every action but the Weis decisions (the default
    # rules announce Stöck after its second card, in public).
    weis = sum(1 for hand in rec.actions for a in hand if A_WEIS <= a <= A_WEIS + 15)
    assert sum(len(a) for a in rec.actions) - weis == seq
    seq += weis
    with sqlite3.connect(db) as con:
        n = con.execute("SELECT COUNT(*) FROM actions WHERE game_id=?", (gid,)).fetchone()[0]
        hands = con.execute("SELECT COUNT(*) FROM deals WHERE game_id=?", (gid,)).fetchone()[0]
    con.close()
    assert n == seq and hands == len(rec.deals)


def test_reconnect_mid_trick_gets_the_full_state(client: Any) -> None:
    code, tokens = four_humans(client)
    rng = random.Random(4)
    with FourPlayers(client, code, tokens) as t:
        t.play(rng, actions=6)
        while not (t.game["phase"] == "play" and t.game["trick"] and t.game["to_move"] != 1):
            t.play(rng, actions=1)
        t.drop(1)
        assert t.states[0]["event"] == {"type": "seat", "seat": 1, "what": "disconnected"}
        assert t.states[0]["table"]["seats"][1]["connected"] is False
        # The others play on until seat 1 must act; the table then waits for it.
        while t.game["to_move"] != 1:
            t.play(rng, actions=1)
        seq = t.states[0]["seq"]
        again = t.rejoin(1)
        assert t.states[0]["event"] == {"type": "seat", "seat": 1, "what": "connected"}
        assert again["seq"] == seq and again["you"] == {"role": "player", "seat": 1}
        g = again["game"]
        assert g["legal"] and g["to_move"] == 1
        assert g["trick"] == t.states[4]["game"]["trick"]
        assert g["history"] == t.states[0]["game"]["history"]
        assert view(client, code, tokens[1])["game"] == {**g, "deadline": None}
        t.play(rng, actions=1)
        assert t.states[1]["seq"] == seq + 1


def test_two_sockets_for_one_seat_both_get_its_view(client: Any) -> None:
    t = create(client, seats=ONE_HUMAN)
    with client.websocket_connect(f"/ws/{t['code']}") as a, \
            client.websocket_connect(f"/ws/{t['code']}") as b:
        sa = hello(a, t["token"])
        sb = hello(b, t["token"])
        # Wait until the computer players have played up to the person's turn.
        while not sa["game"]["legal"]:
            sa = recv_state(a)
        while not sb["game"]["legal"]:
            sb = recv_state(b)
        assert sa["game"] == sb["game"]


def test_first_state_counts_the_new_connection(client: Any) -> None:
    code, tokens = four_humans(client)
    with client.websocket_connect(f"/ws/{code}") as ws:
        first = hello(ws, tokens[3])
    seats = first["table"]["seats"]
    assert seats[3]["connected"] is True
    assert [s["connected"] for s in seats[:3]] == [False, False, False]
