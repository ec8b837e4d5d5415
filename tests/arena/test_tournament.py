"""Tournaments: a round robin with Bradley-Terry ratings and bootstrap intervals."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from puur.arena import run_arena
from puur.arena.tournament import rating_intervals, run_tournament
from puur.cli import main

BOTS = ["rules", "random", "rules"]


def test_ratings_come_with_intervals_around_them() -> None:
    t = run_tournament(BOTS, deals=4, seed="t1", resamples=30)
    assert [b for b, _r in t.ratings] == [b for b, _e in t.result.ratings()]
    for _b, r in t.ratings:
        assert r.low <= r.value <= r.high
    last_bot, last = t.ratings[-1]
    assert last_bot == "random"
    assert all(r.low > last.high for _b, r in t.ratings[:-1])
    data = t.to_dict()
    assert [r["bot"] for r in data["ratings"]] == [b for b, _r in t.ratings]
    assert data["arena"]["bots"] == ["rules", "random", "rules#2"]
    assert "bootstrap" in t.report() and "rules#2" in t.report()


def test_the_same_seed_gives_the_same_tournament() -> None:
    a = run_tournament(BOTS, deals=2, seed=5, resamples=10, variant="coiffeur").to_dict()
    b = run_tournament(BOTS, deals=2, seed=5, resamples=10, variant="coiffeur").to_dict()
    assert a["ratings"] == b["ratings"]  # the decision times differ, nothing else
    assert a["arena"]["matches"] == b["arena"]["matches"]


def test_resampling_moves_the_ratings() -> None:
    res = run_arena(BOTS, deals=6, seed=2)
    wide = rating_intervals(res, resamples=40, seed="x")
    assert any(r.high - r.low > 0 for r in wide.values())
    assert rating_intervals(res, resamples=40, seed="x") == wide


@pytest.mark.parametrize(("kwargs", "word"), [
    ({"bots": ["rules", "random"]}, "three bots"),
    ({"resamples": 1}, "resamples"),
    ({"resamples": True}, "resamples"),
])
def test_bad_requests(kwargs: dict[str, object], word: str) -> None:
    args: dict[str, object] = {"bots": BOTS, "deals": 1, **kwargs}
    with pytest.raises(ValueError, match=word):
        run_tournament(**args)  # type: ignore[arg-type]


def test_the_command_writes_ratings_with_intervals(tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "t.json"
    code = main(["arena", *BOTS, "--tournament", "--resamples", "10", "--deals", "2",
                 "--seed", "1", "--workers", "1", "--quiet", "--json", str(out)])
    assert code == 0
    assert "tournament ratings" in capsys.readouterr().out
    data = json.loads(out.read_text(encoding="utf-8"))
    assert data["resamples"] == 10 and len(data["ratings"]) == 3
    assert all(r["ci95"][0] <= r["elo"] <= r["ci95"][1] for r in data["ratings"])
    assert main(["arena", "rules", "random", "--tournament", "--deals", "1", "--quiet"]) == 2
    assert "three bots" in capsys.readouterr().err


def test_the_modules_example_holds() -> None:
    import doctest

    import puur.arena.tournament as module

    result = doctest.testmod(module, verbose=False)
    assert result.attempted > 0 and result.failed == 0
