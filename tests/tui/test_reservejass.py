"""Reservejass in the terminal: the demo, the line mode and the full-screen game to the end, and
the face's reserve, the dead hand, the totals against the target and the dialogs of the choice
and of the others' swap."""

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

from puur.cards import CardSet
from puur.demo import run_variant_demo
from puur.i18n import t
from puur.tui.app import GameScreen, InfoScreen, PuurApp
from puur.tui.decisions import choice_dialog
from puur.tui.face_reservejass import ReservejassFace
from puur.tui.faces import face_for
from puur.tui.plain import EXIT_OK, run_plain
from puur.variants import get
from puur.variants.reservejass_hand import A_CHOOSE, A_KEEP, A_SWAP, ReservejassDeal

SHORT = variant_rules("reservejass", target=150)
V = get("reservejass")


def test_the_demo_plays_reservejass() -> None:
    lines: list[str] = []
    game = run_variant_demo(V, SHORT, seed=4, players=["rules", "random", "search:quick"],
                            echo=lines.append)
    assert game.is_over and game.num_seats == 3
    text = "\n".join(lines)
    assert "  Total: " in text and ("Reserve: 9 cards" in text or "took the reserve" in text)
    assert any(line.startswith("Game over: First place: ") for line in lines)


def _deal() -> ReservejassDeal:
    def m(s: str) -> int:
        return CardSet.from_text(s).bits

    return ReservejassDeal((m("D6 D7 D8 D9 DT DJ DQ DK DA"), m("H6 H7 H8 H9 HT HJ HQ HK HA"),
                            m("S6 S7 S8 S9 ST SJ SQ SK SA")), 2,
                           m("C6 C7 C8 C9 CT CJ CQ CK CA"))


def test_the_face_shows_the_choice_the_reserve_and_the_dead_hand() -> None:
    rules = variant_rules("reservejass", target=150, others_swap=True)
    game = V.new_game(rules, seed=1, deals=[_deal()])
    face = face_for("reservejass")
    assert isinstance(face, ReservejassFace)
    obs = game.observation(0)
    assert face.talon(obs, "en", "french", markup=False) == "Reserve: 9 cards face down"
    assert face.trumps(obs, "en", "french", markup=False) == "South (You) chooses"
    dialog = choice_dialog(obs, "en", "french")
    assert dialog is not None
    labels = {a: label for a, label in dialog.choices}
    assert set(labels) == set(obs.legal_actions) and len(labels) == 7
    assert labels[A_SWAP] == t("declare.reserve", "en")
    assert dialog.title_text == t("decide.reserve", "en") and "Reserve: 9 cards" in dialog.text
    game.push(A_CHOOSE + 1)
    assert "Trumps: " in face.trumps(game.observation(0), "en", "french", markup=False)
    assert choice_dialog(game.observation(0), "en", "french") is None  # East decides now
    dialog = choice_dialog(game.observation(1), "en", "french")
    assert dialog is not None and dialog.title_text == t("decide.take", "en")
    assert {label for _a, label in dialog.choices} == {t("declare.reserve", "en"),
                                                       t("declare.keep", "en")}
    game.push(A_KEEP)
    game.push(A_SWAP)  # the third seat takes the reserve
    text = face.talon(game.observation(0), "en", "french", markup=False)
    assert "took the reserve; dead hand: 9 cards" in text
    grid = face.player_grid(game.observation(0), "en")
    assert grid.head[-1] == "Total / 150" and len(grid.rows) == 3


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_whole_game_in_line_mode(lang: str) -> None:
    # South chooses the first hand: he swaps by typing the word, then names a mode.
    session = variant_session(SHORT, seed=1)
    assert session.observation().legal_actions
    out = io.StringIO()
    code = run_plain(session, Answers(out, ["reserve"], limit=5000), out,  # type: ignore[arg-type]
                     lang=lang, deck="french")
    text = out.getvalue()
    assert code == EXIT_OK and session.is_over
    assert t("declare.reserve", lang) in text and t("gameover", lang) in text
    first = session.game.rounds[0]
    assert first.swapper == 0 and first.words[0] == (0, A_SWAP)


@pytest.mark.anyio
async def test_a_whole_game_through_the_full_screen_table() -> None:
    session = variant_session(SHORT, seed=5)
    app = PuurApp(variant_settings(session.rules), session=session, setup=False,
                  remember=False, save_path=None)
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
                await pilot.press("1")
            await pilot.pause()
        assert session.is_over and "First place: " in screen_text(app)
