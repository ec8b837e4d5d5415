"""The record hooks of a variant whose deals are written on one ``hand`` line.

Most variants deal more than four hands (a dealer, a turned card, a talon, a blind hand): their
deal is a frozen dataclass with ``hands`` and ``dealer`` fields, written and read by a pair of
functions of the variant. :class:`DealLineVariant` gives such a variant every record hook from
that pair and from its list of words (declaring words, answers) beside the shared card, Weis and
Stöck tokens; a variant adds its own tokens through :meth:`DealLineVariant.parse_other` and
:meth:`DealLineVariant.format_other` (an auction's ``bid:N``) and overrides only what it does
differently (a score sheet that is not the totals plus the hand's result).
"""

from __future__ import annotations

import dataclasses
from abc import abstractmethod
from collections.abc import Mapping
from typing import Any, ClassVar

from puur.hand import TrickHand
from puur.variants.base import (
    OptionsVariant,
    format_places,
    format_trick_action,
    parse_trick_action,
)

__all__ = ["DealLineVariant"]


class DealLineVariant(OptionsVariant):
    """A variant whose deal is a dataclass with ``hands`` and ``dealer``, one record line."""

    #: The class of the variant's deals.
    deal_type: ClassVar[type[Any]]
    #: The variant's words (declaring words, answers, ``pass``) and their action ids.
    word_ids: ClassVar[Mapping[str, int]] = {}
    #: Other tokens the variant reads through :meth:`parse_other` (named in the error for a
    #: bad token), such as ``bid:N``.
    other_tokens: ClassVar[tuple[str, ...]] = ()

    @abstractmethod
    def format_deal(self, deal: Any) -> str:
        """The text of ``deal`` on a ``hand`` line."""

    @abstractmethod
    def parse_deal(self, rules: Any, text: str) -> Any:
        """The deal of a ``hand`` line under ``rules`` (``ValueError`` naming what is wrong)."""

    def with_hands(self, deal: Any, hands: tuple[int, ...]) -> Any:
        """The same deal (dealer, turned card, talon, …) with other hands."""
        if not isinstance(deal, self.deal_type):
            raise TypeError(f"not a {self.name} deal: {deal!r}")
        return dataclasses.replace(deal, hands=tuple(hands))

    def hands_of(self, deal: Any) -> tuple[int, ...]:
        """The players' hands of a deal."""
        return tuple(deal.hands)

    def expected_tokens(self) -> str:
        """The tokens a record may hold, in words (for the error of a bad one)."""
        items = ["a card", "weis", "stoeck", *self.word_ids, *self.other_tokens]
        return ", ".join(items[:-1]) + " or " + items[-1]

    def format_other(self, hand: TrickHand, action: int) -> str | None:
        """The token of a variant's own action that is not a word (``None``: not one)."""
        return None

    def parse_other(self, hand: TrickHand, token: str) -> int | None:
        """The variant's own action a token names that is not a word (``None``: not one;
        ``ValueError`` saying what is wrong with one)."""
        return None

    def format_action(self, hand: TrickHand, action: int) -> str:
        """A word, a card, Weis or Stöck token, or the variant's own token."""
        for word, a in self.word_ids.items():
            if a == action:
                return word
        tok = format_trick_action(hand, action)
        if tok is None:
            tok = self.format_other(hand, action)
        return tok if tok is not None else hand.action_text(action)

    def parse_action(self, hand: TrickHand, token: str) -> int:
        """The action of a record token (``ValueError`` naming a bad one)."""
        low = token.strip().lower()
        if low in self.word_ids:
            return self.word_ids[low]
        a = parse_trick_action(hand, token)
        if a is None:
            try:
                a = self.parse_other(hand, token)
            except ValueError as e:
                raise ValueError(f"bad action {token!r}: {e}") from None
        if a is None:
            raise ValueError(f"bad action {token!r}: expected {self.expected_tokens()}")
        return a

    def format_hand(self, game: Any, index: int) -> str:
        """The deal of hand ``index``."""
        return self.format_deal(game.rounds[index].deal)

    def parse_hand(self, rules: Any, text: str) -> Any:
        """The deal of a ``hand`` line."""
        return self.parse_deal(self.check_rules(rules), text)

    def check_hand(self, game: Any, index: int, text: str) -> None:
        """The dealer named must be the game's."""
        named = self.parse_deal(game.rules, text).dealer
        actual = game.rounds[index].dealer
        if named != actual:
            raise ValueError(f"hand {index + 1} is dealt by seat {actual}, not {named}")

    def hand_scores(self, game: Any, index: int) -> tuple[int, ...]:
        """Each side's total after hand ``index``: the totals before it plus its result."""
        r = game.rounds[index]
        return tuple(t + p for t, p in zip(r.totals, r.result(), strict=True))

    def format_result(self, game: Any) -> str:
        """``PLACE … / TOTAL …``."""
        return format_places(game)
