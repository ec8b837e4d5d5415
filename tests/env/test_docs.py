"""The examples of docs/research.md and of the modules' docstrings run as written."""

from __future__ import annotations

import doctest
import importlib
import re
from pathlib import Path

import pytest

DOC = Path(__file__).parents[2] / "docs" / "research.md"
BLOCKS = re.findall(r"```python\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)


def test_the_page_has_its_examples() -> None:
    assert len(BLOCKS) >= 5


@pytest.mark.parametrize("code", BLOCKS, ids=[f"block{i}" for i in range(len(BLOCKS))])
def test_research_examples_run(code: str) -> None:
    if "pyspiel" in code:
        pytest.importorskip("pyspiel", reason="open_spiel is not installed")
    exec(compile(code, str(DOC), "exec"), {"__name__": "research_example"})


@pytest.mark.parametrize("name", ["aec", "single", "vector", "policy"])
def test_docstring_examples(name: str) -> None:
    module = importlib.import_module(f"puur.env.{name}")
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS, verbose=False)
    assert result.attempted > 0 and result.failed == 0
