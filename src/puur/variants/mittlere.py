"""Mittlere (Plus-Minus): three alone, trumps fixed by the first discard, avoid the middle.

Rules (``docs/variants/mittlere.md``, rule book §2.14): three players, each alone, twelve cards
each in fours; the card play is Molotow's without Weis and Stöck (the first card played by a
player who cannot follow fixes trumps; a lower trump only when void in the led suit). After
each hand the highest and the lowest card totals get a Strich each and the middle one two
Nuller, with exceptions for 100 points or more, no trick and a Match; the best net count after
twelve hands wins. The hand is in :mod:`puur.variants.mittlere_hand`, the options and the
scoring function in :mod:`puur.variants.mittlere_rules`, the observation in
:mod:`puur.variants.mittlere_view`.

Action ids (stable): 0-35 play a card; there is no other action.
"""

from __future__ import annotations

from typing import Any, Final

from puur.cards import NUM_CARDS, bits, format_card, format_cards, parse_cards
from puur.hand import TrickHand
from puur.variants.base import ActionSpace, parse_trick_action, rank_sides
from puur.variants.dealt import DealLineVariant
from puur.variants.mittlere_hand import MittlereDeal, MittlereHand, check_deal, deal_mittlere
from puur.variants.mittlere_rules import PLAYERS, PRESETS, MittlereRules
from puur.variants.series import DealtSeries

__all__ = ["ACTIONS", "VARIANT", "MittlereGame", "MittlereVariant", "format_deal_line",
           "parse_deal_line"]


class MittlereGame(DealtSeries[MittlereHand]):
    """A game of Mittlere: the agreed number of hands, the dealer moving one seat a hand."""

    def __init__(self, rules: MittlereRules | None = None, seed: int | str | None = None,
                 deals: list[MittlereDeal] | None = None) -> None:
        rules = VARIANT.check_rules(rules)
        self.rules: MittlereRules = rules
        self._start_series(seed, deals, PLAYERS)

    @property
    def variant(self) -> MittlereVariant:
        """The Mittlere variant."""
        return VARIANT

    @property
    def num_seats(self) -> int:
        """Three players."""
        return PLAYERS

    @property
    def sides(self) -> tuple[int, ...]:
        """Each player is a side of his own."""
        return tuple(range(PLAYERS))

    def _deal(self, seed: str, dealer: int) -> MittlereDeal:
        return deal_mittlere(self.rules, seed, dealer)

    def _make_hand(self, deal: Any, hand_no: int, totals: tuple[int, ...]) -> MittlereHand:
        return MittlereHand(self.rules, deal, hand_no, totals)

    def _is_deal(self, deal: object) -> bool:
        return isinstance(deal, MittlereDeal)

    @property
    def scores(self) -> tuple[int, ...]:
        """Each player's net count, the current hand included once it is over (higher is
        better)."""
        r = self.round
        return tuple(t + p for t, p in zip(r.totals, r.result(), strict=True))

    def marks(self) -> tuple[tuple[int, int], ...]:
        """Each player's Striche and Nuller so far."""
        st = [0] * PLAYERS
        nu = [0] * PLAYERS
        for r in self.rounds:
            for s, (a, b) in enumerate(r.marks()):
                st[s] += a
                nu[s] += b
        return tuple(zip(st, nu, strict=True))

    @property
    def is_over(self) -> bool:
        """True once the last hand is played."""
        return len(self.rounds) == self.rules.hands and self.round.is_over

    def standings(self) -> tuple[int, ...]:
        """Places by net count, highest first; equal counts share a place."""
        return rank_sides([-s for s in self.scores])

    def summary(self) -> dict[str, Any]:
        """Plain data: net counts, marks, hands played, places."""
        return {
            "variant": "mittlere", "scores": list(self.scores), "hands": len(self.rounds),
            "marks": [list(m) for m in self.marks()],
            "places": list(self.standings()), "over": self.is_over,
        }


# ---------------------------------------------------------------------------------------------
# Notation


ACTIONS: Final = ActionSpace(tuple(format_card(c) for c in range(NUM_CARDS)))


def format_deal_line(d: MittlereDeal) -> str:
    """``DEALER HAND / HAND / HAND``: the dealer and the hands, seat 0 first."""
    return f"{d.dealer} " + " / ".join(format_cards(bits(h)) for h in d.hands)


def parse_deal_line(rules: MittlereRules, text: str) -> MittlereDeal:
    """Parse :func:`format_deal_line`'s text (``ValueError`` saying what is wrong)."""
    parts = text.split(None, 1)
    if len(parts) != 2 or not (parts[0].isascii() and parts[0].isdigit()):
        raise ValueError("a Mittlere deal reads 'DEALER HAND / HAND / HAND'")
    hands = []
    for p in parts[1].split("/"):
        m = 0
        for c in parse_cards(p):
            m |= 1 << c
        hands.append(m)
    return check_deal(rules, MittlereDeal(tuple(hands), int(parts[0])))


class MittlereVariant(DealLineVariant):
    """The static description of Mittlere."""

    key = "mittlere"
    name = "Mittlere"
    aliases = ("plus-minus", "plusminus", "mittlere-jass")
    summary = "three alone, trumps fixed by the first discard: avoid the middle total"
    players = (3,)
    sides_text = "each alone"
    score_name = "Striche"
    lower_is_better = False
    options_class = MittlereRules
    preset_table = PRESETS
    deal_type = MittlereDeal

    def num_seats(self, rules: Any) -> int:
        """Always three."""
        return PLAYERS

    def action_space(self, rules: Any) -> ActionSpace:
        """The 36 cards (the same ids under every option)."""
        return ACTIONS

    def new_game(self, rules: Any = None, seed: int | str | None = None,
                 deals: list[Any] | None = None) -> MittlereGame:
        """A new game of Mittlere."""
        return MittlereGame(rules, seed, deals)

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

    def parse_deal(self, rules: Any, text: str) -> MittlereDeal:
        """A deal of ``DEALER HAND / HAND / HAND``."""
        return parse_deal_line(rules, text)


VARIANT: Final = MittlereVariant()
