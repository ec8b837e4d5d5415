"""The card planes every variant's tensor starts with: seats counted from the observer."""

from __future__ import annotations

from puur.variants.view import card_planes


def test_cards_sit_in_the_plane_of_their_player_counted_from_the_observer() -> None:
    hand = (1 << 3) | (1 << 30)
    v = card_planes(2, 4, hand, [(1, 5), (2, 7), (3, 9)], [(3, 9)], 400, 216)
    assert len(v) == 400
    on = {i for i, x in enumerate(v) if x}
    # own hand; seat 1 is three seats on from seat 2, seat 2 itself, seat 3 the next one
    assert on == {3, 30, 36 + 36 * 3 + 5, 36 + 7, 36 + 36 + 9, 216 + 36 + 9}


def test_a_spectator_counts_from_seat_zero() -> None:
    v = card_planes(-1, 3, 0, [(2, 0)], [], 300, 144)
    assert [i for i, x in enumerate(v) if x] == [36 + 72]
