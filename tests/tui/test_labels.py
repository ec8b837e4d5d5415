"""Each variant's preset labels and end-of-game words in the terminal, from the catalogue the
web app reads too: every preset of every registered variant has a label of its own in every
language, no two presets of a variant read alike, and a game of each variant played to its end
is told in that variant's words (no other variant's König or Bauern)."""

from __future__ import annotations

import random
from typing import Any

import pytest
from tests.tui.conftest import finished_games, foreign_roles
from textual.widgets import Select

from puur.i18n import LANGUAGES, entries
from puur.tui.app import PuurApp, SetupScreen
from puur.tui.events import TARGET_GAMES, Event, apply_action
from puur.tui.faces import face_for
from puur.tui.labels import preset_label
from puur.tui.settings import Settings
from puur.variants import Variant, get, variants

#: What brings a Schieber-like game to its end at once (rule book §2.10).
TARGET_REASONS = {"stoeck", "weis", "trick", "last", "match"}
ALL = entries()


def own_key(family: str, name: str, variant: str) -> str | None:
    """The catalogue key of ``family.NAME`` for ``variant``: its own, else the shared one."""
    for key in (f"{family}.{name}.{variant}", f"{family}.{name}"):
        if key in ALL:
            return key
    return None


@pytest.mark.parametrize("v", variants(), ids=lambda v: v.key)
def test_every_preset_has_a_label_of_its_own_in_every_language(v: Variant) -> None:
    for preset in v.presets:
        key = own_key("preset", preset, v.key)
        assert key is not None, f"{v.key}: preset {preset!r} has no label"
        assert set(ALL[key]) == set(LANGUAGES), (key, "not in every language")
        for lang in LANGUAGES:
            assert preset_label(v.key, preset, lang) == ALL[key][lang]
    for lang in LANGUAGES:
        labels = [preset_label(v.key, p, lang) for p in v.presets]
        assert len(set(labels)) == len(labels), (v.key, lang, labels)


def test_a_preset_label_of_one_variant_is_not_another_variants() -> None:
    # Königsjass's "long" is a game to 1500, Hindersi's eight rounds; Differenzler's "short"
    # eight hands, Sechser's a game to 500.
    en = {v.key: {p: preset_label(v.key, p, "en") for p in v.presets} for v in variants()}
    assert en["koenigsjass"]["long"] != en["hindersi"]["long"]
    assert "1500" in en["koenigsjass"]["long"] and "8" in en["hindersi"]["long"]
    assert en["differenzler"]["short"] != en["sechser"]["short"]
    assert en["differenzler"]["open"] != en["reservejass"]["open"]
    assert {en[k]["two"] for k in ("schellenjass", "handjass", "darts")} == {"Two players"}
    variant_keys = {v.key for v in variants()}
    for key in ALL:
        parts = key.split(".")
        if parts[0] == "preset" and len(parts) == 3:
            assert parts[2] in variant_keys, f"{key}: no such variant"


def test_every_variants_game_ends_in_its_own_words() -> None:
    for v, game in finished_games():
        reason = v.result_data(game)["reason"]
        if reason is not None:
            key = own_key("reason", reason, v.key)
            assert key is not None, (v.key, reason)
            assert set(ALL[key]) == set(LANGUAGES), key
            for lang in LANGUAGES:
                assert not foreign_roles(ALL[key][lang], v.key), (v.key, key, lang)
        face = face_for(v.key)
        for lang in LANGUAGES:
            text = face.final_text(game, lang)
            assert text.strip() and not foreign_roles(text, v.key), (v.key, lang, text)


def test_only_the_games_that_end_at_the_target_end_with_a_game_over() -> None:
    # A variant ends with a game_over (and scores its best Weis at once) when its games end the
    # moment a side reaches the target, what brought it there being the reason.
    ends = {v.key: {v.result_data(g)["reason"] for w, g in finished_games() if w is v}
            for v in variants()}
    assert {k for k, r in ends.items() if r & TARGET_REASONS} == TARGET_GAMES
    assert all(r <= TARGET_REASONS for k, r in ends.items() if k in TARGET_GAMES)


def events_to_the_end(game: Any, seed: int) -> list[Event]:
    rng = random.Random(seed)
    events: list[Event] = []
    while not game.is_over:
        events += apply_action(game, rng.choice(game.legal_actions()))
    return events


def test_a_game_is_told_by_its_variant_not_by_its_attributes() -> None:
    # A Darts game that had an attribute named end_reason is still told as Darts: each
    # player's total and place at the end, not a Schieber team reaching the target.
    darts = get("darts")
    plain = darts.new_game(darts.default_rules(), seed=4)

    class WithEndReason(type(plain)):  # type: ignore[misc]
        @property
        def end_reason(self) -> str:
            return "target"

    game = darts.new_game(darts.default_rules(), seed=4)
    game.__class__ = WithEndReason
    last = events_to_the_end(game, 4)[-1]
    assert last.kind == "result"
    assert last.values == tuple(game.scores) and last.places == tuple(game.standings())
    schieber = get("schieber")
    assert events_to_the_end(schieber.new_game(schieber.default_rules(), seed=4),
                             4)[-1].kind == "game_over"


def _shown_presets(scr: SetupScreen) -> list[tuple[str, str]]:
    return [(str(label), value) for label, value in scr.query_one("#preset", Select)._options]


@pytest.mark.anyio
@pytest.mark.parametrize("key", ["handjass", "schieber"])
async def test_the_setup_screen_names_each_preset_by_its_label(key: str) -> None:
    settings = Settings(bots=["random"] * 3, delay=0.0, lang="fr")
    settings.switch_variant(key)
    app = PuurApp(settings, setup=True, remember=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        scr = app.screen
        assert isinstance(scr, SetupScreen)
        presets = list(get(key).presets)
        assert _shown_presets(scr) == [(preset_label(key, p, "fr"), p) for p in presets]
        scr.query_one("#lang", Select).value = "de"
        await pilot.pause()
        await pilot.pause()
        scr = app.screen
        assert isinstance(scr, SetupScreen)
        assert _shown_presets(scr) == [(preset_label(key, p, "de"), p) for p in presets]
        assert all(label != p for label, p in _shown_presets(scr) if p != "standard-2500")
