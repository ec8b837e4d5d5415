"""Zuger in the terminal: the demo at both table sizes, the line mode and the full-screen game to
the end, and the face's roles (the dealer sitting out), the declaring and the settlement offer."""

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
from puur.tui.decisions import choice_dialog
from puur.tui.face_zuger import ZugerFace
from puur.tui.faces import face_for
from puur.tui.plain import EXIT_OK, run_plain
from puur.variants import get
from puur.variants.zuger_hand import A_HOME, A_STAY, ZugerDeal

FOUR = variant_rules("zuger", end="sum_reaches_100")
THREE = variant_rules("zuger", players=3, end="sum_reaches_100")


@pytest.mark.parametrize("seats", [4, 3])
def test_the_demo_plays_a_whole_game(seats: int) -> None:
    v = get("zuger")
    rules = v.rules_from_dict({"preset": "standard", "players": seats})
    lines: list[str] = []
    names = ["rules", "search:quick", "random", "rules"][:seats]
    game = run_variant_demo(v, rules, seed=4, players=names, echo=lines.append)
    assert game.is_over and game.num_seats == seats
    text = "\n".join(lines)
    assert "  Written: " in text and "  Total: " in text and "  In the hand: " in text
    assert ("sits out" in text) == (seats == 4)
    assert any(line.startswith("Game over: First place: ") for line in lines)


def _deal(dealer: int) -> ZugerDeal:
    from tests.variants.test_zuger import DEAL

    hands = list(DEAL.hands)
    k = dealer
    return ZugerDeal(tuple(hands[(s - k) % 4] for s in range(4)), dealer, DEAL.turned)


def test_the_face_shows_the_dealer_sitting_out_and_the_words() -> None:
    game = get("zuger").new_game(seed=1, deals=[_deal(1)])  # seat 1 deals, seat 2 is Vorhand
    face = face_for("zuger")
    assert isinstance(face, ZugerFace)
    game.push(A_HOME)
    obs = game.observation(0)
    roles = [row[1] for row in face.player_grid(obs, "en").rows]
    assert roles == ["to speak", "deals, sits out", "at home", "to speak"]
    game.push(A_STAY)
    roles = [row[1] for row in face.player_grid(game.observation(0), "en").rows]
    assert roles == ["to speak", "deals, sits out", "at home", "stays"]
    assert "(aufgedeckt " in face.trumps(obs, "de", "swiss", markup=False)


def test_the_declaring_and_the_settlement_dialogs() -> None:
    game = get("zuger").new_game(seed=1, deals=[_deal(3)])  # seat 0 is Vorhand, holds the Weis
    dialog = choice_dialog(game.observation(0), "en", "french")
    assert dialog is not None
    labels = [label for _a, label in dialog.choices]
    assert labels == [t("declare.stay", "en"), t("declare.home", "en"),
                      t("declare.maybe", "en")]
    game.push(A_STAY)
    game.push(A_STAY)
    game.push(A_HOME)
    obs = game.observation(0)
    dialog = choice_dialog(obs, "en", "french")
    assert dialog is not None
    assert [label for _a, label in dialog.choices] == [t("declare.accept", "en"),
                                                      t("declare.refuse", "en")]
    assert "you write 9 (7 and half of your Weis of 50)" in dialog.text
    assert "you write 9" in face_for("zuger").state_lines(None, obs, "en", "french")[-1]  # type: ignore[arg-type]


@pytest.mark.parametrize(("rules", "lang"), [(FOUR, "en"), (THREE, "de"), (FOUR, "it")],
                         ids=["four", "three", "four-it"])
def test_a_whole_game_in_line_mode(rules: Any, lang: str) -> None:
    session = variant_session(rules, seed=7)
    out = io.StringIO()
    code = run_plain(session, Answers(out, [], limit=5000), out, lang=lang,  # type: ignore[arg-type]
                     deck="french")
    text = out.getvalue()
    assert code == EXIT_OK and session.is_over
    assert t("gameover", lang) in text and t("zg.total", lang) in text
    assert t("declare.stay", lang) in text


@pytest.mark.anyio
async def test_a_whole_game_through_the_full_screen_table() -> None:
    session = variant_session(FOUR, seed=5)
    app = PuurApp(variant_settings(session.rules), session=session, setup=False,
                  remember=False, save_path=None)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        for _ in range(800):
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
