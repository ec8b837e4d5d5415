"""The coach's analysis of a finished hand for the replay viewer (``/api/games/{id}/analysis``):
only for finished games the request may read, in a worker process, kept once worked out."""

from __future__ import annotations

import random
from typing import Any

import pytest

from puur.server import coaching
from puur.server.coaching import Coach, analyse_hand

from .util import ONE_HUMAN, create, play_to_end
from .wirecheck import check_message


def finished(client: Any) -> int:
    client.app.state.coach.budget = 0.02
    t = create(client, seats=ONE_HUMAN, options={"target": 300}, name="Anna")
    play_to_end(client, t, random.Random(4))
    return int(t["table"]["game_id"])


def test_a_finished_hand_is_analysed_for_every_seat(client: Any) -> None:
    gid = finished(client)
    r = client.get(f"/api/games/{gid}/analysis?hand=1")
    assert r.status_code == 200, r.text
    data = r.json()
    check_message(data)
    assert data["type"] == "analysis" and data["game_id"] == gid and data["hand"] == 1
    assert {d["seat"] for d in data["decisions"]} == {0, 1, 2, 3}
    replay = client.get(f"/api/games/{gid}/replay").json()
    assert [d["action"] for d in data["decisions"]] == [
        a["action"]["token"] for a in replay["hands"][0]["actions"]]
    for d in data["decisions"]:
        assert d["forced"] or d["search"]
        assert d["exact_loss"] is None or d["exact_loss"] >= 0
    assert [t["seat"] for t in data["totals"]] == [0, 1, 2, 3]
    # The same hand again is the answer kept, not a second analysis.
    coach: Coach = client.app.state.coach
    before = dict(coach._kept)
    assert client.get(f"/api/games/{gid}/analysis?hand=1").json() == data
    assert coach._kept.keys() == before.keys()


@pytest.mark.parametrize(("query", "code", "status"), [
    ("", "bad_message", 400), ("?hand=x", "bad_message", 400), ("?hand=-1", "bad_message", 400),
    ("?hand=0", "bad_message", 400), ("?hand=99", "bad_message", 400),
    ("?hand=123456789", "bad_message", 400),
])
def test_a_bad_hand_is_refused(client: Any, query: str, code: str, status: int) -> None:
    gid = finished(client)
    r = client.get(f"/api/games/{gid}/analysis{query}")
    assert r.status_code == status and r.json()["code"] == code


def test_only_finished_games_that_exist(client: Any) -> None:
    t = create(client, seats=ONE_HUMAN, options={"target": 300})
    gid = t["table"]["game_id"]
    r = client.get(f"/api/games/{gid}/analysis?hand=1")
    assert r.status_code == 409 and r.json()["code"] == "not_finished"
    assert client.get("/api/games/999/analysis?hand=1").json()["code"] == "no_game"


def test_a_busy_coach_refuses_rather_than_queues(client: Any,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    gid = finished(client)
    monkeypatch.setattr(coaching, "MAX_WAITING", 0)
    r = client.get(f"/api/games/{gid}/analysis?hand=1")
    assert r.status_code == 503 and r.json()["code"] == "busy"


def test_the_worker_function_reads_the_record_itself() -> None:
    from puur.game import Game
    from puur.record import format_record

    g = Game(seed=2)
    rng = random.Random(2)
    while g.hand_no == 1:
        g.push(rng.choice(g.legal_actions()))
    data = analyse_hand(format_record(g), 1, budget=0.02)
    assert data["hand"] == 1 and len(data["totals"]) == 4
