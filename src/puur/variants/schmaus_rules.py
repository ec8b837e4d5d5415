"""Schmaus's rule set and the pure functions of its Weis and its dealer.

Schmaus (``docs/variants/schmaus.md``, rule book §2.18) is played by two players, each alone:
nine cards each, an eighteen-card stock whose top card is turned for trumps and put at the
bottom of the stock. Tricks 1-9 are the stock phase (any card may be played; the winner draws
first, then the loser), tricks 10-18 the strict phase (follow suit, void a trump). A Weis is
declared one a trick in tricks 1-10, each player's rising from trick to trick; of two in the
same trick only the higher scores. The first to the target wins, the points counting in the
``count_order``; the winner of a hand deals the next.

The functions here take plain numbers or melds, so the worked examples of the page are tests
of them alone.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar, Final

from puur.options import Options, option
from puur.rules import RuleSet
from puur.tricks import FREE_PLAY, STRICT_MUST_TRUMP, PlayRule
from puur.weis import FOUR, Meld, find_melds, meld_key

__all__ = ["PRESETS", "STOCK_TRICKS", "WEIS_TRICKS", "SchmausRules", "grown_points",
           "next_dealer", "rising_melds", "trick_weis_winner"]

#: Tricks 1-9 are the stock phase; a Weis may be declared in tricks 1-10.
STOCK_TRICKS: Final = 9
WEIS_TRICKS: Final = 10
#: The rank index of the 9 (four 9s are no Weis in Schmaus unless ``four_nines``).
_NINE: Final = 3


@dataclass(frozen=True)
class SchmausRules(Options):
    """Every Schmaus option with its default (the rule book's names carry a ``schmaus_``
    prefix where they are the variant's own: ``no_trump_first_lead`` is
    ``schmaus_no_trump_first_lead``)."""

    VARIANT: ClassVar[str] = "schmaus"

    target: int = option(1000, lo=100, hi=5000, doc="the points that win the game (1500 is "
                                                    "the long game)")
    rob: bool = option(
        True, doc="the holder of the trump 6 may exchange it for the turned card before his "
                  "card to any of tricks 1-9",
    )
    no_trump_first_lead: bool = option(
        True, doc="trick 1 may not be led with a trump (unless the leader holds only trumps)",
    )
    turned_card_modes: bool = option(
        False, doc="a turned 6 means Undenufe and a turned Ace Obenabe (no trumps, no 6 to "
                   "exchange)",
    )
    weis: bool = option(True, doc="one Weis a trick in tricks 1-10, each player's rising")
    grown_weis: str = option(
        "full", choices=("full", "difference"),
        doc="a Weis grown out of one declared before scores in full, or only what it adds",
    )
    large_weis: bool = option(True, doc="sequences of 6 to 9 cards count 150 to 300")
    four_nines: bool = option(False, doc="four 9s are a Weis (150)")
    weis_four_low: bool = option(False, doc="four 8s, 7s or 6s count 100")
    stoeck: bool = option(
        True, doc="Stöck (King and Ober of trumps held together) counts 20, announced with "
                  "the second of the two",
    )
    march_bonus: bool = option(True, doc="all of tricks 10-18 score 100 more")
    count_order: str = option(
        "stoeck-weis-stich", choices=("stoeck-weis-stich", "stoeck-stich-weis"),
        doc="the order in which a trick's points count when a player reaches the target",
    )
    tie_deal: str = option(
        "next", choices=("next", "same"),
        doc="after a hand of equal points the deal passes on, or the same player deals again",
    )

    @property
    def stoeck_announce(self) -> str:
        """Stöck is announced with the second of its two cards (its holder may draw one)."""
        return "second-card"

    def trick_rules(self) -> RuleSet:
        """The rule set of the card play: Stöck announced with its second card, the last trick
        5 more, the game's target checked as the points fall (the Weis are the hand's own)."""
        return RuleSet(
            name=f"schmaus-{self.name}", weis=self.weis, stoeck=self.stoeck,
            large_weis=self.large_weis, weis_four_low=self.weis_four_low, kreuzweis=True,
            stoeck_announce="second-card",
            count_order=self.count_order,  # type: ignore[arg-type]
            match_bonus=0, target=self.target,
        )

    def play_rule(self, trick_no: int) -> PlayRule:
        """The trick rule of trick ``trick_no`` (0-based): any card while the stock lasts,
        then follow suit, void a trump (the Puur exempt)."""
        return FREE_PLAY if trick_no < STOCK_TRICKS else STRICT_MUST_TRUMP


PRESETS: Final[dict[str, SchmausRules]] = {
    "standard": SchmausRules(name="standard"),
    "long": SchmausRules(name="long", target=1500),
}
"""``standard``: the rule book (target 1000, the trump 6 may be exchanged, no trump on the first
lead, a grown Weis in full, large Weis, no four 9s); ``long``: the same to 1500."""


def rising_melds(hand: int, rules: RuleSet, last: Meld | None, mode: int, trump: int,
                 four_nines: bool) -> list[Meld]:
    """The Weis ``hand`` may declare now, best first: every four of a kind and longest
    sequence it holds that is higher than ``last`` (the player's Weis declared before, if any),
    four 9s only with ``four_nines``.

    Worked example 2: a Dreiblatt to the Rosen 9 may later become a Fünfzig to the Rosen 9,
    never the reverse.

    >>> from puur.cards import CardSet
    >>> r = RuleSet(large_weis=True)
    >>> three = rising_melds(CardSet.from_text("H7 H8 H9").bits, r, None, 1, 1, False)
    >>> [m.points for m in three]
    [20]
    >>> four = rising_melds(CardSet.from_text("H6 H7 H8 H9").bits, r, three[0], 1, 1, False)
    >>> [m.points for m in four], rising_melds(CardSet.from_text("H7 H8 H9").bits, r, four[0],
    ...                                        1, 1, False)
    ([50], [])
    """
    out = [m for m in find_melds(hand, rules)
           if four_nines or m.kind != FOUR or m.low != _NINE]
    if last is not None:
        floor = meld_key(last, mode, trump)
        out = [m for m in out if meld_key(m, mode, trump) > floor]
    out.sort(key=lambda m: meld_key(m, mode, trump), reverse=True)
    return out


def grown_points(meld: Meld, before: Sequence[Meld], grown: str) -> int:
    """What ``meld`` scores when the player declared ``before`` earlier: its points, or with
    ``grown = "difference"`` only what it adds to the largest earlier sequence of its suit
    whose cards it holds (the Weis it grew out of).

    >>> from puur.cards import CardSet
    >>> r = RuleSet(large_weis=True)
    >>> three = find_melds(CardSet.from_text("H7 H8 H9").bits, r)[0]
    >>> four = find_melds(CardSet.from_text("H6 H7 H8 H9").bits, r)[0]
    >>> grown_points(four, [three], "full"), grown_points(four, [three], "difference")
    (50, 30)
    """
    if grown != "difference":
        return meld.points
    base = max((m.points for m in before
                if m.kind != FOUR and m.suit == meld.suit and meld.cards & m.cards == m.cards),
               default=0)
    return meld.points - base


def trick_weis_winner(declared: Sequence[tuple[int, Meld]], mode: int, trump: int) -> int:
    """Of the Weis declared in one trick ((seat, meld) in playing order) the index of the one
    that scores: the higher (points, length, height, trumps), the earlier on a tie; -1 for
    none.

    >>> from puur.cards import CardSet
    >>> r = RuleSet(large_weis=True)
    >>> a = find_melds(CardSet.from_text("S6 S7 S8").bits, r)[0]
    >>> b = find_melds(CardSet.from_text("C6 C7 C8 C9").bits, r)[0]
    >>> trick_weis_winner([(0, a), (1, b)], 1, 1), trick_weis_winner([], 1, 1)
    (1, -1)
    """
    best, at = None, -1
    for i, (_seat, m) in enumerate(declared):
        k = meld_key(m, mode, trump)
        if best is None or k > best:
            best, at = k, i
    return at


def next_dealer(dealer: int, points: tuple[int, int], tie_deal: str) -> int:
    """Who deals the hand after one dealt by ``dealer`` in which the two players made
    ``points``: the player with more; on equal points the other player (``tie_deal =
    "next"``) or the same dealer (``"same"``).

    >>> next_dealer(0, (120, 80), "next"), next_dealer(0, (80, 120), "next")
    (0, 1)
    >>> next_dealer(0, (90, 90), "next"), next_dealer(0, (90, 90), "same")
    (1, 0)
    """
    if points[0] != points[1]:
        return 0 if points[0] > points[1] else 1
    return dealer if tie_deal == "same" else 1 - dealer
