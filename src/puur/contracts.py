"""Contracts: trump suits, Obenabe, Undenufe and the extra contracts (rule book §1, §2.3, §3).

Every contract is reduced, trick by trick, to one of six *modes* (0-3 a trump suit, 4 Obenabe,
5 Undenufe) that fix the card order and the card points. Misère plays as Obenabe and hands each
team's points to the other team at the end; Slalom alternates Obenabe and Undenufe trick by
trick (starting with the one its name gives) and counts each trick's cards by that trick's mode;
Guschti plays the first five tricks in one of the two and the last four in the other.

The contracts of the whole family are listed here; each variant offers its own subset. Schieber
offers the first :data:`SCHIEBER_CONTRACTS` (its rule sets have a multiplier for each of them).

Tables are built once at import; the round and the search use them by index.
"""

from __future__ import annotations

from enum import IntEnum
from typing import Final

from puur._checks import is_int_in, is_str, show
from puur.cards import NUM_CARDS, SUIT_MASK, Rank, rank_of, suit_of

__all__ = [
    "CONTRACT_TOKENS",
    "LOWER_TRUMPS",
    "MODES",
    "MODE_OBENABE",
    "MODE_UNDENUFE",
    "NUM_CONTRACTS",
    "POINTS",
    "PUUR",
    "SCHIEBER_CONTRACTS",
    "STRENGTH",
    "Contract",
    "ContractError",
    "card_points",
    "contract_mode",
    "format_contract",
    "parse_contract",
    "trump_of",
]


class Contract(IntEnum):
    """What a hand is played as. Values 0-3 are the trump suits (equal to the suit index)."""

    SCHELLEN = 0
    ROSEN = 1
    SCHILTEN = 2
    EICHELN = 3
    OBENABE = 4
    UNDENUFE = 5
    MISERE = 6
    SLALOM = 7  # Obenabe first, then alternating
    SLALOM_UNDE = 8  # Undenufe first, then alternating
    GUSCHTI = 9  # Obenabe for tricks 1-5, then Undenufe
    GUSCHTI_UNDE = 10  # Undenufe for tricks 1-5, then Obenabe


NUM_CONTRACTS: Final = 11
SCHIEBER_CONTRACTS: Final = 9
MODE_OBENABE: Final = 4
MODE_UNDENUFE: Final = 5

CONTRACT_TOKENS: Final[tuple[str, ...]] = (
    "D", "H", "S", "C", "obe", "unde", "misere", "slalom", "slalom-unde", "guschti",
    "guschti-unde",
)

# Trump order, lowest first: 6 7 8 10 O K A 9 U.
_TRUMP_ORDER: Final = (
    Rank.SIX, Rank.SEVEN, Rank.EIGHT, Rank.TEN, Rank.OBER, Rank.KING, Rank.ACE, Rank.NINE,
    Rank.UNDER,
)
_TRUMP_STRENGTH: Final[dict[int, int]] = {int(r): i for i, r in enumerate(_TRUMP_ORDER)}

_PLAIN_POINTS: Final = (0, 0, 0, 0, 10, 2, 3, 4, 11)  # other suit in a trump game
_TRUMP_POINTS: Final = (0, 0, 0, 14, 10, 20, 3, 4, 11)
_OBE_POINTS: Final = (0, 0, 8, 0, 10, 2, 3, 4, 11)
_UNDE_POINTS: Final = (11, 0, 8, 0, 10, 2, 3, 4, 0)


def _build() -> tuple[
    tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]
]:
    points: list[tuple[int, ...]] = []
    strength: list[tuple[int, ...]] = []
    lower: list[tuple[int, ...]] = []
    for mode in range(6):
        p: list[int] = []
        st: list[int] = []
        lo: list[int] = []
        for c in range(NUM_CARDS):
            s, r = suit_of(c), rank_of(c)
            if mode < 4:
                if s == mode:
                    p.append(_TRUMP_POINTS[r])
                    st.append(100 + _TRUMP_STRENGTH[r])
                    m = 0
                    for r2 in range(9):
                        if _TRUMP_STRENGTH[r2] < _TRUMP_STRENGTH[r]:
                            m |= 1 << (9 * mode + r2)
                    lo.append(m)
                else:
                    p.append(_PLAIN_POINTS[r])
                    st.append(r)
                    lo.append(0)
            elif mode == MODE_OBENABE:
                p.append(_OBE_POINTS[r])
                st.append(r)
                lo.append(0)
            else:
                p.append(_UNDE_POINTS[r])
                st.append(8 - r)
                lo.append(0)
        points.append(tuple(p))
        strength.append(tuple(st))
        lower.append(tuple(lo))
    return tuple(points), tuple(strength), tuple(lower)


POINTS, STRENGTH, LOWER_TRUMPS = _build()
"""``POINTS[mode][card]``: card points; ``STRENGTH[mode][card]``: order within the trick (trumps
100 and up, otherwise the order within the suit); ``LOWER_TRUMPS[mode][card]``: the mask of the
trumps below ``card`` in trump order (0 for non-trumps)."""

PUUR: Final[tuple[int, ...]] = tuple(1 << (9 * s + Rank.UNDER) for s in range(4))
"""Bit of the Puur (trump Under) for each trump suit."""


class ContractError(ValueError):
    """An unknown contract name or token."""


def _mode_of(contract: int, trick: int) -> int:
    if contract < 6:
        return contract
    if contract == Contract.MISERE:
        return MODE_OBENABE
    if contract >= Contract.GUSCHTI:
        first = MODE_OBENABE if contract == Contract.GUSCHTI else MODE_UNDENUFE
        return first if trick < 5 else (MODE_OBENABE + MODE_UNDENUFE - first)
    first = MODE_OBENABE if contract == Contract.SLALOM else MODE_UNDENUFE
    return first if trick % 2 == 0 else (MODE_OBENABE + MODE_UNDENUFE - first)


#: The most tricks a hand of any variant has (two players with 18 cards each).
MAX_TRICKS: Final = 18

MODES: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(_mode_of(c, t) for t in range(MAX_TRICKS)) for c in range(NUM_CONTRACTS)
)
"""``MODES[contract][trick]``: the mode (0-5) of each trick of each contract, for the inner
loops (:func:`contract_mode` is the checked face)."""


def _contract(contract: object) -> int:
    if not is_int_in(contract, 0, NUM_CONTRACTS - 1):
        raise ContractError(
            f"not a contract: {show(contract)} (contracts are 0..{NUM_CONTRACTS - 1})")
    return contract


def trump_of(contract: int) -> int:
    """The trump suit of ``contract`` or -1 when it has none."""
    c = _contract(contract)
    return c if c < 4 else -1


def contract_mode(contract: int, trick: int) -> int:
    """The mode (0-5) in force for trick number ``trick`` (0-based) of ``contract``."""
    c = _contract(contract)
    if not is_int_in(trick, 0, MAX_TRICKS - 1):
        raise ContractError(
            f"not a trick number: {show(trick)} (tricks are 0..{MAX_TRICKS - 1})")
    return MODES[c][trick]


def card_points(contract: int, card: int, trick: int = 0) -> int:
    """Points of ``card`` under ``contract`` (in trick ``trick`` for Slalom)."""
    mode = contract_mode(contract, trick)
    if not is_int_in(card, 0, NUM_CARDS - 1):
        raise ContractError(f"not a card: {show(card)} (a card is a whole number 0..35)")
    return POINTS[mode][card]


def format_contract(contract: int) -> str:
    """The notation token of a contract (``"H"``, ``"obe"``, ``"misere"`` …)."""
    return CONTRACT_TOKENS[_contract(contract)]


_CONTRACT_ALIASES: Final[dict[str, int]] = {
    **{t.lower(): i for i, t in enumerate(CONTRACT_TOKENS)},
    **{c.name.lower(): int(c) for c in Contract},
    "♦": 0, "♥": 1, "♠": 2, "♣": 3,
    "diamonds": 0, "hearts": 1, "spades": 2, "clubs": 3,
    "obenabe": 4, "undenufe": 5, "misère": 6, "slalom-obe": 7, "gusti": 9, "guschti-obe": 9,
    "gusti-unde": 10,
}


def parse_contract(token: str) -> int:
    """Parse a contract token or name (case-insensitive).

    >>> parse_contract("obe"), parse_contract("Rosen"), parse_contract("H")
    (4, 1, 1)
    """
    if not is_str(token):
        raise ContractError(f"a contract name must be a string, not {show(token)}")
    c = _CONTRACT_ALIASES.get(token.strip().lower())
    if c is None:
        raise ContractError(
            f"unknown contract {show(token)}: expected one of {', '.join(CONTRACT_TOKENS)} "
            "or a suit name"
        )
    return c


# Sanity: every mode totals 152 card points.
assert all(sum(POINTS[m]) == 152 for m in range(6))
assert all(SUIT_MASK[s] & PUUR[s] for s in range(4))
