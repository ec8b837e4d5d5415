"""Widgets and boxes of the full-screen game: a card of the hand, a seat, the decision dialog, the
information box (summary, Jasstafel, last trick, game end) and the Rich pictures they show.

Every box is laid out for an 80x24 terminal first: one line per choice, the text above them
scrolls when it is taller than the screen, and the buttons stay in sight.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any, ClassVar

from rich.table import Table
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.events import Click
from textual.message import Message
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Label, Static

from puur.cards import DECK_STYLES, rank_of, suit_of
from puur.game import Game
from puur.tui.render import (
    SUIT_COLOURS,
    SUIT_SYMBOLS,
    match_line,
    summary_rows,
    tafel_lines,
    team_name,
)

__all__ = [
    "CHOICE_KEYS",
    "CardWidget",
    "ChoiceDialog",
    "InfoScreen",
    "NumberDialog",
    "NumberField",
    "SeatPanel",
    "card_face",
    "summary_renderable",
    "tafel_renderable",
    "tafel_side_by_side",
]


def card_face(card: int, deck: str) -> Text:
    """The face of a card in the hand: rank above, suit symbol below, in the suit's colour."""
    s = suit_of(card)
    colour = SUIT_COLOURS[deck][s]
    rank = DECK_STYLES[deck].rank_short[rank_of(card)]
    return Text.from_markup(f"[bold {colour}]{rank}[/]\n[{colour}]{SUIT_SYMBOLS[deck][s]}[/]")


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


#: The keys that pick the choices of a dialog, in order (``h`` asks for the hint).
CHOICE_KEYS = "1234567890abcdefgijklmnopqrstuvwxyz"


class ChoiceDialog(ModalScreen[int]):
    """A decision with a few buttons, each an engine action (or a choice of the program, such as
    leaving); keys 1..9, then 0, a, b … pick one, ``h`` asks for a hint when the dialog has
    one."""

    DEFAULT_CSS = """
    ChoiceDialog { align: center middle; }
    ChoiceDialog > Vertical { width: 76; max-width: 100%; height: auto; max-height: 100%;
                              border: thick $accent; padding: 0 1; background: $panel; }
    ChoiceDialog #dialog-text { height: auto; max-height: 8; margin: 0 0 1 0; }
    ChoiceDialog Button { width: 100%; height: auto; margin: 0; }
    ChoiceDialog #dialog-hint { height: auto; margin: 1 0 0 0; }
    ChoiceDialog .title { text-style: bold; width: 100%; content-align: center middle; }
    """

    def __init__(self, kind: str, title: str, text: str, choices: list[tuple[int, str]],
                 hint: Callable[[], str] | None = None, hint_label: str = "hint") -> None:
        super().__init__(classes=f"dialog-{kind}")
        self.kind = kind
        self.title_text = title
        self.text = text
        self.choices = choices
        self.hint = hint
        self.hint_label = hint_label

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(self.title_text, classes="title")
            if self.text:
                with VerticalScroll(id="dialog-text"):
                    yield Static(Text.from_markup(self.text))
            for i, (action, label) in enumerate(self.choices):
                yield Button(f"{CHOICE_KEYS[i]}  {label}", id=f"act-{action}", compact=True,
                             variant="primary" if i == 0 else "default")
            if self.hint is not None:
                yield Static(Text(f"h: {self.hint_label}", style="dim"), id="dialog-hint")

    async def show_hint(self) -> None:
        """The hint of the strongest computer player for this decision (``h``)."""
        if self.hint is not None:
            text = await asyncio.to_thread(self.hint)
            if self.is_attached:  # not answered meanwhile
                self.query_one("#dialog-hint", Static).update(Text.from_markup(text))

    def on_key(self, event: Any) -> None:
        """Digits pick the n-th choice; ``h`` asks for a hint (worked out in the background,
        the keys stay live meanwhile)."""
        ch = getattr(event, "character", None)
        if ch in ("h", "?") and self.hint is not None:
            event.stop()
            self.run_worker(self.show_hint(), group="hint", exclusive=True)
        elif ch and ch in CHOICE_KEYS:
            k = CHOICE_KEYS.index(ch)
            if k < len(self.choices):
                event.stop()
                self.dismiss(self.choices[k][0])

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        assert event.button.id is not None
        self.dismiss(int(event.button.id.removeprefix("act-")))


class NumberField(Input):
    """A field of digits; ``h`` and ``?`` are no digits and ask the dialog for its hint."""

    async def _on_key(self, event: Any) -> None:
        if event.character in ("h", "?"):
            event.stop()
            event.prevent_default()
            screen = self.screen
            if isinstance(screen, NumberDialog):
                screen.action_hint()
            return
        await super()._on_key(event)


class NumberDialog(ModalScreen[int]):
    """A decision that is a whole number from ``lo`` to ``hi`` (a Differenzler forecast): typed
    into a number field and given with Enter (or the button); a number outside the range is
    answered with ``bad`` under the field and nothing is given. ``h`` (or ``?``) asks for a
    hint when the dialog has one."""

    DEFAULT_CSS = """
    NumberDialog { align: center middle; }
    NumberDialog > Vertical { width: 76; max-width: 100%; height: auto; max-height: 100%;
                              border: thick $accent; padding: 0 1; background: $panel; }
    NumberDialog #dialog-text { height: auto; max-height: 8; margin: 0 0 1 0; }
    NumberDialog .title { text-style: bold; width: 100%; content-align: center middle; }
    NumberDialog #number-row { height: 1; }
    NumberDialog #number-label { width: auto; margin: 0 1 0 0; }
    NumberDialog Input { width: 8; }
    NumberDialog Button { width: auto; margin: 0 0 0 2; }
    NumberDialog #number-error { color: $error; height: auto; }
    NumberDialog #dialog-hint { height: auto; margin: 1 0 0 0; }
    """
    def __init__(self, kind: str, title: str, text: str, label: str, lo: int, hi: int,
                 bad: str, submit: str, hint: Callable[[], str] | None = None,
                 hint_label: str = "hint", step: int = 1) -> None:
        super().__init__(classes=f"dialog-{kind}")
        #: Only numbers ``lo``, ``lo + step``, … are given (a bid in tens).
        self.step = step
        self.kind = kind
        self.title_text = title
        self.text = text
        self.label = label
        self.lo, self.hi = lo, hi
        self.bad = bad
        self.submit = submit
        self.hint = hint
        self.hint_label = hint_label

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(self.title_text, classes="title")
            if self.text:
                with VerticalScroll(id="dialog-text"):
                    yield Static(Text.from_markup(self.text))
            with Horizontal(id="number-row"):
                yield Label(self.label, id="number-label")
                yield NumberField(id="number", type="integer", restrict=r"[0-9]*",
                                  max_length=len(str(self.hi)),
                                  placeholder=f"{self.lo}-{self.hi}", compact=True)
                yield Button(self.submit, id="number-ok", compact=True, variant="primary")
            yield Static("", id="number-error")
            if self.hint is not None:
                yield Static(Text(f"h: {self.hint_label}", style="dim"), id="dialog-hint")

    def on_mount(self) -> None:
        """The number field has the focus."""
        self.query_one("#number", Input).focus()

    def give(self) -> None:
        """Give the number typed, when it is in the range."""
        text = self.query_one("#number", Input).value.strip()
        if (not text.isdigit() or not self.lo <= int(text) <= self.hi
                or (int(text) - self.lo) % self.step):
            self.query_one("#number-error", Static).update(self.bad)
            return
        self.dismiss(int(text))

    def action_hint(self) -> None:
        """The hint of the strongest computer player (worked out in the background)."""
        if self.hint is not None:
            self.run_worker(self._show_hint(), group="hint", exclusive=True)

    async def _show_hint(self) -> None:
        assert self.hint is not None
        text = await asyncio.to_thread(self.hint)
        if self.is_attached:
            self.query_one("#dialog-hint", Static).update(Text.from_markup(text))

    @on(Input.Submitted)
    def _submitted(self) -> None:
        self.give()

    @on(Button.Pressed, "#number-ok")
    def _ok(self) -> None:
        self.give()


class InfoScreen(ModalScreen[None]):
    """A box of text (summary, Jasstafel, last trick, game end); Enter or Escape closes it. The
    text scrolls when the screen is too low for it; the buttons stay in sight."""

    DEFAULT_CSS = """
    InfoScreen { align: center middle; }
    InfoScreen > Vertical { width: 90; max-width: 100%; height: auto; max-height: 100%;
                            border: thick $accent; padding: 0 1; background: $panel; }
    InfoScreen .title { text-style: bold; }
    InfoScreen #info-scroll { height: auto; max-height: 1fr; }
    InfoScreen Horizontal { height: auto; width: auto; margin: 1 0 0 0; }
    InfoScreen Button { margin: 0 2 0 0; }
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
            with VerticalScroll(id="info-scroll"):
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
