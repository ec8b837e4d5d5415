"""``puur arena --ray``: the deals spread over Ray workers give the local run's result."""

from __future__ import annotations

import io
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from puur.arena import cluster, run_arena
from puur.arena.common import load_player
from puur.bots import BOTS
from puur.cli import main
from puur.rules import PRESETS

# Where the results may differ: where and how fast they were played.
MACHINE_KEYS = ("workers", "ray", "elapsed_s")


def comparable(report: dict[str, Any]) -> dict[str, Any]:
    out = {k: v for k, v in report.items() if k not in MACHINE_KEYS}
    out["timing"] = {b: t["decisions"] for b, t in report["timing"].items()}
    return out


def test_without_ray_the_option_says_what_to_install(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(cluster, "_installed", lambda: False)
    assert main(["arena", "rules", "random", "--ray", "local", "--deals", "1", "--quiet"]) == 2
    assert "pip install 'puur[cluster]'" in capsys.readouterr().err
    with pytest.raises(ValueError, match=r"puur\[cluster\]"):
        run_arena(["rules", "random"], deals=1, ray="local")


@pytest.mark.parametrize(("address", "words"), [
    ("127.0.0.1:1", "cannot reach the Ray head at 127.0.0.1:1"),
    ("nowhere", "HOST:PORT"),
    (" ", "HOST:PORT"),
])
def test_an_unusable_address_is_refused_at_once(
        address: str, words: str, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    # Ray itself retries an unreachable head for minutes; the arena asks once, briefly.
    monkeypatch.setattr(cluster, "_installed", lambda: True)
    assert main(["arena", "rules", "random", "--ray", address, "--deals", "1", "--quiet"]) == 2
    assert words in capsys.readouterr().err


@pytest.fixture(scope="module")
def ray_local() -> Iterator[None]:
    ray = pytest.importorskip("ray", reason="ray is not installed (the cluster extra)")
    ray.init(address="local", num_cpus=2, include_dashboard=False, log_to_driver=False,
             logging_level="ERROR")
    yield
    ray.shutdown()


@pytest.mark.parametrize(("variant", "rules", "bots", "deals", "games"), [
    ("schieber", PRESETS["bare"], ["rules", "random"], 6, 1),
    # The search stops at its samples, not the clock, so it repeats itself.
    ("differenzler", None, ["rules", "random", "search:samples=2,budget=30"], 2, 0),
])
def test_a_ray_run_gives_the_local_result(ray_local: None, variant: str, rules: Any,
                                          bots: list[str], deals: int, games: int) -> None:
    local = run_arena(bots, rules, deals=deals, games=games, seed="ray-1", workers=1,
                      variant=variant)
    bar = io.StringIO()
    remote = run_arena(bots, rules, deals=deals, games=games, seed="ray-1", workers=1,
                       variant=variant, ray="local", progress=bar)
    assert comparable(remote.to_dict()) == comparable(local.to_dict())
    assert remote.to_dict()["ray"] == "local" and "ray" not in local.to_dict()
    tasks = len(bots) * (len(bots) - 1) // 2 * (deals + games)
    assert f"{tasks}/{tasks}" in bar.getvalue()
    assert "ray: local" in remote.report()


def test_outside_players_and_errors_reach_the_workers(
        ray_local: None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "ray_outside_bot.py").write_text(
        "class First:\n    name = 'first'\n    def act(self, obs):\n"
        "        return obs.legal_actions[0]\n\n"
        "def make(seed=0):\n    return First()\n\n"
        "class Broken(First):\n    def act(self, obs):\n"
        "        raise ValueError('broken bot')\n\n"
        "def broken(seed=0):\n    return Broken()\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "path", list(sys.path))
    before = dict(BOTS)
    try:
        out = tmp_path / "r.json"
        code = main(["arena", "mine", "random", "--player", "mine=ray_outside_bot:make",
                     "--deals", "2", "--ray", "local", "--quiet", "--seed", "1",
                     "--json", str(out)])
        assert code == 0 and '"ray": "local"' in out.read_text(encoding="utf-8")
        # A bot that fails on a worker fails the run as it fails a local one.
        load_player("broken=ray_outside_bot:broken")
        with pytest.raises(ValueError, match="broken bot"):
            run_arena(["broken", "random"], deals=1, ray="local")
    finally:
        for key in set(BOTS) - set(before):
            del BOTS[key]
        sys.modules.pop("ray_outside_bot", None)
