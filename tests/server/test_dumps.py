"""Every message is encoded by ``puur.server.seats.dumps``: orjson's text when orjson is
installed, the standard library's otherwise, and the two are the same text (the standard
library's encoder is the reference)."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from puur.server import seats
from puur.server.views import game_texts, replay_json, result_json, step_summaries
from puur.variants import variants
from puur.variants.json_view import own_view, shared_view

orjson = pytest.importorskip("orjson")


def reference(data: object) -> str:
    return seats._ENCODE(data)


@pytest.mark.parametrize("value", [
    {"name": "Vreni Müller", "other": "ศรีสุวรรณ ณ อยุธยา", "emoji": "🂡"},
    {"ctrl": "a\nb\tc\x00\x1f\x7f", "quote": 'say "Puur"', "slash": "a/b\\c",
     "sep": "\u2028\u2029"},
    {"deadline": 12.3, "half": 0.5, "at": 1764600000.123, "zero": 0.0, "neg": -2.75},
    {"ints": [0, -1, 2**53, 2**63 - 1, -(2**63)], "bools": [True, False, None], "empty": {}},
    {"nested": [[1, [2, [3, {"a": [4, {"b": "c"}]}]]]], "tuple": (1, 2)},
])
def test_the_text_is_the_standard_librarys(value: object) -> None:
    assert seats.dumps(value) == reference(value)


@pytest.mark.parametrize("value", [
    {"big": 2**64},  # beyond 64 bits: orjson refuses
    {1: "a", 2: "b"},  # keys that are not text
    {"lone": "\ud800"},  # a lone surrogate (names are checked before, but never a crash)
])
def test_what_orjson_refuses_the_standard_library_writes(value: object) -> None:
    with pytest.raises(TypeError):
        orjson.dumps(value)
    assert seats.dumps(value) == reference(value)


def test_without_orjson_the_standard_library_writes(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(seats, "_orjson", None)
    value = {"a": [1, 2.5, "ä"], "b": None}
    assert seats.dumps(value) == reference(value) == '{"a":[1,2.5,"ä"],"b":null}'


@pytest.mark.parametrize("key", [v.key for v in variants()])
def test_every_message_of_whole_games_is_the_same_text(key: str) -> None:
    # Every view of every step (each seat's and the spectator's, shared and own parts), the
    # hand and game summaries and the replay, of a game of each preset of the variant.
    variant = next(v for v in variants() if v.key == key)
    rng = random.Random(key)
    checked = 0
    for preset in variant.presets:
        game = variant.new_game(variant.rules_from_dict({"preset": preset}), rng.randrange(1000))
        seats_ = list(range(variant.num_seats(game.rules)))
        for _ in range(2000):
            if game.is_over:
                break
            parts: list[Any] = []
            for s in [*seats_, -1]:
                obs = game.observation(s)
                parts += [shared_view(game, obs), own_view(game, obs)]
            index = len(game.rounds) - 1
            parts += step_summaries(game, index, 7)
            for part in parts:
                assert seats.dumps(part) == reference(part)
                checked += 1
            texts = game_texts(game, 7, [*seats_, None], 12.5)
            for text in texts.values():
                json.loads(text)  # whole and well formed
            game.push(rng.choice(list(game.legal_actions())))
        for part in (result_json(game, 7), replay_json(game, 7, "ABCDEF", [])):
            assert seats.dumps(part) == reference(part)
    assert checked > 100
