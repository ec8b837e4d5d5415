"""Zuger's rule set and the pure scoring functions of a hand.

Zuger (``docs/variants/zuger.md``) is played by three active players, each alone: at a table of
four the dealer sits the hand out and writes a bonus. Every active player gets 12 cards, the
bottom card of the pack makes trumps, and each player says whether he stays, goes home or
"maybe". The players who stay play the tricks and write their points in tens; a player under 21
card points writes -10 instead. Two who stay may settle without play. The first to 100 written
points ends the game (or the table's sum reaching 100) and the highest total wins.

The functions here take plain numbers, so the worked examples of the page are tests of them
alone.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import ClassVar, Final

from puur.options import Options, option
from puur.rules import RuleSet
from puur.tricks import SCHIEBER, PlayRule

__all__ = ["END_AT", "FALL", "MATCH_BONUS", "MINIMUM", "PRESETS", "SETTLE_BASE", "UNDER_BONUS",
           "ZugerRules", "forcing_open", "settlement", "written"]

#: Card points a player in play needs; under them he writes :data:`FALL` instead.
MINIMUM: Final = 21
FALL: Final = -10
#: Written points for taking every trick, and for the holder of the trump Under at a table of
#: three from each player in play who takes no trick.
MATCH_BONUS: Final = 10
UNDER_BONUS: Final = 8
#: What each of two players who settle writes before his share of his Weis.
SETTLE_BASE: Final = 7
#: The written points that end the game, and how close to them the lowest may force play.
END_AT: Final = 100
FORCE_WITHIN: Final = 14


@dataclass(frozen=True)
class ZugerRules(Options):
    """Every Zuger option with its default (the rule book's names carry a ``zuger_`` prefix:
    ``dealer_bonus`` is ``zuger_dealer_bonus``)."""

    VARIANT: ClassVar[str] = "zuger"

    players: int = option(
        4, choices=(4, 3),
        doc="players at the table: four (three active, the dealer sits out) or three (all play)",
    )
    dealer_bonus: int = option(
        10, lo=0, hi=50, doc="written points of the dealer who sits the hand out (four players)",
    )
    negotiation: str = option(
        "fixed_offer", choices=("fixed_offer", "off"),
        doc="two players who stay may settle for 7 each and half of their own Weis, or "
            "always play",
    )
    alone_points: int = option(
        10, lo=0, hi=50, doc="written points of a player left alone when all others go home",
    )
    forcing: bool = option(
        True, doc="when a player is within 14 of the end, the lowest may make everyone play",
    )
    weis: bool = option(True, doc="Weis count (large Weis and Kreuzweis; best-Weis rule)")
    stoeck: bool = option(True, doc="Stöck (King and Ober of trumps) counts 20 for its holder")
    end: str = option(
        "player_reaches_100", choices=("player_reaches_100", "sum_reaches_100"),
        doc="the game ends after the hand in which a player reaches 100, or the sum of all "
            "totals does",
    )

    @property
    def stoeck_announce(self) -> str:
        """Stöck is announced with the second of the two cards (not an option in Zuger)."""
        return "second-card"

    @property
    def active(self) -> int:
        """Players who get cards: three at either table."""
        return 3

    def trick_rules(self) -> RuleSet:
        """The rule set of the card play: large Weis, Kreuzweis and Stöck; the Match bonus is
        written in tens by the hand itself (the same object for equal options)."""
        return _trick_rules(self.weis, self.stoeck)

    def play_rule(self) -> PlayRule:
        """Schieber's trick rules."""
        return SCHIEBER

    def game_over(self, totals: tuple[int, ...]) -> bool:
        """Whether totals end the game (checked after each hand)."""
        if self.end == "sum_reaches_100":
            return sum(totals) >= END_AT
        return max(totals) >= END_AT


@lru_cache(maxsize=4)
def _trick_rules(weis: bool, stoeck: bool) -> RuleSet:
    return RuleSet(
        name="zuger", weis=weis, large_weis=True, kreuzweis=True, stoeck=stoeck,
        stoeck_announce="second-card", match_bonus=0,
    )


PRESETS: Final[dict[str, ZugerRules]] = {
    "standard": ZugerRules(name="standard"),
    "three": ZugerRules(name="three", players=3),
    "always-play": ZugerRules(name="always-play", negotiation="off"),
    "sum-100": ZugerRules(name="sum-100", end="sum_reaches_100"),
}
"""``standard``: the rule book (four at the table, the dealer out with 10, settling at 7 each,
the first to 100 ends the game); ``three``: three players, everyone plays; ``always-play``: no
settling, two who stay play it out; ``sum-100``: the game ends when the totals add up to 100."""


def written(card_points: int, weis: int = 0, stoeck: int = 0, tricks: int = 1,
            num_tricks: int = 12) -> int:
    """The written points of a player in play: card points, Weis and Stöck in whole tens,
    :data:`FALL` under :data:`MINIMUM` card points, :data:`MATCH_BONUS` more for every trick.

    >>> written(93, weis=50), written(44), written(20), written(157, tricks=12)
    (14, 4, -10, 25)
    """
    if card_points < MINIMUM:
        return FALL
    out = (card_points + weis + stoeck) // 10
    if tricks == num_tricks:
        out += MATCH_BONUS
    return out


def settlement(weis: int) -> int:
    """What a player who settles writes: :data:`SETTLE_BASE` and half of his own Weis in
    written points (tens, halved, rounded down).

    >>> settlement(50), settlement(0), settlement(150)
    (9, 7, 14)
    """
    return SETTLE_BASE + weis // 10 // 2


def forcing_open(rules: ZugerRules, totals: tuple[int, ...]) -> bool:
    """Whether a player is within :data:`FORCE_WITHIN` of the end, so that the lowest may make
    everyone play.

    >>> r = ZugerRules()
    >>> forcing_open(r, (86, 0, 0, 0)), forcing_open(r, (85, 40, 0, 0))
    (True, False)
    >>> forcing_open(ZugerRules(end="sum_reaches_100"), (50, 36, 0, 0))
    True
    """
    if not rules.forcing:
        return False
    if rules.end == "sum_reaches_100":
        return sum(totals) >= END_AT - FORCE_WITHIN
    return max(totals) >= END_AT - FORCE_WITHIN
