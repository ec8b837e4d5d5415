"""Typed actions and their integer encoding (rule book §2.3-§2.6).

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

from puur._checks import is_int_in, show
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
    "ActionError",
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


class ActionError(ValueError):
    """Not an action: a number outside 0..63, a ``bool``, a typed action with a bad field."""


def _field(value: object, low: int, high: int, what: str) -> None:
    if not is_int_in(value, low, high):
        raise ActionError(f"{what} must be a whole number {low}..{high}, not {show(value)}")


@dataclass(frozen=True, slots=True)
class Play:
    """Play a card."""

    card: int

    def __post_init__(self) -> None:
        _field(self.card, 0, 35, "a card")

    def __str__(self) -> str:
        return format_card(self.card)


@dataclass(frozen=True, slots=True)
class Choose:
    """Name the contract."""

    contract: int

    def __post_init__(self) -> None:
        _field(self.contract, 0, 8, "a contract")

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

    def __post_init__(self) -> None:
        _field(self.option, 0, MAX_WEIS_OPTIONS, "a Weis option")

    def __str__(self) -> str:
        return f"weis {self.option}" if self.option else "weis quiet"


@dataclass(frozen=True, slots=True)
class Stoeck:
    """Announce Stöck (or keep quiet)."""

    announce: bool

    def __post_init__(self) -> None:
        if not isinstance(self.announce, bool):
            raise ActionError(f"announce must be true or false, not {show(self.announce)}")

    def __str__(self) -> str:
        return "stoeck" if self.announce else "stoeck quiet"


Action = Play | Choose | Push | DeclareWeis | Stoeck


def encode(action: Action) -> int:
    """The integer of a typed action."""
    if not isinstance(action, Play | Choose | Push | DeclareWeis | Stoeck):
        raise ActionError(f"not a typed action: {show(action)}")
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
    """The typed action of an integer; :class:`ActionError` (a ``ValueError``) when it is not
    one."""
    if not is_int_in(action, 0, NUM_ACTIONS - 1):
        raise ActionError(f"not an action number: {show(action)} (actions are 0..63)")
    if action < A_CHOOSE:
        return Play(action)
    if action < A_PUSH:
        return Choose(action - A_CHOOSE)
    if action == A_PUSH:
        return Push()
    if action < A_STOECK:
        return DeclareWeis(action - A_WEIS)
    return Stoeck(action == A_STOECK)
