"""Mittlere's rule set and the pure scoring function of a hand.

Mittlere, also called Plus-Minus (``docs/variants/mittlere.md``), is played by three players,
each alone, over twelve hands. Trumps are fixed by the first discard, as in Molotow. What a
player wants is to avoid the middle: after each hand the players with the highest and the
lowest card totals get a Strich (+1) each and the one in the middle two Nuller (-2), with
exceptions for a player who takes 100 or more, one who takes no trick and one who takes them
all. The best net count after the last hand wins.

The function here takes plain numbers, so the worked examples of the page are tests of it alone.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Final

from puur.options import Options, option
from puur.tricks import PlayRule
from puur.variants.molotow_rules import FULL_POINTS, MolotowRules

__all__ = ["FULL_POINTS", "PLAYERS", "PRESETS", "MittlereRules", "hand_marks", "net"]

#: Mittlere is a game for three.
PLAYERS: Final = 3
#: A player with this many card points in a hand or more gets two Nuller.
HIGH: Final = 100


@dataclass(frozen=True)
class MittlereRules(Options):
    """Every Mittlere option with its default."""

    VARIANT: ClassVar[str] = "mittlere"

    hands: int = option(12, lo=1, hi=1000, doc="hands in a game (12: each player deals four)")
    negative: bool = option(
        True, doc="Nuller count against a player (off: Plus-Minus with Striche alone)",
    )
    ties: str = option(
        "void", choices=("void", "share"),
        doc="players with equal card totals get nothing, or all the mark of the rank they share",
    )
    undertrump: str = option(
        "when_void", choices=("when_void", "forbidden"),
        doc="once trumps are fixed, a player who cannot follow may undertrump, or not",
    )

    @property
    def players(self) -> int:
        """Always three."""
        return PLAYERS

    def molotow_rules(self) -> MolotowRules:
        """The Molotow rule set whose card play Mittlere shares: three players, trumps by the
        first discard, no Weis, no Stöck, no table Weis."""
        return MolotowRules(
            name=f"mittlere-{self.name}", players=PLAYERS, hands=self.hands,
            undertrump=self.undertrump, weis=False, stoeck=False, table_weis=False,
        )

    def play_rule(self) -> PlayRule:
        """Follow suit while there are no trumps, then Schieber's rules with the undertrump rule
        of the options."""
        return self.molotow_rules().play_rule()


PRESETS: Final[dict[str, MittlereRules]] = {
    "standard": MittlereRules(name="standard"),
    "plus-minus": MittlereRules(name="plus-minus", negative=False),
    "share-ties": MittlereRules(name="share-ties", ties="share"),
}
"""``standard``: twelve hands, Striche and Nuller, tied players get nothing; ``plus-minus``:
Striche alone (no Nuller); ``share-ties``: tied players all get the mark of their rank."""


def hand_marks(points: tuple[int, ...] | list[int], tricks: tuple[int, ...] | list[int],
               ties: str = "void") -> tuple[tuple[int, int], ...]:
    """The (Striche, Nuller) of each of the three players for one hand, from the card points
    and the number of tricks each took.

    * A Match (one player takes every trick): 2 Striche to him, a Nuller to each other.
    * One player with 100 or more and another without a trick: 2 Striche to the third player,
      a Nuller to each of the two.
    * One player with 100 or more, or one without a trick: 2 Nuller to him, a Strich to each
      other.
    * Otherwise a Strich to the highest and to the lowest total, 2 Nuller to the middle one;
      players with equal totals get nothing (``ties = "void"``) or all the mark of the rank
      they share (``"share"``).

    >>> hand_marks((70, 52, 35), (4, 5, 3))
    ((1, 0), (0, 2), (1, 0))
    >>> hand_marks((104, 53, 0), (8, 4, 0))
    ((0, 1), (2, 0), (0, 1))
    """
    if ties not in ("void", "share"):
        raise ValueError(f"ties must be 'void' or 'share', not {ties!r}")
    pts, trk = list(points), list(tricks)
    if len(pts) != PLAYERS or len(trk) != PLAYERS:
        raise ValueError(f"Mittlere scores {PLAYERS} players, not {len(pts)}")
    if any(type(x) is not int or x < 0 for x in pts + trk):
        raise ValueError("card points and tricks are whole numbers, not negative")
    seats = range(PLAYERS)
    empty = [s for s in seats if trk[s] == 0]
    high = [s for s in seats if pts[s] >= HIGH]
    if len(empty) == PLAYERS - 1:
        taker = next(s for s in seats if trk[s])
        return tuple((2, 0) if s == taker else (0, 1) for s in seats)
    if high and empty:
        return tuple((0, 1) if s in (high[0], empty[0]) else (2, 0) for s in seats)
    if high or empty:
        loser = (high or empty)[0]
        return tuple((0, 2) if s == loser else (1, 0) for s in seats)
    hi, lo = max(pts), min(pts)
    out: list[tuple[int, int]] = []
    for p in pts:
        if ties == "void" and pts.count(p) > 1:
            out.append((0, 0))
        else:
            out.append((1, 0) if p in (hi, lo) else (0, 2))
    return tuple(out)


def net(marks: tuple[int, int], negative: bool = True) -> int:
    """What a (Striche, Nuller) pair adds to a player's total: Striche less Nuller, or the
    Striche alone without ``negative``.

    >>> net((1, 0)), net((0, 2)), net((0, 2), negative=False)
    (1, -2, 0)
    """
    striche, nuller = marks
    return striche - nuller if negative else striche
