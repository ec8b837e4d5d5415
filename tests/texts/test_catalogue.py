"""The one catalogue of interface texts (``src/puur/texts/``) that the terminal game and the web
app share: every key in every language, the same placeholders and plural forms everywhere, the
Swiss terms kept, labels starting with a capital; every key a client uses exists, every key is
used, each sits in the file of the clients that show it; a text for every server error."""

from __future__ import annotations

import json
import re
import string
from collections.abc import Iterator
from pathlib import Path

import pytest

from puur.i18n import (
    AREAS,
    KEPT_TERMS,
    LANGUAGES,
    CatalogueError,
    Text,
    area_of,
    entries,
    placeholders,
    plural_category,
    read_catalogue,
)

from .scan import SRC, js_uses, python_uses

ALL = entries()
KEYS = set(ALL)
DOCS = Path(__file__).resolve().parents[2] / "docs"

# Texts with a number {n} that is not a count of things: a position (hand 3, trick 5), a
# target, a Weis's points, the rest of the Jasstafel, a sequence's length (at least 3, never
# one), the number of a choice typed in.
NUMBERED = {"target", "replay.hand", "replay.step", "weis.points", "hand_no", "summary.hand",
            "ev.hand_over", "ev.trick", "rest", "seq", "why.number"}
# Words that are the same in every language when they stand alone as a text.
SAME_EVERYWHERE = {*KEPT_TERMS, "Jasstafel", "Kontermatch", "Kreuzweis", "Striche", "Misère",
                   "Slalom"}


def forms(text: Text) -> list[str]:
    """A text's forms: itself, or each of its plural forms."""
    return list(text.values()) if isinstance(text, dict) else [text]


def all_forms(key: str) -> Iterator[tuple[str, str]]:
    for lang, text in ALL[key].items():
        for form in forms(text):
            yield lang, form


@pytest.fixture(scope="module")
def uses() -> tuple[set[str], set[str], set[str], set[str]]:
    """Keys the terminal game and the web app write out, and those they reach (with
    families)."""
    py, js = python_uses(), js_uses()
    return py.named(KEYS), js.named(KEYS), py.reached(KEYS), js.reached(KEYS)


def test_every_key_has_every_language() -> None:
    for key, entry in ALL.items():
        assert list(entry) == list(LANGUAGES), key


def test_the_same_placeholders_in_every_language_and_form() -> None:
    for key in ALL:
        names = set()
        for lang, form in all_forms(key):
            parsed = list(string.Formatter().parse(form))  # a stray brace fails here
            for _lit, name, spec, conv in parsed:
                if name is not None:
                    assert re.fullmatch(r"[a-z]\w*", name) and not spec and not conv, (key, lang)
            names.add(frozenset(placeholders(form)))
        assert len(names) == 1, (key, names)


def test_a_text_that_counts_has_the_plural_forms_of_each_language() -> None:
    # The categories each language's rule gives whole numbers (English: one, other).
    wanted = {lang: {plural_category(n, lang) for n in range(1000)} for lang in LANGUAGES}
    for key, entry in ALL.items():
        counted = [isinstance(text, dict) for text in entry.values()]
        if any(counted):
            assert all(counted), f"{key}: plural forms in some languages only"
            for lang, text in entry.items():
                assert isinstance(text, dict) and set(text) == wanted[lang], (key, lang)
            assert "n" in placeholders(next(iter(forms(entry["en"])))), key
        elif "n" in placeholders(str(entry["en"])):
            assert key in NUMBERED, f"{key} counts something: give it plural forms"
    assert {"cards.count", "points.count", "tricks.count", "lobby.free"} <= {
        k for k, e in ALL.items() if isinstance(e["en"], dict)}


def test_swiss_terms_are_kept_in_every_language() -> None:
    for key in ALL:
        english = " ".join(forms(ALL[key]["en"]))
        for term in KEPT_TERMS:
            if term in english:
                for lang, form in all_forms(key):
                    assert term in form, (key, lang, term)
        if english in SAME_EVERYWHERE:
            assert {form for _lang, form in all_forms(key)} == {english}, key


def test_a_label_starts_with_a_capital_in_every_language() -> None:
    # A text whose English starts with a capital is a label or a sentence: so in every
    # language (a lower-case one is part of a sentence, "chosen by {who}", and may differ).
    for key in ALL:
        english = forms(ALL[key]["en"])[0].lstrip()
        if not english[:1].isupper():
            continue
        for lang, form in all_forms(key):
            first = form.lstrip()[:1]
            assert not first.islower(), (key, lang, form)


def test_every_key_a_client_uses_exists() -> None:
    for uses, web in ((python_uses(), False), (js_uses(), True)):
        assert not uses.bad, f"key arguments that name no family (write f'head.{{x}}'): {uses.bad}"
        page = set(entries("shared", "web")) if web else KEYS
        missing = {k: w for k, w in uses.keys.items() if k not in page}
        assert not missing, f"unknown text keys (or not in the web's files): {missing}"
        for family, where in uses.families.items():
            assert any(re.fullmatch(family, k) for k in page), (family, where)


def test_the_scan_finds_what_the_clients_use(uses: tuple[set[str], ...]) -> None:
    # Keys written in each way the scan reads: a call, a ?: branch, an f-string family, a
    # table of keys, data-i18n in the page.
    named_py, named_js, reached_py, reached_js = uses
    assert {"trick_by", "choose.pushed_back", "push_back", "help.hint", "stoeck.yes",
            "summary.match"} <= named_py
    assert {"seat.2", "reason.last", "setup.sa.with-weis"} <= reached_py - named_py
    assert {"lang", "deck", "team.them", "gameover.won_us", "trick_by_you", "error"} <= named_js
    assert {"preset.bare.schieber", "rank.swiss.8", "error.seat_taken"} <= reached_js - named_js


def test_every_key_is_used(uses: tuple[set[str], ...]) -> None:
    _np, _nj, reached_py, reached_js = uses
    assert KEYS - reached_py - reached_js == set()


def test_each_text_is_in_the_file_of_the_clients_that_show_it(
        uses: tuple[set[str], ...]) -> None:
    """Shared texts are used by both clients, the others by theirs alone (a family such as
    ``f"opt.{name}"`` may stand for a key of either file, so it decides nothing against one)."""
    named_py, named_js, reached_py, reached_js = uses
    for key in ALL:
        area = area_of(key)
        if area == "shared":
            assert key in reached_py and key in reached_js, (key, "used by one client only")
        elif area == "terminal":
            assert key in reached_py and key not in named_js, (key, "the web app uses it")
        else:
            assert key in reached_js and key not in named_py, (key, "the terminal uses it")


def _documented_error_codes() -> set[str]:
    text = (DOCS / "protocol.md").read_text(encoding="utf-8")
    section = text.split("## Errors", 1)[1].split("\n## ", 1)[0]
    return set(re.findall(r"^\| `([a-z_]+)` \|", section, flags=re.M))


def _server_error_codes() -> set[str]:
    from puur.server.protocol import HTTP_STATUS

    codes = set(HTTP_STATUS)
    call = re.compile(r'(?:ProtocolError|error_json|super\(\)\.__init__)\(\s*"([a-z_]+)"')
    for path in (SRC / "server").glob("*.py"):
        codes |= set(call.findall(path.read_text(encoding="utf-8")))
    return codes


def test_every_server_error_has_a_text() -> None:
    documented = _documented_error_codes()
    assert len(documented) > 20
    texts = {k.removeprefix("error.") for k in ALL if k.startswith("error.")}
    assert texts == documented
    assert _server_error_codes() <= documented
    for code in documented:
        assert area_of(f"error.{code}") == "web"


# ---------------------------------------------------------------------------------------------
# Reading the files


def _write(root: Path, files: dict[str, object]) -> Path:
    base: dict[str, object] = {"languages.json": {"en": "English", "de": "Deutsch"},
                               **{f"{a}.json": {} for a in AREAS}}
    for name, data in {**base, **files}.items():
        text = data if isinstance(data, str) else json.dumps(data, ensure_ascii=False)
        (root / name).write_text(text, encoding="utf-8")
    return root


def test_a_good_catalogue_is_read_with_its_plural_forms(tmp_path: Path) -> None:
    root = _write(tmp_path, {"web.json": {
        "a.b": {"note": "for translators", "en": "Hi", "de": "Hallo"},
        "n.count": {"en": {"one": "{n} card", "other": "{n} cards"}, "de": {"other": "{n}"}}}})
    languages, areas = read_catalogue(root)
    assert languages == {"en": "English", "de": "Deutsch"}
    assert areas["web"] == {"a.b": {"en": "Hi", "de": "Hallo"},
                            "n.count": {"en": {"one": "{n} card", "other": "{n} cards"},
                                        "de": {"other": "{n}"}}}
    assert areas["shared"] == areas["terminal"] == {}


@pytest.mark.parametrize("files, fault", [
    ({"shared.json": '{"a": {"en": "x"}, "a": {"en": "y"}}'}, "'a' is given twice"),
    ({"shared.json": {"a": {"en": "x"}}, "web.json": {"a": {"en": "y"}}}, "also in"),
    ({"shared.json": {"a": {"en": "x", "xx": "y"}}}, "unknown language 'xx'"),
    ({"shared.json": {"a": {"de": "x"}}}, "at least 'en'"),
    ({"shared.json": {"a": {"en": " "}}}, "non-empty string"),
    ({"shared.json": {"a": {"en": {"one": "x"}}}}, "'other' required"),
    ({"shared.json": {"a": {"en": {"other": "x", "several": "y"}}}}, "plural forms"),
    ({"shared.json": {"a.one": {"en": "x"}}}, "not ending in a plural category"),
    ({"shared.json": {"A b": {"en": "x"}}}, "lower-case words"),
    ({"shared.json": {"a": {"en": "x", "note": 3}}}, "a note is a string"),
    ({"shared.json": "[1, 2]"}, "not a JSON object"),
    ({"web.json": "{"}, "texts/web.json"),
    ({"languages.json": {"de": "Deutsch"}}, "languages.json"),
])
def test_a_faulty_file_is_a_clear_error(tmp_path: Path, files: dict[str, object],
                                        fault: str) -> None:
    with pytest.raises(CatalogueError, match=re.escape(fault)):
        read_catalogue(_write(tmp_path, files))


def test_a_missing_file_is_a_clear_error(tmp_path: Path) -> None:
    _write(tmp_path, {})
    (tmp_path / "terminal.json").unlink()
    with pytest.raises(CatalogueError, match=re.escape("texts/terminal.json")):
        read_catalogue(tmp_path)


def test_the_catalogue_ships_with_the_package() -> None:
    import tomllib

    pyproject = tomllib.loads((DOCS.parent / "pyproject.toml").read_text(encoding="utf-8"))
    patterns = pyproject["tool"]["setuptools"]["package-data"]["puur"]
    files = sorted((SRC / "texts").glob("*.json"))
    assert [f.name for f in files] == ["languages.json", *(f"{a}.json" for a in sorted(AREAS))]
    for f in files:
        inside = f.relative_to(SRC).as_posix()
        assert any(Path(inside).match(p) for p in patterns), inside
