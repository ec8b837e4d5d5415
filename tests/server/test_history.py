"""Finished games: the record download and the replay with all hands open."""

from __future__ import annotations

import io
import random
from typing import Any

from puur.record import read_record

from .util import ONE_HUMAN, create, play_to_end


def test_record_and_replay_only_for_finished_games(client: Any) -> None:
    t = create(client, seats=ONE_HUMAN, options={"target": 500}, name="Anna")
    gid = t["table"]["game_id"]
    for what in ("record", "replay"):
        r = client.get(f"/api/games/{gid}/{what}")
        assert r.status_code == 409 and r.json()["code"] == "not_finished"
        assert client.get(f"/api/games/999/{what}").json()["code"] == "no_game"
        assert client.get(f"/api/games/abc/{what}").status_code == 404
    assert client.get("/api/games").json()["games"] == []
    final = play_to_end(client, t, random.Random(2))
    result = final["game"]["result"]

    r = client.get(f"/api/games/{gid}/record")
    assert r.status_code == 200 and r.headers["content-type"].startswith("text/plain")
    assert f"puur-game-{gid}.txt" in r.headers["content-disposition"]
    rec = read_record(io.StringIO(r.text))
    assert rec.seats[0].name == "Anna" and rec.seats[1].kind == "bot:random"
    assert list(rec.to_game().scores) == result["scores"]

    rp = client.get(f"/api/games/{gid}/replay").json()
    assert rp["type"] == "replay" and rp["result"] == result
    assert len(rp["hands"]) == len(rec.deals)
    total = [0, 0]
    for h in rp["hands"]:
        deal = [set(cards) for cards in h["deal"]]
        assert sorted(c for d in deal for c in d) == sorted({c for d in deal for c in d})
        assert sum(len(d) for d in deal) == 36
        for trick in h["tricks"]:
            for play in trick["cards"]:
                assert play["card"] in deal[play["seat"]]  # each card from its owner's hand
                deal[play["seat"]].discard(play["card"])
        if len(h["tricks"]) == 9:
            assert all(not d for d in deal)
            assert sum(tr["points"] for tr in h["tricks"]) == 157
        plays = [a for a in h["actions"] if a["action"]["type"] == "play"]
        assert len(plays) == 4 * len(h["tricks"]) + len(plays) % 4
        total = [total[i] + h["score"]["total"][i] for i in (0, 1)]
        assert h["scores_after"] == total
    listed = client.get("/api/games").json()["games"]
    assert [g["id"] for g in listed] == [gid] and listed[0]["finished"] is True
