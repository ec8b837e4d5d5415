"""The interface texts of the terminal game and the web app: English, German, French, Italian.

Every text of both clients lives in one catalogue, the JSON files of ``puur/texts/``
(``docs/translating.md``): ``languages.json`` names the languages, and each text sits under its
key in the file of its area — ``shared.json`` for the texts both clients show, ``terminal.json``
and ``web.json`` for those only one of them shows. An entry holds the text in each language::

    "trick_by": {"en": "{who} takes the trick", "de": "{who} nimmt den Stich", ...}

and a text that counts something holds its forms by plural category (``one``, ``other``), each
language's rule choosing: French counts 0 and 1 as ``one``, the others only 1::

    "cards.count": {"en": {"one": "{n} card", "other": "{n} cards"}, ...}

An entry may carry a ``note`` for translators. The web server inlines the shared and web texts
into the page it serves (:mod:`puur.server.app`), so both clients read the same files.

The Swiss Jass terms Puur, Nell, Weis, Stöck, Match, Obenabe, Undenufe and Schieben are kept as
they are in every language, as Swiss players say them whatever language they speak at the table.
The Swiss German suit names (Schellen, Rosen, Schilten, Eicheln) are proper names of the cards
and are kept too; the French-suited deck and the Salzburg pack (Kreuzjass) use each language's
own suit and rank names.

Texts are looked up by key; ``{name}`` placeholders are filled from keyword arguments. A key that
a language lacks falls back to English; an unknown key or language raises :class:`I18nError`.
For the lookup a counted text is also a plain text: ``KEY`` is its ``other`` form and
``KEY.one`` its singular; :func:`tn` picks the form a count needs.

>>> t("trick_by", "de", who="Nord")
'Nord nimmt den Stich'
>>> catalog("fr")["push"]
'Schieben'

Standard library only, so any client (terminal game, web app) can use it.
"""

from __future__ import annotations

import json
import re
import string
from importlib import resources
from importlib.resources.abc import Traversable
from typing import Any, Final, Union

__all__ = ["AREAS", "KEPT_TERMS", "LANGUAGES", "PLURAL_CATEGORIES", "CatalogueError",
           "Entry", "I18nError", "Text", "area_of", "catalog", "entries", "is_singular",
           "placeholders", "plural_category", "read_catalogue", "t", "tn"]

#: A text in one language: plain, or its forms by plural category.
Text = Union[str, dict[str, str]]  # noqa: UP007 (a value)
#: A catalogue entry: its text by language code.
Entry = dict[str, Text]

#: The catalogue's files, one per area: texts of both clients, of the terminal, of the web.
AREAS: Final = ("shared", "terminal", "web")

#: The plural categories (Unicode CLDR names) a counted text may have.
PLURAL_CATEGORIES: Final = ("zero", "one", "two", "few", "many", "other")

#: Swiss Jass terms used untranslated in every language.
KEPT_TERMS: Final = ("Puur", "Nell", "Weis", "Stöck", "Match", "Obenabe", "Undenufe", "Schieben")

_KEY: Final = re.compile(r"[a-z][a-z0-9_-]*(\.[a-z0-9_-]+)*")
_LANG: Final = re.compile(r"[a-z]{2,3}")


class I18nError(KeyError):
    """An unknown text key or language."""

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else "unknown text"


class CatalogueError(ValueError):
    """A catalogue file that cannot be read as texts (its name and the fault in the message)."""


def _unique(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise CatalogueError(f"{key!r} is given twice")
        out[key] = value
    return out


def _read(root: Traversable, name: str) -> dict[str, Any]:
    path = root.joinpath(name)
    try:
        data = json.loads(path.read_text(encoding="utf-8"), object_pairs_hook=_unique)
    except (OSError, ValueError) as e:
        raise CatalogueError(f"texts/{name}: {e}") from None
    if not isinstance(data, dict):
        raise CatalogueError(f"texts/{name}: not a JSON object")
    return data


def _text(where: str, value: object) -> Text:
    if isinstance(value, str) and value.strip():
        return value
    if isinstance(value, dict) and "other" in value and all(
            c in PLURAL_CATEGORIES and isinstance(v, str) and v.strip()
            for c, v in value.items()):
        return dict(value)
    raise CatalogueError(f"{where}: a text must be a non-empty string or its plural forms "
                         f"({', '.join(PLURAL_CATEGORIES)}; 'other' required)")


def read_catalogue(root: Traversable) -> tuple[dict[str, str], dict[str, dict[str, Entry]]]:
    """The languages and the entries by area of the catalogue in the folder ``root`` (what
    this module reads from ``puur/texts``); :class:`CatalogueError` names a file's fault."""
    languages = _read(root, "languages.json")
    if "en" not in languages or not all(
            _LANG.fullmatch(k) and isinstance(v, str) and v for k, v in languages.items()):
        raise CatalogueError("texts/languages.json: language codes (with 'en') and their names")
    areas: dict[str, dict[str, Entry]] = {}
    seen: dict[str, str] = {}
    for area in AREAS:
        entries: dict[str, Entry] = {}
        for key, raw in _read(root, f"{area}.json").items():
            where = f"texts/{area}.json: {key!r}"
            if not _KEY.fullmatch(key) or key.rsplit(".", 1)[-1] in PLURAL_CATEGORIES[:-1]:
                raise CatalogueError(f"{where}: a key is lower-case words joined by dots, not "
                                     "ending in a plural category but 'other'")
            if key in seen:
                raise CatalogueError(f"{where}: also in texts/{seen[key]}.json")
            if not isinstance(raw, dict) or "en" not in raw:
                raise CatalogueError(f"{where}: an entry is an object with at least 'en'")
            unknown = set(raw) - set(languages) - {"note"}
            if unknown:
                raise CatalogueError(f"{where}: unknown language {sorted(unknown)[0]!r}")
            if not isinstance(raw.get("note", ""), str):
                raise CatalogueError(f"{where}: a note is a string")
            entries[key] = {lang: _text(f"{where} [{lang}]", raw[lang])
                            for lang in languages if lang in raw}
            seen[key] = area
        areas[area] = entries
    return dict(languages), areas


_CATALOGUE: Final = read_catalogue(resources.files("puur").joinpath("texts"))
#: Language codes and their own names, in the order the clients offer them.
LANGUAGES: Final[dict[str, str]] = _CATALOGUE[0]
_AREAS: Final[dict[str, dict[str, Entry]]] = _CATALOGUE[1]
_ENTRIES: Final = {k: e for area in _AREAS.values() for k, e in area.items()}


def _flat(lang: str) -> dict[str, str]:
    out: dict[str, str] = {}
    for key, entry in _ENTRIES.items():
        text = entry.get(lang, entry["en"])
        if isinstance(text, dict):
            out[key] = text["other"]
            out.update({f"{key}.{c}": form for c, form in text.items() if c != "other"})
        else:
            out[key] = text
    return out


_FLAT: Final = {lang: _flat(lang) for lang in LANGUAGES}


def _check_lang(lang: str) -> dict[str, str]:
    try:
        return _FLAT[lang]
    except KeyError:
        raise I18nError(
            f"unknown language {lang!r}; known: {', '.join(LANGUAGES)}"
        ) from None


def plural_category(n: int, lang: str) -> str:
    """The plural category a count of ``n`` takes in ``lang``: ``one`` or ``other`` (French
    counts 0 and 1 as ``one``, English, German and Italian only 1), as ``Intl.PluralRules``
    says for whole numbers in the browser."""
    _check_lang(lang)
    return "one" if (n in (0, 1) if lang == "fr" else n == 1) else "other"


def is_singular(n: int, lang: str) -> bool:
    """True when a count of ``n`` takes the singular in ``lang`` (French: 0 and 1)."""
    return plural_category(n, lang) == "one"


def tn(key: str, n: int, lang: str = "en", /, **fmt: object) -> str:
    """The text ``key`` for a count ``n`` (filled in as ``{n}``), in the form its plural
    category wants.

    >>> tn("cards.count", 1, "en"), tn("cards.count", 0, "fr"), tn("cards.count", 0, "de")
    ('1 card', '0 carte', '0 Karten')
    """
    form = f"{key}.{plural_category(n, lang)}"
    return t(form if form in _FLAT[lang] else key, lang, n=n, **fmt)


def t(key: str, lang: str = "en", /, **fmt: object) -> str:
    """The text ``key`` in ``lang`` with its ``{placeholders}`` filled from ``fmt``.

    >>> t("hand_no", "it", n=3)
    'Mano 3'
    """
    texts = _check_lang(lang)
    try:
        text = texts[key]
    except KeyError:
        raise I18nError(f"unknown text key {key!r}") from None
    return text.format(**fmt) if fmt else text


def catalog(lang: str) -> dict[str, str]:
    """Every text of ``lang`` by key (unformatted), a counted text's singular under
    ``KEY.one``."""
    return dict(_check_lang(lang))


def entries(*areas: str) -> dict[str, Entry]:
    """The catalogue's entries of ``areas`` (all when none is named) as in its files, without
    the translators' notes: what the web server sends its pages (``"shared", "web"``)."""
    for area in areas:
        if area not in _AREAS:
            raise I18nError(f"unknown area {area!r}; known: {', '.join(AREAS)}")
    return {key: {lang: (dict(text) if isinstance(text, dict) else text)
                  for lang, text in entry.items()}
            for area in (areas or AREAS) for key, entry in _AREAS[area].items()}


def area_of(key: str) -> str:
    """The area (file) a key's entry is in: ``shared``, ``terminal`` or ``web``."""
    for area, texts in _AREAS.items():
        if key in texts:
            return area
    raise I18nError(f"unknown text key {key!r}")


def placeholders(text: str) -> set[str]:
    """The names of the ``{placeholders}`` in ``text``.

    >>> sorted(placeholders("{seat} plays {card}"))
    ['card', 'seat']
    """
    return {name for _lit, name, _spec, _conv in string.Formatter().parse(text) if name}
