"""The keys of the table through Textual's pilot: undo right after a card that completed a
trick and while a computer player thinks, the hint and what its value means, leaving with or
without saving, a resumed game's log, the log after a language switch, refusals with reasons."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest
from tests.tui.conftest import FAST, app_settings, crafted_game, play_first_legal, screen_text
from textual.widgets import RichLog

from puur.observation import Observation
from puur.record import read_record
from puur.tui.app import CardWidget, ChoiceDialog, GameScreen, PuurApp
from puur.tui.session import PlaySession

SIZE = (120, 40)
pytestmark = pytest.mark.anyio


def _app(session: PlaySession, tmp: Path | None = None, **kw: object) -> PuurApp:
    return PuurApp(app_settings(**kw), session=session, seed=5, setup=False, remember=False,
                   save_path=(tmp / "saved.puur") if tmp else None)


def _game(app: PuurApp) -> GameScreen:
    return next(s for s in app.screen_stack if isinstance(s, GameScreen))


def _human_completes_a_trick(seed: int = 1) -> PlaySession:
    """A session where the human is about to play the last card of a trick (not the last
    trick of the hand)."""
    for k in range(seed, seed + 40):
        s = PlaySession(FAST, ["random"] * 3, seed=k)
        while not s.is_over and s.game.hand_no == 1:
            obs = s.observation()
            if (s.human_to_move() and obs.phase == "play" and len(obs.trick) == 3
                    and obs.trick_no < 8):
                return s
            if s.human_to_move():
                s.act(s.legal_actions()[0])
            else:
                s.bot_step()
    raise AssertionError("no such position")


async def test_undo_right_after_the_card_that_completed_a_trick() -> None:
    session = _human_completes_a_trick()
    before = session.observation()
    # A long delay: the computer players have not moved yet when undo is pressed.
    app = PuurApp(app_settings(delay=30.0), session=session, setup=False, remember=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await play_first_legal(pilot)
        assert len(session.observation().trick_winners) == len(before.trick_winners) + 1
        await pilot.press("u")
        await pilot.pause()
        after = session.observation()
        assert after.history == before.history and after.hand == before.hand
        assert session.human_to_move()
        log = _game(app).query_one("#log", RichLog)
        assert any("taken back" in line.text for line in log.lines)
        assert not any("Nothing to undo" in line.text for line in log.lines)


async def test_keys_work_while_a_computer_player_thinks_and_undo_drops_its_move() -> None:
    session = _human_completes_a_trick()
    before = session.observation()
    app = PuurApp(app_settings(delay=0.01), session=session, setup=False, remember=False)
    thinking = threading.Event()
    release = threading.Event()
    for s in (1, 2, 3):
        original = session.bots[s].act

        def slow(obs: Observation, _act=original) -> int:  # type: ignore[no-untyped-def]
            thinking.set()
            release.wait(5)
            return _act(obs)

        session.bots[s].act = slow  # type: ignore[method-assign]
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await play_first_legal(pilot)
        for _ in range(200):
            await pilot.pause(0.01)
            if thinking.is_set():
                break
        assert thinking.is_set()
        assert len(session.observation().history) == len(before.history) + 1
        await pilot.press("u")
        await pilot.pause()
        assert session.observation().history == before.history
        release.set()  # the computer player answers now: its move is dropped
        await pilot.pause(0.1)
        assert session.observation().history == before.history and session.human_to_move()


async def test_hint_says_what_its_value_means() -> None:
    session = PlaySession(game=crafted_game(), bots=["random"] * 3, hint_bot="search:quick")
    app = _app(session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("2", "2")  # Rosen trumps, keep quiet
        await pilot.pause()
        await pilot.press("h")
        log = _game(app).query_one("#log", RichLog)
        for _ in range(200):
            await pilot.pause(0.02)
            if any("Hint:" in line.text for line in log.lines):
                break
        text = " ".join(" ".join(line.text for line in log.lines).split())  # lines wrap
        assert "your team can expect about" in text and "card points in this hand" in text
        assert "(value " not in text


async def test_quit_asks_unless_the_game_is_saved(tmp_path: Path) -> None:
    session = PlaySession(game=crafted_game(), bots=["random"] * 3)
    app = _app(session, tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("2", "2")
        await pilot.pause()
        await pilot.press("q")
        await pilot.pause()
        dlg = app.screen
        assert isinstance(dlg, ChoiceDialog) and dlg.kind == "quit"
        assert "not saved" in screen_text(app)
        await pilot.press("3")  # keep playing
        await pilot.pause()
        assert isinstance(app.screen, GameScreen) and app.return_value is None
        await pilot.press("ctrl+q")  # the app's own quit key asks too
        await pilot.pause()
        assert isinstance(app.screen, ChoiceDialog) and app.screen.kind == "quit"
        await pilot.press("3")
        await pilot.pause()
        await pilot.press("s")  # saved as it stands: q leaves at once
        await pilot.pause()
        await pilot.press("q")
        await pilot.pause()
    assert app.return_value == 0
    assert read_record(tmp_path / "saved.puur").actions[0]


async def test_quit_without_saving_leaves_no_file(tmp_path: Path) -> None:
    session = PlaySession(game=crafted_game(), bots=["random"] * 3)
    app = _app(session, tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("2", "2", "q")
        await pilot.pause()
        await pilot.press("2")  # quit without saving
        await pilot.pause()
    assert app.return_value == 0 and not (tmp_path / "saved.puur").exists()


async def test_a_resumed_game_shows_its_log(tmp_path: Path) -> None:
    s = PlaySession(game=crafted_game(), bots=["random"] * 3, seed=3)
    s.act(36 + 1)  # Rosen
    s.run_bots()
    while s.observation().phase != "play":
        s.act(s.legal_actions()[0])
        s.run_bots()
    s.act(s.legal_actions()[0])
    s.run_bots()
    path = s.save(tmp_path / "g.puur")
    app = PuurApp(app_settings(), session=PlaySession.resume(path), setup=False, remember=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        lines = [line.text for line in _game(app).query_one("#log", RichLog).lines]
        assert "South (You) chooses Rosen trumps" in lines
        assert sum(" plays " in line for line in lines) == len(s.observation().history)


async def test_the_log_follows_a_language_and_deck_switch() -> None:
    session = PlaySession(game=crafted_game(), bots=["random"] * 3)
    app = _app(session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("2", "2")  # Rosen trumps, keep quiet
        await pilot.pause()
        await pilot.press("g")  # Deutsch
        await pilot.pause()
        lines = [line.text for line in _game(app).query_one("#log", RichLog).lines]
        assert "Süd (Du) macht Rosen Trumpf" in lines
        assert not any("chooses" in line for line in lines)
        await pilot.press("d")  # French cards
        await pilot.pause()
        lines = [line.text for line in _game(app).query_one("#log", RichLog).lines]
        assert "Süd (Du) macht Herz Trumpf" in lines


async def test_an_illegal_card_is_answered_with_the_reason() -> None:
    session = _human_completes_a_trick()
    obs = session.observation()
    illegal = [c for c in range(36) if obs.hand >> c & 1 and c not in obs.legal_actions]
    if not illegal:
        pytest.skip("every card is legal in this position")
    app = _app(session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        slot = next(w for w in _game(app).query(CardWidget) if w.card == illegal[0])
        slot.action_choose()
        await pilot.pause()
        log = _game(app).query_one("#log", RichLog)
        text = " ".join(" ".join(line.text for line in log.lines).split())  # lines wrap
        assert "Not legal:" in text
        assert "you must follow" in text or "you may not undertrump" in text
