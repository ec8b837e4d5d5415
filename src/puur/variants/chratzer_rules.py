"""Chratzer's rule set and the pure functions of a deal's chips.

Chratzer (Chratze, Kratzen; ``docs/variants/chratzer.md``, rule book §2.25) is a pot game for
two to seven players, each alone. Every deal each player antes into the pot; four cards each,
a turned card for trumps. The first player to say "chratze" promises two tricks, every other
player then comes along ("metcho", one trick) or sits the deal out ("weg"). Each trick wins a
share of the pot; a player who misses his promise pays into the next pot.

The functions here take plain numbers, so the worked examples of the page are tests of them
alone.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Final

from puur.options import Options, option
from puur.rules import RuleSet
from puur.tricks import STRICT_MUST_TRUMP, PlayRule

__all__ = ["CARDS_EACH", "PRESETS", "TRICK_SHARES", "ChratzerRules", "Payout", "payout"]

#: Cards each player holds (four tricks a deal), and the shares the pot splits into.
CARDS_EACH: Final = 4
TRICK_SHARES: Final = 4


@dataclass(frozen=True)
class ChratzerRules(Options):
    """Every Chratzer option with its default (the rule book's names carry a ``chratzer_``
    prefix: ``ante`` is ``chratzer_ante``)."""

    VARIANT: ClassVar[str] = "chratzer"

    players: int = option(4, choices=(4, 2, 3, 5, 6, 7), doc="players at the table, each alone")
    ante: int = option(4, lo=1, hi=100, doc="chips each player puts into the pot every deal")
    tries: int = option(
        3, lo=1, hi=4,
        doc="trump cards the dealer turns (the first one included) before he deals anew",
    )
    chratzer_tricks: int = option(2, lo=1, hi=4, doc="tricks the Chratzer promises")
    metcho_tricks: int = option(1, lo=1, hi=4, doc="tricks a player who comes along promises")
    alone: str = option(
        "takes_pot", choices=("takes_pot", "dealer_plays"),
        doc="nobody comes along: the Chratzer takes the pot without play, or the dealer (the "
            "seat after him when the Chratzer deals) must come along",
    )
    remainder: str = option(
        "carry", choices=("carry", "last_trick"),
        doc="the chips a pot leaves over its four equal trick shares stay in the pot, or go "
            "to the winner of the last trick",
    )
    penalty: str = option(
        "pot", choices=("pot", "share"),
        doc="a player who misses his promise pays the pot he played for into the next pot, "
            "or one trick share for each trick he is short",
    )
    game_deals: int = option(
        12, lo=1, hi=100,
        doc="the game ends after this many played deals (deals nobody chratzt do not count)",
    )

    def trick_rules(self) -> RuleSet:
        """The card play's rule set: tricks count, not points (no Weis, no Stöck)."""
        return RuleSet(name=f"chratzer-{self.name}", weis=False, stoeck=False, match_bonus=0)

    def play_rule(self) -> PlayRule:
        """Follow suit; void, trump if you can (no overtrumping required)."""
        return STRICT_MUST_TRUMP

    def promise(self, chratzer: bool) -> int:
        """The tricks the Chratzer (or a player who comes along) must take."""
        return self.chratzer_tricks if chratzer else self.metcho_tricks


PRESETS: Final[dict[str, ChratzerRules]] = {
    "standard": ChratzerRules(name="standard"),
    "two": ChratzerRules(name="two", players=2),
    "three": ChratzerRules(name="three", players=3),
    "six": ChratzerRules(name="six", players=6),
    "seven": ChratzerRules(name="seven", players=7, game_deals=14),
    "short": ChratzerRules(name="short", game_deals=4),
}
"""``standard``: the rule book (four players, ante 4, three trump cards, the Chratzer takes an
unanswered pot, remainders stay in the pot, a missed promise pays the pot, 12 deals); ``two``,
``three``, ``six``, ``seven``: the same at other tables (seven play 14 deals, two each);
``short``: four deals."""


@dataclass(frozen=True)
class Payout:
    """What one played deal does with the chips: each seat's winnings and penalty, and the
    chips left in the pot for the next deal."""

    won: tuple[int, ...]
    paid: tuple[int, ...]
    carry: int


def payout(pot: int, tricks: dict[int, int], promises: dict[int, int], num_seats: int,
           remainder: str = "carry", penalty: str = "pot",
           last_trick: int = -1) -> Payout:
    """The chips of a played deal for a ``pot``: each trick wins ``pot // 4``; the chips left
    over stay in the pot (``remainder = "carry"``) or go to ``last_trick``'s winner; a player
    in play (``promises``: seat → tricks promised) short of his promise pays the pot
    (``penalty = "pot"``) or a share per missing trick (``"share"``) into the next pot.

    >>> p = payout(16, {0: 2, 1: 1, 2: 1}, {0: 2, 1: 1, 2: 1}, 4)   # the page's first example
    >>> p.won, p.paid, p.carry
    ((8, 4, 4, 0), (0, 0, 0, 0), 0)
    >>> p = payout(18, {0: 1, 2: 3}, {0: 2, 2: 1}, 3)
    >>> p.won, p.paid, p.carry
    ((4, 0, 12), (18, 0, 0), 20)
    """
    if remainder not in ("carry", "last_trick") or penalty not in ("pot", "share"):
        raise ValueError(f"bad remainder {remainder!r} or penalty {penalty!r}")
    share = pot // TRICK_SHARES
    won = [0] * num_seats
    paid = [0] * num_seats
    for s, t in tricks.items():
        won[s] += t * share
    carry = pot - share * sum(tricks.values())
    if remainder == "last_trick" and last_trick >= 0:
        won[last_trick] += carry
        carry = 0
    for s, need in promises.items():
        short = need - tricks.get(s, 0)
        if short > 0:
            paid[s] = pot if penalty == "pot" else short * share
    return Payout(tuple(won), tuple(paid), carry + sum(paid))
