"""Kreuzjass in the terminal: the demo, the face's contract line, the Salzburg deck, the line mode
and the full-screen game."""

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

from puur.actions import A_CHOOSE, A_PUSH
from puur.cli import main
from puur.contracts import Contract
from puur.demo import run_variant_demo
from puur.i18n import t
from puur.tui.app import GameScreen, InfoScreen, PuurApp
from puur.tui.decisions import choice_dialog
from puur.tui.events import apply_action
from puur.tui.face_kreuzjass import KreuzjassFace
from puur.tui.faces import face_for
from puur.tui.plain import EXIT_OK, run_plain
from puur.tui.render import card_markup, card_text, event_text, seat_name, suit_name
from puur.tui.settings import Settings
from puur.variants import get

SHORT = variant_rules("kreuzjass", target=400)
CUT = variant_rules("kreuzjass", trump_by="cut", target=400)


@pytest.mark.parametrize("preset", ["vorarlberg", "cut", "kreuzjass_romand"])
def test_the_demo_plays_a_whole_game(preset: str) -> None:
    v = get("kreuzjass")
    lines: list[str] = []
    game = run_variant_demo(v, v.preset(preset), seed=4,
                            players=["rules", "random", "search:quick", "rules"],
                            echo=lines.append)
    assert game.is_over and max(game.scores) >= 1000
    text = "\n".join(lines)
    assert ("Trumps cut: " in text) == (preset != "vorarlberg")
    assert ", named by " in text.split("Hand 2")[0] or preset != "vorarlberg"
    assert any(line.startswith("Game over: ") for line in lines)
    assert text.count("Jasstafel:") == 1


def test_puur_demo_shows_kreuzjass_with_the_salzburg_pack(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["demo", "--variant", "kreuzjass", "--seed", "2"]) == 0
    out = capsys.readouterr().out
    assert "❤" in out and "🍃" in out and "♥" not in out
    assert main(["demo", "--variant", "kreuzjass", "--seed", "2", "--deck", "french"]) == 0
    assert "♥" in capsys.readouterr().out


def test_the_salzburg_suits_are_named_in_every_language() -> None:
    names = {lang: [suit_name(s, "salzburg", lang) for s in range(4)]
             for lang in ("en", "de", "fr", "it")}
    assert names["de"] == ["Schelle", "Herz", "Laub", "Eichel"]
    assert names["en"] == ["bells", "hearts", "leaves", "acorns"]
    assert len({n for ns in names.values() for n in ns}) > 8  # translated, not kept
    assert card_text(1 * 9 + 5, "salzburg", "de") == "Herz U"
    assert card_markup(0, "salzburg").endswith("●6ʷ[/]")  # the Weli is marked
    assert "♠" in card_markup(2 * 9, "salzburg") and "#2e7d32" in card_markup(2 * 9, "salzburg")


def test_the_face_tells_the_weli_hand_the_push_and_bock() -> None:
    face = face_for("kreuzjass")
    assert isinstance(face, KreuzjassFace)
    session = variant_session(SHORT, seed=3)
    g = session.game
    obs = g.observation(0)
    _line1, line2 = face.status(session, obs, "en", "salzburg")
    assert "holds the Weli and names trumps" in line2
    g.push(A_CHOOSE + Contract.ROSEN)
    _line1, line2 = face.status(session, g.observation(0), "de", "salzburg")
    assert line2.startswith("Herz Trumpf, bestimmt von")
    while g.hand_no == 1:
        g.push(g.legal_actions()[0])
    g.push(A_PUSH)
    g.push(A_CHOOSE + Contract.OBENABE)
    _line1, line2 = face.status(session, g.observation(0), "en", "salzburg")
    assert line2.startswith("Bock (Obenabe), named by") and "pushed" in line2


def test_the_choosing_dialog_and_the_log_name_bock_and_gais() -> None:
    session = variant_session(SHORT, seed=3)
    g = session.game
    while g.hand_no == 1:
        g.push(g.legal_actions()[0])
    obs = g.observation(g.to_move)
    dialog = choice_dialog(obs, "de", "salzburg")
    assert dialog is not None
    labels = dict(dialog.choices)
    assert labels[A_CHOOSE + Contract.OBENABE] == t("kj.bock", "de")
    assert labels[A_CHOOSE + Contract.UNDENUFE] == t("kj.gais", "de")
    assert labels[A_CHOOSE + Contract.ROSEN] == "Herz Trumpf"
    seat = g.to_move
    events = apply_action(g, A_CHOOSE + Contract.UNDENUFE)
    line = event_text(events[0], "salzburg", "en")
    assert line == t("ev.choose", "en", seat=seat_name(seat, "en"), contract=t("kj.gais", "en"))
    assert "Gais" in line
    # Schieber keeps its names.
    sch = variant_session(variant_rules("schieber"), seed=3).game
    labels = dict(choice_dialog(sch.observation(sch.to_move), "en", "swiss").choices)  # type: ignore[union-attr]
    assert labels[A_CHOOSE + Contract.OBENABE] == t("contract.obe", "en")


def test_the_face_tells_the_cut_card() -> None:
    session = variant_session(CUT, seed=3)
    obs = session.game.observation(0)
    _line1, line2 = face_for("kreuzjass").status(session, obs, "fr", "salzburg")
    assert line2.startswith("Atout coupé : ") and card_text(obs.turned, "salzburg", "fr") in line2


def test_switching_to_kreuzjass_brings_its_deck_unless_one_was_picked() -> None:
    s = Settings()
    s.switch_variant("kreuzjass")
    assert s.deck == "salzburg"
    s.switch_variant("coiffeur")
    assert s.deck == "swiss"
    s.deck = "french"
    s.switch_variant("kreuzjass")
    assert s.deck == "french"


@pytest.mark.parametrize(("rules", "lang"), [(SHORT, "en"), (CUT, "de")], ids=["named", "cut"])
def test_a_whole_game_in_line_mode(rules: Any, lang: str) -> None:
    session = variant_session(rules, seed=7)
    out = io.StringIO()
    code = run_plain(session, Answers(out, ["1"], limit=3000), out, lang=lang,  # type: ignore[arg-type]
                     deck="salzburg")
    text = out.getvalue()
    assert code == EXIT_OK and session.is_over
    assert t("gameover", lang) in text and "Kreuzjass" in text


@pytest.mark.anyio
async def test_a_whole_game_through_the_full_screen_table() -> None:
    session = variant_session(SHORT, seed=5)
    app = PuurApp(variant_settings(session.rules, deck="salzburg"), session=session,
                  setup=False, remember=False, save_path=None)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        for _ in range(1500):
            scr = app.screen
            if isinstance(scr, InfoScreen):
                if scr.kind == "game-over":
                    break
                await pilot.press("enter")
            elif isinstance(scr, GameScreen):
                if session.human_to_move() and session.observation().phase == "play":
                    await play_first_legal(pilot)
                    continue
                await pilot.pause()
            else:
                await pilot.press("1")
            await pilot.pause()
        assert session.is_over
        assert "reach" in screen_text(app)
