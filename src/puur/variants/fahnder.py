"""Fahnder: the highest bidder calls a card, and its holder is his partner for the hand.

Rules (``docs/variants/fahnder.md``, rule book §2.11): four players, nine cards each, dealt as
Schieber. Every hand opens with an auction of card points from the Vorhand (a pass is not final;
three passes after a bid end it, four passes throw the deal in). The winner, the Fahnder, names
the contract (a suit, Obenabe or Undenufe, all single) and calls a card; its holder plays with
him (a card of his own: alone against three), openly or, with ``partner_reveal = on_play``,
secretly until the card is played. The Fahnder leads; no Weis, no Stöck. The bid is made when
the pair's card points reach it. Each hand is written in Striche or in game points
(``scoring``); after ``hands`` (8) hands the best net total wins (equal totals share a place).

The options, presets and action ids are in :mod:`puur.variants.fahnder_rules`, one hand in
:mod:`puur.variants.fahnder_hand`, the observation in :mod:`puur.variants.fahnder_view`.
"""

from __future__ import annotations

from typing import Any, Final

from puur.cards import parse_card
from puur.deal import deal_packets, shuffled
from puur.hand import TrickHand
from puur.notation import NotationError, format_deal, parse_deal
from puur.variants.base import (
    ActionSpace,
    format_trick_action,
    parse_call_token,
    parse_trick_action,
    rank_sides,
)
from puur.variants.dealt import DealLineVariant
from puur.variants.fahnder_hand import FahnderDeal, FahnderHand, check_deal
from puur.variants.fahnder_rules import (
    A_CALL,
    A_CHOOSE,
    A_PASS,
    ACTION_NAMES,
    NUM_ACTIONS,
    PRESETS,
    FahnderRules,
    bid_action,
    hand_marks,
)
from puur.variants.series import DealtSeries

__all__ = [
    "ACTIONS", "PRESETS", "VARIANT", "FahnderDeal", "FahnderGame", "FahnderHand",
    "FahnderRules", "FahnderVariant", "format_deal_line", "hand_marks", "parse_deal_line",
]

ACTIONS: Final = ActionSpace(ACTION_NAMES)


class FahnderGame(DealtSeries[FahnderHand]):
    """A game of Fahnder: ``hands`` hands played (a deal thrown in does not count)."""

    def __init__(self, rules: FahnderRules | None = None, seed: int | str | None = None,
                 deals: list[FahnderDeal] | None = None) -> None:
        rules = VARIANT.check_rules(rules)
        self.rules: FahnderRules = rules
        self._start_series(seed, deals, 4, None, (0, 0, 0, 0))

    @property
    def variant(self) -> FahnderVariant:
        """The Fahnder variant."""
        return VARIANT

    @property
    def num_seats(self) -> int:
        """Four seats."""
        return 4

    @property
    def sides(self) -> tuple[int, ...]:
        """Every seat writes a score of its own (the pair changes from hand to hand)."""
        return (0, 1, 2, 3)

    def _dealer_of(self, index: int) -> int:
        if index == 0:
            return self.first_dealer
        prev = self.rounds[index - 1]
        if prev.thrown_in and self.rules.redeal == "same_dealer":
            return prev.dealer
        return (prev.dealer + 1) % 4

    def deal_for(self, index: int) -> Any:
        """The deal of hand ``index`` (given, or shuffled from the seed once the hand before it
        is over: a deal thrown in may leave the same dealer)."""
        if index < len(self._deals):
            return self._deals[index]
        if index > len(self.rounds):
            raise ValueError(f"hand {index + 1} is not dealt yet")
        d = self._deal(f"{self.seed}:{index}", self._dealer_of(index))
        self._deals.append(d)
        return d

    def _deal(self, seed: str, dealer: int) -> FahnderDeal:
        return FahnderDeal(deal_packets(shuffled(seed), 4, 9, 3, (dealer + 1) % 4), dealer)

    def _make_hand(self, deal: Any, hand_no: int, totals: tuple[int, ...]) -> FahnderHand:
        return FahnderHand(self.rules, deal, hand_no, tuple(totals))

    def _is_deal(self, deal: object) -> bool:
        return isinstance(deal, FahnderDeal)

    @property
    def hands_played(self) -> int:
        """Hands played to the end (a deal thrown in is not one)."""
        return sum(1 for r in self.rounds if r.is_over and not r.thrown_in)

    @property
    def is_over(self) -> bool:
        """True once ``hands`` hands have been played."""
        return self.round.is_over and self.hands_played >= self.rules.hands

    @property
    def scores(self) -> tuple[int, ...]:
        """Each seat's net total (Striche less Nuller, or game points), the hand in play
        counted once it is over."""
        r = self.round
        return tuple(t + m for t, m in zip(r.totals, r.marks, strict=True))

    def sheet(self) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """Per seat: what it wrote up and what it wrote down over the hands over (Striche and
        Nuller, or plus and minus game points)."""
        up, down = [0] * 4, [0] * 4
        for r in self.rounds:
            for s, m in enumerate(r.marks):
                if m > 0:
                    up[s] += m
                else:
                    down[s] -= m
        return tuple(up), tuple(down)

    def standings(self) -> tuple[int, ...]:
        """By net total, the best first (equal totals share)."""
        return rank_sides([-x for x in self.scores])

    def summary(self) -> dict[str, Any]:
        """Plain data: the totals, what each seat wrote up and down, hands, places."""
        up, down = self.sheet()
        return {
            "variant": "fahnder", "scoring": self.rules.scoring, "scores": list(self.scores),
            "up": list(up), "down": list(down), "hands": self.hands_played,
            "of": self.rules.hands, "places": list(self.standings()), "over": self.is_over,
        }


# ---------------------------------------------------------------------------------------------
# Notation


def format_deal_line(d: FahnderDeal) -> str:
    """``DEALER HAND / HAND / HAND / HAND``."""
    return f"{d.dealer} {format_deal(d.hands)}"


def parse_deal_line(text: str) -> FahnderDeal:
    """Parse :func:`format_deal_line`'s text (``ValueError`` saying what is wrong)."""
    parts = text.split(None, 1)
    if len(parts) != 2 or not (parts[0].isascii() and parts[0].isdigit()):
        raise ValueError("a Fahnder deal reads 'DEALER HAND / HAND / HAND / HAND'")
    try:
        hands = parse_deal(parts[1])
    except NotationError as e:
        raise ValueError(str(e)) from None
    return check_deal(FahnderDeal(tuple(hands), int(parts[0])))


class FahnderVariant(DealLineVariant):
    """The static description of Fahnder."""

    key = "fahnder"
    name = "Fahnder"
    aliases = ("fahnderjass", "fahnder-jass", "bieter4", "vierer-bieter")
    summary = ("four bid card points; the winner names trumps and calls a card, its holder "
               "is his partner")
    players = (4,)
    sides_text = "the Fahnder and the holder of the called card against the other two (alone "\
        "against three when he calls his own card)"
    score_name = "marks"
    options_class = FahnderRules
    preset_table = PRESETS
    deal_type = FahnderDeal

    def num_seats(self, rules: Any) -> int:
        """Always four."""
        return 4

    def action_space(self, rules: Any) -> ActionSpace:
        """The same ids under every option."""
        return ACTIONS

    def new_game(self, rules: Any = None, seed: int | str | None = None,
                 deals: list[Any] | None = None) -> FahnderGame:
        """A new game of Fahnder."""
        return FahnderGame(rules, seed, deals)

    def format_action(self, hand: TrickHand, action: int) -> str:
        """A card, ``pass``, ``bid:N``, ``choose:C`` or ``call:CARD`` token."""
        if type(action) is int and 0 <= action < NUM_ACTIONS and ACTION_NAMES[action] != "-":
            if action < 36:
                tok = format_trick_action(hand, action)
                if tok is not None:
                    return tok
            return ACTION_NAMES[action]
        return hand.action_text(action)

    def parse_action(self, hand: TrickHand, token: str) -> int:
        """The action of a record token (``ValueError`` naming a bad one)."""
        t = token.strip()
        kind, _sep, arg = t.partition(":")
        try:
            if kind.lower() == "call":
                return A_CALL + parse_card(arg)
            call = parse_call_token(t, self.name)
            if call is not None:
                kind2, value = call
                return bid_action(value) if kind2 == "bid" else A_CHOOSE + value
        except ValueError as e:
            raise ValueError(f"bad action {token!r}: {e}") from None
        if t.lower() == "pass":
            return A_PASS
        a = parse_trick_action(hand, token)
        if a is not None and 0 <= a < 36:
            return a
        raise ValueError(f"bad action {token!r}: expected a card, pass, bid:N, choose:C or "
                         "call:CARD")

    def format_hand(self, game: Any, index: int) -> str:
        """The dealer and the four hands."""
        return format_deal_line(game.rounds[index].dealt)

    def format_deal(self, deal: Any) -> str:
        """The dealer and the four hands."""
        return format_deal_line(deal)

    def parse_deal(self, rules: Any, text: str) -> FahnderDeal:
        """A deal of ``DEALER HAND / HAND / HAND / HAND``."""
        return parse_deal_line(text)

    def hand_scores(self, game: Any, index: int) -> tuple[int, ...]:
        """Each seat's net total after hand ``index``."""
        r = game.rounds[index]
        return tuple(t + m for t, m in zip(r.totals, r.marks, strict=True))


VARIANT: Final = FahnderVariant()
