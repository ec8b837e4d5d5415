"""Offener Jass: two players bid for trumps with six cards in hand and twelve on the table.

Rules (``docs/variants/offener_jass.md``, rule book §2.19): each player has six cards face
down on the table, six face up on them and six in his hand; the dealing alternates. The
non-dealer opens the auction with at least 60, the players raise in turn by at least 5 (at most
157) or pass, and the first pass ends it. The last bidder names a suit, Obenabe or Undenufe and
leads; eighteen tricks are played from the hand and the face-up cards, and a face-down card is
turned up once the card on it is played. No Weis, no Stöck, no Match bonus. A bid made writes
the points over it to the bidder, a bid failed writes the points missing to the opponent; the
first to 50 wins. The options, presets and action ids are in
:mod:`puur.variants.offener_jass_rules`, one hand in :mod:`puur.variants.offener_jass_hand`, the
observation in :mod:`puur.variants.offener_jass_view`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar, Final

from puur.cards import format_cards, parse_cards
from puur.hand import TrickHand
from puur.variants.base import ActionSpace, parse_call_token, rank_sides
from puur.variants.dealt import DealLineVariant
from puur.variants.handjass import _cards, _mask
from puur.variants.offener_jass_hand import (
    SEATS,
    OffenerJassDeal,
    OffenerJassHand,
    check_deal,
    deal_offener_jass,
)
from puur.variants.offener_jass_rules import (
    A_CHOOSE,
    A_PASS,
    ACTION_NAMES,
    NUM_ACTIONS,
    PRESETS,
    OffenerJassRules,
    bid_action,
)
from puur.variants.series import DealtSeries

__all__ = ["ACTIONS", "VARIANT", "OffenerJassGame", "OffenerJassVariant", "format_deal_line",
           "parse_deal_line"]

ACTIONS: Final = ActionSpace(ACTION_NAMES)


class OffenerJassGame(DealtSeries[OffenerJassHand]):
    """A game of Offener Jass: hands until a player has written the target, the deal
    alternating."""

    def __init__(self, rules: OffenerJassRules | None = None, seed: int | str | None = None,
                 deals: list[OffenerJassDeal] | None = None) -> None:
        rules = VARIANT.check_rules(rules)
        self.rules: OffenerJassRules = rules
        self._start_series(seed, deals, SEATS)

    @property
    def variant(self) -> OffenerJassVariant:
        """The Offener Jass variant."""
        return VARIANT

    @property
    def num_seats(self) -> int:
        """Two players."""
        return SEATS

    @property
    def sides(self) -> tuple[int, ...]:
        """Each player is a side of his own."""
        return (0, 1)

    def _deal(self, seed: str, dealer: int) -> OffenerJassDeal:
        return deal_offener_jass(seed, dealer)

    def _make_hand(self, deal: Any, hand_no: int, totals: tuple[int, ...]) -> OffenerJassHand:
        return OffenerJassHand(self.rules, deal, hand_no, totals)

    def _is_deal(self, deal: object) -> bool:
        return isinstance(deal, OffenerJassDeal)

    @property
    def scores(self) -> tuple[int, ...]:
        """Both players' game totals (the hand in play once it is over)."""
        return self.round.scores_after()

    @property
    def winner(self) -> int:
        """The player who reached the target (-1 while nobody has)."""
        if not self.round.is_over:
            return -1
        t = self.rules.target
        return next((s for s, v in enumerate(self.scores) if v >= t), -1)

    @property
    def is_over(self) -> bool:
        """True once a player has written the target (only one writes in a hand)."""
        return self.winner >= 0

    def standings(self) -> tuple[int, ...]:
        """Places by game total (the winner first); equal totals share a place."""
        return rank_sides([-v for v in self.scores])

    def summary(self) -> dict[str, Any]:
        """Plain data: totals, hands played, the winner and the places."""
        return {
            "variant": "offener_jass", "scores": list(self.scores), "hands": len(self.rounds),
            "places": list(self.standings()), "over": self.is_over,
            "winner": self.winner if self.winner >= 0 else None, "target": self.rules.target,
        }


# ---------------------------------------------------------------------------------------------
# Notation


def _row(cards: tuple[int, ...]) -> str:
    return format_cards(list(cards))


def format_deal_line(d: OffenerJassDeal) -> str:
    """``DEALER HAND / HAND ; up CARDS / CARDS ; down CARDS / CARDS`` (the table's cards in
    the order of their positions, each face-down card under the face-up card named in the same
    place)."""
    hands = " / ".join(_cards(h) for h in d.hands)
    up = " / ".join(_row(r) for r in d.up)
    down = " / ".join(_row(r) for r in d.down)
    return f"{d.dealer} {hands} ; up {up} ; down {down}"


def parse_deal_line(text: str) -> OffenerJassDeal:
    """Parse :func:`format_deal_line`'s text (``ValueError`` saying what is wrong)."""
    form = ("an Offener Jass deal reads 'DEALER HAND / HAND ; up CARDS / CARDS ; "
            "down CARDS / CARDS'")
    parts = [p.strip() for p in text.split(";")]
    head = parts[0].split(None, 1)
    if len(parts) != 3 or len(head) != 2 or not (head[0].isascii() and head[0].isdigit()):
        raise ValueError(form)
    fields: dict[str, list[tuple[int, ...]]] = {}
    for p in parts[1:]:
        key, _, rest = p.partition(" ")
        rows = rest.split("/")
        if key not in ("up", "down") or key in fields or len(rows) != SEATS:
            raise ValueError(form)
        fields[key] = [tuple(parse_cards(r)) for r in rows]
    hands = head[1].split("/")
    if len(hands) != SEATS:
        raise ValueError(form)
    deal = OffenerJassDeal(tuple(_mask(h) for h in hands), tuple(fields["up"]),
                           tuple(fields["down"]), int(head[0]))
    return check_deal(deal)


class OffenerJassVariant(DealLineVariant):
    """The static description of Offener Jass."""

    key = "offener_jass"
    name = "Offener Jass"
    aliases = ("offener-jass", "offenerjass", "zweier-bieter", "zweierbieter",
               "zweier_bieter", "open bidding", "two-player open bidding")
    summary = ("two alone, six in hand and twelve on the table: bid card points for trumps, "
               "the first to 50 wins")
    players = (2,)
    sides_text = "each alone"
    options_class = OffenerJassRules
    preset_table = PRESETS
    deal_type = OffenerJassDeal
    word_ids: ClassVar[Mapping[str, int]] = {"pass": A_PASS}
    other_tokens = ("bid:N", "choose:C")

    def num_seats(self, rules: Any) -> int:
        """Two."""
        return SEATS

    def action_space(self, rules: Any) -> ActionSpace:
        """The same ids under every option."""
        return ACTIONS

    def new_game(self, rules: Any = None, seed: int | str | None = None,
                 deals: list[Any] | None = None) -> OffenerJassGame:
        """A new game of Offener Jass."""
        return OffenerJassGame(rules, seed, deals)

    def open_piles(self, hand: Any) -> dict[str, int]:
        """The face-down cards on the table as the hand stands (none once it is over)."""
        return {"down": hand.down_mask(0) | hand.down_mask(1)}

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

    def format_deal(self, deal: Any) -> str:
        """The dealer, the hands and the table."""
        return format_deal_line(deal)

    def parse_deal(self, rules: Any, text: str) -> OffenerJassDeal:
        """A deal of :func:`format_deal_line`'s form."""
        return parse_deal_line(text)

    def hand_scores(self, game: Any, index: int) -> tuple[int, ...]:
        """Both players' totals after hand ``index``."""
        return tuple(game.rounds[index].scores_after())

    def result_data(self, game: Any) -> dict[str, Any]:
        """The player who reached the target (``reason`` ``target``), the scores, places."""
        out = super().result_data(game)
        if game.winner >= 0:
            out["reason"] = "target"
        return out


VARIANT: Final = OffenerJassVariant()
