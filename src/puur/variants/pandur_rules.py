"""Pandur's options, presets, action ids, the bid ladder and the pure scoring functions.

Pandur (``docs/variants/pandur.md``, rule book §2.16) is played with 24 cards (9, 10, Under,
Ober, King, Ace of each suit) by three active players: at a table of four the dealer sits the
hand out. An auction from the Vorhand (bid or pass, a pass is final) makes the highest bidder
the soloist, alone against the others. The bids form one ladder::

    100 … 200 < Misère < Trumpf-Misère < 210 … 250 < Pandur < 260 … 300 < Trumpf-Pandur

A numeric bid is the card points, Weis and Stöck the soloist must make with trumps he names;
Misère is to lose every trick, Pandur to win every trick, both without trumps; in the Trumpf-
forms the suit of the soloist's first card is trumps. A contract made earns the soloist its
value in game points, one failed earns it to each opponent. Whoever reaches ``target`` leaves
the table; the last one left loses.

Action ids (stable under every option): 0-35 play a card; 36 keep quiet about a Weis and 37-51
declare one; 52 and 53 announce Stöck or keep quiet; 54 pass; 55-79 bid, one id per step of the
ladder in ladder order (:data:`LADDER`); 80-83 name trumps (Schellen, Rosen, Schilten, Eicheln)
for a numeric bid.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import ClassVar, Final

from puur.cards import RANK_MASK, Rank
from puur.contracts import MODE_OBENABE, MODE_UNDENUFE
from puur.options import Options, option
from puur.rules import RuleSet
from puur.tricks import SCHIEBER, STRICT, STRICT_MUST_TRUMP, PlayRule

__all__ = [
    "A_BID", "A_PASS", "A_STOECK", "A_STOECK_NO", "A_TRUMP", "A_WEIS", "DECK", "LADDER",
    "MISERE", "NUM_ACTIONS", "PANDUR", "PRESETS", "SPECIAL", "TRUMPF_MISERE", "TRUMPF_PANDUR",
    "PandurRules", "bid_action", "bid_name", "bid_of", "is_special", "parse_bid", "value",
]

A_WEIS: Final = 36
A_STOECK: Final = 52
A_STOECK_NO: Final = 53
A_PASS: Final = 54
A_BID: Final = 55

#: The special bids, written as negative numbers on the ladder (numeric bids are their points).
MISERE: Final = -1
TRUMPF_MISERE: Final = -2
PANDUR: Final = -3
TRUMPF_PANDUR: Final = -4
SPECIAL: Final[dict[int, str]] = {
    MISERE: "misere", TRUMPF_MISERE: "trumpf-misere", PANDUR: "pandur",
    TRUMPF_PANDUR: "trumpf-pandur",
}
#: Every bid, lowest first: numeric bids are their points, special bids the constants above.
LADDER: Final[tuple[int, ...]] = (
    *range(100, 201, 10), MISERE, TRUMPF_MISERE, *range(210, 251, 10), PANDUR,
    *range(260, 301, 10), TRUMPF_PANDUR,
)
A_TRUMP: Final = A_BID + len(LADDER)  # 80
NUM_ACTIONS: Final = A_TRUMP + 4  # 84

#: The 24 cards in play: 9, 10, Under, Ober, King and Ace of every suit.
DECK: Final = sum(RANK_MASK[r] for r in (Rank.NINE, Rank.TEN, Rank.UNDER, Rank.OBER,
                                          Rank.KING, Rank.ACE))

#: Game points of the special bids on each scale (``a``: the common one, ``b``: jasswiki's).
_SPECIAL_VALUE: Final[dict[str, dict[int, int]]] = {
    "a": {MISERE: 4, TRUMPF_MISERE: 4, PANDUR: 5, TRUMPF_PANDUR: 6},
    "b": {MISERE: 8, TRUMPF_MISERE: 10, PANDUR: 15, TRUMPF_PANDUR: 16},
}


def bid_action(bid: int) -> int:
    """The action id of ``bid`` (points, or a special bid's constant).

    >>> bid_action(100), bid_action(MISERE), bid_action(TRUMPF_PANDUR)
    (55, 66, 79)
    """
    if type(bid) is not int or bid not in LADDER:
        raise ValueError(f"not a Pandur bid: {bid!r} (100 to 300 in tens, or a special bid)")
    return A_BID + LADDER.index(bid)


def bid_of(action: int) -> int:
    """The bid an action names (``ValueError`` for another action)."""
    if type(action) is not int or not A_BID <= action < A_TRUMP:
        raise ValueError(f"not a bid action: {action!r}")
    return LADDER[action - A_BID]


def is_special(bid: int) -> bool:
    """True for Misère, Trumpf-Misère, Pandur and Trumpf-Pandur."""
    return bid in SPECIAL


def bid_name(bid: int) -> str:
    """The token of a bid: its points, or the special bid's name.

    >>> bid_name(160), bid_name(TRUMPF_MISERE)
    ('160', 'trumpf-misere')
    """
    return SPECIAL.get(bid, str(bid))


def parse_bid(text: str) -> int:
    """The bid a token names (``ValueError`` for anything else).

    >>> parse_bid("210"), parse_bid("Pandur")
    (210, -3)
    """
    t = text.strip().lower().replace("è", "e").replace("_", "-")
    for b, name in SPECIAL.items():
        if t == name:
            return b
    if t.isascii() and t.isdigit() and int(t) in LADDER:
        return int(t)
    raise ValueError(f"not a Pandur bid: {text!r} (100 to 300 in tens, misere, "
                     "trumpf-misere, pandur or trumpf-pandur)")


def value(bid: int, scale: str = "a") -> int:
    """The game points a contract is worth: a numeric bid ⌊bid / 50⌋ (at most 6), a special
    bid as ``scale`` says.

    Worked examples 1 and 2 (bids of 160 and 200):

    >>> value(160), value(200), value(300), value(PANDUR), value(PANDUR, "b")
    (3, 4, 6, 5, 15)
    """
    if is_special(bid):
        return _SPECIAL_VALUE[scale][bid]
    return min(bid // 50, 6)


def made(bid: int, points: int, tricks: int, num_tricks: int) -> bool:
    """Whether the soloist made his contract: a numeric bid with ``points`` (card points, his
    Weis and Stöck), Misère with no trick, Pandur with every trick.

    Worked example 1: a bid of 160, 120 card points and a Weis of 50:

    >>> made(160, 120 + 50, 5, 8), made(200, 190, 6, 8), made(MISERE, 0, 0, 8)
    (True, False, True)
    """
    if bid in (MISERE, TRUMPF_MISERE):
        return tricks == 0
    if bid in (PANDUR, TRUMPF_PANDUR):
        return tricks == num_tricks
    return points >= bid


@dataclass(frozen=True)
class PandurRules(Options):
    """Every Pandur option with its default (the rule book's names carry a ``pandur_``
    prefix: ``scale`` is ``pandur_scale``)."""

    VARIANT: ClassVar[str] = "pandur"

    players: int = option(
        4, choices=(4, 3),
        doc="players at the table: four (three active, the dealer sits out) or three",
    )
    target: int = option(
        15, lo=3, hi=50, doc="game points at which a player leaves the table (the last one "
                             "left loses)",
    )
    scale: str = option(
        "a", choices=("a", "b"),
        doc="value of the special bids: a = Misère and Trumpf-Misère 4, Pandur 5, "
            "Trumpf-Pandur 6; b = 8, 10, 15, 16",
    )
    dealer_gains: bool = option(
        True, doc="at a table of four the dealer sitting out also gains a failed contract's "
                  "value, unless he is within two game points of the target",
    )
    redeal: str = option(
        "next_dealer", choices=("next_dealer", "same_dealer"),
        doc="when everyone passes, the next seat deals anew, or the same dealer",
    )
    numeric_play: str = option(
        "schieber", choices=("schieber", "strict_must_trump"),
        doc="the card play of a numeric bid: Schieber's (ruff at will, no undertrumping), "
            "or follow suit and, void, play a trump",
    )
    notrump_order: str = option(
        "obenabe", choices=("obenabe", "undenufe"),
        doc="card order of Misère and Pandur without trumps: Ace high, or 9 high",
    )
    weis: bool = option(
        True, doc="Weis in a numeric contract (large Weis: six in a row 150; four 9s 150, four "
                  "Under 200); only the soloist's count, a better Weis of an opponent cancels "
                  "them",
    )
    stoeck: bool = option(True, doc="the soloist's Stöck (King and Ober of trumps) counts 20")

    def trick_rules(self, special: bool = False) -> RuleSet:
        """The rule set of the card play: large Weis and Stöck in a numeric contract, neither
        in a special one (the same object for equal options)."""
        return _trick_rules(self.weis and not special, self.stoeck and not special)

    def play_rule(self, bid: int) -> PlayRule:
        """The trick rules of a contract: a numeric bid as ``numeric_play`` says, Misère and
        Pandur follow strictly, their Trumpf- forms must trump when void."""
        if bid in (TRUMPF_MISERE, TRUMPF_PANDUR):
            return STRICT_MUST_TRUMP
        if bid in (MISERE, PANDUR):
            return STRICT
        return SCHIEBER if self.numeric_play == "schieber" else STRICT_MUST_TRUMP

    def notrump_mode(self) -> int:
        """The mode of Misère and Pandur without trumps."""
        return MODE_OBENABE if self.notrump_order == "obenabe" else MODE_UNDENUFE

    def dealer_gain_open(self, total: int) -> bool:
        """Whether a dealer sitting out on ``total`` gains a failed contract's value (not on
        13 or 14 with the target 15).

        >>> r = PandurRules()
        >>> r.dealer_gain_open(12), r.dealer_gain_open(13), r.dealer_gain_open(14)
        (True, False, False)
        """
        return self.dealer_gains and total < self.target - 2


@lru_cache(maxsize=8)
def _trick_rules(weis: bool, stoeck: bool) -> RuleSet:
    return RuleSet(
        name="pandur", weis=weis, large_weis=True, stoeck=stoeck,
        stoeck_announce="second-card", match_bonus=0,
    )


PRESETS: Final[dict[str, PandurRules]] = {
    "standard": PandurRules(name="standard"),
    "three": PandurRules(name="three", players=3),
    "strict": PandurRules(name="strict", numeric_play="strict_must_trump",
                          notrump_order="undenufe"),
}
"""``standard``: the rule book (four at the table, the dealer out, the common scale, 15 game
points); ``three``: three players, all active from the start; ``strict``: a numeric bid is
played following suit strictly and trumping when void, Misère and Pandur with the 9 high."""
