"""Every screen of the full-screen game at 80x24 (the default size of most terminals), in all four
languages and for every variant: values shown whole, every button in sight and clickable, the
footer's Quit shown, the table with all its cards (nine, or twelve at a table of three), the
trick, the scores and the log."""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.tui.conftest import (
    COIFFEUR,
    DIFFERENZLER,
    DIFFERENZLER_THREE,
    FAST,
    app_settings,
    crafted_game,
    screen_text,
    variant_rules,
    variant_session,
    variant_settings,
)
from textual.app import App
from textual.widget import Widget
from textual.widgets import Button, Checkbox, Input, RichLog, Select

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
from puur.tui.settings import Settings
from puur.tui.widgets import NumberDialog

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
                if sel.id not in ("lang", "deck", "preset", "variant"):
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



# ---------------------------------------------------------------------------------------------
# The other variants


def _selects_show_their_longest_value(app: App[int], scr: SetupScreen, lang: str,
                                      deck: str) -> None:
    lines = screen_text(app).splitlines()
    for sel in scr.query(Select):
        label = scr.query_one(f"#lbl-{sel.id}").render()
        shown = next(x for x in sel._options if x[1] == sel.value)[0]
        row = next(line for line in lines if str(label).strip() in line)
        assert f"{shown} " in row + " ", (lang, deck, sel.id, shown, row)


@pytest.mark.parametrize("lang", ALL_LANGS)
@pytest.mark.parametrize("key, seats", [("differenzler", "3"), ("coiffeur", "")])
async def test_every_variant_setup_at_80x24(key: str, seats: str, lang: str) -> None:
    settings = Settings(bots=["random"] * 3, delay=0.0, lang=lang)
    settings.switch_variant(key)
    app = PuurApp(settings, setup=True, remember=False)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        scr = app.screen
        assert isinstance(scr, SetupScreen)
        if seats:  # a table of three: two computer players
            scr.query_one("#opt-players", Select).value = seats
            await pilot.pause()
            await pilot.pause()
            assert len(scr.query("#bot1, #bot2, #bot3")) == 2
        for deck in ("swiss", "french"):
            scr.query_one("#deck", Select).value = deck
            await pilot.pause()
            await pilot.pause()
            for sel in scr.query(Select):
                _prompt, value = max(sel._options, key=lambda pv: len(str(pv[0])))
                if sel.id not in ("lang", "deck", "preset", "variant", "opt-players"):
                    sel.value = value
            await pilot.pause()
            _selects_show_their_longest_value(app, scr, lang, deck)
            text = screen_text(app)
            for box in scr.query(Checkbox):
                assert str(box.label) in text, (lang, box.label)
            for field in scr.query(Input):
                assert_in_sight(app, field)
        assert t("setup.variant", lang) in text and t("setup.quit", lang) in _footer_line(app)
        assert_in_sight(app, scr.query_one("#start", Button))
        assert_in_sight(app, scr.query_one("#quit", Button))
        await pilot.click("#start")
        await pilot.pause()
        assert app.session is not None and app.session.variant.key == key


def _first_chooser(rules: object) -> PlaySession:
    for seed in range(40):
        s = variant_session(rules, seed=seed)
        if s.human_to_move():
            return s
    raise AssertionError("no deal where South decides first")


def _table_fits(app: App[int], scr: GameScreen, lang: str, cards: int) -> None:
    shown = [w for w in scr.query(CardWidget) if w.display]
    assert len(shown) == cards
    for w in shown:
        assert_in_sight(app, w)
    for part in ("#status", "#trick", "#log"):
        assert_in_sight(app, scr.query_one(part))
    footer = _footer_line(app)
    for key in ("key.hint", "key.undo", "key.sheet", "key.save", "key.quit"):
        assert t(key, lang) in footer, (lang, key, footer)
    for panel in scr.query("SeatPanel"):
        width = panel.content_size.width
        for line in str(panel.render()).splitlines():
            assert len(line) <= width, (lang, panel.id, line, width)
    for line in str(scr.query_one("#status").render()).splitlines():
        assert len(line) <= 78, (lang, line)


@pytest.mark.parametrize("lang", ALL_LANGS)
@pytest.mark.parametrize("rules, cards", [(DIFFERENZLER, 9), (DIFFERENZLER_THREE, 12)],
                         ids=["four", "three"])
async def test_differenzler_at_80x24(rules: object, cards: int, lang: str) -> None:
    session = _first_chooser(rules)
    app = PuurApp(variant_settings(rules, lang=lang), session=session, setup=False,
                  remember=False)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        dlg = app.screen
        assert isinstance(dlg, NumberDialog)
        for part in ("#number", "#number-ok", "#dialog-hint"):
            assert_in_sight(app, dlg.query_one(part))
        assert t("dz.forecast_label", lang) in screen_text(app)
        await pilot.press("4", "0", "enter")
        await pilot.pause()
        scr = app.screen
        assert isinstance(scr, GameScreen) and session.human_to_move()
        _table_fits(app, scr, lang, cards)
        # Each player's forecast (as the rules show it), points made and total, in sight.
        scores = scr.query_one("#scores")
        assert_in_sight(app, scores)
        text = screen_text(app)
        for key in ("dz.forecast", "dz.made", "dz.total"):
            assert t(key, lang) in text, (lang, key)
        assert t("dz.to_make", lang, forecast=40, missing=40) in text
        await pilot.press("t")
        await pilot.pause()
        assert isinstance(app.screen, InfoScreen)
        assert_in_sight(app, app.screen.query_one(Button))


@pytest.mark.parametrize("lang", ALL_LANGS)
async def test_coiffeur_dialogs_and_table_at_80x24(lang: str) -> None:
    # The twelve rows: the most choices a named sheet gives.
    rules = variant_rules("coiffeur", sheet="twelve")
    session = _first_chooser(rules)
    app = PuurApp(variant_settings(rules, lang=lang), session=session, setup=False,
                  remember=False)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        dlg = app.screen
        assert isinstance(dlg, ChoiceDialog) and dlg.kind == "row" and len(dlg.choices) == 13
        for button in dlg.query(Button):
            assert_in_sight(app, button)
            assert str(button.label) in screen_text(app)
        await pilot.press("a")  # row 11: free, how to play it?
        await pilot.pause()
        ways = app.screen
        assert isinstance(ways, ChoiceDialog) and ways.kind == "way"
        for button in ways.query(Button):
            assert_in_sight(app, button)
        await pilot.press("2")  # Rosen trumps
        await pilot.pause()
        scr = app.screen
        assert isinstance(scr, GameScreen)
        _table_fits(app, scr, lang, 9)
        await pilot.press("t")
        await pilot.pause()
        box = app.screen
        assert isinstance(box, InfoScreen)
        assert_in_sight(app, box.query_one(Button))
        assert t("sheet.total", lang) in screen_text(app)


def _to_the_last_card(session: PlaySession) -> PlaySession:
    while not (session.human_to_move() and session.observation().phase == "play"
               and session.observation().hand_sizes[0] == 1):
        if session.human_to_move():
            session.act(session.legal_actions()[0])
        else:
            session.bot_step()
    return session


@pytest.mark.parametrize("lang", ALL_LANGS)
@pytest.mark.parametrize("rules", [DIFFERENZLER, COIFFEUR], ids=["differenzler", "coiffeur"])
async def test_variant_summary_and_game_over_at_80x24(rules: object, lang: str) -> None:
    session = _to_the_last_card(variant_session(rules, seed=3))
    app = PuurApp(variant_settings(rules, lang=lang), session=session, setup=False,
                  remember=False)
    kinds: list[str] = []
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        for _ in range(400):
            scr = app.screen
            if isinstance(scr, InfoScreen):
                kinds.append(scr.kind)
                for button in scr.query(Button):
                    assert_in_sight(app, button)
                if scr.kind == "game-over":
                    assert t("gameover", lang) in screen_text(app)
                    break
                await pilot.press("enter")
            elif isinstance(scr, NumberDialog):
                await pilot.press("3", "0", "enter")
            elif isinstance(scr, ChoiceDialog):
                await pilot.press("1")
            else:
                cards = list(scr.query(CardWidget))
                n = next((i for i, w in enumerate(cards, start=1) if w.legal), 0)
                if n:
                    await pilot.press(str(n))
            await pilot.pause()
        assert kinds[0] == "summary" and kinds[-1] == "game-over"


@pytest.mark.parametrize("lang", ALL_LANGS)
@pytest.mark.parametrize("rules", [DIFFERENZLER_THREE, COIFFEUR], ids=["three", "coiffeur"])
async def test_variant_replay_and_last_trick_at_80x24(rules: object, lang: str,
                                                     tmp_path: Path) -> None:
    s = variant_session(rules, seed=4)
    while not s.is_over:
        if s.human_to_move():
            s.act(s.legal_actions()[0])
        else:
            s.run_bots()
    rec = read_record(s.save(tmp_path / "g.puur"))
    app = PuurApp(variant_settings(rules, lang=lang), replay=rec, remember=False)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        await pilot.press(*["right"] * 9)
        await pilot.pause()
        scr = app.screen
        assert isinstance(scr, ReplayScreen) and scr.move == 9
        for part in ("#r-status", "#r-hands", "#r-trick", "#r-log"):
            assert_in_sight(app, scr.query_one(part))
        footer = _footer_line(app)
        for key in ("next", "prev", "next_hand", "key.quit"):
            assert t(key, lang) in footer, (lang, key, footer)
    # The last trick (l) and a switch of language and deck (g, d) on a variant's table.
    session = _first_chooser(rules)
    app = PuurApp(variant_settings(rules, lang=lang), session=session, setup=False,
                  remember=False)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        for _ in range(60):
            if session.observation().trick_winners and isinstance(app.screen, GameScreen):
                break
            if isinstance(app.screen, NumberDialog):
                await pilot.press("2", "5", "enter")
            elif isinstance(app.screen, ChoiceDialog):
                await pilot.press("1")
            else:
                n = next((i for i, w in enumerate(app.screen.query(CardWidget), start=1)
                          if w.legal), 0)
                await pilot.press(str(n) if n else "l")
            await pilot.pause()
        await pilot.press("l")
        await pilot.pause()
        assert isinstance(app.screen, InfoScreen)
        assert t("last_trick", lang) in screen_text(app)
        assert_in_sight(app, app.screen.query_one(Button))
        await pilot.press("escape", "g", "d")
        await pilot.pause()
        nxt = list(LANGUAGES)[(ALL_LANGS.index(lang) + 1) % len(ALL_LANGS)]
        status = str(app.screen.query_one("#status").render())
        assert t("hand_of" if session.variant.key == "differenzler" else "hand_no", nxt,
                 hand=1, hands=1, n=1) in status, (nxt, status)
