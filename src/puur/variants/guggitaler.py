"""Guggitaler: each alone, five deals of penalties and a Domino, the fewest points win.

Rules (``docs/variants/guggitaler.md``): three to five players (four by
default), each alone; 12, 9 or 7 cards each (with five players one card is left out); no
trumps, Obenabe order, follow suit strictly, no Weis; card points do not count. A game is six
deals, the dealer moving one seat a deal: five deals of tricks, each with its own penalty, and
the Domino, whose order of going out pays credits. The final total is the penalties less the
credit; the lowest wins. The deals are in :mod:`puur.variants.guggitaler_hand`, the options and
the scoring functions in :mod:`puur.variants.guggitaler_rules`, the observation in
:mod:`puur.variants.guggitaler_view`.

Action ids (stable): 0-35 play or lay a card; 36 pass (Domino only).
"""

from __future__ import annotations

from typing import Any, Final

from puur.cards import (
    NUM_CARDS,
    CardError,
    bits,
    format_card,
    format_cards,
    parse_card,
    parse_cards,
)
from puur.hand import TrickHand
from puur.variants.base import ActionSpace, rank_sides
from puur.variants.dealt import DealLineVariant
from puur.variants.guggitaler_hand import (
    A_PASS,
    NUM_ACTIONS,
    DominoHand,
    GuggitalerDeal,
    GuggitalerHand,
    _Deal,
    check_deal,
    deal_guggitaler,
)
from puur.variants.guggitaler_rules import DEALS, DOMINO, PRESETS, GuggitalerRules
from puur.variants.series import DealtSeries

__all__ = ["ACTIONS", "VARIANT", "GuggitalerGame", "GuggitalerVariant", "format_deal_line",
           "parse_deal_line"]


class GuggitalerGame(DealtSeries[_Deal]):
    """A game of Guggitaler: six deals, the dealer moving one seat a deal."""

    def __init__(self, rules: GuggitalerRules | None = None, seed: int | str | None = None,
                 deals: list[GuggitalerDeal] | None = None) -> None:
        rules = VARIANT.check_rules(rules)
        self.rules: GuggitalerRules = rules
        self._start_series(seed, deals, rules.players)

    @property
    def variant(self) -> GuggitalerVariant:
        """The Guggitaler variant."""
        return VARIANT

    @property
    def num_seats(self) -> int:
        """Three to five players."""
        return self.rules.players

    @property
    def sides(self) -> tuple[int, ...]:
        """Each player is a side of his own."""
        return tuple(range(self.rules.players))

    def _deal(self, seed: str, dealer: int) -> GuggitalerDeal:
        return deal_guggitaler(self.rules, seed, dealer)

    def _make_hand(self, deal: Any, hand_no: int, totals: tuple[int, ...]) -> _Deal:
        earlier = tuple(r.result() for r in self.rounds[:hand_no - 1])
        if hand_no == DOMINO + 1:
            return DominoHand(self.rules, deal, hand_no, totals, earlier)
        return GuggitalerHand(self.rules, deal, hand_no, totals, earlier)

    def _is_deal(self, deal: object) -> bool:
        return isinstance(deal, GuggitalerDeal)

    @property
    def scores(self) -> tuple[int, ...]:
        """Each player's game total (penalties less the Domino credit), the deal in play
        included once it is over: lower is better."""
        r = self.round
        return tuple(t + p for t, p in zip(r.totals, r.result(), strict=True))

    def sheet(self) -> list[list[int]]:
        """The score sheet: per deal played to its end, what it added to each player (the
        Domino as minus the credit)."""
        return [list(r.result()) for r in self.rounds if r.is_over]

    @property
    def is_over(self) -> bool:
        """True once the Domino is over."""
        return len(self.rounds) == DEALS and self.round.is_over

    def standings(self) -> tuple[int, ...]:
        """Places by game total, lowest first; equal totals share a place."""
        return rank_sides(list(self.scores))

    def summary(self) -> dict[str, Any]:
        """Plain data: totals, deals played, places, the sheet."""
        return {
            "variant": "guggitaler", "scores": list(self.scores), "hands": len(self.rounds),
            "places": list(self.standings()), "over": self.is_over, "sheet": self.sheet(),
        }


# ---------------------------------------------------------------------------------------------
# Notation


def action_names() -> tuple[str, ...]:
    """The name of every action id."""
    names = (*(format_card(c) for c in range(NUM_CARDS)), "pass")
    assert len(names) == NUM_ACTIONS and names[A_PASS] == "pass"
    return names


ACTIONS: Final = ActionSpace(action_names())


def format_deal_line(d: GuggitalerDeal) -> str:
    """``DEALER HAND / HAND / …``: the dealer and the hands, seat 0 first."""
    return f"{d.dealer} " + " / ".join(format_cards(bits(h)) for h in d.hands)


def parse_deal_line(rules: GuggitalerRules, text: str) -> GuggitalerDeal:
    """Parse :func:`format_deal_line`'s text (``ValueError`` saying what is wrong)."""
    parts = text.split(None, 1)
    if len(parts) != 2 or not (parts[0].isascii() and parts[0].isdigit()):
        raise ValueError("a Guggitaler deal reads 'DEALER HAND / HAND / ...'")
    hands = []
    for p in parts[1].split("/"):
        m = 0
        for c in parse_cards(p):
            m |= 1 << c
        hands.append(m)
    return check_deal(rules, GuggitalerDeal(tuple(hands), int(parts[0])))


class GuggitalerVariant(DealLineVariant):
    """The static description of Guggitaler."""

    key = "guggitaler"
    name = "Guggitaler"
    aliases = ("guggitaler-jass", "guggi")
    summary = "each alone: five deals of penalties and a Domino, the fewest points win"
    players = (4, 3, 5)
    sides_text = "each alone"
    score_name = "points"
    lower_is_better = True
    options_class = GuggitalerRules
    preset_table = PRESETS
    deal_type = GuggitalerDeal

    def num_seats(self, rules: Any) -> int:
        """Three to five, as ``players`` says."""
        return int(self.check_rules(rules).players)

    def action_space(self, rules: Any) -> ActionSpace:
        """Cards and the Domino's pass (the same ids under every option)."""
        return ACTIONS

    def new_game(self, rules: Any = None, seed: int | str | None = None,
                 deals: list[Any] | None = None) -> GuggitalerGame:
        """A new game of Guggitaler."""
        return GuggitalerGame(rules, seed, deals)

    def format_action(self, hand: TrickHand, action: int) -> str:
        """A card token, or ``pass``."""
        return hand.action_text(action)

    def parse_action(self, hand: TrickHand, token: str) -> int:
        """The action of a record token (``ValueError`` naming a bad one)."""
        t = token.strip()
        if t.lower() == "pass":
            return A_PASS
        try:
            return parse_card(t)
        except CardError:
            raise ValueError(f"bad action {token!r}: expected a card or pass") from None

    def format_deal(self, deal: Any) -> str:
        """The dealer and the hands."""
        return format_deal_line(deal)

    def parse_deal(self, rules: Any, text: str) -> GuggitalerDeal:
        """A deal of ``DEALER HAND / …``."""
        return parse_deal_line(rules, text)


VARIANT: Final = GuggitalerVariant()
