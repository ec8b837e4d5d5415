"""Tables of every variant (docs/server.md, docs/protocol.md): the lobby builds its form from the
variants' own descriptions, a table is created with a variant, a preset and options over it and
one seat per player, and a whole game is played with computer players, watched, left and
rejoined, recorded and replayed; every refusal is typed and changes nothing."""

from __future__ import annotations

import io
import random
from contextlib import ExitStack
from typing import Any

import pytest

from puur.record import read_record
from puur.variants import get, variants

from .util import (
    FourPlayers,
    create,
    four_humans,
    hello,
    receive_json,
    recv_state,
    snapshot,
)
from .wirecheck import check_message

BOT: dict[str, Any] = {"kind": "bot", "bot": "random"}
#: Short games of each variant: (create body, players).
TABLES: dict[str, tuple[dict[str, Any], int]] = {
    "differenzler": ({"variant": "differenzler", "rules": "standard",
                      "options": {"hands": 2}}, 4),
    "differenzler-three": ({"variant": "differenzler", "rules": "three",
                            "options": {"hands": 2, "weis": True, "stoeck": True}}, 3),
    "coiffeur": ({"variant": "coiffeur", "rules": "weis",
                  "options": {"sheet": "custom", "custom_rows": "C:1 obe:2"}}, 4),
}


def expect_error(ws: Any, code: str) -> dict[str, Any]:
    while True:
        m: dict[str, Any] = receive_json(ws)
        if m["type"] == "error":
            assert m["code"] == code, m
            assert m["message"]
            return m


def named(action: dict[str, Any], how: int) -> dict[str, Any]:
    """A legal entry named one of four ways: as it is, by id, by record token, by name."""
    if how == 0:
        return action
    key = ("id", "token", "name")[how - 1]
    return {"type": "action", key: action[key]}


def test_meta_describes_every_variant(client: Any) -> None:
    m = client.get("/api/meta").json()
    check_message(m)
    listed = {v["key"]: v for v in m["variants"]}
    assert list(listed) == [v.key for v in variants()]
    for v in variants():
        info = listed[v.key]
        assert info["players"] == list(v.players) and info["sides"] == v.sides_text
        assert info["presets"] == list(v.presets)
        assert info["score_name"] == v.score_name
        assert info["lower_is_better"] is v.lower_is_better
        assert {o["name"] for o in info["options"]} == {o.name for o in v.describe_options()}
        for o in info["options"]:
            assert o["kind"] in ("bool", "int", "choice", "card", "text", "multi", "table")
            assert "default" in o and o["doc"]
        for name, rules in v.presets.items():
            assert info["preset_rules"][name] == v.rules_to_dict(rules)
    # The Schieber presets stay where the lobby has always found them.
    assert m["presets"] == listed["schieber"]["preset_rules"]


def test_create_takes_a_variant_preset_options_and_one_seat_per_player(client: Any) -> None:
    t = create(client, variant="differenzler", rules="three", options={"hands": 5},
               seats=[{"kind": "human"}, BOT, BOT], name="Anna")
    check_message(t)
    table = t["table"]
    v = get("differenzler")
    assert table["variant"] == {"key": "differenzler", "name": "Differenzler",
                                "score_name": "penalty", "lower_is_better": True,
                                "players": 3, "sides": 3}
    assert table["preset"] == "three"
    assert table["rules"] == v.rules_to_dict(v.rules_from_dict({"preset": "three", "hands": 5}))
    assert len(table["seats"]) == 3 and table["status"] == "playing"
    assert table["games"][0]["scores"] == [0, 0, 0]
    c = create(client, variant="Coiffeur", seats=[{"kind": "human"}, BOT, BOT, BOT])
    assert c["table"]["variant"]["key"] == "coiffeur" and c["table"]["preset"] == "reglement8"
    # Without a variant a table is Schieber's, as it has always been.
    s = create(client)
    assert s["table"]["variant"]["key"] == "schieber" and s["table"]["preset"] == "family"


@pytest.mark.parametrize(("body", "status", "code"), [
    ({"variant": "tarock"}, 400, "bad_rules"),
    ({"variant": 7}, 400, "bad_rules"),
    ({"variant": "differenzler", "rules": "family"}, 400, "bad_rules"),
    ({"variant": "differenzler", "options": {"hands": 0}}, 400, "bad_rules"),
    ({"variant": "differenzler", "options": {"forecast": "whispered"}}, 400, "bad_rules"),
    ({"variant": "coiffeur", "options": {"target": 1000}}, 400, "bad_rules"),
    ({"variant": "coiffeur", "options": {"sheet": "custom", "custom_rows": "C:1 X:2"}}, 400,
     "bad_rules"),
    ({"variant": "coiffeur", "options": {"preset": "ten"}}, 400, "bad_rules"),
    ({"variant": "differenzler", "rules": "three",
      "seats": [{"kind": "human"}, BOT, BOT, BOT]}, 400, "bad_message"),
    ({"variant": "differenzler", "seats": [{"kind": "human"}, BOT, BOT]}, 400, "bad_message"),
    ({"variant": "differenzler", "rules": "three", "seats": [{"kind": "human"}] * 3,
      "seat": 3}, 400, "bad_message"),
    ({"variant": "coiffeur", "options": {"name": "Bad\u202ename"}}, 400, "bad_message"),
])
def test_bad_create_requests_are_refused_and_create_nothing(
    client: Any, body: dict[str, Any], status: int, code: str
) -> None:
    r = client.post("/api/tables", json={"v": 2, **body})
    assert (r.status_code, r.json()["code"]) == (status, code), r.text
    assert client.get("/api/tables").json()["tables"] == []


def test_joining_a_seat_the_table_does_not_have_is_refused(client: Any) -> None:
    t = create(client, variant="differenzler", rules="three", seats=[{"kind": "human"}] * 3)
    r = client.post(f"/api/tables/{t['code']}/join", json={"v": 2, "seat": 3})
    assert r.status_code == 400 and r.json()["code"] == "bad_message"
    check_message(r.json())
    joined = client.post(f"/api/tables/{t['code']}/join", json={"v": 2, "seat": 2}).json()
    check_message(joined)
    assert joined["seat"] == 2
    assert client.get(f"/api/tables/{t['code']}").json()["table"]["free_seats"] == [1]


@pytest.mark.parametrize("name", list(TABLES))
def test_a_whole_game_with_computer_players_a_spectator_and_a_reconnect(
    client: Any, name: str
) -> None:
    body, players = TABLES[name]
    t = create(client, seats=[{"kind": "human"}] + [BOT] * (players - 1), name="Anna", **body)
    code, gid = t["code"], t["table"]["game_id"]
    rng = random.Random(name)
    seen: list[dict[str, Any]] = []
    watched: list[dict[str, Any]] = []
    with ExitStack() as stack:
        ws = stack.enter_context(client.websocket_connect(f"/ws/{code}"))
        spy = stack.enter_context(client.websocket_connect(f"/ws/{code}"))
        s = hello(ws, t["token"])
        w = hello(spy, None)
        reconnected = False
        n = 0
        while s["game"]["result"] is None:
            g = s["game"]
            if g["legal"]:
                assert g["to_move"] == 0
                ws.send_json({"v": 2, **named(rng.choice(g["legal"]), n % 4)})
                n += 1
                if n == 5 and not reconnected:
                    # Leave in the middle of the game and come back to exactly where it was.
                    before = recv_state(ws, seen)
                    ws.close()
                    ws = stack.enter_context(client.websocket_connect(f"/ws/{code}"))
                    again = hello(ws, t["token"])
                    assert again["seq"] >= before["seq"]
                    assert again["you"] == {"role": "player", "seat": 0}
                    reconnected = True
                    s = again
                    continue
            s = recv_state(ws, seen)
        final = s
        # A rematch: the next game of the same variant, same seats, new deals.
        ws.send_json({"v": 2, "type": "rematch"})
        again = recv_state(ws, seen)
        assert again["event"]["type"] == "rematch" and again["seq"] == 0
        ng = again["game"]
        assert ng["game_id"] != gid and ng["variant"] == body["variant"]
        assert ng["scores"] == [0] * len(final["game"]["sides"]) and ng["result"] is None
        assert [x["number"] for x in again["table"]["games"]] == [1, 2]
        ws.close()
        while w["game"]["result"] is None:
            w = recv_state(spy, watched)
    s = final
    g = s["game"]
    assert g["variant"] == body["variant"] and len(g["hand_sizes"]) == players
    assert g["phase"] == "over" and g["result"]["game_id"] == gid
    overs = [m for m in watched if m["type"] == "game_over"]
    assert len(overs) == 1 and overs[0]["places"] == g["result"]["places"]
    hand_overs = [m for m in watched if m["type"] == "hand_over"]
    assert len(hand_overs) == g["hand_no"] and hand_overs[-1]["scores"] == g["scores"]
    for m in watched:
        if m["type"] == "state" and m["game"] is not None:
            spec = m["game"]
            assert spec["hand"] == [] and spec["legal"] == [] and spec["own"] == {}
            assert spec["weis_options"] == []
    assert w["game"]["panel"] == g["panel"] and w["game"]["sides"] == g["sides"]
    bot_moves = [m for m in watched if m["type"] == "state"
                 and (m["event"] or {}).get("by") == "bot"]
    assert bot_moves and all(m["event"]["seat"] != 0 for m in bot_moves)
    # The record replays to the result; the replay holds every hand with all cards open.
    text = client.get(f"/api/games/{gid}/record").text
    assert f"variant {body['variant']}" in text
    rec = read_record(io.StringIO(text))
    game = rec.to_game()
    assert game.is_over and list(game.scores) == g["result"]["scores"]
    assert rec.seats[0].name == "Anna" and len(rec.seats) == players
    rp = client.get(f"/api/games/{gid}/replay").json()
    check_message(rp)
    for m in [*seen, *watched]:
        check_message(m)
    assert rp["variant"] == body["variant"] and rp["result"] == g["result"]
    assert len(rp["hands"]) == len(rec.deals) and len(rp["seats"]) == players
    for h, acts in zip(rp["hands"], rec.actions, strict=True):
        assert len(h["deal"]) == players
        assert sum(len(d) for d in h["deal"]) == 36
        assert [a["action"]["id"] for a in h["actions"]] == acts
        plays = [a for a in h["actions"] if a["action"]["type"] == "play"]
        assert len(plays) == 36
        assert sum(tr["points"] for tr in h["tricks"]) >= 157
        if body["variant"] == "differenzler":  # every forecast is public once the hand is over
            assert None not in h["panel"]["forecasts"] and h["dealer"] is not None
        else:  # the row chosen, on the sheet as it was before the hand
            assert h["panel"]["row"] == h["score"]["row"] and len(h["panel"]["rows"]) == 2
    assert rp["hands"][-1]["scores_after"] == g["result"]["scores"]
    games = client.get("/api/games").json()
    check_message(games)
    listed = games["games"]
    assert [(x["id"], x["variant"], x["scores"]) for x in listed] == [
        (gid, body["variant"], g["result"]["scores"])]  # the rematch is not finished
    check_message(client.get(f"/api/tables/{code}").json())
    check_message(client.get("/api/tables").json())


@pytest.mark.parametrize("name", list(TABLES))
def test_a_restart_resumes_a_variant_table_exactly(db: Any, name: str) -> None:
    from .util import server

    body, players = TABLES[name]
    rng = random.Random(f"restart:{name}")
    with server(db) as c1:
        code, tokens = four_humans(c1, players=players, **body)
        with FourPlayers(c1, code, tokens) as t:
            t.play(rng, actions=50)  # into the second hand
            assert t.game["result"] is None
        before = [snapshot(c1, code, tok) for tok in [*tokens, None]]
    with server(db, seed=99) as c2:
        assert [snapshot(c2, code, tok) for tok in [*tokens, None]] == before
        with FourPlayers(c2, code, tokens) as t:
            t.play(rng)
            result = t.game["result"]
        text = c2.get(f"/api/games/{result['game_id']}/record").text
    game = read_record(io.StringIO(text)).to_game()
    assert game.is_over and list(game.scores) == result["scores"]


def test_bad_messages_of_each_variant_get_their_error_and_change_nothing(client: Any) -> None:
    cases: dict[str, list[tuple[dict[str, Any], str]]] = {
        "differenzler": [
            ({"type": "push"}, "bad_message"),
            ({"type": "choose", "contract": "H"}, "bad_message"),
            ({"type": "row", "row": 1, "contract": "C"}, "bad_message"),
            ({"type": "forecast", "value": 158}, "bad_message"),
            ({"type": "action", "id": 212}, "bad_message"),
            ({"type": "action", "token": "row:1:C"}, "bad_message"),
            ({"type": "action", "name": "push"}, "bad_message"),
            ({"type": "forecast", "value": 3, "id": 36}, "bad_message"),
            ({"type": "weis", "option": 1}, "illegal"),
            ({"type": "stoeck", "announce": True}, "illegal"),
            ({"type": "action", "id": 0}, "illegal"),
        ],
        "coiffeur": [
            ({"type": "forecast", "value": 3}, "bad_message"),
            ({"type": "choose", "contract": "H"}, "bad_message"),
            ({"type": "row", "row": 17, "contract": "H"}, "bad_message"),
            ({"type": "action", "id": 40}, "bad_message"),
            ({"type": "row", "row": 9, "contract": "H"}, "illegal"),
            ({"type": "row", "row": 1, "contract": "H"}, "illegal"),  # row 1 is Eicheln's
            ({"type": "action", "token": "row:2:C"}, "illegal"),
        ],
        "schieber": [
            ({"type": "forecast", "value": 3}, "bad_message"),
            ({"type": "row", "row": 1, "contract": "C"}, "bad_message"),
            ({"type": "action", "name": "forecast:3"}, "bad_message"),
        ],
    }
    for key, refusals in cases.items():
        code, tokens = four_humans(client, variant=key)
        with FourPlayers(client, code, tokens) as t:
            seat = t.game["to_move"]
            before = snapshot(client, code, tokens[seat])
            ws = t.ws[seat]
            card = t.states[seat]["game"]["hand"][0]
            for message, error in [*refusals, ({"type": "play", "card": card}, "illegal")]:
                ws.send_json({"v": 2, **message, "ref": key})
                assert expect_error(ws, error)["ref"] == key, (key, message)
            other = (seat + 1) % 4
            t.ws[other].send_json({"v": 2, **t.states[seat]["game"]["legal"][0]})
            expect_error(t.ws[other], "not_your_turn")
            t.ws[t.spectator].send_json({"v": 2, "type": "action", "id": 45})
            expect_error(t.ws[t.spectator], "not_seated")
            assert snapshot(client, code, tokens[seat]) == before


@pytest.mark.parametrize(("preset", "public"), [("standard", False), ("open", True)])
def test_a_hidden_forecast_reaches_no_one_else(client: Any, preset: str, public: bool) -> None:
    code, tokens = four_humans(client, variant="differenzler", rules=preset)
    with FourPlayers(client, code, tokens) as t:
        seat = t.game["to_move"]
        t.act(seat, {"type": "forecast", "value": 42})
        own = t.states[seat]
        assert own["event"]["action"]["value"] == 42
        assert own["game"]["own"] == {"forecast": 42}
        for k in range(t.n + 1):
            if k == seat:
                continue
            m = t.states[k]
            ev, g = m["event"], m["game"]
            assert ev["seat"] == seat and ev["by"] == "player"
            assert g["panel"]["forecast_done"][seat] is True
            if public:
                assert ev["action"]["value"] == 42 and g["panel"]["forecasts"][seat] == 42
            else:
                assert ev["action"] == {"type": "forecast"}
                assert g["panel"]["forecasts"] == [None] * 4
                assert "42" not in str(ev) and m["seq"] == own["seq"]
            assert g["own"] == ({"forecast": None} if k < t.n else {})
        # Once the hand is over everyone sees every forecast.
        t.play(random.Random(1), actions=3 + 36)
        over = [m for m in t.seen[t.spectator] if m["type"] == "hand_over"]
        assert over and over[0]["score"]["forecasts"][seat] == 42
        assert t.states[t.spectator]["game"]["last_hand"]["score"]["forecasts"][seat] == 42


@pytest.mark.parametrize(("body", "players"), [
    ({"variant": "differenzler", "rules": "three", "options": {"hands": 2}}, 3),
    TABLES["coiffeur"],
])
def test_every_computer_player_and_the_stand_in_play_a_variant(
    db: Any, body: dict[str, Any], players: int, caplog: pytest.LogCaptureFixture
) -> None:
    from .util import server

    bots = [{"kind": "bot", "bot": b, "strength": 1} for b in ("search", "rules", "random")]
    with server(db, bot_delay=0, min_timer=0.05) as c:
        # The person never acts: the turn timer hands every turn of theirs to the stand-in.
        t = create(c, seats=[{"kind": "human"}, *bots[:players - 1]], turn_timer=0.05, **body)
        by: dict[int, set[str]] = {}
        with c.websocket_connect(f"/ws/{t['code']}") as ws:
            s = hello(ws, t["token"])
            while s["game"]["result"] is None:
                s = recv_state(ws)
                ev = s["event"] or {}
                if ev.get("type") == "action":
                    by.setdefault(ev["seat"], set()).add(ev["by"])
    assert by[0] == {"auto"}
    assert all(by[seat] == {"bot"} for seat in range(1, players))
    assert len(s["game"]["result"]["scores"]) == len(s["game"]["sides"])
    assert not [r for r in caplog.records if "failed to decide" in r.getMessage()]


class Failing:
    """A computer player that cannot decide."""

    name = "failing"

    def act(self, obs: Any) -> int:
        raise RuntimeError("no idea")


def test_a_computer_player_that_fails_does_not_stop_the_table(
    db: Any, caplog: pytest.LogCaptureFixture
) -> None:
    from .util import server

    with server(db, bot_delay=0, min_timer=0.05) as c:
        code, _tokens = four_humans(c, variant="differenzler", turn_timer=0.05)
        table = c.app.state.lobby.tables[code]
        for s in table.seats:
            s.player = Failing()  # every stand-in fails
        steps = []
        with c.websocket_connect(f"/ws/{code}") as ws:
            state = hello(ws, None)
            while len(steps) < 6:
                state = recv_state(ws)
                ev = state["event"] or {}
                if ev.get("type") == "action":
                    steps.append(ev)
    assert all(ev["by"] == "auto" for ev in steps)
    # Each failed decision was the first legal one: a forecast of 0.
    assert [ev["action"] for ev in steps[:4]] == [{"type": "forecast"}] * 4
    assert all(ev["action"]["type"] == "play" for ev in steps[4:])
    failures = [r for r in caplog.records if "failed to decide" in r.getMessage()]
    assert len(failures) >= 6 and all(r.exc_info for r in failures)
    game: Any = table.game
    assert game.rounds[0].forecasts == (0, 0, 0, 0)
