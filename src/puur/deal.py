"""Shuffling and dealing for every variant: packets round the table, hands as card masks.

A deal is reproducible from its seed: :func:`shuffled` gives the deck order, :func:`deal_packets`
hands it out in packets (of 3 with four players, of 4 with three) starting with the seat after
the dealer, so the dealer receives the last packet and with it the deck's last card, which many
variants turn face up for trumps (the *dealer's last card*).

>>> order = shuffled("example")
>>> hands = deal_packets(order, seats=4, per_seat=9, packet=3, first=1)
>>> [h.bit_count() for h in hands], hands[0] >> order[-1] & 1   # seat 0 dealt last
([9, 9, 9, 9], 1)
"""

from __future__ import annotations

import random

from puur.cards import NUM_CARDS

__all__ = ["DealError", "check_hands", "deal_packets", "shuffled"]


class DealError(ValueError):
    """A deal that does not fit the table: wrong sizes or a card dealt twice."""


def shuffled(seed: int | str | None = None, rng: random.Random | None = None) -> list[int]:
    """The 36 cards in shuffled order (the same ``seed`` always gives the same order)."""
    r = rng or random.Random(seed)
    deck = list(range(NUM_CARDS))
    r.shuffle(deck)
    return deck


def deal_packets(
    order: list[int], seats: int, per_seat: int, packet: int, first: int
) -> tuple[int, ...]:
    """Deal ``per_seat`` cards to each of ``seats`` seats in packets of ``packet`` cards, going
    round from seat ``first``; return the hands as masks (seat 0 first)."""
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


def check_hands(hands: object, seats: int, per_seat: int) -> tuple[int, ...]:
    """Check that ``hands`` are ``seats`` hands of ``per_seat`` different cards each with no
    card twice; return them as a tuple, or raise :class:`DealError` saying what is wrong."""
    if not isinstance(hands, list | tuple) or len(hands) != seats:
        raise DealError(f"a deal needs exactly {seats} hands")
    seen = 0
    for h in hands:
        if type(h) is not int or h < 0 or h >> NUM_CARDS or h.bit_count() != per_seat:
            raise DealError(f"each hand must hold exactly {per_seat} cards")
        if seen & h:
            raise DealError("a card is dealt twice")
        seen |= h
    return tuple(hands)
