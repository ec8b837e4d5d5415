"""The penalty-point Jass's rule set and the pure scoring functions of a hand and a game.

The penalty-point Jass (Strafpunktjass, ``docs/variants/penalty_jass.md``, rule book §2.21) is
played by four players, each alone, nine cards each. The holder of the Eicheln 10 (the Banner)
leads the first hand; after that the lead passes one seat a hand. Trumps are fixed by the first
discard, as in Molotow, but the card play stays strict: a player must follow suit whenever he
can, trumps or not. Card points do not count. Each hand hands out three penalty points: one to
the winner of trick 1, one to the taker of the penalty card (the Schellen Ober by default; two
when its holder declared it), one to the winner of the last trick. The first player to reach
the limit (9) at the end of a hand loses.

The functions here take plain numbers, so the worked examples of the page are tests of them
alone.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar, Final

from puur.cards import Rank, Suit, card_of
from puur.options import OptionError, Options, option
from puur.rules import RuleSet
from puur.tricks import STRICT, PlayRule
from puur.variants.molotow_rules import MolotowRules

__all__ = ["BANNER", "PLAYERS", "PRESETS", "SCHELLEN_OBER", "PenaltyJassRules", "hand_penalties",
           "losers"]

#: The penalty-point Jass is a game for four.
PLAYERS: Final = 4
#: The Eicheln 10 (the Banner): its holder leads the first hand.
BANNER: Final = card_of(Suit.EICHELN, Rank.TEN)
#: The default penalty card.
SCHELLEN_OBER: Final = card_of(Suit.SCHELLEN, Rank.OBER)


@dataclass(frozen=True)
class PenaltyJassRules(Options):
    """Every option of the penalty-point Jass with its default."""

    VARIANT: ClassVar[str] = "penalty_jass"

    penalty_limit: int = option(
        9, lo=1, hi=1000,
        doc="the first to reach this many penalty points at the end of a hand loses",
    )
    penalty_card: int = option(
        SCHELLEN_OBER, card=True, doc="the penalty card: its taker gets a penalty point",
    )
    lead_card: int = option(BANNER, card=True, doc="the holder of this card leads hand 1")
    declare_bare: bool = option(
        True, doc="a player dealt the penalty card alone in its suit may declare it",
    )
    bare_points: int = option(
        2, lo=1, hi=9, doc="what the penalty card costs its taker once it was declared",
    )
    loser_ties: str = option(
        "share", choices=("share", "play_on"),
        doc="players tied on the highest total at the end share the loss, or play on until "
            "one total is highest alone",
    )

    def __post_init__(self) -> None:
        super().__post_init__()
        if self.penalty_card == self.lead_card:
            raise OptionError("option 'penalty_card': the penalty card cannot be the lead card "
                              "too")

    @property
    def players(self) -> int:
        """Always four."""
        return PLAYERS

    @property
    def penalty_suit(self) -> int:
        """The suit of the penalty card."""
        return self.penalty_card // 9

    def molotow_rules(self) -> MolotowRules:
        """The Molotow rule set whose deal and first-discard trumps the game shares: four
        players, no Weis, no Stöck, no table Weis."""
        return MolotowRules(
            name=f"penalty_jass-{self.name}", players=PLAYERS, weis=False, stoeck=False,
            table_weis=False,
        )

    def trick_rules(self) -> RuleSet:
        """The rule set of the card play (no Weis, no Stöck, no Match bonus)."""
        return self.molotow_rules().trick_rules()

    def play_rule(self) -> PlayRule:
        """Follow suit whenever you can, before trumps and after; void, any card."""
        return STRICT


PRESETS: Final[dict[str, PenaltyJassRules]] = {
    "standard": PenaltyJassRules(name="standard"),
    "eicheln-ober": PenaltyJassRules(name="eicheln-ober",
                                     penalty_card=card_of(Suit.EICHELN, Rank.OBER)),
    "quiet": PenaltyJassRules(name="quiet", declare_bare=False),
    "one-loser": PenaltyJassRules(name="one-loser", loser_ties="play_on"),
}
"""``standard``: the Schellen Ober costs a point (two once declared), the first to 9 loses,
players tied on the highest total share the loss; ``eicheln-ober``: the Eicheln Ober is the
penalty card (the other reading of the source); ``quiet``: the penalty card cannot be
declared; ``one-loser``: a tie on the highest total is played on until one player alone has
the highest."""


def hand_penalties(first: int, taker: int, last: int, declared: bool = False,
                   bare_points: int = 2, players: int = PLAYERS) -> tuple[int, ...]:
    """Each player's penalty points for one hand, from the winner of trick 1, the taker of
    the penalty card and the winner of the last trick (seats): a point each, the penalty card
    ``bare_points`` once declared.

    >>> hand_penalties(0, 2, 0)   # A wins trick 1 and the last, C takes the Ober
    (2, 0, 1, 0)
    >>> hand_penalties(1, 1, 3, declared=True)
    (0, 3, 0, 1)
    """
    if type(players) is not int or players < 1:
        raise ValueError("the number of players is a whole number from 1")
    for name, seat in (("first", first), ("taker", taker), ("last", last)):
        if type(seat) is not int or not 0 <= seat < players:
            raise ValueError(f"{name} must be a seat 0..{players - 1}, not {seat!r}")
    if type(bare_points) is not int or bare_points < 1:
        raise ValueError("bare_points is a whole number from 1")
    out = [0] * players
    out[first] += 1
    out[taker] += bare_points if declared else 1
    out[last] += 1
    return tuple(out)


def losers(totals: Sequence[int], limit: int, ties: str = "share") -> tuple[int, ...]:
    """The seats that lose once a hand has ended on ``totals`` (none: the game goes on).

    Nobody loses before a total reaches ``limit``. Then the highest total loses; players tied
    on it all lose with ``ties = "share"``, and with ``"play_on"`` nobody loses yet (another
    hand is played).

    >>> losers((8, 4, 9, 2), 9), losers((3, 3, 3, 3), 9)
    ((2,), ())
    >>> losers((10, 10, 9, 0), 9), losers((10, 10, 9, 0), 9, "play_on")
    ((0, 1), ())
    """
    if ties not in ("share", "play_on"):
        raise ValueError(f"ties must be 'share' or 'play_on', not {ties!r}")
    if not totals or max(totals) < limit:
        return ()
    top = max(totals)
    out = tuple(s for s, t in enumerate(totals) if t == top)
    if len(out) > 1 and ties == "play_on":
        return ()
    return out
