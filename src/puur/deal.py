"""Shuffling and dealing for every variant, and Schieber's deal check (rule book §2.1).

A deal is reproducible from its seed: :func:`shuffled` gives the deck order, :func:`deal_packets`
hands it out in packets (of 3 with four players, of 4 with three) starting with the seat after
the dealer, so the dealer receives the last packet and with it the deck's last card, which many
variants turn face up for trumps (the *dealer's last card*). :func:`deal_hands` and
:func:`check_deal` are Schieber's four hands of nine; :func:`check_hands` checks hands of any
size for any number of seats. Everything here works on raw 36-bit card masks, checks its
arguments and raises :class:`DealError`.

>>> order = shuffled("example")
>>> hands = deal_packets(order, seats=4, per_seat=9, packet=3, first=1)
>>> [h.bit_count() for h in hands], hands[0] >> order[-1] & 1   # seat 0 dealt last
([9, 9, 9, 9], 1)
"""

from __future__ import annotations

import random
from typing import Final

from puur._checks import is_int, is_int_in, show
from puur.cards import ALL_CARDS, NUM_CARDS
from puur.tricks import legal_cards

__all__ = [
    "DealError",
    "check_deal",
    "check_hands",
    "deal_hands",
    "deal_packets",
    "legal_cards",
    "shuffled",
]


class DealError(ValueError):
    """A deal that does not fit the table (wrong sizes, a card dealt twice) or a bad seed."""


# Deck positions each seat receives when nine cards are dealt in packets of three.
_PACKETS: Final = tuple(
    tuple(3 * p + k for p in range(seat, 12, 4) for k in range(3)) for seat in range(4)
)


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


def check_hands(hands: object, seats: int, per_seat: int) -> tuple[int, ...]:
    """Check that ``hands`` are ``seats`` hands of ``per_seat`` different cards each with no
    card twice; return them as a tuple, or raise :class:`DealError` saying what is wrong."""
    if not isinstance(hands, list | tuple) or len(hands) != seats:
        raise DealError(f"a deal needs exactly {seats} hands, not {show(hands)}")
    seen = 0
    for h in hands:
        if not is_int_in(h, 0, ALL_CARDS) or h.bit_count() != per_seat:
            raise DealError(f"each hand must hold exactly {per_seat} cards (a 36-bit card mask)")
        if seen & h:
            raise DealError("a card is dealt twice")
        seen |= h
    return tuple(hands)


def _check_seed(seed: object, rng: object) -> None:
    if seed is not None and not (is_int(seed) or isinstance(seed, str)):
        raise DealError(f"a seed must be a whole number or a string, not {show(seed)}")
    if rng is not None and not isinstance(rng, random.Random):
        raise DealError(f"rng must be a random.Random, not {show(rng)}")


def shuffled(seed: int | str | None = None, rng: random.Random | None = None) -> list[int]:
    """The 36 cards in shuffled order (the same ``seed`` always gives the same order)."""
    _check_seed(seed, rng)
    r = rng or random.Random(seed)
    deck = list(range(NUM_CARDS))
    r.shuffle(deck)
    return deck


def deal_packets(
    order: list[int], seats: int, per_seat: int, packet: int, first: int
) -> tuple[int, ...]:
    """Deal ``per_seat`` cards to each of ``seats`` seats in packets of ``packet`` cards, going
    round from seat ``first``; return the hands as masks (seat 0 first)."""
    if not (is_int_in(seats, 1, 8) and is_int_in(per_seat, 1, NUM_CARDS)
            and is_int_in(packet, 1, NUM_CARDS) and is_int_in(first, 0, seats - 1)):
        raise DealError("seats, per_seat, packet and first must be whole numbers in range")
    if per_seat % packet or seats * per_seat > len(order):
        raise DealError(f"cannot deal {per_seat} cards to {seats} seats in packets of {packet}")
    hands = [0] * seats
    pos = 0
    for _round in range(per_seat // packet):
        for k in range(seats):
            seat = (first + k) % seats
            for _ in range(packet):
                hands[seat] |= 1 << order[pos]
                pos += 1
    return tuple(hands)


def deal_hands(seed: int | str | None = None, rng: random.Random | None = None) -> list[int]:
    """Shuffle and deal nine cards to each seat in packets of three (rule book §2.1).

    The same ``seed`` always gives the same deal.
    """
    deck = shuffled(seed, rng)
    # Packets of three, seat 0 first; the dealer's position only rotates who gets which
    # packet, and the shuffle already randomises that.
    return [sum([1 << deck[i] for i in packets]) for packets in _PACKETS]
