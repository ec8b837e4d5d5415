"""Zuger: three active players each alone, stay or go home, points written in tens, 100 ends.

Rules (``docs/variants/zuger.md``): four at the table with the dealer sitting out and writing a
bonus, or three who all play; 12 cards each to the three active players, the bottom card makes
trumps; each says stay, home or maybe; two who stay may settle for 7 each; the players in play
write their points in tens (-10 under 21 card points, 10 more for a Match). The game ends after
the hand in which a player reaches 100 (or the sum of the totals does); the highest total
wins. The hand is in :mod:`puur.variants.zuger_hand`, the options and the scoring in
:mod:`puur.variants.zuger_rules`, the observation in :mod:`puur.variants.zuger_view`.

Action ids (stable): 0-35 play a card; 36 keep quiet about a Weis and 37-51 declare one; 52 and
53 announce Stöck or keep quiet; 54 stay, 55 home, 56 maybe; 57 accept, 58 refuse; 59 force,
60 noforce.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar, Final

from puur.cards import NUM_CARDS, bits, format_card, format_cards, parse_card, parse_cards
from puur.variants.base import (
    ActionSpace,
    rank_sides,
)
from puur.variants.dealt import DealLineVariant
from puur.variants.series import DealtSeries
from puur.variants.zuger_hand import (
    A_STAY,
    A_STOECK,
    NUM_ACTIONS,
    WORDS,
    ZugerDeal,
    ZugerHand,
    check_deal,
    deal_zuger,
)
from puur.variants.zuger_rules import PRESETS, ZugerRules

__all__ = ["ACTIONS", "VARIANT", "ZugerGame", "ZugerVariant", "format_deal_line",
           "parse_deal_line"]


class ZugerGame(DealtSeries[ZugerHand]):
    """A game of Zuger: hands until the end is reached, the dealer moving one seat a hand."""

    def __init__(self, rules: ZugerRules | None = None, seed: int | str | None = None,
                 deals: list[ZugerDeal] | None = None) -> None:
        rules = VARIANT.check_rules(rules)
        self.rules: ZugerRules = rules
        self._start_series(seed, deals, rules.players)

    @property
    def variant(self) -> ZugerVariant:
        """The Zuger variant."""
        return VARIANT

    @property
    def num_seats(self) -> int:
        """Four (the dealer sits out) or three."""
        return self.rules.players

    @property
    def sides(self) -> tuple[int, ...]:
        """Each player is a side of his own."""
        return tuple(range(self.rules.players))

    def _deal(self, seed: str, dealer: int) -> ZugerDeal:
        return deal_zuger(self.rules, seed, dealer)

    def _make_hand(self, deal: Any, hand_no: int, totals: tuple[int, ...]) -> ZugerHand:
        return ZugerHand(self.rules, deal, hand_no, totals)

    def _is_deal(self, deal: object) -> bool:
        return isinstance(deal, ZugerDeal)

    @property
    def scores(self) -> tuple[int, ...]:
        """Each player's written total, the current hand included once it is over."""
        r = self.round
        return tuple(t + p for t, p in zip(r.totals, r.result(), strict=True))

    @property
    def is_over(self) -> bool:
        """True after the hand in which the end is reached (``end``)."""
        return self.round.is_over and self.rules.game_over(self.scores)

    def standings(self) -> tuple[int, ...]:
        """Places by written total, highest first; equal totals share a place."""
        return rank_sides([-s for s in self.scores])

    def summary(self) -> dict[str, Any]:
        """Plain data: totals, hands dealt (redeals included), places."""
        return {
            "variant": "zuger", "scores": list(self.scores), "hands": len(self.rounds),
            "places": list(self.standings()), "over": self.is_over,
        }


# ---------------------------------------------------------------------------------------------
# Notation


def action_names() -> tuple[str, ...]:
    """The name of every action id."""
    names = [format_card(c) for c in range(NUM_CARDS)]
    names += ["weis:-"] + [f"weis:{k}" for k in range(1, 16)]
    names += ["stoeck", "stoeck:-", *(f"declare:{w}" for w in WORDS)]
    assert len(names) == NUM_ACTIONS and names[A_STOECK] == "stoeck"
    return tuple(names)


ACTIONS: Final = ActionSpace(action_names())


def format_deal_line(d: ZugerDeal) -> str:
    """``DEALER HAND / HAND / … ; turned CARD`` (``-`` for the dealer sitting out)."""
    hands = " / ".join(format_cards(bits(h)) if h else "-" for h in d.hands)
    return f"{d.dealer} {hands} ; turned {format_card(d.turned)}"


def _mask(text: str) -> int:
    text = text.strip()
    if text == "-":
        return 0
    m = 0
    for c in parse_cards(text):
        if m >> c & 1:
            raise ValueError(f"a card is named twice in {text!r}")
        m |= 1 << c
    return m


def parse_deal_line(rules: ZugerRules, text: str) -> ZugerDeal:
    """Parse :func:`format_deal_line`'s text (``ValueError`` saying what is wrong)."""
    body, sep, turned = text.partition(";")
    head = body.split(None, 1)
    key, _, card = turned.strip().partition(" ")
    if not sep or key != "turned" or len(head) != 2 or not (
            head[0].isascii() and head[0].isdigit()):
        raise ValueError("a Zuger deal reads 'DEALER HAND / HAND / ... ; turned CARD'")
    deal = ZugerDeal(tuple(_mask(h) for h in head[1].split("/")), int(head[0]),
                     parse_card(card.strip()))
    return check_deal(rules, deal)


class ZugerVariant(DealLineVariant):
    """The static description of Zuger."""

    key = "zuger"
    name = "Zuger"
    aliases = ("zugerjass", "zuger-jass")
    summary = "three play alone, stay or go home, points in tens; the first to 100 ends it"
    players = (4, 3)
    sides_text = "each alone"
    score_name = "written points"
    lower_is_better = False
    options_class = ZugerRules
    preset_table = PRESETS
    deal_type = ZugerDeal
    word_ids: ClassVar[Mapping[str, int]] = {w: A_STAY + i for i, w in enumerate(WORDS)}

    def num_seats(self, rules: Any) -> int:
        """Four or three, as ``players`` says."""
        return int(self.check_rules(rules).players)

    def action_space(self, rules: Any) -> ActionSpace:
        """Cards, Weis, Stöck and Zuger's words (the same ids under every option)."""
        return ACTIONS

    def new_game(self, rules: Any = None, seed: int | str | None = None,
                 deals: list[Any] | None = None) -> ZugerGame:
        """A new game of Zuger."""
        return ZugerGame(rules, seed, deals)

    def format_deal(self, deal: Any) -> str:
        """The dealer, the hands and the turned card."""
        return format_deal_line(deal)

    def parse_deal(self, rules: Any, text: str) -> ZugerDeal:
        """A deal of :func:`format_deal_line`'s form."""
        return parse_deal_line(rules, text)


VARIANT: Final = ZugerVariant()
