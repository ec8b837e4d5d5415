"""The switch between the compiled core and the reference path."""

from __future__ import annotations

import pytest

from puur import compiled
from puur.bots.dds import Solver
from puur.bots.playout import Playout
from puur.bots.search import LEVELS, SearchBot
from puur.rules import RuleSet


@pytest.fixture(autouse=True)
def _restore() -> object:
    yield
    compiled.set_enabled(None)


def built(**kw: object) -> tuple[bool, bool]:
    return (Solver(RuleSet(), 0, 0, **kw).compiled,  # type: ignore[arg-type]
            Playout(RuleSet(), 0, 0, **kw).compiled)  # type: ignore[arg-type]


def test_environment_variable_forces_the_reference_path(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PUUR_COMPILED", "0")
    assert not compiled.enabled()
    assert built() == (False, False)
    monkeypatch.setenv("PUUR_COMPILED", "1")
    assert compiled.enabled() == compiled.available()
    assert built() == (compiled.available(),) * 2


def test_set_enabled_overrides_and_none_goes_back(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("PUUR_COMPILED", raising=False)
    compiled.set_enabled(False)
    assert built() == (False, False)
    compiled.set_enabled(True)
    assert built() == (compiled.available(),) * 2
    monkeypatch.setenv("PUUR_COMPILED", "0")
    compiled.set_enabled(None)
    assert built() == (False, False)
    with pytest.raises(ValueError, match="True, False or None"):
        compiled.set_enabled(1)  # type: ignore[arg-type]


def test_an_explicit_choice_wins_over_the_default(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PUUR_COMPILED", "0")
    assert built(compiled=False) == (False, False)
    if compiled.available():
        assert built(compiled=True) == (True, True)
    with pytest.raises(ValueError, match="compiled must be"):
        built(compiled="yes")


def test_asking_for_the_compiled_path_without_numba_is_a_clear_error(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(compiled, "_available", False)
    assert not compiled.enabled()
    assert built() == (False, False)
    with pytest.raises(compiled.CompiledUnavailableError, match=r"puur\[fast\]"):
        Solver(RuleSet(), 0, 0, compiled=True)
    with pytest.raises(compiled.CompiledUnavailableError):
        Playout(RuleSet(), 0, 0, compiled=True)


def test_the_search_solves_from_six_tricks_with_the_compiled_solver() -> None:
    compiled.set_enabled(False)
    assert [SearchBot(level).dds_tricks for level in LEVELS] == [3, 4, 4, 5]
    assert SearchBot("fast", dds_tricks=2).dds_tricks == 2
    compiled.set_enabled(True)
    want = [4, 6, 6, 6] if compiled.available() else [3, 4, 4, 5]
    assert [SearchBot(level).dds_tricks for level in LEVELS] == want
