"""Private tables stay private in the history: their finished games are listed, and their record
and replay (every hand open) readable, only with a seat token of the table or a share link a
seat holder made for one game. Public tables' games are open to everyone."""

from __future__ import annotations

import random
from typing import Any

from .test_history import play_to_end
from .util import ONE_HUMAN, create
from .wirecheck import check_message


def tokens(*tok: str) -> dict[str, str]:
    return {"X-Puur-Tokens": ", ".join(tok)}


def finished(client: Any, public: bool, seed: int) -> dict[str, Any]:
    t = create(client, seats=ONE_HUMAN, options={"target": 300}, name="Anna", public=public)
    play_to_end(client, t, random.Random(seed))
    return t


def listed(client: Any, **kw: Any) -> list[int]:
    r = client.get("/api/games", **kw)
    assert r.status_code == 200, r.text
    return [g["id"] for g in r.json()["games"]]


def test_a_private_game_is_listed_and_read_only_by_its_seats_or_a_share_link(client: Any) -> None:
    pub = finished(client, True, 1)
    priv = finished(client, False, 2)
    other = finished(client, False, 3)  # another private table, another token
    pub_id, priv_id = pub["table"]["game_id"], priv["table"]["game_id"]
    mine = tokens(priv["token"])

    # A stranger: only the public game exists.
    assert listed(client) == [pub_id]
    assert listed(client, headers=tokens(other["token"])) == [
        other["table"]["game_id"], pub_id]
    for what in ("record", "replay"):
        for headers in ({}, tokens(other["token"]), tokens("not-a-token")):
            r = client.get(f"/api/games/{priv_id}/{what}", headers=headers)
            assert r.status_code == 404 and r.json()["code"] == "no_game"
            # the same answer as for a game that does not exist
            assert r.json()["message"] == f"no game with id {priv_id}"
        assert client.get(f"/api/games/{pub_id}/{what}").status_code == 200
    r = client.post(f"/api/games/{priv_id}/share")
    assert r.status_code == 404 and r.json()["code"] == "no_game"

    # The seat holder: listed (marked private, with the seats' names), readable with the code.
    games = client.get("/api/games", headers=mine).json()["games"]
    assert [g["id"] for g in games] == [priv_id, pub_id]
    assert games[0]["public"] is False and games[0]["names"][0] == "Anna"
    assert games[1]["public"] is True
    rec = client.get(f"/api/games/{priv_id}/record", headers=mine)
    assert rec.status_code == 200 and "seat 0 human Anna" in rec.text
    rp = client.get(f"/api/games/{priv_id}/replay", headers=mine).json()
    assert rp["code"] == priv["code"] and len(rp["hands"]) >= 1

    # A share link made by the seat holder opens that one game, without the table's code.
    r = client.post(f"/api/games/{priv_id}/share", headers=mine)
    assert r.status_code == 201, r.text
    share = r.json()
    check_message(share)
    assert share["type"] == "share" and share["url"] == f"/replay/{priv_id}?share={share['share']}"
    key = {"share": share["share"]}
    assert client.get(f"/api/games/{priv_id}/record", params=key).text == rec.text
    shared = client.get(f"/api/games/{priv_id}/replay", params=key).json()
    check_message(shared)
    assert shared["code"] is None and shared["hands"] == rp["hands"]
    assert listed(client, params=key) == [pub_id]
    other_id = other["table"]["game_id"]
    assert client.get(f"/api/games/{other_id}/replay", params=key).status_code == 404
    assert client.get(f"/api/games/{priv_id}/replay",
                      params={"share": "wrong" + share["share"]}).status_code == 404
    r = client.post(f"/api/games/{priv_id}/share", params=key)
    assert r.status_code == 403 and r.json()["code"] == "auth"

    # The public game is unchanged: everyone reads it, with its code.
    assert client.get(f"/api/games/{pub_id}/replay").json()["code"] == pub["code"]


def test_an_unfinished_private_game_does_not_exist_for_strangers(client: Any) -> None:
    t = create(client, seats=ONE_HUMAN, options={"target": 300}, name="Anna", public=False)
    gid = t["table"]["game_id"]
    assert client.get(f"/api/games/{gid}/replay").json()["code"] == "no_game"
    r = client.get(f"/api/games/{gid}/replay", headers=tokens(t["token"]))
    assert r.status_code == 409 and r.json()["code"] == "not_finished"


def test_bad_tokens_and_share_keys_are_refused(client: Any) -> None:
    r = client.get("/api/games", headers=tokens(*[f"t{i}" for i in range(101)]))
    assert r.status_code == 400 and r.json()["code"] == "bad_message"
    r = client.get("/api/games", headers={"X-Puur-Tokens": "ok, not/a/token"})
    assert r.status_code == 400 and r.json()["code"] == "bad_message"
    r = client.get("/api/games/1/replay", params={"share": "x" * 101})
    assert r.status_code == 400 and r.json()["code"] == "bad_message"
