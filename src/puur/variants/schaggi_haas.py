"""Schaggi Haas: two alone, Besser cards, a robbable face-up card, the first to 1000 wins.

Rules (``docs/variants/schaggi_haas.md``): two players, each alone; a cut decides the dealer of
every hand (the lower card deals). Twelve cards each, the 25th face up for trumps, four
face-down Besser cards each, the last three dead. Before trick 1 each player, the non-dealer
first, may put four cards down and take his Besser cards; then the holder of the trump 6 may
take the face-up card for it. The non-dealer leads, the tricks are Schieber's, the last trick
counts 5 more (no Match bonus), and the first to reach the target (1000) wins the moment his
points fall, in the count order. The hand is in :mod:`puur.variants.schaggi_haas_hand`, the
options in :mod:`puur.variants.schaggi_haas_rules`, the observation in
:mod:`puur.variants.schaggi_haas_view`.

Action ids (stable): 0-35 play a card; 36 keep quiet about a Weis and 37-51 declare one; 52 and
53 announce Stöck or keep quiet; 54 keep, 55 besser, 56 rob, 57 pass; 58-93 put a card down.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any, ClassVar, Final

from puur.cards import NUM_CARDS, format_card, parse_card
from puur.hand import IllegalActionError, TrickHand
from puur.variants.base import ActionSpace
from puur.variants.dealt import DealLineVariant
from puur.variants.handjass import _cards, _mask
from puur.variants.schaggi_haas_hand import (
    A_DISCARD,
    A_STOECK,
    NUM_ACTIONS,
    SEATS,
    WORDS,
    SchaggiHaasDeal,
    SchaggiHaasHand,
    check_deal,
    deal_schaggi_haas,
)
from puur.variants.schaggi_haas_rules import PRESETS, SchaggiHaasRules, cut_dealer, cut_for
from puur.variants.series import TargetSeries

__all__ = ["ACTIONS", "VARIANT", "SchaggiHaasGame", "SchaggiHaasVariant", "format_deal_line",
           "parse_deal_line"]

_WORDS: Final = tuple(WORDS[a] for a in sorted(WORDS))


class SchaggiHaasGame(TargetSeries[SchaggiHaasHand]):
    """A game of Schaggi Haas: hands until a player reaches the target, each hand's dealer
    chosen by a cut (or the deal passing from hand to hand)."""

    def __init__(self, rules: SchaggiHaasRules | None = None, seed: int | str | None = None,
                 deals: list[SchaggiHaasDeal] | None = None) -> None:
        rules = VARIANT.check_rules(rules)
        self.rules: SchaggiHaasRules = rules
        self._start_series(seed, deals, SEATS)

    @property
    def variant(self) -> SchaggiHaasVariant:
        """The Schaggi Haas variant."""
        return VARIANT

    def deal_for(self, index: int) -> SchaggiHaasDeal:
        """The deal of hand ``index`` (given, or shuffled from the seed: with the cut, the cut
        from the seed chooses its dealer)."""
        if index < len(self._deals) or self.rules.deal_by != "cut":
            d: SchaggiHaasDeal = super().deal_for(index)
            return d
        cut = cut_for(f"{self.seed}:{index}")
        d = deal_schaggi_haas(f"{self.seed}:{index}", cut_dealer(cut), cut)
        self._deals.append(d)
        return d

    def _deal(self, seed: str, dealer: int) -> SchaggiHaasDeal:
        return deal_schaggi_haas(seed, dealer)

    def _make_hand(self, deal: Any, hand_no: int, totals: tuple[int, ...]) -> SchaggiHaasHand:
        return SchaggiHaasHand(self.rules, deal, hand_no, totals)

    def _is_deal(self, deal: object) -> bool:
        return isinstance(deal, SchaggiHaasDeal)

    def set_deal(self, deal: Any) -> None:
        """Replace the deal of the current hand before its first action (used by records).
        With the cut every deal names its own dealer (its cut decides); otherwise the dealer
        must be the one whose turn it is."""
        r = self.round
        if self.rules.deal_by == "cut" and not r.actions and not self.is_over \
                and isinstance(deal, SchaggiHaasDeal):
            index = len(self.rounds) - 1
            try:
                self.rounds[index] = self._make_hand(deal, r.hand_no, r.totals)
            except ValueError as e:
                raise IllegalActionError(str(e), "bad_deal") from None
            if index == 0:
                self.first_dealer = deal.dealer
            self._deals[index] = deal
            return
        super().set_deal(deal)


# ---------------------------------------------------------------------------------------------
# Notation


def action_names() -> tuple[str, ...]:
    """The name of every action id."""
    names = [format_card(c) for c in range(NUM_CARDS)]
    names += ["weis:-"] + [f"weis:{k}" for k in range(1, 16)]
    names += ["stoeck", "stoeck:-", *(f"declare:{w}" for w in _WORDS)]
    names += [f"discard:{format_card(c)}" for c in range(NUM_CARDS)]
    assert len(names) == NUM_ACTIONS and names[A_STOECK] == "stoeck"
    return tuple(names)


ACTIONS: Final = ActionSpace(action_names())


def format_deal_line(d: SchaggiHaasDeal) -> str:
    """``DEALER HAND / HAND ; turned CARD ; besser CARDS / CARDS ; stock CARDS [; cut C C]``."""
    hands = " / ".join(_cards(h) for h in d.hands)
    out = (f"{d.dealer} {hands} ; turned {format_card(d.turned)} ; besser "
           f"{_cards(d.besser[0])} / {_cards(d.besser[1])} ; stock {_cards(d.stock)}")
    if d.cut:
        out += f" ; cut {format_card(d.cut[0])} {format_card(d.cut[1])}"
    return out


def parse_deal_line(text: str) -> SchaggiHaasDeal:
    """Parse :func:`format_deal_line`'s text (``ValueError`` saying what is wrong)."""
    parts = [p.strip() for p in text.split(";")]
    head = parts[0].split(None, 1)
    if len(parts) not in (4, 5) or len(head) != 2 or not (head[0].isascii()
                                                          and head[0].isdigit()):
        raise ValueError("a Schaggi Haas deal reads 'DEALER HAND / HAND ; turned CARD ; "
                         "besser CARDS / CARDS ; stock CARDS [; cut CARD CARD]'")
    fields: dict[str, str] = {}
    for p in parts[1:]:
        key, _, rest = p.partition(" ")
        if key in fields:
            raise ValueError(f"a Schaggi Haas deal names {key!r} once")
        fields[key] = rest
    if not {"turned", "besser", "stock"} <= set(fields) <= {"turned", "besser", "stock", "cut"}:
        raise ValueError("a Schaggi Haas deal names the turned card, the Besser packets, the "
                         "stock and perhaps the cut")
    besser = fields["besser"].split("/")
    cut = fields.get("cut", "").split()
    if len(besser) != 2 or len(cut) not in (0, 2):
        raise ValueError("a Schaggi Haas deal has two Besser packets and a cut of two cards")
    deal = SchaggiHaasDeal(tuple(_mask(h) for h in head[1].split("/")), int(head[0]),
                           parse_card(fields["turned"].strip()),
                           tuple(_mask(b) for b in besser), _mask(fields["stock"]),
                           tuple(parse_card(c) for c in cut))
    return check_deal(deal)


class SchaggiHaasVariant(DealLineVariant):
    """The static description of Schaggi Haas."""

    key = "schaggi_haas"
    name = "Schaggi Haas"
    aliases = ("schaggi", "schaggihaas", "schaggi-haas", "besserjass")
    summary = ("two alone: four cards down for four unseen, the trump 6 robs the face-up "
               "card, first to 1000")
    players = (2,)
    sides_text = "each alone"
    score_name = "points"
    lower_is_better = False
    options_class = SchaggiHaasRules
    preset_table = PRESETS
    deal_type = SchaggiHaasDeal
    word_ids: ClassVar[Mapping[str, int]] = {w: a for a, w in WORDS.items()}
    other_tokens = ("discard:CARD",)

    def num_seats(self, rules: Any) -> int:
        """Two."""
        return SEATS

    def action_space(self, rules: Any) -> ActionSpace:
        """Cards, Weis, Stöck, the words and the discards (the same ids under every option)."""
        return ACTIONS

    def new_game(self, rules: Any = None, seed: int | str | None = None,
                 deals: list[Any] | None = None) -> SchaggiHaasGame:
        """A new game of Schaggi Haas."""
        return SchaggiHaasGame(rules, seed, deals)

    def with_hands(self, deal: Any, hands: tuple[int, ...]) -> SchaggiHaasDeal:
        """The same dealer, face-up card and cut with other hands. A card the new hands take
        from a Besser packet or the stock leaves it, and a card the old hands held and the new
        ones do not takes its place (a redeal of what a seat cannot know)."""
        if not isinstance(deal, SchaggiHaasDeal):
            raise TypeError(f"not a Schaggi Haas deal: {deal!r}")
        held = 0
        for h in hands:
            held |= h
        freed = [c for c in range(NUM_CARDS)
                 if (deal.hands[0] | deal.hands[1]) >> c & 1 and not held >> c & 1]
        piles = []
        for pile in (*deal.besser, deal.stock):
            for c in range(NUM_CARDS):
                if (pile & held) >> c & 1 and freed:
                    pile = pile & ~(1 << c) | 1 << freed.pop(0)
            piles.append(pile)
        return dataclasses.replace(deal, hands=tuple(hands), besser=(piles[0], piles[1]),
                                   stock=piles[2])

    def hides_action(self, rules: Any, action: int) -> bool:
        """The discards go face down: the other learns only that a card went down."""
        return type(action) is int and A_DISCARD <= action < NUM_ACTIONS

    def format_other(self, hand: TrickHand, action: int) -> str | None:
        """A discard token."""
        if type(action) is int and A_DISCARD <= action < NUM_ACTIONS:
            return ACTIONS.names[action]
        return None

    def parse_other(self, hand: TrickHand, token: str) -> int | None:
        """``discard:CARD``."""
        kind, _sep, arg = token.strip().partition(":")
        if kind.lower() == "discard":
            return A_DISCARD + parse_card(arg)
        return None

    def open_piles(self, hand: Any) -> dict[str, int]:
        """Open in a replay: the stock (as the talon) and the Besser packets nobody took (the
        dead cards); the cards put down are the players' own actions."""
        out = {"talon": hand.stock, "dead": hand.besser[0] | hand.besser[1]}
        return {k: v for k, v in out.items() if v}

    def format_deal(self, deal: Any) -> str:
        """The dealer, the hands, the face-up card, the Besser packets, the stock, the cut."""
        return format_deal_line(deal)

    def parse_deal(self, rules: Any, text: str) -> SchaggiHaasDeal:
        """A deal of :func:`format_deal_line`'s form."""
        return parse_deal_line(text)

    def check_hand(self, game: Any, index: int, text: str) -> None:
        """With the cut the deal names its own dealer; otherwise it must be the game's."""
        if self.check_rules(game.rules).deal_by == "cut":
            deal = self.parse_deal(game.rules, text)
            if not deal.cut:
                raise ValueError("a cut chooses the dealer of every deal: the deal names it")
            return
        super().check_hand(game, index, text)

    def hand_scores(self, game: Any, index: int) -> tuple[int, ...]:
        """Each player's game total after hand ``index``."""
        return tuple(game.rounds[index].scores_after())


VARIANT: Final = SchaggiHaasVariant()
