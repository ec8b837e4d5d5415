"""Names of computer players at a table.

A computer player sits at the table under a Swiss first name, never under its bot type: the name
is drawn deterministically from the table code and the seat (the same table always gives the
same seat the same name, after a restart too), and it never equals the name of anyone else at
the table (compared without case). When a person joins under a name a computer player already
has, the computer player moves on to the next free name; this happens only before the first
game, since a table starts playing once every seat is taken. Names are the same in every
language; the table, the replay, the record and the history all show them.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from typing import Final

__all__ = ["BOT_NAMES", "bot_name", "is_legacy_name"]

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
