"""Hindersi (Hintersi-Jass): each alone, the dealer's last card makes trumps, the fewest points
win a round's Striche.

Rules (``docs/variants/hindersi.md``): four players (or three), each alone; every card is
dealt, the dealer's last card is turned for trumps and stays in his hand; Schieber's tricks
with undertrumping allowed when void (or not); each player scores the card points he takes, a
player who takes every trick 0 and every other 157; small Weis taken off the score as an
option. A round is one hand dealt by each player; then the two lowest round totals get a
Strich and the two highest a Nuller (three players: lowest and highest). After four rounds (or
eight) the most net Striche win. The hand is in :mod:`puur.variants.hindersi_hand`, the options
and the scoring functions in :mod:`puur.variants.hindersi_rules`, the observation in
:mod:`puur.variants.hindersi_view`.

Action ids (stable): 0-35 play a card; 36 keep quiet about a Weis, 37-51 declare one; 52-53
Stöck's ids, never legal.
"""

from __future__ import annotations

from typing import Any, Final

from puur.cards import bits, format_card, format_cards, parse_card, parse_cards
from puur.variants.base import ActionSpace, rank_sides
from puur.variants.dealt import DealLineVariant
from puur.variants.hindersi_hand import (
    A_STOECK,
    NUM_ACTIONS,
    HindersiDeal,
    HindersiHand,
    check_deal,
    deal_hindersi,
)
from puur.variants.hindersi_rules import PRESETS, HindersiRules
from puur.variants.molotow import ACTIONS as MOLOTOW_ACTIONS
from puur.variants.series import DealtSeries

__all__ = ["ACTIONS", "VARIANT", "HindersiGame", "HindersiVariant", "format_deal_line",
           "parse_deal_line"]


class HindersiGame(DealtSeries[HindersiHand]):
    """A game of Hindersi: ``game_rounds`` rounds of one hand dealt by each player, the dealer
    moving one seat a hand; the marks are given at the end of each round."""

    def __init__(self, rules: HindersiRules | None = None, seed: int | str | None = None,
                 deals: list[HindersiDeal] | None = None) -> None:
        rules = VARIANT.check_rules(rules)
        self.rules: HindersiRules = rules
        self._start_series(seed, deals, rules.players)

    @property
    def variant(self) -> HindersiVariant:
        """The Hindersi variant."""
        return VARIANT

    @property
    def num_seats(self) -> int:
        """Three or four players."""
        return self.rules.players

    @property
    def sides(self) -> tuple[int, ...]:
        """Each player is a side of his own."""
        return tuple(range(self.rules.players))

    def _deal(self, seed: str, dealer: int) -> HindersiDeal:
        return deal_hindersi(self.rules, seed, dealer)

    def _make_hand(self, deal: Any, hand_no: int, totals: tuple[int, ...]) -> HindersiHand:
        # The round's points so far come from the earlier hands of the same round.
        n = self.rules.players
        first = (hand_no - 1) // n * n
        before = [0] * n
        for r in self.rounds[first:hand_no - 1]:
            before = [b + p for b, p in zip(before, r.points(), strict=True)]
        return HindersiHand(self.rules, deal, hand_no, totals, tuple(before))

    def _is_deal(self, deal: object) -> bool:
        return isinstance(deal, HindersiDeal)

    @property
    def scores(self) -> tuple[int, ...]:
        """Each player's net Striche (Striche less Nuller), the current hand included once it
        is over; higher is better."""
        r = self.round
        return tuple(t + m for t, m in zip(r.totals, r.result(), strict=True))

    def marks(self) -> tuple[tuple[int, int], ...]:
        """Each player's Striche and Nuller so far."""
        n = self.rules.players
        striche = [0] * n
        nuller = [0] * n
        for r in self.rounds:
            for s, m in enumerate(r.marks()):
                striche[s] += m > 0
                nuller[s] += m < 0
        return tuple(zip(striche, nuller, strict=True))

    @property
    def is_over(self) -> bool:
        """True once the last hand of the last round is played."""
        return self.round.is_over and len(self.rounds) >= self.rules.hands

    def standings(self) -> tuple[int, ...]:
        """Places by net Striche, the most first; equal totals share a place."""
        return rank_sides([-s for s in self.scores])

    def summary(self) -> dict[str, Any]:
        """Plain data: net Striche, the Striche and Nuller, hands and rounds played, places."""
        return {
            "variant": "hindersi", "scores": list(self.scores), "hands": len(self.rounds),
            "rounds": (len(self.rounds) - (0 if self.round.is_over else 1))
            // self.rules.players,
            "striche": [s for s, _n in self.marks()], "nuller": [n for _s, n in self.marks()],
            "round_points": list(self.round.round_points()),
            "places": list(self.standings()), "over": self.is_over,
        }


# ---------------------------------------------------------------------------------------------
# Notation


#: The action names: Molotow's (the cards, the Weis, Stöck's two ids), the same ids.
ACTIONS: Final = MOLOTOW_ACTIONS
assert ACTIONS.size == NUM_ACTIONS and ACTIONS.name(A_STOECK) == "stoeck"


def format_deal_line(d: HindersiDeal) -> str:
    """``DEALER TURNED HAND / HAND / …``: the dealer, his turned last card, the hands."""
    return f"{d.dealer} {format_card(d.turned)} " + " / ".join(
        format_cards(bits(h)) for h in d.hands)


def parse_deal_line(rules: HindersiRules, text: str) -> HindersiDeal:
    """Parse :func:`format_deal_line`'s text (``ValueError`` saying what is wrong)."""
    parts = text.split(None, 2)
    if len(parts) != 3 or not (parts[0].isascii() and parts[0].isdigit()):
        raise ValueError("a Hindersi deal reads 'DEALER TURNED HAND / HAND / ...'")
    turned = parse_card(parts[1])
    hands = []
    for p in parts[2].split("/"):
        m = 0
        for c in parse_cards(p):
            m |= 1 << c
        hands.append(m)
    return check_deal(rules, HindersiDeal(tuple(hands), int(parts[0]), turned))


class HindersiVariant(DealLineVariant):
    """The static description of Hindersi."""

    key = "hindersi"
    name = "Hindersi"
    aliases = ("hintersi", "hintersi-jass", "hindersi-jass")
    summary = "each alone, the dealer's last card makes trumps: the fewest points of a round " \
              "win Striche"
    players = (4, 3)
    sides_text = "each alone"
    score_name = "net Striche"
    lower_is_better = False
    options_class = HindersiRules
    preset_table = PRESETS
    deal_type = HindersiDeal

    def num_seats(self, rules: Any) -> int:
        """Four or three, as ``players`` says."""
        return int(self.check_rules(rules).players)

    def action_space(self, rules: Any) -> ActionSpace:
        """The cards, the Weis and Stöck's ids (the same under every option)."""
        return ACTIONS

    def default_deck(self, rules: Any) -> str:
        """The deck style the table shows unless a player picks another."""
        return str(self.check_rules(rules).deck_style)

    def new_game(self, rules: Any = None, seed: int | str | None = None,
                 deals: list[Any] | None = None) -> HindersiGame:
        """A new game of Hindersi."""
        return HindersiGame(rules, seed, deals)

    def format_deal(self, deal: Any) -> str:
        """The dealer, the turned card and the hands."""
        return format_deal_line(deal)

    def parse_deal(self, rules: Any, text: str) -> HindersiDeal:
        """A deal of ``DEALER TURNED HAND / …``."""
        return parse_deal_line(rules, text)


VARIANT: Final = HindersiVariant()
