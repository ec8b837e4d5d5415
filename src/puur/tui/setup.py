"""The setup screen of ``puur play``: the game (every variant of the registry), language, deck,
the computer players (one per seat the variant's table has), the rule preset and every single
option shown on the form.

Schieber's form is its own (the options a table argues about, a few numbers left to
``--set``); every other variant's form is built from its description of its options
(:mod:`puur.tui.optionform`). Choosing another game, or an option that changes the number of
seats, builds the form again; what was set on it is kept.

It is laid out for an 80x24 terminal first, in all four languages: two columns of one-line rows
whose labels are as wide as the longest label of the column in the chosen language, so that
every value is shown whole; the Start and Quit buttons sit under the form and stay in sight
(the form scrolls above them on a smaller screen). Taller screens get a blank line between rows.
"""

from __future__ import annotations

import contextlib
from typing import TYPE_CHECKING, Any

from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Button, Footer, Input, Label, Select, Static

from puur.i18n import LANGUAGES, t
from puur.options import OptionInfo
from puur.rules import PRESETS
from puur.tui.optionform import (
    option_lines,
    option_rows,
    read_options,
    show_options,
)
from puur.tui.session import available_bots
from puur.tui.settings import Settings, SettingsError
from puur.tui.setup_schieber import SetupBase
from puur.variants import variants

if TYPE_CHECKING:
    from puur.tui.app import PuurApp

__all__ = ["SetupScreen"]


def split_options(infos: list[OptionInfo], left: int) -> tuple[list[OptionInfo],
                                                                list[OptionInfo]]:
    """The options of the right column (under the preset) and of the left one (under the
    ``left`` lines of the game, language, deck and players): the last options move left while
    that keeps the columns about as long."""
    right = list(infos)
    moved: list[OptionInfo] = []
    right_lines = 1 + sum(option_lines(i) for i in right)
    while right and left + option_lines(right[-1]) <= right_lines - option_lines(right[-1]):
        info = right.pop()
        moved.insert(0, info)
        left += option_lines(info)
        right_lines -= option_lines(info)
    return right, moved


class SetupScreen(SetupBase):
    """Rules (a preset and every single option), deck, language and the computer players."""

    DEFAULT_CSS = """
    SetupScreen #form { padding: 0 1; }
    SetupScreen #columns { height: auto; }
    SetupScreen .column { width: 1fr; height: auto; }
    SetupScreen #left { padding: 0 1 0 0; }
    SetupScreen .row { height: 1; }
    SetupScreen.-tall .row { margin: 0 0 1 0; }
    SetupScreen .row Select { width: 1fr; max-width: 32; }
    SetupScreen .row Input { width: 12; }
    SetupScreen .row Input.text { width: 1fr; max-width: 32; }
    SetupScreen .multi { padding: 0 0 0 1; }
    SetupScreen Checkbox { width: auto; height: 1; }
    SetupScreen #sample { height: 2; margin: 0 0 0 1; }
    SetupScreen.-tall #sample { margin: 0 0 1 1; }
    SetupScreen #extras { height: auto; padding: 0 0 0 1; }
    SetupScreen #title { text-style: bold; }
    SetupScreen.-tall #title { padding: 1 0; }
    SetupScreen #bottom { dock: bottom; height: auto; padding: 0 1; }
    SetupScreen #error { color: $error; height: auto; }
    SetupScreen #buttons { height: 3; }
    SetupScreen #buttons Button { margin: 0 2 0 0; }
    """
    VERTICAL_BREAKPOINTS = [(0, "-short"), (34, "-tall")]  # noqa: RUF012

    def compose(self) -> ComposeResult:
        s = self.settings
        lang = s.lang
        game = self.game
        r = s.rules
        preset = r.name if r.name in game.presets else "custom"
        n = game.num_seats(r)
        self._seats = n
        self._left = ["variant", "lang", "deck", *(f"bot{seat}" for seat in range(1, n))]
        self._right = ["preset"]
        self._infos: list[OptionInfo] = []
        with VerticalScroll(id="form"):
            yield Label(t("setup.title", lang), id="title")
            with Horizontal(id="columns"):
                with Vertical(classes="column", id="left"):
                    yield from self._row("variant", Select(
                        [(v.name, v.key) for v in variants()], value=game.key,
                        allow_blank=False, id="variant", compact=True))
                    yield from self._row("lang", Select(
                        [(v, k) for k, v in LANGUAGES.items()], value=lang, allow_blank=False,
                        id="lang", compact=True))
                    yield from self._row("deck", Select(
                        self._deck_options(), value=s.deck, allow_blank=False, id="deck",
                        compact=True))
                    yield Static(self._sample_text(), id="sample")
                    bots = [(b, b) for b in available_bots()]
                    for seat in range(1, n):
                        yield from self._row(f"bot{seat}", Select(
                            bots, value=s.bots[seat - 1], allow_blank=False, id=f"bot{seat}",
                            compact=True))
                    if game.key == "schieber":
                        yield from self._schieber_left(r)
                        right: list[OptionInfo] = []
                    else:
                        self._infos = game.describe_options()
                        right, moved = split_options(self._infos, len(self._left) + 2)
                        yield from self._options(moved, game.rules_to_dict(r), self._left)
                with Vertical(classes="column", id="right"):
                    yield from self._row("preset", Select(
                        self._preset_options(preset), value=preset, allow_blank=False,
                        id="preset", compact=True))
                    if game.key == "schieber":
                        yield from self._schieber_right(r)
                    else:
                        yield from self._options(right, game.rules_to_dict(r), self._right)
        with Vertical(id="bottom"):
            yield Static("", id="error")
            with Horizontal(id="buttons"):
                yield Button(t("setup.start", lang), id="start", variant="success")
                yield Button(t("setup.quit", lang), id="quit", variant="error")
        yield Footer(compact=True, show_command_palette=False)

    def _options(self, infos: list[OptionInfo], values: dict[str, Any],
                 labels: list[str]) -> ComposeResult:
        """The rows of a variant's options (the labelled ones are sized with their column)."""
        for info in infos:
            if info.kind not in ("bool", "multi"):
                labels.append(f"opt-{info.name}")
            yield from option_rows(info, values[info.name], self.settings.lang,
                                   self.settings.deck)

    def on_mount(self) -> None:
        """Keys in the chosen language, labels as wide as the longest."""
        self._install_bindings()
        self._size_labels()

    @on(Select.Changed)
    def _select_changed(self, event: Select.Changed) -> None:
        s = self.settings
        sid = event.select.id
        # Read the widget, not the event: relabelling the options posts stale events.
        value = event.select.value
        if sid == "lang" and value != s.lang and isinstance(value, str):
            s.lang = value
            self.retranslate()
        elif sid == "deck" and value != s.deck and isinstance(value, str):
            s.deck = value
            self.retranslate()
        elif sid == "variant" and isinstance(value, str) and value != s.variant:
            self.keep_form()
            s.switch_variant(value)
            self.rebuild(keep=False)
        elif (sid == "preset" and isinstance(event.value, str) and event.value in PRESETS
              and s.variant == "schieber" and s.rules.name != event.value):
            s.rules = PRESETS[event.value]
            self._set_rules_widgets(s.rules)
        elif (sid == "preset" and isinstance(value, str) and s.variant != "schieber"
              and value in self.game.presets and s.rules.name != value):
            s.rules = self.game.preset(value)
            if self.game.num_seats(s.rules) != self._seats:
                self.rebuild(keep=False)
            else:
                show_options(self, self._infos, self.game.rules_to_dict(s.rules))
        elif sid is not None and sid.startswith("opt-") and s.variant != "schieber":
            self._seats_changed()

    def _seats_changed(self) -> None:
        """An option that changes the number of seats (Differenzler's players) builds the
        form again, with a computer player for each seat."""
        try:
            rules = self._variant_rules()
        except SettingsError:
            return
        if self.game.num_seats(rules) != self._seats:
            self.keep_form()
            self.settings.rules = rules
            self.rebuild(keep=False)

    def keep_form(self) -> None:
        """Keep what the form shows in the settings before it is built again: the computer
        players and, where they read, the options (a number that does not read stays as
        typed, put back after the form is built)."""
        s = self.settings
        for seat in range(1, self._seats):
            s.bots[seat - 1] = str(self.query_one(f"#bot{seat}", Select).value)
        if s.variant != "schieber":
            self._typed = {i.name: self.query_one(f"#opt-{i.name}", Input).value
                           for i in self._infos if i.kind in ("int", "text")}
            with contextlib.suppress(SettingsError):
                s.rules = self._variant_rules()

    def retranslate(self) -> None:
        """Put every text in the current language (a variant's form is built again)."""
        if self.game.key == "schieber":
            super().retranslate()
        else:
            self.rebuild()

    def rebuild(self, keep: bool = True) -> None:
        """Build the form again (another game, language, deck or number of seats); with
        ``keep`` what it shows is kept first."""
        if keep:
            self.keep_form()
        typed = getattr(self, "_typed", {}) if keep else {}

        async def again() -> None:
            await self.recompose()
            self._size_labels()
            self._install_bindings()
            for name, text in typed.items():
                self.query_one(f"#opt-{name}", Input).value = text

        self.call_later(again)

    def _variant_rules(self) -> Any:
        """A variant's rule set as the form shows it (:class:`SettingsError` naming a bad
        value); changed from its preset it is called custom."""
        game = self.game
        base = game.rules_to_dict(self.settings.rules)
        try:
            rules = game.rules_from_dict({**base, **read_options(self, self._infos,
                                                                 self.settings.lang)})
            if rules != game.presets.get(rules.name):
                rules = game.rules_from_dict({**game.rules_to_dict(rules), "name": "custom"})
        except ValueError as e:  # OptionError; SettingsError passes through
            if isinstance(e, SettingsError):
                raise
            raise SettingsError(str(e)) from None
        return rules

    def collect(self) -> Settings:
        """The settings the widgets show; :class:`SettingsError` names a bad value."""
        s = self.settings
        rules = self._schieber_rules() if s.variant == "schieber" else self._variant_rules()
        bots = list(s.bots)
        for seat in range(1, self._seats):
            bots[seat - 1] = str(self.query_one(f"#bot{seat}", Select).value)
        out = Settings(rules=rules, deck=s.deck, lang=s.lang, bots=bots, delay=s.delay,
                       name=s.name, variant=s.variant, other_rules=dict(s.other_rules))
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
