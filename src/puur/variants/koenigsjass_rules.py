"""Königsjass's rule set and the pure functions of its score sheet.

Königsjass (the three-player talon Jass; ``docs/variants/koenigsjass.md``) is played by three
players, each alone. Nine cards each and nine to the talon, whose top card is turned for trumps;
the holder of the trump 6 may exchange it for the turned card until the first lead, and one
player may swap his whole hand for the talon (the hand he puts down is dead). All three play the
tricks as in Schieber, Weis and Stöck count for their holder, the last trick 5 more, and each
player adds his own points: the first to reach the target (1000) wins at once, in the middle of
a hand if need be, the points counting in the ``count_order``.

The functions here take plain numbers, so the worked examples of the page are tests of them
alone.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Final

from puur.contracts import MODE_OBENABE, MODE_UNDENUFE
from puur.options import Options, option
from puur.rules import RuleSet
from puur.tricks import SCHIEBER, PlayRule

__all__ = ["PRESETS", "KoenigsjassRules", "first_to_target", "turned_mode"]


@dataclass(frozen=True)
class KoenigsjassRules(Options):
    """Every Königsjass option with its default (the rule book's names carry a
    ``koenigsjass_`` prefix where they are the variant's own: ``match_bonus`` is
    ``koenigsjass_match_bonus``)."""

    VARIANT: ClassVar[str] = "koenigsjass"

    target: int = option(1000, lo=100, hi=5000, doc="the points that win the game (1500 is "
                                                    "the long game)")
    rob: bool = option(
        True, doc="the holder of the trump 6 may exchange it for the turned card until the "
                  "first lead",
    )
    swap: bool = option(
        True, doc="one player a hand may swap his whole hand for the talon (his own hand is "
                  "then dead)",
    )
    turned_card_modes: bool = option(
        False, doc="a turned 6 means Undenufe and a turned Ace Obenabe (no trumps, no 6 to "
                   "exchange)",
    )
    match_bonus: bool = option(
        False, doc="a player who takes all nine tricks scores 100 more",
    )
    weis: bool = option(True, doc="Weis in trick 1; only the best Weis's holder scores his")
    large_weis: bool = option(False, doc="sequences of 6 to 9 cards count 150 to 300")
    weis_four_low: bool = option(False, doc="four 8s, 7s or 6s count 100")
    kreuzweis: bool = option(False, doc="one card may serve in a sequence and a four of a kind")
    stoeck: bool = option(True, doc="Stöck (King and Ober of trumps) counts 20 for its holder")
    stoeck_announce: str = option(
        "second-card", choices=("second-card", "with-weis"),
        doc="Stöck is announced with the second of the two cards, or with the Weis",
    )
    count_order: str = option(
        "stoeck-weis-stich", choices=("stoeck-weis-stich", "stoeck-stich-weis"),
        doc="the order in which a hand's points count when a player reaches the target",
    )

    def trick_rules(self) -> RuleSet:
        """The rule set of the card play: Schieber's Weis and Stöck, the last trick 5 more, the
        game's target checked as the points fall (the Match bonus is the hand's own)."""
        return RuleSet(
            name=f"koenigsjass-{self.name}", weis=self.weis, stoeck=self.stoeck,
            large_weis=self.large_weis, weis_four_low=self.weis_four_low,
            kreuzweis=self.kreuzweis,
            stoeck_announce=self.stoeck_announce,  # type: ignore[arg-type]
            count_order=self.count_order,  # type: ignore[arg-type]
            match_bonus=0, target=self.target,
        )

    def play_rule(self) -> PlayRule:
        """Schieber's trick rules."""
        return SCHIEBER


PRESETS: Final[dict[str, KoenigsjassRules]] = {
    "standard": KoenigsjassRules(name="standard"),
    "long": KoenigsjassRules(name="long", target=1500),
    "modes": KoenigsjassRules(name="modes", turned_card_modes=True),
}
"""``standard``: the rule book (target 1000, the trump 6 may be exchanged, one swap a hand, no
Match bonus); ``long``: the same to 1500; ``modes``: a turned 6 gives Undenufe and a turned Ace
Obenabe."""

#: The rank index of the 6 and of the Ace in a suit (cards are ``9 * suit + rank``).
_SIX: Final = 0
_ACE: Final = 8


def turned_mode(turned: int, modes: bool) -> tuple[int, int]:
    """The (mode, trump suit) the turned card gives: its suit, or with ``modes`` Undenufe for a
    6 and Obenabe for an Ace (no trumps: -1).

    >>> turned_mode(9 * 1 + 8, False), turned_mode(9 * 1 + 8, True), turned_mode(9 * 2, True)
    ((1, 1), (4, -1), (5, -1))
    """
    if modes and turned % 9 == _SIX:
        return MODE_UNDENUFE, -1
    if modes and turned % 9 == _ACE:
        return MODE_OBENABE, -1
    return turned // 9, turned // 9


def first_to_target(totals: tuple[int, ...], credits: list[tuple[int, int]],
                    target: int) -> tuple[int, int]:
    """The player who reaches ``target`` first when the hand's ``credits`` ((seat, points), in
    the count order) fall on the game ``totals``, and how many credits counted until then
    (``(-1, len(credits))`` when nobody does): the rest of the hand is not played.

    Worked example 2: A stands at 975 and takes trick 6 with the Rosen Under (20), the Eicheln
    Ace (11) and a Schilten 7 (0): 1006, he wins at once.

    >>> first_to_target((975, 700, 640), [(1, 12), (0, 0), (2, 10), (0, 20 + 11 + 0)], 1000)
    (0, 4)
    >>> first_to_target((975, 700, 640), [(1, 12), (0, 24)], 1000)
    (-1, 2)
    """
    t = list(totals)
    for k, (seat, points) in enumerate(credits):
        t[seat] += points
        if t[seat] >= target:
            return seat, k + 1
    return -1, len(credits)
