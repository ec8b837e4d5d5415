"""Sechser in the terminal: the demo, the face's status lines, the line mode, the full-screen
game, and the dead cards opened in the replay."""

from __future__ import annotations

import io
from pathlib import Path

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

from puur.actions import A_CHOOSE, A_PUSH
from puur.cards import bits
from puur.cli import main
from puur.contracts import Contract
from puur.demo import run_variant_demo
from puur.i18n import t
from puur.record import read_record
from puur.tui.app import GameScreen, InfoScreen, PuurApp
from puur.tui.face_sechser import SechserFace
from puur.tui.faces import face_for
from puur.tui.plain import EXIT_OK, run_plain
from puur.tui.render import card_markup, seat_name
from puur.tui.replay import ReplayScreen
from puur.variants import get

SHORT = variant_rules("sechser", target=300)


def test_the_demo_plays_a_whole_game(capsys: pytest.CaptureFixture[str]) -> None:
    v = get("sechser")
    lines: list[str] = []
    game = run_variant_demo(v, v.preset("short"), seed=4,
                            players=["rules", "random", "search:quick", "rules"],
                            echo=lines.append)
    assert game.is_over and max(game.scores) >= 500
    assert any(line.startswith("Game over: ") for line in lines)
    assert main(["demo", "--variant", "sechser", "--seed", "2"]) == 0
    assert "Game over" in capsys.readouterr().out


def test_the_face_tells_the_contract_the_push_and_the_dealer() -> None:
    face = face_for("sechser")
    assert isinstance(face, SechserFace)
    session = variant_session(SHORT, seed=3)
    g = session.game
    dealer = g.round.dealer
    _line1, line2 = face.status(session, g.observation(0), "en", "swiss")
    assert line2.endswith(t("sx.dealer", "en", seat=seat_name(dealer, "en")))
    g.push(A_PUSH)
    g.push(A_CHOOSE + Contract.OBENABE)
    _line1, line2 = face.status(session, g.observation(0), "de", "swiss")
    assert "12 Karten tot" in line2 and t("pushed_by", "de", seat="")[:5] in line2
    assert "Sechser" in face.intro(session, "en") and "six tricks" in face.intro(session, "en")


def test_a_whole_game_in_line_mode() -> None:
    session = variant_session(SHORT, seed=7)
    out = io.StringIO()
    code = run_plain(session, Answers(out, ["1"], limit=3000), out, lang="en",  # type: ignore[arg-type]
                     deck="swiss")
    text = out.getvalue()
    assert code == EXIT_OK and session.is_over
    assert t("gameover", "en") in text and "Sechser" in text


@pytest.mark.anyio
async def test_the_replay_opens_the_dead_cards(tmp_path: Path) -> None:
    session = variant_session(variant_rules("sechser", target=100), seed=2)
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
        dead = next(line for line in screen_text(app).splitlines()
                    if t("sx.dead_pile", "en") in line)
        cards = bits(rec.to_game().rounds[0].dead)
        assert len(cards) == 12
        for c in cards:
            assert Text.from_markup(card_markup(c, "swiss")).plain in dead
        await pilot.press("q")


@pytest.mark.anyio
async def test_a_whole_game_through_the_full_screen_table() -> None:
    session = variant_session(variant_rules("sechser", target=100), seed=5)
    app = PuurApp(variant_settings(session.rules), session=session,
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
