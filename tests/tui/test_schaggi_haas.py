"""Schaggi Haas in the terminal: the demo, the line mode and the full-screen game to the end,
and the face's stock, Besser packets, totals against the target and the dialogs of Bessern,
the discards and the rob."""

from __future__ import annotations

import io

import pytest
from tests.tui.conftest import (
    Answers,
    play_until_over,
    screen_text,
    variant_rules,
    variant_session,
    variant_settings,
)

from puur.cards import CardSet
from puur.demo import run_variant_demo
from puur.i18n import t
from puur.tui.app import PuurApp
from puur.tui.decisions import choice_dialog
from puur.tui.face_schaggi_haas import SchaggiHaasFace
from puur.tui.faces import face_for
from puur.tui.plain import EXIT_OK, run_plain
from puur.tui.session import seat_positions
from puur.variants import get
from puur.variants.schaggi_haas_hand import A_BESSER, A_DISCARD, A_KEEP, A_PASS, A_ROB
from puur.variants.schaggi_haas_hand import SchaggiHaasDeal as Deal

SHORT = variant_rules("schaggi_haas", target=150)
V = get("schaggi_haas")


def m(s: str) -> int:
    return CardSet.from_text(s).bits


def test_the_demo_plays_schaggi_haas() -> None:
    lines: list[str] = []
    game = run_variant_demo(V, SHORT, seed=4, players=["rules", "search:quick"],
                            echo=lines.append)
    assert game.is_over and game.num_seats == 2
    text = "\n".join(lines)
    assert "  Total: " in text and "Stock: face up " in text
    assert any(line.startswith("Game over: First place: ") for line in lines)


def test_the_face_shows_the_stock_the_besser_cards_and_the_rob() -> None:
    # South (seat 0) speaks first and holds the Rosen 6; the Rosen Under lies face up.
    deal = Deal((m("H6 D7 D8 D9 DT DJ DQ DK DA HA HK HQ"),
                 m("S6 S7 S8 S9 ST SJ SQ SK SA C6 C7 C8")), 1, m("HJ").bit_length() - 1,
                (m("C9 CT CJ CQ"), m("CK CA D6 H7")), m("H8 H9 HT"))
    game = V.new_game(variant_rules("schaggi_haas", target=150, deal_by="alternate"), seed=1,
                      deals=[deal])
    face = face_for("schaggi_haas")
    assert isinstance(face, SchaggiHaasFace) and seat_positions(2) == (0, 2)
    obs = game.observation(0)
    text = face.talon(obs, "en", "french", markup=False)
    assert text.startswith("Stock: face up ") and "North's Besser cards lie face down" in text
    dialog = choice_dialog(obs, "en", "french")
    assert dialog is not None and dialog.title_text == t("decide.bessern", "en")
    labels = {a: label for a, label in dialog.choices}
    assert labels == {A_KEEP: t("declare.keep", "en"), A_BESSER: t("declare.besser", "en")}
    game.push(A_BESSER)
    dialog = choice_dialog(game.observation(0), "en", "french")
    assert dialog is not None and len(dialog.choices) == 12
    assert all(a >= A_DISCARD for a, _label in dialog.choices)
    for c in ("D7", "D8", "D9", "DT"):
        game.push(A_DISCARD + m(c).bit_length() - 1)
    game.push(A_KEEP)
    obs = game.observation(0)
    dialog = choice_dialog(obs, "en", "french")
    assert dialog is not None and {a for a, _l in dialog.choices} == {A_ROB, A_PASS}
    assert dict(dialog.choices)[A_ROB] == t("declare.rob", "en")
    assert "South (You) put down 4" in face.talon(obs, "en", "french", markup=False)
    game.push(A_ROB)
    obs = game.observation(1)
    assert "took the turned card" in face.talon(obs, "en", "french", markup=False)
    grid = face.player_grid(obs, "en")
    assert grid.head[-1] == "Total / 150" and len(grid.rows) == 2


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
        await play_until_over(pilot, session)
        assert session.is_over and "First place: " in screen_text(app)
