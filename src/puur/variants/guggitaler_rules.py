"""Guggitaler's rule set: the six deals, their penalties, the Domino credits.

Guggitaler (``docs/variants/guggitaler.md``) is played by three to five players,
each alone, without trumps and in Obenabe order, following suit strictly, without Weis; card
points do not count. A game is six deals: five deals of tricks, each with a penalty of its own
(per trick, per card of a kind, for one card, for the last trick, or all of them together),
and a Domino in which the order of going out pays credits. Lowest total (penalties less the
credit) wins.

A deal's penalty is plain data (:class:`Penalty`); :data:`DEAL_LISTS` names the deal lists the
sources give, and the functions here take plain numbers and cards, so the worked examples of
the page are tests of them alone.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Final

from puur.cards import SUIT_MASK, Rank, Suit, card_of
from puur.options import OptionError, Options, option
from puur.rules import RuleSet
from puur.tricks import PlayRule
from puur.variants.molotow_rules import deal_shape  # the same deal as Molotow's at 3 to 5

__all__ = [
    "DEAL_LISTS",
    "DEFAULT_CREDITS",
    "DOMINO",
    "PRESETS",
    "GuggitalerRules",
    "Penalty",
    "deal_shape",
    "domino_credits",
    "final_totals",
    "penalty_of_trick",
    "penalty_total",
]

#: The number of deals in a game, the last one the Domino.
DEALS: Final = 6
#: The index (0-based) of the Domino among the deals.
DOMINO: Final = 5
_OBER_CARDS: Final = sum(1 << card_of(s, Rank.OBER) for s in range(4))


@dataclass(frozen=True)
class Penalty:
    """What a deal of tricks costs: ``per_trick`` for every trick taken, ``cards[c]`` for each
    card ``c`` taken, ``last`` for the last trick; ``lead_ban`` is a mask of cards that may not
    be led while the leader holds another card; ``name`` says which penalty it is."""

    name: str
    per_trick: int = 0
    cards: tuple[int, ...] = (0,) * 36
    last: int = 0
    lead_ban: int = 0

    def total(self, players: int, dealt: int) -> int:
        """The penalty points a deal hands out in all (``dealt``: the mask of cards in play)."""
        tricks = dealt.bit_count() // players
        return tricks * self.per_trick + self.last + sum(
            v for c, v in enumerate(self.cards) if dealt >> c & 1)


def _cards(mask: int, value: int) -> tuple[int, ...]:
    return tuple(value if mask >> c & 1 else 0 for c in range(36))


def _together(name: str, parts: list[Penalty], lead_ban: int) -> Penalty:
    return Penalty(
        name, sum(p.per_trick for p in parts),
        tuple(sum(p.cards[c] for p in parts) for c in range(36)), sum(p.last for p in parts),
        lead_ban,
    )


def deal_list(name: str, king: int) -> tuple[Penalty, ...]:
    """The five deals of tricks of the deal list ``name`` with ``king`` (a card) as the King
    whose taker pays (``ValueError`` for an unknown list)."""
    king_suit = SUIT_MASK[king // 9]
    if name == "jassverzeichnis":
        schellen = SUIT_MASK[Suit.SCHELLEN]
        return (
            Penalty("tricks", per_trick=5),
            Penalty("schellen", cards=_cards(schellen, 10), lead_ban=schellen),
            Penalty("ober", cards=_cards(_OBER_CARDS, 20)),
            Penalty("king", cards=_cards(1 << king, 40), lead_ban=king_suit),
            Penalty("last", last=50),
        )
    if name == "seed003":
        rosen = SUIT_MASK[Suit.ROSEN]
        parts = [
            Penalty("rosen", cards=_cards(rosen, 5), lead_ban=rosen),
            Penalty("tricks", per_trick=10),
            Penalty("ober", cards=_cards(_OBER_CARDS, 20)),
            Penalty("king", cards=_cards(1 << king, 45), lead_ban=king_suit | rosen),
        ]
        return (*parts, _together("all", parts, rosen | king_suit))
    raise ValueError(f"unknown deal list {name!r}")


#: The deal lists by name (the option ``deals``).
DEAL_LISTS: Final = ("jassverzeichnis", "seed003")

#: The Domino credits by deal list and player count with ``domino = "auto"``, best first.
#: For the jassverzeichnis list what the score boards pay (the five-player set is uncertain);
#: for the seed003 list, whose source names none, the project's choice: sets that share the
#: deals' penalty total the same way (580, 520 and 480 points).
DEFAULT_CREDITS: Final[dict[str, dict[int, tuple[int, ...]]]] = {
    "jassverzeichnis": {3: (150, 100, 70), 4: (150, 100, 55, 0), 5: (150, 100, 45, 0, 0)},
    "seed003": {3: (290, 180, 110), 4: (260, 160, 100, 0), 5: (240, 150, 90, 0, 0)},
}


def parse_credits(text: str, players: int, deals: str = "jassverzeichnis") -> tuple[int, ...]:
    """The Domino credits of ``text`` (``auto``: the deal list's set for ``players``, or whole
    numbers, best first, separated by ``/``), one per player (``ValueError`` saying what is
    wrong).

    >>> parse_credits("auto", 4), parse_credits("200/100/0", 3)
    ((150, 100, 55, 0), (200, 100, 0))
    """
    auto = DEFAULT_CREDITS[deals][players]
    if text.strip() == "auto":
        return auto
    parts = [p.strip() for p in text.split("/")]
    if len(parts) != players or not all(p.isascii() and p.isdigit() and len(p) <= 5
                                        for p in parts):
        raise ValueError(f"the Domino credits are {players} whole numbers such as "
                         f"'{'/'.join(str(c) for c in auto)}', or 'auto'")
    return tuple(int(p) for p in parts)


@dataclass(frozen=True)
class GuggitalerRules(Options):
    """Every Guggitaler option with its default."""

    VARIANT: ClassVar[str] = "guggitaler"

    players: int = option(4, choices=(4, 3, 5), doc="players at the table, each alone")
    deals: str = option(
        "jassverzeichnis", choices=DEAL_LISTS,
        doc="the deal list: tricks, Schellen, Ober, King, last trick (jassverzeichnis); or "
            "Rosen, tricks, Ober, King, all together, Rosen not led (seed003)",
    )
    king: str = option("rosen", choices=("rosen", "schellen"),
                       doc="the King whose taker pays in the King deal")
    removed_card: int = option(card_of(Suit.SCHILTEN, Rank.SIX), card=True,
                               doc="the card left out of the deal with five players")
    domino: str = option(
        "auto", doc="the Domino credits by order of going out, best first, e.g. 150/100/55/0; "
                    "auto: 150/100/70 (3), 150/100/55/0 (4), 150/100/45/0/0 (5)",
    )
    domino_open: str = option(
        "first_card", choices=("first_card", "six", "under"),
        doc="the rank that opens every suit in the Domino: the first card laid (Vorhand lays "
            "any card), or the 6 or the Under of each suit",
    )

    def __post_init__(self) -> None:
        super().__post_init__()
        try:
            parse_credits(self.domino, self.players, self.deals)
        except ValueError as e:
            raise OptionError(f"option 'domino': {e}") from None

    @property
    def king_card(self) -> int:
        """The King whose taker pays."""
        return card_of(Suit.ROSEN if self.king == "rosen" else Suit.SCHELLEN, Rank.KING)

    @property
    def removed(self) -> int:
        """The mask of the cards dealt to nobody (the removed card with five players)."""
        return 1 << self.removed_card if self.players == 5 else 0

    def penalties(self) -> tuple[Penalty, ...]:
        """The five deals of tricks in order."""
        return deal_list(self.deals, self.king_card)

    def credits(self) -> tuple[int, ...]:
        """The Domino credits, first out first."""
        return parse_credits(self.domino, self.players, self.deals)

    def trick_rules(self) -> RuleSet:
        """The rule set of the card play: no Weis, no Stöck, no Match bonus."""
        return RuleSet(name=f"guggitaler-{self.name}", weis=False, stoeck=False, match_bonus=0)

    def play_rule(self) -> PlayRule:
        """Follow suit if you can; void, any card (there are no trumps)."""
        return PlayRule("strict")


PRESETS: Final[dict[str, GuggitalerRules]] = {
    "jassverzeichnis": GuggitalerRules(name="jassverzeichnis"),
    "seed003": GuggitalerRules(name="seed003", deals="seed003"),
}
"""``jassverzeichnis``: 5 per trick, 10 per Schelle, 20 per Ober, 40 for the Rosen King, 50 for
the last trick, Domino 150/100/55/0; ``seed003``: 5 per Rose, 10 per trick, 20 per Ober, 45 for
the Rosen King, all of them together, Rosen not led in deals 1, 4 and 5, Domino 260/160/100/0
(chosen: the source names no payouts; see :data:`DEFAULT_CREDITS`)."""


def penalty_of_trick(p: Penalty, cards: tuple[int, ...] | list[int], last: bool) -> int:
    """What the taker of a trick of ``cards`` pays under ``p``.

    >>> from puur.cards import parse_cards
    >>> ober = deal_list("jassverzeichnis", 16)[2]
    >>> penalty_of_trick(ober, parse_cards("HQ DQ H6 C6"), False)   # two Ober: 40
    40
    """
    return p.per_trick + sum(p.cards[c] for c in cards) + (p.last if last else 0)


def penalty_total(rules: GuggitalerRules) -> int:
    """The penalty points the five deals of tricks hand out in all.

    >>> [penalty_total(GuggitalerRules(players=n)) for n in (4, 3, 5)]
    [305, 320, 295]
    """
    dealt = ((1 << 36) - 1) & ~rules.removed
    return sum(p.total(rules.players, dealt) for p in rules.penalties())


def domino_credits(order: tuple[int, ...] | list[int], credits: tuple[int, ...]) -> tuple[int, ...]:
    """Each seat's credit when the seats went out in ``order`` (first out first).

    >>> domino_credits([2, 0, 3, 1], (150, 100, 55, 0))
    (100, 0, 150, 55)
    """
    out = [0] * len(credits)
    for place, seat in enumerate(order):
        out[seat] = credits[place]
    return tuple(out)


def final_totals(penalties: tuple[int, ...] | list[int],
                 credits: tuple[int, ...] | list[int]) -> tuple[int, ...]:
    """Each player's final total: penalties less the Domino credit (lowest wins).

    >>> final_totals([60, 110, 80, 55], [150, 100, 55, 0])
    (-90, 10, 25, 55)
    """
    return tuple(p - c for p, c in zip(penalties, credits, strict=True))
