"""The golden playthroughs (``tests/golden``) match the engine; ``scripts/golden.py --check``
notices any difference and prints a unified diff."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "golden.py"


def load_script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("puur_golden_script", SCRIPT)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


GOLDEN = load_script()


@pytest.mark.parametrize("path", list(GOLDEN.generators()), ids=lambda p: p.stem)
def test_golden_files_match_a_fresh_generation(path: Path) -> None:
    make = GOLDEN.generators()[path]
    diff = GOLDEN.differences({path: make()}, stale=False)
    assert not diff, f"{GOLDEN.REGENERATE}\n{diff}"


def test_every_golden_file_is_generated() -> None:
    stale = set(GOLDEN.GOLDEN_DIR.glob("*.txt")) - set(GOLDEN.generators())
    assert not stale, f"{GOLDEN.REGENERATE}: {sorted(p.name for p in stale)} are not produced"


def test_check_reports_a_changed_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    golden = load_script()
    monkeypatch.setattr(golden, "GOLDEN_DIR", tmp_path)
    monkeypatch.setattr(golden, "RULE_SETS", {"family": golden.RULE_SETS["family"]})
    monkeypatch.setattr(golden, "GAMES_PER_FILE", 1)
    monkeypatch.setattr(golden, "variants", lambda: [])  # the check, not every variant again
    assert golden.main([]) == 0
    assert golden.main(["--check"]) == 0
    path = tmp_path / "family.txt"
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    changed = next(i for i, ln in enumerate(lines) if ln.startswith("s"))
    lines[changed] = lines[changed].replace("|", "| 1", 1)
    path.write_text("".join(lines), encoding="utf-8")
    capsys.readouterr()
    assert golden.main(["--check"]) == 1
    out = capsys.readouterr().out
    assert "--- family.txt (committed)" in out and "+++ family.txt (engine now)" in out
    assert "-" + lines[changed] in out
    (tmp_path / "stale.txt").write_text("x\n", encoding="utf-8")
    path.unlink()
    assert golden.main(["--check"]) == 1
    assert "stale.txt: not produced" in capsys.readouterr().out


def test_trace_is_deterministic_and_complete() -> None:
    golden = load_script()
    rules = golden.RULE_SETS["bare"]
    first = list(golden.trace_game(rules, "x"))
    assert first == list(golden.trace_game(rules, "x"))
    assert first[0] == "== game seed x" and first[-1].startswith("== result winner ")
    assert any(line.startswith("hand 1: ") for line in first)
