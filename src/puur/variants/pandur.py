"""Pandur: 24 cards, an auction up to Trumpf-Pandur, the soloist against the others, the last
one left loses.

Rules (``docs/variants/pandur.md``): three active players (at a table of four the dealer sits
the hand out), 8 cards each from the 9s up; an auction of numeric bids (100 to 300 in tens)
and of Misère, Trumpf-Misère, Pandur and Trumpf-Pandur between them; the soloist makes his
contract for its value in game points, or each opponent gains it. A player reaching the target
(15) leaves the table; with two left each gets 8 cards and 8 lie out of play; the last one left
loses. The hand is in :mod:`puur.variants.pandur_hand`, the options and the scoring in
:mod:`puur.variants.pandur_rules`, the observation in :mod:`puur.variants.pandur_view`.

Action ids (stable): 0-35 play a card; 36 keep quiet about a Weis and 37-51 declare one; 52 and
53 announce Stöck or keep quiet; 54 pass; 55-79 the 25 bids in ladder order; 80-83 name trumps.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, ClassVar, Final

from puur.cards import NUM_CARDS, format_card
from puur.contracts import CONTRACT_TOKENS, ContractError, parse_contract
from puur.hand import IllegalActionError, TrickHand
from puur.variants.base import ActionSpace, rank_sides
from puur.variants.dealt import DealLineVariant
from puur.variants.handjass import _cards, _mask  # the same card lists with '-'
from puur.variants.pandur_hand import PandurDeal, PandurHand, active_seats, check_deal, deal_pandur
from puur.variants.pandur_rules import (
    A_PASS,
    A_STOECK,
    A_TRUMP,
    LADDER,
    NUM_ACTIONS,
    PRESETS,
    PandurRules,
    bid_action,
    bid_name,
    parse_bid,
)
from puur.variants.series import SeriesGame

__all__ = ["ACTIONS", "VARIANT", "PandurGame", "PandurVariant", "format_deal_line",
           "parse_deal_line"]


class PandurGame(SeriesGame[PandurHand]):
    """A game of Pandur: hands until one player is left at the table."""

    def __init__(self, rules: PandurRules | None = None, seed: int | str | None = None,
                 deals: list[PandurDeal] | None = None) -> None:
        rules = VARIANT.check_rules(rules)
        self.rules: PandurRules = rules
        self.seed: int | str = seed if seed is not None else random.randrange(2**63)
        self._deals: list[PandurDeal] = list(deals or [])
        n = rules.players
        self.first_dealer: int = (self._deals[0].dealer if self._deals
                                  else random.Random(f"{self.seed}:dealer").randrange(n))
        self.rounds = []
        self._start_hand()

    @property
    def variant(self) -> PandurVariant:
        """The Pandur variant."""
        return VARIANT

    @property
    def num_seats(self) -> int:
        """Four (the dealer sits out while four are at the table) or three."""
        return self.rules.players

    @property
    def sides(self) -> tuple[int, ...]:
        """Each player keeps his own game points."""
        return tuple(range(self.rules.players))

    # -----------------------------------------------------------------------------------------
    # The sheet

    def totals(self, upto: int | None = None) -> tuple[int, ...]:
        """Each player's game points after the first ``upto`` hands (all so far, the hand in
        play included once it is over)."""
        out = [0] * self.rules.players
        for r in self.rounds[:upto]:
            for s, v in enumerate(r.result()):
                out[s] += v
        return tuple(out)

    def left_after(self) -> tuple[int, ...]:
        """For each player, the number of the hand after which he left the table (0: still at
        it)."""
        n = self.rules.players
        out = [0] * n
        tot = [0] * n
        for r in self.rounds:
            if not r.is_over:
                break
            for s, v in enumerate(r.result()):
                tot[s] += v
            for s in r.at_table:
                if tot[s] >= self.rules.target and not out[s]:
                    out[s] = r.hand_no
        return tuple(out)

    def at_table(self) -> tuple[int, ...]:
        """The players still at the table."""
        return tuple(s for s, h in enumerate(self.left_after()) if not h)

    @property
    def scores(self) -> tuple[int, ...]:
        """Each player's game points (the current hand included once it is over)."""
        return self.totals()

    @property
    def is_over(self) -> bool:
        """True once at most one player is left at the table."""
        return self.round.is_over and len(self.at_table()) <= 1

    def loser(self) -> int:
        """The player who lost (-1 while the game runs): the last one left, or, if everyone
        left in the same hand, the one with the fewest game points (the first in seat order
        among equals)."""
        if not self.is_over:
            return -1
        places = self.standings()
        return max(range(self.rules.players), key=lambda s: (places[s], -s))

    def standings(self) -> tuple[int, ...]:
        """Places: the first to leave the table first (in one hand the higher total first), the
        last one left last."""
        tot = self.totals()
        left = self.left_after()
        big = len(self.rounds) + 1
        return rank_sides([(h or big, -tot[s]) for s, h in enumerate(left)])

    def summary(self) -> dict[str, Any]:
        """Plain data: game points, hands dealt (deals thrown in included), who left after
        which hand, places, the loser."""
        return {
            "variant": "pandur", "scores": list(self.scores), "hands": len(self.rounds),
            "places": list(self.standings()), "over": self.is_over,
            "left_after": list(self.left_after()), "loser": self.loser(),
        }

    # -----------------------------------------------------------------------------------------
    # Deals

    def _next_dealer(self) -> int:
        n = self.rules.players
        if not self.rounds:
            return self.first_dealer
        last = self.rounds[-1]
        table = self.at_table()
        if last.thrown_in and self.rules.redeal == "same_dealer" and last.dealer in table:
            return last.dealer
        for k in range(1, n + 1):
            if (last.dealer + k) % n in table:
                return (last.dealer + k) % n
        return last.dealer

    def deal_for(self, index: int) -> PandurDeal:
        """The deal of hand ``index``: given, played, or (for the next hand) shuffled from the
        seed for the players still at the table."""
        if index < len(self._deals):
            return self._deals[index]
        if index != len(self.rounds) or (self.rounds and not self.round.is_over):
            raise IndexError(f"hand {index + 1} is not dealt yet")
        d = deal_pandur(self.rules, f"{self.seed}:{index}", self._next_dealer(),
                        self.at_table())
        self._deals.append(d)
        return d

    def _hand(self, deal: object, index: int) -> PandurHand:
        if not isinstance(deal, PandurDeal):
            raise IllegalActionError(f"not a deal of this game: {deal!r}", "bad_deal")
        if index and deal.dealer != self._next_dealer():
            raise IllegalActionError(
                f"hand {index + 1} is dealt by seat {self._next_dealer()}, not {deal.dealer}",
                "bad_deal")
        table = self.at_table()
        want = tuple(sorted(active_seats(self.rules.players, deal.dealer, table)))
        if deal.active != want:
            raise IllegalActionError(f"hand {index + 1} is dealt to seats {list(want)}, not "
                                     f"{list(deal.active)}", "bad_deal")
        try:
            return PandurHand(self.rules, deal, index + 1, self.totals(), table)
        except ValueError as e:
            raise IllegalActionError(str(e), "bad_deal") from None

    def _start_hand(self) -> None:
        index = len(self.rounds)
        self.rounds.append(self._hand(self.deal_for(index), index))

    def _next_hand(self) -> None:
        self._start_hand()

    def set_deal(self, deal: Any) -> None:
        """Replace the deal of the current hand before its first action (used by records)."""
        r = self.round
        if r.actions or self.is_over:
            raise IllegalActionError("the deal can only be set before the hand's first action")
        index = len(self.rounds) - 1
        self.rounds.pop()
        try:
            hand = self._hand(deal, index)
        except IllegalActionError:
            self.rounds.append(r)
            raise
        self.rounds.append(hand)
        if index == 0:
            self.first_dealer = deal.dealer
        self._deals[index:index + 1] = [deal]


# ---------------------------------------------------------------------------------------------
# Notation

_SUIT_TOKENS: Final = CONTRACT_TOKENS[:4]


def action_names() -> tuple[str, ...]:
    """The name of every action id."""
    names = [format_card(c) for c in range(NUM_CARDS)]
    names += ["weis:-"] + [f"weis:{k}" for k in range(1, 16)]
    names += ["stoeck", "stoeck:-", "pass"]
    names += [f"bid:{bid_name(b)}" for b in LADDER]
    names += [f"choose:{t}" for t in _SUIT_TOKENS]
    assert len(names) == NUM_ACTIONS and names[A_STOECK] == "stoeck"
    assert names[bid_action(LADDER[0])] == "bid:100" and names[A_TRUMP].startswith("choose:")
    return tuple(names)


ACTIONS: Final = ActionSpace(action_names())


def format_deal_line(d: PandurDeal) -> str:
    """``DEALER HAND / HAND / … ; dead CARDS`` (``-`` for a seat out of the hand or no
    cards out of play)."""
    return f"{d.dealer} " + " / ".join(_cards(h) for h in d.hands) + f" ; dead {_cards(d.dead)}"


def parse_deal_line(rules: PandurRules, text: str) -> PandurDeal:
    """Parse :func:`format_deal_line`'s text (``ValueError`` saying what is wrong)."""
    body, sep, dead = text.partition(";")
    head = body.split(None, 1)
    key, _, cards = dead.strip().partition(" ")
    if not sep or key != "dead" or len(head) != 2 or not (
            head[0].isascii() and head[0].isdigit()):
        raise ValueError("a Pandur deal reads 'DEALER HAND / HAND / ... ; dead CARDS'")
    deal = PandurDeal(tuple(_mask(h) for h in head[1].split("/")), int(head[0]),
                      _mask(cards or "-"))
    return check_deal(rules, deal)


class PandurVariant(DealLineVariant):
    """The static description of Pandur."""

    key = "pandur"
    name = "Pandur"
    aliases = ("pandurjass", "pandur-jass")
    summary = ("24 cards, an auction up to Trumpf-Pandur, the soloist against the others; the "
               "last one left loses")
    players = (4, 3)
    sides_text = "the soloist alone against the others, each keeping his own game points"
    score_name = "game points"
    lower_is_better = False
    options_class = PandurRules
    preset_table = PRESETS
    deal_type = PandurDeal
    word_ids: ClassVar[Mapping[str, int]] = {"pass": A_PASS}
    other_tokens = ("bid:N", "choose:SUIT")

    def num_seats(self, rules: Any) -> int:
        """Four or three, as ``players`` says."""
        return int(self.check_rules(rules).players)

    def action_space(self, rules: Any) -> ActionSpace:
        """Cards, Weis, Stöck, the bids and the trumps (the same ids under every option)."""
        return ACTIONS

    def new_game(self, rules: Any = None, seed: int | str | None = None,
                 deals: list[Any] | None = None) -> PandurGame:
        """A new game of Pandur."""
        return PandurGame(rules, seed, deals)

    def format_other(self, hand: TrickHand, action: int) -> str | None:
        """A bid or a trump token."""
        if type(action) is int and A_PASS < action < NUM_ACTIONS:
            return ACTIONS.names[action]
        return None

    def parse_other(self, hand: TrickHand, token: str) -> int | None:
        """``bid:N`` (100 to 300, ``misere``, ``trumpf-misere``, ``pandur``,
        ``trumpf-pandur``) or ``choose:SUIT``."""
        kind, _sep, arg = token.strip().partition(":")
        kind = kind.lower()
        if kind == "bid":
            return bid_action(parse_bid(arg))
        if kind == "choose":
            try:
                c = parse_contract(arg)
            except ContractError as e:
                raise ValueError(str(e)) from None
            if c > 3:
                raise ValueError("the soloist names a suit")
            return A_TRUMP + c
        return None

    def format_deal(self, deal: Any) -> str:
        """The dealer, the hands and the cards out of play."""
        return format_deal_line(deal)

    def parse_deal(self, rules: Any, text: str) -> PandurDeal:
        """A deal of :func:`format_deal_line`'s form."""
        return parse_deal_line(rules, text)

    def hand_scores(self, game: Any, index: int) -> tuple[int, ...]:
        """Each player's game points after hand ``index``."""
        return tuple(game.totals(index + 1))


VARIANT: Final = PandurVariant()
