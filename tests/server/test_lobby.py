"""Lobby flows over HTTP: meta, create, list, invite code, join, spectate, front-end routes."""

from __future__ import annotations

from typing import Any

from puur.bots import BOTS
from puur.rules import PRESETS

from .util import ALL_HUMANS, create, hello, receive_json


def test_meta_lists_presets_bots_decks_languages(client: Any) -> None:
    m = client.get("/api/meta").json()
    assert m["v"] == 2 and m["type"] == "meta" and m["protocol"] == 2
    assert m["bot_version"] == 1  # the outside bots' part (docs/protocol.md, Bots)
    assert set(m["presets"]) == set(PRESETS)
    assert m["bots"] == sorted(BOTS)
    assert set(m["decks"]) == {"swiss", "french", "salzburg"}
    assert set(m["languages"]) == {"de", "fr", "it", "en"}


def test_create_with_options_and_bots_starts_at_once(client: Any) -> None:
    t = create(client, rules="standard-2500", options={"push_back": True}, deck="french",
               lang="fr", name="Anna",
               seats=[{"kind": "human"}, {"kind": "bot", "bot": "random", "strength": 3},
                      {"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"}])
    table = t["table"]
    assert t["seat"] == 0 and len(t["token"]) >= 40
    assert t["invite"] == f"/t/{t['code']}" and len(t["code"]) == 6
    assert table["rules"]["target"] == PRESETS["standard-2500"].target
    assert table["rules"]["push_back"] is True
    assert table["deck"] == "french" and table["lang"] == "fr"
    assert table["status"] == "playing" and table["free_seats"] == []
    assert table["seats"][0]["name"] == "Anna" and table["seats"][1]["strength"] == 3
    assert "token" not in str(table["seats"])


def test_bad_create_requests_are_refused_and_create_nothing(client: Any) -> None:
    before = client.get("/api/tables").json()["tables"]
    for body, status, code in [
        ({"v": 2, "rules": "no-such-preset"}, 400, "bad_rules"),
        ({"v": 2, "options": {"target": -5}}, 400, "bad_rules"),
        ({"v": 2, "options": {"colour": 1}}, 400, "bad_rules"),
        ({"v": 1}, 400, "version"),
        ({"v": 2, "seats": "four"}, 400, "bad_message"),
    ]:
        r = client.post("/api/tables", json=body)
        assert (r.status_code, r.json()["code"]) == (status, code), r.text
        assert r.json()["type"] == "error"
    r = client.post("/api/tables", content=b"{oops")
    assert r.status_code == 400 and r.json()["code"] == "bad_json"
    assert client.get("/api/tables").json()["tables"] == before


def test_invite_code_join_and_list(client: Any) -> None:
    t = create(client, seats=ALL_HUMANS, seat=1, name="Anna")
    code = t["code"]
    listed = client.get("/api/tables").json()["tables"]
    assert [x["code"] for x in listed] == [code]
    assert listed[0]["free_seats"] == [0, 2, 3] and listed[0]["status"] == "waiting"
    # The code is case-insensitive.
    info = client.get(f"/api/tables/{code.lower()}").json()["table"]
    assert info["code"] == code
    r = client.post(f"/api/tables/{code}/join", json={"v": 2, "seat": 1, "name": "Mallory"})
    assert r.status_code == 409 and r.json()["code"] == "seat_taken"
    assert client.get(f"/api/tables/{code}").json()["table"]["seats"][1]["name"] == "Anna"
    r = client.post(f"/api/tables/{code}/join", json={"v": 2, "name": "Beat"})
    assert r.json()["seat"] == 0 and r.json()["type"] == "joined"
    r = client.post(f"/api/tables/{code}/join", json={"v": 2, "seat": 2})
    assert r.json()["seat"] == 2
    r = client.post(f"/api/tables/{code}/join", json={"v": 2})
    assert r.json()["seat"] == 3
    r = client.post(f"/api/tables/{code}/join", json={"v": 2})
    assert r.status_code == 409 and r.json()["code"] == "table_full"
    info = client.get(f"/api/tables/{code}").json()["table"]
    assert info["status"] == "playing" and info["seats"][0]["name"] == "Beat"
    assert info["game_id"] is not None


def test_unknown_table(client: Any) -> None:
    assert client.get("/api/tables/ZZZZZZ").json()["code"] == "no_table"
    r = client.post("/api/tables/ZZZZZZ/join", json={"v": 2})
    assert r.status_code == 404 and r.json()["code"] == "no_table"
    with client.websocket_connect("/ws/ZZZZZZ") as ws:
        assert receive_json(ws)["code"] == "no_table"


def test_private_tables_are_not_listed(client: Any) -> None:
    create(client, public=False)
    assert client.get("/api/tables").json()["tables"] == []


def test_spectator_sees_the_table_without_any_hand(client: Any) -> None:
    t = create(client, seats=ALL_HUMANS, seat=0)
    code = t["code"]
    with client.websocket_connect(f"/ws/{code}") as ws:
        s = hello(ws, None)
        assert s["you"] == {"role": "spectator", "seat": None}
        assert s["game"] is None and s["table"]["status"] == "waiting"
        for seat in (1, 2, 3):
            client.post(f"/api/tables/{code}/join", json={"v": 2, "seat": seat})
        events = []
        while True:
            m = receive_json(ws)
            events.append(m["event"])
            if m["game"] is not None:
                break
        assert [e["what"] for e in events[:-1]] == ["joined"] * 3
        assert events[-1]["type"] == "start"
        assert m["game"]["hand"] == [] and m["game"]["legal"] == []
        assert sum(m["game"]["hand_sizes"]) == 36
        assert m["table"]["spectators"] == 1


def test_front_end_routes_serve_the_page(client: Any) -> None:
    for path in ("/", "/t/ABCDEF", "/replay/3"):
        r = client.get(path)
        assert r.status_code == 200 and "html" in r.headers["content-type"]
    assert client.get("/api/nothing").status_code == 404


def test_every_computer_player_can_sit_at_a_table(client: Any) -> None:
    from puur.bots import Bot
    from puur.server.turns import make_player as _bot

    bots = client.get("/api/meta").json()["bots"]
    for name in bots:
        # A free seat keeps the game from starting: only the seating is checked here.
        t = create(client, seats=[{"kind": "human"}, {"kind": "human"}] + [
            {"kind": "bot", "bot": name, "strength": 1}] * 2)
        assert t["table"]["seats"][2]["bot"] == name and t["table"]["status"] == "waiting"
        for strength in (1, 2, 3):
            assert isinstance(_bot(name, strength, seed=1), Bot)


def test_static_files_are_served(client: Any) -> None:
    from puur.server.app import STATIC_DIR

    files = [p for p in STATIC_DIR.rglob("*") if p.is_file() and p.name != "index.html"]
    for p in files[:3]:
        r = client.get("/static/" + p.relative_to(STATIC_DIR).as_posix())
        assert r.status_code == 200 and r.content == p.read_bytes()
    assert client.get("/static/no-such-file.js").status_code == 404
