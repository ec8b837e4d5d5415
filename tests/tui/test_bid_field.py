"""Auctions of many numeric bids ask for the bid in a number field, not a button a bid
(``Face.bid_field``): Fahnder's and Bieter's bids from their minimum to the highest."""

from __future__ import annotations

import pytest

from puur.tui.decisions import BID_NUMBER, bid_dialog, bid_number_dialog
from puur.tui.faces import face_for
from puur.tui.moves import decode
from puur.tui.widgets import NumberDialog
from puur.variants import get


@pytest.mark.parametrize("key", ["fahnder", "bieter", "pandur"])
def test_the_bid_dialog_is_pass_a_number_field_and_the_words(key: str) -> None:
    v = get(key)
    assert face_for(key).bid_field
    game = v.new_game(v.preset(next(iter(v.presets))), 3)
    while game.round.phase != "bid":
        game.push(game.legal_actions()[0])
    obs = game.observation(game.to_move)
    moves = [decode(v, a) for a in obs.legal_actions]
    numbers = sorted(m.value for m in moves if m.kind == "bid")
    assert len(numbers) > 20  # the reason for the field
    dialog = bid_dialog(obs, "en", "swiss")
    kinds = [a for a, _label in dialog.choices]
    assert BID_NUMBER in kinds
    assert len(kinds) == 1 + sum(m.kind in ("pass", "bid_word") for m in moves)
    number = bid_number_dialog(obs, "en", "swiss")
    assert isinstance(number, NumberDialog)
    assert (number.lo, number.hi) == (numbers[0], numbers[-1])
    assert all((n - numbers[0]) % number.step == 0 for n in numbers)
