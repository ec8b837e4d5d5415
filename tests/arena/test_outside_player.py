"""Outside players in the arena: ``--player NAME=MODULE:CALLABLE``."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from puur.arena.common import load_player
from puur.bots import BOTS
from puur.cli import main

MODULE = '''
class First:
    name = "first"

    def __init__(self, seed=0):
        self.seed = seed

    def act(self, obs):
        return obs.legal_actions[0]


def make(seed=0):
    return First(seed)


def broken(seed=0):
    return 42


NOT_CALLABLE = 3
'''


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
           request: pytest.FixtureRequest) -> Iterator[str]:
    """A module in a fresh current folder; the bots it registers are removed afterwards."""
    name = f"outside_{request.node.name.split('[')[0]}_{abs(hash(request.node.nodeid))}"
    (tmp_path / f"{name}.py").write_text(MODULE, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "path", list(sys.path))
    before = dict(BOTS)
    yield name
    for key in set(BOTS) - set(before):
        del BOTS[key]
    sys.modules.pop(name, None)


def test_a_loaded_player_plays_in_the_arena(folder: str,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["arena", "mine", "random", "--player", f"mine={folder}:make", "--deals", "3",
                 "--workers", "1", "--quiet", "--seed", "1", "--variant", "differenzler"])
    assert code == 0
    assert "mine" in capsys.readouterr().out


def test_the_name_defaults_to_the_callable(folder: str) -> None:
    assert load_player(f"{folder}:make") == "make"
    assert BOTS["make"](seed=3).seed == 3


@pytest.mark.parametrize(("text", "word"), [
    ("mine", "NAME=MODULE:CALLABLE"),
    ("mine=:make", "NAME=MODULE:CALLABLE"),
    ("rules={m}:make", "must be new"),
    ("a b={m}:make", "must be new"),
    ("mine=no_such_module_here:make", "cannot import"),
    ("mine={m}:missing", "has no"),
    ("mine={m}:NOT_CALLABLE", "not callable"),
    ("mine={m}:broken", "must return a bot"),
])
def test_bad_players_are_refused_and_register_nothing(folder: str, text: str, word: str,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    before = set(BOTS)
    with pytest.raises(ValueError, match=word):
        load_player(text.format(m=folder))
    assert set(BOTS) == before
    assert main(["arena", "rules", "random", "--player", text.format(m=folder),
                 "--deals", "1", "--quiet"]) == 2
    assert word in capsys.readouterr().err
