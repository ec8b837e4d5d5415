"""The setup screen's common parts and Schieber's form: the rows with a label, the deck sample,
the presets, and Schieber's own options (the ones a table argues about; a few numbers are left
to ``--set``), with short labels so that every value shows whole at 80x24 in every language.

:class:`~puur.tui.setup.SetupScreen` builds on it and adds every other variant's form.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingsMap
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Button, Checkbox, Input, Label, Select, Static

from puur.cards import DECK_STYLES, format_card
from puur.contracts import CONTRACT_TOKENS
from puur.i18n import t
from puur.rules import PRESETS, RuleError, RuleSet, rules_from_dict
from puur.tui.labels import preset_label
from puur.tui.optionform import option_label
from puur.tui.render import SUIT_COLOURS, SUIT_SYMBOLS, card_markup, seat_name, suit_name
from puur.tui.settings import Settings, SettingsError
from puur.variants import Variant

if TYPE_CHECKING:
    from puur.tui.app import PuurApp

__all__ = ["SetupBase"]

_STANDARD = PRESETS["standard-2500"].multipliers
_EXTRA = (6, 7, 8)  # Misère, Slalom, Slalom starting with Undenufe
_SWITCHES = ("push_back", "weis", "large_weis", "kreuzweis", "weis_four_low", "stoeck",
             "striche")
_CHOICES = (("stoeck_announce", ("second-card", "with-weis")),
            ("count_order", ("stoeck-weis-stich", "stoeck-stich-weis")),
            ("kontermatch", ("match", "double", "bonus")))
#: Options whose label in the web lobby is too long for half of 80 columns.
_SHORT_LABELS = ("start_card", "stoeck_announce", "count_order", "kreuzweis", "weis_four_low")


def _option_label(name: str, lang: str) -> str:
    """An option's label: the web lobby's (``opt.NAME``) or its short form (``setup.NAME``)."""
    return t(f"setup.{name}" if name in _SHORT_LABELS else f"opt.{name}", lang)


def _choice_text(name: str, value: str, lang: str) -> str:
    """The words for one value of a choice row: the short forms (``setup.*``) of the web
    lobby's, so that every value shows whole in its half of 80 columns."""
    if name == "count_order":
        return t(f"setup.count.{value}", lang)
    if name == "stoeck_announce":
        return t(f"setup.sa.{value}", lang)
    return t(f"setup.km.{value}", lang)


#: The rows of Schieber's form with a label in front of the value, per column.
_LEFT = ("start_card",)
_RIGHT = ("preset", "target", "multipliers", *(name for name, _v in _CHOICES))


def _show_value(sel: Select[str]) -> None:
    # When new options keep the value, Textual keeps showing the value's old label.
    sel.mutate_reactive(Select.value)  # type: ignore[misc]


class SetupBase(Screen[None]):
    """What the setup screen's forms share, and Schieber's form."""

    #: The labelled rows of each column (their labels are sized together) and the number of
    #: seats the form shows computer players for.
    _left: list[str]
    _right: list[str]
    _seats: int = 4

    @property
    def settings(self) -> Settings:
        """The app's settings (changed in place by language, deck and preset)."""
        app: PuurApp = self.app  # type: ignore[assignment]
        return app.settings

    @property
    def game(self) -> Variant:
        """The variant chosen."""
        return self.settings.game

    def _schieber_left(self, r: RuleSet) -> ComposeResult:
        lang = self.settings.lang
        self._left += list(_LEFT)
        yield from self._row("start_card", Select(
            self._start_options(r), value=format_card(r.start_card),
            allow_blank=False, id="start_card", compact=True))
        yield Label(t("opt.extra", lang), id="lbl-extra")
        with Vertical(id="extras"):
            for c in _EXTRA:
                yield Checkbox(t(f"contract.{CONTRACT_TOKENS[c]}", lang),
                               value=c in r.extra_contracts,
                               id=f"x-{CONTRACT_TOKENS[c]}", compact=True)

    def _schieber_right(self, r: RuleSet) -> ComposeResult:
        lang = self.settings.lang
        self._right += list(_RIGHT[1:])
        yield from self._row("target", Input(str(r.target), id="target",
                                             type="integer", compact=True))
        yield from self._row("multipliers", Select(
            self._mult_options(), allow_blank=False, value=self._mult_value(r),
            id="multipliers", compact=True))
        for name in _SWITCHES:
            with Horizontal(classes="row"):
                yield Checkbox(_option_label(name, lang), value=bool(getattr(r, name)),
                               id=name, compact=True)
        for name, values in _CHOICES:
            yield from self._row(name, Select(
                [(_choice_text(name, v, lang), v) for v in values],
                value=getattr(r, name), allow_blank=False, id=name, compact=True))

    def _install_bindings(self) -> None:
        lang = self.settings.lang
        self._bindings = BindingsMap([
            Binding("ctrl+s", "start", t("setup.start", lang)),
            Binding("escape", "quit", t("setup.quit", lang)),
        ])
        self.refresh_bindings()

    def _label_text(self, name: str) -> str:
        lang = self.settings.lang
        if name.startswith("bot"):
            return t("setup.bot", lang, seat=seat_name(int(name[3:]), lang, seats=self._seats))
        if name == "variant":
            return t("setup.variant", lang)
        if name.startswith("opt-"):
            return option_label(name[4:], lang)
        # The labels the web app's lobby shows for the same options.
        if name in ("lang", "deck"):
            return t("lang" if name == "lang" else "deck", lang)
        if name in ("preset", "target"):
            return t("lobby.preset" if name == "preset" else "lobby.target", lang)
        return _option_label(name, lang)

    def _size_labels(self) -> None:
        # Each column's labels take the width of its longest label (and a space).
        for names in (self._left, self._right):
            width = max(len(self._label_text(n)) for n in names) + 1
            for n in names:
                self.query_one(f"#lbl-{n}", Label).styles.width = width

    def _row(self, name: str, widget: Any) -> ComposeResult:
        with Horizontal(classes="row"):
            yield Label(self._label_text(name), id=f"lbl-{name}")
            yield widget

    def _deck_options(self) -> list[tuple[str, str]]:
        return [(t(f"setup.deck.{k}", self.settings.lang), k) for k in DECK_STYLES]

    def _preset_options(self, current: str) -> list[tuple[str, str]]:
        custom = [(t("opt.custom", self.settings.lang), "custom")] if current == "custom" else []
        return [(preset_label(self.game.key, k, self.settings.lang), k)
                for k in self.game.presets] + custom

    def _mult_options(self) -> list[tuple[str, str]]:
        lang = self.settings.lang
        return [(t(f"setup.mult.{k}", lang), k) for k in ("none", "standard")] + [
            (t("opt.custom", lang), "custom")]

    def _start_options(self, r: RuleSet) -> list[tuple[str, str]]:
        deck, lang = self.settings.deck, self.settings.lang
        cards = sorted({1, 10, r.start_card})  # the 7 of Schellen, the 7 of Rosen, the current
        return [(f"{suit_name(c // 9, deck, lang)} {DECK_STYLES[deck].rank_short[c % 9]}",
                 format_card(c)) for c in cards]

    @staticmethod
    def _mult_value(r: RuleSet) -> str:
        if all(m == 1 for m in r.multipliers):
            return "none"
        return "standard" if r.multipliers == _STANDARD else "custom"

    def _sample_text(self) -> Text:
        # Two lines of two suits each: the suit's name with its Ace and Under/Jack.
        deck, lang = self.settings.deck, self.settings.lang
        parts = [" ".join(card_markup(s * 9 + r, deck) for r in (8, 5))
                 + f" [{SUIT_COLOURS[deck][s]}]{SUIT_SYMBOLS[deck][s]} "
                 f"{suit_name(s, deck, lang)}[/]" for s in range(4)]
        return Text.from_markup(f"{parts[0]}   {parts[1]}\n{parts[2]}   {parts[3]}")

    def _reset_options(self, sel: Select[str], options: list[tuple[str, str]]) -> None:
        value = sel.value
        sel.set_options(options)
        sel.value = value
        _show_value(sel)

    def retranslate(self) -> None:
        """Put every text of Schieber's form in the current language."""
        lang = self.settings.lang
        self.query_one("#title", Label).update(t("setup.title", lang))
        for name in (*self._left, *self._right):
            self.query_one(f"#lbl-{name}", Label).update(self._label_text(name))
        self._size_labels()
        self._reset_options(self.query_one("#deck", Select), self._deck_options())
        preset = self.query_one("#preset", Select)
        self._reset_options(preset, self._preset_options(str(preset.value)))
        self._reset_options(self.query_one("#multipliers", Select), self._mult_options())
        for name, values in _CHOICES:
            self._reset_options(self.query_one(f"#{name}", Select),
                                [(_choice_text(name, x, lang), x) for x in values])
        self._reset_options(self.query_one("#start_card", Select),
                            self._start_options(self.settings.rules))
        self.query_one("#lbl-extra", Label).update(t("opt.extra", lang))
        for c in _EXTRA:
            self.query_one(f"#x-{CONTRACT_TOKENS[c]}", Checkbox).label = t(
                f"contract.{CONTRACT_TOKENS[c]}", lang)
        for name in _SWITCHES:
            self.query_one(f"#{name}", Checkbox).label = _option_label(name, lang)
        self.query_one("#start", Button).label = t("setup.start", lang)
        self.query_one("#quit", Button).label = t("setup.quit", lang)
        self.query_one("#sample", Static).update(self._sample_text())
        self._install_bindings()

    def _set_rules_widgets(self, r: RuleSet) -> None:
        self.query_one("#target", Input).value = str(r.target)
        self.query_one("#multipliers", Select).value = self._mult_value(r)
        for name in _SWITCHES:
            self.query_one(f"#{name}", Checkbox).value = bool(getattr(r, name))
        for name, _values in _CHOICES:
            self.query_one(f"#{name}", Select).value = getattr(r, name)
        start = self.query_one("#start_card", Select)
        start.set_options(self._start_options(r))
        start.value = format_card(r.start_card)
        _show_value(start)
        for c in _EXTRA:
            self.query_one(f"#x-{CONTRACT_TOKENS[c]}", Checkbox).value = c in r.extra_contracts

    def _schieber_rules(self) -> RuleSet:
        """Schieber's rule set as its form shows it."""
        s = self.settings
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
        for name in _SWITCHES:
            changes[name] = self.query_one(f"#{name}", Checkbox).value
        for name, _values in _CHOICES:
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
        return rules

