"""The texts as the terminal game looks them up (`puur.i18n`): every key in every language,
placeholders filled, counts in the right number, clear errors; the catalogue itself is checked
in `tests/texts`."""

from __future__ import annotations

import pytest

from puur.i18n import (
    LANGUAGES,
    I18nError,
    catalog,
    entries,
    is_singular,
    placeholders,
    plural_category,
    t,
    tn,
)


def test_every_language_has_every_key_with_the_same_placeholders() -> None:
    # The catalogue's own checks are in tests/texts; this is what the terminal looks up.
    english = catalog("en")
    for lang in LANGUAGES:
        cat = catalog(lang)
        assert cat.keys() == english.keys()
        for key, text in cat.items():
            assert text.strip(), (lang, key)
            assert placeholders(text) == placeholders(english[key]), (lang, key)


def test_languages_really_differ() -> None:
    assert t("aria.hand", "de") != t("aria.hand", "en") != t("aria.hand", "fr")
    assert t("aria.hand", "it") not in (t("aria.hand", "fr"), t("aria.hand", "en"))


def test_formatting_fills_placeholders() -> None:
    assert t("trick_by", "fr", who="Est") == "Est prend la levée"
    assert "Obenabe" in t("contract.obe", "it")


def test_unknown_key_or_language_is_a_clear_error() -> None:
    with pytest.raises(I18nError, match="unknown text key"):
        t("no.such.key", "en")
    with pytest.raises(I18nError, match="unknown language 'xx'"):
        t("you", "xx")
    with pytest.raises(I18nError):
        catalog("rm")
    with pytest.raises(I18nError, match="unknown area 'lobby'"):
        entries("lobby")


def test_counts_take_the_singular_where_the_language_wants_it() -> None:
    assert tn("cards.count", 1, "en") == "1 card" and tn("cards.count", 2, "en") == "2 cards"
    assert tn("cards.count", 0, "en") == "0 cards"
    assert tn("cards.count", 1, "de") == "1 Karte" and tn("cards.count", 0, "de") == "0 Karten"
    assert tn("cards.count", 0, "fr") == "0 carte" and tn("cards.count", 2, "fr") == "2 cartes"
    assert tn("points.count", 1, "it") == "1 punto" and tn("points.count", 20, "it") == "20 punti"


def test_a_counted_text_is_also_a_plain_one_and_its_singular() -> None:
    # "KEY" is the plural ("other") form and "KEY.one" the singular, as before the catalogue
    # had plural forms of its own.
    assert catalog("de")["cards.count"] == "{n} Karten"
    assert catalog("de")["cards.count.one"] == "{n} Karte"
    assert t("points.count.one", "fr", n=0) == "0 point"
    assert plural_category(0, "fr") == "one" and plural_category(0, "it") == "other"
    assert is_singular(1, "en") and not is_singular(2, "de")


def test_event_lines_count_in_the_right_number() -> None:
    from puur.tui.render import event_text
    from puur.tui.session import Event

    trick = Event("trick", 1, points=0, trick_no=2)
    assert event_text(trick, "swiss", "fr") == "Est prend la levée 2 (0 point)"
    assert event_text(trick, "swiss", "en") == "East takes trick 2 (0 points)"
    over = Event("game_over", team=1, reason="trick", points=1)
    assert event_text(over, "swiss", "de").startswith("Gegner gewinnen mit 1 Punkt —")
