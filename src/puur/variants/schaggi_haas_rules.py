"""Schaggi Haas's rule set and the pure functions of its deal and score sheet.

Schaggi Haas (``docs/variants/schaggi_haas.md``) is a Jass for two, each alone. A cut decides
the dealer of every hand (the lower card deals). Twelve cards each, the 25th card face up for
trumps, four face-down *Besser* cards for each player and three dead cards; before trick 1 each
player, the non-dealer first, may *bessern* (put four cards down, then take his four Besser
cards: all or none), and the holder of the trump 6 may take the face-up card for it. The
non-dealer leads, the tricks are Schieber's, the last trick counts 5 more, there is no Match
bonus, and the first to reach the target (1000) wins at once, the points counting in the
``count_order``.

The functions here take plain numbers, so the worked examples of the page are tests of them
alone; the first to the target is Königsjass's :func:`first_to_target`.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import ClassVar, Final

from puur.cards import NUM_CARDS
from puur.options import Options, option
from puur.rules import RuleSet
from puur.tricks import SCHIEBER, PlayRule
from puur.variants.koenigsjass_rules import first_to_target, turned_mode

__all__ = ["PRESETS", "SchaggiHaasRules", "cut_dealer", "cut_for", "first_to_target",
           "hand_points", "turned_mode"]


@dataclass(frozen=True)
class SchaggiHaasRules(Options):
    """Every Schaggi Haas option with its default."""

    VARIANT: ClassVar[str] = "schaggi_haas"

    target: int = option(1000, lo=100, hi=5000, doc="the points that win the game")
    deal_by: str = option(
        "cut", choices=("cut", "alternate"),
        doc="a cut decides the dealer of every hand (the lower card deals), or the deal "
            "passes to the other player every hand",
    )
    bessern: str = option(
        "discard-first", choices=("discard-first", "take-first", "off"),
        doc="a player may put four cards down and then take his four Besser cards "
            "(discard-first), take them first and then put down any four of his sixteen "
            "(take-first), or not at all (off)",
    )
    rob: bool = option(True, doc="the holder of the trump 6 may take the face-up card for it")
    rob_order: str = option(
        "after-bessern", choices=("after-bessern", "before-bessern"),
        doc="the trump 6 may take the face-up card once both players have bessered, or "
            "before",
    )
    turned_card_modes: bool = option(
        False, doc="a turned 6 means Undenufe and a turned Ace Obenabe (no trumps, no 6 to "
                   "take the face-up card with)",
    )
    match_bonus: bool = option(
        False, doc="a player who takes all twelve tricks scores 100 more",
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
            name=f"schaggi_haas-{self.name}", weis=self.weis, stoeck=self.stoeck,
            large_weis=self.large_weis, weis_four_low=self.weis_four_low,
            kreuzweis=self.kreuzweis,
            stoeck_announce=self.stoeck_announce,  # type: ignore[arg-type]
            count_order=self.count_order,  # type: ignore[arg-type]
            match_bonus=0, target=self.target,
        )

    def play_rule(self) -> PlayRule:
        """Schieber's trick rules."""
        return SCHIEBER


PRESETS: Final[dict[str, SchaggiHaasRules]] = {
    "standard": SchaggiHaasRules(name="standard"),
    "rob_first": SchaggiHaasRules(name="rob_first", rob_order="before-bessern"),
    "modes": SchaggiHaasRules(name="modes", turned_card_modes=True),
}
"""``standard``: the rule book (a cut for every deal, Bessern with the discards first, then
the trump 6 may take the face-up card, target 1000, no Match bonus); ``rob_first``: the trump 6
takes the face-up card before anyone besserns; ``modes``: a turned 6 gives Undenufe and a turned
Ace Obenabe."""


def cut_dealer(cut: tuple[int, int]) -> int:
    """The seat that deals after the cut ``cut`` (seat 0's card, seat 1's card): the lower
    card in the natural order (6 lowest, Ace highest; suits do not count). ``ValueError`` for
    a cut of two cards of one rank (it is cut again).

    >>> cut_dealer((9 * 0 + 8, 9 * 3 + 0)), cut_dealer((9 * 2 + 1, 9 * 1 + 5))
    (1, 0)
    """
    a, b = (c % 9 for c in cut)
    if a == b:
        raise ValueError("a cut of two cards of the same rank is cut again")
    return 0 if a < b else 1


def cut_for(seed: int | str) -> tuple[int, int]:
    """The cut from ``seed``: each player cuts a card, again until the ranks differ."""
    rng = random.Random(f"{seed}:cut")
    while True:
        a, b = rng.sample(range(NUM_CARDS), 2)
        if a % 9 != b % 9:
            return a, b


def hand_points(card_points: int, last_trick: bool, weis: int = 0, stoeck: int = 0,
                match_bonus: bool = False, all_tricks: bool = False) -> int:
    """A player's points of one hand: his tricks' card points, 5 for the last trick, his Weis
    (as the best Weis's holder) and Stöck, and 100 for all twelve tricks only with
    ``match_bonus``.

    Worked example 1: A takes all twelve tricks, worth 126 card points; with the last trick
    that is 131, and no Match bonus.

    >>> hand_points(126, True, all_tricks=True), hand_points(126, True, 0, 0, True, True)
    (131, 231)
    """
    out = card_points + (5 if last_trick else 0) + weis + stoeck
    return out + (100 if match_bonus and all_tricks else 0)
