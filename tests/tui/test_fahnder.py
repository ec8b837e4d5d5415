"""Fahnder in the terminal: the demo, the line mode and the full-screen game; the face's
auction, Fahnder, called card and partner (hidden while secret), the hand summary and the
sheet of marks; bids and calls typed by name."""

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

from puur.cards import parse_card
from puur.demo import run_variant_demo
from puur.i18n import t
from puur.tui.app import PuurApp
from puur.tui.decisions import choice_dialog
from puur.tui.face_fahnder import FahnderFace
from puur.tui.faces import face_for
from puur.tui.names import action_from_text
from puur.tui.plain import EXIT_OK, run_plain
from puur.variants import get
from puur.variants.fahnder_rules import A_CALL, A_CHOOSE, A_PASS, bid_action

SHORT = variant_rules("fahnder", hands=2)
SECRET = variant_rules("fahnder", hands=2, partner_reveal="on_play")
POINTS = variant_rules("fahnder", hands=2, scoring="game_points")


def _called(game: Any, bid: int = 80) -> int:
    """Bid, three passes, contract Schellen, call the first card seat 0 does not hold if the
    Fahnder is seat 0's opponent; return the holder of the called card."""
    game.push(bid_action(bid))
    for _ in range(3):
        game.push(A_PASS)
    game.push(A_CHOOSE)
    r: Any = game.round
    card = next(c for c in range(36) if not r.hands[r.fahnder] >> c & 1
                and not r.hands[0] >> c & 1)
    game.push(A_CALL + card)
    return int(r.partner)


@pytest.mark.parametrize("preset", ["standard", "secret", "game_points"])
def test_the_demo_plays_a_whole_game(preset: str) -> None:
    v = get("fahnder")
    lines: list[str] = []
    game = run_variant_demo(v, v.preset(preset).replace(hands=3), seed=4,
                            players=["rules", "random", "search:quick", "rules"],
                            echo=lines.append)
    assert game.is_over
    text = "\n".join(lines)
    down = "Minus: " if preset == "game_points" else "Nuller: "
    assert "Fahnder: " in text and "called: " in text and down in text
    assert any(line.startswith("Game over: ") for line in lines)


def test_the_face_tells_the_auction_the_fahnder_and_the_open_partner() -> None:
    game = get("fahnder").new_game(SHORT, seed=3)
    face: Any = face_for("fahnder")
    assert isinstance(face, FahnderFace)
    assert face.auction_text(game.observation(0), "en").startswith("Auction: no bid yet")
    game.push(bid_action(90))
    assert face.auction_text(game.observation(0), "de").startswith("Versteigerung: 90")
    partner = _called(game, 95)
    obs = game.observation(0)
    assert face.auction_text(obs, "en").startswith("Fahnder: ")
    line = face.contract_text(obs, "en", "french", markup=False)
    assert "called: " in line and "partner: " in line
    assert face.seat_mark(obs, partner) == " ☆" and face.seat_mark(obs, obs.fahnder) == " ★"
    assert face.pair_text(obs, "en").startswith("pair 0 of 95")


def test_a_secret_partner_is_not_shown_to_the_others() -> None:
    for seed in range(20):
        game = get("fahnder").new_game(SECRET, seed=seed)
        partner = _called(game)
        if partner in (0, game.round.fahnder):
            continue
        face: Any = face_for("fahnder")
        obs = game.observation(0)
        line = face.contract_text(obs, "en", "swiss", markup=False)
        assert "secret" in line and "partner: " not in line
        assert face.seat_mark(obs, partner) == "" and face.pair_text(obs, "en") == ""
        return
    raise AssertionError("no deal with a partner other than seat 0")


def test_the_dialog_offers_pass_and_the_bids_and_calls_are_typed_by_token() -> None:
    game = get("fahnder").new_game(SHORT, seed=2)
    obs = game.observation(game.to_move)
    dialog = choice_dialog(obs, "en", "swiss")
    assert dialog is not None
    labels = [label for _a, label in dialog.choices]
    assert labels[:3] == ["Pass", "Bid 80", "Bid 81"]
    rnd = game.round
    assert action_from_text("pass", obs, rnd) == A_PASS
    assert action_from_text("bid:90", obs, rnd) == bid_action(90)
    game.push(bid_action(80))
    for _ in range(3):
        game.push(A_PASS)
    game.push(A_CHOOSE + 4)
    obs, rnd = game.observation(game.to_move), game.round
    assert action_from_text("call:HA", obs, rnd) == A_CALL + parse_card("HA")


def test_the_hand_summary_and_the_sheet_show_the_marks() -> None:
    session = variant_session(SHORT, seed=9)
    game = session.game
    _called(game)
    while game.hands_played < 1:
        game.push(game.legal_actions()[0])
    rd = game.rounds[0]
    face: Any = face_for("fahnder")
    grid = face.summary_grid(game, rd.hand_no, "en", "swiss")
    assert any("the bid of 80" in line for line in grid.before)
    assert [row[0] for row in grid.rows] == ["Card points", "Hand", "Total"]
    assert grid.rows[1][1:] == [f"{m:+d}" for m in rd.marks]
    sheet = face.sheet_grid(game, "en", "swiss")
    assert [row[0] for row in sheet.rows][-3:] == ["Striche", "Nuller", "Total"]
    assert sheet.rows[-1][1:] == [str(v) for v in game.scores]


@pytest.mark.parametrize(("rules", "lang"), [(SHORT, "en"), (SECRET, "de"), (POINTS, "fr")],
                         ids=["standard", "secret", "game_points"])
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
    session = variant_session(SECRET, seed=5)
    app = PuurApp(variant_settings(session.rules), session=session, setup=False,
                  remember=False, save_path=None)
    async with app.run_test(size=(120, 40)) as pilot:
        await play_until_over(pilot, session)
        assert session.is_over
        assert "Game over" in screen_text(app) or session.is_over
