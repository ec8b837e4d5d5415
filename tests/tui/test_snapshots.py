"""Snapshots of the main screens as plain text, compared with the files in ``snapshots/``.

Run with ``PUUR_UPDATE_SNAPSHOTS=1`` to rewrite them after an intended change of the layout, then
read the diff before committing.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from tests.tui.conftest import (
    COIFFEUR_TEN,
    DIFFERENZLER,
    DIFFERENZLER_THREE,
    FAST,
    app_settings,
    crafted_game,
    play_first_legal,
    screen_text,
    variant_session,
    variant_settings,
)

from puur.tui.app import ChoiceDialog, GameScreen, InfoScreen, PuurApp
from puur.tui.session import PlaySession
from puur.tui.settings import Settings

pytestmark = pytest.mark.anyio
SNAPSHOTS = Path(__file__).parent / "snapshots"
SIZE = (120, 36)
SMALL = (80, 24)


def _check(name: str, text: str) -> None:
    path = SNAPSHOTS / f"{name}.txt"
    if os.environ.get("PUUR_UPDATE_SNAPSHOTS") or not path.exists():
        path.write_text(text + "\n", encoding="utf-8")
    expected = path.read_text(encoding="utf-8").rstrip("\n")
    assert text.rstrip("\n") == expected, f"screen {name!r} differs from {path}"




async def test_setup_screen_snapshot() -> None:
    app = PuurApp(app_settings(lang="de", deck="french"), setup=True, remember=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        _check("setup_de_french", screen_text(app))


async def test_setup_screen_snapshot_at_80x24_in_french() -> None:
    app = PuurApp(app_settings(lang="fr"), setup=True, remember=False)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        _check("setup_fr_80x24", screen_text(app))


async def test_choose_dialog_and_table_snapshots() -> None:
    session = PlaySession(game=crafted_game(), bots=["random"] * 3, seed=1)
    app = PuurApp(app_settings(), session=session, setup=False, remember=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ChoiceDialog)
        _check("choose_dialog", screen_text(app))
        await pilot.press("2", "1")  # Rosen trumps, declare the suggested Weis
        await pilot.pause()
        while session.observation().hand_sizes[0] > 6:  # three cards into the hand
            scr = app.screen
            if isinstance(scr, ChoiceDialog):
                await pilot.press("1")
            else:
                await play_first_legal(pilot)
            await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        _check("table", screen_text(app))
        # An 80x24 terminal: the log under the hand, the scores in the status line.
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        _check("table_80x24", screen_text(app))


async def test_hand_summary_snapshot() -> None:
    session = PlaySession(FAST, ["random"] * 3, seed=8)
    # Play the hand up to South's last card without the screen, then finish it on screen.
    while not (session.human_to_move() and session.observation().hand_sizes[0] == 1
               and session.observation().phase == "play"):
        if session.human_to_move():
            session.act(session.legal_actions()[0])
        else:
            session.bot_step()
    app = PuurApp(app_settings(), session=session, setup=False, remember=False)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        for _ in range(5):
            scr = app.screen
            if isinstance(scr, InfoScreen):
                break
            if isinstance(scr, ChoiceDialog):
                await pilot.press("1")
            else:
                await play_first_legal(pilot)
            await pilot.pause()
        assert isinstance(app.screen, InfoScreen) and app.screen.kind == "summary"
        _check("hand_summary_80x24", screen_text(app))


# ---------------------------------------------------------------------------------------------
# The other variants' screens


def _first_chooser(rules: object) -> PlaySession:
    for seed in range(40):
        s = variant_session(rules, seed=seed)
        if s.human_to_move():
            return s
    raise AssertionError("no deal where South decides first")


async def test_differenzler_forecast_and_table_snapshots() -> None:
    session = _first_chooser(DIFFERENZLER)
    app = PuurApp(variant_settings(DIFFERENZLER), session=session, setup=False, remember=False)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        _check("differenzler_forecast_80x24", screen_text(app))
        await pilot.press("4", "2", "enter")
        await pilot.pause()
        while session.observation().hand_sizes[0] > 7:  # two cards into the hand
            await play_first_legal(pilot)
        assert isinstance(app.screen, GameScreen)
        _check("differenzler_table_80x24", screen_text(app))


async def test_differenzler_three_seat_table_snapshot() -> None:
    session = _first_chooser(DIFFERENZLER_THREE)
    app = PuurApp(variant_settings(DIFFERENZLER_THREE, lang="de"), session=session,
                  setup=False, remember=False)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        await pilot.press("5", "0", "enter")
        await pilot.pause()
        await play_first_legal(pilot)
        assert isinstance(app.screen, GameScreen)
        _check("differenzler_three_de_80x24", screen_text(app))


async def test_coiffeur_row_dialog_table_and_summary_snapshots() -> None:
    session = _first_chooser(COIFFEUR_TEN)
    app = PuurApp(variant_settings(COIFFEUR_TEN, lang="fr"), session=session, setup=False,
                  remember=False)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ChoiceDialog)
        _check("coiffeur_rows_fr_80x24", screen_text(app))
        await pilot.press("9")  # a free row: how to play it?
        await pilot.pause()
        _check("coiffeur_ways_fr_80x24", screen_text(app))
        await pilot.press("5")  # Obenabe
        await pilot.pause()
        await pilot.resize_terminal(*SIZE)
        await pilot.pause()
        _check("coiffeur_table_fr", screen_text(app))
        await pilot.resize_terminal(*SMALL)
        await pilot.pause()
        for _ in range(40):
            if isinstance(app.screen, InfoScreen):
                break
            await play_first_legal(pilot)
        assert isinstance(app.screen, InfoScreen) and app.screen.kind == "summary"
        _check("coiffeur_summary_fr_80x24", screen_text(app))


async def test_differenzler_setup_snapshot_at_80x24_in_german() -> None:
    settings = Settings(bots=["random"] * 3, delay=0.0, lang="de")
    settings.switch_variant("differenzler")
    app = PuurApp(settings, setup=True, remember=False)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        _check("setup_differenzler_de_80x24", screen_text(app))
