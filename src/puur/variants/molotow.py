"""Molotow: each alone, trumps fixed by the first discard, the fewest points win.

Rules (``docs/variants/molotow.md``): three to six players (four by default), each alone; all
cards are dealt (with five players the Schilten 6 is left out); the hand starts without trumps,
ranked as Obenabe, and everyone must follow suit; the first card played by a player who cannot
follow makes its suit trumps, and wins its own trick unless a higher trump follows; at the end
every trick is valued by the contract the hand ended in. Family A scores points (card points
and table Weis, less one's own Weis and Stöck) and the lowest total after the agreed number of
hands wins; family B gives Striche and Nuller per hand. The hand is in
:mod:`puur.variants.molotow_hand`, the options and the scoring functions in
:mod:`puur.variants.molotow_rules`, the observation in :mod:`puur.variants.molotow_view`.

Action ids (stable): 0-35 play a card; 36 keep quiet about a Weis and 37-51 declare one; 52 and
53 announce Stöck or keep quiet.
"""

from __future__ import annotations

from typing import Any, Final

from puur.cards import NUM_CARDS, bits, format_card, format_cards, parse_cards
from puur.variants.base import (
    ActionSpace,
    rank_sides,
)
from puur.variants.dealt import DealLineVariant
from puur.variants.molotow_hand import (
    A_STOECK,
    NUM_ACTIONS,
    MolotowDeal,
    MolotowHand,
    check_deal,
    deal_molotow,
)
from puur.variants.molotow_rules import PRESETS, MolotowRules
from puur.variants.series import DealtSeries

__all__ = ["ACTIONS", "VARIANT", "MolotowGame", "MolotowVariant", "format_deal_line",
           "parse_deal_line"]


class MolotowGame(DealtSeries[MolotowHand]):
    """A game of Molotow: the agreed number of hands, the dealer moving one seat a hand."""

    def __init__(self, rules: MolotowRules | None = None, seed: int | str | None = None,
                 deals: list[MolotowDeal] | None = None) -> None:
        rules = VARIANT.check_rules(rules)
        self.rules: MolotowRules = rules
        self._start_series(seed, deals, rules.players)

    @property
    def variant(self) -> MolotowVariant:
        """The Molotow variant."""
        return VARIANT

    @property
    def num_seats(self) -> int:
        """Three to six players."""
        return self.rules.players

    @property
    def sides(self) -> tuple[int, ...]:
        """Each player is a side of his own."""
        return tuple(range(self.rules.players))

    def _deal(self, seed: str, dealer: int) -> MolotowDeal:
        return deal_molotow(self.rules, seed, dealer)

    def _make_hand(self, deal: Any, hand_no: int, totals: tuple[int, ...]) -> MolotowHand:
        return MolotowHand(self.rules, deal, hand_no, totals)

    def _is_deal(self, deal: object) -> bool:
        return isinstance(deal, MolotowDeal)

    @property
    def scores(self) -> tuple[int, ...]:
        """Each player's game total, the current hand included once it is over (points in
        family A, Nuller less Striche in family B: lower is better in both)."""
        r = self.round
        return tuple(t + p for t, p in zip(r.totals, r.result(), strict=True))

    def marks(self) -> tuple[tuple[int, int], ...]:
        """Family B: each player's Striche and Nuller so far."""
        st = [0] * self.rules.players
        nu = [0] * self.rules.players
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
        """Places by game total, lowest first; equal totals share a place."""
        return rank_sides(list(self.scores))

    def summary(self) -> dict[str, Any]:
        """Plain data: totals, hands played, places (and marks in family B)."""
        out: dict[str, Any] = {
            "variant": "molotow", "scores": list(self.scores), "hands": len(self.rounds),
            "places": list(self.standings()), "over": self.is_over,
        }
        if not self.rules.family_a:
            out["marks"] = [list(m) for m in self.marks()]
        return out


# ---------------------------------------------------------------------------------------------
# Notation


def action_names() -> tuple[str, ...]:
    """The name of every action id."""
    names = [format_card(c) for c in range(NUM_CARDS)]
    names += ["weis:-"] + [f"weis:{k}" for k in range(1, 16)]
    names += ["stoeck", "stoeck:-"]
    assert len(names) == NUM_ACTIONS and names[A_STOECK] == "stoeck"
    return tuple(names)


ACTIONS: Final = ActionSpace(action_names())


def format_deal_line(d: MolotowDeal) -> str:
    """``DEALER HAND / HAND / …``: the dealer and the hands, seat 0 first."""
    return f"{d.dealer} " + " / ".join(format_cards(bits(h)) for h in d.hands)


def parse_deal_line(rules: MolotowRules, text: str) -> MolotowDeal:
    """Parse :func:`format_deal_line`'s text (``ValueError`` saying what is wrong)."""
    parts = text.split(None, 1)
    if len(parts) != 2 or not (parts[0].isascii() and parts[0].isdigit()):
        raise ValueError("a Molotow deal reads 'DEALER HAND / HAND / ...'")
    hands = []
    for p in parts[1].split("/"):
        m = 0
        for c in parse_cards(p):
            m |= 1 << c
        hands.append(m)
    return check_deal(rules, MolotowDeal(tuple(hands), int(parts[0])))


class MolotowVariant(DealLineVariant):
    """The static description of Molotow."""

    key = "molotow"
    name = "Molotow"
    aliases = ("molotow-jass", "molotov")
    summary = "each alone: trumps fixed by the first discard, the fewest points win"
    players = (4, 3, 5, 6)
    sides_text = "each alone"
    score_name = "points"
    lower_is_better = True
    options_class = MolotowRules
    preset_table = PRESETS
    deal_type = MolotowDeal

    def num_seats(self, rules: Any) -> int:
        """Three to six, as ``players`` says."""
        return int(self.check_rules(rules).players)

    def action_space(self, rules: Any) -> ActionSpace:
        """Cards, Weis and Stöck (the same ids under every option)."""
        return ACTIONS

    def new_game(self, rules: Any = None, seed: int | str | None = None,
                 deals: list[Any] | None = None) -> MolotowGame:
        """A new game of Molotow."""
        return MolotowGame(rules, seed, deals)

    def format_deal(self, deal: Any) -> str:
        """The dealer and the hands."""
        return format_deal_line(deal)

    def parse_deal(self, rules: Any, text: str) -> MolotowDeal:
        """A deal of ``DEALER HAND / …``."""
        return parse_deal_line(rules, text)


VARIANT: Final = MolotowVariant()
