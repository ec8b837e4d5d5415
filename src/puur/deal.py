"""Deals and the legal cards: shuffling and checking four hands, and which cards a hand may
play (RULES.md §2.1, §2.4).

These work on raw 36-bit card masks and know nothing of a hand's progress; :mod:`puur.round`
builds on them, and the fast paths (search, :mod:`puur.fastsim`) call :func:`legal_cards`
directly. :func:`legal_cards` is a trusted fast function and checks nothing; the others check
their arguments and raise :class:`DealError`.
"""

from __future__ import annotations

import random
from typing import Final

from puur._checks import is_int, is_int_in, show
from puur.cards import ALL_CARDS, NUM_CARDS, SUIT_MASK
from puur.contracts import LOWER_TRUMPS, PUUR

__all__ = ["DealError", "check_deal", "deal_hands", "legal_cards"]


class DealError(ValueError):
    """A deal that is not four hands of nine cards with every card once, or a bad seed."""


# Deck positions each seat receives when nine cards are dealt in packets of three.
_PACKETS: Final = tuple(
    tuple(3 * p + k for p in range(seat, 12, 4) for k in range(3)) for seat in range(4)
)
# For each suit, the cards of every 9-bit pattern of that suit, lowest first.
_SUIT_CARDS: Final = tuple(
    tuple(tuple(9 * s + r for r in range(9) if p >> r & 1) for p in range(512)) for s in range(4)
)


def _cards_of(mask: int) -> list[int]:
    """The cards of a raw mask in increasing order; :func:`puur.cards.bits` by table lookup,
    for the legal actions of every card played."""
    t0, t1, t2, t3 = _SUIT_CARDS
    return [*t0[mask & 0x1FF], *t1[mask >> 9 & 0x1FF], *t2[mask >> 18 & 0x1FF], *t3[mask >> 27]]


# Bits where a three-card run inside one suit may start (ranks 6 to Ober of each suit).
_RUN3_START: Final = sum(0x7F << (9 * s) for s in range(4))


def _may_hold_weis(hand: int) -> bool:
    """False when ``hand`` holds neither three cards in a row of one suit nor four of a kind, so
    it cannot hold a Weis (a cheap test before the full search)."""
    return bool(
        hand & (hand >> 1) & (hand >> 2) & _RUN3_START
        or hand & (hand >> 9) & (hand >> 18) & (hand >> 27) & 0x1FF
    )


def legal_cards(hand: int, lead_suit: int, best_trump: int, trump: int) -> int:
    """The mask of cards ``hand`` may play (RULES.md §2.4).

    ``lead_suit`` is the suit led (-1 when leading), ``best_trump`` the highest trump already in
    the trick (-1 if none), ``trump`` the trump suit (-1 without one).

    >>> from puur.cards import CardSet
    >>> h = CardSet.from_text("D6 HJ H6").bits
    >>> str(CardSet(legal_cards(h, 1, -1, 1)))  # trumps led, Puur + another trump: a trump
    'H6 HJ'
    """
    if lead_suit < 0:
        return hand
    follow = hand & SUIT_MASK[lead_suit]
    if trump < 0:
        return follow or hand
    tmask = SUIT_MASK[trump]
    if lead_suit == trump:
        # Must follow trumps, except that the Puur alone need not be played.
        if follow == 0 or follow == PUUR[trump]:
            return hand
        return follow
    trumps = hand & tmask
    if trumps == hand:
        return hand  # only trumps: any trump (the undertrump ban does not apply)
    if best_trump >= 0:
        trumps &= ~LOWER_TRUMPS[trump][best_trump]
    if follow:
        return follow | trumps
    return (hand & ~tmask) | trumps


def check_deal(hands: list[int] | tuple[int, ...]) -> tuple[int, ...]:
    """Check that ``hands`` are four hands of nine cards with every card once; return them as a
    tuple. A bad deal raises :class:`DealError` (a ``ValueError``) saying what is wrong."""
    if not isinstance(hands, list | tuple):
        raise DealError(f"a deal is a list or tuple of four card masks, not {show(hands)}")
    hands = tuple(hands)
    if len(hands) != 4:
        raise DealError("a round needs exactly four hands")
    seen = 0
    for h in hands:
        if not is_int_in(h, 0, ALL_CARDS) or h.bit_count() != 9:
            raise DealError("each hand must hold exactly nine cards (a 36-bit card mask)")
        if seen & h:
            raise DealError("a card is dealt twice")
        seen |= h
    return hands


def _check_seed(seed: object, rng: object) -> None:
    if seed is not None and not (is_int(seed) or isinstance(seed, str)):
        raise DealError(f"a seed must be a whole number or a string, not {show(seed)}")
    if rng is not None and not isinstance(rng, random.Random):
        raise DealError(f"rng must be a random.Random, not {show(rng)}")


def deal_hands(seed: int | str | None = None, rng: random.Random | None = None) -> list[int]:
    """Shuffle and deal nine cards to each seat in packets of three (RULES.md §2.1).

    The same ``seed`` always gives the same deal.
    """
    _check_seed(seed, rng)
    r = rng or random.Random(seed)
    deck = list(range(NUM_CARDS))
    r.shuffle(deck)
    # Packets of three, seat 0 first; the dealer's position only rotates who gets which
    # packet, and the shuffle already randomises that.
    return [sum([1 << deck[i] for i in packets]) for packets in _PACKETS]
