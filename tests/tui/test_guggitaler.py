"""Guggitaler in the terminal: the demo, the line mode and the full-screen game at every table
size, the face's deal line, the Domino rows and the sheet of the six deals."""

from __future__ import annotations

import io
import random
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
from puur.tui.face_guggitaler import GuggitalerFace, domino_rows, penalty_text
from puur.tui.faces import face_for
from puur.tui.plain import EXIT_OK, run_plain
from puur.variants import get

FOUR = variant_rules("guggitaler")
FIVE = variant_rules("guggitaler", players=5)


@pytest.mark.parametrize(("options", "seats"), [({}, 4), ({"players": 3}, 3),
                                                ({"players": 5}, 5),
                                                ({"preset": "seed003"}, 4)])
def test_the_demo_plays_a_whole_game_at_every_table(options: dict[str, object],
                                                    seats: int) -> None:
    v = get("guggitaler")
    rules = v.rules_from_dict({"preset": "jassverzeichnis", **options})
    lines: list[str] = []
    names = ["rules", "random", "search:quick", "random", "rules"][:seats]
    game = run_variant_demo(v, rules, seed=4, players=names, echo=lines.append)
    assert game.is_over and game.num_seats == seats
    text = "\n".join(lines)
    assert text.count("  Penalty: ") == 5 and text.count("  Domino credit: ") >= 2
    assert "Deal 6 of 6: Domino" in text and "Out in this order: " in text
    assert any(line.startswith("Game over: First place: ") for line in lines)


def test_the_face_names_each_deal_and_its_penalty() -> None:
    face = face_for("guggitaler")
    assert isinstance(face, GuggitalerFace)
    rules = get("guggitaler").default_rules()
    texts = [penalty_text(p, "swiss", "en") for p in rules.penalties()]
    assert texts[0] == "5 for every trick"
    assert texts[1].startswith("10 for every Schelle; Schellen not led")
    assert texts[3].startswith("40 for the Rosen K")
    assert penalty_text(None, "swiss", "de").startswith("Domino")


def _domino(seed: int = 2, laid: int = 6) -> Any:
    game = get("guggitaler").new_game(seed=seed)
    rng = random.Random(seed)
    while len(game.rounds) < 6 or len(game.round.actions) < laid:
        game.push(rng.choice(game.legal_actions()))
    return game


def test_the_domino_rows_grow_both_ways_on_the_table() -> None:
    game = _domino()
    obs = game.observation(0)
    rows = domino_rows(obs, "swiss", "en", markup=False)
    assert len(rows) == 4
    laid = sum(len(r.split(": ")[1].split()) for r in rows if not r.endswith("·"))
    assert laid == len(game.round.history())
    face = face_for("guggitaler")
    table = face.table_text(obs, "en", "swiss")
    assert table is not None and "Domino" in table and "open" in table
    assert face.table_text(get("guggitaler").new_game(seed=1).observation(0), "en",
                           "swiss") is None


def test_the_sheet_shows_the_six_deals_and_the_credit() -> None:
    game = get("guggitaler").new_game(seed=8)
    rng = random.Random(8)
    while not game.is_over:
        game.push(rng.choice(game.legal_actions()))
    lines = face_for("guggitaler").sheet_lines(game, "en", "swiss")
    heads = [ln.split(":")[0].strip() for ln in lines]
    assert heads == ["Deal 1", "Deal 2", "Deal 3", "Deal 4", "Deal 5", "Domino credit", "Total"]


@pytest.mark.parametrize(("rules", "lang"), [(FOUR, "en"), (FIVE, "de")], ids=["four", "five"])
def test_a_whole_game_in_line_mode(rules: Any, lang: str) -> None:
    session = variant_session(rules, seed=7)
    out = io.StringIO()
    code = run_plain(session, Answers(out, [], limit=3000), out, lang=lang,  # type: ignore[arg-type]
                     deck="french")
    text = out.getvalue()
    assert code == EXIT_OK and session.is_over
    assert t("gameover", lang) in text and t("gg.credit", lang) in text
    assert t("gg.decide", lang) in text  # the Domino's question, with its rows


@pytest.mark.anyio
@pytest.mark.parametrize("rules", [FOUR, FIVE], ids=["four", "five"])
async def test_a_whole_game_through_the_full_screen_table(rules: Any) -> None:
    session = variant_session(rules, seed=5)
    app = PuurApp(variant_settings(session.rules), session=session, setup=False,
                  remember=False, save_path=None)
    saw_rows = False
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
                if session.game.hand_no == 6:  # the Domino's dialog: the rows and the question
                    text = screen_text(app)
                    saw_rows = saw_rows or ("Lay a card" in text and "Schellen:" in text)
                await pilot.press("1")
            await pilot.pause()
        assert session.is_over and "First place: " in screen_text(app)
    assert saw_rows
