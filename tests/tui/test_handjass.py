"""Handjass in the terminal: the demo at every table size, the line mode and the full-screen game
to the end, and the face's roles, score panel and hand summary."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import pytest
from rich.text import Text
from tests.tui.conftest import (
    Answers,
    play_first_legal,
    screen_text,
    variant_rules,
    variant_session,
    variant_settings,
)

from puur.cards import bits
from puur.demo import run_variant_demo
from puur.i18n import t
from puur.record import read_record
from puur.tui.app import GameScreen, InfoScreen, PuurApp, ReplayScreen
from puur.tui.decisions import choice_dialog
from puur.tui.face_handjass import HandjassFace
from puur.tui.faces import face_for
from puur.tui.plain import EXIT_OK, run_plain
from puur.tui.render import card_markup
from puur.variants import get
from puur.variants.handjass_hand import A_DROP, A_PLAY

SHORT = variant_rules("handjass", target=2)
TWO = variant_rules("handjass", players=2, target=2)
FIVE = variant_rules("handjass", players=5, target=1)
THREE = variant_rules("handjass", players=3, target=2)


@pytest.mark.parametrize("seats", [2, 3, 4, 5])
def test_the_demo_plays_handjass_at_every_table(seats: int) -> None:
    v = get("handjass")
    rules = v.rules_from_dict({"preset": "standard", "players": seats, "target": 2})
    lines: list[str] = []
    names = ["rules", "random", "search:quick", "random", "rules"][:seats]
    game = run_variant_demo(v, rules, seed=4, players=names, echo=lines.append)
    assert game.is_over and game.num_seats == seats
    text = "\n".join(lines)
    assert "  Net: " in text and "  Striche: " in text and "  In the hand: " in text
    assert ("North-East" in text) == (seats == 5)
    assert ("North" in text) == (seats != 3)  # two players sit face to face
    assert any(line.startswith("Game over: First place: ") for line in lines)


def test_the_face_shows_who_plays_who_dropped_and_who_left() -> None:
    game = get("handjass").new_game(SHORT, seed=3)
    face = face_for("handjass")
    assert isinstance(face, HandjassFace)
    hand = game.round
    first = hand.to_move
    game.push(A_DROP)
    game.push(A_PLAY)
    obs = game.observation(0)
    grid = face.player_grid(obs, game.marks(), "en")
    roles = {row[0]: row[1] for row in grid.rows}
    assert list(roles.values()).count("dropped") == 1 and list(roles.values()).count("plays") == 1
    assert roles[[r[0] for r in grid.rows][first]] == "dropped"
    assert "(turned " in face.trumps(obs, "en", "french", markup=False)
    assert "(aufgedeckt " in face.trumps(obs, "de", "swiss", markup=False)


def test_the_declaring_dialog_offers_the_words() -> None:
    game = get("handjass").new_game(THREE, seed=2)
    while game.to_move != 0:
        game.push(A_PLAY)
    dialog = choice_dialog(game.observation(0), "en", "french")
    assert dialog is not None
    labels = [label for _a, label in dialog.choices]
    assert labels[:2] == [t("declare.play", "en"), t("declare.drop", "en")]
    assert any("blind" in label for label in labels)


@pytest.mark.parametrize(("rules", "lang"), [(SHORT, "en"), (FIVE, "de"), (THREE, "fr")],
                         ids=["four", "five", "three"])
def test_a_whole_game_in_line_mode(rules: Any, lang: str) -> None:
    session = variant_session(rules, seed=7)
    out = io.StringIO()
    code = run_plain(session, Answers(out, [], limit=5000), out, lang=lang,  # type: ignore[arg-type]
                     deck="french")
    text = out.getvalue()
    assert code == EXIT_OK and session.is_over
    assert t("gameover", lang) in text and t("hj.net", lang) in text
    assert t("declare.play", lang) in text


@pytest.mark.anyio
@pytest.mark.parametrize("rules", [SHORT, FIVE, TWO], ids=["four", "five", "two"])
async def test_a_whole_game_through_the_full_screen_table(rules: Any) -> None:
    session = variant_session(rules, seed=5)
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
        if session.game.num_seats == 2:
            assert "North" in screen_text(app) and "East" not in screen_text(app)


@pytest.mark.anyio
async def test_the_replay_opens_the_blind_and_the_dead_hand(tmp_path: Path) -> None:
    """A saved game of two replays with the blind and the dead hand face up under the hands."""
    session = variant_session(variant_rules("handjass", players=2, target=3), seed=2)
    while not session.is_over:
        if session.human_to_move():
            session.act(session.legal_actions()[0])
        else:
            session.run_bots()
    rec = read_record(session.save(tmp_path / "g.puur"))
    app = PuurApp(variant_settings(session.rules), replay=rec, remember=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ReplayScreen)
        text = screen_text(app)
        assert t("hj.blind", "en") in text
        dead = next(line for line in text.splitlines() if t("hj.dead", "en") in line)
        cards = bits(rec.to_game().rounds[0].deal.dead)
        assert len(cards) == 9, cards
        for c in cards:
            assert Text.from_markup(card_markup(c, "swiss")).plain in dead
        await pilot.press("q")
