"""Reservejass: three alone, a fourth hand dealt as the reserve, the chooser may swap for it.

Rules (``docs/variants/reservejass.md``, rule book §2.20): three players, each alone; four
hands of nine cards are dealt in threes, the fourth is the reserve. The Vorhand chooses the
mode of play as in Schieber or, instead of pushing, swaps his hand for the reserve unseen (his
own hand is dead, seen by nobody again) and must then choose; he leads. All three play the
tricks as in Schieber, each for himself, and add his own points; the first to reach the target
(1000) wins the moment his points fall, in the count order, and the rest of that hand is not
played. The hand is in :mod:`puur.variants.reservejass_hand`, the options in
:mod:`puur.variants.reservejass_rules`, the observation in :mod:`puur.variants.reservejass_view`.

Action ids (stable): 0-35 play a card; 36 keep quiet about a Weis and 37-51 declare one; 52 and
53 announce Stöck or keep quiet; 54-59 choose a mode (suits, Obenabe, Undenufe); 60 swap;
61 keep (the words ``reserve`` and ``keep``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar, Final

from puur.cards import NUM_CARDS, format_card
from puur.contracts import CONTRACT_TOKENS, ContractError, parse_contract
from puur.hand import TrickHand
from puur.variants.base import ActionSpace
from puur.variants.dealt import DealLineVariant
from puur.variants.handjass import _cards, _mask
from puur.variants.reservejass_hand import (
    A_CHOOSE,
    A_STOECK,
    A_SWAP,
    NUM_ACTIONS,
    SEATS,
    WORDS,
    ReservejassDeal,
    ReservejassHand,
    check_deal,
    deal_reservejass,
)
from puur.variants.reservejass_rules import PRESETS, ReservejassRules
from puur.variants.series import TargetSeries

__all__ = ["ACTIONS", "VARIANT", "ReservejassGame", "ReservejassVariant", "format_deal_line",
           "parse_deal_line"]


class ReservejassGame(TargetSeries[ReservejassHand]):
    """A game of Reservejass: hands until a player reaches the target, the dealer (and with
    him the chooser) moving one seat a hand."""

    def __init__(self, rules: ReservejassRules | None = None, seed: int | str | None = None,
                 deals: list[ReservejassDeal] | None = None) -> None:
        rules = VARIANT.check_rules(rules)
        self.rules: ReservejassRules = rules
        self._start_series(seed, deals, SEATS)

    @property
    def variant(self) -> ReservejassVariant:
        """The Reservejass variant."""
        return VARIANT

    def _deal(self, seed: str, dealer: int) -> ReservejassDeal:
        return deal_reservejass(seed, dealer)

    def _make_hand(self, deal: Any, hand_no: int, totals: tuple[int, ...]) -> ReservejassHand:
        return ReservejassHand(self.rules, deal, hand_no, totals)

    def _is_deal(self, deal: object) -> bool:
        return isinstance(deal, ReservejassDeal)


# ---------------------------------------------------------------------------------------------
# Notation


def action_names() -> tuple[str, ...]:
    """The name of every action id."""
    names = [format_card(c) for c in range(NUM_CARDS)]
    names += ["weis:-"] + [f"weis:{k}" for k in range(1, 16)]
    names += ["stoeck", "stoeck:-", *(f"choose:{CONTRACT_TOKENS[c]}" for c in range(6))]
    names += [f"declare:{WORDS[a]}" for a in sorted(WORDS)]
    assert len(names) == NUM_ACTIONS and names[A_STOECK] == "stoeck"
    return tuple(names)


ACTIONS: Final = ActionSpace(action_names())


def format_deal_line(d: ReservejassDeal) -> str:
    """``DEALER HAND / HAND / HAND ; reserve CARDS``."""
    hands = " / ".join(_cards(h) for h in d.hands)
    return f"{d.dealer} {hands} ; reserve {_cards(d.reserve)}"


def parse_deal_line(text: str) -> ReservejassDeal:
    """Parse :func:`format_deal_line`'s text (``ValueError`` saying what is wrong)."""
    parts = [p.strip() for p in text.split(";")]
    head = parts[0].split(None, 1)
    key, _, rest = parts[-1].partition(" ")
    if (len(parts) != 2 or len(head) != 2 or not (head[0].isascii() and head[0].isdigit())
            or key != "reserve"):
        raise ValueError("a Reservejass deal reads 'DEALER HAND / HAND / HAND ; reserve CARDS'")
    deal = ReservejassDeal(tuple(_mask(h) for h in head[1].split("/")), int(head[0]),
                           _mask(rest))
    return check_deal(deal)


class ReservejassVariant(DealLineVariant):
    """The static description of Reservejass."""

    key = "reservejass"
    name = "Reservejass"
    aliases = ("reserve", "reserve-hand", "reserve_hand", "vierhand", "reservehand")
    summary = ("three alone, a fourth hand as the reserve: the chooser names trumps or swaps "
               "for it unseen")
    players = (3,)
    sides_text = "each alone"
    score_name = "points"
    lower_is_better = False
    options_class = ReservejassRules
    preset_table = PRESETS
    deal_type = ReservejassDeal
    word_ids: ClassVar[Mapping[str, int]] = {w: a for a, w in WORDS.items()}
    other_tokens = ("choose:C",)

    def num_seats(self, rules: Any) -> int:
        """Three."""
        return SEATS

    def action_space(self, rules: Any) -> ActionSpace:
        """Cards, Weis, Stöck, the modes and the words (the same ids under every option)."""
        return ACTIONS

    def new_game(self, rules: Any = None, seed: int | str | None = None,
                 deals: list[Any] | None = None) -> ReservejassGame:
        """A new game of Reservejass."""
        return ReservejassGame(rules, seed, deals)

    def open_piles(self, hand: Any) -> dict[str, int]:
        """The reserve (nobody swapped) or the dead hand (after a swap)."""
        return {"reserve": hand.reserve, "dead": hand.dead}

    def format_other(self, hand: TrickHand, action: int) -> str | None:
        """``choose:C`` for a mode named."""
        if type(action) is int and A_CHOOSE <= action < A_SWAP:
            return f"choose:{CONTRACT_TOKENS[action - A_CHOOSE]}"
        return None

    def parse_other(self, hand: TrickHand, token: str) -> int | None:
        """``choose:C`` (a suit, ``obe`` or ``unde``)."""
        kind, sep, arg = token.strip().partition(":")
        if kind.lower() != "choose" or not sep:
            return None
        try:
            c = parse_contract(arg)
        except ContractError as e:
            raise ValueError(str(e)) from None
        if c > 5:
            raise ValueError(f"{arg!r} is not a mode of Reservejass (a suit, obe or unde)")
        return A_CHOOSE + c

    def format_deal(self, deal: Any) -> str:
        """The dealer, the hands and the reserve."""
        return format_deal_line(deal)

    def parse_deal(self, rules: Any, text: str) -> ReservejassDeal:
        """A deal of :func:`format_deal_line`'s form."""
        return parse_deal_line(text)


VARIANT: Final = ReservejassVariant()
