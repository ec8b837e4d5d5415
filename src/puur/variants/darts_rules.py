"""Darts-Jass's rule set and the pure scoring functions of a hand and of the game's end.

Darts-Jass (``docs/variants/darts.md``, rule book §2.22) is played by four players in two teams
(Schieber's partnerships, with the push to the partner), or by three or two, each alone. The
Vorhand chooses (a suit, Obenabe or Undenufe, all counted once) and the choice moves one seat a
hand. Only card points count: Weis, Stöck and the Match bonus are options, off by default. The
chooser's side must take more points than the other side (three players: more than each
opponent); if it does not, the hand's points go to the opponents (:func:`hand_gains`). The
first side to reach the target (301, 501 or 1001) at the end of a hand wins; with
``darts_exact_finish`` a side whose hand would carry it past the target scores nothing for that
hand (:func:`finish`), as a darts player who busts. Two sides that reach the target in the same
hand are parted by ``darts_ties`` (:func:`winners`).

The functions here take plain numbers, so the worked examples of the page are tests of them
alone.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Final

from puur.cards import DECK_STYLES
from puur.contracts import NUM_CONTRACTS
from puur.options import Options, option
from puur.rules import RuleSet

__all__ = ["PRESETS", "DartsRules", "deal_shape", "finish", "hand_gains", "remaining",
           "winners"]


@dataclass(frozen=True)
class DartsRules(Options):
    """Every Darts-Jass option with its default."""

    VARIANT: ClassVar[str] = "darts"

    players: int = option(
        4, choices=(4, 3, 2),
        doc="players at the table: four in two teams, three or two each alone (two: 9 cards "
            "each, 18 lie dead)",
    )
    darts_target: int = option(
        301, lo=10, hi=100_000, doc="points that win the game at the end of a hand (301, 501 "
                                    "or 1001)",
    )
    darts_exact_finish: bool = option(
        False, doc="a hand that would carry a side past the target scores nothing for that "
                   "side (the target must be hit exactly)",
    )
    darts_three_split: str = option(
        "halves", choices=("halves", "lost"),
        doc="three players: a chooser who fails gives his points to the two others, half each "
            "rounded down (halves), or loses them (lost)",
    )
    darts_ties: str = option(
        "higher", choices=("higher", "chooser"),
        doc="sides that reach the target in the same hand: the higher total wins (equal "
            "totals share), or the side that chose the hand",
    )
    darts_hand_limit: int = option(
        60, lo=1, hi=10_000,
        doc="hands after which the game ends in any case (the highest total wins)",
    )
    push: bool = option(
        True, doc="four players: the Vorhand may push the choice to his partner (as Schieber)",
    )
    weis: bool = option(False, doc="Weis (melds) are declared in trick 1 and counted")
    stoeck: bool = option(False, doc="King and Ober of trumps in one hand score 20")
    match_bonus: int = option(
        0, lo=0, hi=10_000, doc="extra points for a side that takes every trick",
    )
    deck_style: str = option(
        "swiss", choices=tuple(DECK_STYLES),
        doc="the pack a table shows unless a player picks another (display only)",
    )

    @property
    def num_sides(self) -> int:
        """Two teams with four players, else one side per player."""
        return 2 if self.players == 4 else self.players

    @property
    def sides(self) -> tuple[int, ...]:
        """The side of each seat: partners sit opposite with four players."""
        return (0, 1, 0, 1) if self.players == 4 else tuple(range(self.players))

    @property
    def multipliers(self) -> tuple[int, ...]:
        """Every contract counts once (named as Schieber's rule set names its multipliers)."""
        return (1,) * NUM_CONTRACTS

    @property
    def last_trick_bonus(self) -> int:
        """The last trick's 5 points, named as Schieber's rule set names them (the card play
        of the rule player reads it)."""
        return self.trick_rules().last_trick_bonus

    def trick_rules(self) -> RuleSet:
        """The Schieber rule set of the card play with the table's Weis, Stöck and Match
        bonus, no multiplier and no target inside the hand."""
        return RuleSet(name=f"darts-{self.name}", weis=self.weis, stoeck=self.stoeck,
                       match_bonus=self.match_bonus, push_back=False)


PRESETS: Final[dict[str, DartsRules]] = {
    "301": DartsRules(name="301"),
    "501": DartsRules(name="501", darts_target=501),
    "1001": DartsRules(name="1001", darts_target=1001),
    "three": DartsRules(name="three", players=3),
    "two": DartsRules(name="two", players=2),
}
"""``301``: four players in two teams to 301; ``501`` and ``1001``: the longer games; ``three``,
``two``: the smaller tables (each alone) to 301."""


def deal_shape(players: int) -> tuple[int, int]:
    """Cards per player and the packet size of the deal (two players: 18 cards stay dead).

    >>> [deal_shape(n) for n in (4, 3, 2)]
    [(9, 3), (12, 4), (9, 3)]
    """
    if players in (4, 2):
        return 9, 3
    if players == 3:
        return 12, 4
    raise ValueError(f"Darts-Jass is played by 2 to 4 players, not {players!r}")


def hand_gains(points: tuple[int, ...] | list[int], chooser: int,
               three_split: str = "halves") -> tuple[int, ...]:
    """What a hand adds to each side before the finish rule: ``points`` are the points each
    side took, ``chooser`` the side that chose. When the chooser's side took more than every
    other side it keeps its points and so do the others; otherwise it scores 0 and, with two
    sides, the other side scores every point of the hand; with three, each opponent adds half
    the chooser's points, rounded down (``three_split = "halves"``), or nothing (``"lost"``).

    >>> hand_gains((80, 77), 0), hand_gains((70, 87), 0)
    ((80, 77), (0, 157))
    >>> hand_gains((60, 50, 47), 0), hand_gains((55, 61, 41), 0)
    ((60, 50, 47), (0, 88, 68))
    >>> hand_gains((55, 61, 41), 0, "lost")
    (0, 61, 41)
    """
    p = list(points)
    if len(p) not in (2, 3) or any(type(x) is not int or x < 0 for x in p):
        raise ValueError(f"the points of two or three sides, not {points!r}")
    if type(chooser) is not int or not 0 <= chooser < len(p):
        raise ValueError(f"the chooser is a side 0..{len(p) - 1}, not {chooser!r}")
    if three_split not in ("halves", "lost"):
        raise ValueError(f"three_split is 'halves' or 'lost', not {three_split!r}")
    if all(p[chooser] > x for s, x in enumerate(p) if s != chooser):
        return tuple(p)
    if len(p) == 2:
        return tuple(0 if s == chooser else sum(p) for s in range(2))
    share = p[chooser] // 2 if three_split == "halves" else 0
    return tuple(0 if s == chooser else x + share for s, x in enumerate(p))


def finish(totals: tuple[int, ...] | list[int], gains: tuple[int, ...] | list[int],
           target: int, exact: bool) -> tuple[int, ...]:
    """The gains that count: with ``exact`` a gain that would carry a side past ``target``
    counts 0 (a bust); otherwise every gain counts.

    >>> finish((290, 100), (20, 137), 301, False), finish((290, 100), (20, 137), 301, True)
    ((20, 137), (0, 137))
    >>> finish((290, 100), (11, 146), 301, True)
    (11, 146)
    """
    t, g = list(totals), list(gains)
    if len(t) != len(g) or any(type(x) is not int for x in (*t, *g)):
        raise ValueError(f"totals and gains per side, not {totals!r}, {gains!r}")
    if not exact:
        return tuple(g)
    return tuple(0 if a + b > target else b for a, b in zip(t, g, strict=True))


def winners(totals: tuple[int, ...] | list[int], target: int, ties: str = "higher",
            chooser: int = -1) -> tuple[int, ...]:
    """The sides that win once the hand's gains are in ``totals``: none while nobody has
    reached ``target``; the one that has; of several, the highest total (equal ones all win),
    or with ``ties = "chooser"`` the side that chose the hand when it is among them.

    >>> winners((250, 180), 301), winners((310, 150), 301)
    ((), (0,))
    >>> winners((320, 301), 301), winners((320, 301), 301, "chooser", 1)
    ((0,), (1,))
    >>> winners((301, 301, 20), 301), winners((310, 305, 20), 301, "chooser", 2)
    ((0, 1), (0,))
    """
    t = list(totals)
    if any(type(x) is not int for x in t) or ties not in ("higher", "chooser"):
        raise ValueError(f"totals per side and ties 'higher' or 'chooser', not {totals!r}, "
                         f"{ties!r}")
    reached = [s for s, x in enumerate(t) if x >= target]
    if not reached:
        return ()
    if ties == "chooser" and chooser in reached:
        return (chooser,)
    best = max(t[s] for s in reached)
    return tuple(s for s in reached if t[s] == best)


def remaining(totals: tuple[int, ...] | list[int], target: int) -> tuple[int, ...]:
    """What each side still needs to reach ``target`` (0 once it has), the darts board's
    count down.

    >>> remaining((120, 301, 330), 301)
    (181, 0, 0)
    """
    return tuple(max(0, target - x) for x in totals)
