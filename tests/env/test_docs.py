"""The examples of docs/research.md and of the modules' docstrings run as written."""

from __future__ import annotations

import doctest
import importlib
import re
import subprocess
import sys
from pathlib import Path

import pytest

DOC = Path(__file__).parents[2] / "docs" / "research.md"
BLOCKS = re.findall(r"```python\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)


def test_the_page_has_its_examples() -> None:
    assert len(BLOCKS) >= 5


@pytest.mark.parametrize("code", BLOCKS, ids=[f"block{i}" for i in range(len(BLOCKS))])
def test_research_examples_run(code: str, tmp_path: Path) -> None:
    """Each example runs by itself in a fresh interpreter, as a reader would run it (in this
    process another test's imports could do what the example forgets)."""
    if "pyspiel" in code:
        pytest.importorskip("pyspiel", reason="open_spiel is not installed")
    done = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, capture_output=True,
                          text=True, timeout=300, check=False)
    assert done.returncode == 0, done.stderr[-3000:]


@pytest.mark.parametrize("name", ["aec", "single", "vector", "policy"])
def test_docstring_examples(name: str) -> None:
    module = importlib.import_module(f"puur.env.{name}")
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS, verbose=False)
    assert result.attempted > 0 and result.failed == 0
