"""Messages of the terminal game kept as a text key and arguments, not as finished text, so that
the log can be written again in another language or deck style (``g`` and ``d`` switch them).

A :class:`Note` names a key of :mod:`puur.i18n` and its arguments; an argument is plain text or
a number, or one of the small value types here (a card, a seat, a contract, a Weis split …)
that :func:`render_note` puts into words in the language and deck asked for. A log entry is a
:class:`~puur.tui.session.Event` or a :class:`Note` (:func:`render_entry` writes either).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Union

from puur.actions import A_CHOOSE, A_PUSH, A_STOECK, A_WEIS
from puur.i18n import t, tn
from puur.observation import Observation
from puur.tui.render import (
    card_markup,
    card_text,
    contract_name,
    event_text,
    seat_name,
    suit_name,
    weis_option_text,
)
from puur.tui.session import Event
from puur.weis import Meld

__all__ = [
    "Arg",
    "Card",
    "Contract",
    "Count",
    "Key",
    "LogEntry",
    "Note",
    "Seat",
    "Split",
    "Suit",
    "action_arg",
    "note",
    "render_arg",
    "render_entry",
    "render_note",
]


@dataclass(frozen=True)
class Card:
    """A card; ``token`` adds the engine code, e.g. ``Schilten A (SA)`` (line mode)."""

    card: int
    token: bool = False


@dataclass(frozen=True)
class Seat:
    """A seat: ``South (You)``, ``East`` …"""

    seat: int


@dataclass(frozen=True)
class Suit:
    """A suit in the deck style: ``Rosen``, ``hearts`` …"""

    suit: int


@dataclass(frozen=True)
class Contract:
    """A contract: ``Rosen trumps``, ``Obenabe`` …"""

    contract: int


@dataclass(frozen=True)
class Key:
    """Another text of the catalogue, e.g. ``push`` or ``weis.quiet``."""

    key: str


@dataclass(frozen=True)
class Count:
    """A count with its noun in the right number, e.g. ``1 card``, ``20 points``."""

    key: str
    n: int


@dataclass(frozen=True)
class Split:
    """One way to declare Weis: its melds (``Declare 3 in a row …: 20 points``)."""

    melds: tuple[Meld, ...]
    suggested: bool = False


@dataclass(frozen=True)
class Note:
    """A message: a text key and its arguments (a note may be the argument of another), with a
    Rich style for the log."""

    key: str
    args: tuple[tuple[str, Arg], ...] = ()
    style: str = ""


Arg = Union[str, int, Card, Seat, Suit, Contract, Key, Count, Split, Note]  # noqa: UP007


LogEntry = Union[Event, Note]  # noqa: UP007 (a value)


def note(key: str, style: str = "", **args: Arg) -> Note:
    """A :class:`Note` of ``key`` with ``args``."""
    return Note(key, tuple(args.items()), style)


def render_arg(arg: Arg, deck: str, lang: str, markup: bool = False) -> str:
    """One argument in words."""
    if isinstance(arg, Card):
        text = card_markup(arg.card, deck) if markup else card_text(arg.card, deck, lang)
        if arg.token:
            from puur.cards import format_card

            text += f" ({format_card(arg.card)})"
        return text
    if isinstance(arg, Seat):
        return seat_name(arg.seat, lang)
    if isinstance(arg, Suit):
        return suit_name(arg.suit, deck, lang)
    if isinstance(arg, Contract):
        return contract_name(arg.contract, deck, lang)
    if isinstance(arg, Key):
        return t(arg.key, lang)
    if isinstance(arg, Count):
        return tn(arg.key, arg.n, lang)
    if isinstance(arg, Split):
        text = weis_option_text(arg.melds, deck, lang)
        return text + (f" ({t('weis.suggested', lang)})" if arg.suggested else "")
    if isinstance(arg, Note):
        return render_note(arg, deck, lang, markup)
    return str(arg)


def render_note(n: Note, deck: str, lang: str, markup: bool = False) -> str:
    """The text of a note in ``lang`` and ``deck``."""
    return t(n.key, lang, **{k: render_arg(v, deck, lang, markup) for k, v in n.args})


def render_entry(entry: LogEntry, deck: str, lang: str, markup: bool = False) -> str:
    """A log entry (an event or a note) in words."""
    if isinstance(entry, Note):
        return render_note(entry, deck, lang, markup)
    return event_text(entry, deck, lang, markup=markup)


def action_arg(action: int, obs: Observation, token: bool = False) -> Arg:
    """An engine action of the seat of ``obs`` as an argument: a card, a contract, push, a Weis
    split (from the observation's options) or a Stöck answer."""
    if action < A_CHOOSE:
        return Card(action, token)
    if action < A_PUSH:
        return Contract(action - A_CHOOSE)
    if action == A_PUSH:
        return Key("push_back" if obs.pushed else "push")
    if action == A_WEIS:
        return Key("weis.quiet")
    if action < A_STOECK:
        k = action - A_WEIS - 1
        if 0 <= k < len(obs.weis_options):
            return Split(obs.weis_options[k], suggested=k == 0)
        return str(action)
    return Key("stoeck.yes" if action == A_STOECK else "stoeck.no")
