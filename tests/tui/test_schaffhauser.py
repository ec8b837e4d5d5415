"""Schaffhauser in the terminal: the demo, the line mode and the full-screen game over a whole
series; the face's König, trump card, decline question, columns and series table."""

from __future__ import annotations

import io

import pytest
from tests.tui.conftest import (
    Answers,
    play_first_legal,
    screen_text,
    variant_rules,
    variant_session,
    variant_settings,
)

from puur.demo import run_variant_demo
from puur.i18n import t
from puur.tui.app import GameScreen, InfoScreen, PuurApp
from puur.tui.decisions import choice_dialog
from puur.tui.face_schaffhauser import SchaffhauserFace
from puur.tui.faces import face_for
from puur.tui.plain import EXIT_OK, run_plain
from puur.variants import get
from puur.variants.schaffhauser_rules import A_ACCEPT, A_DECLINE

# Short games: the König needs 100, the Bauern 300.
SHORT = variant_rules("schaffhauser", koenig_target=100, target=300)


def test_the_demo_plays_a_whole_series() -> None:
    v = get("schaffhauser")
    lines: list[str] = []
    game = run_variant_demo(v, SHORT, seed=4, players=["rules", "random", "search:quick"],
                            echo=lines.append)
    assert game.is_over and len(game.games()) == 3
    text = "\n".join(lines)
    assert "Game 1 of 3, König: " in text and "Game 3 of 3, König: " in text
    assert "(it is his)" in text and "Games won: " in text
    assert any(line.startswith("Game over: ") and "the series goes to" in line for line in lines)


def test_the_face_tells_the_koenig_the_trump_card_and_the_columns() -> None:
    game = get("schaffhauser").new_game(seed=3)
    face = face_for("schaffhauser")
    assert isinstance(face, SchaffhauserFace)
    hand = game.round
    obs = game.observation(0)
    assert face.seat_mark(obs, hand.koenig) == " ★"
    assert all(face.seat_mark(obs, s) == "" for s in range(3) if s != hand.koenig)
    assert face.columns_text(obs, "en") == "König 0 of 350 — Bauern 0 of 1000"
    line = face.trump_text(obs, "de", "swiss", markup=False)
    assert "aufgedeckt (sie gehört ihm)" in line
    game.push(A_DECLINE)
    first = game.rounds[0].observation(1)
    assert "257" in face.trump_text(first, "en", "swiss", markup=False)
    assert face.columns_text(game.observation(1), "en") == "König 0 of 350 — Bauern 257 of 1000"


def test_the_decline_question_is_a_dialog_of_two_answers() -> None:
    session = variant_session(SHORT, seed=2)
    game = session.game
    while game.round.koenig != 0 or game.round.phase != "decline":
        game.push(game.legal_actions()[0])
    obs = session.observation()
    dialog = choice_dialog(obs, "en", "swiss")
    assert dialog is not None and [a for a, _text in dialog.choices] == [A_ACCEPT, A_DECLINE]
    assert "257" in dialog.text


def test_the_sheet_shows_the_series() -> None:
    game = get("schaffhauser").new_game(SHORT, seed=5)
    while not game.is_over:
        game.push(game.legal_actions()[-1])  # the König declines every hand
    face = face_for("schaffhauser")
    grid = face.series_grid(game, "en")
    assert [row[2] for row in grid.rows] == ["Bauern"] * 3
    assert grid.before == ["Games won: South 2, East 2, West 2"]
    assert "the series goes to South, East, West (2 of 3 games won)" in face.final_text(game, "en")
    lines = face.sheet_lines(game, "it", "swiss")
    assert any("Partita 3 di 3" in line for line in lines)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_whole_series_in_line_mode(lang: str) -> None:
    session = variant_session(SHORT, seed=7)
    out = io.StringIO()
    code = run_plain(session, Answers(out, ["2"], limit=3000), out, lang=lang,  # type: ignore[arg-type]
                     deck="french")
    text = out.getvalue()
    assert code == EXIT_OK and session.is_over
    assert t("gameover", lang) in text and t("bi.total", lang) in text
    assert t("sh.game", lang, game=3, games=3, seat="").split(",")[0] in text


@pytest.mark.anyio
async def test_a_whole_series_through_the_full_screen_table() -> None:
    session = variant_session(SHORT, seed=5)
    app = PuurApp(variant_settings(session.rules), session=session, setup=False,
                  remember=False, save_path=None)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        for _ in range(3000):
            scr = app.screen
            if isinstance(scr, InfoScreen):
                if scr.kind == "game-over":
                    break
                await pilot.press("enter")
            elif isinstance(scr, GameScreen):
                assert len(list(scr.query("SeatPanel"))) == 3
                if session.human_to_move() and session.observation().phase == "play":
                    await play_first_legal(pilot)
                    continue
                await pilot.pause()
            else:
                await pilot.press("1")
            await pilot.pause()
        assert session.is_over
        assert "series goes to" in screen_text(app)
