"""Bieter's options, presets, action ids and the pure scoring functions of a game.

Bieter (``docs/variants/bieter.md``, rule book §2.5) is played by three: an auction once per
game makes the highest bidder the *König*, who plays alone against the two *Bauern* as one
side. Scores accumulate over the hands of the game; the König needs his bid, the Bauern the
``target`` (1000), and the first side to reach its figure wins, in the middle of a hand if need
be (the count order decides which credit comes first). With five players (``players = 5``) the
König calls a card and its holder is his secret partner for the hand.

Action ids (stable under every option): 0-35 play a card; 36 keep quiet about a Weis and 37-51
declare one; 52 and 53 announce Stöck or keep quiet; 54 pass; 55-455 bid ``5 * (id - 55)``
points (0 to 2000 in fives; only the bids the auction allows are ever legal); 456-461 name the
first hand's contract (Schellen, Rosen, Schilten, Eicheln, Obenabe, Undenufe); 462 decline the
hand, 463 play it; 464-499 discard a card from the talon; 500-535 call a card (five players).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Final

from puur.cards import NUM_CARDS, Rank, Suit, rank_of, suit_of
from puur.contracts import MODE_OBENABE, MODE_UNDENUFE
from puur.options import OptionError, Options, option
from puur.rules import RuleSet

__all__ = [
    "A_ACCEPT", "A_BID", "A_CALL", "A_CONTRACT", "A_DECLINE", "A_DISCARD", "A_PASS",
    "A_STOECK", "A_STOECK_NO", "A_WEIS", "BID_UNIT", "DECLINE_POINTS", "MAX_BID_VALUE",
    "NUM_ACTIONS", "PRESETS", "REMOVED_AT_FIVE", "TALON_SIZE", "BieterRules", "add_hand",
    "bid_action", "bid_value", "deal_shape", "first_to_target", "turned_contract",
]

A_WEIS: Final = 36
A_STOECK: Final = 52
A_STOECK_NO: Final = 53
A_PASS: Final = 54
A_BID: Final = 55
#: Bids are whole multiples of this, from 0 to :data:`MAX_BID_VALUE`.
BID_UNIT: Final = 5
MAX_BID_VALUE: Final = 2000
A_CONTRACT: Final = A_BID + MAX_BID_VALUE // BID_UNIT + 1  # 456
A_DECLINE: Final = A_CONTRACT + 6  # 462
A_ACCEPT: Final = A_DECLINE + 1
A_DISCARD: Final = A_ACCEPT + 1  # 464
A_CALL: Final = A_DISCARD + NUM_CARDS  # 500
NUM_ACTIONS: Final = A_CALL + NUM_CARDS  # 536

#: What the Bauern write when the König declines a hand (a Match), before their Stöck.
DECLINE_POINTS: Final = 257
#: Cards on the table with ``deal = ten_with_talon``: three face down, three face up.
TALON_SIZE: Final = 6
#: The card left out with five players (the Schilten 6).
REMOVED_AT_FIVE: Final = 9 * Suit.SCHILTEN + Rank.SIX


def bid_action(value: int) -> int:
    """The action id of a bid of ``value`` points (a multiple of 5 from 0 to 2000).

    >>> bid_action(350), bid_value(bid_action(420))
    (125, 420)
    """
    if type(value) is not int or value % BID_UNIT or not 0 <= value <= MAX_BID_VALUE:
        raise ValueError(f"a bid is a multiple of {BID_UNIT} from 0 to {MAX_BID_VALUE}, "
                         f"not {value!r}")
    return A_BID + value // BID_UNIT


def bid_value(action: int) -> int:
    """The points a bid action names (``ValueError`` for another action)."""
    if type(action) is not int or not A_BID <= action < A_CONTRACT:
        raise ValueError(f"not a bid action: {action!r}")
    return (action - A_BID) * BID_UNIT


@dataclass(frozen=True)
class BieterRules(Options):
    """Every Bieter option with its default (the jassonkel rules)."""

    VARIANT: ClassVar[str] = "bieter"

    players: int = option(3, choices=(3, 5), doc="players: 3 (König against two Bauern) or 5 "
                          "(König and a called partner against three)")
    deal: str = option(
        "twelve", choices=("twelve", "ten_with_talon"),
        doc="12 cards each in fours, or 10 each and a talon of 3 face down and 3 face up that "
            "the König takes, discarding 6 (three players only)",
    )
    min_bid: int = option(350, lo=5, hi=1500, doc="the lowest opening bid (the talon form: 500)")
    step: int = option(10, lo=5, hi=100, doc="each bid raises the last by at least this much")
    max_bid: int = option(1000, lo=5, hi=2000, doc="the highest bid the auction allows")
    target: int = option(1000, lo=100, hi=2000, doc="what the Bauern need to win the game")
    redeal: str = option(
        "next_dealer", choices=("next_dealer", "same_dealer"),
        doc="when every player passes, the next seat deals anew, or the same dealer",
    )
    decline: bool = option(
        True, doc="from the second hand on the König may decline a hand: the Bauern write 257 "
                  "and their Stöck",
    )
    turned_card_modes: bool = option(
        False, doc="in later hands a turned 6 means Undenufe and a turned Ace Obenabe",
    )
    weis: bool = option(
        True, doc="small Weis in trick 1: the best Weis's side scores all its Weis (with five "
                  "players only the best Weis counts, for its holder's side)",
    )
    stoeck: bool = option(True, doc="Stöck (King and Ober of trumps) is worth 20")
    stoeck_announce: str = option(
        "second-card", choices=("second-card", "with-weis"),
        doc="Stöck is announced with the second of the two cards, or with the Weis",
    )
    count_order: str = option(
        "stoeck-weis-stich", choices=("stoeck-weis-stich", "stoeck-stich-weis"),
        doc="the order in which a hand's points count when a side reaches its target",
    )

    def __post_init__(self) -> None:
        super().__post_init__()
        for name in ("min_bid", "step", "max_bid"):
            if getattr(self, name) % BID_UNIT:
                raise OptionError(f"option {name!r}: must be a multiple of {BID_UNIT}")
        if self.max_bid < self.min_bid:
            raise OptionError("option 'max_bid': must not be below min_bid")
        if self.players == 5 and self.deal != "twelve":
            raise OptionError("option 'deal': the talon is dealt to three players only")

    @property
    def talon(self) -> bool:
        """True when the deal leaves a talon for the König."""
        return self.deal == "ten_with_talon"

    def trick_rules(self) -> RuleSet:
        """The rule set of the card play: Schieber's small Weis, Stöck and Match bonus."""
        return RuleSet(
            name=f"bieter-{self.name}", weis=self.weis, stoeck=self.stoeck,
            stoeck_announce=self.stoeck_announce,  # type: ignore[arg-type]
            count_order=self.count_order,  # type: ignore[arg-type]
        )


PRESETS: Final[dict[str, BieterRules]] = {
    "jassonkel": BieterRules(name="jassonkel"),
    "talon": BieterRules(name="talon", deal="ten_with_talon", min_bid=500,
                         turned_card_modes=True),
    "five": BieterRules(name="five", players=5),
}
"""``jassonkel`` (the default): three players, 12 cards each, bids from 350 in tens;
``talon`` (urikon, Luzern): 10 cards each and a talon of six, bids from 500, a turned 6 or Ace
gives Undenufe or Obenabe; ``five``: five players, the König calls his secret partner."""


def deal_shape(rules: BieterRules) -> tuple[int, tuple[int, ...]]:
    """Cards per player and the packet sizes of each round of the deal.

    >>> [deal_shape(p) for p in PRESETS.values()]
    [(12, (4, 4, 4)), (10, (4, 3, 3)), (7, (3, 4))]
    """
    if rules.players == 5:
        return 7, (3, 4)
    if rules.talon:
        return 10, (4, 3, 3)
    return 12, (4, 4, 4)


def turned_contract(turned: int, modes: bool) -> int:
    """The contract the dealer's last card gives: its suit, or with ``modes`` Undenufe for a 6
    and Obenabe for an Ace.

    >>> turned_contract(9 * 1 + 0, False), turned_contract(9 * 1 + 0, True)
    (1, 5)
    """
    if modes and rank_of(turned) == Rank.SIX:
        return MODE_UNDENUFE
    if modes and rank_of(turned) == Rank.ACE:
        return MODE_OBENABE
    return suit_of(turned)


def add_hand(totals: tuple[int, int], hand: tuple[int, int]) -> tuple[int, int]:
    """The (König, Bauern) game totals after a hand that wrote ``hand``.

    Worked example 1: a bid of 420; hand 1 König 101 + Weis 50, Bauern 56; hand 2 König 120,
    Bauern 37 + Stöck 20:

    >>> add_hand(add_hand((0, 0), (101 + 50, 56)), (120, 37 + 20))
    (271, 113)
    """
    return totals[0] + hand[0], totals[1] + hand[1]


def first_to_target(
    totals: tuple[int, int], credits: list[tuple[int, int]], targets: tuple[int, int]
) -> int:
    """The side (0 the König, 1 the Bauern) that reaches its target first when the hand's
    ``credits`` ((side, points), in the count order) fall on ``totals``; -1 when neither does.

    Worked example 2: the König (bid 420) at 405, the Bauern at 985. Trick 1 gives the König
    10, then a Bauer's second Stöck card 20: the Bauern win, though trick 2 would have taken
    the König past 420.

    >>> first_to_target((405, 985), [(0, 10), (1, 20), (0, 25)], (420, 1000))
    1
    """
    t = list(totals)
    for side, points in credits:
        t[side] += points
        if t[side] >= targets[side]:
            return side
    return -1
