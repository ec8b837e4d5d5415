"""Offener Jass's options, presets, action ids and the pure scoring function of a hand.

Offener Jass (``docs/variants/offener_jass.md``, rule book §2.19) is a game for two: each
player has six cards face down on the table, six face up on them and six in his hand. The
non-dealer opens the auction with at least ``min_bid`` (60) card points; the players then raise
in turn by at least ``step`` (5), up to 157, or pass, and a pass ends the auction. The last
bidder names a suit, Obenabe or Undenufe and leads; eighteen tricks are played from the hand
and the face-up cards, and a face-down card is turned up once the card lying on it is played.
No Weis, no Stöck, no Match bonus (157 in all). A bid made writes the points over it to the
bidder, a bid failed writes the points missing to the opponent; the first to ``target`` (50)
wins.

Action ids (stable under every option; Sidi Barrani's numbers for the same calls): 0-35 play a
card; 36-41 name the contract (Schellen, Rosen, Schilten, Eicheln, Obenabe, Undenufe); 42-63
unused (the trick engine's Weis and Stöck ids: this game has neither); 64 pass; 65 unused;
66-223 bid ``id - 66`` points (only the bids the auction allows are ever legal).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Final

from puur.options import OptionError, Options, option
from puur.rules import RuleSet
from puur.tricks import PlayRule
from puur.variants.sidi_barrani_rules import (
    A_BID,
    A_CHOOSE,
    A_PASS,
    MAX_BID,
    bid_action,
    bid_value,
)
from puur.variants.sidi_barrani_rules import ACTION_NAMES as SIDI_NAMES

__all__ = [
    "ACTION_NAMES", "A_BID", "A_CHOOSE", "A_PASS", "MAX_BID", "NUM_ACTIONS", "PILES",
    "PRESETS", "OffenerJassRules", "bid_action", "bid_value", "hand_result",
]

NUM_ACTIONS: Final = A_BID + MAX_BID + 1  # 224
#: Positions on the table in front of each player (a face-down card under a face-up one).
PILES: Final = 6


def _action_names() -> tuple[str, ...]:
    """Sidi Barrani's names for the same ids, without its Weis, Stöck and double."""
    return tuple("-" if A_CHOOSE + 6 <= a < A_PASS or a == A_PASS + 1 else name
                 for a, name in enumerate(SIDI_NAMES))


#: The name of every action id (unused ids are named ``-``).
ACTION_NAMES: Final = _action_names()


@dataclass(frozen=True)
class OffenerJassRules(Options):
    """Every Offener Jass option with its default."""

    VARIANT: ClassVar[str] = "offener_jass"

    min_bid: int = option(60, lo=1, hi=MAX_BID, doc="the lowest opening bid (card points)")
    step: int = option(5, lo=1, hi=50, doc="each bid raises the last by at least this much")
    bid_grid: bool = option(False, doc="bids lie on a grid of the step from min_bid (60, 65, "
                                       "70 …) instead of any raise of at least the step")
    follow: str = option(
        "schieber", choices=("schieber", "strict", "strict_must_trump"),
        doc="the follow rule: Schieber's (follow or ruff, no undertrumping, the Puur "
            "exception), strict (follow if you can, else anything) or strict with a trump "
            "when void",
    )
    follow_scope: str = option(
        "all", choices=("all", "separate"),
        doc="the follow rule looks at the hand and the face-up cards together, or at each "
            "part apart (a card of the part it is played from)",
    )
    turn_up: str = option(
        "at_once", choices=("at_once", "after_trick"),
        doc="the face-down card is turned up as the card on it is played, or once the trick "
            "is over",
    )
    target: int = option(50, lo=1, hi=10_000, doc="points that win the game")

    def __post_init__(self) -> None:
        super().__post_init__()
        if self.min_bid > MAX_BID:
            raise OptionError(f"option 'min_bid': at most {MAX_BID}")

    def bids_from(self, lowest: int) -> tuple[int, ...]:
        """Every bid of at least ``lowest`` the auction knows, up to 157.

        >>> OffenerJassRules().bids_from(150)
        (150, 151, 152, 153, 154, 155, 156, 157)
        >>> OffenerJassRules(bid_grid=True).bids_from(141)
        (145, 150, 155)
        """
        lowest = max(lowest, self.min_bid)
        if not self.bid_grid:
            return tuple(range(lowest, MAX_BID + 1))
        return tuple(v for v in range(self.min_bid, MAX_BID + 1, self.step) if v >= lowest)

    def play_rule(self) -> PlayRule:
        """The trick engine's follow rule (Schieber's undertrumping rule with ``schieber``)."""
        if self.follow == "schieber":
            return PlayRule()
        return PlayRule(self.follow, "free")  # type: ignore[arg-type]

    def trick_rules(self) -> RuleSet:
        """The rule set of the card play: no Weis, no Stöck, the last trick's 5, no Match
        bonus."""
        return RuleSet(name=f"offener_jass-{self.name}", weis=False, stoeck=False,
                       match_bonus=0, target=self.target)


PRESETS: Final[dict[str, OffenerJassRules]] = {
    "standard": OffenerJassRules(name="standard"),
    "separate": OffenerJassRules(name="separate", follow_scope="separate",
                                 turn_up="after_trick", bid_grid=True, target=150),
}
"""``standard`` (the default): open at 60, raise by 5 or more, Schieber's follow rule over the
hand and the face-up cards together, a face-down card turned up at once, 50 to win;
``separate``: the hand and the face-up cards follow apart, a face-down card is turned up once
the trick is over, bids lie on the grid 60, 65, 70 …, and the game goes to 150."""


def hand_result(bid: int, made: int) -> tuple[int, int]:
    """What the (bidder, opponent) write for a hand in which the bidder bid ``bid`` and took
    ``made`` card points: the points over the bid when made (``made >= bid``), else the points
    missing go to the opponent.

    Worked examples of the rule book (a bid of 100): 105 made, 90 failed.

    >>> hand_result(100, 105), hand_result(100, 90), hand_result(100, 100)
    ((5, 0), (0, 10), (0, 0))
    """
    if made >= bid:
        return made - bid, 0
    return 0, bid - made
