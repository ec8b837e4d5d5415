"""Messages of the terminal game kept as a text key and arguments, not as finished text, so that
the log can be written again in another language or deck style (``g`` and ``d`` switch them).

A :class:`Note` names a key of :mod:`puur.i18n` and its arguments; an argument is plain text or
a number, or one of the small value types here (a card, a seat, a contract, a Weis split …)
that :func:`render_note` puts into words in the language and deck asked for. A log entry is a
:class:`~puur.tui.session.Event` or a :class:`Note` (:func:`render_entry` writes either).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Union

from puur.i18n import t, tn
from puur.tui.moves import BID_WORDS, DECLARE_WORDS, decode, variant_of
from puur.tui.render import (
    card_markup,
    card_text,
    contract_name,
    event_text,
    row_play,
    seat_name,
    suit_name,
    team_name,
    weis_option_text,
)
from puur.tui.session import Event
from puur.weis import Meld

__all__ = [
    "Arg",
    "Card",
    "Contract",
    "Count",
    "Forecast",
    "Key",
    "LogEntry",
    "Note",
    "Row",
    "Seat",
    "Split",
    "Suit",
    "Team",
    "action_arg",
    "note",
    "pushes_back",
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
    """A seat: ``South (You)``, ``East`` … (``seats``: at a table of three, the third is
    West)."""

    seat: int
    seats: int = 4


@dataclass(frozen=True)
class Team:
    """A team: ``Us`` or ``Them``."""

    team: int


@dataclass(frozen=True)
class Forecast:
    """A Differenzler forecast: ``forecast 40``."""

    points: int


@dataclass(frozen=True)
class Row:
    """A row of a score sheet played as a contract: ``Row 7: free ×7 — Rosen trumps``."""

    row: int
    discipline: str
    multiplier: int
    contract: int = -1


@dataclass(frozen=True)
class Suit:
    """A suit in the deck style: ``Rosen``, ``hearts`` …"""

    suit: int


@dataclass(frozen=True)
class Contract:
    """A contract: ``Rosen trumps``, ``Obenabe`` … (``key``: the variant's own name)."""

    contract: int
    key: str = ""


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


Arg = Union[str, int, Card, Seat, Team, Suit, Contract, Key, Count, Split, Forecast,  # noqa: UP007
            Row, Note]


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
        return seat_name(arg.seat, lang, seats=arg.seats)
    if isinstance(arg, Team):
        return team_name(arg.team, lang)
    if isinstance(arg, Forecast):
        return t("forecast.value", lang, points=arg.points)
    if isinstance(arg, Row):
        return row_play(arg.row, arg.discipline, arg.multiplier, arg.contract, deck, lang)
    if isinstance(arg, Suit):
        return suit_name(arg.suit, deck, lang)
    if isinstance(arg, Contract):
        return contract_name(arg.contract, deck, lang, arg.key)
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


def pushes_back(obs: Any) -> bool:
    """True when pushing now sends the choice back to the seat that pushed it (Schieber's push
    back); where pushes go on round the table (Coiffeur counts them) it never does."""
    return bool(obs.pushed) and not hasattr(obs, "pushes")


def action_arg(action: int, obs: Any, token: bool = False) -> Arg:
    """An engine action of the seat of ``obs`` as an argument: a card, a contract, push, a
    forecast, a row of the sheet, a Weis split (from the observation's options), a Stöck
    answer, a bid or pass, a discard, a called card, declining or playing a hand; what the
    action is comes from the variant's action space."""
    variant = variant_of(obs)
    move = decode(variant, action)
    if move.kind == "card":
        return Card(action, token)
    if move.kind == "choose":
        from puur.tui.faces import contract_key

        return Contract(move.contract, contract_key(variant.key, move.contract))
    if move.kind == "push":
        return Key("push_back" if pushes_back(obs) else "push")
    if move.kind == "forecast":
        return Forecast(move.value)
    if move.kind == "row":
        discipline, mult = obs.sheet_rows[move.value]
        return Row(move.value, discipline, mult, move.contract)
    if move.kind == "weis" and move.value == 0:
        return Key("weis.quiet")
    if move.kind == "weis":
        k = move.value - 1
        if 0 <= k < len(obs.weis_options):
            return Split(obs.weis_options[k], suggested=k == 0)
        return str(action)
    if move.kind == "stoeck":
        return Key("stoeck.yes" if move.value else "stoeck.no")
    if move.kind == "declare":
        return Key(f"declare.{DECLARE_WORDS[move.value]}")
    if move.kind == "bid":
        return note("bi.bid_n", value=str(move.value))
    if move.kind == "bid_word":
        return Key(f"pd.bid.{BID_WORDS[move.value]}")
    if move.kind in ("pass", "decline", "accept"):
        return Key(f"bi.{move.kind}")
    if move.kind == "double":
        return Key("sb.double")
    if move.kind in ("discard", "call"):
        return note(f"bi.{move.kind}_card", card=Card(move.value, token))
    return str(action)
