"""``puur player-service``: its arguments, and a real server answering the kit's request."""

from __future__ import annotations

import json
import random
import select
import subprocess
import sys
import urllib.request

import pytest
from tests.playerservice.kit import KitTable

from puur.cli import main
from puur.playerservice.cli import parse_players

pytest.importorskip("uvicorn")


def test_player_names_and_specs() -> None:
    players = parse_players(["rules", "strong=search:budget=0.05", "random:seed=3"], [], "s",
                            None)
    assert list(players) == ["rules", "strong", "random"]
    assert [b.name for b in players.values()] == ["rules", "search", "random"]


@pytest.mark.parametrize(("args", "words"), [
    (["nobody"], "unknown bot"),
    (["a b=rules"], "player name"),
    (["x=rules", "x=random"], "given twice"),
    (["rules", "--budget", "0"], "positive"),
    (["--player", "nomodule"], "NAME=MODULE:CALLABLE"),
])
def test_bad_arguments(args: list[str], words: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["player-service", *args]) == 2
    assert words in capsys.readouterr().err


def test_the_command_serves_over_http() -> None:
    with subprocess.Popen(
        [sys.executable, "-m", "puur.cli", "player-service", "rules", "--port", "0",
         "--seed", "1"], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
    ) as proc:
        _ask(proc)


def _ask(proc: subprocess.Popen[str]) -> None:
    try:
        assert proc.stdout is not None
        ready, _, _ = select.select([proc.stdout], [], [], 30)
        assert ready, "the service printed no banner within 30 s"
        banner = proc.stdout.readline().strip()
        assert banner.startswith("serves http://127.0.0.1:"), banner
        url = banner.split()[-1]
        obs = KitTable(random.Random(2), 3).observation()
        req = urllib.request.Request(url + "/action_trump", data=json.dumps(obs).encode(),
                                     headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(req, timeout=20) as r:
            assert r.status == 200 and json.loads(r.read())["trump"] in (*range(6), 10)
    finally:
        proc.terminate()
        proc.wait(timeout=20)
