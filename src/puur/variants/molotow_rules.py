"""Molotow's rule set and the pure scoring functions of a hand.

Molotow (``docs/variants/molotow.md``) is played by three to six players, each alone. A hand
starts without trumps, ranked as Obenabe; the first card played by a player who cannot follow
makes its suit trumps, and at the end every trick is valued by the contract the hand ended in.
Two ways of scoring are known and cannot be merged, so ``scoring`` chooses one:

* ``points`` (family A, the default): a player's hand score is the card points he took, plus
  the table Weis of his tricks (a run or a four of a kind lying in one trick), less his own
  Weis and Stöck; after the agreed number of hands the lowest total wins;
* ``striche`` (family B, four players only): card points alone decide marks per hand, a Strich
  (+1) for the highest and the lowest, a Nuller (-1) for the others, with exceptions for 157
  and for 100 or more; the best net count wins.

The functions here take plain numbers and cards, so the worked examples of the page are tests
of them alone.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Final

from puur.cards import NUM_CARDS, Rank, Suit
from puur.options import OptionError, Options, option
from puur.rules import RuleSet
from puur.tricks import PlayRule

__all__ = [
    "FULL_POINTS",
    "PRESETS",
    "REMOVED_AT_FIVE",
    "MolotowRules",
    "deal_shape",
    "hand_score",
    "marks",
    "table_weis",
]

#: Card points of a hand with every card in play (152 + 5 for the last trick).
FULL_POINTS: Final = 157
#: The card left out with five players (the Schilten 6: worth nothing whatever the trumps).
REMOVED_AT_FIVE: Final = 9 * Suit.SCHILTEN + Rank.SIX


@dataclass(frozen=True)
class MolotowRules(Options):
    """Every Molotow option with its default."""

    VARIANT: ClassVar[str] = "molotow"

    players: int = option(4, choices=(4, 3, 5, 6), doc="players at the table, each alone")
    scoring: str = option(
        "points", choices=("points", "striche"),
        doc="family A: points, lowest total wins; family B: Striche and Nuller (4 players)",
    )
    hands: int = option(8, lo=1, hi=1000, doc="hands in a game")
    undertrump: str = option(
        "when_void", choices=("when_void", "forbidden"),
        doc="once trumps are fixed, a player who cannot follow may undertrump, or not",
    )
    weis: bool = option(True, doc="hand Weis are declared in trick 1 and taken off the score")
    best_weis_only: bool = option(
        False, doc="only the best hand Weis counts (as Schieber), not every player's own",
    )
    large_weis: bool = option(False, doc="long sequences: 6 = 150 ... 9 = 300")
    weis_four_low: bool = option(False, doc="four 8s, 7s or 6s in a hand count 100")
    kreuzweis: bool = option(False, doc="one card may serve in a sequence and a four")
    stoeck: bool = option(True, doc="Stöck (King and Ober of trumps) takes 20 off the score")
    stoeck_fixing_card: bool = option(
        True, doc="the card that fixes trumps still counts as held for Stöck",
    )
    table_weis: bool = option(
        True, doc="a run of 3 or more of one suit in one trick adds to its winner's score",
    )
    table_weis_four_of_a_kind: bool = option(
        False, doc="four of a kind in one trick adds 100 (9s 150, Unders 200) to its winner",
    )
    last_hand_double: bool = option(False, doc="the last hand of the game counts twice")
    striche_ties: str = option(
        "void", choices=("void", "share"),
        doc="family B: players with equal points get no mark, or all get their rank's mark",
    )

    def __post_init__(self) -> None:
        super().__post_init__()
        if self.scoring == "striche" and self.players != 4:
            raise OptionError("option 'scoring': Striche and Nuller are played by 4 players only")

    @property
    def family_a(self) -> bool:
        """True when the hand is scored in points (Weis, Stöck and table Weis count)."""
        return self.scoring == "points"

    @property
    def stoeck_announce(self) -> str:
        """Stöck is announced with the second of the two cards: when the Weis are declared
        there are no trumps yet (not an option in Molotow)."""
        return "second-card"

    def trick_rules(self) -> RuleSet:
        """The rule set of the card play: Weis and Stöck only in family A, no Match bonus."""
        a = self.family_a
        return RuleSet(
            name=f"molotow-{self.name}", weis=a and self.weis, stoeck=a and self.stoeck,
            large_weis=self.large_weis, weis_four_low=self.weis_four_low,
            kreuzweis=self.kreuzweis, stoeck_announce="second-card", match_bonus=0,
        )

    def play_rule(self) -> PlayRule:
        """Follow suit while there are no trumps (the engine's rule without a trump suit), then
        Schieber's trick rules with the chosen undertrump rule."""
        return PlayRule("schieber", self.undertrump)  # type: ignore[arg-type]


PRESETS: Final[dict[str, MolotowRules]] = {
    "standard": MolotowRules(name="standard"),
    "striche": MolotowRules(name="striche", scoring="striche"),
    "three": MolotowRules(name="three", players=3),
    "five": MolotowRules(name="five", players=5),
    "six": MolotowRules(name="six", players=6),
    "table-fours": MolotowRules(
        name="table-fours", table_weis_four_of_a_kind=True, last_hand_double=True,
    ),
    "best-weis": MolotowRules(name="best-weis", best_weis_only=True),
}
"""``standard``: family A with four players, every player's own Weis, table Weis of runs, 8
hands; ``striche``: family B (card points only, Striche and Nuller); ``three``, ``five``,
``six``: the other player counts; ``table-fours``: four of a kind in a trick counts as table
Weis and the last hand counts twice; ``best-weis``: only the best hand Weis counts."""


def deal_shape(players: int) -> tuple[int, tuple[int, ...]]:
    """Cards per player and the packet sizes of each round of the deal.

    >>> [deal_shape(n) for n in (3, 4, 5, 6)]
    [(12, (4, 4, 4)), (9, (3, 3, 3)), (7, (3, 4)), (6, (3, 3))]
    """
    if players == 3:
        return 12, (4, 4, 4)
    if players == 4:
        return 9, (3, 3, 3)
    if players == 5:
        return 7, (3, 4)
    if players == 6:
        return 6, (3, 3)
    raise ValueError(f"Molotow is played by 3 to 6 players, not {players!r}")


def _run_points(length: int, large: bool) -> int:
    if length == 3:
        return 20
    if length == 4:
        return 50
    if large:
        return 100 + 50 * (length - 5)
    return 100


def table_weis(cards: tuple[int, ...] | list[int], *, fours: bool = False,
               large: bool = False) -> int:
    """The table Weis lying in the cards of one trick: every run of three or more cards of one
    suit in natural order (3 = 20, 4 = 50, 5 or more = 100; ``large``: 6 = 150 …), and with
    ``fours`` a four of a kind (100; 9s 150, Unders 200). A card may serve in a run and a four.

    >>> from puur.cards import parse_cards
    >>> table_weis(parse_cards("C7 C8 C9 HA"))     # Eicheln 7-8-9: a Dreiblatt
    20
    >>> table_weis(parse_cards("HJ DJ SJ CJ")), table_weis(parse_cards("HJ DJ SJ CJ"), fours=True)
    (0, 200)
    """
    held = 0
    for c in cards:
        if not (type(c) is int and 0 <= c < NUM_CARDS):
            raise ValueError(f"not a card: {c!r}")
        held |= 1 << c
    total = 0
    for suit in range(4):
        run = 0
        for rank in range(10):
            if rank < 9 and held >> (9 * suit + rank) & 1:
                run += 1
                continue
            if run >= 3:
                total += _run_points(run, large)
            run = 0
    if fours:
        for rank in range(9):
            if all(held >> (9 * s + rank) & 1 for s in range(4)):
                total += 200 if rank == Rank.UNDER else 150 if rank == Rank.NINE else 100
    return total


def hand_score(trick_points: int, table: int = 0, weis: int = 0, stoeck: int = 0) -> int:
    """A player's family-A score for one hand: card points and table Weis, less his own Weis
    and Stöck (lower is better).

    >>> [hand_score(40, weis=20), hand_score(30, stoeck=20), hand_score(50, table=20)]
    [20, 10, 70]
    """
    return trick_points + table - weis - stoeck


def marks(points: tuple[int, ...] | list[int], ties: str = "void") -> tuple[tuple[int, int], ...]:
    """Family B: the (Striche, Nuller) of each player for the card points of one hand.

    A player with all 157 points gets 3 Striche and the others a Nuller each; a player with 100
    to 156 gets 3 Nuller and the others a Strich each. Otherwise the highest and the lowest get
    a Strich and the players between a Nuller; players with equal points get nothing
    (``ties = "void"``; the others keep the mark of their rank) or all the mark of the rank
    they share (``"share"``).

    >>> marks((88, 12, 31, 26))
    ((1, 0), (1, 0), (0, 1), (0, 1))
    >>> marks((104, 20, 18, 15))
    ((0, 3), (1, 0), (1, 0), (1, 0))
    """
    if ties not in ("void", "share"):
        raise ValueError(f"ties must be 'void' or 'share', not {ties!r}")
    pts = list(points)
    for s, p in enumerate(pts):
        if p >= FULL_POINTS:
            return tuple((3, 0) if t == s else (0, 1) for t in range(len(pts)))
        if p >= 100:
            return tuple((0, 3) if t == s else (1, 0) for t in range(len(pts)))
    hi, lo = max(pts), min(pts)
    out: list[tuple[int, int]] = []
    for p in pts:
        if ties == "void" and pts.count(p) > 1:
            out.append((0, 0))
        else:
            out.append((1, 0) if p in (hi, lo) else (0, 1))
    return tuple(out)
