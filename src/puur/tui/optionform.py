"""The setup screen's form of a variant's options, built from the variant's own description
(:meth:`puur.variants.base.Variant.describe_options`): one row per option, a widget per kind.

=========  ============================================================================
``bool``   a switch with its label
``int``    a number field (the range is checked when the game starts)
``choice`` a list of its values, in words where the catalogue has them
``card``   a list of the 36 cards in the chosen deck
``text``   a text field
``multi``  a switch per value, under the option's label
``table``  a text field of ``VALUE:NUMBER`` pairs (``D:1 H:2 …``)
=========  ============================================================================

The form reads and writes the options as plain data (:meth:`Variant.rules_to_dict`); the
variant checks the values (:meth:`Variant.rules_from_dict`), the form decides none. Labels are
``vopt.NAME`` of the catalogue, or the Schieber setup's own (``setup.NAME``, ``opt.NAME``) for
the options the variants share with it; the words of a value are ``vopt.NAME.VALUE``.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from textual.containers import Horizontal
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Checkbox, Input, Label, Select

from puur.cards import DECK_STYLES, format_card
from puur.contracts import CONTRACT_TOKENS
from puur.i18n import I18nError, t
from puur.options import OptionInfo
from puur.tui.render import contract_name, suit_name
from puur.tui.settings import SettingsError

__all__ = ["option_label", "option_lines", "option_rows", "read_options", "show_options",
           "value_label"]


def _first(lang: str, *keys: str) -> str | None:
    for key in keys:
        try:
            return t(key, lang)
        except I18nError:
            continue
    return None


def option_label(name: str, lang: str) -> str:
    """An option's label: ``vopt.NAME``, else the Schieber setup's (``setup.NAME``,
    ``opt.NAME``), else the name itself."""
    return _first(lang, f"vopt.{name}", f"setup.{name}", f"opt.{name}") or name


def value_label(name: str, value: Any, lang: str, deck: str = "swiss") -> str:
    """The words for one value of a choice: ``vopt.NAME.VALUE`` (or the Schieber setup's short
    form), a contract by its name (``misere``: Misère), else the value itself."""
    text = str(value)
    found = _first(lang, f"vopt.{name}.{text}")
    if found is None and name == "stoeck_announce":
        found = _first(lang, f"setup.sa.{text}")
    if found is None and text in CONTRACT_TOKENS:
        found = contract_name(CONTRACT_TOKENS.index(text), deck, lang)
    return found if found is not None else text


def option_lines(info: OptionInfo) -> int:
    """How many lines an option's rows take."""
    return 1 + len(info.choices) if info.kind == "multi" else 1


def _card_options(deck: str, lang: str) -> list[tuple[str, str]]:
    return [(f"{suit_name(c // 9, deck, lang)} {DECK_STYLES[deck].rank_short[c % 9]}",
             format_card(c)) for c in range(36)]


def _table_text(value: Any) -> str:
    return " ".join(f"{k}:{v}" for k, v in dict(value).items())


def option_rows(info: OptionInfo, value: Any, lang: str, deck: str) -> Iterator[Widget]:
    """The rows of one option showing ``value`` (plain data)."""
    wid = f"opt-{info.name}"
    label = option_label(info.name, lang)
    if info.kind == "bool":
        with Horizontal(classes="row"):
            yield Checkbox(label, value=bool(value), id=wid, compact=True)
        return
    if info.kind == "multi":
        yield Label(label, id=f"lbl-{wid}", classes="multi-label")
        for i, choice in enumerate(info.choices):
            with Horizontal(classes="row multi"):
                yield Checkbox(value_label(info.name, choice, lang, deck), value=choice in value,
                               id=f"{wid}-{i}", compact=True)
        return
    with Horizontal(classes="row"):
        yield Label(label, id=f"lbl-{wid}", classes="opt-label")
        if info.kind == "choice":
            yield Select([(value_label(info.name, c, lang, deck), str(c)) for c in info.choices],
                         value=str(value), allow_blank=False, id=wid, compact=True)
        elif info.kind == "card":
            yield Select(_card_options(deck, lang), value=str(value), allow_blank=False,
                         id=wid, compact=True)
        elif info.kind == "int":
            yield Input(str(value), id=wid, type="integer", compact=True,
                        placeholder=f"{info.lo}-{info.hi}", classes="number")
        elif info.kind == "table":
            yield Input(_table_text(value), id=wid, compact=True, classes="text")
        else:
            yield Input(str(value), id=wid, compact=True, classes="text")


def read_options(screen: Screen[Any], infos: list[OptionInfo], lang: str) -> dict[str, Any]:
    """The options the form shows, as plain data; a number that is not one, or out of its
    range, raises :class:`SettingsError` naming the option (the variant checks the rest)."""
    out: dict[str, Any] = {}
    for info in infos:
        wid = f"#opt-{info.name}"
        if info.kind == "bool":
            out[info.name] = screen.query_one(wid, Checkbox).value
        elif info.kind == "multi":
            out[info.name] = [c for i, c in enumerate(info.choices)
                              if screen.query_one(f"{wid}-{i}", Checkbox).value]
        elif info.kind == "choice":
            shown = str(screen.query_one(wid, Select).value)
            out[info.name] = next(c for c in info.choices if str(c) == shown)
        elif info.kind == "card":
            out[info.name] = str(screen.query_one(wid, Select).value)
        elif info.kind == "int":
            text = screen.query_one(wid, Input).value.strip()
            lo, hi = info.lo, info.hi
            if not (text.lstrip("-").isdigit() and (lo is None or int(text) >= lo)
                    and (hi is None or int(text) <= hi)):
                raise SettingsError(t("setup.bad_number", lang, option=option_label(
                    info.name, lang), lo=lo, hi=hi))
            out[info.name] = int(text)
        elif info.kind == "table":
            out[info.name] = _read_table(screen.query_one(wid, Input).value, info, lang)
        else:
            out[info.name] = screen.query_one(wid, Input).value
    return out


def _read_table(text: str, info: OptionInfo, lang: str) -> dict[str, int]:
    out: dict[str, int] = {}
    for item in text.split():
        key, sep, num = item.partition(":")
        if not sep or key not in info.choices or not num.isdigit():
            raise SettingsError(t("setup.bad_table", lang, option=option_label(info.name, lang),
                                  keys=" ".join(str(c) for c in info.choices)))
        out[key] = int(num)
    return out


def show_options(screen: Screen[Any], infos: list[OptionInfo], values: dict[str, Any]) -> None:
    """Put ``values`` (plain data, e.g. a preset's) into the form."""
    for info in infos:
        wid = f"#opt-{info.name}"
        value = values[info.name]
        if info.kind == "bool":
            screen.query_one(wid, Checkbox).value = bool(value)
        elif info.kind == "multi":
            for i, c in enumerate(info.choices):
                screen.query_one(f"{wid}-{i}", Checkbox).value = c in value
        elif info.kind in ("choice", "card"):
            screen.query_one(wid, Select).value = str(value)
        elif info.kind == "table":
            screen.query_one(wid, Input).value = _table_text(value)
        else:
            screen.query_one(wid, Input).value = str(value)
