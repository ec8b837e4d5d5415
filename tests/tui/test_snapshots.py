"""Snapshots of the main screens as plain text, compared with the files in ``snapshots/``.

Run with ``PUUR_UPDATE_SNAPSHOTS=1`` to rewrite them after an intended change of the layout, then
read the diff before committing.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from tests.tui.conftest import FAST, app_settings, crafted_game, play_first_legal, screen_text

from puur.tui.app import ChoiceDialog, GameScreen, InfoScreen, PuurApp
from puur.tui.session import PlaySession

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
