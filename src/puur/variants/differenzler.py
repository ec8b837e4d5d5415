"""Differenzler: each player alone forecasts his own card points and pays the difference.

Rules (``docs/variants/differenzler.md``): four players (three as an option), each alone; all 36
cards are dealt (9 each in packets of three, or 12 each in packets of four); the dealer's last
card is shown and its suit is trumps (or a suit drawn at random); each player forecasts the card
points he will take, 0-157, hidden until the end of the hand (or openly, in turn); play follows
Schieber's trick rules except that a player who cannot follow may undertrump; the penalty of a
hand is the distance between forecast and points made (less a bonus for an exact forecast, when
the table plays one); after the agreed number of hands the lowest total wins.

The variant lives in three modules: the options, presets and action ids
(:mod:`puur.variants.differenzler_rules`; action ids are stable: 0-35 a card, 36-193 forecast
0-157, 194-209 Weis, 210-211 Stöck), one hand (:mod:`puur.variants.differenzler_hand`: the deal,
forecasts, card play, penalties and the deal's record line), and here the game of several hands
and the variant's static description. Every public name of the three is importable from here.
"""

from __future__ import annotations

import random
from typing import Any, Final

from puur.hand import IllegalActionError, TrickHand
from puur.variants.base import (
    ActionSpace,
    rank_sides,
)
from puur.variants.dealt import DealLineVariant
from puur.variants.differenzler_hand import (
    DifferenzlerDeal,
    DifferenzlerHand,
    check_deal,
    deal_differenzler,
    format_deal_line,
    parse_deal_line,
    penalty,
)
from puur.variants.differenzler_rules import (
    A_FORECAST,
    A_STOECK,
    A_STOECK_NO,
    A_WEIS,
    ACTIONS,
    FORECAST,
    MAX_FORECAST,
    NUM_ACTIONS,
    PRESETS,
    DifferenzlerRules,
    action_names,
)
from puur.variants.series import SeriesGame

__all__ = [
    "ACTIONS",
    "A_FORECAST",
    "A_STOECK",
    "A_STOECK_NO",
    "A_WEIS",
    "FORECAST",
    "MAX_FORECAST",
    "NUM_ACTIONS",
    "PRESETS",
    "VARIANT",
    "DifferenzlerDeal",
    "DifferenzlerGame",
    "DifferenzlerHand",
    "DifferenzlerRules",
    "DifferenzlerVariant",
    "action_names",
    "check_deal",
    "deal_differenzler",
    "format_deal_line",
    "parse_deal_line",
    "penalty",
]


class DifferenzlerGame(SeriesGame[DifferenzlerHand]):
    """A game of Differenzler: the agreed number of hands, the dealer moving one seat a hand."""

    def __init__(
        self,
        rules: DifferenzlerRules | None = None,
        seed: int | str | None = None,
        deals: list[DifferenzlerDeal] | None = None,
    ) -> None:
        rules = VARIANT.check_rules(rules)
        self.rules: DifferenzlerRules = rules
        self.seed: int | str = seed if seed is not None else random.randrange(2**63)
        self._deals: list[DifferenzlerDeal] = list(deals or [])
        n = rules.players
        self.first_dealer: int = (
            self._deals[0].dealer if self._deals
            else random.Random(f"{self.seed}:dealer").randrange(n)
        )
        self.rounds: list[DifferenzlerHand] = []
        self._start_hand((0,) * n)

    @property
    def variant(self) -> DifferenzlerVariant:
        """The Differenzler variant."""
        return VARIANT

    @property
    def num_seats(self) -> int:
        """Three or four players."""
        return self.rules.players

    @property
    def sides(self) -> tuple[int, ...]:
        """Each player is a side of his own."""
        return tuple(range(self.rules.players))

    def deal_for(self, index: int) -> DifferenzlerDeal:
        """The deal of hand ``index`` (given, or shuffled from the seed)."""
        if index < len(self._deals):
            return self._deals[index]
        dealer = (self.first_dealer + index) % self.rules.players
        d = deal_differenzler(self.rules, f"{self.seed}:{index}", dealer)
        self._deals.append(d)
        return d

    def _start_hand(self, totals: tuple[int, ...]) -> None:
        index = len(self.rounds)
        self.rounds.append(DifferenzlerHand(self.rules, self.deal_for(index), index + 1, totals))

    def _next_hand(self) -> None:
        self._start_hand(self.scores)

    def set_deal(self, deal: DifferenzlerDeal) -> None:
        """Replace the deal of the current hand before its first action (used by records); the
        dealer must be the one whose turn it is."""
        r = self.round
        if r.actions or self.is_over:
            raise IllegalActionError("the deal can only be set before the hand's first action",
                                     "bad_deal")
        index = len(self.rounds) - 1
        if not isinstance(deal, DifferenzlerDeal):
            raise IllegalActionError(f"not a Differenzler deal: {deal!r}", "bad_deal")
        if index and deal.dealer != r.dealer:
            raise IllegalActionError(
                f"hand {index + 1} is dealt by seat {r.dealer}, not {deal.dealer}", "bad_deal")
        try:
            self.rounds[index] = DifferenzlerHand(self.rules, deal, r.hand_no, r.totals)
        except ValueError as e:
            raise IllegalActionError(str(e), "bad_deal") from None
        if index == 0:
            self.first_dealer = deal.dealer
        self._deals[index] = deal

    @property
    def scores(self) -> tuple[int, ...]:
        """Each player's penalty total, the current hand included once it is over."""
        r = self.round
        return tuple(t + p for t, p in zip(r.totals, r.penalties(), strict=True))

    def exact_counts(self) -> tuple[int, ...]:
        """How many exact forecasts each player has made."""
        out = [0] * self.rules.players
        for r in self.rounds:
            for s, hit in enumerate(r.exact()):
                out[s] += hit
        return tuple(out)

    @property
    def is_over(self) -> bool:
        """True once the last hand is played."""
        return len(self.rounds) == self.rules.hands and self.round.is_over

    def standings(self) -> tuple[int, ...]:
        """Places by penalty total, lowest first; equal totals share a place unless
        ``tie_break = "most_exact"`` ranks more exact forecasts higher."""
        scores = self.scores
        if self.rules.tie_break == "most_exact":
            exact = self.exact_counts()
            return rank_sides([(scores[s], -exact[s]) for s in range(self.num_seats)])
        return rank_sides(list(scores))

    def summary(self) -> dict[str, Any]:
        """Plain data: penalty totals, hands played, places, exact forecasts."""
        return {
            "variant": "differenzler",
            "scores": list(self.scores),
            "hands": len(self.rounds),
            "places": list(self.standings()),
            "exact": list(self.exact_counts()),
            "over": self.is_over,
        }


class DifferenzlerVariant(DealLineVariant):
    """The static description of Differenzler."""

    key = "differenzler"
    name = "Differenzler"
    aliases = ("differenzler-jass", "differenz")
    summary = "each alone: forecast your own card points, the difference is your penalty"
    players = (4, 3)
    sides_text = "each alone"
    score_name = "penalty"
    lower_is_better = True
    options_class = DifferenzlerRules
    preset_table = PRESETS
    deal_type = DifferenzlerDeal
    other_tokens = ("forecast:N",)

    def num_seats(self, rules: Any) -> int:
        """Four, or three with ``players = 3``."""
        return int(self.check_rules(rules).players)

    def hides_action(self, rules: Any, action: int) -> bool:
        """A forecast is hidden from the others until the hand is over (``forecast = "hidden"``):
        they learn only that the seat has forecast."""
        return bool(self.check_rules(rules).forecast == "hidden"
                    and type(action) is int and A_FORECAST <= action <= A_FORECAST + MAX_FORECAST)

    def action_space(self, rules: Any) -> ActionSpace:
        """Cards, forecasts 0-157, Weis and Stöck (the same ids under every option)."""
        return ACTIONS

    def new_game(
        self, rules: Any = None, seed: int | str | None = None, deals: list[Any] | None = None
    ) -> DifferenzlerGame:
        """A new game of Differenzler."""
        return DifferenzlerGame(rules, seed, deals)

    def parse_other(self, hand: TrickHand, token: str) -> int | None:
        """``forecast:N``."""
        t = token.strip().lower()
        if not t.startswith("forecast:"):
            return None
        f = t[9:]
        if not (f.isascii() and f.isdigit() and int(f) <= MAX_FORECAST):
            raise ValueError(f"a forecast is 0..{MAX_FORECAST}")
        return A_FORECAST + int(f)

    def format_deal(self, deal: Any) -> str:
        """The dealer, the turned card (or drawn suit) and the hands."""
        return format_deal_line(deal)

    def parse_deal(self, rules: Any, text: str) -> DifferenzlerDeal:
        """A deal of ``DEALER TRUMP HAND / …``."""
        return parse_deal_line(rules, text)

    def hand_scores(self, game: Any, index: int) -> tuple[int, ...]:
        """Each player's penalty total after hand ``index``."""
        r = game.rounds[index]
        return tuple(t + p for t, p in zip(r.totals, r.penalties(), strict=True))


VARIANT: Final = DifferenzlerVariant()
