"""What the solver and the play-outs share about a hand: a check of their setup, and the
card points of the tricks already played, each trick in its own mode (rule book §1, §2.8).

A doubled Kontermatch (``kontermatch = "double"``) adds the trick points of the whole hand
once more, as the tricks fell; a search that starts in the middle of a hand needs the points
of the tricks before it (``past_points``). In a contract of one mode they follow from the
cards still out (every mode counts 152 card points); in a Slalom they do not.
"""

from __future__ import annotations

from collections.abc import Sequence

from puur.contracts import POINTS, Contract, contract_mode
from puur.rules import RuleSet

__all__ = ["check_hand_setup", "played_points", "resolve_past_points"]


def check_hand_setup(rules: object, contract: object, declarer_team: object) -> None:
    """``ValueError`` unless ``rules`` is a rule set, ``contract`` one of 0..8 and
    ``declarer_team`` 0 or 1 (whole numbers, not bools): what a solver or a play-out needs."""
    if not isinstance(rules, RuleSet):
        raise ValueError(f"rules must be a RuleSet, not {type(rules).__name__}")
    for value, high, what in ((contract, 8, "contract"), (declarer_team, 1, "declarer team")):
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= high:
            raise ValueError(f"not a {what}: {value!r}")


def played_points(contract: int, played: Sequence[int]) -> int:
    """Card points of the complete tricks among ``played`` (a hand's cards in playing order,
    four per trick), each trick counted in its own mode; the last trick's bonus is not included.

    This is the ``past_points`` the solver and the play-outs need for a doubled Kontermatch.
    """
    done = len(played) // 4 * 4
    total = 0
    for i in range(done):
        total += POINTS[contract_mode(contract, i // 4)][played[i]]
    return total


def resolve_past_points(
    contract: int, hands: Sequence[int], trick: Sequence[int], trick_no: int,
    past_points: int | None, needed: bool,
) -> int:
    """``past_points`` if given, else the points of the tricks already played as far as the
    cards still out tell them; a ``ValueError`` when they cannot (a Slalom) but are ``needed``
    (a doubled Kontermatch may still come)."""
    if past_points is not None:
        return past_points
    past = _default_past(contract, hands, trick, trick_no)
    if past is not None:
        return past
    if needed:
        raise ValueError("a Slalom with a doubled Kontermatch still possible needs past_points")
    return 0  # never used: no doubled Kontermatch can come


def _default_past(
    contract: int, hands: Sequence[int], trick: Sequence[int], trick_no: int
) -> int | None:
    """The points of the tricks already played when the cards still out tell them: before the
    first trick is complete, or in a contract of one mode (152 card points in every mode).
    ``None`` in a Slalom, where they depend on which cards fell in which trick."""
    if trick_no == 0:
        return 0
    if contract in (Contract.SLALOM, Contract.SLALOM_UNDE):
        return None
    p = POINTS[contract_mode(contract, 0)]
    out = 152
    for h in hands:
        while h:
            low = h & -h
            out -= p[low.bit_length() - 1]
            h ^= low
    for c in trick:
        out -= p[c]
    return out
