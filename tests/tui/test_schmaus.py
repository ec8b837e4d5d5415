"""Schmaus in the terminal: the demo, the line mode and the full-screen game to the end, and
the face's stock, its strict phase and the exchange dialog."""

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
from tests.variants.test_schmaus import lowest, make

from puur.demo import run_variant_demo
from puur.i18n import t
from puur.tui.app import GameScreen, InfoScreen, PuurApp
from puur.tui.decisions import choice_dialog
from puur.tui.face_schmaus import SchmausFace
from puur.tui.faces import face_for
from puur.tui.plain import EXIT_OK, run_plain
from puur.variants import get
from puur.variants.schmaus_hand import A_EXCHANGE, A_PASS

SHORT = variant_rules("schmaus", target=150)
V = get("schmaus")


def test_the_demo_plays_schmaus() -> None:
    lines: list[str] = []
    game = run_variant_demo(V, SHORT, seed=4, players=["rules", "search:quick"],
                            echo=lines.append)
    assert game.is_over and game.num_seats == 2
    text = "\n".join(lines)
    assert "  Total: " in text and ("Stock: " in text or t("sm.strict", "en") in text)
    assert any(line.startswith("Game over: First place: ") for line in lines)


def test_the_face_shows_the_stock_the_exchange_and_the_strict_phase() -> None:
    game = V.new_game(SHORT, seed=1, deals=[make("", "C6 D6 D7")])  # South deals
    face = face_for("schmaus")
    assert isinstance(face, SchmausFace)
    obs = game.observation(1)
    assert face.talon(obs, "en", "french", markup=False).startswith(
        "Stock: 18 cards, face up at the bottom ")
    dialog = choice_dialog(obs, "en", "french")
    assert dialog is not None and dialog.title_text == t("decide.exchange", "en")
    labels = dict(dialog.choices)
    assert labels[A_EXCHANGE] == t("declare.exchange", "en")
    assert labels[A_PASS] == t("declare.pass", "en")
    assert choice_dialog(game.observation(0), "en", "french") is None  # asked of its holder
    game.push(A_EXCHANGE)
    assert "took the turned card" in face.talon(game.observation(0), "en", "french", False)
    hand = game.round
    while hand.trick_no < 9:
        lowest(hand)
    assert face.talon(hand.observation(0), "en", "french", False).startswith(
        t("sm.strict", "en"))
    grid = face.player_grid(hand.observation(0), "en")
    assert grid.head[-1] == "Total / 150" and len(grid.rows) == 2


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_whole_game_in_line_mode(lang: str) -> None:
    session = variant_session(SHORT, seed=7)
    out = io.StringIO()
    code = run_plain(session, Answers(out, [], limit=5000), out, lang=lang,  # type: ignore[arg-type]
                     deck="french")
    assert code == EXIT_OK and session.is_over
    assert t("gameover", lang) in out.getvalue()


@pytest.mark.anyio
async def test_a_whole_game_through_the_full_screen_table() -> None:
    session = variant_session(SHORT, seed=5)
    app = PuurApp(variant_settings(session.rules), session=session, setup=False,
                  remember=False, save_path=None)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        for _ in range(600):
            scr = app.screen
            if isinstance(scr, InfoScreen):
                if scr.kind == "game-over":
                    break
                await pilot.press("enter")
            elif isinstance(scr, GameScreen):
                await play_first_legal(pilot)
                continue
            else:
                await pilot.press("1")
            await pilot.pause()
        assert session.is_over and "First place: " in screen_text(app)
