"""Hindersi in the terminal: the demo, the line mode and the full-screen game at both table
sizes, the face's trumps line, the hand summary with a match and the round's marks."""

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

from puur.cards import CardSet, parse_card
from puur.demo import run_variant_demo
from puur.i18n import t
from puur.tui.app import GameScreen, InfoScreen, PuurApp
from puur.tui.face_hindersi import HindersiFace
from puur.tui.faces import face_for
from puur.tui.plain import EXIT_OK, run_plain
from puur.variants import get
from puur.variants.hindersi_hand import HindersiDeal
from puur.variants.hindersi_rules import HindersiRules

FOUR = variant_rules("hindersi", game_rounds=1)
THREE = variant_rules("hindersi", players=3, game_rounds=1)


@pytest.mark.parametrize(("options", "seats"), [({}, 4), ({"players": 3}, 3),
                                                ({"weis": True}, 4)])
def test_the_demo_plays_hindersi(options: dict[str, object], seats: int) -> None:
    v = get("hindersi")
    rules = v.rules_from_dict({"preset": "standard", "game_rounds": 1, **options})
    lines: list[str] = []
    names = ["rules", "random", "search:quick", "random"][:seats]
    game = run_variant_demo(v, rules, seed=4, players=names, echo=lines.append)
    assert game.is_over and game.num_seats == seats and len(game.rounds) == seats
    text = "\n".join(lines)
    assert text.count("  Points: ") == len(game.rounds)
    assert "Marks: " in text
    assert any(line.startswith("Game over: First place: ") for line in lines)


def test_the_face_names_the_trumps_the_turned_card_and_the_round() -> None:
    face = face_for("hindersi")
    assert isinstance(face, HindersiFace)
    obs = get("hindersi").new_game(seed=3).observation(0)
    line = face.trumps(obs, "en", "swiss")
    assert line.startswith("Trumps ") and "round 1 of 4, hand 1 of 4" in line
    assert "Trumpf" in face.trumps(obs, "de", "swiss")


def test_the_summary_tells_a_match_and_the_marks() -> None:
    hands = ("H6 H7 H8 H9 HT HJ HQ HK HA", "D6 D7 D8 D9 DT DJ DQ DK DA",
             "S6 S7 S8 S9 ST SJ SQ SK SA", "C6 C7 C8 C9 CT CJ CQ CK CA")
    deal = HindersiDeal(tuple(CardSet.from_text(h).bits for h in hands), 1, parse_card("D6"))
    game = get("hindersi").new_game(HindersiRules(game_rounds=1), seed=1, deals=[deal])
    while not game.is_over:
        game.push(game.legal_actions()[0])
    face = face_for("hindersi")
    text = "\n".join(face.summary_lines(game, 1, "en", "swiss"))
    assert "East took every trick: 0 for him, 157 for every other player" in text
    assert "157" in face.hand_total_line(game, 1, "en", "swiss")
    last = "\n".join(face.summary_lines(game, 4, "en", "swiss"))
    assert "Marks" in last
    assert "most win" in face.score_line(game, "en")
    assert "Marks" in "\n".join(face.sheet_lines(game, "en", "swiss"))


@pytest.mark.parametrize(("rules", "lang"), [(FOUR, "en"), (THREE, "de")],
                         ids=["four", "three"])
def test_a_whole_game_in_line_mode(rules: Any, lang: str) -> None:
    session = variant_session(rules, seed=7)
    out = io.StringIO()
    code = run_plain(session, Answers(out, [], limit=3000), out, lang=lang,  # type: ignore[arg-type]
                     deck="french")
    text = out.getvalue()
    assert code == EXIT_OK and session.is_over
    assert t("gameover", lang) in text and t("hi.net", lang) in text


@pytest.mark.anyio
@pytest.mark.parametrize("rules", [FOUR, THREE], ids=["four", "three"])
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
