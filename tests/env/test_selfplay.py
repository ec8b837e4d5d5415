"""Self-play: the arrays' shapes, and the records replay to the same actions and observations."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from puur.cli import main
from puur.env import EnvError, selfplay
from puur.record import iter_records


@pytest.mark.parametrize(("variant", "rules", "players"), [
    ("schieber", "bare", ["rules", "random", "rules", "random"]),
    ("differenzler", "three", ["random"]),
    ("molotow", "five", ["rules"]),
])
def test_arrays_match_the_records(tmp_path: Path, variant: str, rules: str,
                                  players: list[str]) -> None:
    res = selfplay(variant, rules, players, games=2, seed="s1", out=tmp_path)
    data = np.load(res.arrays)
    meta = json.loads(res.meta.read_text(encoding="utf-8"))
    t, n = res.decisions, meta["seats"]
    assert data["obs"].shape == (t, meta["obs_size"]) and data["obs"].dtype == np.float32
    assert data["mask"].shape == (t, meta["num_actions"]) and data["mask"].dtype == np.int8
    for key in ("action", "seat", "game", "hand", "returns"):
        assert data[key].shape == (t,)
    assert data["rewards"].shape == (t, n)
    assert (data["mask"][np.arange(t), data["action"]] == 1).all()
    with res.records.open(encoding="utf-8") as f:
        records = list(iter_records(f))
    assert len(records) == 2
    for g, rec in enumerate(records):
        rows = np.flatnonzero(data["game"] == g)
        flat = [a for hand in rec.actions for a in hand]
        assert flat == data["action"][rows].tolist()
        game = rec.to_game(hand=1, upto=0)
        for r in rows:
            seat = int(data["seat"][r])
            assert game.to_move == seat
            assert data["obs"][r].tolist() == pytest.approx(game.observation(seat).to_tensor())
            game.push(int(data["action"][r]))
        assert game.is_over
        # the return of a row is what its seat is paid from that row on
        last = {int(s): float(data["returns"][r]) for r, s in zip(rows, data["seat"][rows],
                                                               strict=True)}
        for seat, value in last.items():
            after = rows[rows >= max(r for r in rows if data["seat"][r] == seat)]
            assert value == pytest.approx(float(data["rewards"][after, seat].sum()))


def test_same_arguments_same_files(tmp_path: Path) -> None:
    a = selfplay("coiffeur", None, ["random"], 1, 3, tmp_path / "a", episode="hand")
    b = selfplay("coiffeur", None, ["random"], 1, 3, tmp_path / "b", episode="hand")
    assert a.records.read_text(encoding="utf-8") == b.records.read_text(encoding="utf-8")
    da, db = np.load(a.arrays), np.load(b.arrays)
    assert all(np.array_equal(da[k], db[k]) for k in da.files)


def test_the_command_writes_the_files(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "run"
    code = main(["selfplay", "--variant", "differenzler", "--rules", "short", "--players",
                 "rules", "--games", "2", "--seed", "7", "--out", str(out)])
    assert code == 0
    assert "2 games" in capsys.readouterr().out
    assert {p.name for p in out.iterdir()} == {"games.puur", "selfplay.npz", "meta.json"}
    assert json.loads((out / "meta.json").read_text(encoding="utf-8"))["games"] == 2


@pytest.mark.parametrize(("args", "word"), [
    (["--variant", "nojass"], "unknown variant"),
    (["--rules", "nopreset"], "preset"),
    (["--players", "rules", "random"], "player"),
    (["--players", "nobot"], "unknown bot"),
    (["--games", "0"], "games"),
    (["--seed", " x"], "seed"),
])
def test_bad_arguments_exit_2_and_write_nothing(tmp_path: Path, args: list[str], word: str,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "none"
    assert main(["selfplay", "--out", str(out), *args]) == 2
    assert word in capsys.readouterr().err
    assert not out.exists()


def test_bad_python_arguments() -> None:
    with pytest.raises(EnvError, match="games"):
        selfplay(games=True)  # type: ignore[arg-type]
