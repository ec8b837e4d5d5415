"""Offener Jass in the terminal: the demo, the line mode and the full-screen game to the end,
the face's rows on the table, and a face-up card of the human's own played like the hand's."""

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

from puur.cards import parse_card
from puur.demo import run_variant_demo
from puur.i18n import t
from puur.tui.app import CardWidget, GameScreen, InfoScreen, PuurApp
from puur.tui.decisions import MAX_BIDS, choice_dialog
from puur.tui.face_offener_jass import COVERED, EMPTY, OffenerJassFace, table_row
from puur.tui.faces import face_for
from puur.tui.plain import EXIT_OK, ordered_choices, run_plain
from puur.tui.reasons import why_illegal
from puur.variants import get
from puur.variants.offener_jass import parse_deal_line
from puur.variants.offener_jass_rules import A_CHOOSE, A_PASS, bid_action

SHORT = variant_rules("offener_jass", target=10)
V = get("offener_jass")
EICHELN = 3
# Dealer 1: the human (seat 0) opens. He holds only Schellen in his hand and the Rosen 6 face
# up with the Schilten Under under it.
DEAL = ("1 D6 D7 D8 D9 DT DJ / HQ HK HA CQ CK CA ; up H6 S6 S7 S8 S9 ST / H7 H8 H9 HT HJ DQ ; "
        "down SJ SQ SK SA C6 C7 / DK DA C8 C9 CT CJ")


def card(token: str) -> int:
    return parse_card(token)


def test_the_demo_plays_offener_jass() -> None:
    lines: list[str] = []
    game = run_variant_demo(V, SHORT, seed=4, players=["rules", "search:quick"],
                            echo=lines.append)
    assert game.is_over and game.num_seats == 2
    text = "\n".join(lines)
    assert " plays for " in text and "  Total: " in text
    assert any(line.startswith("Game over: ") and " reaches 10 with " in line for line in lines)


def test_the_face_shows_both_rows_with_the_face_down_marks() -> None:
    game = V.new_game(SHORT, seed=1, deals=[parse_deal_line(DEAL)])
    face = face_for("offener_jass")
    assert isinstance(face, OffenerJassFace)
    obs = game.observation(0)
    row = table_row(obs, 0, "french", markup=False)
    assert row.count(COVERED) == 6 and EMPTY not in row
    dialog = choice_dialog(obs, "en", "french")
    assert dialog is not None and bid_action(60) in dict(dialog.choices)
    assert A_PASS not in dict(dialog.choices)  # the opening bid is a must
    assert "East" not in dialog.text and "North: " in dialog.text and COVERED in dialog.text
    game.push(bid_action(60))
    game.push(A_PASS)
    game.push(A_CHOOSE + EICHELN)
    game.push(card("H6"))  # from the table: the Schilten Under comes up
    obs = game.observation(0)
    assert table_row(obs, 0, "french", markup=False).count(COVERED) == 5
    lines = face.state_lines(variant_session(SHORT), obs, "en", "french")
    assert t("oj.table", "en") in lines


def test_the_human_plays_a_face_up_card_like_the_hand() -> None:
    from puur.tui.session import PlaySession

    game = V.new_game(SHORT, seed=2, deals=[parse_deal_line(DEAL)])
    session = PlaySession(game=game, bots=["random"])
    game.push(bid_action(60))
    game.push(A_PASS)
    game.push(A_CHOOSE + EICHELN)
    # The human leads: his six face-up cards are offered with his hand.
    choices = ordered_choices(session)
    assert card("H6") in choices and card("ST") in choices and len(choices) == 12
    game.push(card("H6"))
    game.push(card("HA"))  # North takes the trick and leads
    game.push(card("H7"))
    obs = game.observation(0)
    # The human holds no Rosen any more, in hand or face up: any card, the Schilten Under that
    # came up under the Rosen 6 too.
    assert card("SJ") in ordered_choices(session) and not obs.hand >> card("SJ") & 1


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_whole_game_in_line_mode(lang: str) -> None:
    session = variant_session(SHORT, seed=7)
    out = io.StringIO()
    code = run_plain(session, Answers(out, [], limit=5000), out, lang=lang,  # type: ignore[arg-type]
                     deck="french")
    text = out.getvalue()
    assert code == EXIT_OK and session.is_over
    assert t("gameover", lang) in text and t("oj.table", lang) in text


@pytest.mark.anyio
async def test_a_whole_game_through_the_full_screen_table() -> None:
    session = variant_session(SHORT, seed=5)
    app = PuurApp(variant_settings(session.rules), session=session, setup=False,
                  remember=False, save_path=None)
    played_from_table = 0
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        for _ in range(800):
            scr = app.screen
            if isinstance(scr, InfoScreen):
                if scr.kind == "game-over":
                    break
                await pilot.press("enter")
            elif isinstance(scr, GameScreen):
                obs = session.observation()
                shown = {w.card for w in scr.query(CardWidget) if w.card >= 0}
                assert sum(1 << c for c in shown) == obs.playable or not session.human_to_move()
                played_from_table += bool(obs.table_mask(0) & ~obs.hand)
                await play_first_legal(pilot)
                continue
            else:
                await pilot.press("1")
            await pilot.pause()
        assert session.is_over and "reaches 10" in screen_text(app)
    assert played_from_table > 0


def test_a_refused_card_says_it_must_follow_from_the_table() -> None:
    game = V.new_game(SHORT, seed=1, deals=[parse_deal_line(DEAL)])
    game.push(bid_action(60))
    game.push(A_PASS)
    game.push(A_CHOOSE + EICHELN)
    game.pop()
    game.pop()
    game.pop()
    game.push(bid_action(60))  # seat 0 bids, seat 1 raises and leads Rosen
    game.push(bid_action(65))
    game.push(A_PASS)
    game.push(A_CHOOSE + EICHELN)
    game.push(card("HA"))
    obs = game.observation(0)
    assert obs.legal_actions == (card("H6"),)
    why = why_illegal(obs, card("D6"))
    assert why.key == "why.follow"


def test_the_opening_bid_dialog_lists_a_screenful_from_the_lowest_to_157() -> None:
    game = V.new_game(SHORT, seed=1, deals=[parse_deal_line(DEAL)])
    dialog = choice_dialog(game.observation(0), "en", "french")
    assert dialog is not None
    values = [a - bid_action(0) for a, _label in dialog.choices]
    assert len(values) == MAX_BIDS and values[:5] == [60, 61, 62, 63, 64]
    assert values[-1] == 157 and values == sorted(values)
    game.push(bid_action(100))
    game.push(bid_action(150))  # the human may pass, or raise from 155 to 157
    choices = dict(choice_dialog(game.observation(0), "en", "french").choices)  # type: ignore[union-attr]
    assert set(choices) == {A_PASS, bid_action(155), bid_action(156), bid_action(157)}


@pytest.mark.anyio
async def test_the_full_screen_table_asks_the_opening_bid_on_a_small_screen() -> None:
    from puur.tui.session import PlaySession
    from puur.tui.widgets import ChoiceDialog

    game = V.new_game(SHORT, seed=1, deals=[parse_deal_line(DEAL)])
    session = PlaySession(game=game, bots=["random"])
    app = PuurApp(variant_settings(session.rules), session=session, setup=False,
                  remember=False, save_path=None)
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(20):
            await pilot.pause()
            if isinstance(app.screen, ChoiceDialog):
                break
        assert isinstance(app.screen, ChoiceDialog) and app.screen.kind == "bid"
        await pilot.press("2")  # the second choice: a bid of 61
        await pilot.pause()
        assert game.round.calls[0] == (0, 61)


@pytest.mark.anyio
async def test_the_setup_screen_shows_every_option_whole_at_80x24() -> None:
    from tests.tui.test_small_screens import test_every_variant_setup_at_80x24 as setup_check

    await setup_check("offener_jass", "", "fr")  # the longest labels and values
