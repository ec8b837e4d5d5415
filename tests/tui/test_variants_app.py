"""The full-screen game of every variant through Textual's pilot: whole games with the forecast
typed and the row chosen by keys, the three-seat table, hints, refusals, save → resume → replay,
the setup screen's form built from each variant's options."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from tests.tui.conftest import (
    COIFFEUR,
    COIFFEUR_TEN,
    DIFFERENZLER,
    DIFFERENZLER_THREE,
    play_first_legal,
    screen_text,
    variant_session,
    variant_settings,
)
from textual.widgets import Checkbox, Input, RichLog, Select, Static

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
from puur.tui.moves import decode
from puur.tui.notes import render_entry
from puur.tui.optionform import option_rows, read_options, show_options
from puur.tui.session import PlaySession
from puur.tui.settings import Settings
from puur.tui.widgets import NumberDialog
from puur.variants import get, variants

SIZE = (120, 40)
pytestmark = pytest.mark.anyio


def _app(session: Any, tmp: Path | None = None, **kw: Any) -> PuurApp:
    return PuurApp(variant_settings(session.rules, **kw), session=session, setup=False,
                   remember=False, save_path=(tmp / "saved.puur") if tmp else None)


async def _play(app: PuurApp, pilot: Any, seen: list[str], forecast: str = "42",
                steps: int = 900, until: Any = None) -> None:
    """Answer every decision by keys: the forecast typed and Enter, the first row (and its
    first way), the first card; boxes closed with Enter; until the game is over."""
    for _ in range(steps):
        scr = app.screen
        if until is not None and until(app):
            return
        if isinstance(scr, NumberDialog):
            seen.append(scr.kind)
            await pilot.press(*forecast, "enter")
        elif isinstance(scr, ChoiceDialog):
            seen.append(scr.kind)
            await pilot.press("1")
        elif isinstance(scr, InfoScreen):
            seen.append(scr.kind)
            if scr.kind == "game-over":
                return
            await pilot.press("enter")
        else:
            await play_first_legal(pilot)
            continue
        await pilot.pause()
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("rules", [DIFFERENZLER, DIFFERENZLER_THREE, COIFFEUR],
                         ids=["differenzler", "three", "coiffeur"])
async def test_a_whole_game_through_the_ui(rules: Any) -> None:
    session = variant_session(rules, seed=5)
    app = _app(session)
    seen: list[str] = []
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await _play(app, pilot, seen)
        g = session.game
        assert g.is_over and isinstance(app.screen, InfoScreen)
        assert "First place: " in screen_text(app)
        # Every hand but the last has its box; the last one's is in the game-over box.
        assert seen.count("summary") == g.hand_no - 1
        if session.variant.key == "differenzler":
            assert seen.count("forecast") == g.hand_no
            assert all(r.forecasts[0] == 42 for r in g.rounds)
        else:
            assert "row" in seen or all(r.chooser != 0 for r in g.rounds)
        log = app.screen_stack[1].query_one("#log", RichLog)
        assert any("First place: " in line.text for line in log.lines)
        await pilot.press("enter")  # New game: the setup screen
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)


async def test_the_forecast_field_takes_only_the_legal_range() -> None:
    session = variant_session(DIFFERENZLER, seed=2, hint_bot="search:quick")
    app = _app(session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        dlg = app.screen
        assert isinstance(dlg, NumberDialog) and (dlg.lo, dlg.hi) == (0, 157)
        before = session.observation()
        await pilot.press("2", "0", "0", "enter")  # 200 is no forecast
        await pilot.pause()
        assert app.screen is dlg and session.observation() == before
        assert "A forecast is a whole number from 0 to 157" in screen_text(app)
        await pilot.press("x")  # not a digit: not typed
        await pilot.pause()
        assert dlg.query_one("#number", Input).value == "200"
        await pilot.press("h")  # the hint, though the number field has the focus
        for _ in range(40):
            await pilot.pause(0.05)
            if "expected penalty" in str(dlg.query_one("#dialog-hint", Static).render()):
                break
        assert "expected penalty for you in this hand" in str(
            dlg.query_one("#dialog-hint", Static).render())
        dlg.query_one("#number", Input).value = ""
        await pilot.press("3", "5")
        await pilot.click("#number-ok")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        assert session.game.round.forecasts[0] == 35


async def _to_row_dialog(rules: Any) -> tuple[PlaySession, PuurApp]:
    for seed in range(40):
        s = variant_session(rules, seed=seed, hint_bot="search:quick")
        if s.human_to_move():
            return s, _app(s)
    raise AssertionError("no deal where South chooses first")


async def test_a_row_is_chosen_by_keys_and_its_way_can_go_back() -> None:
    session, app = await _to_row_dialog(COIFFEUR_TEN)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        dlg = app.screen
        assert isinstance(dlg, ChoiceDialog) and dlg.kind == "row"
        labels = [label for _a, label in dlg.choices]
        assert labels[0] == "Row 1: Eicheln ×1" and labels[-1] == "Schieben"
        assert labels[6] == "Row 7: Slalom ×7 …" and labels[9] == "Row 10: free ×10 …"
        assert "0  Row 10: free ×10 …" in screen_text(app)  # the tenth choice is key 0
        await pilot.press("0")  # row 10: free, how to play it?
        await pilot.pause()
        ways = app.screen
        assert isinstance(ways, ChoiceDialog) and ways.kind == "way"
        assert [label for _a, label in ways.choices][-1] == "Back to the rows"
        await pilot.press("7")  # back
        await pilot.pause()
        assert isinstance(app.screen, ChoiceDialog) and app.screen.kind == "row"
        await pilot.press("7")  # Slalom: which way first?
        await pilot.pause()
        assert [label for _a, label in app.screen.choices] == [  # type: ignore[attr-defined]
            "Slalom (Obenabe first)", "Slalom (Undenufe first)", "Back to the rows"]
        await pilot.press("2")
        await pilot.pause()
        obs = session.observation()
        assert (obs.row, obs.contract, obs.chooser) == (6, 8, 0)
        assert "Row 7: Slalom ×7 — Undenufe first, chosen by South (You)" in screen_text(app)
        scr = app.screen
        assert isinstance(scr, GameScreen)
        told = [render_entry(e, "swiss", "en") for e in scr.entries]
        assert "South (You) chooses Row 7: Slalom ×7 — Undenufe first" in told
        # The sheet (t) shows both columns with the row in play.
        await pilot.press("t")
        await pilot.pause()
        assert isinstance(app.screen, InfoScreen)
        sheet = screen_text(app)
        assert "Score sheet" in sheet and "▶ Row 7: Slalom ×7" in sheet and "Total" in sheet


async def test_pushing_on_and_the_hint_of_a_row() -> None:
    _session, app = await _to_row_dialog(COIFFEUR)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        dlg = app.screen
        assert isinstance(dlg, ChoiceDialog) and dlg.kind == "row"
        await pilot.press("h")
        for _ in range(40):
            await pilot.pause(0.05)
            hint = str(dlg.query_one("#dialog-hint", Static).render())
            if hint.startswith("Hint"):
                break
        assert hint.startswith("Hint: ") and ("expected in Row" in hint or hint == "Hint: Schieben")
        await pilot.press("3")  # Schieben: on to East
        await pilot.pause()
        log = app.screen_stack[1].query_one("#log", RichLog)
        assert any("South (You) pushes on to East" in line.text for line in log.lines)


async def test_the_three_seat_table() -> None:
    session = variant_session(DIFFERENZLER_THREE, seed=3)
    app = _app(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("3", "0", "enter")
        await pilot.pause()
        scr = app.screen
        assert isinstance(scr, GameScreen)
        panels = {p.id for p in scr.query("SeatPanel")}
        assert panels == {"seat-0", "seat-1", "seat-2"}
        text = screen_text(app)
        assert "East  random" in text and "West  random" in text and "North" not in text
        cards = [w for w in scr.query(CardWidget) if w.display]
        assert len(cards) == 12
        # Twelve cards: the keys 1-9, 0, a, b play them.
        while not session.human_to_move() or session.observation().phase != "play":
            await pilot.pause(0.05)
        last = cards[-1]
        if last.legal:
            await pilot.press("b")
            await pilot.pause()
            assert last.card in [c for s, c in session.observation().history if s == 0]
        # The players' numbers stand beside the log.
        assert "Player  Forecast  Made  Total" in text


def _cards_played(session: Any, n: int) -> Any:
    return lambda app: len(session.game.round.played) > n and isinstance(app.screen, GameScreen)


@pytest.mark.parametrize("rules", [DIFFERENZLER_THREE, COIFFEUR], ids=["three", "coiffeur"])
async def test_save_resume_and_replay_screens(rules: Any, tmp_path: Path) -> None:
    session = variant_session(rules, seed=4)
    app = _app(session, tmp_path)
    seen: list[str] = []
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await _play(app, pilot, seen, until=_cards_played(session, 4))
        await pilot.press("s")
        await pilot.pause()
    resumed = PlaySession.resume(tmp_path / "saved.puur")
    assert resumed.observation() == session.observation()
    app = _app(resumed)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        scr = next(x for x in app.screen_stack if isinstance(x, GameScreen))
        past = resumed.history_events()
        assert past and scr.entries[:len(past)] == past  # the log tells the game so far
    rec = read_record(tmp_path / "saved.puur")
    app = PuurApp(variant_settings(rules), replay=rec, remember=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press(*["right"] * 6)
        await pilot.pause()
        scr = app.screen
        assert isinstance(scr, ReplayScreen) and scr.move == 6
        text = screen_text(app)
        if rules is COIFFEUR:
            first = decode(get("coiffeur"), rec.actions[0][0]).kind
            assert (" pushes " if first == "push" else " chooses Row ") in text
        else:
            assert "forecasts" in text and "turned card" in text
            assert "West" in text and "North" not in text


async def test_the_setup_screen_offers_every_variant_with_its_form(tmp_path: Path) -> None:
    app = PuurApp(Settings(bots=["random"] * 3, delay=0.0), setup=True, remember=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        scr = app.screen
        assert isinstance(scr, SetupScreen)
        keys = [v for _p, v in scr.query_one("#variant", Select)._options]
        assert keys == [v.key for v in variants()]
        scr.query_one("#target", Input).value = "700"  # Schieber's rules, kept for later
        scr.query_one("#variant", Select).value = "differenzler"
        await pilot.pause()
        await pilot.pause()
        presets = [v for _p, v in scr.query_one("#preset", Select)._options]
        assert presets == list(get("differenzler").presets)
        assert [w.id for w in scr.query("#bot1, #bot2, #bot3")] == ["bot1", "bot2", "bot3"]
        scr.query_one("#opt-players", Select).value = "3"  # a table of three
        await pilot.pause()
        await pilot.pause()
        assert [w.id for w in scr.query("#bot1, #bot2, #bot3")] == ["bot1", "bot2"]
        assert "West plays" in screen_text(app) and "North plays" not in screen_text(app)
        scr.query_one("#opt-hands", Input).value = "0"
        await pilot.click("#start")
        await pilot.pause()
        assert "Hands must be a whole number from 1 to 1000" in screen_text(app)
        assert app.session is None
        scr.query_one("#opt-hands", Input).value = "3"
        scr.query_one("#opt-forecast", Select).value = "open"
        await pilot.pause()  # the form takes the changes before the button is pressed
        await pilot.click("#start")
        for _ in range(40):  # a loaded machine may take a few turns of the message loop
            if app.session is not None:
                break
            await pilot.pause(0.05)
        s = app.session
        assert s is not None and s.variant.key == "differenzler"
        assert (s.rules.players, s.rules.hands, s.rules.forecast, s.rules.name) == (
            3, 3, "open", "custom")
        assert app.settings.other_rules["schieber"].target == 1000  # not started with: kept


async def test_the_form_of_every_option_kind_gives_back_what_it_shows() -> None:
    # Every variant's options (Schieber's too: its multi and table kinds) round-trip through
    # the widgets the setup screen builds from their description.
    from textual.app import App, ComposeResult
    from textual.screen import Screen

    class Form(Screen[None]):
        def __init__(self, infos: list[Any], values: dict[str, Any]) -> None:
            super().__init__()
            self.infos, self.values = infos, values

        def compose(self) -> ComposeResult:
            for info in self.infos:
                yield from option_rows(info, self.values[info.name], "en", "swiss")

    class FormApp(App[None]):
        def __init__(self, form: Form) -> None:
            super().__init__()
            self.form = form

        def on_mount(self) -> None:
            self.push_screen(self.form)

    for variant in (get("schieber"), get("differenzler"), get("coiffeur")):
        infos = variant.describe_options()
        preset = list(variant.presets.values())[-1]
        values = variant.rules_to_dict(preset)
        app = FormApp(Form(infos, values))
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            scr = app.screen
            read = read_options(scr, infos, "en")
            assert variant.rules_from_dict({**values, **read}) == preset, variant.key
            other = variant.rules_to_dict(variant.default_rules())
            show_options(scr, infos, other)
            shown = {i.name: other[i.name] for i in infos}
            assert variant.rules_from_dict({**values, **read_options(scr, infos, "en")}) == (
                variant.rules_from_dict({**values, **shown}))
            kinds = {i.kind for i in infos}
            if variant.key == "schieber":
                assert {"multi", "table", "card", "bool", "int", "choice"} <= kinds
                box = scr.query_one("#opt-extra_contracts-0", Checkbox)
                assert str(box.label) == "Misère"
