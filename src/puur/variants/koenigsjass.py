"""Königsjass: three alone, a talon with a turned card, the first to 1000 wins at once.

Rules (``docs/variants/koenigsjass.md``): three players, each alone; nine cards each and nine to
the talon, whose top card is turned for trumps. The holder of the trump 6 may exchange it for
the turned card until the first lead; one player a hand may swap his whole hand for the talon
(his own hand is dead). All three play the tricks as in Schieber, each for himself, and add his
own points; the first to reach the target (1000) wins the moment his points fall, in the count
order, and the rest of that hand is not played. The hand is in
:mod:`puur.variants.koenigsjass_hand`, the options in :mod:`puur.variants.koenigsjass_rules`,
the observation in :mod:`puur.variants.koenigsjass_view`.

Action ids (stable): 0-35 play a card; 36 keep quiet about a Weis and 37-51 declare one; 52 and
53 announce Stöck or keep quiet; 54 keep, 55 swap, 56 exchange the trump 6, 57 pass.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar, Final

from puur.cards import NUM_CARDS, format_card, parse_card
from puur.variants.base import ActionSpace
from puur.variants.dealt import DealLineVariant
from puur.variants.handjass import _cards, _mask
from puur.variants.koenigsjass_hand import (
    A_STOECK,
    NUM_ACTIONS,
    SEATS,
    WORDS,
    KoenigsjassDeal,
    KoenigsjassHand,
    check_deal,
    deal_koenigsjass,
)
from puur.variants.koenigsjass_rules import PRESETS, KoenigsjassRules
from puur.variants.series import TargetSeries

__all__ = ["ACTIONS", "VARIANT", "KoenigsjassGame", "KoenigsjassVariant", "format_deal_line",
           "parse_deal_line"]

_WORDS: Final = tuple(WORDS[a] for a in sorted(WORDS))


class KoenigsjassGame(TargetSeries[KoenigsjassHand]):
    """A game of Königsjass: hands until a player reaches the target, the dealer moving one
    seat a hand."""

    def __init__(self, rules: KoenigsjassRules | None = None, seed: int | str | None = None,
                 deals: list[KoenigsjassDeal] | None = None) -> None:
        rules = VARIANT.check_rules(rules)
        self.rules: KoenigsjassRules = rules
        self._start_series(seed, deals, SEATS)

    @property
    def variant(self) -> KoenigsjassVariant:
        """The Königsjass variant."""
        return VARIANT

    @property
    def num_seats(self) -> int:
        """Three players."""
        return SEATS

    @property
    def sides(self) -> tuple[int, ...]:
        """Each player is a side of his own."""
        return tuple(range(SEATS))

    def _deal(self, seed: str, dealer: int) -> KoenigsjassDeal:
        return deal_koenigsjass(seed, dealer)

    def _make_hand(self, deal: Any, hand_no: int, totals: tuple[int, ...]) -> KoenigsjassHand:
        return KoenigsjassHand(self.rules, deal, hand_no, totals)

    def _is_deal(self, deal: object) -> bool:
        return isinstance(deal, KoenigsjassDeal)


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


def format_deal_line(d: KoenigsjassDeal) -> str:
    """``DEALER HAND / HAND / HAND ; talon CARDS ; turned CARD``."""
    hands = " / ".join(_cards(h) for h in d.hands)
    return f"{d.dealer} {hands} ; talon {_cards(d.talon)} ; turned {format_card(d.turned)}"


def parse_deal_line(text: str) -> KoenigsjassDeal:
    """Parse :func:`format_deal_line`'s text (``ValueError`` saying what is wrong)."""
    parts = [p.strip() for p in text.split(";")]
    head = parts[0].split(None, 1)
    if len(parts) != 3 or len(head) != 2 or not (head[0].isascii() and head[0].isdigit()):
        raise ValueError("a Königsjass deal reads 'DEALER HAND / HAND / HAND ; talon CARDS ; "
                         "turned CARD'")
    fields: dict[str, str] = {}
    for p in parts[1:]:
        key, _, rest = p.partition(" ")
        fields[key] = rest
    if set(fields) != {"talon", "turned"}:
        raise ValueError("a Königsjass deal names the talon and the turned card once each")
    deal = KoenigsjassDeal(tuple(_mask(h) for h in head[1].split("/")), int(head[0]),
                           _mask(fields["talon"]), parse_card(fields["turned"].strip()))
    return check_deal(deal)


class KoenigsjassVariant(DealLineVariant):
    """The static description of Königsjass."""

    key = "koenigsjass"
    name = "Königsjass"
    aliases = ("königsjass", "konigsjass", "talonjass", "dreierjass")
    summary = ("three alone with a talon: exchange the trump 6, swap a hand, the first to "
               "1000 wins at once")
    players = (3,)
    sides_text = "each alone"
    score_name = "points"
    lower_is_better = False
    options_class = KoenigsjassRules
    preset_table = PRESETS
    deal_type = KoenigsjassDeal
    word_ids: ClassVar[Mapping[str, int]] = {w: a for a, w in WORDS.items()}

    def num_seats(self, rules: Any) -> int:
        """Three."""
        return SEATS

    def action_space(self, rules: Any) -> ActionSpace:
        """Cards, Weis, Stöck and the talon words (the same ids under every option)."""
        return ACTIONS

    def new_game(self, rules: Any = None, seed: int | str | None = None,
                 deals: list[Any] | None = None) -> KoenigsjassGame:
        """A new game of Königsjass."""
        return KoenigsjassGame(rules, seed, deals)

    def open_piles(self, hand: Any) -> dict[str, int]:
        """The talon (nobody swapped) or the dead hand (after a swap)."""
        return {"talon": hand.talon, "dead": hand.dead}

    def format_deal(self, deal: Any) -> str:
        """The dealer, the hands, the talon and the turned card."""
        return format_deal_line(deal)

    def parse_deal(self, rules: Any, text: str) -> KoenigsjassDeal:
        """A deal of :func:`format_deal_line`'s form."""
        return parse_deal_line(text)

    def hand_scores(self, game: Any, index: int) -> tuple[int, ...]:
        """Each player's game total after hand ``index``."""
        return tuple(game.rounds[index].scores_after())


VARIANT: Final = KoenigsjassVariant()
