"""The labels of a variant's rule presets, named the way the web app names them.

A preset is labelled by its variant's own text (``preset.NAME.VARIANT``: Königsjass's ``long``
is a game to 1500, Hindersi's eight rounds), else by the text every variant shares for that
name (``preset.NAME``, only where it means the same everywhere: ``standard``), else by the text
of its first word with the rest as written (``standard-2500`` → "Standard 2500").
"""

from __future__ import annotations

from puur.i18n import catalog, t

__all__ = ["preset_label"]


def preset_label(variant: str, name: str, lang: str) -> str:
    """The label of the preset ``name`` of the variant with key ``variant`` in ``lang``."""
    texts = catalog(lang)
    for key in (f"preset.{name}.{variant}", f"preset.{name}"):
        if key in texts:
            return t(key, lang)
    head, *rest = name.split("-")
    word = texts.get(f"preset.{head}", head[:1].upper() + head[1:])
    return " ".join([word, *rest])
