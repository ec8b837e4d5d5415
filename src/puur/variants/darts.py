"""Darts-Jass: a race to 301 (501, 1001); the chooser's side must take more than the others.

Rules (``docs/variants/darts.md``, rule book §2.22): four players in two teams (Schieber's
partnerships, the Vorhand may push the choice to his partner), or three or two, each alone
(three: 12 cards each; two: 9 each, 18 dead). The Vorhand names a suit, Obenabe or Undenufe and
leads; the choice moves one seat a hand. Only card points count (Weis, Stöck, the Match bonus
are options). A chooser's side that does not take more than each other side scores nothing
and its opponents take the hand's points (three players: half the chooser's points each,
rounded down). The first side to reach the target at the end of a hand wins; with the exact
finish a hand that would carry a side past it scores nothing for that side. The hand is in
:mod:`puur.variants.darts_hand`, the options and the scoring functions in
:mod:`puur.variants.darts_rules`, the observation in :mod:`puur.variants.darts_view`.

Action ids (stable, Schieber's): 0-35 play a card; 36-41 choose (four suits, Obenabe,
Undenufe); 45 push; 46-61 Weis; 62-63 Stöck.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar, Final

from puur.actions import A_CHOOSE, A_PUSH, NUM_ACTIONS
from puur.cards import bits, format_card, format_cards, parse_cards
from puur.contracts import CONTRACT_TOKENS, format_contract
from puur.hand import TrickHand
from puur.variants.base import ActionSpace, parse_call_token, rank_sides
from puur.variants.darts_hand import CONTRACTS, DartsDeal, DartsHand, check_deal, deal_darts
from puur.variants.darts_rules import PRESETS, DartsRules, remaining, winners
from puur.variants.dealt import DealLineVariant
from puur.variants.series import DealtSeries

__all__ = ["ACTIONS", "VARIANT", "DartsGame", "DartsVariant", "format_deal_line",
           "parse_deal_line"]


class DartsGame(DealtSeries[DartsHand]):
    """A game of Darts-Jass: hands until a side reaches the target at the end of one (or the
    hand limit), the dealer moving one seat a hand."""

    def __init__(self, rules: DartsRules | None = None, seed: int | str | None = None,
                 deals: list[DartsDeal] | None = None) -> None:
        rules = VARIANT.check_rules(rules)
        self.rules: DartsRules = rules
        self._start_series(seed, deals, rules.players, totals=(0,) * rules.num_sides)

    @property
    def variant(self) -> DartsVariant:
        """The Darts-Jass variant."""
        return VARIANT

    @property
    def num_seats(self) -> int:
        """Two to four players."""
        return self.rules.players

    @property
    def sides(self) -> tuple[int, ...]:
        """Two teams of partners sitting opposite (four players), else each alone."""
        return self.rules.sides

    def _deal(self, seed: str, dealer: int) -> DartsDeal:
        return deal_darts(self.rules, seed, dealer)

    def _make_hand(self, deal: Any, hand_no: int, totals: tuple[int, ...]) -> DartsHand:
        return DartsHand(self.rules, deal, hand_no, totals)

    def _is_deal(self, deal: object) -> bool:
        return isinstance(deal, DartsDeal)

    @property
    def scores(self) -> tuple[int, ...]:
        """Each side's total, the hand in play included once it is over; higher is better."""
        r = self.round
        return tuple(t + g for t, g in zip(r.totals, r.result(), strict=True))

    def remaining(self) -> tuple[int, ...]:
        """What each side still needs to reach the target (0 once it has)."""
        return remaining(self.scores, self.rules.darts_target)

    @property
    def winners(self) -> tuple[int, ...]:
        """The sides that won (several only when equal totals tie), empty before the end and
        when the hand limit ended the game."""
        r = self.round
        if not r.is_over:
            return ()
        return winners(self.scores, self.rules.darts_target, self.rules.darts_ties,
                       r.chooser_side)

    @property
    def ended_by(self) -> str:
        """``target`` or ``hand_limit`` once the game is over, else the empty string."""
        if not self.is_over:
            return ""
        return "target" if self.winners else "hand_limit"

    @property
    def is_over(self) -> bool:
        """True once a hand has ended with a side at the target (or at the hand limit)."""
        r = self.round
        return r.is_over and (bool(self.winners) or len(self.rounds) >= self.rules.darts_hand_limit)

    def standings(self) -> tuple[int, ...]:
        """Places: the winners first, then by total, the highest first; equal totals share."""
        w = self.winners
        return rank_sides([(0 if s in w else 1, -x) for s, x in enumerate(self.scores)])

    def summary(self) -> dict[str, Any]:
        """Plain data: totals, what each side still needs, hands played, places, the end."""
        return {
            "variant": "darts", "scores": list(self.scores), "target": self.rules.darts_target,
            "remaining": list(self.remaining()), "hands": len(self.rounds),
            "places": list(self.standings()), "winners": list(self.winners),
            "reason": self.ended_by or None, "over": self.is_over,
        }


# ---------------------------------------------------------------------------------------------
# Notation


def action_names() -> tuple[str, ...]:
    """The name of every action id (unused ids are named ``-``)."""
    names = ["-"] * NUM_ACTIONS
    for c in range(36):
        names[c] = format_card(c)
    for c in CONTRACTS:
        names[A_CHOOSE + c] = f"choose:{CONTRACT_TOKENS[c]}"
    names[A_PUSH] = "push"
    names[DartsHand.A_WEIS] = "weis:-"
    for k in range(1, 16):
        names[DartsHand.A_WEIS + k] = f"weis:{k}"
    names[DartsHand.A_STOECK] = "stoeck"
    names[DartsHand.A_STOECK_NO] = "stoeck:-"
    return tuple(names)


ACTIONS: Final = ActionSpace(action_names())


def format_deal_line(d: DartsDeal) -> str:
    """``DEALER HAND / HAND / …``: the dealer and the hands, seat 0 first (the dead cards of
    two players are the rest of the pack)."""
    return f"{d.dealer} " + " / ".join(format_cards(bits(h)) for h in d.hands)


def parse_deal_line(rules: DartsRules, text: str) -> DartsDeal:
    """Parse :func:`format_deal_line`'s text (``ValueError`` saying what is wrong)."""
    dealer, _sep, rest = text.strip().partition(" ")
    if not (dealer.isascii() and dealer.isdigit()) or not rest.strip():
        raise ValueError("a Darts-Jass deal reads 'DEALER HAND / HAND / ...'")
    hands = tuple(sum(1 << c for c in parse_cards(p)) for p in rest.split("/"))
    return check_deal(rules, DartsDeal(hands, int(dealer)))


class DartsVariant(DealLineVariant):
    """The static description of Darts-Jass."""

    key = "darts"
    name = "Darts-Jass"
    aliases = ("darts-jass", "dartsjass", "darts-301")
    summary = "a race to 301 (501, 1001) in points; a chooser who takes no more than the " \
              "others gives them the hand"
    players = (4, 3, 2)
    sides_text = "two teams of two (four players), else each alone"
    score_name = "points"
    lower_is_better = False
    open_solver = False
    options_class = DartsRules
    preset_table = PRESETS
    deal_type = DartsDeal
    word_ids: ClassVar[Mapping[str, int]] = {"push": A_PUSH}
    other_tokens = ("choose:CONTRACT",)

    def num_seats(self, rules: Any) -> int:
        """Two to four, as ``players`` says."""
        return int(self.check_rules(rules).players)

    def action_space(self, rules: Any) -> ActionSpace:
        """Schieber's ids: cards, the six contracts, the push, Weis and Stöck."""
        return ACTIONS

    def default_deck(self, rules: Any) -> str:
        """The deck style the table shows unless a player picks another."""
        return str(self.check_rules(rules).deck_style)

    def new_game(self, rules: Any = None, seed: int | str | None = None,
                 deals: list[Any] | None = None) -> DartsGame:
        """A new game of Darts-Jass."""
        return DartsGame(rules, seed, deals)

    def format_other(self, hand: TrickHand, action: int) -> str | None:
        """``choose:CONTRACT``."""
        if type(action) is int and A_CHOOSE <= action < A_CHOOSE + len(CONTRACTS):
            return f"choose:{format_contract(action - A_CHOOSE)}"
        return None

    def parse_other(self, hand: TrickHand, token: str) -> int | None:
        """``choose:CONTRACT`` (a suit, ``obe`` or ``unde``)."""
        call = parse_call_token(token, self.name)
        if call is None or call[0] != "choose":
            return None
        return A_CHOOSE + call[1]

    def format_deal(self, deal: Any) -> str:
        """The dealer and the hands."""
        return format_deal_line(deal)

    def parse_deal(self, rules: Any, text: str) -> DartsDeal:
        """A deal of ``DEALER HAND / …``."""
        return parse_deal_line(rules, text)

    def open_piles(self, hand: Any) -> dict[str, int]:
        """The 18 dead cards of a two-player hand."""
        return {"dead": hand.dead} if hand.dead else {}

    def result_data(self, game: Any) -> dict[str, Any]:
        """The side that reached the target first (``None`` on a shared win or at the hand
        limit), what ended the game (``darts_target``, ``darts_limit``), scores and places."""
        w = game.winners
        reason = {"target": "darts_target", "hand_limit": "darts_limit"}.get(game.ended_by)
        return {"winner": w[0] if game.is_over and len(w) == 1 else None,
                "reason": reason, "scores": list(game.scores),
                "places": list(game.standings()), "striche": None}


VARIANT: Final = DartsVariant()
