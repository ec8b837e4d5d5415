"""Sechser's options, presets, deal and action ids.

The options are :class:`SechserRules`; the named presets :data:`PRESETS`. A deal is a
:class:`SechserDeal`: four hands of six cards and the dealer; the twelve cards dealt to nobody
are its :attr:`SechserDeal.dead` cards (face down all hand, opened only in a replay). Action ids
(stable, Schieber's, :mod:`puur.actions`): 0-35 play a card; 36-39 a trump suit; 40 Obenabe;
41 Undenufe; 45 push to the partner; 46-61 Weis; 62-63 Stöck. Ids 42-44 (Misère, Slalom) are
never legal. Every name here is importable from :mod:`puur.variants.sechser` too.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Final

from puur.actions import A_CHOOSE, NUM_ACTIONS
from puur.cards import ALL_CARDS
from puur.contracts import Contract
from puur.deal import check_hands, deal_packets, shuffled
from puur.options import Options, option
from puur.rules import RuleSet
from puur.variants.base import ActionSpace
from puur.variants.kreuzjass_rules import action_names as kreuzjass_action_names

__all__ = [
    "ACTIONS",
    "CONTRACTS",
    "HAND_SIZE",
    "NUM_ACTIONS",
    "PRESETS",
    "SechserDeal",
    "SechserRules",
    "action_names",
    "check_sechser_deal",
    "deal_sechser",
]

#: The cards each seat is dealt (in two packets of three); 24 cards play, 12 lie dead.
HAND_SIZE: Final = 6
#: What a chooser may name: the four suits, Obenabe and Undenufe.
CONTRACTS: Final = (0, 1, 2, 3, 4, 5)


@dataclass(frozen=True)
class SechserRules(Options):
    """Every Sechser option with its default."""

    VARIANT: ClassVar[str] = "sechser"

    target: int = option(1000, lo=100, hi=100_000, doc="points that end the game")
    match_bonus: int = option(100, lo=0, hi=10_000,
                              doc="extra points for taking all six tricks (a Match)")
    push_back: bool = option(False, doc="after a push the partner may push the choice back once")
    weis: bool = option(True, doc="Weis (melds) are played")
    stoeck: bool = option(True, doc="King and Ober of trumps in one hand score 20")
    large_weis: bool = option(False, doc="long sequences: 6 = 150 instead of 100")
    weis_four_low: bool = option(False, doc="four 8s, 7s or 6s count 100")
    kreuzweis: bool = option(False, doc="one card may serve in a sequence and a four")
    stoeck_announce: str = option(
        "second-card", choices=("second-card", "with-weis"),
        doc="Stöck is announced with the second of the two cards, or with the Weis in trick 1",
    )
    count_order: str = option(
        "stoeck-weis-stich", choices=("stoeck-weis-stich", "stoeck-stich-weis"),
        doc="Stöck, Weis, then tricks as they fall; or the Weis after the last trick",
    )

    def trick_rules(self) -> RuleSet:
        """The Schieber rule set of the card play: no multipliers, suits and Obe/Unde only."""
        return RuleSet(
            name=f"sechser-{self.name}", push_back=self.push_back,
            weis=self.weis, stoeck=self.stoeck, large_weis=self.large_weis,
            weis_four_low=self.weis_four_low, kreuzweis=self.kreuzweis,
            stoeck_announce=self.stoeck_announce,  # type: ignore[arg-type]
            count_order=self.count_order,  # type: ignore[arg-type]
            match_bonus=self.match_bonus, target=self.target,
        )


PRESETS: Final[dict[str, SechserRules]] = {
    "standard": SechserRules(name="standard"),
    "short": SechserRules(name="short", target=500),
    "no_weis": SechserRules(name="no_weis", weis=False),
}
"""``standard``: the rule book's game (1000 points, Weis and Stöck); ``short``: to 500;
``no_weis``: no Weis (Stöck still counts)."""


@dataclass(frozen=True)
class SechserDeal:
    """One deal: the four hands of six (seat 0 first) and the dealer."""

    hands: tuple[int, ...]
    dealer: int

    @property
    def dead(self) -> int:
        """The twelve cards dealt to nobody (a mask)."""
        m = ALL_CARDS
        for h in self.hands:
            m &= ~h
        return m


def deal_sechser(seed: str, dealer: int) -> SechserDeal:
    """Shuffle from ``seed`` and deal six each in packets of three from the seat after
    ``dealer``; the last twelve cards of the pack stay dead."""
    order = shuffled(seed)
    hands = deal_packets(order, seats=4, per_seat=HAND_SIZE, packet=3, first=(dealer + 1) % 4)
    return SechserDeal(hands, dealer)


def check_sechser_deal(deal: object) -> SechserDeal:
    """``deal`` if it is four hands of six different cards and a dealer seat; ``ValueError``
    saying what is wrong otherwise."""
    if not isinstance(deal, SechserDeal):
        raise ValueError(f"not a Sechser deal: {deal!r}")
    hands = check_hands(deal.hands, 4, HAND_SIZE)
    if type(deal.dealer) is not int or not 0 <= deal.dealer < 4:
        raise ValueError(f"the dealer must be a seat 0..3, not {deal.dealer!r}")
    return SechserDeal(hands, deal.dealer)


def action_names() -> tuple[str, ...]:
    """The name of every action id (unused ids are named ``-``): Kreuzjass's names, which are
    Schieber's with Misère unused, without Slalom."""
    names = list(kreuzjass_action_names())
    for c in (Contract.SLALOM, Contract.SLALOM_UNDE):
        names[A_CHOOSE + c] = "-"
    return tuple(names)


ACTIONS: Final = ActionSpace(action_names())
