"""Mittlere in the terminal: the demo, the line mode and the full-screen game, the face's
score panel and hand summary (card points, tricks, Striche and Nuller)."""

from __future__ import annotations

import io

import pytest
from tests.tui.conftest import (
    Answers,
    screen_text,
    variant_rules,
    variant_session,
    variant_settings,
)
from textual.pilot import Pilot

from puur.cards import CardSet
from puur.demo import run_variant_demo
from puur.i18n import t
from puur.tui.app import GameScreen, InfoScreen, PuurApp
from puur.tui.face_mittlere import MittlereFace
from puur.tui.faces import face_for
from puur.tui.plain import EXIT_OK, run_plain
from puur.variants import get
from puur.variants.mittlere_hand import MittlereDeal
from puur.variants.mittlere_rules import MittlereRules

SHORT = variant_rules("mittlere", hands=1)
#: The keys of the cards in a hand of twelve, left to right.
CARD_KEYS = "1234567890ab"


async def _play_first_legal(pilot: Pilot[int]) -> None:
    """Press the key of the first card the human may play (twelve cards: 1-9, 0, a, b)."""
    from puur.tui.app import CardWidget

    n = next(i for i, w in enumerate(pilot.app.screen.query(CardWidget)) if w.legal)
    await pilot.press(CARD_KEYS[n])
    await pilot.pause()

# Seat 0 (the Vorhand: seat 2 deals) holds the Ace, King and Ober of every suit: a Match.
MATCH = (
    "DA DK DQ HA HK HQ SA SK SQ CA CK CQ",
    "DJ DT D9 HJ HT H9 SJ ST S9 CJ CT C9",
    "D8 D7 D6 H8 H7 H6 S8 S7 S6 C8 C7 C6",
)


def test_the_demo_plays_mittlere() -> None:
    v = get("mittlere")
    lines: list[str] = []
    game = run_variant_demo(v, v.rules_from_dict({"preset": "standard", "hands": 2}), seed=4,
                            players=["rules", "random", "search:quick"], echo=lines.append)
    assert game.is_over and game.num_seats == 3 and len(game.rounds) == 2
    assert any(line.startswith("Game over: First place: ") for line in lines)


def test_the_summary_shows_a_match_and_its_marks() -> None:
    deal = MittlereDeal(tuple(CardSet.from_text(h).bits for h in MATCH), 2)
    game = get("mittlere").new_game(MittlereRules(hands=1), seed=1, deals=[deal])
    for s in "DHSC":
        for hi, mid, lo in (("A", "J", "8"), ("K", "T", "7"), ("Q", "9", "6")):
            for tok in (s + hi, s + mid, s + lo):
                game.push(CardSet.from_text(tok).bits.bit_length() - 1)
    assert game.is_over
    face = face_for("mittlere")
    assert isinstance(face, MittlereFace)
    grid = face.summary_grid(game, 1, "en", "swiss")
    rows = {r[0]: r[1:] for r in grid.rows}
    assert rows[t("mo.card_points", "en")] == ["157", "0", "0"]
    assert rows[t("mi.tricks", "en")] == ["12", "0", "0"]
    assert rows[t("mo.striche", "en")] == ["2", "0", "0"]
    assert rows[t("mo.nuller", "en")] == ["0", "1", "1"]
    assert rows[t("mo.total", "en")] == ["2", "-1", "-1"]
    assert "South 2" in face.hand_total_line(game, 1, "en", "swiss")
    panel = face.player_grid(game.observation(0), "de")
    assert panel.head[2] == "Stiche" and panel.rows[0][1:] == ["157", "12", "2"]


@pytest.mark.parametrize("lang", ["en", "de", "fr", "it"])
def test_a_whole_game_in_line_mode(lang: str) -> None:
    session = variant_session(SHORT, seed=7)
    out = io.StringIO()
    code = run_plain(session, Answers(out, [], limit=3000), out, lang=lang,  # type: ignore[arg-type]
                     deck="french")
    text = out.getvalue()
    assert code == EXIT_OK and session.is_over
    assert t("gameover", lang) in text and t("mi.tricks", lang) in text


@pytest.mark.anyio
async def test_a_whole_game_through_the_full_screen_table() -> None:
    session = variant_session(SHORT, seed=5)
    app = PuurApp(variant_settings(session.rules), session=session, setup=False,
                  remember=False, save_path=None)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        for _ in range(400):
            scr = app.screen
            if isinstance(scr, InfoScreen):
                if scr.kind == "game-over":
                    break
                await pilot.press("enter")
            elif isinstance(scr, GameScreen):
                assert len(list(scr.query("SeatPanel"))) == 3
                if session.human_to_move():
                    await _play_first_legal(pilot)
                    continue
                await pilot.pause()
            else:
                await pilot.press("1")
            await pilot.pause()
        assert session.is_over and "First place: " in screen_text(app), screen_text(app)


def test_a_hint_gives_the_expected_marks_with_their_sign() -> None:
    face = face_for("mittlere")
    obs = get("mittlere").new_game(seed=2).observation(0)
    hint = face.hint_note(None, obs, "CA", -0.44, 0)  # type: ignore[arg-type]
    assert hint.key == "hint.mittlere" and dict(hint.args)["value"] == "-0.4"
    assert "expected marks" in t("hint.mittlere", "en", action="CA", value="-0.4")
    assert face.hint_note(None, obs, "CA", None, 0).key == "hint_plain"  # type: ignore[arg-type]
