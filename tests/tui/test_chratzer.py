"""Chratzer in the terminal: the demo at two and seven seats, the line mode and the full-screen
game to the end, the words' dialog, and the face's roles, chips and pot."""

from __future__ import annotations

import io
from typing import Any

import pytest
from tests.tui.conftest import (
    Answers,
    play_until_over,
    screen_text,
    variant_rules,
    variant_session,
    variant_settings,
)

from puur.cards import CardSet, parse_card
from puur.demo import run_variant_demo
from puur.i18n import t
from puur.tui.app import GameScreen, PuurApp
from puur.tui.decisions import choice_dialog
from puur.tui.face_chratzer import ChratzerFace
from puur.tui.faces import face_for
from puur.tui.plain import EXIT_OK, run_plain
from puur.tui.session import seat_positions
from puur.variants import get
from puur.variants.chratzer_hand import A_CHRATZE, A_METCHO, A_WEG, ChratzerDeal

SHORT = variant_rules("chratzer", game_deals=1)
SEVEN = variant_rules("chratzer", players=7, game_deals=1)
TWO = variant_rules("chratzer", players=2, game_deals=1)


@pytest.mark.parametrize("seats", [2, 7])
def test_the_demo_plays_chratzer(seats: int) -> None:
    v = get("chratzer")
    rules = v.rules_from_dict({"preset": "standard", "players": seats, "game_deals": 2})
    lines: list[str] = []
    names = ["rules", "search:quick", "random", "rules", "random", "rules", "random"][:seats]
    game = run_variant_demo(v, rules, seed=4, players=names, echo=lines.append)
    assert game.is_over and game.num_seats == seats and game.played_deals() == 2
    text = "\n".join(lines)
    assert ("South-West" in text) == (seats == 7)
    assert any(line.startswith("Game over: First place: ") for line in lines)


def test_seven_seats_sit_round_the_table_once_each() -> None:
    assert sorted(seat_positions(7)) == list(range(7))


def test_the_face_shows_roles_tricks_promises_chips_and_the_pot() -> None:
    hands = ("DA DK H6 S6", "D6 HA HK C6", "D7 D8 S7 C7")
    deal = ChratzerDeal(tuple(CardSet.from_text(h).bits for h in hands), 2,
                        tuple(parse_card(c) for c in ("CA", "H8", "S9")))
    game = get("chratzer").new_game(variant_rules("chratzer", players=3, game_deals=1), seed=1,
                                    deals=[deal])
    for a in (A_CHRATZE, A_METCHO, A_WEG):
        game.push(a)
    face = face_for("chratzer")
    assert isinstance(face, ChratzerFace)
    obs = game.observation(0)
    grid = face.player_grid(obs, "en")
    assert [r[1] for r in grid.rows] == ["Chratzer", "along", "out"]
    assert [r[3] for r in grid.rows] == ["2", "1", "–"]
    assert "pot 12, a trick 3" in face.status(None, obs, "en", "french")[0]  # type: ignore[arg-type]
    for tok in ("DA", "D6", "H6", "HA", "HK", "S6", "C6", "DK"):
        game.push(parse_card(tok))
    assert game.is_over
    rows = {r[0]: r[1:] for r in face.summary_grid(game, 1, "en", "swiss").rows}
    assert rows[t("cz.tricks", "en")] == ["1", "3", "0"]
    assert rows[t("cz.chips", "en")] == ["-13", "5", "-4"]
    assert "pot 12" in face.score_line(game, "en")
    sheet = face.sheet_grid(game, "de", "swiss")
    assert sheet.head[-1] == "Kasse" and sheet.rows[-1][-1] == "12"


def test_the_words_dialog_offers_chratze_and_weg_then_metcho() -> None:
    game = get("chratzer").new_game(SHORT, seed=2)
    while game.to_move != 0:
        game.push(A_WEG)
    labels = [label for _a, label in choice_dialog(game.observation(0), "en", "french").choices]
    assert labels == [t("declare.chratze", "en"), t("declare.weg", "en")]
    game.push(A_WEG)
    game.push(A_CHRATZE)  # the next seat chratzt; seat 0 is asked to come along in turn
    while game.to_move != 0:
        game.push(A_WEG)
    obs = game.observation(0)
    labels = [label for _a, label in choice_dialog(obs, "en", "french").choices]
    assert labels == [t("declare.weg", "en"), t("declare.metcho", "en")]
    assert face_for("chratzer").decision_text(obs, "en").startswith("pot 16")


@pytest.mark.parametrize(("rules", "lang"), [(SHORT, "en"), (SEVEN, "de"), (TWO, "it")],
                         ids=["four", "seven", "two"])
def test_a_whole_game_in_line_mode(rules: Any, lang: str) -> None:
    session = variant_session(rules, seed=7)
    out = io.StringIO()
    code = run_plain(session, Answers(out, [], limit=3000), out, lang=lang,  # type: ignore[arg-type]
                     deck="french")
    text = out.getvalue()
    assert code == EXIT_OK and session.is_over
    assert t("gameover", lang) in text and t("cz.chips", lang) in text


@pytest.mark.anyio
@pytest.mark.parametrize("rules", [SHORT, SEVEN], ids=["four", "seven"])
async def test_a_whole_game_through_the_full_screen_table(rules: Any) -> None:
    session = variant_session(rules, seed=5)
    app = PuurApp(variant_settings(session.rules), session=session, setup=False,
                  remember=False, save_path=None)
    async with app.run_test(size=(120, 40)) as pilot:
        await play_until_over(pilot, session, steps=400)
        table = next(scr for scr in app.screen_stack if isinstance(scr, GameScreen))
        assert len(list(table.query("SeatPanel"))) == session.game.num_seats
        assert session.is_over and "First place: " in screen_text(app)
        if session.game.num_seats == 7:
            assert "South-West" in screen_text(app)
