"""Schmaus: two alone, a stock to draw from, a rising Weis, the first to 1000 wins at once.

Rules (``docs/variants/schmaus.md``): two players, each alone; nine cards each and an
eighteen-card stock whose top card is turned for trumps and put at its bottom. In tricks 1-9
any card may be played and both draw (the winner first); in tricks 10-18 a player must follow
suit, void a trump. The holder of the trump 6 may exchange it for the turned card until trick
9; a Weis is declared one a trick in tricks 1-10, rising. The first to the target (1000) wins
the moment his points fall, in the count order; the winner of a hand deals the next. The hand
is in :mod:`puur.variants.schmaus_hand`, the options in :mod:`puur.variants.schmaus_rules`,
the observation in :mod:`puur.variants.schmaus_view`.

Action ids (stable): 0-35 play a card; 36 keep quiet about a Weis and 37-51 declare one; 52 and
53 announce Stöck or keep quiet; 54 exchange the trump 6, 55 pass (keep it).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar, Final

from puur.cards import NUM_CARDS, format_card, parse_cards
from puur.variants.base import ActionSpace
from puur.variants.dealt import DealLineVariant
from puur.variants.handjass import _cards, _mask
from puur.variants.schmaus_hand import (
    A_STOECK,
    NUM_ACTIONS,
    SEATS,
    WORDS,
    SchmausDeal,
    SchmausHand,
    check_deal,
    deal_schmaus,
)
from puur.variants.schmaus_rules import PRESETS, SchmausRules, next_dealer
from puur.variants.series import TargetSeries

__all__ = ["ACTIONS", "VARIANT", "SchmausGame", "SchmausVariant", "format_deal_line",
           "parse_deal_line"]

_WORDS: Final = tuple(WORDS[a] for a in sorted(WORDS))


class SchmausGame(TargetSeries[SchmausHand]):
    """A game of Schmaus: hands until a player reaches the target, the winner of a hand
    dealing the next."""

    def __init__(self, rules: SchmausRules | None = None, seed: int | str | None = None,
                 deals: list[SchmausDeal] | None = None) -> None:
        rules = VARIANT.check_rules(rules)
        self.rules: SchmausRules = rules
        self._start_series(seed, deals, SEATS)

    @property
    def variant(self) -> SchmausVariant:
        """The Schmaus variant."""
        return VARIANT

    def deal_for(self, index: int) -> Any:
        """The deal of hand ``index`` (given, or shuffled from the seed); the dealer of a
        later hand is the winner of the one before (``next_dealer``)."""
        if index < len(self._deals):
            return self._deals[index]
        if index == 0:
            dealer = self.first_dealer
        else:
            if index != len(self.rounds) or not self.rounds[-1].is_over:
                raise ValueError(f"hand {index + 1} is not dealt before hand {index} is over")
            prev = self.rounds[-1]
            dealer = next_dealer(prev.dealer, (prev.credited[0], prev.credited[1]),
                                 self.rules.tie_deal)
        d = deal_schmaus(f"{self.seed}:{index}", dealer)
        self._deals.append(d)
        return d

    def _deal(self, seed: str, dealer: int) -> SchmausDeal:
        return deal_schmaus(seed, dealer)

    def _make_hand(self, deal: Any, hand_no: int, totals: tuple[int, ...]) -> SchmausHand:
        return SchmausHand(self.rules, deal, hand_no, totals)

    def _is_deal(self, deal: object) -> bool:
        return isinstance(deal, SchmausDeal)

    def _drop_hand(self) -> None:
        super()._drop_hand()
        del self._deals[len(self.rounds):]  # the next dealer depends on the play undone


# ---------------------------------------------------------------------------------------------
# Notation


def action_names() -> tuple[str, ...]:
    """The name of every action id."""
    names = [format_card(c) for c in range(NUM_CARDS)]
    names += ["weis:-"] + [f"weis:{k}" for k in range(1, 16)]
    names += ["stoeck", "stoeck:-", *(f"declare:{w}" for w in _WORDS)]
    assert len(names) == NUM_ACTIONS and names[A_STOECK] == "stoeck"
    return tuple(names)


ACTIONS: Final = ActionSpace(action_names())


def format_deal_line(d: SchmausDeal) -> str:
    """``DEALER HAND / HAND ; stock CARDS`` (the stock in drawing order, the turned card
    last)."""
    hands = " / ".join(_cards(h) for h in d.hands)
    return f"{d.dealer} {hands} ; stock {' '.join(format_card(c) for c in d.stock)}"


def parse_deal_line(text: str) -> SchmausDeal:
    """Parse :func:`format_deal_line`'s text (``ValueError`` saying what is wrong)."""
    parts = [p.strip() for p in text.split(";")]
    head = parts[0].split(None, 1)
    key, _, rest = parts[1].partition(" ") if len(parts) == 2 else ("", "", "")
    if len(head) != 2 or not (head[0].isascii() and head[0].isdigit()) or key != "stock":
        raise ValueError("a Schmaus deal reads 'DEALER HAND / HAND ; stock CARDS' (the stock "
                         "in drawing order, the turned card last)")
    deal = SchmausDeal(tuple(_mask(h) for h in head[1].split("/")), int(head[0]),
                       tuple(parse_cards(rest)))
    return check_deal(deal)


class SchmausVariant(DealLineVariant):
    """The static description of Schmaus."""

    key = "schmaus"
    name = "Schmaus"
    aliases = ("schmausjass",)
    summary = ("two alone with a stock: draw after tricks 1-9, then follow suit; a rising "
               "Weis, the first to 1000 wins at once")
    players = (2,)
    sides_text = "each alone"
    score_name = "points"
    lower_is_better = False
    options_class = SchmausRules
    preset_table = PRESETS
    deal_type = SchmausDeal
    word_ids: ClassVar[Mapping[str, int]] = {w: a for a, w in WORDS.items()}

    def num_seats(self, rules: Any) -> int:
        """Two."""
        return SEATS

    def action_space(self, rules: Any) -> ActionSpace:
        """Cards, Weis, Stöck and the exchange words (the same ids under every option)."""
        return ACTIONS

    def new_game(self, rules: Any = None, seed: int | str | None = None,
                 deals: list[Any] | None = None) -> SchmausGame:
        """A new game of Schmaus."""
        return SchmausGame(rules, seed, deals)

    def open_piles(self, hand: Any) -> dict[str, int]:
        """The stock's cards not yet drawn."""
        return {"stock": hand.stock_mask()}

    def format_deal(self, deal: Any) -> str:
        """The dealer, the hands and the stock in drawing order."""
        return format_deal_line(deal)

    def parse_deal(self, rules: Any, text: str) -> SchmausDeal:
        """A deal of :func:`format_deal_line`'s form."""
        return parse_deal_line(text)

    def hand_scores(self, game: Any, index: int) -> tuple[int, ...]:
        """Each player's game total after hand ``index``."""
        return tuple(game.rounds[index].scores_after())


VARIANT: Final = SchmausVariant()
