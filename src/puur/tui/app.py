"""The full-screen terminal game (Textual): setup, the table, every decision dialog, the hand
summary with the Jasstafel, game end, hint, undo, save/resume and replay (RULES.md §2).

The app shows the human (seat 0, South) only their own :class:`~puur.observation.Observation`
and public events from :class:`~puur.tui.session.PlaySession`; legal cards, trick winners and
scores all come from the engine. The replay screen of a finished or saved record is the one
place where all four hands are shown, as the record holds them.

Simplifications: the human always sits South (seat 0) with North as partner; undo reaches back
to the human's last card of the hand in play only (not into a finished hand).

Keyboard: the footer lists the keys; ``1``-``9`` play the n-th card of the hand, arrows move the
focus and Enter plays the focused card; every card and button also answers a mouse click.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable
from pathlib import Path
from typing import Any, ClassVar

from rich.table import Table
from rich.text import Text
from textual import on
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingsMap
from textual.containers import Grid, Horizontal, Vertical, VerticalScroll
from textual.events import Click
from textual.message import Message
from textual.screen import ModalScreen, Screen
from textual.timer import Timer
from textual.widgets import Button, Checkbox, Footer, Input, Label, RichLog, Select, Static

from puur.actions import A_CHOOSE, A_PUSH, A_STOECK, A_STOECK_NO, A_WEIS
from puur.cards import DECK_STYLES, format_card, rank_of, suit_of
from puur.contracts import CONTRACT_TOKENS
from puur.game import Game
from puur.i18n import LANGUAGES, t
from puur.notation import format_action
from puur.record import GameRecord, replay
from puur.rules import PRESETS, RuleError, RuleSet, rules_from_dict
from puur.tui.render import (
    SUIT_COLOURS,
    SUIT_SYMBOLS,
    card_markup,
    contract_name,
    event_text,
    match_line,
    meld_text,
    seat_name,
    sort_hand,
    suit_name,
    summary_rows,
    tafel_lines,
    team_name,
)
from puur.tui.session import HUMAN, Event, PlaySession, SessionError, available_bots
from puur.tui.settings import Settings, SettingsError, default_save_path, save_settings

__all__ = ["GameScreen", "PuurApp", "ReplayScreen", "SetupScreen"]

_STANDARD = PRESETS["standard-2500"].multipliers
_EXTRA = (6, 7, 8)  # Misère, Slalom, Slalom starting with Undenufe
_CHOICES = (("stoeck_announce", ("second-card", "with-weis")),
            ("count_order", ("stoeck-weis-stich", "stoeck-stich-weis")),
            ("kontermatch", ("match", "double", "bonus")))


def _lang(node: Any) -> str:
    return str(node.app.settings.lang)


def _deck(node: Any) -> str:
    return str(node.app.settings.deck)


def card_face(card: int, deck: str) -> Text:
    """The face of a card in the hand: rank above, suit symbol below, in the suit's colour."""
    s = suit_of(card)
    colour = SUIT_COLOURS[deck][s]
    rank = DECK_STYLES[deck].rank_short[rank_of(card)]
    return Text.from_markup(f"[bold {colour}]{rank}[/]\n[{colour}]{SUIT_SYMBOLS[deck][s]}[/]")


# ---------------------------------------------------------------------------------------------
# Widgets


class CardWidget(Static, can_focus=True):
    """One card of the human's hand; legal cards are bright and only they can be played."""

    class Chosen(Message):
        """The player picked this card."""

        def __init__(self, card: int) -> None:
            super().__init__()
            self.card = card

    BINDINGS: ClassVar = [Binding("enter,space", "choose", "play", show=False)]

    def __init__(self, index: int) -> None:
        super().__init__("", classes="card illegal")
        self.card = -1
        self.legal = False
        self.index = index
        self._shown: tuple[int, str, bool] = (-2, "", False)

    def show(self, card: int, deck: str, legal: bool) -> None:
        """Show ``card`` (or hide the slot for -1); only changes cause a redraw."""
        self.card = card
        self.legal = legal
        if self._shown == (card, deck, legal):
            return
        self._shown = (card, deck, legal)
        self.display = card >= 0
        if card < 0:
            return
        self.update(card_face(card, deck))
        self.set_class(legal, "legal")
        self.set_class(not legal, "illegal")
        self.remove_class("hint")
        self.tooltip = DECK_STYLES[deck].card_name(card)

    def action_choose(self) -> None:
        """Ask to play this card (the engine refuses it when it is not legal)."""
        if self.card >= 0:
            self.post_message(self.Chosen(self.card))

    def on_click(self, event: Click) -> None:
        """A click plays the card."""
        event.stop()
        self.action_choose()


class SeatPanel(Static):
    """A seat at the table: name, player, cards left, announcements, turn marker."""


# ---------------------------------------------------------------------------------------------
# Modal dialogs


class ChoiceDialog(ModalScreen[int]):
    """A decision with a few buttons, each an engine action; keys 1..n pick one."""

    DEFAULT_CSS = """
    ChoiceDialog { align: center middle; }
    ChoiceDialog > Vertical { width: 64; height: auto; border: thick $accent; padding: 1 2;
                              background: $panel; }
    ChoiceDialog Button { width: 100%; margin: 0 0 1 0; }
    ChoiceDialog Static { margin: 0 0 1 0; }
    ChoiceDialog .title { text-style: bold; width: 100%; content-align: center middle; }
    """

    def __init__(self, kind: str, title: str, text: str, choices: list[tuple[int, str]],
                 hint: Callable[[], str] | None = None) -> None:
        super().__init__(classes=f"dialog-{kind}")
        self.kind = kind
        self.title_text = title
        self.text = text
        self.choices = choices
        self.hint = hint
        self.hint_label = "hint"

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(self.title_text, classes="title")
            if self.text:
                yield Static(self.text)
            for i, (action, label) in enumerate(self.choices, start=1):
                yield Button(f"{i}  {label}", id=f"act-{action}", compact=True,
                             variant="primary" if i == 1 else "default")
            yield Static(Text(f"h: {self.hint_label}", style="dim"), id="dialog-hint")

    async def show_hint(self) -> None:
        """The hint of the strongest computer player for this decision (``h``)."""
        if self.hint is not None:
            text = await asyncio.to_thread(self.hint)
            self.query_one("#dialog-hint", Static).update(Text.from_markup(text))

    async def on_key(self, event: Any) -> None:
        """Digits pick the n-th choice; ``h`` asks for a hint."""
        ch = getattr(event, "character", None)
        if ch == "h":
            event.stop()
            await self.show_hint()
        elif ch and ch.isdigit():
            k = int(ch)
            if 1 <= k <= len(self.choices):
                event.stop()
                self.dismiss(self.choices[k - 1][0])

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        assert event.button.id is not None
        self.dismiss(int(event.button.id.removeprefix("act-")))


class InfoScreen(ModalScreen[None]):
    """A box of text (summary, Jasstafel, last trick, game end); Enter or Escape closes it."""

    DEFAULT_CSS = """
    InfoScreen { align: center middle; }
    InfoScreen > Vertical { width: 90; max-width: 100%; height: auto;
                            max-height: 95%; border: thick $accent; padding: 1 2;
                            background: $panel; }
    InfoScreen .title { text-style: bold; }
    InfoScreen Horizontal { height: auto; width: auto; }
    InfoScreen Button { margin: 1 2 0 0; }
    """
    BINDINGS: ClassVar = [Binding("escape,enter", "close", "close", show=False)]

    def __init__(self, kind: str, title: str, body: Any,
                 buttons: list[tuple[str, str]] | None = None) -> None:
        super().__init__(classes=f"info-{kind}")
        self.kind = kind
        self.title_text = title
        self.body = body
        self.buttons = buttons or [("close", "OK")]
        self.result: str = ""

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(self.title_text, classes="title")
            yield Static(self.body, id="info-body")
            with Horizontal():
                for key, label in self.buttons:
                    yield Button(label, id=f"btn-{key}", variant="primary", compact=True)

    def action_close(self) -> None:
        """Close with the first button's meaning."""
        self.result = self.buttons[0][0]
        self.dismiss(None)

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        assert event.button.id is not None
        self.result = event.button.id.removeprefix("btn-")
        self.dismiss(None)


def tafel_renderable(scores: tuple[int, int], striche: tuple[int, int], lang: str,
                     width: int = 26) -> Text:
    """Both halves of the Jasstafel, our team on top."""
    lines: list[str] = []
    for team in (0, 1):
        lines.extend(tafel_lines(scores[team], team_name(team, lang), lang, striche[team],
                                 width=width, markup=True))
        if team == 0:
            lines.append("")
    return Text.from_markup("\n".join(lines))


def tafel_side_by_side(scores: tuple[int, int], striche: tuple[int, int], lang: str,
                       width: int = 18) -> Table:
    """Both halves of the Jasstafel next to each other (for the summary boxes)."""
    grid = Table.grid(padding=(0, 4))
    halves = [Text.from_markup("\n".join(tafel_lines(scores[team], team_name(team, lang), lang,
                                                     striche[team], width=width, markup=True)))
              for team in (0, 1)]
    grid.add_row(*halves)
    return grid


def summary_renderable(game: Game, hand_no: int, lang: str) -> Table:
    """The hand summary table and the Jasstafel under it."""
    rd = game.rounds[hand_no - 1]
    start = game.start_scores[hand_no - 1]
    table = Table(show_header=True, box=None, padding=(0, 2))
    table.add_column("")
    table.add_column(team_name(0, lang), justify="right")
    table.add_column(team_name(1, lang), justify="right")
    for label, us, them in summary_rows(rd, start, lang):
        table.add_row(label, us, them)
    outer = Table.grid(padding=(1, 0))
    ml = match_line(rd, lang)
    if ml:
        outer.add_row(Text(ml, style="bold magenta"))
    outer.add_row(table)
    after = (start[0] + rd.credited[0], start[1] + rd.credited[1])
    outer.add_row(tafel_side_by_side(after, game.striche(), lang))
    return outer


# ---------------------------------------------------------------------------------------------
# Setup


class SetupScreen(Screen[None]):
    """Rules (a preset and every single option), deck, language and the computer players."""

    DEFAULT_CSS = """
    SetupScreen VerticalScroll { padding: 0 2; }
    SetupScreen #columns { height: auto; }
    SetupScreen .column { width: 1fr; height: auto; padding: 0 2 0 0; }
    SetupScreen .row { height: 1; margin: 0 0 1 0; }
    SetupScreen .row Label { width: 26; }
    SetupScreen .row Select { width: 1fr; max-width: 30; }
    SetupScreen .row Input { width: 12; }
    SetupScreen .row Checkbox { width: 8; }
    SetupScreen #sample { height: 3; }
    SetupScreen #extras { height: auto; padding: 0 0 0 2; }
    SetupScreen #extras Checkbox { width: auto; }
    SetupScreen #error { color: $error; height: auto; }
    SetupScreen #buttons { height: 3; }
    SetupScreen #buttons Button { margin: 0 2 0 0; }
    SetupScreen .heading { text-style: bold; padding: 1 0 1 0; }
    """
    _SWITCHES = ("push_back", "weis", "large_weis", "kreuzweis", "weis_four_low", "stoeck",
                 "striche")

    def compose(self) -> ComposeResult:
        s: Settings = self.app.settings  # type: ignore[attr-defined]
        lang = s.lang
        r = s.rules
        preset = r.name if r.name in PRESETS else "custom"
        with VerticalScroll():
            yield Label(t("setup.title", lang), id="title", classes="heading")
            with Horizontal(id="columns"):
                with Vertical(classes="column"):
                    yield from self._row("lang", Select(
                        [(v, k) for k, v in LANGUAGES.items()], value=lang, allow_blank=False,
                        id="lang", compact=True))
                    yield from self._row("deck", Select(
                        self._deck_options(), value=s.deck, allow_blank=False, id="deck",
                        compact=True))
                    yield Static(self._sample_text(), id="sample")
                    bots = [(b, b) for b in available_bots()]
                    for i, seat in enumerate((1, 2, 3)):
                        yield from self._row(f"bot{seat}", Select(
                            bots, value=s.bots[i], allow_blank=False, id=f"bot{seat}",
                            compact=True))
                    yield from self._row("start_card", Select(
                        self._start_options(r), value=format_card(r.start_card),
                        allow_blank=False, id="start_card", compact=True))
                    yield Label(t("setup.extra", lang), id="lbl-extra")
                    with Vertical(id="extras"):
                        for c in _EXTRA:
                            yield Checkbox(t(f"contract.{CONTRACT_TOKENS[c]}", lang),
                                           value=c in r.extra_contracts,
                                           id=f"x-{CONTRACT_TOKENS[c]}", compact=True)
                with Vertical(classes="column"):
                    presets = [(k, k) for k in PRESETS] + (
                        [("custom", "custom")] if preset == "custom" else [])
                    yield from self._row("preset", Select(
                        presets, value=preset, allow_blank=False, id="preset", compact=True))
                    yield from self._row("target", Input(str(r.target), id="target",
                                                         type="integer", compact=True))
                    yield from self._row("multipliers", Select(
                        self._mult_options(), allow_blank=False, value=self._mult_value(r),
                        id="multipliers", compact=True))
                    for name in self._SWITCHES:
                        yield from self._row(name, Checkbox(
                            value=bool(getattr(r, name)), id=name, compact=True))
                    for name, values in _CHOICES:
                        yield from self._row(name, Select(
                            [(t(f"opt.{v}", lang), v) for v in values], value=getattr(r, name),
                            allow_blank=False, id=name, compact=True))
            yield Static("", id="error")
            with Horizontal(id="buttons"):
                yield Button(t("setup.start", lang), id="start", variant="success")
                yield Button(t("setup.quit", lang), id="quit", variant="error")
        yield Footer()

    def on_mount(self) -> None:
        """Keys in the chosen language."""
        self._install_bindings()

    def _install_bindings(self) -> None:
        lang = _lang(self)
        self._bindings = BindingsMap([
            Binding("ctrl+s", "start", t("setup.start", lang)),
            Binding("escape", "quit", t("setup.quit", lang)),
        ])
        self.refresh_bindings()

    def _label_text(self, name: str) -> str:
        lang = _lang(self)
        if name.startswith("bot"):
            return t("setup.bot", lang, seat=seat_name(int(name[3:]), lang))
        if name in ("lang", "deck"):
            return t("setup.language" if name == "lang" else "setup.deck", lang)
        return t(f"setup.{name}", lang)

    def _row(self, name: str, widget: Any) -> ComposeResult:
        with Horizontal(classes="row"):
            yield Label(self._label_text(name), id=f"lbl-{name}")
            yield widget

    def _deck_options(self) -> list[tuple[str, str]]:
        return [(t(f"deck.{k}", _lang(self)), k) for k in DECK_STYLES]

    def _mult_options(self) -> list[tuple[str, str]]:
        lang = _lang(self)
        return [(t("opt.none", lang), "none"), (t("opt.standard", lang), "standard"),
                ("custom", "custom")]

    def _start_options(self, r: RuleSet) -> list[tuple[str, str]]:
        deck, lang = _deck(self), _lang(self)
        cards = sorted({1, 10, r.start_card})  # the 7 of Schellen, the 7 of Rosen, the current
        return [(f"{suit_name(c // 9, deck, lang)} {DECK_STYLES[deck].rank_short[c % 9]}",
                 format_card(c)) for c in cards]

    @staticmethod
    def _mult_value(r: RuleSet) -> str:
        if all(m == 1 for m in r.multipliers):
            return "none"
        return "standard" if r.multipliers == _STANDARD else "custom"

    def _sample_text(self) -> Text:
        deck = _deck(self)
        lang = _lang(self)
        names = "  ".join(f"[{SUIT_COLOURS[deck][s]}]{SUIT_SYMBOLS[deck][s]} "
                          f"{suit_name(s, deck, lang)}[/]" for s in range(4))
        cards = "  ".join(card_markup(s * 9 + r, deck) for s in range(4) for r in (8, 5))
        return Text.from_markup(f"{t('setup.sample', lang)}:\n{names}\n{cards}")

    def retranslate(self) -> None:
        """Put every text in the current language."""
        lang = _lang(self)
        self.query_one("#title", Label).update(t("setup.title", lang))
        for lbl in self.query(Label):
            if lbl.id and lbl.id.startswith("lbl-"):
                lbl.update(self._label_text(lbl.id[4:]))
        deck_sel = self.query_one("#deck", Select)
        deck_sel.set_options(self._deck_options())
        deck_sel.value = _deck(self)
        mult = self.query_one("#multipliers", Select)
        value = mult.value
        mult.set_options(self._mult_options())
        mult.value = value
        for name, values in _CHOICES:
            sel = self.query_one(f"#{name}", Select)
            v = sel.value
            sel.set_options([(t(f"opt.{x}", lang), x) for x in values])
            sel.value = v
        start = self.query_one("#start_card", Select)
        v = start.value
        start.set_options(self._start_options(self.app.settings.rules))  # type: ignore[attr-defined]
        start.value = v
        self.query_one("#lbl-extra", Label).update(t("setup.extra", lang))
        for c in _EXTRA:
            self.query_one(f"#x-{CONTRACT_TOKENS[c]}", Checkbox).label = t(
                f"contract.{CONTRACT_TOKENS[c]}", lang)
        self.query_one("#start", Button).label = t("setup.start", lang)
        self.query_one("#quit", Button).label = t("setup.quit", lang)
        self.query_one("#sample", Static).update(self._sample_text())
        self._install_bindings()

    def _set_rules_widgets(self, r: RuleSet) -> None:
        self.query_one("#target", Input).value = str(r.target)
        self.query_one("#multipliers", Select).value = self._mult_value(r)
        for name in self._SWITCHES:
            self.query_one(f"#{name}", Checkbox).value = bool(getattr(r, name))
        for name in ("stoeck_announce", "count_order", "kontermatch"):
            self.query_one(f"#{name}", Select).value = getattr(r, name)
        start = self.query_one("#start_card", Select)
        start.set_options(self._start_options(r))
        start.value = format_card(r.start_card)
        for c in _EXTRA:
            self.query_one(f"#x-{CONTRACT_TOKENS[c]}", Checkbox).value = c in r.extra_contracts

    @on(Select.Changed)
    def _select_changed(self, event: Select.Changed) -> None:
        s: Settings = self.app.settings  # type: ignore[attr-defined]
        sid = event.select.id
        # Read the widget, not the event: relabelling the options posts stale events.
        value = event.select.value
        if sid == "lang" and value != s.lang and isinstance(value, str):
            s.lang = value
            self.retranslate()
        elif sid == "deck" and value != s.deck and isinstance(value, str):
            s.deck = value
            self.retranslate()
        elif (sid == "preset" and isinstance(event.value, str) and event.value in PRESETS
              and s.rules.name != event.value):
            s.rules = PRESETS[event.value]
            self._set_rules_widgets(s.rules)

    def collect(self) -> Settings:
        """The settings the widgets show; :class:`SettingsError` names a bad value."""
        s: Settings = self.app.settings  # type: ignore[attr-defined]
        # Choosing a preset has already put its rules in the settings; options not on the form
        # (set with --set) are kept from there.
        base = s.rules
        changes: dict[str, Any] = {}
        text = self.query_one("#target", Input).value.strip()
        try:
            changes["target"] = int(text)
        except ValueError:
            raise SettingsError(t("setup.bad_target", s.lang)) from None
        mult = self.query_one("#multipliers", Select).value
        if mult in ("none", "standard"):
            changes["multipliers"] = mult
        for name in self._SWITCHES:
            changes[name] = self.query_one(f"#{name}", Checkbox).value
        for name in ("stoeck_announce", "count_order", "kontermatch"):
            changes[name] = self.query_one(f"#{name}", Select).value
        changes["start_card"] = self.query_one("#start_card", Select).value
        changes["extra_contracts"] = [
            CONTRACT_TOKENS[c] for c in _EXTRA
            if self.query_one(f"#x-{CONTRACT_TOKENS[c]}", Checkbox).value
        ]
        try:
            rules = rules_from_dict(changes, base=base)
        except RuleError as e:
            if "target" in str(e):
                raise SettingsError(t("setup.bad_target", s.lang)) from None
            raise SettingsError(str(e)) from None
        if rules != PRESETS.get(rules.name):
            rules = rules.replace(name="custom")
        bots = [str(self.query_one(f"#bot{seat}", Select).value) for seat in (1, 2, 3)]
        out = Settings(rules=rules, deck=s.deck, lang=s.lang, bots=bots, delay=s.delay,
                       name=s.name)
        out.validate()
        return out

    def action_start(self) -> None:
        """Start the game with the chosen settings."""
        try:
            settings = self.collect()
        except SettingsError as e:
            self.query_one("#error", Static).update(str(e))
            return
        app: PuurApp = self.app  # type: ignore[assignment]
        app.settings = settings
        app.remember_settings()
        app.start_game()

    def action_quit(self) -> None:
        """Leave the program."""
        self.app.exit(0)

    @on(Button.Pressed, "#start")
    def _start(self) -> None:
        self.action_start()

    @on(Button.Pressed, "#quit")
    def _quit(self) -> None:
        self.action_quit()


# ---------------------------------------------------------------------------------------------
# The table


class GameScreen(Screen[None]):
    """The table: four seats, the trick, the hand, the log and every decision."""

    DEFAULT_CSS = """
    GameScreen { layout: horizontal; }
    #main { width: 1fr; }
    #side { width: 36; border-left: solid $primary; }
    #status { height: 3; padding: 0 1; background: $boost; }
    #table { grid-size: 3 3; grid-columns: 1fr 32 1fr; grid-rows: 5 7 5; height: 17; }
    SeatPanel { border: round $panel-lighten-2; padding: 0 1; height: 100%; }
    SeatPanel.to-move { border: heavy $warning; background: $warning 15%; }
    #trick { border: round $primary; content-align: center middle; height: 100%;
             text-align: center; }
    #hand { height: 6; padding: 0 1; }
    .card { width: 7; height: 4; border: round #8a8a8a; background: #f6f1e3; margin: 0 1 0 0;
            content-align: center middle; text-align: center; }
    .card.legal { border: round #2e7d32; }
    .card.legal:focus { border: heavy #1565c0; background: #fffbe8; }
    .card.illegal { background: #6b6b6b; color: #303030; border: round #444444; }
    .card.hint { border: double #ff6f00; }
    #prompt { height: 2; padding: 0 1; text-style: bold; }
    #log { height: 1fr; }
    #scores { height: auto; padding: 0 1; }
    #last-event { display: none; height: 1; padding: 0 1; color: $text-muted; }
    /* Small terminals (80x24): no side panel, the latest event on one line, no borders. */
    GameScreen.-narrow #side { display: none; }
    GameScreen.-narrow #last-event { display: block; }
    GameScreen.-narrow #table { grid-columns: 1fr 30 1fr; }
    GameScreen.-short #status { height: 2; }
    GameScreen.-short #table { grid-rows: 3 4 3; height: 10; }
    GameScreen.-short SeatPanel { border: none; padding: 0 1; background: $boost; }
    GameScreen.-short SeatPanel.to-move { border: none; background: $warning 30%; }
    GameScreen.-short #trick { border: none; }
    GameScreen.-short #prompt { height: 1; }
    GameScreen.-short #hand { height: 4; }
    """
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (100, "-wide")]  # noqa: RUF012 (Textual's API)
    VERTICAL_BREAKPOINTS = [(0, "-short"), (34, "-tall")]  # noqa: RUF012

    def __init__(self) -> None:
        super().__init__()
        self._timer: Timer | None = None
        self._pending_summary = 0
        self._dialog_open = False
        self._game_over_shown = False
        #: The action of the last hint (-1 before the first).
        self.last_hint = -1
        self._drawn: dict[str, str] = {}
        self._install_bindings()

    @property
    def session(self) -> PlaySession:
        """The app's game."""
        s = self.app.session  # type: ignore[attr-defined]
        assert isinstance(s, PlaySession)
        return s

    def _install_bindings(self, lang: str = "en") -> None:
        self._bindings = BindingsMap([
            Binding("h", "hint", t("key.hint", lang)),
            Binding("u", "undo", t("key.undo", lang)),
            Binding("l", "last_trick", t("key.last", lang)),
            Binding("t", "tafel", t("key.tafel", lang)),
            Binding("s", "save", t("key.save", lang)),
            Binding("d", "toggle_deck", t("key.deck", lang)),
            Binding("g", "next_language", t("key.lang", lang)),
            Binding("q", "quit", t("key.quit", lang)),
            Binding("left", "focus_card(-1)", show=False),
            Binding("right", "focus_card(1)", show=False),
            *[Binding(str(k), f"play_nth({k})", show=False) for k in range(1, 10)],
        ])

    def compose(self) -> ComposeResult:
        with Vertical(id="main"):
            yield Static(id="status")
            yield Static(id="last-event")
            with Grid(id="table"):
                yield Static()
                yield SeatPanel(id="seat-2")
                yield Static()
                yield SeatPanel(id="seat-3")
                yield Static(id="trick")
                yield SeatPanel(id="seat-1")
                yield Static()
                yield SeatPanel(id="seat-0")
                yield Static()
            yield Static(id="prompt")
            with Horizontal(id="hand"):
                for i in range(9):
                    yield CardWidget(i)
        with Vertical(id="side"):
            yield Static(id="scores")
            yield RichLog(id="log", markup=True, wrap=True, min_width=20)
        yield Footer()

    def on_mount(self) -> None:
        """Show the table and let play begin."""
        self._install_bindings(_lang(self))
        self.refresh_bindings()
        self.refresh_table()
        self.call_after_refresh(self.advance)

    # -----------------------------------------------------------------------------------------
    # Drawing

    def refresh_table(self) -> None:
        """Redraw everything from the human's observation."""
        lang, deck = _lang(self), _deck(self)
        s = self.session
        obs = s.observation()
        g = s.game
        status = [t("hand_no", lang, n=g.hand_no) + "   " + t(
            "score_line", lang, team0=team_name(0, lang), team1=team_name(1, lang),
            s0=g.scores[0], s1=g.scores[1], target=g.rules.target)]
        if obs.contract < 0:
            status.append(t("no_contract", lang))
        else:
            line = t("contract_by", lang, contract=contract_name(obs.contract, deck, lang),
                     mult=obs.rules.multiplier(obs.contract), seat=seat_name(obs.chooser, lang))
            if obs.pushed:
                line += " — " + t("pushed_by", lang, seat=seat_name(obs.forehand, lang))
            status.append(line + "   " + t("hand_points", lang, p0=obs.credited[0],
                                               p1=obs.credited[1]))
        self._update("#status", "\n".join(status))
        to_move = -1 if obs.phase == "over" else obs.to_move
        for seat in range(4):
            panel = self.query_one(f"#seat-{seat}", SeatPanel)
            panel.set_class(seat == to_move, "to-move")
            self._update(f"#seat-{seat}", self._seat_text(seat, to_move))
        self._update("#trick", self._trick_text())
        self._draw_hand()
        if s.is_over:
            prompt = t("game_over", lang)
        elif s.human_to_move() and obs.phase == "play":
            prompt = t("your_turn", lang) + "  —  " + t("legal_marked", lang)
        elif s.human_to_move():
            prompt = ""
        else:
            prompt = t("waiting", lang, seat=seat_name(obs.to_move, lang))
        self._update("#prompt", prompt)
        scores = g.scores
        self._update("#scores", tafel_renderable(scores, g.striche(), lang, width=16).markup)

    def _seat_text(self, seat: int, to_move: int) -> str:
        lang = _lang(self)
        s = self.session
        obs = s.observation()
        name = seat_name(seat, lang)
        if seat == 2:
            name += f" ({t('partner', lang)})"
        who = s.player_name if seat == HUMAN else s.bot_names[seat - 1]
        marker = "[b reverse]▶[/] " if seat == to_move else ""
        lines = [f"{marker}[bold]{name}[/]  [dim]{who}[/]"]
        extra: list[str] = [t("cards_left", lang, n=obs.hand_sizes[seat])]
        if obs.phase != "over" and seat == obs.leader:
            extra.append(t("leads", lang))
        if seat == to_move:
            extra.append(f"[b]{t('to_move', lang)}[/]")
        lines.append("  ".join(extra))
        ann: list[str] = []
        if obs.weis_announced[seat]:
            ann.append("Weis " + "+".join(str(p) for p, _n in obs.weis_announced[seat]))
        if obs.stoeck_seat == seat:
            ann.append("Stöck")
        if obs.chooser == seat:
            ann.append("★ " + contract_name(obs.contract, _deck(self), lang))
        if ann:
            lines.append("[magenta]" + "  ".join(ann) + "[/]")
        return "\n".join(lines)

    def _trick_text(self) -> str:
        lang, deck = _lang(self), _deck(self)
        obs = self.session.observation()
        pos: dict[int, str] = {}
        caption = t("trick", lang, n=min(obs.trick_no + 1, 9))
        if obs.trick:
            for seat, c in obs.trick:
                pos[seat] = card_markup(c, deck)
        elif obs.trick_winners:
            # The trick just taken stays on the table until the next card is led.
            k = len(obs.trick_winners) - 1
            for seat, c in obs.history[4 * k:4 * k + 4]:
                pos[seat] = card_markup(c, deck)
            caption = t("trick_won_by", lang, seat=seat_name(obs.trick_winners[k], lang,
                                                                 mark_you=False))
        elif self.session.game.hand_no > 1 and obs.phase == "choose":
            caption = t("hand_no", lang, n=self.session.game.hand_no)

        def cell(seat: int) -> str:
            return pos.get(seat, "[dim]·[/]")

        body = (f"{cell(2)}\n{cell(3)}      {cell(1)}\n{cell(0)}\n[i]{caption}[/]")
        return body

    def _draw_hand(self) -> None:
        deck = _deck(self)
        s = self.session
        obs = s.observation()
        legal = set(obs.legal_actions) if s.human_to_move() and obs.phase == "play" else set()
        cards = sort_hand(obs.hand, obs.trump)
        focused_card = getattr(self.focused, "card", None)
        slots = list(self.query(CardWidget))
        for i, w in enumerate(slots):
            c = cards[i] if i < len(cards) else -1
            w.show(c, deck, c in legal)
        if isinstance(self.focused, CardWidget) and self.focused.legal and (
                self.focused.card == focused_card):
            return
        target = next((w for w in slots if w.legal), None)
        if target is not None:
            target.focus()

    def _update(self, selector: str, markup: str) -> None:
        # Redraw a part of the table only when its text changed.
        if self._drawn.get(selector) != markup:
            self._drawn[selector] = markup
            self.query_one(selector, Static).update(Text.from_markup(markup))

    def log_events(self, events: list[Event]) -> None:
        """Write events to the log (and remember a finished hand for its summary)."""
        log = self.query_one("#log", RichLog)
        lang, deck = _lang(self), _deck(self)
        for ev in events:
            style = {"trick": "bold", "hand_over": "bold cyan", "game_over": "bold green",
                     "weis_best": "magenta", "stoeck": "magenta", "weis": "magenta",
                     "choose": "cyan", "push": "cyan", "push_back": "cyan"}.get(ev.kind, "")
            text = event_text(ev, deck, lang, markup=True)
            log.write(Text.from_markup(f"[{style}]{text}[/]" if style else text))
            self._update("#last-event", text.split("\n")[0])
            if ev.kind == "hand_over":
                self._pending_summary = ev.hand_no

    # -----------------------------------------------------------------------------------------
    # The flow of play

    def advance(self) -> None:
        """Move the game on: summary, game end, a decision of the human, or the bots."""
        if self._dialog_open:
            return
        s = self.session
        if s.is_over:
            self.refresh_table()
            self.show_game_over()
            return
        if self._pending_summary:
            n = self._pending_summary
            self._pending_summary = 0
            self.refresh_table()
            self.show_summary(n)
            return
        self.refresh_table()
        if s.human_to_move():
            self.ask_human()
            return
        delay = self.app.settings.delay  # type: ignore[attr-defined]
        if delay <= 0:
            while not s.is_over and not s.human_to_move() and not self._pending_summary:
                self.log_events(s.bot_step())
            self.advance()
        elif self._timer is None:
            last = s.observation()
            pause = delay * 2.5 if (not last.trick and last.trick_winners) else delay
            self._timer = self.set_timer(pause, self._bot_tick)

    async def _bot_tick(self) -> None:
        s = self.session
        if s.is_over or s.human_to_move():
            self._timer = None
            self.advance()
            return
        # The bot thinks in a worker thread so that the screen stays responsive.
        action = await asyncio.to_thread(s.bot_decide)
        self._timer = None
        if s is not self.session or s.is_over or s.human_to_move():
            return
        self.log_events(s.bot_apply(action))
        self.advance()

    def ask_human(self) -> None:
        """Open the dialog of the human's decision (card play needs none)."""
        lang, deck = _lang(self), _deck(self)
        obs = self.session.observation()
        legal = list(obs.legal_actions)
        if obs.phase == "choose":
            mult = obs.rules.multipliers
            show_mult = any(m != 1 for m in mult)
            choices = [(a, contract_name(a - A_CHOOSE, deck, lang)
                        + (f"  ×{mult[a - A_CHOOSE]}" if show_mult else ""))
                       for a in legal if a != A_PUSH]
            if A_PUSH in legal:
                choices.append((A_PUSH, t("push_back" if obs.pushed else "push", lang)))
            text = ""
            if obs.pushed:
                text = t("choose.pushed_back" if obs.pushed_back else "choose.pushed", lang)
            hand = "  ".join(card_markup(c, deck) for c in sort_hand(obs.hand))
            text = (text + "\n" if text else "") + hand
            self.open_dialog(ChoiceDialog("choose", t("choose.title", lang), text, choices))
        elif obs.phase == "weis":
            choices = []
            for a in legal:
                if a == A_WEIS:
                    continue
                split = obs.weis_options[a - A_WEIS - 1]
                label = " + ".join(meld_text(m, deck, lang) for m in split)
                label += f" = {sum(m.points for m in split)}"
                if a == A_WEIS + 1:
                    label += f"  ({t('weis.suggested', lang)})"
                choices.append((a, label))
            choices.append((A_WEIS, t("weis.quiet", lang)))
            self.open_dialog(ChoiceDialog("weis", t("weis.title", lang),
                                          t("weis.prompt", lang), choices))
        elif obs.phase == "stoeck":
            self.open_dialog(ChoiceDialog("stoeck", t("stoeck.title", lang),
                                          t("stoeck.prompt", lang),
                                          [(A_STOECK, t("stoeck.announce", lang)),
                                           (A_STOECK_NO, t("stoeck.quiet", lang))]))

    def _hint_text(self) -> str:
        # Runs in a worker thread: only reads the session.
        lang = _lang(self)
        action, value = self.session.hint()
        what = self._action_label(action)
        return (t("hint_plain", lang, action=what) if value is None
                else t("hint", lang, action=what, value=f"{value:.1f}"))

    def open_dialog(self, dialog: ChoiceDialog) -> None:
        """Show a decision dialog; its answer goes to the engine."""
        self._dialog_open = True
        dialog.hint = self._hint_text
        dialog.hint_label = t("key.hint", _lang(self))

        def done(action: int | None) -> None:
            self._dialog_open = False
            if action is not None:
                self.human_act(action)
            else:
                self.advance()

        self.app.push_screen(dialog, done)

    def human_act(self, action: int) -> None:
        """The human's action through the session (illegal ones are refused by the engine and
        change nothing)."""
        try:
            events = self.session.act(action)
        except SessionError:
            lang = _lang(self)
            legal = ", ".join(Text.from_markup(self._action_label(a)).plain
                              for a in self.session.legal_actions())
            what = Text.from_markup(self._action_label(action)).plain
            msg = t("not_legal", lang, what=what, legal=legal)
            self.query_one("#log", RichLog).write(Text(msg, style="bold red"))
            self.notify(msg, severity="warning")
            return
        self.log_events(events)
        self.advance()

    def show_summary(self, hand_no: int) -> None:
        """The summary of a finished hand with the Jasstafel."""
        lang = _lang(self)
        self._dialog_open = True

        def done(_r: None) -> None:
            self._dialog_open = False
            self.advance()

        self.app.push_screen(
            InfoScreen("summary", t("summary.title", lang, n=hand_no),
                       summary_renderable(self.session.game, hand_no, lang),
                       [("continue", t("continue", lang))]),
            done,
        )

    def show_game_over(self) -> None:
        """Who won, why, the last hand and the slate."""
        if self._game_over_shown:
            return
        self._game_over_shown = True
        lang = _lang(self)
        g = self.session.game
        head = Text(t("winner", lang, team=team_name(g.winner, lang),
                      points=g.scores[g.winner]) + " — " + t(f"reason.{g.end_reason}", lang),
                    style="bold green")
        body = Table.grid(padding=(1, 0))
        body.add_row(head)
        body.add_row(summary_renderable(g, g.hand_no, lang))
        screen = InfoScreen("game-over", t("game_over", lang), body,
                            [("new", t("new_game", lang)), ("quit", t("key.quit", lang))])

        def done(_r: None) -> None:
            if screen.result == "quit":
                self.app.exit(0)
            else:
                self.app.new_game()  # type: ignore[attr-defined]

        self.app.push_screen(screen, done)

    # -----------------------------------------------------------------------------------------
    # Keys

    def on_card_widget_chosen(self, message: CardWidget.Chosen) -> None:
        """A card was clicked or picked with the keyboard."""
        s = self.session
        if self._dialog_open or s.is_over:
            return
        if not s.human_to_move() or s.observation().phase != "play":
            self.notify(t("waiting", _lang(self), seat=seat_name(s.game.to_move, _lang(self))))
            return
        self.human_act(message.card)

    def action_play_nth(self, n: int) -> None:
        """Play the n-th card of the hand as shown (if legal)."""
        cards = list(self.query(CardWidget))
        if 1 <= n <= len(cards) and self.session.human_to_move():
            cards[n - 1].action_choose()

    def action_focus_card(self, step: int) -> None:
        """Move the focus to the next legal card."""
        cards = [c for c in self.query(CardWidget) if c.legal]
        if not cards:
            return
        cur = self.focused
        i = next((k for k, c in enumerate(cards) if c is cur), -1)
        cards[(i + step) % len(cards)].focus()

    async def action_hint(self) -> None:
        """What the strongest computer player would play for you (it thinks in a thread)."""
        lang = _lang(self)
        s = self.session
        if not s.human_to_move():
            self.notify(t("hint_none", lang))
            return
        before = s.observation()
        try:
            action, value = await asyncio.to_thread(s.hint)
        except SessionError:
            self.notify(t("hint_none", lang))
            return
        if s is not self.session or s.observation() != before:
            return  # the game moved on while the hint was computed
        what = self._action_label(action)
        msg = (t("hint_plain", lang, action=what) if value is None
               else t("hint", lang, action=what, value=f"{value:.1f}"))
        for w in self.query(CardWidget):
            w.set_class(w.card == action, "hint")
        self.query_one("#log", RichLog).write(Text.from_markup(f"[orange1]{msg}[/]"))
        self.notify(Text.from_markup(msg).plain, title=t("key.hint", lang))
        self.last_hint = action

    def _action_label(self, action: int) -> str:
        lang, deck = _lang(self), _deck(self)
        obs = self.session.observation()
        if action < A_CHOOSE:
            return card_markup(action, deck)
        if action < A_PUSH:
            return contract_name(action - A_CHOOSE, deck, lang)
        if action == A_PUSH:
            return t("push", lang)
        if action == A_WEIS:
            return t("weis.quiet", lang)
        if action < A_STOECK:
            return " + ".join(meld_text(m, deck, lang)
                              for m in obs.weis_options[action - A_WEIS - 1])
        return t("stoeck.announce" if action == A_STOECK else "stoeck.quiet", lang)

    def action_undo(self) -> None:
        """Take back your last card (and the computer's cards after it)."""
        lang = _lang(self)
        if self._timer is not None or not self.session.human_to_move():
            self.notify(t("nothing_to_undo", lang))
            return
        try:
            self.session.undo()
        except SessionError:
            self.notify(t("nothing_to_undo", lang))
            return
        self.query_one("#log", RichLog).write(t("undone", lang))
        self.notify(t("undone", lang))
        self.advance()

    def action_last_trick(self) -> None:
        """Show the last trick taken."""
        lang, deck = _lang(self), _deck(self)
        obs = self.session.observation()
        if not obs.trick_winners:
            prev = self.session.last_finished_observation()
            if prev is None or not prev.trick_winners:
                self.notify(t("no_last_trick", lang))
                return
            obs = prev
        k = len(obs.trick_winners) - 1
        body = "\n".join(f"{seat_name(s, lang)}: {card_markup(c, deck)}"
                         for s, c in obs.history[4 * k:4 * k + 4])
        body += "\n\n" + t("trick_won_by", lang, seat=seat_name(obs.trick_winners[k], lang))
        self.app.push_screen(InfoScreen("last", t("last_trick", lang) + f" ({k + 1})",
                                        Text.from_markup(body)))

    def action_tafel(self) -> None:
        """Show the Jasstafel now."""
        g = self.session.game
        lang = _lang(self)
        self.app.push_screen(InfoScreen("tafel", t("tafel", lang),
                                        tafel_renderable(g.scores, g.striche(), lang)))

    def action_save(self) -> None:
        """Save the game as a record (resume with ``puur play --resume FILE``)."""
        app: PuurApp = self.app  # type: ignore[assignment]
        lang = _lang(self)
        try:
            path = self.session.save(app.save_path)
        except OSError as e:
            self.notify(t("save_failed", lang, error=e.strerror or str(e)), severity="error")
            return
        self.notify(t("saved", lang, path=path))

    def action_toggle_deck(self) -> None:
        """Switch between Swiss German and French cards."""
        app: PuurApp = self.app  # type: ignore[assignment]
        keys = list(DECK_STYLES)
        app.settings.deck = keys[(keys.index(app.settings.deck) + 1) % len(keys)]
        app.remember_settings()
        self.refresh_table()

    def action_next_language(self) -> None:
        """Switch to the next interface language."""
        app: PuurApp = self.app  # type: ignore[assignment]
        langs = list(LANGUAGES)
        app.settings.lang = langs[(langs.index(app.settings.lang) + 1) % len(langs)]
        app.remember_settings()
        self._install_bindings(app.settings.lang)
        self.refresh_bindings()
        self.refresh_table()

    def action_quit(self) -> None:
        """Leave; an unfinished game is saved first, so ``puur play --resume`` continues it."""
        if not self.session.is_over:
            app: PuurApp = self.app  # type: ignore[assignment]
            # Leaving must not fail because the disk is full or read-only.
            with contextlib.suppress(OSError):
                self.session.save(app.save_path)
        self.app.exit(0)


# ---------------------------------------------------------------------------------------------
# Replay


class ReplayScreen(Screen[None]):
    """A saved game move by move, all four hands open."""

    DEFAULT_CSS = """
    ReplayScreen #r-status { height: 2; padding: 0 1; background: $boost; }
    ReplayScreen #r-hands { height: auto; padding: 1 1; }
    ReplayScreen #r-trick { height: auto; padding: 0 1; border: round $primary; }
    ReplayScreen #r-log { height: 1fr; }
    """

    def __init__(self, record: GameRecord) -> None:
        super().__init__()
        self.record = record
        self.hand = 1
        self.move = 0
        self._bindings = BindingsMap([
            Binding("right,space", "step(1)", "→"),
            Binding("left", "step(-1)", "←"),
            Binding("n", "hand(1)", "+hand"),
            Binding("p", "hand(-1)", "-hand"),
            Binding("q,escape", "quit", "quit"),
        ])

    def compose(self) -> ComposeResult:
        yield Static(id="r-status")
        yield Static(id="r-hands")
        yield Static(id="r-trick")
        yield RichLog(id="r-log", markup=True, wrap=True, min_width=20)
        yield Footer()

    def on_mount(self) -> None:
        """Draw the start of the first hand."""
        self.redraw()

    def game(self) -> Game:
        """The game up to the current move."""
        return replay(self.record, self.hand, self.move)

    def redraw(self) -> None:
        """Show the position after ``move`` moves of ``hand``."""
        lang, deck = _lang(self), _deck(self)
        g = self.game()
        rd = g.rounds[self.hand - 1]
        moves = len(self.record.actions[self.hand - 1])
        head = t("replay.title", lang, hand=self.hand, move=self.move, moves=moves)
        info = ""
        if rd.contract >= 0:
            info = t("contract_by", lang, contract=contract_name(rd.contract, deck, lang),
                     mult=rd.multiplier, seat=seat_name(rd.chooser, lang, mark_you=False))
        self.query_one("#r-status", Static).update(
            f"{head}   {info}\n{t('replay.keys', lang)}")
        lines = []
        for s in range(4):
            cards = " ".join(card_markup(c, deck) for c in sort_hand(rd.hands[s], rd.trump))
            marker = "▶ " if rd.to_move == s and not rd.is_over else "  "
            lines.append(f"{marker}[bold]{seat_name(s, lang, mark_you=False):<8}[/] {cards}")
        self.query_one("#r-hands", Static).update(Text.from_markup("\n".join(lines)))
        trick = rd.current_trick()
        if not trick and rd.trick_winners:
            leader, taken, winner = rd.tricks()[-1]
            trick = [((leader + i) % 4, c) for i, c in enumerate(taken)]
            tail = "  → " + seat_name(winner, lang, mark_you=False)
        else:
            tail = ""
        self.query_one("#r-trick", Static).update(Text.from_markup(
            "  ".join(f"{seat_name(s, lang, mark_you=False)}: {card_markup(c, deck)}"
                      for s, c in trick) + tail + "   " +
            t("hand_points", lang, p0=rd.credited[0], p1=rd.credited[1])))
        log = self.query_one("#r-log", RichLog)
        log.clear()
        probe = replay(self.record, self.hand, 0).rounds[self.hand - 1]
        for a in self.record.actions[self.hand - 1][:self.move]:
            seat = probe.to_move
            tok = card_markup(a, deck) if a < A_CHOOSE else format_action(probe, a)
            probe.push(a)
            log.write(Text.from_markup(f"{seat_name(seat, lang, mark_you=False)}: {tok}"))

    def action_step(self, step: int) -> None:
        """One move forward or back (crossing into the next or previous hand)."""
        moves = len(self.record.actions[self.hand - 1])
        m = self.move + step
        if m > moves:
            if self.hand < len(self.record.actions):
                self.hand, m = self.hand + 1, 0
            else:
                m = moves
        elif m < 0:
            if self.hand > 1:
                self.hand -= 1
                m = len(self.record.actions[self.hand - 1])
            else:
                m = 0
        self.move = m
        self.redraw()

    def action_hand(self, step: int) -> None:
        """Jump to the start of the next or previous hand."""
        self.hand = min(max(self.hand + step, 1), len(self.record.actions))
        self.move = 0
        self.redraw()

    def action_quit(self) -> None:
        """Leave the replay."""
        self.app.exit(0)


# ---------------------------------------------------------------------------------------------
# The app


class PuurApp(App[int]):
    """``puur play`` in full screen."""

    TITLE = "Puur — Schieber"
    CSS = """
    Screen { background: #14361f; }
    """

    def __init__(
        self,
        settings: Settings,
        session: PlaySession | None = None,
        seed: int | None = None,
        save_path: Path | None = None,
        setup: bool = True,
        remember: bool = True,
        replay: GameRecord | None = None,
        settings_file: Path | None = None,
    ) -> None:
        super().__init__()
        self.settings = settings
        self.session = session
        self.seed = seed
        self.save_path = save_path or default_save_path()
        self.show_setup = setup
        self.remember = remember
        self.replay_record = replay
        self.settings_file = settings_file

    def on_mount(self) -> None:
        """Open the replay, the setup screen or the table."""
        if self.replay_record is not None:
            self.push_screen(ReplayScreen(self.replay_record))
        elif self.show_setup and self.session is None:
            self.push_screen(SetupScreen())
        else:
            self.start_game()

    def remember_settings(self) -> None:
        """Write the settings file (unless told not to)."""
        if not self.remember:
            return
        try:
            save_settings(self.settings, self.settings_file)
        except (OSError, SettingsError) as e:
            self.notify(f"settings not saved: {e}", severity="warning")

    def start_game(self) -> None:
        """Open the table with the session given, or a new game from the settings."""
        if self.session is None:
            s = self.settings
            self.session = PlaySession(s.rules, s.bots, seed=self.seed, player_name=s.name)
        if isinstance(self.screen, SetupScreen):
            self.switch_screen(GameScreen())
        else:
            self.push_screen(GameScreen())

    def new_game(self) -> None:
        """Back to the setup screen for another game."""
        self.session = None
        self.seed = None
        self.switch_screen(SetupScreen())
