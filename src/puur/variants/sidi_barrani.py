"""Sidi Barrani: Schieber's partnerships bid for the contract; the bid counts once more.

Rules (``docs/variants/sidi_barrani.md``, rule book §2.6): four players in two teams, partners
opposite. Every hand opens with an auction from the Vorhand (pass, bid card points from
``min_bid`` (80) in steps of ``step`` (10) up to 157, or double the last bid as its bidder's
opponent); a double ends it at once, three passes after a bid end it, four passes throw the deal
in. The last bidder names a suit, Obenabe or Undenufe and leads; the hand is Schieber's, with
Weis and Stöck, and no Match bonus. A bid made gives the declarers the bid on top of their card
points, a bid failed gives it to the opponents (twice when doubled); Weis and Stöck are written
but do not count for the bid. The first team to ``target`` (1500) wins, in the count order.

The options, presets and action ids are in :mod:`puur.variants.sidi_barrani_rules`, one hand
in :mod:`puur.variants.sidi_barrani_hand`, the observation in
:mod:`puur.variants.sidi_barrani_view`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar, Final

from puur.deal import deal_packets, shuffled
from puur.hand import TrickHand
from puur.notation import NotationError, format_deal, parse_deal
from puur.variants.base import (
    ActionSpace,
    parse_call_token,
    rank_sides,
)
from puur.variants.dealt import DealLineVariant
from puur.variants.series import DealtSeries
from puur.variants.sidi_barrani_hand import SidiBarraniDeal, SidiBarraniHand, check_deal
from puur.variants.sidi_barrani_rules import (
    A_CHOOSE,
    A_DOUBLE,
    A_PASS,
    ACTION_NAMES,
    NUM_ACTIONS,
    PRESETS,
    SidiBarraniRules,
    bid_action,
    hand_result,
)

__all__ = [
    "ACTIONS", "PRESETS", "VARIANT", "SidiBarraniDeal", "SidiBarraniGame", "SidiBarraniHand",
    "SidiBarraniRules", "SidiBarraniVariant", "format_deal_line", "hand_result",
    "parse_deal_line",
]

ACTIONS: Final = ActionSpace(ACTION_NAMES)


class SidiBarraniGame(DealtSeries[SidiBarraniHand]):
    """A game of Sidi Barrani: hands until a team reaches the target."""

    def __init__(self, rules: SidiBarraniRules | None = None, seed: int | str | None = None,
                 deals: list[SidiBarraniDeal] | None = None) -> None:
        rules = VARIANT.check_rules(rules)
        self.rules: SidiBarraniRules = rules
        self._start_series(seed, deals, 4, None, (0, 0))

    @property
    def variant(self) -> SidiBarraniVariant:
        """The Sidi Barrani variant."""
        return VARIANT

    @property
    def num_seats(self) -> int:
        """Four seats."""
        return 4

    @property
    def sides(self) -> tuple[int, ...]:
        """Seats 0 and 2 are team 0, seats 1 and 3 team 1."""
        return (0, 1, 0, 1)

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

    def _deal(self, seed: str, dealer: int) -> SidiBarraniDeal:
        hands = deal_packets(shuffled(seed), 4, 9, 3, (dealer + 1) % 4)
        return SidiBarraniDeal(hands, dealer)

    def _make_hand(self, deal: Any, hand_no: int, totals: tuple[int, ...]) -> SidiBarraniHand:
        return SidiBarraniHand(self.rules, deal, hand_no, (totals[0], totals[1]))

    def _is_deal(self, deal: object) -> bool:
        return isinstance(deal, SidiBarraniDeal)

    @property
    def is_over(self) -> bool:
        """True once a team has reached the target."""
        return self.round.winner >= 0

    @property
    def winner(self) -> int:
        """The team that reached the target (-1 while the game runs)."""
        return self.round.winner

    @property
    def scores(self) -> tuple[int, ...]:
        """Both teams' points (the hand in play included, as it is credited)."""
        r = self.round
        return (r.totals[0] + r.credited[0], r.totals[1] + r.credited[1])

    def standings(self) -> tuple[int, ...]:
        """Once over, the team that reached the target first; before, by points (equal
        totals share)."""
        if self.is_over:
            return (1, 2) if self.winner == 0 else (2, 1)
        a, b = self.scores
        return rank_sides([-a, -b])

    def summary(self) -> dict[str, Any]:
        """Plain data: both totals, the target, hands played, places, the winner."""
        return {
            "variant": "sidi_barrani", "scores": list(self.scores),
            "target": self.rules.target, "hands": len(self.rounds),
            "places": list(self.standings()), "over": self.is_over, "winner": self.winner,
        }


# ---------------------------------------------------------------------------------------------
# Notation


def format_deal_line(d: SidiBarraniDeal) -> str:
    """``DEALER HAND / HAND / HAND / HAND``."""
    return f"{d.dealer} {format_deal(d.hands)}"


def parse_deal_line(text: str) -> SidiBarraniDeal:
    """Parse :func:`format_deal_line`'s text (``ValueError`` saying what is wrong)."""
    parts = text.split(None, 1)
    if len(parts) != 2 or not (parts[0].isascii() and parts[0].isdigit()):
        raise ValueError("a Sidi Barrani deal reads 'DEALER HAND / HAND / HAND / HAND'")
    try:
        hands = parse_deal(parts[1])
    except NotationError as e:
        raise ValueError(str(e)) from None
    return check_deal(SidiBarraniDeal(tuple(hands), int(parts[0])))


class SidiBarraniVariant(DealLineVariant):
    """The static description of Sidi Barrani."""

    key = "sidi_barrani"
    name = "Sidi Barrani"
    aliases = ("sidi-barrani", "sidibarrani", "sidi barrani", "sidi-barani", "sidi_barani")
    summary = ("two teams of two bid card points for trumps; the bid counts again for whoever "
               "wins it")
    players = (4,)
    sides_text = "two teams of two, partners opposite"
    options_class = SidiBarraniRules
    preset_table = PRESETS
    deal_type = SidiBarraniDeal
    word_ids: ClassVar[Mapping[str, int]] = {"pass": A_PASS, "double": A_DOUBLE}
    other_tokens = ("bid:N", "choose:C")

    def num_seats(self, rules: Any) -> int:
        """Always four."""
        return 4

    def action_space(self, rules: Any) -> ActionSpace:
        """The same ids under every option."""
        return ACTIONS

    def new_game(self, rules: Any = None, seed: int | str | None = None,
                 deals: list[Any] | None = None) -> SidiBarraniGame:
        """A new game of Sidi Barrani."""
        return SidiBarraniGame(rules, seed, deals)

    def hand_scores(self, game: Any, index: int) -> tuple[int, ...]:
        """Both teams' totals after hand ``index``."""
        r = game.rounds[index]
        return (r.totals[0] + r.credited[0], r.totals[1] + r.credited[1])

    def format_result(self, game: Any) -> str:
        """``WINNER A B``: the team that reached the target and both totals."""
        a, b = game.scores
        return f"{game.winner} {a} {b}"

    def result_data(self, game: Any) -> dict[str, Any]:
        """The team that reached the target (``reason`` ``target``), the scores, places."""
        out = super().result_data(game)
        if game.winner >= 0:
            out["winner"] = game.winner
            out["reason"] = "target"
        return out

    def format_other(self, hand: TrickHand, action: int) -> str | None:
        """A ``bid:N`` or ``choose:C`` token."""
        if type(action) is int and 0 <= action < NUM_ACTIONS and ACTIONS.names[action] != "-":
            return ACTIONS.names[action]
        return None

    def parse_other(self, hand: TrickHand, token: str) -> int | None:
        """``bid:N`` or ``choose:C``."""
        call = parse_call_token(token, self.name)
        if call is None:
            return None
        kind, value = call
        return bid_action(value) if kind == "bid" else A_CHOOSE + value

    def format_hand(self, game: Any, index: int) -> str:
        """The dealer and the four hands."""
        return format_deal_line(game.rounds[index].dealt)

    def format_deal(self, deal: Any) -> str:
        """The dealer and the four hands."""
        return format_deal_line(deal)

    def parse_deal(self, rules: Any, text: str) -> SidiBarraniDeal:
        """A deal of ``DEALER HAND / HAND / HAND / HAND``."""
        return parse_deal_line(text)


VARIANT: Final = SidiBarraniVariant()
