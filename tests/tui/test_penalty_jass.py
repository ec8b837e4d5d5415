"""The Strafpunktjass in the terminal: the demo, the line mode and the full-screen game, the
face's score panel and hand summary, the declaration's question and its secrecy in the log."""

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
from puur.tui.decisions import choice_dialog
from puur.tui.events import apply_action
from puur.tui.face_penalty_jass import PenaltyJassFace
from puur.tui.faces import face_for
from puur.tui.plain import EXIT_OK, run_plain
from puur.variants import get
from puur.variants.penalty_jass_hand import A_DECLARE, A_QUIET, PenaltyJassDeal
from puur.variants.penalty_jass_rules import PenaltyJassRules

ONE_HAND = variant_rules("penalty_jass", penalty_limit=1)
#: A seed whose first deal gives the human (seat 0) the Schellen Ober bare.
BARE_SEED = 81
# The worked example of the page: seat 0 leads, wins trick 1 and the last, seat 2 takes the
# Schellen Ober in trick 2.
DEAL = ("HA SA CA HK SK CK CT D6 D8", "DQ DJ D7 HJ H8 SJ S8 CJ C8",
        "DA DK DT HQ HT H7 SQ ST CQ", "D9 H9 H6 S9 S7 S6 C9 C7 C6")
EXAMPLE = ("HA H8 H7 H6 D6 DQ DA D9 HQ H9 HK HJ SA S8 ST S6 SK SJ SQ S7 D8 D7 DK S9 "
           "C6 CA C8 CQ CK CJ HT C7 CT DJ DT C9")
# Seat 1 holds the Schellen Ober bare.
BARE = ("HA SA CA HK SK CK CT D6 D8", "DQ H9 S9 HJ H8 SJ S8 CJ C8",
        "DA DK DT HQ HT H7 SQ ST CQ", "D9 DJ D7 H6 S7 S6 C9 C7 C6")


def _card(tok: str) -> int:
    return CardSet.from_text(tok).bits.bit_length() - 1


def _game(hands: tuple[str, ...], rules: PenaltyJassRules | None = None) -> object:
    deal = PenaltyJassDeal(tuple(CardSet.from_text(h).bits for h in hands), 3)
    return get("penalty_jass").new_game(rules or PenaltyJassRules(penalty_limit=1), seed=1,
                                        deals=[deal])


async def _play_first_legal(pilot: Pilot[int]) -> None:
    """Press the key of the first card the human may play (nine cards: 1-9)."""
    from puur.tui.app import CardWidget

    legal = [i for i, w in enumerate(pilot.app.screen.query(CardWidget)) if w.legal]
    if legal:
        await pilot.press("123456789"[legal[0]])
    await pilot.pause()


def test_the_demo_plays_a_game() -> None:
    v = get("penalty_jass")
    lines: list[str] = []
    rules = v.rules_from_dict({"preset": "standard", "penalty_limit": 3})
    game = run_variant_demo(v, rules, seed=4,
                            players=["rules", "random", "search:quick", "rules"],
                            echo=lines.append)
    assert game.is_over and game.num_seats == 4
    assert any(line.startswith("Game over: ") for line in lines)
    assert any("Penalty card: " in line for line in lines)


def test_the_summary_shows_who_paid_for_what() -> None:
    game = _game(DEAL)
    for tok in EXAMPLE.split():
        game.push(_card(tok))  # type: ignore[attr-defined]
    face = face_for("penalty_jass")
    assert isinstance(face, PenaltyJassFace)
    grid = face.summary_grid(game, 1, "en", "swiss")
    rows = {r[0]: r[1:] for r in grid.rows}
    assert rows[t("pj.first_trick", "en")] == ["1", "0", "0", "0"]
    assert rows[t("pj.penalty_card", "en")] == ["0", "0", "1", "0"]
    assert rows[t("pj.last_trick", "en")] == ["1", "0", "0", "0"]
    assert rows[t("mo.total", "en")] == ["2", "0", "1", "0"]
    assert "Schilten" in grid.before[0] and "Penalty card" in grid.before[0]
    assert "South 2" in face.hand_total_line(game, 1, "en", "swiss")
    panel = face.player_grid(game.observation(0), "de")  # type: ignore[attr-defined]
    assert panel.rows[0][1:] == ["2", "2"] and panel.rows[2][1:] == ["1", "1"]
    assert "South" in face.final_text(game, "en") and "loses" in face.final_text(game, "en")


def test_the_question_offers_both_answers_and_keeping_quiet_is_not_logged() -> None:
    game = _game(BARE)
    apply_action(game, _card("HA"))
    obs = game.observation(1)  # type: ignore[attr-defined]
    dialog = choice_dialog(obs, "en", "swiss")
    assert dialog is not None and dialog.title_text == t("decide.bare_card", "en")
    assert [label for _a, label in dialog.choices] == [t("declare.bare", "en"),
                                                       t("declare.quiet", "en")]
    assert "bare" in dialog.text
    quiet = apply_action(game, A_QUIET)
    assert not [e for e in quiet if e.kind == "declare"]  # the human learns nothing
    other = _game(BARE)
    apply_action(other, _card("HA"))
    said = apply_action(other, A_DECLARE)
    assert [e.kind for e in said] == ["declare"]


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_whole_game_in_line_mode_with_the_question(lang: str) -> None:
    session = variant_session(ONE_HAND, seed=BARE_SEED)
    out = io.StringIO()
    code = run_plain(session, Answers(out, [], limit=3000), out, lang=lang,  # type: ignore[arg-type]
                     deck="french")
    text = out.getvalue()
    assert code == EXIT_OK and session.is_over
    assert t("gameover", lang) in text and t("pj.first_trick", lang) in text
    assert t("declare.bare", lang) in text  # the human was asked


@pytest.mark.anyio
async def test_a_whole_game_through_the_full_screen_table() -> None:
    session = variant_session(ONE_HAND, seed=BARE_SEED)
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
                assert len(list(scr.query("SeatPanel"))) == 4
                if session.human_to_move():
                    await _play_first_legal(pilot)
                    continue
                await pilot.pause()
            else:
                await pilot.press("1")  # the declaration's dialog: declare
            await pilot.pause()
        assert session.is_over and "loses" in screen_text(app), screen_text(app)
    assert session.game.rounds[0].declared_seat == 0


def test_a_hint_gives_the_expected_penalty_points() -> None:
    face = face_for("penalty_jass")
    obs = get("penalty_jass").new_game(seed=2).observation(0)
    hint = face.hint_note(None, obs, "CA", -0.44, 0)  # type: ignore[arg-type]
    assert hint.key == "hint.penalty_jass" and dict(hint.args)["value"] == "0.4"
    assert face.hint_note(None, obs, "CA", None, 0).key == "hint_plain"  # type: ignore[arg-type]
