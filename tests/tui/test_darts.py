"""Darts-Jass in the terminal: the demo at every table size, the line mode and the full-screen
game, the face's count down, a failed choice and a bust in the hand summary."""

from __future__ import annotations

import io
from typing import Any

import pytest
from tests.tui.conftest import (
    Answers,
    play_first_legal,
    screen_text,
    variant_rules,
    variant_session,
    variant_settings,
)

from puur.actions import A_CHOOSE
from puur.cards import CardSet
from puur.contracts import Contract
from puur.demo import run_variant_demo
from puur.i18n import t
from puur.tui.app import GameScreen, InfoScreen, PuurApp
from puur.tui.face_darts import DartsFace, progress_bar
from puur.tui.faces import face_for
from puur.tui.plain import EXIT_OK, run_plain
from puur.variants import get
from puur.variants.darts_hand import DartsDeal, DartsHand
from puur.variants.darts_rules import DartsRules

FOUR = variant_rules("darts", darts_target=150)
THREE = variant_rules("darts", players=3, darts_target=100)
TWO = variant_rules("darts", players=2, darts_target=60)

SUITS = ("H6 H7 H8 H9 HT HJ HQ HK HA", "D6 D7 D8 D9 DT DJ DQ DK DA",
         "S6 S7 S8 S9 ST SJ SQ SK SA", "C6 C7 C8 C9 CT CJ CQ CK CA")


@pytest.mark.parametrize("rules", [FOUR, THREE, TWO], ids=["four", "three", "two"])
def test_the_demo_plays_darts(rules: Any) -> None:
    lines: list[str] = []
    n = rules.players
    names = ["rules", "random", "search:quick", "random"][:n]
    game = run_variant_demo(get("darts"), rules, seed=4, players=names, echo=lines.append)
    assert game.is_over and game.num_seats == n
    text = "\n".join(lines)
    assert text.count("  Scored: ") == len(game.rounds)
    assert f"Darts to {rules.darts_target}" in text and "Left: " in text
    assert any(line.startswith("Game over: First place: ") for line in lines)


def test_the_face_counts_down_to_the_target() -> None:
    face = face_for("darts")
    assert isinstance(face, DartsFace)
    assert progress_bar(0, 301) == "··········" and progress_bar(301, 301) == "█" * 10
    hand = DartsHand(DartsRules(), DartsDeal(tuple(CardSet.from_text(h).bits for h in SUITS), 3),
                     1, (150, 280))
    obs = hand.observation(0)
    board = face._board(obs, "en")
    assert board.rows == [["Us", "150", "151", "████······"], ["Them", "280", "21", "█████████·"]]
    line1, line2 = face.status(None, obs, "en", "swiss")  # type: ignore[arg-type]
    assert "Darts to 301: Us 150 (151 left), Them 280 (21 left)" in line1
    assert line2.startswith("South (You) chooses")
    assert "Rest 151" in face.status(None, obs, "de", "swiss")[0]  # type: ignore[arg-type]


def test_the_summary_tells_a_failed_choice_and_a_bust() -> None:
    deal = DartsDeal(tuple(CardSet.from_text(h).bits for h in SUITS), 3)
    face = face_for("darts")
    game = get("darts").new_game(DartsRules(), seed=1, deals=[deal])
    game.push(A_CHOOSE + Contract.SCHELLEN)       # East holds every Schelle
    while not game.is_over and len(game.rounds) == 1:
        game.push(game.legal_actions()[0])
    text = "\n".join(face.summary_lines(game, 1, "en", "swiss"))
    assert "did not take the most points: the opponents score the hand" in text
    assert "Scored: Us 0, Them 157" in text and "Left: Us 301, Them 144" in text
    exact = get("darts").new_game(DartsRules(darts_exact_finish=True, darts_target=150), seed=1,
                                  deals=[deal])
    exact.push(A_CHOOSE + Contract.OBENABE)       # South takes all 157: past 150
    while len(exact.rounds) == 1:
        exact.push(exact.legal_actions()[0])
    text = "\n".join(face.summary_lines(exact, 1, "en", "swiss"))
    assert "Scored: Us 0 (bust), Them 0" in text and "(hit it exactly)" in text
    assert "Hand 1: Us 0, Them 0" in "\n".join(face.sheet_lines(exact, "en", "swiss"))
    assert "Darts to 150 after hand 2" in face.score_line(exact, "en")


@pytest.mark.parametrize(("rules", "lang"), [(FOUR, "en"), (TWO, "de")], ids=["four", "two"])
def test_a_whole_game_in_line_mode(rules: Any, lang: str) -> None:
    session = variant_session(rules, seed=7)
    out = io.StringIO()
    code = run_plain(session, Answers(out, [], limit=3000), out, lang=lang,  # type: ignore[arg-type]
                     deck="french")
    text = out.getvalue()
    assert code == EXIT_OK and session.is_over
    assert t("gameover", lang) in text and t("da.left", lang) in text


@pytest.mark.anyio
async def test_a_whole_game_through_the_full_screen_table() -> None:
    session = variant_session(THREE, seed=5)
    app = PuurApp(variant_settings(session.rules), session=session, setup=False,
                  remember=False, save_path=None)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        for _ in range(400):
            scr = app.screen
            if isinstance(scr, InfoScreen):
                if scr.kind == "game-over":
                    break
                await pilot.press("enter")
            elif isinstance(scr, GameScreen):
                assert len(list(scr.query("SeatPanel"))) == session.game.num_seats
                await play_first_legal(pilot)
                continue
            else:
                await pilot.press("1")
            await pilot.pause()
        assert session.is_over and "First place: " in screen_text(app)
