"""The penalty-point Jass (Strafpunktjass): four alone, three penalty points a hand, 9 loses.

Rules (``docs/variants/penalty_jass.md``, rule book §2.21): four players, each alone, nine
cards each. The holder of the Eicheln 10 (the Banner) leads the first hand, then the lead
passes one seat a hand. Everyone must follow suit; the first player who cannot fixes trumps
(a suit, never Obenabe or Undenufe) with the card he plays, which counts as a trump in its
own trick. The winner of trick 1, the taker of the penalty card (the Schellen Ober; two points
once its holder declared it bare) and the winner of the last trick get a penalty point each;
the first to reach 9 at the end of a hand loses (the highest total, when several reach it).
The hand is in :mod:`puur.variants.penalty_jass_hand`, the options and the scoring functions
in :mod:`puur.variants.penalty_jass_rules`, the observation in
:mod:`puur.variants.penalty_jass_view`.

Action ids (stable): 0-35 play a card; 36 declare the penalty card; 37 keep quiet.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar, Final

from puur.cards import NUM_CARDS, format_card
from puur.hand import TrickHand
from puur.variants.base import ActionSpace, parse_trick_action, rank_sides
from puur.variants.dealt import DealLineVariant
from puur.variants.molotow import format_deal_line as molotow_format_deal_line
from puur.variants.molotow import parse_deal_line as molotow_parse_deal_line
from puur.variants.molotow_hand import MolotowDeal
from puur.variants.penalty_jass_hand import (
    A_DECLARE,
    A_QUIET,
    PenaltyJassDeal,
    PenaltyJassHand,
    deal_penalty_jass,
)
from puur.variants.penalty_jass_rules import PLAYERS, PRESETS, PenaltyJassRules, losers
from puur.variants.series import DealtSeries

__all__ = ["ACTIONS", "VARIANT", "PenaltyJassGame", "PenaltyJassVariant", "format_deal_line",
           "parse_deal_line"]


class PenaltyJassGame(DealtSeries[PenaltyJassHand]):
    """A game of the penalty-point Jass: hands until a player reaches the limit, the dealer
    and the lead each moving one seat a hand."""

    def __init__(self, rules: PenaltyJassRules | None = None, seed: int | str | None = None,
                 deals: list[PenaltyJassDeal] | None = None) -> None:
        rules = VARIANT.check_rules(rules)
        self.rules: PenaltyJassRules = rules
        self._start_series(seed, deals, PLAYERS)

    @property
    def variant(self) -> PenaltyJassVariant:
        """The penalty-point Jass variant."""
        return VARIANT

    @property
    def num_seats(self) -> int:
        """Four players."""
        return PLAYERS

    @property
    def sides(self) -> tuple[int, ...]:
        """Each player is a side of his own."""
        return tuple(range(PLAYERS))

    def _deal(self, seed: str, dealer: int) -> PenaltyJassDeal:
        return deal_penalty_jass(self.rules, seed, dealer)

    def _make_hand(self, deal: Any, hand_no: int, totals: tuple[int, ...]) -> PenaltyJassHand:
        # Hand 1 is led by the start card's holder, every later one by the seat after the
        # leader of the hand before.
        leader = None if hand_no == 1 else (self.rounds[hand_no - 2].opener + 1) % PLAYERS
        return PenaltyJassHand(self.rules, deal, hand_no, totals, leader)

    def _is_deal(self, deal: object) -> bool:
        return isinstance(deal, PenaltyJassDeal)

    @property
    def scores(self) -> tuple[int, ...]:
        """Each player's penalty points, the current hand included once it is over (lower is
        better)."""
        r = self.round
        return tuple(t + p for t, p in zip(r.totals, r.result(), strict=True))

    def losers(self) -> tuple[int, ...]:
        """The players who lost (none while the game goes on)."""
        if not self.round.is_over:
            return ()
        return losers(self.scores, self.rules.penalty_limit, self.rules.loser_ties)

    @property
    def is_over(self) -> bool:
        """True once a hand has ended with a loser."""
        return bool(self.losers())

    def standings(self) -> tuple[int, ...]:
        """Places by penalty points, fewest first; equal totals share a place (the loser, the
        highest, is last)."""
        return rank_sides(self.scores)

    def summary(self) -> dict[str, Any]:
        """Plain data: penalty points, hands played, the losers, places."""
        return {
            "variant": "penalty_jass", "scores": list(self.scores), "hands": len(self.rounds),
            "losers": list(self.losers()), "places": list(self.standings()),
            "over": self.is_over,
        }


# ---------------------------------------------------------------------------------------------
# Notation


ACTIONS: Final = ActionSpace((*(format_card(c) for c in range(NUM_CARDS)), "declare:bare",
                              "declare:quiet"))


def format_deal_line(d: PenaltyJassDeal) -> str:
    """``DEALER HAND / HAND / HAND / HAND``: the dealer and the hands, seat 0 first (Molotow's
    line)."""
    return molotow_format_deal_line(MolotowDeal(d.hands, d.dealer))


def parse_deal_line(rules: PenaltyJassRules, text: str) -> PenaltyJassDeal:
    """Parse :func:`format_deal_line`'s text (``ValueError`` saying what is wrong)."""
    parts = text.split(None, 1)
    if len(parts) != 2 or not (parts[0].isascii() and parts[0].isdigit()):
        raise ValueError("a Strafpunktjass deal reads 'DEALER HAND / HAND / HAND / HAND'")
    m = molotow_parse_deal_line(rules.molotow_rules(), text)
    return PenaltyJassDeal(m.hands, m.dealer)


class PenaltyJassVariant(DealLineVariant):
    """The static description of the penalty-point Jass."""

    key = "penalty_jass"
    name = "Strafpunktjass"
    aliases = ("penalty-point-jass", "penalty-point", "penalty-jass", "strafpunkt",
               "strafpunkt-jass", "banner-jass")
    summary = ("four alone, first-discard trumps: trick 1, the Schellen Ober and the last "
               "trick cost a point, 9 loses")
    players = (PLAYERS,)
    sides_text = "each alone"
    score_name = "penalty points"
    lower_is_better = True
    options_class = PenaltyJassRules
    preset_table = PRESETS
    deal_type = PenaltyJassDeal
    word_ids: ClassVar[Mapping[str, int]] = {"declare": A_DECLARE, "quiet": A_QUIET}

    def num_seats(self, rules: Any) -> int:
        """Always four."""
        return PLAYERS

    def action_space(self, rules: Any) -> ActionSpace:
        """The 36 cards, declaring the penalty card and keeping quiet (the same ids under
        every option)."""
        return ACTIONS

    def new_game(self, rules: Any = None, seed: int | str | None = None,
                 deals: list[Any] | None = None) -> PenaltyJassGame:
        """A new game of the penalty-point Jass."""
        return PenaltyJassGame(rules, seed, deals)

    def expected_tokens(self) -> str:
        """A card, ``declare`` or ``quiet`` (there is no Weis and no Stöck)."""
        return "a card, declare or quiet"

    def parse_action(self, hand: TrickHand, token: str) -> int:
        """The action of a record token (``ValueError`` naming a bad one)."""
        low = token.strip().lower()
        if low in self.word_ids:
            return self.word_ids[low]
        a = parse_trick_action(hand, token)
        if a is None or a >= NUM_CARDS:
            raise ValueError(f"bad action {token!r}: expected {self.expected_tokens()}")
        return a

    def format_deal(self, deal: Any) -> str:
        """The dealer and the hands."""
        return format_deal_line(deal)

    def parse_deal(self, rules: Any, text: str) -> PenaltyJassDeal:
        """A deal of ``DEALER HAND / HAND / HAND / HAND``."""
        return parse_deal_line(rules, text)


VARIANT: Final = PenaltyJassVariant()
