"""The rows the storage writes and reads (:mod:`puur.server.storage`): tables, seats, games and
the actions of a game with what they led to."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

__all__ = ["ActionRow", "Finish", "GameRow", "SeatRow", "TableRow"]


@dataclass(frozen=True)
class SeatRow:
    """A stored seat."""

    seat: int
    kind: str
    bot: str | None
    strength: int | None
    name: str
    token_hash: str | None


@dataclass(frozen=True)
class TableRow:
    """A stored table."""

    code: str
    created: float
    preset: str
    rules: dict[str, Any]
    deck: str
    lang: str
    turn_timer: float | None
    public: bool
    game_id: int | None
    seats: list[SeatRow]
    #: The variant's key (:mod:`puur.variants`).
    variant: str = "schieber"


@dataclass(frozen=True)
class Finish:
    """How a game ended: the winning side (``None`` when none won alone), what ended it (or
    ``None``), each side's score and the game's record."""

    winner: int | None
    reason: str | None
    scores: list[int]
    record: str


@dataclass(frozen=True)
class ActionRow:
    """One action to store, with the next hand's deal it led to (``(hand_no, opener, hand
    line)``: the seat that acts first in the hand, and the deal as the record's ``hand`` line
    writes it) or the game's end it brought."""

    seq: int
    hand_no: int
    seat: int
    action: int
    by: str
    new_deal: tuple[int, int, str] | None = None
    finish: Finish | None = None


@dataclass(frozen=True)
class GameRow:
    """A stored game: its header, deals and actions."""

    id: int
    code: str
    number: int
    seed: str
    started: float
    ended: float | None
    winner: int | None
    reason: str | None
    scores: list[int] | None
    record: str | None
    deals: list[tuple[int, int, str]]  # (hand_no, opener, deal text)
    actions: list[tuple[int, int, int, int, str]]  # (seq, hand_no, seat, action, by)
