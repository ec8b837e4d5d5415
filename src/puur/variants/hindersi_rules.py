"""Hindersi's rule set and the pure scoring functions of a hand and of a round.

Hindersi (Hintersi-Jass, ``docs/variants/hindersi.md``) is an avoidance game: four players (or
three), each alone, every card dealt, the dealer's last card turned for trumps (it stays in his
hand, nobody robs it). The tricks are played as Schieber, a player who cannot follow may
undertrump (``undertrump = "when_void"``, the default) or not (``"forbidden"``). Each player
scores the card points he takes (157 in a hand); a player who takes every trick scores 0 and
every other player 157. With ``weis`` the small Weis are declared in trick 1 as in Schieber, the
best Weis at the table counts (its holder's Weis only) and its points are taken off its holder's
hand score at the end of the hand.

A *round* is one hand dealt by each player. At its end the two lowest round totals get a Strich
and the two highest a Nuller (three players: the lowest a Strich, the highest a Nuller,
:func:`round_marks`); players tied across a mark boundary get nothing (``ties = "nothing"``)
or, with ``ties = "better"``, the better of the marks they straddle. After ``game_rounds``
rounds the most net Striche (Striche less Nuller) win.

The functions here take plain numbers, so the worked examples of the page are tests of them
alone.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Final

from puur.cards import DECK_STYLES
from puur.options import Options, option
from puur.rules import RuleSet
from puur.tricks import PlayRule

__all__ = ["ALL_POINTS", "PRESETS", "HindersiRules", "hand_points", "packet_size",
           "round_marks"]

#: The card points of a whole hand (152 and 5 for the last trick).
ALL_POINTS: Final = 157


@dataclass(frozen=True)
class HindersiRules(Options):
    """Every Hindersi option with its default."""

    VARIANT: ClassVar[str] = "hindersi"

    players: int = option(4, choices=(4, 3), doc="players at the table, each alone")
    undertrump: str = option(
        "when_void", choices=("when_void", "forbidden"),
        doc="a player who cannot follow may undertrump (when_void), or not unless he holds "
            "nothing else (forbidden, Schieber's rule)",
    )
    weis: bool = option(
        False, doc="small Weis are declared in trick 1; the best Weis at the table is taken "
                   "off its holder's hand score",
    )
    game_rounds: int = option(4, lo=1, hi=100, doc="rounds in a game (a round: one hand dealt by "
                                              "each player)")
    ties: str = option(
        "nothing", choices=("nothing", "better"),
        doc="players tied across a mark boundary get nothing, or the better mark",
    )
    match: bool = option(
        True, doc="a player who takes every trick scores 0 and every other player 157",
    )
    deck_style: str = option(
        "swiss", choices=tuple(DECK_STYLES),
        doc="the pack a table shows unless a player picks another (display only)",
    )

    @property
    def hands_per_round(self) -> int:
        """One hand dealt by each player."""
        return self.players

    @property
    def hands(self) -> int:
        """Hands in a game."""
        return self.game_rounds * self.players

    def trick_rules(self) -> RuleSet:
        """The rule set of the card play: small Weis as chosen, no Stöck, no Match bonus."""
        return RuleSet(name=f"hindersi-{self.name}", weis=self.weis, stoeck=False,
                       match_bonus=0)

    def play_rule(self) -> PlayRule:
        """Schieber's trick rules with the chosen undertrump rule."""
        return PlayRule("schieber", self.undertrump)  # type: ignore[arg-type]


PRESETS: Final[dict[str, HindersiRules]] = {
    "standard": HindersiRules(name="standard"),
    "no-undertrump": HindersiRules(name="no-undertrump", undertrump="forbidden"),
    "weis": HindersiRules(name="weis", weis=True),
    "long": HindersiRules(name="long", game_rounds=8),
    "three": HindersiRules(name="three", players=3),
}
"""``standard``: four players, undertrumping when void, no Weis, four rounds;
``no-undertrump``: Schieber's undertrump rule; ``weis``: small Weis taken off the score;
``long``: eight rounds; ``three``: three players with 12 cards each."""


def packet_size(players: int) -> int:
    """The cards of one packet of the deal: threes to four players, fours to three.

    >>> packet_size(4), packet_size(3)
    (3, 4)
    """
    if players == 4:
        return 3
    if players == 3:
        return 4
    raise ValueError(f"Hindersi is played by 3 or 4 players, not {players!r}")


def hand_points(taken: tuple[int, ...] | list[int], tricks: tuple[int, ...] | list[int],
                weis: tuple[int, ...] | list[int] | None = None,
                match: bool = True) -> tuple[int, ...]:
    """Each player's score of one hand: the card points ``taken``; with ``match``, a player
    who took every trick scores 0 and every other player 157; less each player's ``weis``.

    >>> hand_points((40, 0, 60, 57), (3, 0, 3, 3))
    (40, 0, 60, 57)
    >>> hand_points((0, 157, 0, 0), (0, 9, 0, 0))
    (157, 0, 157, 157)
    >>> hand_points((40, 0, 60, 57), (3, 0, 3, 3), weis=(0, 0, 50, 0))
    (40, 0, 10, 57)
    """
    t = list(taken)
    k = list(tricks)
    n = len(t)
    w = list(weis) if weis is not None else [0] * n
    if n not in (3, 4) or len(k) != n or len(w) != n \
            or any(type(x) is not int or x < 0 for x in (*t, *k, *w)) \
            or sum(t) != ALL_POINTS or sum(k) != 36 // n:
        raise ValueError(f"the 157 points and {36 // max(n, 1)} tricks of 3 or 4 players, "
                         f"not {taken!r}, {tricks!r}")
    if match and 36 // n in k:
        t = [0 if x == 36 // n else ALL_POINTS for x in k]
    return tuple(p - x for p, x in zip(t, w, strict=True))


def round_marks(totals: tuple[int, ...] | list[int], ties: str = "nothing") -> tuple[int, ...]:
    """The marks of one round from the players' round totals: +1 a Strich, -1 a Nuller, 0
    nothing. Four players: the two lowest a Strich, the two highest a Nuller; three: the lowest
    a Strich, the highest a Nuller. Players with equal totals that straddle a boundary between
    marks get nothing, or with ``ties = "better"`` the better mark.

    >>> round_marks((120, 210, 180, 118))
    (1, -1, -1, 1)
    >>> round_marks((100, 150, 150, 200)), round_marks((100, 150, 150, 200), "better")
    ((1, 0, 0, -1), (1, 1, 1, -1))
    >>> round_marks((90, 200, 150)), round_marks((90, 90, 150))
    ((1, -1, 0), (0, 0, -1))
    """
    t = list(totals)
    if len(t) not in (3, 4) or any(type(x) is not int for x in t):
        raise ValueError(f"the round totals of 3 or 4 players, not {totals!r}")
    if ties not in ("nothing", "better"):
        raise ValueError(f"ties are 'nothing' or 'better', not {ties!r}")
    by_place = (1, 1, -1, -1) if len(t) == 4 else (1, 0, -1)
    ordered = sorted(t)
    out = []
    for x in t:
        first = ordered.index(x)
        last = first + ordered.count(x) - 1
        marks = by_place[first:last + 1]
        out.append(marks[0] if ties == "better" or len(set(marks)) == 1 else 0)
    return tuple(out)
