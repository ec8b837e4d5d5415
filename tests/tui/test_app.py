"""The full-screen game driven headless through Textual's pilot: a whole game, every dialog,
hint, undo, save/resume, language and deck switching, setup and replay."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from tests.tui.conftest import FAST, app_settings, crafted_game, play_first_legal, screen_text
from textual.widgets import Checkbox, Input, RichLog, Select

from puur.actions import A_PUSH
from puur.bots import BOTS
from puur.observation import Observation
from puur.record import read_record
from puur.tui.app import (
    CardWidget,
    ChoiceDialog,
    GameScreen,
    InfoScreen,
    PuurApp,
    ReplayScreen,
    SetupScreen,
)
from puur.tui.session import PlaySession
from puur.tui.settings import load_settings, settings_path

SIZE = (120, 40)
pytestmark = pytest.mark.anyio


def _app(session: PlaySession | None = None, tmp: Path | None = None, **kw: object) -> PuurApp:
    return PuurApp(app_settings(**kw), session=session, seed=5, setup=False, remember=False,
                   save_path=(tmp / "saved.puur") if tmp else None)


def _game(app: PuurApp) -> GameScreen:
    screens = [s for s in app.screen_stack if isinstance(s, GameScreen)]
    assert screens
    return screens[0]


async def test_a_complete_game_to_the_target_through_the_ui() -> None:
    app = _app()
    seen: set[str] = set()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        for _ in range(600):
            scr = app.screen
            if isinstance(scr, ChoiceDialog):
                seen.add(scr.kind)
                await pilot.press("1")
            elif isinstance(scr, InfoScreen):
                seen.add(scr.kind)
                if scr.kind == "game-over":
                    break
                await pilot.press("enter")
            else:
                await play_first_legal(pilot)  # waits for the screen itself
                continue
            await pilot.pause()
        assert isinstance(app.screen, InfoScreen) and app.screen.kind == "game-over"
        g = app.session.game  # type: ignore[union-attr]
        assert g.is_over and max(g.scores) >= FAST.target
        body = screen_text(app)
        assert "win with" in body and "reached the target" in body
        assert "summary" in seen or g.hand_no == 1
        await pilot.press("enter")  # New game: back to the setup screen
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen) and app.session is None
        await pilot.press("escape")
        await pilot.pause()
    assert app.return_value == 0


async def test_choose_dialog_push_and_weis_and_stoeck_dialogs() -> None:
    rules = FAST.replace(stoeck_announce="with-weis")
    session = PlaySession(game=crafted_game(rules), bots=["random"] * 3, hint_bot="rules")
    app = _app(session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        dlg = app.screen
        assert isinstance(dlg, ChoiceDialog) and dlg.kind == "choose"
        labels = [label for _a, label in dlg.choices]
        assert "Rosen trumps" in labels and "Obenabe" in labels and "Schieben" in labels
        await pilot.press("h")  # a hint for the choice
        for _ in range(50):
            await pilot.pause(0.02)
            if "Hint:" in screen_text(app):
                break
        assert "Hint:" in screen_text(app)
        assert isinstance(app.screen, ChoiceDialog)  # the hint decides nothing
        await pilot.click(f"#act-{36 + 1}")  # Rosen, with the mouse
        await pilot.pause()
        dlg = app.screen
        assert isinstance(dlg, ChoiceDialog) and dlg.kind == "weis"
        # The option says what declaring means and what it is worth (not "20 = 20").
        assert dlg.choices[0][1] == "Declare 3 in a row (Schellen 6 7 8): 20 points (suggested)"
        assert dlg.choices[-1][1] == "Keep quiet"
        await pilot.press("1")
        await pilot.pause()
        dlg = app.screen
        assert isinstance(dlg, ChoiceDialog) and dlg.kind == "stoeck"
        await pilot.press("1")
        await pilot.pause()
        obs = session.observation()
        assert obs.stoeck_seat == 0 and obs.weis_announced[0] == ((20, 3),)
        assert isinstance(app.screen, GameScreen)
        text = screen_text(app)
        assert "Weis 20" in text and "Stöck" in text
        assert "chosen by South" in text


class _Pusher:
    """Pushes whenever it may (to test push back); otherwise the first legal action."""

    name = "pusher"

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed

    def act(self, obs: Observation) -> int:
        return A_PUSH if A_PUSH in obs.legal_actions else obs.legal_actions[0]


async def test_push_back_reaches_the_human_who_must_choose(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(BOTS, "pusher", _Pusher)
    session = PlaySession(game=crafted_game(FAST.replace(push_back=True)),
                          bots=["random", "pusher", "random"])
    app = _app(session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        dlg = app.screen
        assert isinstance(dlg, ChoiceDialog)
        push = next(i for i, (a, _l) in enumerate(dlg.choices, start=1) if a == A_PUSH)
        await pilot.press(str(push))
        await pilot.pause()
        dlg = app.screen
        assert isinstance(dlg, ChoiceDialog) and dlg.kind == "choose"
        assert "pushed it back" in screen_text(app)
        assert A_PUSH not in [a for a, _l in dlg.choices]
        await pilot.press("5")  # Obenabe
        await pilot.pause()
        obs = session.observation()
        assert obs.pushed and obs.pushed_back and obs.chooser == 0 and obs.contract == 4


async def test_only_legal_cards_are_playable_and_hint_and_undo(tmp_path: Path) -> None:
    session = PlaySession(game=crafted_game(), bots=["random"] * 3, seed=2, hint_bot="rules")
    app = _app(session, tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("2")  # Rosen trumps; the Weis dialog comes next
        await pilot.pause()
        await pilot.press("2")  # keep quiet
        await pilot.pause()
        scr = app.screen
        assert isinstance(scr, GameScreen)
        cards = list(scr.query(CardWidget))
        legal = set(session.legal_actions())
        assert {w.card for w in cards if w.legal} == legal
        before = session.observation()
        await pilot.press("h")
        for _ in range(50):  # the hint is computed in a worker thread
            await pilot.pause(0.02)
            hinted = [w for w in scr.query(CardWidget) if w.has_class("hint")]
            if hinted:
                break
        assert len(hinted) == 1 and hinted[0].card in legal
        assert "Hint:" in screen_text(app)
        await pilot.press("u")  # nothing played yet: nothing to undo
        await pilot.pause()
        assert session.observation() == before
        await play_first_legal(pilot)
        while not session.human_to_move():
            await pilot.pause()
        played = session.observation()
        assert played.hand_sizes[0] == 8
        await pilot.press("l")
        await pilot.pause()
        if played.trick_winners:
            assert isinstance(app.screen, InfoScreen) and app.screen.kind == "last"
            assert "takes the trick" in screen_text(app)
            await pilot.press("escape")
            await pilot.pause()
        await pilot.press("u")
        await pilot.pause()
        assert session.observation().hand == before.hand
        assert session.observation().history == before.history
        await pilot.press("t")
        await pilot.pause()
        assert isinstance(app.screen, InfoScreen) and app.screen.kind == "tafel"
        assert "Them" in screen_text(app) and "100" in screen_text(app)


async def test_save_mid_hand_and_resume(tmp_path: Path) -> None:
    session = PlaySession(game=crafted_game(), bots=["rules", "random", "random"], seed=2)
    app = _app(session, tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("2", "2")
        await pilot.pause()
        await play_first_legal(pilot)
        await pilot.press("s")
        await pilot.pause()
        mid = session.observation()
        path = tmp_path / "saved.puur"
        assert read_record(path).seats[1].kind == "bot:rules"
        path.unlink()
        await pilot.press("q")  # the file is gone, so quitting asks first
        await pilot.pause()
        dlg = app.screen
        assert isinstance(dlg, ChoiceDialog) and dlg.kind == "quit"
        await pilot.press("1")  # save and quit
        await pilot.pause()
    assert app.return_value == 0
    resumed = PlaySession.resume(path)
    app2 = PuurApp(app_settings(), session=resumed, setup=False, remember=False)
    async with app2.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert resumed.observation() == mid
        scr = _game(app2)
        assert [w.card for w in scr.query(CardWidget)] and resumed.human_to_move()


async def test_language_and_deck_switching_in_game() -> None:
    session = PlaySession(game=crafted_game(), bots=["random"] * 3)
    app = _app(session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("2", "2")  # Rosen, keep quiet
        await pilot.pause()
        assert "Your cards" in screen_text(app) or "Your turn" in screen_text(app)
        await pilot.press("g")
        await pilot.pause()
        text = screen_text(app)
        assert "Spiel 1" in text and "Du bist dran" in text and "Tipp" in text
        assert app.settings.lang == "de"
        await pilot.press("d")
        await pilot.pause()
        assert app.settings.deck == "french"
        text = screen_text(app)
        assert "♦" in text and "●" not in text
        assert "Herz Trumpf" in text
        for _ in range(3):
            await pilot.press("g")
        await pilot.pause()
        assert app.settings.lang == "en"
        # A mouse click plays a card.
        scr = _game(app)
        slot = next(w for w in scr.query(CardWidget) if w.legal)
        card = slot.card
        await pilot.click(slot, offset=(3, 1))
        await pilot.pause()
        assert (0, card) in session.observation().history


async def test_setup_screen_options_language_and_start() -> None:
    app = PuurApp(app_settings(), seed=1, setup=True, remember=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        scr = app.screen
        scr.query_one("#lang", Select).value = "fr"
        await pilot.pause()
        assert "Nouvelle partie" in screen_text(app)
        scr.query_one("#deck", Select).value = "french"
        scr.query_one("#preset", Select).value = "standard-2500"
        await pilot.pause()
        assert scr.query_one("#target", Input).value == "2500"
        scr.query_one("#target", Input).value = "abc"
        await pilot.click("#start")
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        assert "objectif doit" in screen_text(app)
        scr.query_one("#target", Input).value = "400"
        scr.query_one("#push_back", Checkbox).value = True
        scr.query_one("#bot2", Select).value = "rules"
        scr.query_one("#start_card", Select).value = "H7"
        scr.query_one("#x-misere", Checkbox).value = True
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, (GameScreen, ChoiceDialog))
        rules = app.session.rules  # type: ignore[union-attr]
        assert rules.target == 400 and rules.push_back and rules.multipliers[4] == 3
        assert rules.start_card == 10 and rules.extra_contracts == frozenset({6})
        assert app.session.bot_names == ("random", "rules", "random")  # type: ignore[union-attr]
    saved, problems = load_settings()
    assert not problems and saved.lang == "fr" and saved.deck == "french"
    assert saved.rules.target == 400
    assert json.loads(settings_path().read_text())["bots"][1] == "rules"


async def test_replay_screen_steps_through_a_record(tmp_path: Path) -> None:
    s = PlaySession(FAST, ["random"] * 3, seed=4)
    while not s.is_over:
        if s.human_to_move():
            s.act(s.legal_actions()[0])
        else:
            s.run_bots()
    rec = read_record(s.save(tmp_path / "g.puur"))
    app = PuurApp(app_settings(), replay=rec, remember=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        scr = app.screen
        assert isinstance(scr, ReplayScreen)
        assert "move 0 of" in screen_text(app)
        await pilot.press("right", "right", "right")
        await pilot.pause()
        assert scr.move == 3
        await pilot.press("left")
        await pilot.press("n")
        await pilot.pause()
        assert (scr.hand, scr.move) == (2, 0)
        # All four hands are open in the replay of a record.
        text = screen_text(app)
        for seat in ("South", "East", "North", "West"):
            assert seat in text
        await pilot.press("right")
        await pilot.pause()
        # Moves in words (not engine tokens), keys in the footer in the language chosen.
        text = screen_text(app)
        assert " chooses " in text or " pushes" in text
        assert "choose:" not in text
        assert "Next hand" in text.splitlines()[-1] and "Quit" in text.splitlines()[-1]
        await pilot.press("q")
    assert app.return_value == 0


async def test_an_illegal_card_is_refused_and_changes_nothing() -> None:
    session = PlaySession(game=crafted_game(), bots=["random"] * 3, seed=3)
    app = _app(session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("5", "2")  # Obenabe, keep quiet about the Weis
        await pilot.pause()
        for _ in range(9):
            scr = app.screen
            if isinstance(scr, InfoScreen):
                break
            cards = list(scr.query(CardWidget))
            illegal = [i for i, w in enumerate(cards, start=1) if w.display and not w.legal]
            if illegal:
                before = session.observation()
                await pilot.press(str(illegal[0]))
                await pilot.pause()
                assert session.observation() == before
                assert "Not legal" in screen_text(app)
                return
            await play_first_legal(pilot)
        pytest.fail("no position with an illegal card came up")


async def test_bots_move_after_a_delay_in_a_worker_thread() -> None:
    session = PlaySession(game=crafted_game(), bots=["rules", "random", "rules"], seed=4)
    app = PuurApp(app_settings(delay=0.01), session=session, setup=False, remember=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("7")  # push: North chooses after its delay
        for _ in range(200):
            await pilot.pause(0.02)
            if isinstance(app.screen, ChoiceDialog) or session.human_to_move():
                break
        obs = session.observation()
        assert obs.pushed and obs.chooser == 2
        log = _game(app).query_one("#log", RichLog)
        assert any("North chooses" in line.text for line in log.lines)



async def test_a_bots_secret_decision_takes_no_pause_of_its_own(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """With a delay between the computer players' moves, a bot's Weis decision (secret until
    its card; in Königsjass each seat decides its own) and its card come in one step: no pause
    is scheduled after the decision, so the time between two cards does not tell the human
    that a bot was asked about a Weis."""
    from tests.tui.conftest import (
        play_until_over,
        variant_rules,
        variant_session,
        variant_settings,
    )

    from puur.variants.json_actions import is_secret

    rules = variant_rules("koenigsjass", target=150)
    session = variant_session(rules, seed=3)
    after_secret: list[int] = []
    real = GameScreen.set_timer

    def watch(self: GameScreen, *args: object, **kw: object) -> object:
        hand = session.game.round
        if hand.actions and hand.to_move != 0 and is_secret(hand, hand.actions[-1]):
            after_secret.append(hand.actions[-1])
        return real(self, *args, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(GameScreen, "set_timer", watch)
    app = PuurApp(variant_settings(rules, delay=0.001), session=session, setup=False,
                  remember=False)
    async with app.run_test(size=SIZE) as pilot:
        await play_until_over(pilot, session, steps=3000)
    secrets = sum(is_secret(h, a) for h in session.game.rounds for a in h.actions)
    assert session.is_over and secrets > 0, "no Weis decision came up"
    assert after_secret == []
