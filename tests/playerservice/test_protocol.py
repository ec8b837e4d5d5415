"""The kit's seats, cards and observations against Puur's, on constructed observations."""

from __future__ import annotations

import random

import pytest
from tests.playerservice.kit import KIT_CARDS, KIT_SEAT, PUUR_SEAT, KitTable, puur_card

from puur.actions import A_CHOOSE, A_PUSH
from puur.playerservice.protocol import (
    KIT_PUSH,
    KitError,
    answer_card,
    answer_trump,
    card_from_kit,
    card_to_kit,
    read_observation,
    seat_from_kit,
    seat_to_kit,
)


def test_seats_and_cards_round_trip() -> None:
    for k in range(4):
        assert seat_from_kit(k) == PUUR_SEAT[k]
        assert seat_to_kit(seat_from_kit(k)) == k
        # The kit's next player (k - 1) is Puur's next seat; partners stay partners.
        assert seat_from_kit((k - 1) % 4) == (seat_from_kit(k) + 1) % 4
        assert seat_from_kit((k + 2) % 4) == (seat_from_kit(k) + 2) % 4
    assert [card_from_kit(c) for c in KIT_CARDS] == [puur_card(c) for c in KIT_CARDS]
    assert sorted(card_to_kit(c) for c in range(36)) == sorted(KIT_CARDS)
    assert all(card_to_kit(card_from_kit(c)) == c for c in KIT_CARDS)
    for bad in ("HT", "h10", "H1", "", 12, None, "HA "):
        with pytest.raises(KitError):
            card_from_kit(bad)


def test_answers_in_the_kit_encoding() -> None:
    assert answer_trump(A_PUSH) == KIT_PUSH == 10
    assert [answer_trump(A_CHOOSE + c) for c in range(6)] == list(range(6))
    assert answer_card(puur_card("S10")) == "S10"
    for bad in (A_CHOOSE + 6, 0):
        with pytest.raises(KitError):
            answer_trump(bad)
    with pytest.raises(KitError):
        answer_card(A_PUSH)


@pytest.mark.parametrize("seed", range(8))
def test_observation_matches_the_kit_state(seed: int) -> None:
    rng = random.Random(seed)
    table = KitTable(rng, seed % 4)
    pushed = seed % 2 == 1
    if pushed:
        table.declare(10)
    req = read_observation(table.observation())
    obs = req.observation
    assert obs.phase == "choose" and obs.seat == PUUR_SEAT[table.player]
    assert obs.forehand == PUUR_SEAT[(table.dealer - 1) % 4] and obs.pushed is pushed
    assert (A_PUSH in obs.legal_actions) == (not pushed)
    table.declare(seed % 6)
    for _ in range(4 * (seed % 9) + seed % 4):
        table.play(rng.choice(table.legal_cards()))
    data = table.observation()
    req = read_observation(data)
    obs = req.observation
    assert req.kit_seat == data["currentPlayer"] and obs.seat == PUUR_SEAT[req.kit_seat]
    assert obs.phase == "play" and obs.contract == seed % 6
    assert obs.chooser == PUUR_SEAT[(table.dealer - 1 + 2 * pushed) % 4]
    assert obs.hand == sum(1 << puur_card(c) for c in table.hands[req.kit_seat])
    kit_history = []
    for t in table.tricks:
        for i, c in enumerate(t["cards"]):
            kit_history.append(((t["first"] - i) % 4, c))
    assert [(KIT_SEAT[s], card_to_kit(c)) for s, c in obs.history] == kit_history
    assert sorted(card_to_kit(a) for a in obs.legal_actions) == sorted(table.legal_cards())
    team = sum(t.get("points", 0) for t in table.tricks if t.get("win", -1) in (0, 2))
    assert obs.credited[0] == team
