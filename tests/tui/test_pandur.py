"""Pandur in the terminal: the demo, the line mode and the full-screen game to the end, the
face's roles, and the bid dialog (pass and the bids in words as buttons, the numeric bids in a
number field)."""

from __future__ import annotations

import io

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
from puur.tui.decisions import BID_NUMBER, bid_dialog, bid_number_dialog
from puur.tui.face_pandur import PandurFace
from puur.tui.faces import face_for
from puur.tui.plain import EXIT_OK, PlainGame, run_plain
from puur.tui.widgets import NumberDialog
from puur.variants import get
from puur.variants.pandur_hand import PandurDeal
from puur.variants.pandur_rules import A_PASS, MISERE, bid_action

SHORT = variant_rules("pandur", players=3, target=5)


def test_the_demo_plays_a_whole_game() -> None:
    v = get("pandur")
    lines: list[str] = []
    game = run_variant_demo(v, v.preset("standard"), seed=4,
                            players=["rules", "search:quick", "random", "rules"],
                            echo=lines.append)
    assert game.is_over
    text = "\n".join(lines)
    assert "  Game points: " in text and "deals, sits out" in text
    assert "is the last one left and loses" in text


def _deal() -> PandurDeal:
    from tests.variants.test_pandur import S0, S1, S2

    return PandurDeal((S0, S1, S2, 0), 3)  # seat 3 deals and sits out, seat 0 is Vorhand


def test_the_face_shows_the_auction_and_the_roles() -> None:
    game = get("pandur").new_game(seed=1, deals=[_deal()])
    face = face_for("pandur")
    assert isinstance(face, PandurFace)
    game.push(bid_action(150))
    game.push(A_PASS)
    obs = game.observation(0)
    roles = [row[1] for row in face.player_grid(obs, "en").rows]
    assert roles == ["bid 150", "passed", "to speak", "deals, sits out"]
    assert face.contract_text(obs, "en", "swiss") == "Highest bid 150: South (You)"
    game.push(bid_action(MISERE))
    game.push(A_PASS)
    obs = game.observation(0)
    assert [row[1] for row in face.player_grid(obs, "en").rows][:3] == [
        "against", "against", "soloist"]
    assert "plays Misère for 4" in face.contract_text(obs, "en", "swiss")


def test_the_bid_dialog_has_a_number_field_not_a_button_per_bid() -> None:
    game = get("pandur").new_game(seed=1, deals=[_deal()])
    obs = game.observation(0)
    dialog = bid_dialog(obs, "en", "swiss")
    labels = [label for _a, label in dialog.choices]
    assert labels == ["Pass", "Bid a number (100–300) …", "Misère", "Trumpf-Misère", "Pandur",
                      "Trumpf-Pandur"]
    assert [a for a, _label in dialog.choices][1] == BID_NUMBER
    number = bid_number_dialog(obs, "en", "swiss")
    assert isinstance(number, NumberDialog)
    assert (number.lo, number.hi, number.step) == (100, 300, 10)
    game.push(bid_action(250))
    number = bid_number_dialog(game.observation(1), "en", "swiss")
    assert (number.lo, number.hi) == (260, 300)


def test_the_line_mode_takes_a_bid_as_its_figure() -> None:
    session = variant_session(SHORT, seed=3)
    while not (session.human_to_move() and session.observation().phase == "bid"):
        if session.human_to_move():
            session.act(A_PASS if A_PASS in session.legal_actions() else
                        session.legal_actions()[0])
        else:
            session.bot_step()
    plain = PlainGame(session, io.StringIO(), io.StringIO())
    line = plain.legal_line("bid")
    assert "or type a bid from" in line and "Bid 1" not in line and line.count("=") <= 5
    low = min(v for v in range(100, 310, 10) if bid_action(v) in session.legal_actions())
    assert plain.parse(str(low)) == bid_action(low)
    assert plain.parse("1") == A_PASS


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_whole_game_in_line_mode(lang: str) -> None:
    session = variant_session(SHORT, seed=7)
    out = io.StringIO()
    code = run_plain(session, Answers(out, [], limit=5000), out, lang=lang,  # type: ignore[arg-type]
                     deck="french")
    text = out.getvalue()
    assert code == EXIT_OK and session.is_over
    assert t("gameover", lang) in text and t("pd.gained", lang) in text


@pytest.mark.anyio
async def test_a_whole_game_through_the_full_screen_table() -> None:
    session = variant_session(SHORT, seed=5)
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
        assert session.is_over and "last one left" in screen_text(app)


@pytest.mark.anyio
async def test_the_full_screen_bid_goes_through_the_number_field() -> None:
    from puur.tui.widgets import ChoiceDialog

    session = variant_session(SHORT, seed=3)
    app = PuurApp(variant_settings(session.rules), session=session, setup=False,
                  remember=False, save_path=None)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        for _ in range(50):
            scr = app.screen
            if isinstance(scr, ChoiceDialog) and scr.kind == "bid":
                break
            await pilot.press("enter" if isinstance(scr, InfoScreen) else "1")
            await pilot.pause()
        hand = session.game.round
        assert isinstance(app.screen, ChoiceDialog) and hand.to_move == 0
        await pilot.press("2")  # Bid a number …
        await pilot.pause()
        assert isinstance(app.screen, NumberDialog)
        low = app.screen.lo
        for key in f"{low + 5}":
            await pilot.press(key)
        await pilot.press("enter")  # not in tens: refused, nothing given
        await pilot.pause()
        assert isinstance(app.screen, NumberDialog) and hand.bids[0] is None
        for _ in range(3):
            await pilot.press("backspace")
        for key in f"{low}":
            await pilot.press(key)
        await pilot.press("enter")
        await pilot.pause()
        assert hand.bids[0] == low
