"""Bieter in the terminal: the demo, the line mode and the full-screen game at three and five
seats; the face's auction, columns and secrets."""

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
from puur.tui.events import apply_action
from puur.tui.face_bieter import BieterFace
from puur.tui.faces import face_for
from puur.tui.plain import EXIT_OK, run_plain
from puur.tui.render import event_text
from puur.variants import get
from puur.variants.bieter_rules import A_CALL, A_CONTRACT, A_PASS, bid_action

# Short games: the Bauern need 400 and nobody bids above 360.
SHORT = variant_rules("bieter", target=400, max_bid=360)
TALON = variant_rules("bieter", deal="ten_with_talon", min_bid=300, max_bid=360, target=400)
FIVE = variant_rules("bieter", players=5, target=400, max_bid=360)


@pytest.mark.parametrize(("preset", "seats"), [("jassonkel", 3), ("talon", 3), ("five", 5)])
def test_the_demo_plays_a_whole_game(preset: str, seats: int) -> None:
    v = get("bieter")
    lines: list[str] = []
    names = ["rules", "random", "search:quick", "rules", "random"][:seats]
    game = run_variant_demo(v, v.preset(preset), seed=4, players=names, echo=lines.append)
    assert game.is_over and game.num_seats == seats
    text = "\n".join(lines)
    assert "König: " in text and "Auction" not in text.split("Game over")[-1]
    assert text.count("  Total: ") >= 1
    assert ("North-East" in text) == (seats == 5)
    assert any(line.startswith("Game over: ") for line in lines)


def test_the_face_tells_the_auction_the_koenig_and_the_columns() -> None:
    game = get("bieter").new_game(SHORT, seed=3)
    face = face_for("bieter")
    assert isinstance(face, BieterFace)
    obs = game.observation(0)
    assert face.auction_text(obs, "en").startswith("Auction: no bid yet")
    game.push(bid_action(350))
    assert face.auction_text(game.observation(0), "de").startswith("Versteigerung: 350")
    while game.round.phase == "bid":
        game.push(A_PASS)
    obs = game.observation(0)
    assert face.auction_text(obs, "en").startswith("König: ")
    assert face.columns_text(obs, "en") == "König 0 of 350 — Bauern 0 of 400"
    game.push(A_CONTRACT + 1)
    line = face.contract_text(game.observation(0), "fr", "french", markup=False)
    assert "annoncé par" in line


def test_the_log_tells_a_discard_without_its_card_and_a_call_with_it() -> None:
    game = get("bieter").new_game(TALON, seed=5)
    while game.round.phase == "bid":
        game.push(bid_action(300) if game.to_move == 1 else A_PASS)
    card = game.legal_actions()[0]
    (ev,) = apply_action(game, card)
    line = event_text(ev, "swiss", "en")
    assert ev.kind == "discard" and ev.card == -1 and line.endswith("discards a card face down")
    five = get("bieter").new_game(FIVE, seed=5)
    while five.round.phase == "bid":
        five.push(bid_action(350) if five.to_move == 1 else A_PASS)
    five.push(A_CONTRACT + 0)
    call = five.legal_actions()[0]
    (ev,) = apply_action(five, call)
    assert ev.kind == "call" and "calls" in event_text(ev, "swiss", "en")


def test_five_seats_show_no_partner_before_the_card_falls() -> None:
    session = variant_session(FIVE, seed=6)
    face = face_for("bieter")
    g = session.game
    while g.round.phase == "bid":
        g.push(bid_action(350) if g.to_move == 1 else A_PASS)
    g.push(A_CONTRACT + 1)
    called = max(c for c in range(36) if g.round.hands[2] >> c & 1)
    g.push(A_CALL + called)
    obs = session.observation()
    assert obs.partner == -1 and g.round.partner == 2
    _line1, line2 = face.status(session, obs, "en", "swiss")
    assert "called" in line2 and "partner" not in line2
    assert face.column_grid(obs, "en").rows[0][1] == "-"
    assert face.seat_mark(obs, 2) == "" and face.seat_mark(obs, 1) == " ★"


@pytest.mark.parametrize(("rules", "lang"), [(SHORT, "en"), (TALON, "de"), (FIVE, "it")],
                         ids=["three", "talon", "five"])
def test_a_whole_game_in_line_mode(rules: Any, lang: str) -> None:
    session = variant_session(rules, seed=7)
    out = io.StringIO()
    code = run_plain(session, Answers(out, ["2"], limit=3000), out, lang=lang,  # type: ignore[arg-type]
                     deck="french")
    text = out.getvalue()
    assert code == EXIT_OK and session.is_over
    assert t("gameover", lang) in text and t("bi.total", lang) in text


@pytest.mark.anyio
@pytest.mark.parametrize("rules", [SHORT, FIVE], ids=["three", "five"])
async def test_a_whole_game_through_the_full_screen_table(rules: Any) -> None:
    session = variant_session(rules, seed=5)
    app = PuurApp(variant_settings(session.rules), session=session, setup=False,
                  remember=False, save_path=None)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        for _ in range(1500):
            scr = app.screen
            if isinstance(scr, InfoScreen):
                if scr.kind == "game-over":
                    break
                await pilot.press("enter")
            elif isinstance(scr, GameScreen):
                if session.game.num_seats == 5:
                    assert len(list(scr.query("SeatPanel"))) == 5
                if session.human_to_move() and session.observation().phase == "play":
                    await play_first_legal(pilot)
                    continue
                await pilot.pause()
            else:
                await pilot.press("1")
            await pilot.pause()
        assert session.is_over
        text = screen_text(app)
        assert "reaches" in text or "reach" in text
