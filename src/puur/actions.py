"""Typed actions and their integer encoding (RULES.md §2.3-§2.6).

Every decision of a hand is one action, encoded as an integer below :data:`NUM_ACTIONS`:

=========  ==========================================================
0 - 35     play a card (the card's own number)
36 - 44    choose a contract (36 + :class:`~puur.contracts.Contract`)
45         push (schiebe) - also used to push back where allowed
46 - 61    Weis: 46 keeps quiet, 46 + k declares the k-th split offered
62, 63     Stöck: announce, keep quiet
=========  ==========================================================

The round works on the integers; the classes below are the typed, printable face.

>>> encode(Play(5)), decode(36 + 4)
(5, Choose(contract=4))
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from puur.cards import format_card
from puur.contracts import format_contract

__all__ = [
    "A_CHOOSE",
    "A_PUSH",
    "A_STOECK",
    "A_STOECK_NO",
    "A_WEIS",
    "MAX_WEIS_OPTIONS",
    "NUM_ACTIONS",
    "Action",
    "Choose",
    "DeclareWeis",
    "Play",
    "Push",
    "Stoeck",
    "decode",
    "encode",
]

A_CHOOSE: Final = 36
A_PUSH: Final = 45
A_WEIS: Final = 46
MAX_WEIS_OPTIONS: Final = 15
A_STOECK: Final = 62
A_STOECK_NO: Final = 63
NUM_ACTIONS: Final = 64


@dataclass(frozen=True, slots=True)
class Play:
    """Play a card."""

    card: int

    def __str__(self) -> str:
        return format_card(self.card)


@dataclass(frozen=True, slots=True)
class Choose:
    """Name the contract."""

    contract: int

    def __str__(self) -> str:
        return f"choose {format_contract(self.contract)}"


@dataclass(frozen=True, slots=True)
class Push:
    """Schiebe: pass the choice to the partner (or back, where the rules allow)."""

    def __str__(self) -> str:
        return "push"


@dataclass(frozen=True, slots=True)
class DeclareWeis:
    """Declare the ``option``-th split offered (1 = the suggested one) or keep quiet (0)."""

    option: int

    def __str__(self) -> str:
        return f"weis {self.option}" if self.option else "weis quiet"


@dataclass(frozen=True, slots=True)
class Stoeck:
    """Announce Stöck (or keep quiet)."""

    announce: bool

    def __str__(self) -> str:
        return "stoeck" if self.announce else "stoeck quiet"


Action = Play | Choose | Push | DeclareWeis | Stoeck


def encode(action: Action) -> int:
    """The integer of a typed action."""
    if isinstance(action, Play):
        return action.card
    if isinstance(action, Choose):
        return A_CHOOSE + action.contract
    if isinstance(action, Push):
        return A_PUSH
    if isinstance(action, DeclareWeis):
        return A_WEIS + action.option
    return A_STOECK if action.announce else A_STOECK_NO


def decode(action: int) -> Action:
    """The typed action of an integer; ``ValueError`` when out of range."""
    if not isinstance(action, int) or not 0 <= action < NUM_ACTIONS:
        raise ValueError(f"not an action number: {action!r}")
    if action < A_CHOOSE:
        return Play(action)
    if action < A_PUSH:
        return Choose(action - A_CHOOSE)
    if action == A_PUSH:
        return Push()
    if action < A_STOECK:
        return DeclareWeis(action - A_WEIS)
    return Stoeck(action == A_STOECK)
