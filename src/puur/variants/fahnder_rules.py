"""Fahnder's options, presets, action ids and the pure scoring functions of a hand.

Fahnder (``docs/variants/fahnder.md``, rule book §2.11) is played by four, dealt as Schieber. An
auction of numbers only (card points, no trumps named) makes the highest bidder the *Fahnder*:
he names the contract (a suit, Obenabe or Undenufe, all single) and calls a card; whoever holds
it is his partner for the hand (a card of his own: he plays alone against three). He leads; no
Weis, no Stöck. The bid is made when the pair's card points, the last trick included, reach it.
Each hand is written in Striche (``scoring = striche``) or game points (``game_points``); after
``hands`` (8) hands the best net total wins.

Action ids (stable under every option; Sidi Barrani's where the two share an action): 0-35 play
a card; 36-41 name the contract (Schellen, Rosen, Schilten, Eicheln, Obenabe, Undenufe); 42-63
unused (Fahnder has no Weis and no Stöck); 64 pass; 65 unused; 66-223 bid ``id - 66`` points (0
to 157; only the bids the auction allows are ever legal); 224-259 call a card.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Final

from puur.actions import A_CHOOSE
from puur.cards import NUM_CARDS, format_card
from puur.contracts import CONTRACT_TOKENS
from puur.options import Options, option
from puur.rules import RuleSet
from puur.variants.sidi_barrani_rules import A_BID, A_PASS, MAX_BID, bid_action, bid_value

__all__ = [
    "ACTION_NAMES", "A_BID", "A_CALL", "A_CHOOSE", "A_PASS", "BANDS", "MATCH_ALONE",
    "MATCH_PAIR", "MAX_BID", "NUM_ACTIONS", "PRESETS", "FahnderRules", "band_points",
    "bid_action", "bid_value", "hand_marks",
]

A_CALL: Final = A_BID + MAX_BID + 1  # 224
NUM_ACTIONS: Final = A_CALL + NUM_CARDS  # 260

#: The game-point bands: (lowest card points, points) from the top down.
BANDS: Final = ((150, 10), (140, 8), (130, 6), (120, 4), (110, 2))
#: Game points of a Match (every trick): with a partner, and alone against three.
MATCH_PAIR: Final = 12
MATCH_ALONE: Final = 20


def _action_names() -> tuple[str, ...]:
    names = ["-"] * NUM_ACTIONS
    for c in range(NUM_CARDS):
        names[c] = format_card(c)
        names[A_CALL + c] = f"call:{format_card(c)}"
    for c in range(6):
        names[A_CHOOSE + c] = f"choose:{CONTRACT_TOKENS[c]}"
    names[A_PASS] = "pass"
    for v in range(MAX_BID + 1):
        names[A_BID + v] = f"bid:{v}"
    return tuple(names)


#: The name of every action id (unused ids are named ``-``).
ACTION_NAMES: Final = _action_names()


@dataclass(frozen=True)
class FahnderRules(Options):
    """Every Fahnder option with its default."""

    VARIANT: ClassVar[str] = "fahnder"

    min_bid: int = option(80, lo=1, hi=MAX_BID,
                          doc="the lowest bid in card points (Striche scoring)")
    step: int = option(5, lo=1, hi=50, doc="each bid raises the last by at least this much")
    partner_reveal: str = option(
        "immediate", choices=("immediate", "on_play"),
        doc="the called card's holder is known to all at once, or stays secret until the "
            "card is played",
    )
    scoring: str = option(
        "striche", choices=("striche", "game_points"),
        doc="Striche (made: Fahnder 2, partner 1; failed: each opponent 1, Fahnder 2 Nuller, "
            "partner 1) or game points by bands of the pair's card points",
    )
    points_min_bid: int = option(110, lo=1, hi=MAX_BID,
                                 doc="the lowest bid under game-point scoring (the lowest band)")
    failed_partner: str = option(
        "half", choices=("half", "none"),
        doc="game points: a failed bid costs the partner half the band of the bid, or nothing",
    )
    hands: int = option(8, lo=1, hi=64, doc="hands in a game (8: each player deals twice)")
    redeal: str = option(
        "same_dealer", choices=("same_dealer", "next_dealer"),
        doc="when all four pass, the same dealer deals anew (each still deals twice), or the "
            "next seat",
    )

    @property
    def lowest_bid(self) -> int:
        """The lowest bid the auction takes under the scoring in force."""
        return self.points_min_bid if self.scoring == "game_points" else self.min_bid

    def trick_rules(self) -> RuleSet:
        """The rule set of the card play: no Weis, no Stöck, no Match bonus (the scoring
        counts a Match itself)."""
        return RuleSet(name=f"fahnder-{self.name}", weis=False, stoeck=False, match_bonus=0)


PRESETS: Final[dict[str, FahnderRules]] = {
    "standard": FahnderRules(name="standard"),
    "secret": FahnderRules(name="secret", partner_reveal="on_play"),
    "game_points": FahnderRules(name="game_points", scoring="game_points",
                                partner_reveal="on_play"),
}
"""``standard`` (the default): bids from 80, the partner known at once, Striche; ``secret``:
the partner stays secret until the called card is played; ``game_points``: the four-player
Bieter, game points by bands from a bid of 110, the partner secret."""


def band_points(points: int) -> int:
    """The game points of a band of card points (0 below the lowest band).

    >>> band_points(133), band_points(109), band_points(157)
    (6, 0, 10)
    """
    for low, value in BANDS:
        if points >= low:
            return value
    return 0


def hand_marks(rules: FahnderRules, bid: int, pair_points: int, match: bool,
               alone: bool) -> tuple[int, int, int]:
    """What the (Fahnder, partner, each opponent) write for a hand: Striche net of Nuller
    under ``striche``, game points under ``game_points``. A Fahnder alone has no partner
    (its figure is 0 and ignored).

    Worked example 2: a bid made with 133 card points under game points:

    >>> hand_marks(FahnderRules(scoring="game_points"), 125, 133, False, False)
    (6, 3, 0)

    A bid of 125 failed with 120: the band of the bid (4) as minus, the partner half:

    >>> hand_marks(FahnderRules(scoring="game_points"), 125, 120, False, False)
    (-4, -2, 0)

    Striche, made and failed:

    >>> hand_marks(FahnderRules(), 90, 95, False, False), hand_marks(FahnderRules(), 90, 60,
    ...                                                              False, False)
    ((2, 1, 0), (-2, -1, 1))
    """
    made = pair_points >= bid
    if rules.scoring == "striche":
        return (2, 0 if alone else 1, 0) if made else (-2, 0 if alone else -1, 1)
    if made:
        value = (MATCH_ALONE if alone else MATCH_PAIR) if match else band_points(pair_points)
        return value, 0 if alone else value // 2, 0
    value = band_points(bid)
    partner = 0 if alone or rules.failed_partner == "none" else value // 2
    return -value, -partner, 0
