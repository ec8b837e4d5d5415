"""Schellenjass (Herzjass): each alone, no trumps, the fewest Schellen win.

Rules (``docs/variants/schellenjass.md``): two to four players (four by default), each alone;
every card is dealt; there are no trumps, the cards rank as in Obenabe and everyone must follow
suit; no Weis, no Stöck. Each penalty card taken (a Schelle; in the French-suited Herzjass a
heart) costs a point, and a player who takes all nine (a Turi) scores 0 while every other
player scores 9. After the agreed number of hands the lowest total wins; scored in Striche,
everyone below the most penalty cards of a hand gets a Strich and the first to the target wins.
The hand is in :mod:`puur.variants.schellenjass_hand`, the options and the scoring functions in
:mod:`puur.variants.schellenjass_rules`, the observation in
:mod:`puur.variants.schellenjass_view`.

Action ids (stable): 0-35 play a card; there is no other action.
"""

from __future__ import annotations

from typing import Any, Final

from puur.cards import NUM_CARDS, bits, format_card, format_cards, parse_cards
from puur.hand import TrickHand
from puur.variants.base import (
    ActionSpace,
    parse_trick_action,
    rank_sides,
)
from puur.variants.dealt import DealLineVariant
from puur.variants.schellenjass_hand import (
    SchellenjassDeal,
    SchellenjassHand,
    check_deal,
    deal_schellenjass,
)
from puur.variants.schellenjass_rules import PRESETS, SchellenjassRules
from puur.variants.series import DealtSeries

__all__ = ["ACTIONS", "VARIANT", "SchellenjassGame", "SchellenjassVariant",
           "format_deal_line", "parse_deal_line"]


class SchellenjassGame(DealtSeries[SchellenjassHand]):
    """A game of Schellenjass: the agreed number of hands (or hands until a player reaches the
    Striche target), the dealer moving one seat a hand."""

    def __init__(self, rules: SchellenjassRules | None = None, seed: int | str | None = None,
                 deals: list[SchellenjassDeal] | None = None) -> None:
        rules = VARIANT.check_rules(rules)
        self.rules: SchellenjassRules = rules
        self._start_series(seed, deals, rules.players)

    @property
    def variant(self) -> SchellenjassVariant:
        """The Schellenjass variant."""
        return VARIANT

    @property
    def num_seats(self) -> int:
        """Two to four players."""
        return self.rules.players

    @property
    def sides(self) -> tuple[int, ...]:
        """Each player is a side of his own."""
        return tuple(range(self.rules.players))

    def _deal(self, seed: str, dealer: int) -> SchellenjassDeal:
        return deal_schellenjass(self.rules, seed, dealer)

    def _make_hand(self, deal: Any, hand_no: int, totals: tuple[int, ...]) -> SchellenjassHand:
        return SchellenjassHand(self.rules, deal, hand_no, totals)

    def _is_deal(self, deal: object) -> bool:
        return isinstance(deal, SchellenjassDeal)

    def _next_hand(self) -> None:
        # The hand's own totals run in penalty points or in Striche, whatever the sheet shows.
        r = self.round
        self._start_hand(tuple(t + p for t, p in zip(r.totals, r.result(), strict=True)))

    def totals(self) -> tuple[int, ...]:
        """Each player's penalty points, or Striche with ``striche``, the current hand
        included once it is over."""
        r = self.round
        return tuple(t + p for t, p in zip(r.totals, r.result(), strict=True))

    @property
    def scores(self) -> tuple[int, ...]:
        """Each player's game total, lower is better: penalty points, or minus the Striche
        when scoring Striche (the summary gives the Striche themselves)."""
        t = self.totals()
        return tuple(-x for x in t) if self.rules.scoring == "striche" else t

    @property
    def is_over(self) -> bool:
        """True once the last hand is played (points), or once a player has reached the
        Striche target at the end of a hand."""
        if not self.round.is_over:
            return False
        if self.rules.scoring == "striche":
            return max(self.totals()) >= self.rules.striche_target
        return len(self.rounds) >= self.rules.hands

    def standings(self) -> tuple[int, ...]:
        """Places by game total, the fewest points (the most Striche) first; equal totals
        share a place."""
        return rank_sides(list(self.scores))

    def summary(self) -> dict[str, Any]:
        """Plain data: totals, hands played, places (and the Striche when scoring them)."""
        out: dict[str, Any] = {
            "variant": "schellenjass", "scores": list(self.scores), "hands": len(self.rounds),
            "places": list(self.standings()), "over": self.is_over,
        }
        if self.rules.scoring == "striche":
            out["striche"] = list(self.totals())
        return out


# ---------------------------------------------------------------------------------------------
# Notation


ACTIONS: Final = ActionSpace(tuple(format_card(c) for c in range(NUM_CARDS)))


def format_deal_line(d: SchellenjassDeal) -> str:
    """``DEALER HAND / HAND / …``: the dealer and the hands, seat 0 first."""
    return f"{d.dealer} " + " / ".join(format_cards(bits(h)) for h in d.hands)


def parse_deal_line(rules: SchellenjassRules, text: str) -> SchellenjassDeal:
    """Parse :func:`format_deal_line`'s text (``ValueError`` saying what is wrong)."""
    parts = text.split(None, 1)
    if len(parts) != 2 or not (parts[0].isascii() and parts[0].isdigit()):
        raise ValueError("a Schellenjass deal reads 'DEALER HAND / HAND / ...'")
    hands = []
    for p in parts[1].split("/"):
        m = 0
        for c in parse_cards(p):
            m |= 1 << c
        hands.append(m)
    return check_deal(rules, SchellenjassDeal(tuple(hands), int(parts[0])))


class SchellenjassVariant(DealLineVariant):
    """The static description of Schellenjass."""

    key = "schellenjass"
    name = "Schellenjass"
    aliases = ("herzjass", "schellen-jass", "herz-jass")
    summary = "each alone, no trumps: every Schelle (heart) taken costs a point, the fewest win"
    players = (4, 3, 2)
    sides_text = "each alone"
    score_name = "points"
    lower_is_better = True
    options_class = SchellenjassRules
    preset_table = PRESETS
    deal_type = SchellenjassDeal

    def num_seats(self, rules: Any) -> int:
        """Two to four, as ``players`` says."""
        return int(self.check_rules(rules).players)

    def action_space(self, rules: Any) -> ActionSpace:
        """The 36 cards (the same ids under every option)."""
        return ACTIONS

    def default_deck(self, rules: Any) -> str:
        """The deck style the table shows unless a player picks another."""
        return str(self.check_rules(rules).deck_style)

    def new_game(self, rules: Any = None, seed: int | str | None = None,
                 deals: list[Any] | None = None) -> SchellenjassGame:
        """A new game of Schellenjass."""
        return SchellenjassGame(rules, seed, deals)

    def format_action(self, hand: TrickHand, action: int) -> str:
        """A card token (``ValueError`` for a number that is no card)."""
        if type(action) is int and 0 <= action < NUM_CARDS:
            return format_card(action)
        return hand.action_text(action)

    def parse_action(self, hand: TrickHand, token: str) -> int:
        """The action of a record token (``ValueError`` naming a bad one)."""
        a = parse_trick_action(hand, token)
        if a is None or a >= NUM_CARDS:
            raise ValueError(f"bad action {token!r}: expected a card")
        return a

    def format_deal(self, deal: Any) -> str:
        """The dealer and the hands."""
        return format_deal_line(deal)

    def parse_deal(self, rules: Any, text: str) -> SchellenjassDeal:
        """A deal of ``DEALER HAND / …``."""
        return parse_deal_line(rules, text)

    def hand_scores(self, game: Any, index: int) -> tuple[int, ...]:
        """Each player's game total after hand ``index`` (as :attr:`SchellenjassGame.scores`)."""
        t = super().hand_scores(game, index)
        return tuple(-x for x in t) if game.rules.scoring == "striche" else t


VARIANT: Final = SchellenjassVariant()
