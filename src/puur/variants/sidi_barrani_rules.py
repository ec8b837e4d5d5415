"""Sidi Barrani's options, presets, action ids and the pure scoring function of a hand.

Sidi Barrani (``docs/variants/sidi_barrani.md``, rule book §2.6) is Schieber's partnership game
with an auction instead of the choice: from the Vorhand every player passes, bids a number of
card points his team undertakes to take, or doubles the last bid (an opponent of the bidder
only). The last bidder names the contract and leads; the hand is played as Schieber, and the bid
is worth its points once more (twice when doubled) to the declarers when they make it, to the
opponents when they fail. The game goes to ``target`` (1500).

Action ids (stable under every option): 0-35 play a card; 36-41 name the contract (Schellen,
Rosen, Schilten, Eicheln, Obenabe, Undenufe: Schieber's ids); 42-45 unused; 46 keep quiet about
a Weis and 47-61 declare one; 62 and 63 announce Stöck or keep quiet (Schieber's ids); 64 pass;
65 double; 66-223 bid ``id - 66`` points (0 to 157; only the bids the auction allows are ever
legal).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Final

from puur.actions import A_CHOOSE, A_STOECK, A_STOECK_NO, A_WEIS
from puur.cards import NUM_CARDS, format_card
from puur.contracts import CONTRACT_TOKENS
from puur.options import OptionError, Options, option
from puur.rules import RuleSet

__all__ = [
    "ACTION_NAMES", "A_BID", "A_CHOOSE", "A_DOUBLE", "A_PASS", "A_STOECK", "A_STOECK_NO",
    "A_WEIS", "DOUBLE", "MAX_BID", "NUM_ACTIONS", "PRESETS", "SidiBarraniRules", "bid_action",
    "bid_value", "hand_result",
]

A_PASS: Final = 64
A_DOUBLE: Final = 65
A_BID: Final = 66
#: The most a bid can name: every card point of a hand, the last trick included.
MAX_BID: Final = 157
NUM_ACTIONS: Final = A_BID + MAX_BID + 1  # 224
#: How a double is written in the auction's list of calls (a pass is 0, a bid its points).
DOUBLE: Final = -1


def bid_action(value: int) -> int:
    """The action id of a bid of ``value`` card points (0 to 157).

    >>> bid_action(80), bid_value(bid_action(120))
    (146, 120)
    """
    if type(value) is not int or not 0 <= value <= MAX_BID:
        raise ValueError(f"a bid is a whole number of card points from 0 to {MAX_BID}, "
                         f"not {value!r}")
    return A_BID + value


def bid_value(action: int) -> int:
    """The card points a bid action names (``ValueError`` for another action)."""
    if type(action) is not int or not A_BID <= action < NUM_ACTIONS:
        raise ValueError(f"not a bid action: {action!r}")
    return action - A_BID


def _action_names() -> tuple[str, ...]:
    names = ["-"] * NUM_ACTIONS
    for c in range(NUM_CARDS):
        names[c] = format_card(c)
    for c in range(6):
        names[A_CHOOSE + c] = f"choose:{CONTRACT_TOKENS[c]}"
    names[A_WEIS] = "weis:-"
    for k in range(1, 16):
        names[A_WEIS + k] = f"weis:{k}"
    names[A_STOECK] = "stoeck"
    names[A_STOECK_NO] = "stoeck:-"
    names[A_PASS] = "pass"
    names[A_DOUBLE] = "double"
    for v in range(MAX_BID + 1):
        names[A_BID + v] = f"bid:{v}"
    return tuple(names)


#: The name of every action id (unused ids are named ``-``).
ACTION_NAMES: Final = _action_names()


@dataclass(frozen=True)
class SidiBarraniRules(Options):
    """Every Sidi Barrani option with its default."""

    VARIANT: ClassVar[str] = "sidi_barrani"

    min_bid: int = option(80, lo=1, hi=MAX_BID, doc="the lowest bid (card points)")
    step: int = option(10, lo=1, hi=50,
                       doc="each bid raises the last by at least this much, on a grid of "
                           "this step from min_bid")
    double: str = option(
        "auction", choices=("auction", "until_first_card"),
        doc="an opponent doubles in the auction (which ends it), or the opponents may also "
            "double after the contract is named, before the first card",
    )
    redeal: str = option(
        "next_dealer", choices=("next_dealer", "same_dealer"),
        doc="when all four pass, the next seat deals anew, or the same dealer",
    )
    target: int = option(1500, lo=100, hi=100_000, doc="points that end the game")
    weis: bool = option(True, doc="Weis in trick 1, as Schieber (they do not count for the bid)")
    large_weis: bool = option(False, doc="long sequences: 6 = 150, 7 = 200, 8 = 250, 9 = 300")
    stoeck: bool = option(True, doc="Stöck (King and Ober of trumps) is worth 20 (not for "
                                    "the bid)")
    stoeck_announce: str = option(
        "second-card", choices=("second-card", "with-weis"),
        doc="Stöck is announced with the second of the two cards, or with the Weis",
    )
    count_order: str = option(
        "stoeck-weis-stich", choices=("stoeck-weis-stich", "stoeck-stich-weis"),
        doc="the order in which a hand's points count when a team reaches the target",
    )

    def __post_init__(self) -> None:
        super().__post_init__()
        if self.min_bid > MAX_BID:
            raise OptionError(f"option 'min_bid': at most {MAX_BID}")

    def bids(self) -> tuple[int, ...]:
        """Every bid the auction knows: ``min_bid``, then up in ``step`` to 157.

        >>> SidiBarraniRules().bids()
        (80, 90, 100, 110, 120, 130, 140, 150)
        """
        return tuple(range(self.min_bid, MAX_BID + 1, self.step))

    def trick_rules(self) -> RuleSet:
        """The rule set of the card play: Schieber's Weis and Stöck, no Match bonus, the
        target and the count order."""
        return RuleSet(
            name=f"sidi_barrani-{self.name}", weis=self.weis, large_weis=self.large_weis,
            stoeck=self.stoeck,
            stoeck_announce=self.stoeck_announce,  # type: ignore[arg-type]
            match_bonus=0, target=self.target,
            count_order=self.count_order,  # type: ignore[arg-type]
        )


PRESETS: Final[dict[str, SidiBarraniRules]] = {
    "standard": SidiBarraniRules(name="standard"),
    "late_double": SidiBarraniRules(name="late_double", double="until_first_card"),
    "long": SidiBarraniRules(name="long", target=2000),
}
"""``standard`` (the default): bids from 80 in tens, a double ends the auction, 1500 to win;
``late_double``: the opponents may also double once the contract is named, until the first
card; ``long``: the game goes to 2000."""


def hand_result(bid: int, doubled: bool, declarers: int, opponents: int) -> tuple[int, int]:
    """What the (declarers, opponents) write for the card points of a hand, before their Weis
    and Stöck: a bid made (``declarers >= bid``) gives the declarers the bid (twice when
    doubled) on top of their points; a bid failed gives it to the opponents.

    Worked example 1: a bid of 120 made with 130 card points, the opponents 27:

    >>> hand_result(120, False, 130, 27)
    (250, 27)

    Worked example 2: a bid of 120 doubled, failed with 110 card points, the opponents 47:

    >>> hand_result(120, True, 110, 47)
    (110, 287)
    """
    bonus = bid * (2 if doubled else 1)
    if declarers >= bid:
        return bonus + declarers, opponents
    return declarers, bonus + opponents
