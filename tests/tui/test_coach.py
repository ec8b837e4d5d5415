"""The coach in the terminal: after a hand, what each of the human's decisions cost, in the
full-screen game (a button on the hand's summary) and in the line mode (``coach``)."""

from __future__ import annotations

import io
from dataclasses import replace
from pathlib import Path

import pytest
from tests.coach.test_coach import blunder_record
from tests.tui.conftest import Answers, app_settings, play_first_legal, screen_text

from puur.coach import HandReport, analyse_record
from puur.i18n import t
from puur.record import read_record
from puur.tui.app import PuurApp
from puur.tui.coaching import coach_hand, coach_lines
from puur.tui.plain import run_plain
from puur.tui.session import PlaySession
from puur.tui.widgets import ChoiceDialog, InfoScreen

SIZE = (120, 40)


def finished_hand_session() -> PlaySession:
    s = PlaySession(None, ["rules"] * 3, seed=6)
    while s.game.hand_no == 1:
        if s.human_to_move():
            s.act(s.legal_actions()[0])
        else:
            s.run_bots()
    return s


def test_the_lines_name_the_better_card_in_the_language(tmp_path: Path) -> None:
    path, index, lost = blunder_record(tmp_path)
    record = read_record(path)
    [report] = analyse_record(record, hands=[1], budget=0.02, exact_tricks=4)
    blunder = next(d for d in report.decisions if d.index == index)
    # The lines speak to the human: read the blunderer's decision as seat 0's.
    mine = HandReport(1, [replace(blunder, seat=0)])
    lines = coach_lines(record, mine, "de", "swiss")
    assert f"{lost} Punkte besser" in lines[0] and lines[0].startswith("Stich 6")
    assert lines[-1].startswith("1 Entscheid:")


def test_a_finished_hand_of_the_session_is_coached_in_every_language() -> None:
    s = finished_hand_session()
    record, report = coach_hand(s, 1, budget=0.02)
    assert report.decisions and all(d.seat == 0 for d in report.decisions)
    for lang in ("en", "de", "fr", "it"):
        lines = coach_lines(record, report, lang, "french")
        assert lines and all("{" not in line for line in lines)


def test_the_line_mode_coaches_the_last_finished_hand() -> None:
    s = PlaySession(None, ["random"] * 3, seed=3)
    out = io.StringIO()
    run_plain(s, Answers(out, ["coach"], limit=60), out, lang="en")  # type: ignore[arg-type]
    assert t("coach.no_hand", "en") in out.getvalue()
    s = finished_hand_session()
    out = io.StringIO()
    run_plain(s, Answers(out, ["coach"], limit=5), out, lang="en")  # type: ignore[arg-type]
    text = out.getvalue()
    assert t("coach.title", "en", hand=1) in text
    assert "decisions:" in text and "Trick " in text


@pytest.mark.anyio
async def test_the_summary_offers_the_coach_and_play_goes_on() -> None:
    app = PuurApp(app_settings(), seed=5, setup=False, remember=False, save_path=None)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        coached = False
        for _ in range(400):
            scr = app.screen
            if isinstance(scr, ChoiceDialog):
                await pilot.press("1")
            elif isinstance(scr, InfoScreen) and scr.kind == "summary" and not coached:
                await pilot.click("#btn-coach")
                for _ in range(100):
                    await pilot.pause(0.05)
                    if isinstance(app.screen, InfoScreen) and app.screen.kind == "coach":
                        break
                assert isinstance(app.screen, InfoScreen) and app.screen.kind == "coach"
                text = screen_text(app)
                assert t("coach.title", "en", hand=1) in text and "decisions:" in text
                coached = True
                await pilot.press("enter")
            elif isinstance(scr, InfoScreen):
                break
            else:
                await play_first_legal(pilot)
                if coached and app.session.game.hand_no >= 2:  # type: ignore[union-attr]
                    break
                continue
            await pilot.pause()
        assert coached and app.session.game.hand_no >= 2  # type: ignore[union-attr]
