"""Chratzer: a pot game for two to seven players, each alone, four tricks a deal.

Rules (``docs/variants/chratzer.md``, rule book §2.25): every deal each player antes into the
pot; four cards each, a turned card for trumps; the first to say "chratze" promises two tricks
and leads, every other player comes along ("metcho", one trick) or sits the deal out ("weg").
Each trick wins a quarter of the pot; a missed promise pays into the next pot. Nobody chratzt:
new trump cards, then the same dealer deals again (the pot grows). The game keeps each player's
chip balance and ends after ``game_deals`` played deals. The deal is in
:mod:`puur.variants.chratzer_hand`, the options and the chips in
:mod:`puur.variants.chratzer_rules`, the observation in :mod:`puur.variants.chratzer_view`.

Action ids (stable): 0-35 play a card; 36 chratze, 37 weg, 38 metcho.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, ClassVar, Final

from puur.cards import NUM_CARDS, bits, format_card, format_cards, parse_card, parse_cards
from puur.hand import IllegalActionError
from puur.variants.base import ActionSpace, rank_sides
from puur.variants.chratzer_hand import (
    A_CHRATZE,
    A_METCHO,
    A_WEG,
    NUM_ACTIONS,
    ChratzerDeal,
    ChratzerHand,
    check_deal,
    deal_chratzer,
)
from puur.variants.chratzer_rules import PRESETS, ChratzerRules
from puur.variants.dealt import DealLineVariant
from puur.variants.series import SeriesGame

__all__ = ["ACTIONS", "VARIANT", "ChratzerGame", "ChratzerVariant", "format_deal_line",
           "parse_deal_line"]


class ChratzerGame(SeriesGame[ChratzerHand]):
    """A game of Chratzer: deals until ``game_deals`` of them were played."""

    def __init__(self, rules: ChratzerRules | None = None, seed: int | str | None = None,
                 deals: list[ChratzerDeal] | None = None) -> None:
        rules = VARIANT.check_rules(rules)
        self.rules: ChratzerRules = rules
        self.seed: int | str = seed if seed is not None else random.randrange(2**63)
        self._deals: list[ChratzerDeal] = list(deals or [])
        n = rules.players
        self.first_dealer: int = (self._deals[0].dealer if self._deals
                                  else random.Random(f"{self.seed}:dealer").randrange(n))
        self.rounds = []
        self._start_hand()

    @property
    def variant(self) -> ChratzerVariant:
        """The Chratzer variant."""
        return VARIANT

    @property
    def num_seats(self) -> int:
        """Two to seven players."""
        return self.rules.players

    @property
    def sides(self) -> tuple[int, ...]:
        """Each player is a side of his own."""
        return tuple(range(self.rules.players))

    def balances(self, upto: int | None = None) -> tuple[int, ...]:
        """Each player's chip balance after the first ``upto`` deals (all so far, the deal in
        play included once it is over)."""
        bal = [0] * self.rules.players
        for r in self.rounds[:upto]:
            for s, v in enumerate(r.result()):
                bal[s] += v
        return tuple(bal)

    @property
    def scores(self) -> tuple[int, ...]:
        """Each player's chip balance."""
        return self.balances()

    @property
    def pot(self) -> int:
        """The chips in the pot now: the deal in play's pot, or what it left once over."""
        r = self.round
        return r.carry if r.is_over else r.pot

    def played_deals(self) -> int:
        """The deals someone chratzt in, so far."""
        return sum(1 for r in self.rounds if r.counts)

    @property
    def is_over(self) -> bool:
        """True once ``game_deals`` deals were played and the last one is over."""
        return self.round.is_over and self.played_deals() >= self.rules.game_deals

    def standings(self) -> tuple[int, ...]:
        """Places by balance (equal balances share the place)."""
        return rank_sides([(-b,) for b in self.balances()])

    def summary(self) -> dict[str, Any]:
        """Plain data: balances, the pot, deals dealt and played, places."""
        return {
            "variant": "chratzer", "scores": list(self.scores), "hands": len(self.rounds),
            "played": self.played_deals(), "pot": self.pot,
            "places": list(self.standings()), "over": self.is_over,
        }

    # -----------------------------------------------------------------------------------------
    # Deals

    def _next_dealer(self, index: int) -> int:
        if index == 0:
            return self.first_dealer
        last = self.rounds[index - 1]
        return last.dealer if not last.counts else (last.dealer + 1) % self.rules.players

    def deal_for(self, index: int) -> ChratzerDeal:
        """The deal of hand ``index``: given, played, or (for the next hand) shuffled from the
        seed (the same dealer deals again after a deal nobody chratzt)."""
        if index < len(self._deals):
            return self._deals[index]
        if index != len(self.rounds) or (self.rounds and not self.round.is_over):
            raise IndexError(f"hand {index + 1} is not dealt yet")
        d = deal_chratzer(self.rules, f"{self.seed}:{index}", self._next_dealer(index))
        self._deals.append(d)
        return d

    def _make(self, deal: Any, index: int) -> ChratzerHand:
        if not isinstance(deal, ChratzerDeal):
            raise IllegalActionError(f"not a deal of this game: {deal!r}", "bad_deal")
        if index and deal.dealer != self._next_dealer(index):
            raise IllegalActionError(
                f"hand {index + 1} is dealt by seat {self._next_dealer(index)}, not "
                f"{deal.dealer}", "bad_deal")
        carried = self.rounds[index - 1].carry if index else 0
        return ChratzerHand(self.rules, deal, index + 1, self.balances(index), carried)

    def _start_hand(self) -> None:
        index = len(self.rounds)
        self.rounds.append(self._make(self.deal_for(index), index))

    def _next_hand(self) -> None:
        self._start_hand()

    def set_deal(self, deal: Any) -> None:
        """Replace the deal of the current hand before its first action (used by records)."""
        r = self.round
        if r.actions or self.is_over:
            raise IllegalActionError("the deal can only be set before the hand's first action")
        index = len(self.rounds) - 1
        try:
            hand = self._make(deal, index)
        except ValueError as e:
            raise IllegalActionError(str(e), "bad_deal") from None
        self.rounds[index] = hand
        if index == 0:
            self.first_dealer = deal.dealer
        self._deals[index:index + 1] = [deal]


# ---------------------------------------------------------------------------------------------
# Notation

_WORD_IDS: Final = {"chratze": A_CHRATZE, "weg": A_WEG, "metcho": A_METCHO}


def action_names() -> tuple[str, ...]:
    """The name of every action id."""
    names = (*(format_card(c) for c in range(NUM_CARDS)),
             *(f"declare:{w}" for w in ("chratze", "weg", "metcho")))
    assert len(names) == NUM_ACTIONS and names[A_METCHO] == "declare:metcho"
    return names


ACTIONS: Final = ActionSpace(action_names())


def format_deal_line(d: ChratzerDeal) -> str:
    """``DEALER HAND / HAND / … ; turned CARD CARD …``."""
    hands = " / ".join(format_cards(bits(h)) for h in d.hands)
    return f"{d.dealer} {hands} ; turned {' '.join(format_card(c) for c in d.turned)}"


def _mask(text: str) -> int:
    m = 0
    for c in parse_cards(text.strip()):
        if m >> c & 1:
            raise ValueError(f"a card is named twice in {text!r}")
        m |= 1 << c
    return m


def parse_deal_line(rules: ChratzerRules, text: str) -> ChratzerDeal:
    """Parse :func:`format_deal_line`'s text (``ValueError`` saying what is wrong)."""
    parts = [p.strip() for p in text.split(";")]
    head = parts[0].split(None, 1)
    if (len(parts) != 2 or len(head) != 2 or not (head[0].isascii() and head[0].isdigit())
            or not parts[1].startswith("turned ")):
        raise ValueError("a Chratzer deal reads 'DEALER HAND / HAND / ... ; turned CARD ...'")
    turned = tuple(parse_card(t) for t in parts[1][len("turned "):].split())
    deal = ChratzerDeal(tuple(_mask(h) for h in head[1].split("/")), int(head[0]), turned)
    return check_deal(rules, deal)


class ChratzerVariant(DealLineVariant):
    """The static description of Chratzer."""

    key = "chratzer"
    name = "Chratzer"
    aliases = ("chratze", "kratzen")
    summary = "each alone for a pot: chratze for two tricks, come along for one, or stay out"
    players = (4, 2, 3, 5, 6, 7)
    sides_text = "each alone"
    score_name = "chips"
    lower_is_better = False
    options_class = ChratzerRules
    preset_table = PRESETS
    deal_type = ChratzerDeal
    word_ids: ClassVar[Mapping[str, int]] = _WORD_IDS

    def num_seats(self, rules: Any) -> int:
        """Two to seven, as ``players`` says."""
        return int(self.check_rules(rules).players)

    def action_space(self, rules: Any) -> ActionSpace:
        """Cards and the three words (the same ids under every option)."""
        return ACTIONS

    def new_game(self, rules: Any = None, seed: int | str | None = None,
                 deals: list[Any] | None = None) -> ChratzerGame:
        """A new game of Chratzer."""
        return ChratzerGame(rules, seed, deals)

    def format_deal(self, deal: Any) -> str:
        """The dealer, the hands and the trump cards."""
        return format_deal_line(deal)

    def parse_deal(self, rules: Any, text: str) -> ChratzerDeal:
        """A deal of :func:`format_deal_line`'s form."""
        return parse_deal_line(rules, text)


VARIANT: Final = ChratzerVariant()
