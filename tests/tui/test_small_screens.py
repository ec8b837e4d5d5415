"""Every screen of the full-screen game at 80x24 (the default size of most terminals), in all four
languages: values shown whole, every button in sight and clickable, the footer's Quit shown, the
table with all nine cards, the trick, the scores and the log."""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.tui.conftest import FAST, app_settings, crafted_game, screen_text
from textual.app import App
from textual.widget import Widget
from textual.widgets import Button, Checkbox, RichLog, Select

from puur.i18n import LANGUAGES, t
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

pytestmark = pytest.mark.anyio
SMALL = (80, 24)
ALL_LANGS = list(LANGUAGES)



def assert_in_sight(app: App[int], widget: Widget) -> None:
    """``widget`` lies wholly on the screen and a click on its middle reaches it."""
    region = app.screen.find_widget(widget).region
    width, height = app.size
    assert region.width > 0 and region.height > 0, widget
    assert region.x >= 0 and region.y >= 0, (widget, region)
    assert region.right <= width and region.bottom <= height, (widget, region)
    x, y = region.x + region.width // 2, region.y + region.height // 2
    hit, _ = app.screen.get_widget_at(x, y)
    assert hit is widget or widget in hit.ancestors, (widget, hit)


def _footer_line(app: App[int]) -> str:
    return screen_text(app).splitlines()[-1]


@pytest.mark.parametrize("lang", ALL_LANGS)
async def test_setup_at_80x24_shows_every_value_whole_and_start_in_sight(lang: str) -> None:
    # A rule set of its own: the preset shows the (translated) word for it.
    app = PuurApp(app_settings(lang=lang, rules=FAST.replace(name="custom")), setup=True,
                  remember=False)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        scr = app.screen
        assert isinstance(scr, SetupScreen)
        assert t("opt.custom", lang) in screen_text(app)
        for deck in ("swiss", "french"):
            scr.query_one("#deck", Select).value = deck
            await pilot.pause()
            # Every select shows its longest choice in full, on the line of its label.
            for sel in scr.query(Select):
                options = sel._options  # (prompt, value) pairs as shown
                _prompt, value = max(options, key=lambda pv: len(str(pv[0])))
                if sel.id not in ("lang", "deck", "preset"):
                    sel.value = value
            await pilot.pause()
            lines = screen_text(app).splitlines()
            for sel in scr.query(Select):
                label = scr.query_one(f"#lbl-{sel.id}").render()
                shown = next(x for x in sel._options if x[1] == sel.value)[0]
                row = next(line for line in lines if str(label).strip() in line)
                assert f"{shown} " in row + " ", (lang, deck, sel.id, shown, row)
            for box in scr.query(Checkbox):
                assert str(box.label) in screen_text(app), (lang, box.label)
        assert "search:default" in [v for _p, v in scr.query_one("#bot1", Select)._options]
        assert t("setup.quit", lang) in _footer_line(app)
        start = scr.query_one("#start", Button)
        assert_in_sight(app, start)
        assert_in_sight(app, scr.query_one("#quit", Button))
        await pilot.click("#start")
        await pilot.pause()
        assert app.session is not None  # the game began


@pytest.mark.parametrize("lang", ALL_LANGS)
async def test_table_at_80x24_shows_nine_cards_trick_scores_log_and_quit(lang: str) -> None:
    session = PlaySession(game=crafted_game(), bots=["search:default"] * 3)
    app = PuurApp(app_settings(lang=lang), session=session, setup=False, remember=False)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ChoiceDialog)
        for button in app.screen.query(Button):
            assert_in_sight(app, button)
        await pilot.press("2", "2")  # Rosen trumps, keep the Weis quiet
        await pilot.pause()
        scr = app.screen
        assert isinstance(scr, GameScreen) and session.human_to_move()
        cards = [w for w in scr.query(CardWidget) if w.display]
        assert len(cards) == 9
        for w in cards:
            assert_in_sight(app, w)
        text = screen_text(app)
        # Scores, contract, the trick caption, who plays (translated), the log and the footer.
        assert t("score_line", lang, team0=t("team.us", lang), team1=t("team.them", lang), s0=0,
                 s1=0, target=300) in text
        assert t("replay.step", lang, n=1) in text
        assert t("human", lang) in text and "search:default" in text
        assert_in_sight(app, scr.query_one("#trick"))
        log = scr.query_one("#log", RichLog)
        assert_in_sight(app, log)
        assert any(t("seat.0", lang) in line.text for line in log.lines)
        footer = _footer_line(app)
        for key in ("key.hint", "key.undo", "key.save", "key.quit"):
            assert t(key, lang) in footer, (lang, key, footer)
        # Each seat's lines fit its panel: no line of a seat is wider than the seat.
        for seat in range(4):
            panel = scr.query_one(f"#seat-{seat}")
            width = panel.content_size.width
            for line in str(panel.render()).splitlines():
                assert len(line) <= width, (lang, seat, line, width)


@pytest.mark.parametrize("lang", ALL_LANGS)
async def test_dialogs_at_80x24_keep_every_choice_in_sight(lang: str) -> None:
    rules = FAST.replace(stoeck_announce="with-weis")
    session = PlaySession(game=crafted_game(rules), bots=["random"] * 3)
    app = PuurApp(app_settings(lang=lang), session=session, setup=False, remember=False)
    seen: list[str] = []
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        for key in ("2", "1", "1"):  # Rosen trumps, declare the Weis, announce Stöck
            dlg = app.screen
            assert isinstance(dlg, ChoiceDialog)
            seen.append(dlg.kind)
            for button in dlg.query(Button):
                assert_in_sight(app, button)
                assert str(button.label) in screen_text(app)
            await pilot.press(key)
            await pilot.pause()
        assert seen == ["choose", "weis", "stoeck"]
        await pilot.press("q")  # the unsaved game: leave it?
        await pilot.pause()
        dlg = app.screen
        assert isinstance(dlg, ChoiceDialog) and dlg.kind == "quit"
        for button in dlg.query(Button):
            assert_in_sight(app, button)
        await pilot.press("3")  # keep playing
        await pilot.pause()
        await pilot.press("t")
        await pilot.pause()
        assert isinstance(app.screen, InfoScreen)
        assert_in_sight(app, app.screen.query_one(Button))


@pytest.mark.parametrize("lang", ALL_LANGS)
async def test_replay_at_80x24_shows_the_hands_the_trick_and_its_keys(
        lang: str, tmp_path: Path) -> None:
    s = PlaySession(FAST, ["random"] * 3, seed=4)
    while not s.is_over:
        if s.human_to_move():
            s.act(s.legal_actions()[0])
        else:
            s.run_bots()
    rec = read_record(s.save(tmp_path / "g.puur"))
    app = PuurApp(app_settings(lang=lang), replay=rec, remember=False)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        await pilot.press(*["right"] * 7)
        await pilot.pause()
        scr = app.screen
        assert isinstance(scr, ReplayScreen) and scr.move == 7
        for part in ("#r-status", "#r-hands", "#r-trick", "#r-log"):
            assert_in_sight(app, scr.query_one(part))
        text = screen_text(app)
        for seat in range(4):
            assert t(f"seat.{seat}", lang) in text
        footer = _footer_line(app)
        for key in ("next", "prev", "next_hand", "key.quit"):
            assert t(key, lang) in footer, (lang, key, footer)


def _near_the_end(seed: int) -> PlaySession:
    """A session whose game ends with the human's next card or soon after."""
    s = PlaySession(FAST.replace(target=150), ["random"] * 3, seed=seed)
    while not s.is_over:
        if s.human_to_move():
            obs = s.observation()
            if obs.phase == "play" and max(s.game.scores) >= 110:
                return s
            s.act(s.legal_actions()[0])
        else:
            s.bot_step()
    raise AssertionError("the game ended before the human's turn")


@pytest.mark.parametrize("lang", ALL_LANGS)
async def test_summary_and_game_over_at_80x24_keep_their_buttons_in_sight(
        lang: str, tmp_path: Path) -> None:
    session = _near_the_end(seed=3)
    app = PuurApp(app_settings(lang=lang), session=session, setup=False, remember=False,
                  save_path=tmp_path / "g.puur")
    kinds: set[str] = set()
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        for _ in range(80):
            scr = app.screen
            if isinstance(scr, InfoScreen):
                kinds.add(scr.kind)
                for button in scr.query(Button):
                    assert_in_sight(app, button)
                if scr.kind == "game-over":
                    assert t("gameover", lang) in screen_text(app)
                    break
                await pilot.press("enter")
            elif isinstance(scr, ChoiceDialog):
                await pilot.press("1")
            else:
                n = next(i for i, w in enumerate(scr.query(CardWidget), start=1) if w.legal)
                await pilot.press(str(n))
            await pilot.pause()
        assert "game-over" in kinds

