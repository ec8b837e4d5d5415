"""Königsjass in the terminal: the demo, the line mode and the full-screen game to the end, and
the face's talon, totals against the target and the dialogs of the exchange and the swap."""

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
from puur.tui.decisions import choice_dialog
from puur.tui.face_koenigsjass import KoenigsjassFace
from puur.tui.faces import face_for
from puur.tui.plain import EXIT_OK, run_plain
from puur.variants import get
from puur.variants.koenigsjass_hand import A_EXCHANGE, A_KEEP, A_SWAP, KoenigsjassDeal

SHORT = variant_rules("koenigsjass", target=150)
V = get("koenigsjass")


def test_the_demo_plays_koenigsjass() -> None:
    lines: list[str] = []
    game = run_variant_demo(V, SHORT, seed=4, players=["rules", "random", "search:quick"],
                            echo=lines.append)
    assert game.is_over and game.num_seats == 3
    text = "\n".join(lines)
    assert "  Total: " in text and ("Talon: 9 cards" in text or "took the talon" in text)
    assert any(line.startswith("Game over: First place: ") for line in lines)


def _deal() -> KoenigsjassDeal:
    from puur.cards import CardSet

    def m(s: str) -> int:
        return CardSet.from_text(s).bits

    return KoenigsjassDeal((m("H6 D7 D8 D9 DT DJ DQ DK DA"), m("C6 C7 C8 C9 CT CJ CQ CK CA"),
                            m("S6 S7 S8 S9 ST SJ SQ SK SA")), 2,
                           m("D6 HJ H7 H8 H9 HT HQ HK HA"), m("HA").bit_length() - 1)


def test_the_face_shows_the_talon_the_exchange_and_the_totals() -> None:
    game = V.new_game(SHORT, seed=1, deals=[_deal()])
    face = face_for("koenigsjass")
    assert isinstance(face, KoenigsjassFace)
    obs = game.observation(0)
    assert "Talon: 9 cards, face up " in face.talon(obs, "en", "french", markup=False)
    dialog = choice_dialog(obs, "en", "french")
    assert dialog is not None
    labels = {a: label for a, label in dialog.choices}
    assert labels[A_EXCHANGE] == t("declare.exchange", "en")
    assert labels[A_KEEP] == t("declare.keep", "en") and A_SWAP in labels
    assert dialog.title_text == t("decide.swap", "en") and "Talon: 9 cards" in dialog.text
    game.push(A_EXCHANGE)
    game.push(A_KEEP)
    game.push(A_SWAP)  # East takes the talon with the 6 face up on it
    obs = game.observation(0)
    text = face.talon(obs, "en", "french", markup=False)
    assert "East took the talon; dead hand: 9 cards" in text and "took the turned card" in text
    grid = face.player_grid(obs, "en")
    assert grid.head[-1] == "Total / 150" and len(grid.rows) == 3
    # Another seat's dialog is not shown: the exchange is asked of the seat to move only.
    assert choice_dialog(game.observation(1), "en", "french") is None


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_whole_game_in_line_mode(lang: str) -> None:
    session = variant_session(SHORT, seed=7)
    out = io.StringIO()
    code = run_plain(session, Answers(out, [], limit=5000), out, lang=lang,  # type: ignore[arg-type]
                     deck="french")
    text = out.getvalue()
    assert code == EXIT_OK and session.is_over
    assert t("gameover", lang) in text and t("declare.keep", lang) in text


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
