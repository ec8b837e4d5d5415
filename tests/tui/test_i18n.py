"""The translations: complete, consistent placeholders, Swiss terms kept."""

from __future__ import annotations

import pytest

from puur.i18n import KEPT_TERMS, LANGUAGES, I18nError, catalog, placeholders, t, tn


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


def test_counts_take_the_singular_where_the_language_wants_it() -> None:
    assert tn("cards_left", 1, "en") == "1 card" and tn("cards_left", 2, "en") == "2 cards"
    assert tn("cards_left", 0, "en") == "0 cards"
    assert tn("cards_left", 1, "de") == "1 Karte" and tn("cards_left", 0, "de") == "0 Karten"
    assert tn("cards_left", 0, "fr") == "0 carte" and tn("cards_left", 2, "fr") == "2 cartes"
    assert tn("points_n", 1, "it") == "1 punto" and tn("points_n", 20, "it") == "20 punti"


def test_every_singular_form_has_its_plural() -> None:
    english = catalog("en")
    for key in english:
        if key.endswith(".one"):
            base = key.removesuffix(".one")
            assert base in english, key
            assert placeholders(english[key]) == placeholders(english[base]), key


def test_event_lines_count_in_the_right_number() -> None:
    from puur.tui.render import event_text
    from puur.tui.session import Event

    trick = Event("trick", 1, points=0, trick_no=2)
    assert event_text(trick, "swiss", "fr") == "Est prend le pli 2 (0 point)"
    assert event_text(trick, "swiss", "en") == "East takes trick 2 (0 points)"
    over = Event("game_over", team=1, reason="trick", points=1)
    assert event_text(over, "swiss", "de").startswith("Sie gewinnen mit 1 Punkt —")
