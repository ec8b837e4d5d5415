"""The JSON view of a game keeps what it worked out of the finished hands between steps: kept
or built afresh, the view is the same at every step, after take-backs too."""

from __future__ import annotations

import random

import pytest

from puur.variants import get, json_view, variants
from puur.variants.json_view import shared_view, trick_data


def last_finished_trick(game: object) -> object:
    """The reference: the last finished trick of this hand, else of the hand before."""
    for hand in reversed(game.rounds[-2:]):  # type: ignore[attr-defined]
        if hand.trick_winners:
            return trick_data(hand, len(hand.trick_winners) - 1)
    return None


CASES = [(v.key, p) for v in variants() for p in v.presets]


@pytest.mark.parametrize(("key", "preset"), CASES)
def test_a_kept_view_is_the_view_built_afresh(key: str, preset: str) -> None:
    v = get(key)
    rng = random.Random(f"{key}-{preset}")
    game = v.new_game(v.preset(preset), rng.randrange(10**6))
    steps = 0
    while not game.is_over and steps < 400:
        kept = shared_view(game, game.observation(-1))
        json_view._MEMO.clear()
        fresh = shared_view(game, game.observation(-1))
        assert kept == fresh
        # the last trick, kept between steps, is the one the hands' records say
        assert kept["last_trick"] == last_finished_trick(game)
        legal = list(game.legal_actions())
        if steps % 7 == 3:
            # a take-back (across the end of a hand too) and another action: the kept values
            # must not outlive the step they were built for
            try:
                game.pop()
            except Exception:  # a variant that cannot take back across hands here
                pass
            else:
                legal = list(game.legal_actions())
                shared_view(game, game.observation(-1))
        game.push(rng.choice(legal))
        steps += 1
    kept = shared_view(game, game.observation(-1))
    json_view._MEMO.clear()
    assert kept == shared_view(game, game.observation(-1))
