"""The ``>>>`` examples in the core modules' docstrings stay true."""

from __future__ import annotations

import doctest
import importlib

import pytest

from .test_layering import core_modules


@pytest.mark.parametrize("name", core_modules())
def test_doctests(name: str) -> None:
    module = importlib.import_module(f"puur.{name}")
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS, verbose=False)
    assert result.failed == 0, f"{result.failed} doctest(s) failed in puur.{name}"


def test_core_has_doctests() -> None:
    """Guard against a vacuous pass: the core carries examples."""
    total = 0
    for name in core_modules():
        finder = doctest.DocTestFinder()
        module = importlib.import_module(f"puur.{name}")
        total += sum(len(t.examples) for t in finder.find(module))
    assert total >= 10
