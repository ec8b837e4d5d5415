"""The modules of the variants: each variant's names are importable from its main module, and the
examples in the module texts hold."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import puur.variants

PARTS = {
    "differenzler": ("differenzler_rules", "differenzler_hand", "differenzler_view"),
    "coiffeur": ("coiffeur_rules", "coiffeur_hand", "coiffeur_view"),
}


@pytest.mark.parametrize("main", list(PARTS))
def test_every_name_of_a_variant_is_importable_from_its_main_module(main: str) -> None:
    module = importlib.import_module(f"puur.variants.{main}")
    for name in module.__all__:
        assert hasattr(module, name), name
    for part in PARTS[main][:2]:  # the options and the hand; the view is a module of its own
        sub = importlib.import_module(f"puur.variants.{part}")
        for name in sub.__all__:
            assert getattr(module, name) is getattr(sub, name), f"{part}.{name}"
            assert name in module.__all__, f"{part}.{name}"


@pytest.mark.parametrize(
    "name", sorted(m.name for m in pkgutil.iter_modules(puur.variants.__path__))
)
def test_the_examples_in_the_module_texts_hold(name: str) -> None:
    module = importlib.import_module(f"puur.variants.{name}")
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS, verbose=False)
    assert result.failed == 0
