"""The player service over HTTP: whole hands against the kit's referee, and refused requests."""

from __future__ import annotations

import json
import random
import warnings
from collections.abc import Callable, Iterator
from typing import Any

import pytest

pytest.importorskip("starlette")
with warnings.catch_warnings():
    # Starlette announces a future switch of its test client's HTTP library at import.
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from tests.playerservice.kit import KitTable

from puur.bots import make_bot
from puur.playerservice.app import MAX_BODY, create_app

PATHS = {"trump": "action_trump", "card": "action_play_card"}


def client(**specs: str) -> TestClient:
    bots = {name: make_bot(spec.partition(":")[0], seed=7, **_options(spec))
            for name, spec in specs.items()}
    return TestClient(create_app(bots))


def _options(spec: str) -> dict[str, Any]:
    _, _, rest = spec.partition(":")
    return {k: float(v) for k, v in (p.split("=") for p in rest.split(",") if p)}


@pytest.fixture
def svc() -> Iterator[TestClient]:
    with client(rules="rules", random="random") as c:
        yield c


def asker(c: TestClient, seats: dict[int, str], prefix: str = "/jass/players") -> Callable[
        [str, dict[str, Any]], Any]:
    def ask(kind: str, obs: dict[str, Any]) -> Any:
        r = c.post(f"{prefix}/{seats[obs['currentPlayer']]}/{PATHS[kind]}", json=obs)
        assert r.status_code == 200, r.text
        return r.json()["trump" if kind == "trump" else "card"]
    return ask


@pytest.mark.parametrize("dealer", range(4))
def test_whole_hands_every_answer_legal(svc: TestClient, dealer: int) -> None:
    # KitTable.declare and .play assert that each answer is among the legal ones.
    for k in range(3):
        table = KitTable(random.Random(100 * dealer + k), dealer)
        table.play_hand(asker(svc, {0: "rules", 1: "random", 2: "rules", 3: "random"}))
        assert table.done
        assert sum(t["points"] for t in table.tricks) == 157


def test_search_bot_and_the_root_paths() -> None:
    with client(search="search:budget=0.02") as c:
        table = KitTable(random.Random(5), 2)
        table.play_hand(asker(c, dict.fromkeys(range(4), "search"), prefix=""))
        assert table.done


def test_pushes_reach_the_partner() -> None:
    seen: list[int] = []
    with client(random="random") as c:
        for seed in range(30):
            table = KitTable(random.Random(seed), seed % 4)
            obs = table.observation()
            answer = c.post("/jass/players/random/action_trump", json=obs).json()["trump"]
            seen.append(answer)
            table.declare(answer)
            if answer == 10:
                assert table.player == (obs["currentPlayer"] + 2) % 4
                again = c.post("/jass/players/random/action_trump", json=table.observation())
                assert again.status_code == 200 and again.json()["trump"] in range(6)
    assert 10 in seen and set(seen) - {10}


def test_check_player_and_game_info(svc: TestClient) -> None:
    assert svc.get("/jass/players/rules").json() == "Player rules here"
    assert svc.get("/jass/players/nobody").status_code == 404
    obs = KitTable(random.Random(1), 0).observation()
    r = svc.post("/jass/players/rules/game_info", json=obs)
    assert r.status_code == 200 and r.json() == ""


def _midhand(seed: int = 3, cards: int = 6) -> KitTable:
    table = KitTable(random.Random(seed), 1)
    table.declare(0)
    for _ in range(cards):
        table.play(table.legal_cards()[0])
    return table


def _bad(obs: dict[str, Any], **changes: Any) -> dict[str, Any]:
    out = json.loads(json.dumps(obs))
    out.update(changes)
    return out


def _cases() -> list[tuple[str, str, Any, int, str]]:
    """(name, path, body, status, words in the error)"""
    t = _midhand()
    obs = t.observation()
    me = obs["currentPlayer"]
    other_hand = [{"hand": list(t.hands[k])} if k in (me, (me + 1) % 4) else {"hand": []}
                  for k in range(4)]
    dup = _bad(obs)
    dup["player"][me]["hand"][0] = dup["tricks"][0]["cards"][0]
    wrong_win = _bad(obs)
    wrong_win["tricks"][0]["win"] = (wrong_win["tricks"][0]["win"] + 1) % 4
    wrong_points = _bad(obs)
    wrong_points["tricks"][0]["points"] += 1
    int_cards = _bad(obs)
    int_cards["tricks"][0]["cards"][0] = 3
    unknown = _bad(obs)
    unknown["player"][me]["hand"][0] = "X1"
    short = _bad(obs)
    short["player"][me]["hand"].pop()
    card = "/jass/players/rules/action_play_card"
    trump = "/jass/players/rules/action_trump"
    return [
        ("unknown player", "/jass/players/nobody/action_play_card", obs, 404, "player not found"),
        ("not json", card, "{", 400, "not JSON"),
        ("array", card, [1, 2], 400, "JSON object"),
        ("no version", card, _bad(obs, version="V0.1"), 400, "version"),
        ("hearts", card, _bad(obs, jassTyp="HEARTS"), 400, "Schieber"),
        ("dealer text", card, _bad(obs, dealer="1"), 400, "'dealer'"),
        ("dealer bool", card, _bad(obs, dealer=True), 400, "'dealer'"),
        ("trump 7", card, _bad(obs, trump=7), 400, "'trump'"),
        ("no trump but cards", card, _bad(obs, trump=-1, forehand=-1), 400, "no trump"),
        ("forehand 1 without trump", trump, _bad(obs, trump=-1), 400, "do not fit"),
        ("card as number", card, int_cards, 400, "not a card"),
        ("unknown card", card, unknown, 400, "not a card"),
        ("other seat's hand", card, _bad(obs, player=other_hand), 400, "shows the hand"),
        ("card twice", card, dup, 400, "twice"),
        ("hand too short", card, short, 400, "not 9"),
        ("wrong winner", card, wrong_win, 400, "'win'"),
        ("wrong points", card, wrong_points, 400, "'points'"),
        ("not my turn", card, _bad(obs, currentPlayer=(me + 1) % 4), 409, "not the turn"),
        ("view not to move", card, _bad(t.observation((me + 1) % 4),
                                        currentPlayer=(me + 1) % 4), 409, "not the turn"),
        ("trump asked in play", trump, obs, 409, "asks for a card"),
    ]


@pytest.mark.parametrize("case", _cases(), ids=[c[0] for c in _cases()])
def test_bad_requests_are_refused_and_change_nothing(case: tuple[str, str, Any, int, str]
                                                     ) -> None:
    _name, path, body, status, words = case
    good = _midhand().observation()
    with client(rules="random") as fresh, client(rules="random") as used:
        if isinstance(body, str):
            r = used.post(path, content=body, headers={"content-type": "application/json"})
        else:
            r = used.post(path, json=body)
        assert r.status_code == status, r.text
        assert words in r.json()["error"]
        # The random bot drew nothing: it answers as a bot that never saw the request.
        for _ in range(5):
            a = used.post("/jass/players/rules/action_play_card", json=good)
            b = fresh.post("/jass/players/rules/action_play_card", json=good)
            assert a.status_code == 200 and a.json() == b.json()


def test_illegal_history_of_the_seat_itself(svc: TestClient) -> None:
    # The viewing seat once did not follow suit although it held the suit led.
    for seed in range(200):
        t = KitTable(random.Random(seed), 0)
        t.declare(4)  # Obenabe: no trump to ruff with
        lead = t.legal_cards()[0]
        t.play(lead)
        seat = t.player
        follow = [c for c in t.hands[seat] if c[0] == lead[0]]
        off = [c for c in t.hands[seat] if c[0] != lead[0]]
        if follow and off:
            break
    else:
        pytest.fail("no deal with a seat that could follow and discard")
    # Continue the kit's record as if the seat had discarded, keeping the rest consistent.
    t.hands[seat].remove(off[0])
    t.tricks[-1]["cards"].append(off[0])
    for _ in range(2):
        t.player = (t.player - 1) % 4
        t.tricks[-1]["cards"].append(t.hands[t.player].pop())
    obs = t.observation(seat)
    obs["currentPlayer"] = seat
    r = svc.post("/jass/players/rules/action_play_card", json=obs)
    assert r.status_code == 400 and "may not play" in r.json()["error"]


def test_impossible_history_of_other_seats(svc: TestClient) -> None:
    # East discards a heart on a diamond lead, then plays a diamond: no deal gives that.
    west_hand = ["SA", "SK", "SQ", "SJ", "S10", "S9", "S8"]
    record = {
        "version": "V0.2", "trump": 4, "dealer": 0, "currentPlayer": 3, "playerView": 3,
        "forehand": 1, "jassTyp": "SCHIEBER",
        "tricks": [{"cards": ["DA", "D6", "HA", "D7"], "first": 3},
                   {"cards": ["DK", "D8", "DQ", "D9"], "first": 3},
                   {"cards": [], "first": 3}],
        "player": [{"hand": []}, {"hand": []}, {"hand": []}, {"hand": west_hand}],
    }
    r = svc.post("/jass/players/rules/action_play_card", json=record)
    assert r.status_code == 400 and "no deal" in r.json()["error"], r.text
    # The same record with East following suit in the first trick is answered.
    record["tricks"][0]["cards"] = ["DA", "D6", "D10", "D7"]
    record["tricks"][1]["cards"] = ["DK", "D8", "HA", "D9"]
    r = svc.post("/jass/players/rules/action_play_card", json=record)
    assert r.status_code == 200 and r.json()["card"] in west_hand


def test_huge_and_non_json_bodies(svc: TestClient) -> None:
    path = "/jass/players/rules/action_play_card"
    big = b'{"version": "V0.2", "pad": "' + b"x" * (MAX_BODY + 10) + b'"}'
    r = svc.post(path, content=big, headers={"content-type": "application/json"})
    assert r.status_code == 413 and "bytes" in r.json()["error"]

    def chunks() -> Iterator[bytes]:  # no Content-Length: the body is counted as it comes
        for _ in range(MAX_BODY // 1000 + 2):
            yield b" " * 1000
    r = svc.post(path, content=chunks(), headers={"content-type": "application/json"})
    assert r.status_code == 413
    r = svc.post(path, content=b"{}", headers={"content-type": "text/plain"})
    assert r.status_code == 415 and "json" in r.json()["error"]
    deep = b"[" * 100 + b"]" * 100
    r = svc.post(path, content=deep, headers={"content-type": "application/json"})
    assert r.status_code == 400
    assert svc.get(path).status_code == 405
    assert svc.post("/jass/nothing/here/at/all", json={}).status_code == 404


def test_refusals_are_logged_and_a_failing_player_answers_500(
        caplog: pytest.LogCaptureFixture) -> None:
    class Failing:
        name = "failing"

        def act(self, obs: Any) -> int:
            raise RuntimeError("boom")

    obs = KitTable(random.Random(4), 0).observation()
    with TestClient(create_app({"f": Failing()}), raise_server_exceptions=False) as c:
        with caplog.at_level("WARNING", logger="puur.playerservice"):
            r = c.post("/jass/players/f/action_play_card", json=obs)
        assert r.status_code == 409
        assert any("refused" in m and "409" in m for m in caplog.messages)
        r = c.post("/jass/players/f/action_trump", json=obs)
        assert r.status_code == 500 and "failed" in r.json()["error"]
