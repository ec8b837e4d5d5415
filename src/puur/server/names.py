"""Names at a table: display names of people, and the names of computer players.

**People.** A display name has 1 to :data:`MAX_NAME` characters once every run of white space
became one space (:func:`normalize`), and none that :func:`puur.server.safejson.bad_character`
refuses (:func:`name_error`). A person may give none: the seat is then stored with an empty name
and shown with no name (``null``), so that every client shows the seat's own name (South, Nord,
Ovest …) in its language; a game record, a file in one language, names such a seat
:func:`record_name`. Names read from the database pass the same check as new ones
(:func:`shown_names`): a stored name a new one could not be is shown as the seat's default, and
the stored row is left as it is (the lobby logs it once at start-up).

**Computer players.** A computer player sits at the table under a Swiss first name, never under
its bot type: the name is drawn deterministically from the table code and the seat (the same
table always gives the same seat the same name, after a restart too), and it never equals the
name of anyone else at the table (compared without case). When a person joins under a name a
computer player already has, the computer player moves on to the next free name; this happens
only before the first game, since a table starts playing once every seat is taken. Names are the
same in every language; the table, the replay, the record and the history all show them.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Final

from puur.server import safejson

__all__ = [
    "BOT_NAMES",
    "MAX_NAME",
    "LoadedNames",
    "bot_name",
    "is_legacy_name",
    "loaded_names",
    "name_error",
    "normalize",
    "record_name",
    "renames_for",
    "shown_names",
    "stored_name_error",
]

#: The longest display name, in characters (after runs of white space became one space).
MAX_NAME: Final = 40

#: First names from all four language regions, short enough for a seat plate.
BOT_NAMES: Final = (
    "Vreni", "Ueli", "Heidi", "Köbi", "Trudi", "Sepp", "Margrit", "Fritz", "Ruedi", "Erika",
    "Hansjörg", "Rösli", "Urs", "Silvia", "Reto", "Monika", "Chantal", "Jean-Luc", "Nadine",
    "Yves", "Giulia", "Marco", "Chiara", "Gian", "Ladina", "Flurin", "Seraina", "Men",
)


def bot_name(code: str, seat: int, taken: Iterable[str]) -> str:
    """The name of the computer player at ``seat`` of table ``code``, avoiding ``taken``."""
    used = {n.casefold() for n in taken}
    digest = hashlib.sha256(f"{code.upper()}:{seat}".encode()).digest()
    start = int.from_bytes(digest[:4], "big") % len(BOT_NAMES)
    for k in range(len(BOT_NAMES)):
        name = BOT_NAMES[(start + k) % len(BOT_NAMES)]
        if name.casefold() not in used:
            return name
    return f"{BOT_NAMES[start]} {seat + 1}"  # four seats never use up the list


def is_legacy_name(name: str, bot: str | None) -> bool:
    """Whether a stored computer player still carries its bot type as its name (tables
    created before computer players had names)."""
    return bot is not None and name == bot


def normalize(text: str) -> str:
    """A name as typed, with every run of white space made one space and the ends trimmed."""
    return " ".join(text.split())


def name_error(name: str) -> str | None:
    """Why a (normalized) display name is refused, or ``None`` when it is a good one."""
    if not 1 <= len(name) <= MAX_NAME:
        return f"must be 1 to {MAX_NAME} characters"
    ch = safejson.bad_character(name)
    if ch is not None:
        return (f"may not hold the character {safejson.describe(ch)}: control and invisible "
                "formatting characters are refused")
    return None


def stored_name_error(name: object) -> str | None:
    """Why a name read from the database is not one a new name could be, or ``None``."""
    if not isinstance(name, str):
        return f"is not text but {type(name).__name__}"
    if normalize(name) != name:
        return "has white space a new name could not have"
    return name_error(name)


def _no_name(name: object, seat: int) -> bool:
    # Servers before nameless seats stored a person without a name as "Player N".
    return name == "" or name == record_name(None, seat)


def record_name(name: str | None, seat: int) -> str:
    """The name a game record gives a person's seat: theirs, or ``Player N`` without one."""
    return name if name is not None else f"Player {seat + 1}"


def shown_names(code: str, seats: Sequence[tuple[str, str | None, object]]) -> list[str | None]:
    """The names shown for a table's seats from their stored ``(kind, bot, name)``: a person
    without a name, or with a stored name that :func:`stored_name_error` refuses, has ``None``;
    a computer player named after its type (tables stored before computer players had names),
    or with a refused name, gets its seat's name (:func:`bot_name`)."""
    shown: list[str | None] = []
    for i, (kind, bot, name) in enumerate(seats):
        if not isinstance(name, str) or stored_name_error(name) is not None:
            shown.append(None)
        elif kind == "bot":
            shown.append(None if is_legacy_name(name, bot) else name)
        else:
            shown.append(None if _no_name(name, i) else name)
    for i, (kind, _bot, _name) in enumerate(seats):
        if kind == "bot" and shown[i] is None:
            shown[i] = bot_name(code, i, [n for k, n in enumerate(shown) if n and k != i])
    return shown


@dataclass(frozen=True)
class LoadedNames:
    """The names of a table read from the database, as :func:`loaded_names` checks them."""

    #: The name of the rule set to show.
    rules_name: str
    #: The name to show for each seat (:func:`shown_names`).
    seats: list[str | None]
    #: ``(whose, stored name)`` of each name refused and shown as its default.
    refused: list[tuple[str, object]]
    #: Computer players stored under their bot type (to be stored under their name).
    legacy: list[int]


def loaded_names(code: str, rules_name: object, preset_name: str,
                 seats: Sequence[tuple[str, str | None, object]]) -> LoadedNames:
    """Check the stored names of table ``code``: its rule set's name (the name of its preset,
    ``preset_name``, when refused) and its seats' ``(kind, bot, name)``."""
    refused: list[tuple[str, object]] = []
    shown_rules = rules_name if isinstance(rules_name, str) else preset_name
    if stored_name_error(rules_name) is not None:
        refused.append(("the rule set", rules_name))
        shown_rules = preset_name
    shown = shown_names(code, seats)
    for i, (_kind, _bot, name) in enumerate(seats):
        if name and name != shown[i] and stored_name_error(name) is not None:
            refused.append((f"seat {i}", name))
    legacy = [i for i, (kind, bot, name) in enumerate(seats)
              if kind == "bot" and isinstance(name, str) and is_legacy_name(name, bot)]
    return LoadedNames(shown_rules, shown, refused, legacy)


def renames_for(code: str, seats: Sequence[tuple[str, str | None]], name: str | None,
                people: Iterable[str]) -> list[tuple[int, str]]:
    """The computer players (of the seats' ``(kind, shown name)``) that must take another name
    because a person joins under ``name`` (``people``: the names of the people seated)."""
    out: list[tuple[int, str]] = []
    if name is None:
        return out
    taken = {*people, name}
    for i, (kind, bot) in enumerate(seats):
        if kind == "bot" and bot is not None and bot.casefold() == name.casefold():
            others = {n for k, (kd, n) in enumerate(seats) if kd == "bot" and k != i and n}
            out.append((i, bot_name(code, i, taken | others | {n for _i, n in out})))
    return out
