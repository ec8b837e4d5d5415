"""Kreuzjass of Vorarlberg: Schieber's partnerships with the Weli, Bock, Gais and Slalom.

Rules (``docs/variants/kreuzjass.md``, rule book §2.7): four players, partners opposite, nine
cards each in packets of three, the Salzburg pack (Herz, Schelle, Laub, Eichel; its Schelle 6,
the *Weli*, plays as an ordinary 6). In hand 1 the Weli holder names a trump suit (no push) and
leads; he deals hand 2. From then on the Vorhand (the seat after the dealer) names a suit, Bock
(Obenabe), Gais (Undenufe) or Slalom (which way first), or pushes once to his partner; the
Vorhand leads. Play, Weis, Stöck and Match as Schieber, no multipliers, first team to the target
(1000) wins, counted as the points fall. ``trump_by = cut``: the pack's bottom card gives trumps
in every hand. ``partners = first_two_aces``: a seating draw makes the first two players dealt
an Ace partners (:func:`~puur.variants.kreuzjass_rules.seating_draw`).

Action ids (stable, Schieber's): 0-35 play a card; 36-39 a suit; 40 Bock; 41 Gais; 43-44
Slalom (Bock or Gais first); 45 push; 46-61 Weis; 62-63 Stöck.

The variant lives in four modules: the options, presets, deal and action ids
(:mod:`puur.variants.kreuzjass_rules`), one hand (:mod:`puur.variants.kreuzjass_hand`), the
observation (:mod:`puur.variants.kreuzjass_view`), and here the game and the variant's static
description.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Mapping
from typing import Any, ClassVar, Final

from puur.actions import A_CHOOSE, A_PUSH
from puur.cards import bits, format_card, format_cards, parse_card, parse_cards
from puur.contracts import ContractError, format_contract, parse_contract
from puur.hand import IllegalActionError, TrickHand
from puur.variants.base import (
    ActionSpace,
    rank_sides,
)
from puur.variants.dealt import DealLineVariant
from puur.variants.kreuzjass_hand import KreuzjassHand
from puur.variants.kreuzjass_rules import (
    ACTIONS,
    CONTRACTS,
    NUM_ACTIONS,
    PRESETS,
    WELI,
    KreuzjassDeal,
    KreuzjassRules,
    action_names,
    check_kreuzjass_deal,
    deal_kreuzjass,
    seating_draw,
)
from puur.variants.series import SeriesGame

__all__ = [
    "ACTIONS",
    "CONTRACTS",
    "NUM_ACTIONS",
    "PRESETS",
    "VARIANT",
    "WELI",
    "KreuzjassDeal",
    "KreuzjassGame",
    "KreuzjassHand",
    "KreuzjassRules",
    "KreuzjassVariant",
    "action_names",
    "format_deal_line",
    "parse_deal_line",
    "seating_draw",
]


class KreuzjassGame(SeriesGame[KreuzjassHand]):
    """A game of Kreuzjass: hands until a team reaches the target."""

    def __init__(
        self,
        rules: KreuzjassRules | None = None,
        seed: int | str | None = None,
        deals: list[KreuzjassDeal] | None = None,
    ) -> None:
        rules = VARIANT.check_rules(rules)
        self.rules: KreuzjassRules = rules
        self.seed: int | str = seed if seed is not None else random.randrange(2**63)
        self._deals: list[KreuzjassDeal] = list(deals or [])
        #: The dealer of hand 1 (the given deal's, else drawn from the seed).
        self.first_dealer: int = (
            self._deals[0].dealer if self._deals
            else random.Random(f"{self.seed}:dealer").randrange(4))
        #: ``seating[seat]``: the player (by the seat he took) who plays at ``seat``.
        self.seating: tuple[int, ...] = (
            seating_draw(self.seed) if rules.partners == "first_two_aces" else (0, 1, 2, 3))
        self.rounds: list[KreuzjassHand] = []
        self.start_scores: list[tuple[int, ...]] = []
        self._start_hand((0, 0))

    @property
    def variant(self) -> KreuzjassVariant:
        """The Kreuzjass variant."""
        return VARIANT

    @property
    def num_seats(self) -> int:
        """Four seats."""
        return 4

    @property
    def sides(self) -> tuple[int, ...]:
        """Seats 0 and 2 are team 0, seats 1 and 3 team 1."""
        return (0, 1, 0, 1)

    # -----------------------------------------------------------------------------------------
    # Deals

    def _dealer_of(self, index: int) -> int:
        """Hand 1's dealer is drawn; every later hand is dealt by the last hand's Vorhand (in
        hand 1 of a choosing table, the Weli holder)."""
        if index == 0:
            return self.first_dealer
        return self.rounds[index - 1].forehand

    def deal_for(self, index: int) -> KreuzjassDeal:
        """The deal of hand ``index``: given, played, or (for the next hand) shuffled from the
        seed."""
        if index < len(self._deals):
            return self._deals[index]
        if index != len(self.rounds):
            raise IndexError(f"hand {index + 1} is not dealt yet")
        d = deal_kreuzjass(f"{self.seed}:{index}", self._dealer_of(index))
        self._deals.append(d)
        return d

    def _make_hand(self, deal: KreuzjassDeal, index: int, scores: tuple[int, ...]) -> KreuzjassHand:
        if index and deal.dealer != self._dealer_of(index):
            raise ValueError(
                f"hand {index + 1} is dealt by seat {self._dealer_of(index)}, not {deal.dealer}")
        return KreuzjassHand(self.rules, deal, index + 1, scores)

    def _start_hand(self, scores: tuple[int, ...]) -> None:
        index = len(self.rounds)
        self.rounds.append(self._make_hand(self.deal_for(index), index, scores))
        self.start_scores.append(scores)

    def _next_hand(self) -> None:
        self._start_hand(self.scores)

    def _drop_hand(self) -> None:
        self.rounds.pop()
        self.start_scores.pop()

    def set_deal(self, deal: Any) -> None:
        """Replace the deal of the current hand before its first action (used by records)."""
        r = self.round
        if r.actions or self.is_over:
            raise IllegalActionError("the deal can only be set before the hand's first action",
                                     "bad_deal")
        index = len(self.rounds) - 1
        try:
            hand = self._make_hand(check_kreuzjass_deal(deal), index, self.start_scores[index])
        except ValueError as e:
            raise IllegalActionError(str(e), "bad_deal") from None
        self.rounds[index] = hand
        if index == 0:
            self.first_dealer = hand.dealer
        self._deals[index] = hand.dealt

    # -----------------------------------------------------------------------------------------
    # The score

    @property
    def scores(self) -> tuple[int, ...]:
        """Both teams' points now, what the hand in play has credited included."""
        s, c = self.start_scores[-1], self.round.credited
        return (s[0] + c[0], s[1] + c[1])

    @property
    def is_over(self) -> bool:
        """True once a team has reached the target."""
        return self.round.winner >= 0

    @property
    def winner(self) -> int:
        """The team that reached the target first, or -1 while the game runs."""
        return self.round.winner

    @property
    def end_reason(self) -> str:
        """What brought the winner to the target (``stoeck``, ``weis``, ``trick``, ``last`` or
        ``match``; empty while the game runs)."""
        return self.round.credits[-1][2] if self.is_over else ""

    def striche(self) -> tuple[int, int]:
        """Kreuzjass counts no Striche (the slate shows points only)."""
        return (0, 0)

    def standings(self) -> tuple[int, ...]:
        """The winner first once the game is over, else by points (equal points share)."""
        if self.is_over:
            return (1, 2) if self.winner == 0 else (2, 1)
        a, b = self.scores
        return rank_sides([-a, -b])

    def summary(self) -> dict[str, Any]:
        """Plain data: scores, hands played, winner and reason, places, the seating."""
        return {
            "variant": "kreuzjass", "scores": list(self.scores), "hands": len(self.rounds),
            "winner": self.winner, "end_reason": self.end_reason,
            "places": list(self.standings()), "over": self.is_over,
            "seating": list(self.seating),
        }


# ---------------------------------------------------------------------------------------------
# Records


def format_deal_line(d: KreuzjassDeal) -> str:
    """``DEALER BOTTOM HAND / HAND / HAND / HAND``: the dealer, the pack's bottom card and the
    hands, seat 0 first."""
    hands = " / ".join(format_cards(bits(h)) for h in d.hands)
    return f"{d.dealer} {format_card(d.bottom)} {hands}"


def parse_deal_line(text: str) -> KreuzjassDeal:
    """Parse :func:`format_deal_line`'s text (``ValueError`` saying what is wrong)."""
    parts = text.split(None, 2)
    if len(parts) != 3 or not (parts[0].isascii() and parts[0].isdigit()):
        raise ValueError("a Kreuzjass deal reads 'DEALER BOTTOM HAND / HAND / HAND / HAND'")
    hands = []
    for p in parts[2].split("/"):
        m = 0
        for c in parse_cards(p):
            if m >> c & 1:
                raise ValueError(f"a card is named twice in {p.strip()!r}")
            m |= 1 << c
        hands.append(m)
    return check_kreuzjass_deal(KreuzjassDeal(tuple(hands), int(parts[0]), parse_card(parts[1])))


class KreuzjassVariant(DealLineVariant):
    """The static description of Kreuzjass."""

    key = "kreuzjass"
    name = "Kreuzjass"
    aliases = ("kreuz-jass", "vorarlberger-jass", "kreuzjass-vorarlberg")
    summary = "two teams of two, Vorarlberg: the Weli names trumps first; Bock, Gais, Slalom"
    players = (4,)
    sides_text = "two teams of two, partners opposite"
    options_class = KreuzjassRules
    preset_table = PRESETS
    deal_type = KreuzjassDeal
    word_ids: ClassVar[Mapping[str, int]] = {"push": A_PUSH}
    other_tokens = ("choose:C",)

    def num_seats(self, rules: Any) -> int:
        """Always four."""
        return 4

    def action_space(self, rules: Any) -> ActionSpace:
        """Schieber's ids: cards, contracts, push, Weis, Stöck."""
        return ACTIONS

    def default_deck(self, rules: Any) -> str:
        """The deck style the table shows unless a player picks another."""
        return str(self.check_rules(rules).deck_style)

    def with_hands(self, deal: Any, hands: tuple[int, ...]) -> KreuzjassDeal:
        """The same dealer with other hands (the bottom card stays the dealer's: the dealer's
        highest card stands in for it when the new hand lacks it)."""
        if not isinstance(deal, KreuzjassDeal):
            raise TypeError(f"not a Kreuzjass deal: {deal!r}")
        hands = tuple(hands)
        bottom = deal.bottom
        if not hands[deal.dealer] >> bottom & 1:
            bottom = hands[deal.dealer].bit_length() - 1
        return dataclasses.replace(deal, hands=hands, bottom=bottom)

    def new_game(
        self, rules: Any = None, seed: int | str | None = None, deals: list[Any] | None = None
    ) -> KreuzjassGame:
        """A new game of Kreuzjass."""
        return KreuzjassGame(rules, seed, deals)

    def hand_scores(self, game: Any, index: int) -> tuple[int, ...]:
        """Both teams' totals after hand ``index``."""
        start, rd = game.start_scores[index], game.rounds[index]
        return (start[0] + rd.credited[0], start[1] + rd.credited[1])

    def hand_data(self, game: Any, index: int) -> dict[str, Any]:
        """The hand's summary with Schieber's breakdown per team (:meth:`Round.hand_score`:
        trick points, Match bonus, Weis, Stöck, the multiplier 1 and the ``total`` credited;
        the Match team ``None`` when there was none)."""
        data = super().hand_data(game, index)
        score = game.rounds[index].hand_score()
        if score["match"] < 0:
            score["match"] = None
        data.update(score)
        return data

    def result_data(self, game: Any) -> dict[str, Any]:
        """The team that reached the target, what brought it there, scores and places."""
        return {"winner": game.winner if game.is_over else None,
                "reason": game.end_reason or None, "scores": list(game.scores),
                "places": list(game.standings()), "striche": None}

    def format_other(self, hand: TrickHand, action: int) -> str | None:
        """``choose:CONTRACT``."""
        if type(action) is int and A_CHOOSE <= action < A_PUSH:
            if action - A_CHOOSE not in CONTRACTS:
                raise ValueError(f"not an action of Kreuzjass: {action!r}")
            return f"choose:{format_contract(action - A_CHOOSE)}"
        return None

    def parse_other(self, hand: TrickHand, token: str) -> int | None:
        """``choose:CONTRACT`` (Bock and Gais name Obenabe and Undenufe)."""
        t = token.strip()
        low = t.lower()
        if not low.startswith("choose:"):
            return None
        word = {"bock": "obe", "gais": "unde"}.get(low[7:], t[7:])
        try:
            c = parse_contract(word)
        except ContractError as e:
            raise ValueError(str(e)) from None
        if c not in CONTRACTS:
            raise ValueError("Kreuzjass has no such contract")
        return A_CHOOSE + c

    def format_hand(self, game: Any, index: int) -> str:
        """The dealer, the pack's bottom card and the hands."""
        return format_deal_line(game.rounds[index].dealt)

    def format_deal(self, deal: Any) -> str:
        """The dealer, the pack's bottom card and the hands."""
        return format_deal_line(deal)

    def parse_deal(self, rules: Any, text: str) -> KreuzjassDeal:
        """A deal of ``DEALER BOTTOM HAND / …``."""
        return parse_deal_line(text)


VARIANT: Final = KreuzjassVariant()
