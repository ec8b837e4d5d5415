"""Schellenjass in the terminal: the demo, the line mode and the full-screen game at every table
size (two players included), the face's penalty suit named by the pack, the hand summary."""

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
from puur.tui.face_schellenjass import SchellenjassFace
from puur.tui.faces import face_for
from puur.tui.plain import EXIT_OK, run_plain
from puur.tui.session import seat_positions
from puur.variants import get
from puur.variants.schellenjass_hand import SchellenjassDeal
from puur.variants.schellenjass_rules import SchellenjassRules

FOUR = variant_rules("schellenjass", hands=1)
TWO = variant_rules("schellenjass", players=2, hands=1)
STRICHE = variant_rules("schellenjass", scoring="striche", striche_target=2)


@pytest.mark.parametrize(("options", "seats"), [
    ({}, 4), ({"players": 3}, 3), ({"players": 2}, 2), ({"scoring": "striche"}, 4),
])
def test_the_demo_plays_schellenjass_at_every_table(options: dict[str, object],
                                                      seats: int) -> None:
    v = get("schellenjass")
    rules = v.rules_from_dict({"preset": "standard", "hands": 2, "striche_target": 2,
                               **options})
    lines: list[str] = []
    names = ["rules", "random", "search:quick", "random"][:seats]
    game = run_variant_demo(v, rules, seed=4, players=names, echo=lines.append)
    assert game.is_over and game.num_seats == seats
    text = "\n".join(lines)
    assert text.count("  Taken: ") == len(game.rounds)
    assert ("  Striche: " in text) == (options.get("scoring") == "striche")
    if seats == 2:  # the other player sits North, nobody East or West
        assert "North" in text and "East" not in text and "West" not in text
    assert any(line.startswith("Game over: First place: ") for line in lines)


def test_a_table_of_two_sits_the_other_player_north() -> None:
    assert seat_positions(2) == (0, 2)
    assert [t(f"seat.{p}", "en") for p in seat_positions(2)] == ["South", "North"]


def test_the_face_names_the_penalty_suit_as_the_pack_shows_it() -> None:
    face = face_for("schellenjass")
    assert isinstance(face, SchellenjassFace)
    obs = get("schellenjass").new_game(seed=3).observation(0)
    assert face.penalty(obs, "en", "swiss").startswith("Each of the Schellen costs a point")
    assert "diamonds" in face.penalty(obs, "en", "french")
    herz = get("schellenjass").new_game(get("schellenjass").preset("herzjass"), seed=3)
    assert "hearts" in face.penalty(herz.observation(0), "en", "french")
    assert "Rosen" in face.penalty(herz.observation(0), "de", "swiss")


def test_the_summary_tells_a_turi() -> None:
    hands = ("H6 H7 H8 H9 HT HJ HQ HK HA", "S6 S7 S8 S9 ST SJ SQ SK SA",
             "D6 D7 D8 D9 DT DJ DQ DK DA", "C6 C7 C8 C9 CT CJ CQ CK CA")
    from puur.cards import CardSet

    deal = SchellenjassDeal(tuple(CardSet.from_text(h).bits for h in hands), 1)
    game = get("schellenjass").new_game(SchellenjassRules(hands=1), seed=1, deals=[deal])
    while not game.is_over:
        game.push(game.legal_actions()[0])
    face = face_for("schellenjass")
    lines = face.summary_lines(game, 1, "en", "swiss")
    text = "\n".join(lines)
    assert "Turi by North: 0 for them, 9 for every other player" in text
    assert "9" in face.hand_total_line(game, 1, "en", "swiss")
    assert "fewest win" in face.score_line(game, "en")


@pytest.mark.parametrize(("rules", "lang"), [(FOUR, "en"), (TWO, "de"), (STRICHE, "fr")],
                         ids=["four", "two", "striche"])
def test_a_whole_game_in_line_mode(rules: Any, lang: str) -> None:
    session = variant_session(rules, seed=7)
    out = io.StringIO()
    code = run_plain(session, Answers(out, [], limit=3000), out, lang=lang,  # type: ignore[arg-type]
                     deck="french")
    text = out.getvalue()
    assert code == EXIT_OK and session.is_over
    assert t("gameover", lang) in text and t("sj.taken", lang) in text


@pytest.mark.anyio
@pytest.mark.parametrize("rules", [FOUR, TWO], ids=["four", "two"])
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
                assert len(list(scr.query("SeatPanel"))) == session.game.num_seats
                await play_first_legal(pilot)
                continue
            else:
                await pilot.press("1")
            await pilot.pause()
        assert session.is_over and "First place: " in screen_text(app)
