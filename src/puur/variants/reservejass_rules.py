"""Reservejass's rule set and the pure function of its hand total.

Reservejass (the four-hand deal with a reserve hand; ``docs/variants/reservejass.md``, rule
book §2.20) is played by three players, each alone. Four hands of nine cards are dealt in
threes; the fourth is the *reserve*, face down. The Vorhand chooses the mode of play as in
Schieber, but instead of pushing (he has no partner) he may swap his hand for the reserve,
taken unseen: his own hand is then *dead* (nobody sees it again, he neither) and he must
choose. He leads; the three play the tricks as in Schieber, Weis and Stöck count for their
holder, the last trick 5 more, and each adds his own points: the first to reach the target
(1000) wins at once, in the middle of a hand if need be, the points counting in the
``count_order``. Only 27 cards are in play, so a hand's total varies and there is no Match
bonus (an option).

The function here takes plain numbers, so the worked example of the page is a test of it
alone.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Final

from puur.contracts import POINTS
from puur.options import Options, option
from puur.rules import RuleSet
from puur.tricks import SCHIEBER, PlayRule

__all__ = ["LAST_TRICK", "PRESETS", "ReservejassRules", "hand_total"]

#: The bonus of the last trick.
LAST_TRICK: Final = 5


@dataclass(frozen=True)
class ReservejassRules(Options):
    """Every Reservejass option with its default (the rule book's names carry a
    ``reservejass_`` prefix where they are the variant's own)."""

    VARIANT: ClassVar[str] = "reservejass"

    target: int = option(1000, lo=100, hi=5000, doc="the points that win the game")
    reserve_swap: bool = option(
        True, doc="the chooser may swap his hand for the reserve (then he must choose)",
    )
    reserve_seen: bool = option(
        False, doc="the chooser may look at the reserve before he decides (the rule book: "
                   "it is taken unseen)",
    )
    others_swap: bool = option(
        False, doc="once the mode is chosen the other two, in turn, may swap for the reserve "
                   "while nobody has",
    )
    obenabe_undenufe: bool = option(
        True, doc="Obenabe and Undenufe may be chosen besides the four trump suits",
    )
    match_bonus: bool = option(False, doc="a player who takes all nine tricks scores 100 more")
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

    def contracts(self) -> tuple[int, ...]:
        """The modes the chooser may name: the four suits, then Obenabe and Undenufe."""
        return (0, 1, 2, 3, 4, 5) if self.obenabe_undenufe else (0, 1, 2, 3)

    def trick_rules(self) -> RuleSet:
        """The rule set of the card play: Schieber's Weis and Stöck, the last trick 5 more, the
        game's target checked as the points fall (the Match bonus is the hand's own)."""
        return RuleSet(
            name=f"reservejass-{self.name}", weis=self.weis, stoeck=self.stoeck,
            large_weis=self.large_weis, weis_four_low=self.weis_four_low,
            kreuzweis=self.kreuzweis,
            stoeck_announce=self.stoeck_announce,  # type: ignore[arg-type]
            count_order=self.count_order,  # type: ignore[arg-type]
            match_bonus=0, target=self.target,
        )

    def play_rule(self) -> PlayRule:
        """Schieber's trick rules."""
        return SCHIEBER


PRESETS: Final[dict[str, ReservejassRules]] = {
    "standard": ReservejassRules(name="standard"),
    "open": ReservejassRules(name="open", reserve_seen=True, others_swap=True),
    "trumps": ReservejassRules(name="trumps", obenabe_undenufe=False, match_bonus=True),
}
"""``standard``: the rule book (target 1000, the chooser alone may swap, unseen; no Match
bonus); ``open``: the chooser sees the reserve before he decides and the other two may swap
after the choice; ``trumps``: a trump suit only, and 100 more for all nine tricks."""


def hand_total(dead: int, mode: int) -> int:
    """The card points the three players share in a hand played in ``mode`` (0-3 a trump suit,
    4 Obenabe, 5 Undenufe): 157 less the card points of the nine cards in no hand (the
    ``dead`` hand after a swap, else the reserve), a 36-bit mask.

    Worked example 2: Eicheln trumps, the dead hand holds the Eicheln Under (20) and Nell (14),
    the Schellen Ace (11) and six cards of no value: 157 - 45 = 112 for the three.

    >>> from puur.cards import parse_cards
    >>> dead = sum(1 << c for c in parse_cards("CJ C9 DA D6 D7 D8 H6 H7 S6"))
    >>> hand_total(dead, 3)
    112
    """
    pts = POINTS[mode]
    return 152 + LAST_TRICK - sum(pts[c] for c in range(36) if dead >> c & 1)
