"""Molotow in the terminal: the demo, the line mode and the full-screen game at every table size,
the face's trumps line and hand summary."""

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

from puur.demo import run_variant_demo
from puur.i18n import t
from puur.tui.app import GameScreen, InfoScreen, PuurApp
from puur.tui.face_molotow import MolotowFace
from puur.tui.faces import face_for
from puur.tui.plain import EXIT_OK, run_plain
from puur.tui.session import seat_positions
from puur.variants import get

MOLOTOW = variant_rules("molotow", hands=1)
SIX = variant_rules("molotow", players=6, hands=1)


@pytest.mark.parametrize(("options", "seats"), [
    ({}, 4), ({"players": 3}, 3), ({"players": 5}, 5), ({"players": 6}, 6),
    ({"scoring": "striche"}, 4),
])
def test_the_demo_plays_molotow_at_every_table(options: dict[str, object], seats: int) -> None:
    v = get("molotow")
    rules = v.rules_from_dict({"preset": "standard", "hands": 2, **options})
    lines: list[str] = []
    names = ["rules", "random", "search:quick", "random", "rules", "random"][:seats]
    game = run_variant_demo(v, rules, seed=4, players=names, echo=lines.append)
    assert game.is_over and game.num_seats == seats
    text = "\n".join(lines)
    assert text.count("  Card points: ") == 2 and text.count("  Score: ") == 2
    assert ("  Striche: " in text) == (options.get("scoring") == "striche")
    assert ("North-East" in text) == (seats >= 5)
    assert any(line.startswith("Game over: First place: ") for line in lines)


def test_the_face_names_the_card_that_fixed_trumps() -> None:
    game = get("molotow").new_game(seed=3)
    face = face_for("molotow")
    assert isinstance(face, MolotowFace)
    obs = game.observation(0)
    assert face.trumps(obs, "en", "french", markup=False).startswith("No trumps yet (Obenabe)")
    while game.round.trump < 0:
        game.push(game.legal_actions()[0])
    obs = game.observation(0)
    line = face.trumps(obs, "de", "swiss", markup=False)
    assert "Trumpf" in line and "bestimmt" in line


def test_seats_go_round_counter_clockwise_at_five_and_six() -> None:
    assert seat_positions(5) == (0, 1, 4, 5, 3)
    assert seat_positions(6) == (0, 1, 4, 2, 5, 3)
    assert [t(f"seat.{p}", "en") for p in seat_positions(6)] == [
        "South", "East", "North-East", "North", "North-West", "West"]


@pytest.mark.parametrize(("rules", "lang"), [(MOLOTOW, "en"), (SIX, "it")], ids=["four", "six"])
def test_a_whole_game_in_line_mode(rules: Any, lang: str) -> None:
    session = variant_session(rules, seed=7)
    out = io.StringIO()
    code = run_plain(session, Answers(out, [], limit=3000), out, lang=lang,  # type: ignore[arg-type]
                     deck="french")
    text = out.getvalue()
    assert code == EXIT_OK and session.is_over
    assert t("gameover", lang) in text and t("mo.card_points", lang) in text


@pytest.mark.anyio
@pytest.mark.parametrize("rules", [MOLOTOW, SIX], ids=["four", "six"])
async def test_a_whole_game_through_the_full_screen_table(rules: Any) -> None:
    session = variant_session(rules, seed=5)
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
                if session.game.num_seats == 6:
                    assert len(list(scr.query("SeatPanel"))) == 6
                await play_first_legal(pilot)
                continue
            else:
                await pilot.press("1")
            await pilot.pause()
        assert session.is_over and "First place: " in screen_text(app)


def test_a_table_of_six_gets_five_computer_players_from_the_three_chosen() -> None:
    from puur.tui.settings import Settings

    s = Settings(bots=["rules", "random", "search"])
    s.switch_variant("molotow")
    s.rules = get("molotow").preset("six")
    assert s.seat_bots() == ["rules", "random", "search", "rules", "random"]
    s.rules = get("molotow").preset("three")
    assert s.seat_bots() == ["rules", "random"]
