"""Schellenjass's rule set and the pure scoring functions of a hand.

Schellenjass (``docs/variants/schellenjass.md``; played with French cards as Herzjass) is
played by two to four players, each alone, with every card dealt. There are no trumps: the
cards rank as in Obenabe and everyone must follow suit. Each card of the penalty suit (the
Schellen; with the ``herz`` suit the Rosen, which the French and Salzburg packs show as hearts)
taken in a trick costs one point. A player who takes all nine makes a *Turi*: he scores 0 and
every other player 9. Two ways of scoring (``scoring``):

* ``points`` (the default): the penalty points add up and after the agreed number of hands the
  lowest total wins;
* ``striche``: every player who took fewer penalty cards than the most anyone took gets a Strich,
  a Turi gives its maker three and nobody else one; the first to the Striche target wins.

The functions here take plain numbers, so the worked examples of the page are tests of them
alone.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Final

from puur.cards import DECK_STYLES, Suit
from puur.options import Options, option
from puur.rules import RuleSet
from puur.tricks import STRICT, PlayRule

__all__ = [
    "PENALTY_CARDS",
    "PRESETS",
    "SUITS",
    "SchellenjassRules",
    "deal_shape",
    "hand_points",
    "hand_striche",
]

#: Penalty cards in a suit.
PENALTY_CARDS: Final = 9
#: The penalty suits by option value: the Schellen, or the suit the French pack shows as hearts.
SUITS: Final[dict[str, int]] = {"schellen": int(Suit.SCHELLEN), "herz": int(Suit.ROSEN)}


@dataclass(frozen=True)
class SchellenjassRules(Options):
    """Every Schellenjass option with its default."""

    VARIANT: ClassVar[str] = "schellenjass"

    players: int = option(4, choices=(4, 3, 2), doc="players at the table, each alone")
    scoring: str = option(
        "points", choices=("points", "striche"),
        doc="points: one per penalty card taken, lowest total wins; striche: a Strich to "
            "everyone below the most taken, first to the target wins",
    )
    hands: int = option(12, lo=1, hi=1000, doc="hands in a game (scoring points)")
    striche_target: int = option(
        7, lo=1, hi=1000, doc="Striche that win the game (scoring striche)",
    )
    suit: str = option(
        "schellen", choices=tuple(SUITS),
        doc="the penalty suit: the Schellen, or the Rosen that the French pack shows as "
            "hearts (Herzjass)",
    )
    turi: bool = option(
        True, doc="a player who takes all nine penalty cards scores 0 and every other 9 "
                  "(scoring striche: three Striche to him)",
    )
    no_lead_first_trick: bool = option(
        False, doc="no penalty card may be led to the first trick (unless the leader holds "
                   "nothing else)",
    )
    deck_style: str = option(
        "swiss", choices=tuple(DECK_STYLES),
        doc="the pack a table shows unless a player picks another (display only)",
    )

    @property
    def penalty_suit(self) -> int:
        """The suit whose cards cost a point (0-3)."""
        return SUITS[self.suit]

    def trick_rules(self) -> RuleSet:
        """The rule set of the card play: no Weis, no Stöck, no Match bonus."""
        return RuleSet(name=f"schellenjass-{self.name}", weis=False, stoeck=False,
                       match_bonus=0)

    def play_rule(self) -> PlayRule:
        """Follow suit if you can; void, any card (there are no trumps)."""
        return STRICT


PRESETS: Final[dict[str, SchellenjassRules]] = {
    "standard": SchellenjassRules(name="standard"),
    "herzjass": SchellenjassRules(name="herzjass", suit="herz", deck_style="french"),
    "striche": SchellenjassRules(name="striche", scoring="striche"),
    "three": SchellenjassRules(name="three", players=3),
    "two": SchellenjassRules(name="two", players=2),
    "no-lead": SchellenjassRules(name="no-lead", no_lead_first_trick=True),
}
"""``standard``: four players, Schellen, points over 12 hands; ``herzjass``: the French-suited
form, hearts cost the points; ``striche``: Striche to seven; ``three``, ``two``: the smaller
tables; ``no-lead``: no penalty card may be led to the first trick."""


def deal_shape(players: int) -> tuple[int, tuple[int, ...]]:
    """Cards per player and the packet sizes of each round of the deal (every card is dealt).

    >>> [deal_shape(n) for n in (2, 3, 4)]
    [(18, (3, 3, 3, 3, 3, 3)), (12, (4, 4, 4)), (9, (3, 3, 3))]
    """
    if players == 2:
        return 18, (3,) * 6
    if players == 3:
        return 12, (4, 4, 4)
    if players == 4:
        return 9, (3, 3, 3)
    raise ValueError(f"Schellenjass is played by 2 to 4 players, not {players!r}")


def _check(taken: tuple[int, ...] | list[int]) -> list[int]:
    out = list(taken)
    if not 2 <= len(out) <= 4 or any(type(t) is not int or t < 0 for t in out) \
            or sum(out) != PENALTY_CARDS:
        raise ValueError(f"the nine penalty cards taken by 2 to 4 players, not {taken!r}")
    return out


def hand_points(taken: tuple[int, ...] | list[int], turi: bool = True) -> tuple[int, ...]:
    """What one hand adds to each player's total: a point per penalty card taken; with
    ``turi``, a player who took all nine scores 0 and every other player 9.

    >>> hand_points((4, 3, 2, 0))
    (4, 3, 2, 0)
    >>> hand_points((0, 0, 9, 0)), hand_points((0, 0, 9, 0), turi=False)
    ((9, 9, 0, 9), (0, 0, 9, 0))
    """
    t = _check(taken)
    if turi and PENALTY_CARDS in t:
        return tuple(0 if x == PENALTY_CARDS else PENALTY_CARDS for x in t)
    return tuple(t)


def hand_striche(taken: tuple[int, ...] | list[int], turi: bool = True) -> tuple[int, ...]:
    """The Striche of one hand: one to every player who took fewer penalty cards than the most
    anyone took; with ``turi``, three to the player who took all nine and none to the others.

    >>> hand_striche((4, 3, 2, 0))
    (0, 1, 1, 1)
    >>> hand_striche((3, 3, 3)), hand_striche((9, 0)), hand_striche((9, 0), turi=False)
    ((0, 0, 0), (3, 0), (0, 1))
    """
    t = _check(taken)
    if turi and PENALTY_CARDS in t:
        return tuple(3 if x == PENALTY_CARDS else 0 for x in t)
    most = max(t)
    return tuple(1 if x < most else 0 for x in t)
