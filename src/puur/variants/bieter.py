"""Bieter (Steiger, Steigerer, Büter): an auction makes the König, who plays alone against two.

Rules (``docs/variants/bieter.md``, rule book §2.5): three players; once per game an auction
from the Vorhand (bid or pass, a pass is final) makes the highest bidder the König. In the
first hand he names the contract and leads; in the later hands the dealer's last card gives
trumps and the Vorhand leads, and the König may decline a hand (the Bauern write 257 and their
Stöck). Scores accumulate over the hands: the König needs his bid, the Bauern the target
(1000), and the first side to reach its figure wins at once. Five players (an option): the
König calls a card and its holder is his secret partner. A game is one auction and its hands;
:meth:`BieterGame.next_game` starts the next one (a new auction, the next dealer).

The options, presets and action ids are in :mod:`puur.variants.bieter_rules`, one hand in
:mod:`puur.variants.bieter_hand`, the observation in :mod:`puur.variants.bieter_view`.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any, ClassVar, Final

from puur.cards import NUM_CARDS, bits, format_card, format_cards, parse_card, parse_cards
from puur.contracts import CONTRACT_TOKENS
from puur.hand import TrickHand
from puur.variants.base import (
    ActionSpace,
    parse_call_token,
    rank_sides,
)
from puur.variants.bieter_hand import BieterDeal, BieterHand, check_deal, deal_bieter
from puur.variants.bieter_rules import (
    A_ACCEPT,
    A_BID,
    A_CALL,
    A_CONTRACT,
    A_DECLINE,
    A_DISCARD,
    A_PASS,
    A_STOECK,
    BID_UNIT,
    MAX_BID_VALUE,
    NUM_ACTIONS,
    PRESETS,
    REMOVED_AT_FIVE,
    BieterRules,
    add_hand,
    bid_action,
)
from puur.variants.dealt import DealLineVariant
from puur.variants.series import DealtSeries

__all__ = ["ACTIONS", "VARIANT", "BieterGame", "BieterVariant", "format_deal_line",
           "parse_deal_line"]


class BieterGame(DealtSeries[BieterHand]):
    """A game of Bieter: the auction, then hands until a column reaches its target.
    ``first_dealer`` fixes who deals first (the seat after the last game's dealer)."""

    def __init__(self, rules: BieterRules | None = None, seed: int | str | None = None,
                 deals: list[BieterDeal] | None = None, first_dealer: int | None = None) -> None:
        rules = VARIANT.check_rules(rules)
        self.rules: BieterRules = rules
        n = rules.players
        if first_dealer is not None and (type(first_dealer) is not int
                                         or not 0 <= first_dealer < n):
            raise ValueError(f"the first dealer must be a seat 0..{n - 1}")
        self._start_series(seed, deals, n, first_dealer, (0, 0))

    @property
    def variant(self) -> BieterVariant:
        """The Bieter variant."""
        return VARIANT

    @property
    def num_seats(self) -> int:
        """Three or five players."""
        return self.rules.players

    @property
    def sides(self) -> tuple[int, ...]:
        """Every seat keeps a score of its own on the sheet (the column it writes in)."""
        return tuple(range(self.rules.players))

    # -----------------------------------------------------------------------------------------
    # The hands

    def _dealer_of(self, index: int) -> int:
        if index == 0:
            return self.first_dealer
        prev = self.rounds[index - 1]
        if prev.thrown_in and self.rules.redeal == "same_dealer":
            return prev.dealer
        return (prev.dealer + 1) % self._players

    def deal_for(self, index: int) -> Any:
        """The deal of hand ``index`` (given, or shuffled from the seed once the hand before
        it is over: a deal thrown in may leave the same dealer)."""
        if index < len(self._deals):
            return self._deals[index]
        if index > len(self.rounds):
            raise ValueError(f"hand {index + 1} is not dealt yet")
        d = self._deal(f"{self.seed}:{index}", self._dealer_of(index))
        self._deals.append(d)
        return d

    def _deal(self, seed: str, dealer: int) -> BieterDeal:
        return deal_bieter(self.rules, seed, dealer)

    def _make_hand(self, deal: Any, hand_no: int, totals: tuple[int, ...]) -> BieterHand:
        prev = self.rounds[hand_no - 2] if hand_no > 1 else None
        if prev is None or prev.koenig < 0:
            return BieterHand(self.rules, deal, hand_no)
        return BieterHand(self.rules, deal, hand_no, prev.koenig, prev.bid,
                          add_hand(prev.totals, prev.team_points))

    def _is_deal(self, deal: object) -> bool:
        return isinstance(deal, BieterDeal)

    @property
    def is_over(self) -> bool:
        """True once a column has reached its target."""
        return self.round.winner >= 0

    # -----------------------------------------------------------------------------------------
    # The score sheet

    @property
    def koenig(self) -> int:
        """The König of this game (-1 until an auction is won)."""
        return self.round.koenig

    def columns(self) -> tuple[int, int]:
        """The (König, Bauern) columns now: the hand in play counts once its points are public
        (at once with three players; with five once the partner is known)."""
        r = self.round
        if self.rules.players == 5 and not (r.is_over or r.revealed):
            return r.totals
        return add_hand(r.totals, r.team_points)

    @property
    def scores(self) -> tuple[int, ...]:
        """Each seat's column: the König's for the König, the Bauern's for every other seat
        (with five players the partner of a hand helps the König's column, but his seat shows
        the others')."""
        k, b = self.columns()
        return tuple(k if s == self.koenig else b for s in range(self.rules.players))

    @property
    def winning_side(self) -> int:
        """0 when the König('s pair) won, 1 when the Bauern won, -1 while the game runs."""
        return self.round.winner

    def standings(self) -> tuple[int, ...]:
        """Once over: the winners first, the others second. While the game runs: by how far
        each column has come towards its target."""
        r = self.round
        n = self.rules.players
        if self.is_over:
            return tuple(1 if r.team(s) == r.winner else 2 for s in range(n))
        if r.koenig < 0:
            return (1,) * n
        k, b = self.columns()
        progress = (k / r.bid, b / self.rules.target)
        return rank_sides([-progress[0 if s == r.koenig else 1] for s in range(n)])

    def summary(self) -> dict[str, Any]:
        """Plain data: the König, his bid, both columns and targets, hands, places."""
        r = self.round
        return {
            "variant": "bieter", "koenig": r.koenig, "bid": r.bid,
            "columns": list(self.columns()), "targets": [r.bid, self.rules.target],
            "scores": list(self.scores), "hands": len(self.rounds),
            "places": list(self.standings()), "over": self.is_over,
            "winning_side": self.winning_side,
        }

    def next_game(self, seed: int | str | None = None) -> BieterGame:
        """The next game at the same table: a new auction, dealt by the seat after this game's
        last dealer."""
        return BieterGame(self.rules, seed, first_dealer=(self.round.dealer + 1) % self._players)


# ---------------------------------------------------------------------------------------------
# Notation


def action_names() -> tuple[str, ...]:
    """The name of every action id."""
    names = [format_card(c) for c in range(NUM_CARDS)]
    names += ["weis:-"] + [f"weis:{k}" for k in range(1, 16)]
    names += ["stoeck", "stoeck:-", "pass"]
    names += [f"bid:{v}" for v in range(0, MAX_BID_VALUE + 1, BID_UNIT)]
    names += [f"choose:{CONTRACT_TOKENS[c]}" for c in range(6)]
    names += ["decline", "accept"]
    names += [f"discard:{format_card(c)}" for c in range(NUM_CARDS)]
    names += [f"call:{format_card(c)}" for c in range(NUM_CARDS)]
    assert len(names) == NUM_ACTIONS and names[A_STOECK] == "stoeck"
    assert names[A_BID] == "bid:0" and names[A_CALL] == "call:D6"
    return tuple(names)


ACTIONS: Final = ActionSpace(action_names())


def _cards_text(mask: int) -> str:
    return format_cards(bits(mask))


def format_deal_line(d: BieterDeal) -> str:
    """``DEALER TURNED HAND / HAND / …``, and with a talon ``| DOWN / UP``."""
    out = f"{d.dealer} {format_card(d.turned)} " + " / ".join(_cards_text(h) for h in d.hands)
    if d.talon_down or d.talon_up:
        out += f" | {_cards_text(d.talon_down)} / {_cards_text(d.talon_up)}"
    return out


def _mask(text: str) -> int:
    m = 0
    for c in parse_cards(text):
        m |= 1 << c
    return m


def parse_deal_line(rules: BieterRules, text: str) -> BieterDeal:
    """Parse :func:`format_deal_line`'s text (``ValueError`` saying what is wrong)."""
    main, bar, talon = text.partition("|")
    parts = main.split(None, 2)
    if len(parts) != 3 or not (parts[0].isascii() and parts[0].isdigit()):
        raise ValueError("a Bieter deal reads 'DEALER TURNED HAND / HAND / ...'")
    hands = tuple(_mask(p) for p in parts[2].split("/"))
    down = up = 0
    if bar:
        halves = talon.split("/")
        if len(halves) != 2:
            raise ValueError("a talon reads '| DOWN / UP'")
        down, up = _mask(halves[0]), _mask(halves[1])
    return check_deal(rules, BieterDeal(hands, int(parts[0]), parse_card(parts[1]), down, up))


class BieterVariant(DealLineVariant):
    """The static description of Bieter."""

    key = "bieter"
    name = "Bieter"
    aliases = ("steiger", "steigerer", "büter", "bueter")
    summary = "an auction makes the König, alone against two: his bid against their 1000"
    players = (3, 5)
    sides_text = "the König alone against two (with five: the König and a called partner "\
        "against three)"
    options_class = BieterRules
    preset_table = PRESETS
    deal_type = BieterDeal
    word_ids: ClassVar[Mapping[str, int]] = {
        "pass": A_PASS, "decline": A_DECLINE, "accept": A_ACCEPT}
    other_tokens = ("bid:N", "choose:C", "discard:CARD", "call:CARD")

    def num_seats(self, rules: Any) -> int:
        """Three or five, as ``players`` says."""
        return int(self.check_rules(rules).players)

    def action_space(self, rules: Any) -> ActionSpace:
        """The same ids under every option."""
        return ACTIONS

    def hides_action(self, rules: Any, action: int) -> bool:
        """The König's discards go face down: the others learn only that he discarded."""
        return type(action) is int and A_DISCARD <= action < A_CALL

    def with_hands(self, deal: Any, hands: tuple[int, ...]) -> BieterDeal:
        """The same dealer, turned card and talon with other hands. A card the hands take from
        the talon stays in the talon, and its hand gets a card nobody holds in its place (a
        redeal of what a seat cannot know: the König takes the whole talon anyway). A turned card
        the dealer no longer holds gives way to one he does."""
        if not isinstance(deal, BieterDeal):
            raise TypeError(f"not a Bieter deal: {deal!r}")
        talon = deal.talon
        held = sum(hands) | talon
        if len(hands) == 5:
            held |= 1 << REMOVED_AT_FIVE
        spare = [c for c in range(NUM_CARDS) if not held >> c & 1]
        out = []
        for h in hands:
            for c in bits(h & talon):
                h &= ~(1 << c)
                if spare:
                    h |= 1 << spare.pop(0)
            out.append(h)
        turned = deal.turned
        if not out[deal.dealer] >> turned & 1 and out[deal.dealer]:
            # Only a later hand shows the dealer's last card: in the first it may be any of his.
            turned = out[deal.dealer].bit_length() - 1
        return dataclasses.replace(deal, hands=tuple(out), turned=turned)

    def new_game(self, rules: Any = None, seed: int | str | None = None,
                 deals: list[Any] | None = None) -> BieterGame:
        """A new game of Bieter."""
        return BieterGame(rules, seed, deals)

    def hand_scores(self, game: Any, index: int) -> tuple[int, ...]:
        """Each seat's column after hand ``index``."""
        r = game.rounds[index]
        k, b = add_hand(r.totals, r.team_points)
        return tuple(k if s == r.koenig else b for s in range(r.num_seats))

    def result_data(self, game: Any) -> dict[str, Any]:
        """The finished game, with what ended it: ``bid`` (the König's column reached his
        bid) or ``target`` (the Bauern's reached theirs)."""
        out = super().result_data(game)
        side = game.winning_side
        if side >= 0:
            out["reason"] = "bid" if side == 0 else "target"
        return out

    def format_other(self, hand: TrickHand, action: int) -> str | None:
        """A bid, contract, discard or call token."""
        if type(action) is int and A_PASS <= action < NUM_ACTIONS:
            return ACTIONS.names[action]
        return None

    def parse_other(self, hand: TrickHand, token: str) -> int | None:
        """``bid:N``, ``choose:C``, ``discard:CARD`` or ``call:CARD``."""
        t = token.strip()
        kind, _sep, arg = t.partition(":")
        kind = kind.lower()
        call = parse_call_token(t, self.name)
        if call is not None:
            return bid_action(call[1]) if call[0] == "bid" else A_CONTRACT + call[1]
        if kind == "discard":
            return A_DISCARD + parse_card(arg)
        if kind == "call":
            return A_CALL + parse_card(arg)
        return None

    def open_piles(self, hand: Any) -> dict[str, int]:
        """The talon where nobody took it (the König's discards are his actions)."""
        talon = hand.deal.talon
        return {"talon": talon} if talon and not hand.talon_taken else {}

    def format_deal(self, deal: Any) -> str:
        """The dealer, the turned card, the hands and the talon."""
        return format_deal_line(deal)

    def parse_deal(self, rules: Any, text: str) -> BieterDeal:
        """A deal of ``DEALER TURNED HAND / … [| DOWN / UP]``."""
        return parse_deal_line(rules, text)


VARIANT: Final = BieterVariant()
