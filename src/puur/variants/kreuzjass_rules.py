"""Kreuzjass's options, presets, deal and action ids.

The options are :class:`KreuzjassRules`; the named presets :data:`PRESETS`. A deal is a
:class:`KreuzjassDeal`: the four hands, the dealer and the pack's bottom card (the last card
dealt, to the dealer), which gives trumps where the table cuts for them. Action ids (stable,
those of Schieber, :mod:`puur.actions`): 0-35 play a card; 36-39 name a suit; 40 Bock (Obenabe);
41 Gais (Undenufe); 43 Slalom with Bock first, 44 Slalom with Gais first; 45 push to the
partner; 46-61 Weis; 62-63 Stöck. Id 42 (Misère in Schieber) is never legal. Every name here is
importable from :mod:`puur.variants.kreuzjass` too.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Final

from puur.actions import A_CHOOSE, A_PUSH, A_STOECK, A_STOECK_NO, A_WEIS, NUM_ACTIONS
from puur.cards import NUM_CARDS, WELI, format_card, suit_of
from puur.contracts import CONTRACT_TOKENS, Contract
from puur.deal import check_hands, deal_packets, shuffled
from puur.options import Options, option
from puur.rules import RuleSet
from puur.variants.base import ActionSpace

__all__ = [
    "ACTIONS",
    "CONTRACTS",
    "DECKS",
    "NUM_ACTIONS",
    "PRESETS",
    "WELI",
    "KreuzjassDeal",
    "KreuzjassRules",
    "action_names",
    "check_kreuzjass_deal",
    "deal_kreuzjass",
    "seating_draw",
]

#: What a chooser may name after the first hand: the four suits, Bock, Gais, Slalom both ways.
CONTRACTS: Final = (0, 1, 2, 3, Contract.OBENABE, Contract.UNDENUFE, Contract.SLALOM,
                    Contract.SLALOM_UNDE)
#: The deck styles a Kreuzjass table may show (display only: card ids stay 0-35).
DECKS: Final = ("salzburg", "swiss", "french")


@dataclass(frozen=True)
class KreuzjassRules(Options):
    """Every Kreuzjass option with its default."""

    VARIANT: ClassVar[str] = "kreuzjass"

    trump_by: str = option(
        "choose", choices=("choose", "cut"),
        doc="trumps are named (the Weli holder in hand 1, then in turn, with a push to the "
            "partner), or given by the pack's bottom card after the cut (no push, Vorhand leads)",
    )
    partners: str = option(
        "fixed", choices=("fixed", "first_two_aces"),
        doc="partners sit opposite as seated, or the first two players dealt an Ace in the "
            "seating draw are partners and sit opposite",
    )
    slalom_values: str = option(
        "per_trick", choices=("per_trick", "obenabe"),
        doc="Slalom tricks count by their own mode, or all as Bock (Obenabe)",
    )
    target: int = option(1000, lo=100, hi=100_000, doc="points that end the game")
    weis: bool = option(True, doc="Weis (melds) are played")
    stoeck: bool = option(True, doc="King and Ober of trumps in one hand score 20")
    large_weis: bool = option(False, doc="long sequences: 6 = 150 ... 9 = 300")
    weis_four_low: bool = option(False, doc="four 8s, 7s or 6s count 100")
    kreuzweis: bool = option(False, doc="one card may serve in a sequence and a four")
    stoeck_announce: str = option(
        "second-card", choices=("second-card", "with-weis"),
        doc="Stöck is announced with the second of the two cards, or with the Weis in trick 1",
    )
    match_bonus: int = option(100, lo=0, hi=10_000, doc="extra points for taking all nine tricks")
    deck_style: str = option(
        "salzburg", choices=DECKS,
        doc="the pack a table shows unless a player picks another (display only): Salzburg "
            "(Herz, Schelle, Laub, Eichel), Swiss or French",
    )

    def trick_rules(self) -> RuleSet:
        """The Schieber rule set of the card play: no multipliers, no push back."""
        return RuleSet(
            name=f"kreuzjass-{self.name}", start_card=WELI, push_back=False,
            extra_contracts=frozenset({Contract.SLALOM, Contract.SLALOM_UNDE}),
            weis=self.weis, stoeck=self.stoeck, large_weis=self.large_weis,
            weis_four_low=self.weis_four_low, kreuzweis=self.kreuzweis,
            stoeck_announce=self.stoeck_announce,  # type: ignore[arg-type]
            match_bonus=self.match_bonus, target=self.target,
        )


PRESETS: Final[dict[str, KreuzjassRules]] = {
    "vorarlberg": KreuzjassRules(name="vorarlberg"),
    "cut": KreuzjassRules(name="cut", trump_by="cut"),
    "kreuzjass_romand": KreuzjassRules(name="kreuzjass_romand", trump_by="cut",
                                       deck_style="french"),
}
"""``vorarlberg``: the rule book's game (trumps named, the Weli holder first); ``cut``: trumps
from the pack's bottom card after the cut; ``kreuzjass_romand``: the French-suited form, the
last card dealt turned for trumps (the same card as the pack's bottom card)."""


@dataclass(frozen=True)
class KreuzjassDeal:
    """One deal: the hands (seat 0 first), the dealer and the pack's bottom card, dealt last
    to the dealer (shown for trumps only where the table cuts for them)."""

    hands: tuple[int, ...]
    dealer: int
    bottom: int


def deal_kreuzjass(seed: str, dealer: int) -> KreuzjassDeal:
    """Shuffle from ``seed`` and deal nine each in packets of three from the seat after
    ``dealer``; the bottom card of the pack reaches the dealer last."""
    order = shuffled(seed)
    hands = deal_packets(order, seats=4, per_seat=9, packet=3, first=(dealer + 1) % 4)
    return KreuzjassDeal(hands, dealer, order[-1])


def check_kreuzjass_deal(deal: object) -> KreuzjassDeal:
    """``deal`` if it is a deal of four hands of nine, a dealer seat and a bottom card the
    dealer holds; ``ValueError`` saying what is wrong otherwise."""
    if not isinstance(deal, KreuzjassDeal):
        raise ValueError(f"not a Kreuzjass deal: {deal!r}")
    hands = check_hands(deal.hands, 4, 9)
    if type(deal.dealer) is not int or not 0 <= deal.dealer < 4:
        raise ValueError(f"the dealer must be a seat 0..3, not {deal.dealer!r}")
    if type(deal.bottom) is not int or not 0 <= deal.bottom < NUM_CARDS:
        raise ValueError(f"the bottom card must be a card 0..35, not {deal.bottom!r}")
    if not hands[deal.dealer] >> deal.bottom & 1:
        raise ValueError(
            f"the bottom card {format_card(deal.bottom)} is dealt last, to the dealer "
            f"(seat {deal.dealer}), who does not hold it")
    return KreuzjassDeal(hands, deal.dealer, deal.bottom)


def cut_trump(deal: KreuzjassDeal) -> int:
    """The trump suit the bottom card gives."""
    return suit_of(deal.bottom)


def seating_draw(seed: int | str) -> tuple[int, ...]:
    """The seats after the draw of ``partners = first_two_aces``: ``out[seat]`` is the player
    (numbered by the seat he took at the table) who plays there.

    Cards are dealt face up one at a time from a pack shuffled from ``seed``, player 0 first;
    the first player dealt an Ace keeps his seat, the next other player dealt an Ace becomes
    his partner and moves opposite him, trading seats with whoever sat there.

    >>> sorted(seating_draw(5)) == [0, 1, 2, 3]
    True
    """
    order = shuffled(f"{seed}:seating")
    aces: list[int] = []
    for i, card in enumerate(order):
        player = i % 4
        if card % 9 == 8 and player not in aces:
            aces.append(player)
            if len(aces) == 2:
                break
    first, second = aces
    seats = [0, 1, 2, 3]  # seats[p]: where player p sits
    opposite = (first + 2) % 4
    if second != opposite:
        other = seats.index(opposite)
        seats[second], seats[other] = opposite, seats[second]
    out = [0] * 4
    for p, s in enumerate(seats):
        out[s] = p
    return tuple(out)


def action_names() -> tuple[str, ...]:
    """The name of every action id (unused ids are named ``-``)."""
    names = ["-"] * NUM_ACTIONS
    for c in range(NUM_CARDS):
        names[c] = format_card(c)
    for c in CONTRACTS:
        names[A_CHOOSE + c] = f"choose:{CONTRACT_TOKENS[c]}"
    names[A_PUSH] = "push"
    names[A_WEIS] = "weis:-"
    for k in range(1, 16):
        names[A_WEIS + k] = f"weis:{k}"
    names[A_STOECK] = "stoeck"
    names[A_STOECK_NO] = "stoeck:-"
    return tuple(names)


ACTIONS: Final = ActionSpace(action_names())
