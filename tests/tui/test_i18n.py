"""The translations: complete, consistent placeholders, Swiss terms kept."""

from __future__ import annotations

import pytest

from puur.i18n import KEPT_TERMS, LANGUAGES, I18nError, catalog, placeholders, t


def test_every_language_has_every_key_with_the_same_placeholders() -> None:
    english = catalog("en")
    for lang in LANGUAGES:
        cat = catalog(lang)
        assert cat.keys() == english.keys()
        for key, text in cat.items():
            assert text.strip(), (lang, key)
            assert placeholders(text) == placeholders(english[key]), (lang, key)


def test_swiss_terms_are_kept_in_every_language() -> None:
    english = catalog("en")
    for key, text in english.items():
        for term in KEPT_TERMS:
            if term in text:
                for lang in LANGUAGES:
                    assert term in catalog(lang)[key], (lang, key, term)


def test_languages_really_differ() -> None:
    assert t("your_hand", "de") != t("your_hand", "en") != t("your_hand", "fr")
    assert t("your_hand", "it") not in (t("your_hand", "fr"), t("your_hand", "en"))


def test_formatting_fills_placeholders() -> None:
    assert t("trick_won_by", "fr", seat="Est") == "Est prend le pli"
    assert "Obenabe" in t("contract.obe", "it")


def test_unknown_key_or_language_is_a_clear_error() -> None:
    with pytest.raises(I18nError, match="unknown text key"):
        t("no.such.key", "en")
    with pytest.raises(I18nError, match="unknown language 'xx'"):
        t("you", "xx")
    with pytest.raises(I18nError):
        catalog("rm")
