"""The registry of variants: every game of the family, found by key or alias.

>>> from puur.variants import get, variants
>>> get("differenz").key, [v.key for v in variants()][:3]
('differenzler', ['schieber', 'differenzler', 'coiffeur'])
"""

from __future__ import annotations

from typing import Final

from puur.variants.base import Variant, VariantError

__all__ = ["get", "register", "variants"]

_BY_KEY: Final[dict[str, Variant]] = {}
_BY_NAME: Final[dict[str, Variant]] = {}


def _norm(name: str) -> str:
    return name.strip().lower().replace("_", "-").replace(" ", "-")


def register(variant: Variant) -> Variant:
    """Add a variant; its key and aliases must be new."""
    names = [variant.key, variant.name, *variant.aliases]
    for n in names:
        other = _BY_NAME.get(_norm(n))
        if other is not None and other is not variant:
            raise VariantError(f"the name {n!r} is taken by {other.key}")
    _BY_KEY[variant.key] = variant
    for n in names:
        _BY_NAME[_norm(n)] = variant
    return variant


def get(name: str) -> Variant:
    """The variant of a key, name or alias (case-insensitive); ``VariantError`` naming the
    known keys when there is none."""
    if not isinstance(name, str):
        raise VariantError(f"a variant name is text, not {name!r}")
    v = _BY_NAME.get(_norm(name))
    if v is None:
        raise VariantError(f"unknown variant {name!r}; known: {', '.join(_BY_KEY)}")
    return v


def variants() -> list[Variant]:
    """Every registered variant, in the order of registration."""
    return list(_BY_KEY.values())
