"""Sidi Barrani in the terminal: the demo, the line mode and the full-screen game; the face's
auction, double, declarer and hand summary; bids and doubles typed by name."""

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

from puur.demo import run_variant_demo
from puur.i18n import t
from puur.tui.app import PuurApp
from puur.tui.decisions import choice_dialog
from puur.tui.events import apply_action
from puur.tui.face_sidi_barrani import SidiBarraniFace
from puur.tui.faces import face_for
from puur.tui.names import action_from_text
from puur.tui.plain import EXIT_OK, run_plain
from puur.tui.render import contract_name, event_text
from puur.variants import get
from puur.variants.sidi_barrani_rules import A_CHOOSE, A_DOUBLE, A_PASS, bid_action

#: Short games: 400 to win.
SHORT = variant_rules("sidi_barrani", target=400)
LATE = variant_rules("sidi_barrani", target=400, double="until_first_card")


@pytest.mark.parametrize("preset", ["standard", "late_double"])
def test_the_demo_plays_a_whole_game(preset: str) -> None:
    v = get("sidi_barrani")
    lines: list[str] = []
    game = run_variant_demo(v, v.preset(preset), seed=4,
                            players=["rules", "random", "search:quick", "rules"],
                            echo=lines.append)
    assert game.is_over
    text = "\n".join(lines)
    assert " plays for " in text and "Bid: " in text
    assert any(line.startswith("Game over: ") and "reach 1500" in line for line in lines)


def test_the_face_tells_the_auction_the_double_and_the_declarer() -> None:
    game = get("sidi_barrani").new_game(SHORT, seed=3)
    face = face_for("sidi_barrani")
    assert isinstance(face, SidiBarraniFace)
    first = game.to_move
    assert face.auction_text(game.observation(0), "en").startswith("Auction: no bid yet")
    game.push(bid_action(90))
    assert face.auction_text(game.observation(0), "de").startswith("Versteigerung: 90")
    game.push(A_DOUBLE)
    obs = game.observation(0)
    text = face.auction_text(obs, "en")
    assert " plays for 90 — doubled by " in text and text.startswith(
        face.auction_text(obs, "en").split(" plays")[0])
    assert obs.chooser == first
    game.push(A_CHOOSE + 1)
    line = face.contract_text(game.observation(0), "fr", "french")
    assert "annoncé par" in line


def test_the_log_and_the_dialog_say_double() -> None:
    game = get("sidi_barrani").new_game(SHORT, seed=2)
    game.push(bid_action(80))
    obs = game.observation(game.to_move)
    dialog = choice_dialog(obs, "en", "swiss")
    assert dialog is not None
    labels = [label for _a, label in dialog.choices]
    assert labels[:3] == ["Pass", "Double", "Bid 90"] and dialog.title_text == "Your bid"
    (ev,) = apply_action(game, A_DOUBLE)
    assert ev.kind == "double" and event_text(ev, "swiss", "it").endswith("raddoppia")


def test_the_late_double_is_asked_in_a_dialog_of_its_own() -> None:
    game = get("sidi_barrani").new_game(LATE, seed=2)
    game.push(bid_action(80))
    for _ in range(3):
        game.push(A_PASS)
    game.push(A_CHOOSE)
    obs = game.observation(game.to_move)
    dialog = choice_dialog(obs, "de", "swiss")
    assert dialog is not None and dialog.title_text == t("decide.double", "de")
    assert [label for _a, label in dialog.choices] == ["Passen", "Doppeln"]


def test_calls_are_typed_by_name_or_token() -> None:
    game = get("sidi_barrani").new_game(SHORT, seed=2)
    obs, rnd = game.observation(game.to_move), game.round
    assert action_from_text("pass", obs, rnd) == A_PASS
    assert action_from_text("bid:90", obs, rnd) == bid_action(90)
    game.push(bid_action(80))
    obs, rnd = game.observation(game.to_move), game.round
    assert action_from_text("double", obs, rnd) == A_DOUBLE
    for _ in range(3):
        game.push(A_PASS)
    obs, rnd = game.observation(game.to_move), game.round
    assert action_from_text(contract_name(1, "swiss", "de"), obs, rnd) == A_CHOOSE + 1
    assert action_from_text("choose:obe", obs, rnd) == A_CHOOSE + 4


def test_the_hand_summary_says_whether_the_bid_was_made() -> None:
    session = variant_session(SHORT, seed=9)
    game = session.game
    game.push(bid_action(80))
    while len(game.rounds) == 1:
        game.push(game.legal_actions()[0])
    rd = game.rounds[0]
    grid = face_for("sidi_barrani").summary_grid(game, rd.hand_no, "en", "swiss")
    assert any("the bid of" in line for line in grid.before)
    labels = [row[0] for row in grid.rows]
    assert labels[0] == "Tricks" and labels[-2:] == ["Hand", "Total"] and "Bid" in labels
    assert grid.rows[-2][1:] == [str(rd.credited[0]), str(rd.credited[1])]


@pytest.mark.parametrize(("rules", "lang"), [(SHORT, "en"), (LATE, "fr")],
                         ids=["standard", "late"])
def test_a_whole_game_in_line_mode(rules: Any, lang: str) -> None:
    session = variant_session(rules, seed=7)
    out = io.StringIO()
    code = run_plain(session, Answers(out, ["2"], limit=3000), out, lang=lang,  # type: ignore[arg-type]
                     deck="french")
    text = out.getvalue()
    assert code == EXIT_OK and session.is_over
    assert t("gameover", lang) in text and t("bi.total", lang) in text


@pytest.mark.anyio
async def test_a_whole_game_through_the_full_screen_table() -> None:
    session = variant_session(SHORT, seed=5)
    app = PuurApp(variant_settings(session.rules), session=session, setup=False,
                  remember=False, save_path=None)
    async with app.run_test(size=(120, 40)) as pilot:
        await play_until_over(pilot, session)
        assert session.is_over
        assert "reach 400" in screen_text(app)
