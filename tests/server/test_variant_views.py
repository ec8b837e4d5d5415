"""The game view of every variant as the server builds it (puur.variants.json_view): the part
every client shares is the same from every seat's observation as from the spectator's, and what
the table is told of a Weis says nothing of its suits."""

from __future__ import annotations

import random
from typing import Any

import pytest

from puur.bots import make_bot
from puur.game import Game
from puur.rules import PRESETS
from puur.server.views import action_events
from puur.variants import get, variants
from puur.variants.json_actions import action_data
from puur.variants.json_view import own_view, shared_view

CASES = [(v.key, p) for v in variants() for p in v.presets]


@pytest.mark.parametrize(("key", "preset"), CASES)
def test_the_shared_part_is_the_same_from_every_seat(key: str, preset: str) -> None:
    v = get(key)
    names = {o.name for o in v.describe_options()}
    # Weis and Stöck on where the variant has them (a game without Weis has no such option).
    rules = v.rules_from_dict({"preset": preset, **{k: True for k in ("weis", "stoeck")
                                                    if k in names and key != "schieber"}})
    game: Any = v.new_game(rules, seed=f"shared:{preset}")
    bot = make_bot("random", seed=3)
    steps = 0
    while not game.is_over and steps < 250:
        spectator = game.observation(-1)
        shared = shared_view(game, spectator)
        assert own_view(game, spectator)["hand"] == []
        for seat in range(game.num_seats):
            obs = game.observation(seat)
            assert shared_view(game, obs) == shared, (key, preset, steps, seat)
            own = own_view(game, obs)
            assert bool(own["legal"]) == (seat == game.to_move)
        game.push(bot.act(game.observation(game.to_move)))
        steps += 1


def unsorted_weis(game: Any, bot: Any) -> int:
    """Play ``game`` until a seat is asked about a Weis whose best split lists its melds in
    another order than best first; that seat."""
    for _ in range(200):
        hand = game.round
        if hand.phase == "weis":
            split = hand.weis_options(hand.to_move)[0]
            melds = [(m.points, m.length) for m in split]
            if melds != sorted(melds, reverse=True):
                return int(hand.to_move)
        game.push(bot.act(game.observation(game.to_move)))
    raise AssertionError("no such Weis in this game")


def test_a_declared_weis_is_told_best_first() -> None:
    # The melds of a split come in the order of their suits, which the table must not learn:
    # with the seat's card it hears points and lengths, best first.
    from puur.round import Round

    hands = Round.deal(PRESETS["family"], seed=82, forehand=0).initial_hands
    for seed in range(40):
        game = Game(PRESETS["family"], seed=seed, deals=[hands])
        try:
            seat = unsorted_weis(game, make_bot("random", seed=seed))
        except AssertionError:
            continue
        pending = [game.round.A_WEIS + 1]
        game.push(pending[0])
        card = game.legal_actions()[0]
        last = action_data(game.variant, game.round, card)
        game.push(card)
        own, other = action_events(game, 0, seat, last, "player", pending)  # type: ignore[arg-type]
        assert other is not None
        told = [(m["points"], m["length"]) for m in other["with"][0]["declared"]]
        assert told == sorted(told, reverse=True) and len(told) > 1
        assert own["with"] == other["with"]
        return
    pytest.fail("no deal with such a Weis")


def test_the_weis_announced_are_shown_best_first_in_every_variant() -> None:
    v = get("differenzler")
    rules = v.rules_from_dict({"weis": True})
    for seed in range(1200, 1300):
        game: Any = v.new_game(rules, seed=seed)
        bot = make_bot("random", seed=seed)
        try:
            seat = unsorted_weis(game, bot)
        except AssertionError:
            continue
        game.push(game.round.A_WEIS + 1)
        view = shared_view(game, game.observation(-1))
        told = [(m["points"], m["length"]) for m in view["weis_announced"][seat]]
        assert told == sorted(told, reverse=True) and len(told) > 1
        return
    pytest.fail("no deal with such a Weis")


def test_actions_are_plain_data_of_their_variant() -> None:
    rng = random.Random(5)
    for v in variants():
        game: Any = v.new_game(seed=9)
        for _ in range(30):
            hand = game.round
            for a in game.legal_actions():
                data = action_data(v, hand, a)
                assert data["id"] == a and data["name"] == v.action_space(game.rules).names[a]
                assert v.parse_action(hand, data["token"]) == a
            game.push(rng.choice(game.legal_actions()))
