"""Sechser: Schieber with six cards each, twelve cards dead, six tricks.

Rules (``docs/variants/sechser.md``, rule book §2.23): four players, partners opposite, six
cards each in two packets of three from the seat after the dealer; the other twelve cards lie
dead, face down, for the whole hand. The first dealer is drawn, then the deal passes one seat
a hand. The Vorhand (the seat after the dealer) names a suit, Obenabe or Undenufe, or pushes
once to his partner, who must name; the Vorhand leads. Six tricks as Schieber's, with Weis,
Stöck and the last trick's 5; all six tricks are a Match (+100); no multipliers; the first team
to the target (1000) wins, counted as the points fall.

Action ids (stable, Schieber's): 0-35 play a card; 36-39 a suit; 40 Obenabe; 41 Undenufe; 45
push; 46-61 Weis; 62-63 Stöck.

The variant lives in four modules: the options, presets, deal and action ids
(:mod:`puur.variants.sechser_rules`), one hand (:mod:`puur.variants.sechser_hand`), the
observation (:mod:`puur.variants.sechser_view`), and here the game and the variant's static
description. The game's score sheet is Kreuzjass's (two teams counted to a target, no
Striche): the game derives from :class:`~puur.variants.kreuzjass.KreuzjassGame`.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, ClassVar, Final

from puur.actions import A_CHOOSE, A_PUSH
from puur.cards import bits, format_cards, parse_cards
from puur.contracts import ContractError, format_contract, parse_contract
from puur.hand import IllegalActionError, TrickHand
from puur.variants.base import ActionSpace
from puur.variants.kreuzjass import KreuzjassGame, KreuzjassVariant
from puur.variants.sechser_hand import SechserHand
from puur.variants.sechser_rules import (
    ACTIONS,
    CONTRACTS,
    HAND_SIZE,
    NUM_ACTIONS,
    PRESETS,
    SechserDeal,
    SechserRules,
    action_names,
    check_sechser_deal,
    deal_sechser,
)

__all__ = [
    "ACTIONS",
    "CONTRACTS",
    "HAND_SIZE",
    "NUM_ACTIONS",
    "PRESETS",
    "VARIANT",
    "SechserDeal",
    "SechserGame",
    "SechserHand",
    "SechserRules",
    "SechserVariant",
    "action_names",
    "format_deal_line",
    "parse_deal_line",
]


class SechserGame(KreuzjassGame):
    """A game of Sechser: hands until a team reaches the target."""

    def __init__(
        self,
        rules: SechserRules | None = None,
        seed: int | str | None = None,
        deals: list[SechserDeal] | None = None,
    ) -> None:
        rules = VARIANT.check_rules(rules)
        self.rules = rules  # type: ignore[assignment]
        self.seed = seed if seed is not None else random.randrange(2**63)
        self._deals = list(deals or [])  # type: ignore[arg-type]
        #: The dealer of hand 1 (the given deal's, else drawn from the seed).
        self.first_dealer = (
            self._deals[0].dealer if self._deals
            else random.Random(f"{self.seed}:dealer").randrange(4))
        self.seating = (0, 1, 2, 3)
        self.rounds = []
        self.start_scores = []
        self._start_hand((0, 0))

    @property
    def variant(self) -> SechserVariant:
        """The Sechser variant."""
        return VARIANT

    def deal_for(self, index: int) -> SechserDeal:  # type: ignore[override]
        """The deal of hand ``index``: given, played, or (for the next hand) shuffled from the
        seed."""
        if index < len(self._deals):
            return self._deals[index]  # type: ignore[return-value]
        if index != len(self.rounds):
            raise IndexError(f"hand {index + 1} is not dealt yet")
        d = deal_sechser(f"{self.seed}:{index}", self._dealer_of(index))
        self._deals.append(d)  # type: ignore[arg-type]
        return d

    def _make_hand(self, deal: Any, index: int, scores: tuple[int, ...]) -> Any:
        if index and deal.dealer != self._dealer_of(index):
            raise ValueError(
                f"hand {index + 1} is dealt by seat {self._dealer_of(index)}, not {deal.dealer}")
        return SechserHand(self.rules, deal, index + 1, scores)  # type: ignore[arg-type]

    def set_deal(self, deal: Any) -> None:
        """Replace the deal of the current hand before its first action (used by records)."""
        if self.round.actions or self.is_over:
            raise IllegalActionError("the deal can only be set before the hand's first action",
                                     "bad_deal")
        index = len(self.rounds) - 1
        try:
            hand = self._make_hand(check_sechser_deal(deal), index, self.start_scores[index])
        except ValueError as e:
            raise IllegalActionError(str(e), "bad_deal") from None
        self.rounds[index] = hand
        if index == 0:
            self.first_dealer = hand.dealer
        self._deals[index] = hand.dealt

    def summary(self) -> dict[str, Any]:
        """Plain data: scores, hands played, winner and reason, places."""
        out = super().summary()
        out["variant"] = "sechser"
        del out["seating"]
        return out


# ---------------------------------------------------------------------------------------------
# Records


def format_deal_line(d: SechserDeal) -> str:
    """``DEALER HAND / HAND / HAND / HAND``: the dealer and the four hands of six, seat 0
    first (the dead cards are the twelve others)."""
    return f"{d.dealer} " + " / ".join(format_cards(bits(h)) for h in d.hands)


def parse_deal_line(text: str) -> SechserDeal:
    """Parse :func:`format_deal_line`'s text (``ValueError`` saying what is wrong)."""
    parts = text.split(None, 1)
    if len(parts) != 2 or not (parts[0].isascii() and parts[0].isdigit()):
        raise ValueError("a Sechser deal reads 'DEALER HAND / HAND / HAND / HAND'")
    hands = []
    for p in parts[1].split("/"):
        m = 0
        for c in parse_cards(p):
            if m >> c & 1:
                raise ValueError(f"a card is named twice in {p.strip()!r}")
            m |= 1 << c
        hands.append(m)
    return check_sechser_deal(SechserDeal(tuple(hands), int(parts[0])))


class SechserVariant(KreuzjassVariant):
    """The static description of Sechser: Kreuzjass's records of a two-team game to a target
    (the teams' totals, Schieber's breakdown of a hand, the result), with its own deal line,
    contracts and the dead cards."""

    key = "sechser"
    name = "Sechser"
    aliases = ("sechserjass", "sechser-jass", "six-card-schieber")
    summary = "Schieber with six cards each: twelve cards lie dead, six tricks, Match +100"
    players = (4,)
    sides_text = "two teams of two, partners opposite"
    # Kreuzjass's description names its own classes; these are Sechser's.
    options_class = SechserRules  # type: ignore[assignment]
    preset_table = PRESETS  # type: ignore[assignment]
    deal_type = SechserDeal  # type: ignore[assignment]
    word_ids: ClassVar[Mapping[str, int]] = {"push": A_PUSH}
    other_tokens = ("choose:C",)

    def action_space(self, rules: Any) -> ActionSpace:
        """Schieber's ids: cards, contracts, push, Weis, Stöck."""
        return ACTIONS

    def default_deck(self, rules: Any) -> str:
        """The Swiss pack (Sechser has no pack of its own)."""
        return "swiss"

    def with_hands(self, deal: Any, hands: tuple[int, ...]) -> SechserDeal:  # type: ignore[override]
        """The same dealer with other hands."""
        if not isinstance(deal, SechserDeal):
            raise TypeError(f"not a Sechser deal: {deal!r}")
        return SechserDeal(tuple(hands), deal.dealer)

    def new_game(
        self, rules: Any = None, seed: int | str | None = None, deals: list[Any] | None = None
    ) -> SechserGame:
        """A new game of Sechser."""
        return SechserGame(rules, seed, deals)

    def open_piles(self, hand: Any) -> dict[str, int]:
        """The twelve dead cards (``dead_cards``: not a dead hand, as Handjass's)."""
        return {"dead_cards": hand.dead}

    def format_other(self, hand: TrickHand, action: int) -> str | None:
        """``choose:CONTRACT`` (Schieber's token)."""
        if type(action) is int and A_CHOOSE <= action < A_PUSH:
            if action - A_CHOOSE not in CONTRACTS:
                raise ValueError(f"not an action of Sechser: {action!r}")
            return f"choose:{format_contract(action - A_CHOOSE)}"
        return None

    def parse_other(self, hand: TrickHand, token: str) -> int | None:
        """``choose:CONTRACT`` (a suit, ``obe`` or ``unde``)."""
        t = token.strip()
        if not t.lower().startswith("choose:"):
            return None
        try:
            c = parse_contract(t[7:])
        except ContractError as e:
            raise ValueError(str(e)) from None
        if c not in CONTRACTS:
            raise ValueError("Sechser has no such contract")
        return A_CHOOSE + c

    def format_hand(self, game: Any, index: int) -> str:
        """The dealer and the hands."""
        return format_deal_line(game.rounds[index].dealt)

    def format_deal(self, deal: Any) -> str:
        """The dealer and the hands."""
        return format_deal_line(deal)

    def parse_deal(self, rules: Any, text: str) -> SechserDeal:  # type: ignore[override]
        """A deal of ``DEALER HAND / …``."""
        return parse_deal_line(text)


VARIANT: Final = SechserVariant()
