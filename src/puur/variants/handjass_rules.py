"""Handjass's rule set, the deal layouts and the pure scoring function of a hand.

Handjass (Butzer, Schläger, Sackjass, Putz; ``docs/variants/handjass.md``) is played by two to
five players, each alone. After the deal every player says whether he plays or drops out of the
hand (with a blind he may swap his hand for it instead); the players still in play the tricks,
the best totals earn a Strich each, a total under the minimum costs a Nuller. A player whose net
(Striche less Nuller) reaches the target leaves the table, and the last one left loses.

The functions here take plain numbers, so the worked examples of the page are tests of them
alone.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Final

from puur.cards import Rank, Suit
from puur.options import OptionError, Options, option
from puur.rules import RuleSet
from puur.tricks import SCHIEBER, PlayRule

__all__ = ["PRESETS", "REMOVED_AT_FIVE", "HandjassRules", "Layout", "layout", "strokes"]

#: The card left out with five players (the Schilten 6: worth nothing whatever the trumps).
REMOVED_AT_FIVE: Final = 9 * Suit.SCHILTEN + Rank.SIX


@dataclass(frozen=True)
class HandjassRules(Options):
    """Every Handjass option with its default (the rule book's names carry a ``handjass_``
    prefix: ``deal_12`` is ``handjass_deal_12``)."""

    VARIANT: ClassVar[str] = "handjass"

    players: int = option(4, choices=(4, 2, 3, 5), doc="players at the table, each alone")
    deal_12: bool = option(
        False, doc="2 or 3 players get 12 cards each (3: no blind, the dealer's last card "
                   "makes trumps; 2: a 12-card blind whose top card makes trumps)",
    )
    maybe: bool = option(
        False, doc="a player may say 'maybe' and decide again once everyone else has spoken",
    )
    rob: bool = option(
        True, doc="with a blind, the holder of the trump 6 exchanges it for the turned card",
    )
    strokes_per_hand: int = option(
        2, lo=1, hi=4, doc="Striche for the best totals of a hand (never more than the "
                           "players in play less one)",
    )
    minimum: int = option(21, lo=0, hi=157, doc="a player in play under this total gets a Nuller")
    minimum_twelve: int = option(
        31, lo=0, hi=157, doc="the minimum of three players with 12 cards each (deal_12)",
    )
    tie: str = option(
        "none", choices=("none", "cut"),
        doc="a tie for the last Strich: nobody gets it, or the higher cut card (a seeded draw)",
    )
    weis: bool = option(True, doc="small Weis count for their holder (best-Weis rule)")
    weis_without_trick: bool = option(
        False, doc="a Weis scores even when its holder takes no trick",
    )
    two_player_weis: bool = option(False, doc="Weis are declared in a two-player deal too")
    stoeck: bool = option(True, doc="Stöck (King and Ober of trumps) counts 20 for its holder")
    end: str = option(
        "elimination", choices=("elimination", "first_wins"),
        doc="a player reaching the target leaves and the last one left loses, or the first "
            "to reach it wins",
    )
    target: int = option(7, lo=1, hi=50, doc="the net Striche (Striche less Nuller) to reach")

    def __post_init__(self) -> None:
        super().__post_init__()
        if self.deal_12 and self.players not in (2, 3):
            raise OptionError("option 'deal_12': 12-card hands are dealt to 2 or 3 players only")

    @property
    def stoeck_announce(self) -> str:
        """Stöck is announced with the second of the two cards (not an option in Handjass)."""
        return "second-card"

    def trick_rules(self, active: int) -> RuleSet:
        """The rule set of the card play in a deal for ``active`` players: small Weis counted
        after the last trick (a Weis may need its holder to take a trick), no Match bonus."""
        weis = self.weis and (active > 2 or self.two_player_weis)
        return RuleSet(
            name=f"handjass-{self.name}", weis=weis, stoeck=self.stoeck, large_weis=False,
            stoeck_announce="second-card", match_bonus=0, count_order="stoeck-stich-weis",
        )

    def play_rule(self) -> PlayRule:
        """Schieber's trick rules."""
        return SCHIEBER

    def minimum_for(self, active: int) -> int:
        """The minimum total of a deal for ``active`` players."""
        return self.minimum_twelve if active == 3 and self.deal_12 else self.minimum


PRESETS: Final[dict[str, HandjassRules]] = {
    "standard": HandjassRules(name="standard"),
    "schlaeger": HandjassRules(name="schlaeger", strokes_per_hand=3, minimum=26, target=9),
    "three": HandjassRules(name="three", players=3, minimum=26),
    "two": HandjassRules(name="two", players=2, weis_without_trick=True),
    "five": HandjassRules(name="five", players=5, target=5),
}
"""``standard``: the rule book (four players, two Striche a hand, minimum 21, target 7,
elimination); ``schlaeger``: three Striche a hand, minimum 26, target 9; ``three``: three players
with a blind, minimum 26 (as most tables play it today); ``two``: two players with a blind and a
dead hand, no Weis; ``five``: five players without the Schilten 6, target 5."""


@dataclass(frozen=True)
class Layout:
    """How a hand is dealt to ``active`` players: cards each and packet sizes, the blind and
    the dead hand, and whether the dealer's last card (or the blind's top card) makes trumps."""

    active: int
    per_seat: int
    packets: tuple[int, ...]
    blind: int
    dead: int

    @property
    def turned_in_blind(self) -> bool:
        """The trump card is the blind's top card (else the dealer's last card)."""
        return self.blind > 0


def layout(rules: HandjassRules, active: int) -> Layout:
    """The deal for ``active`` players still at the table.

    >>> r = HandjassRules()
    >>> [(x.per_seat, x.blind, x.dead) for x in (layout(r, n) for n in (2, 3, 4, 5))]
    [(9, 9, 9), (9, 9, 0), (9, 0, 0), (7, 0, 0)]
    >>> r12 = HandjassRules(players=3, deal_12=True)
    >>> [(x.per_seat, x.blind, x.dead) for x in (layout(r12, n) for n in (2, 3))]
    [(12, 12, 0), (12, 0, 0)]
    """
    if active == 5:
        return Layout(5, 7, (3, 4), 0, 0)
    if active == 4:
        return Layout(4, 9, (3, 3, 3), 0, 0)
    if active == 3:
        if rules.deal_12:
            return Layout(3, 12, (4, 4, 4), 0, 0)
        return Layout(3, 9, (3, 3, 3), 9, 0)
    if active == 2:
        if rules.deal_12:
            return Layout(2, 12, (4, 4, 4), 12, 0)
        return Layout(2, 9, (3, 3, 3), 9, 9)
    raise ValueError(f"Handjass deals to 2 to 5 players, not {active!r}")


def strokes(totals: dict[int, int], strokes_per_hand: int, minimum: int,
            tie: str = "none", cut: tuple[int, ...] = ()) -> dict[int, tuple[int, int]]:
    """The (Striche, Nuller) of each player in play for his total of the hand.

    The best totals get a Strich each, ``strokes_per_hand`` of them but never more than the
    players in play less one; a player under ``minimum`` gets a Nuller instead; if only one
    player reaches the minimum he gets 2 Striche. Players tied for the last Strich place get
    nothing (``tie = "none"``) or the places go by ``cut`` (the seats from the highest cut card
    down, ``tie = "cut"``).

    >>> strokes({0: 61, 1: 47, 2: 30, 3: 19}, 2, 21)   # the page's first example
    {0: (1, 0), 1: (1, 0), 2: (0, 0), 3: (0, 1)}
    >>> strokes({0: 90, 1: 45, 3: 22}, 2, 21), strokes({0: 90, 1: 45, 3: 22}, 2, 26)
    ({0: (1, 0), 1: (1, 0), 3: (0, 0)}, {0: (1, 0), 1: (1, 0), 3: (0, 1)})
    """
    if tie not in ("none", "cut"):
        raise ValueError(f"tie must be 'none' or 'cut', not {tie!r}")
    out = {s: (0, 1) if t < minimum else (0, 0) for s, t in totals.items()}
    made = sorted((s for s, t in totals.items() if t >= minimum), key=lambda s: -totals[s])
    if len(made) == 1 and len(totals) > 1:
        out[made[0]] = (2, 0)
        return out
    places = min(strokes_per_hand, len(totals) - 1)
    i = 0
    while places > 0 and i < len(made):
        group = [s for s in made if totals[s] == totals[made[i]]]
        i += len(group)
        if len(group) > places:
            if tie == "none":
                break
            rank = {s: k for k, s in enumerate(cut)}
            group.sort(key=lambda s: rank.get(s, len(cut) + s))
            group = group[:places]
        for s in group:
            out[s] = (1, 0)
        places -= len(group)
    return out

