"""Schmaus's computer players: the rule player's exchange, Weis and play in the two phases,
legal play of every bot, and the search's worlds (the stock's order, the other player's
draws)."""

from __future__ import annotations

import random

from tests.variants.test_schmaus import B, card, hand_of, make, play

from puur.bots import make_bot
from puur.bots.schmaus import SchmausPlayer
from puur.bots.variant_search import model_for
from puur.bots.worlds import WorldSampler
from puur.variants import get
from puur.variants.schmaus_hand import A_EXCHANGE, A_WEIS, SchmausHand
from puur.variants.schmaus_rules import SchmausRules

V = get("schmaus")
PLAYER = SchmausPlayer()


def test_every_bot_plays_whole_hands_legally() -> None:
    for name, seeds, extra in (("rules", range(6), {}), ("random", range(3), {}),
                               ("search", (0,), {"budget": 0.01})):
        for seed in seeds:
            game = V.new_game(seed=seed)
            bots = [make_bot(name, seed=seed + s, **extra) for s in (0, 1)]
            while not game.is_over and len(game.rounds) < 2:
                obs = game.observation(game.to_move)
                a = bots[game.to_move].act(obs)
                assert a in obs.legal_actions, (name, seed, a)
                game.push(a)


def test_it_exchanges_the_6_and_declares_its_weis() -> None:
    h = hand_of(make("", "C6 H7 H8 H9 D6"), SchmausRules())
    assert PLAYER.act(h.observation(B)) == A_EXCHANGE
    h.push(A_EXCHANGE)
    assert h.phase == "weis" and PLAYER.act(h.observation(B)) == A_WEIS + 1


def test_it_leads_its_cheapest_card_that_is_not_a_trump() -> None:
    h = hand_of(make("", "C9 CJ DA ST S6 H7"))
    assert PLAYER.act(h.observation(B)) in (card("S6"), card("H7"))
    assert PLAYER.act(h.observation(B)) != card("DA")


def test_it_takes_points_cheaply_and_throws_low_on_nothing() -> None:
    h = hand_of(make("DK DA D6 C9 CA H6 S8 SQ HT", "DT S7"))
    play(h, "DT")  # 10 points led: the King of the suit takes them
    assert PLAYER.act(h.observation(0)) == card("DK")  # not the Ace, not a trump
    h = hand_of(make("C9 H6 SA H8 HQ S6 S9 SK CT", "D6 S7"))
    play(h, "D6")  # nothing led and no card of the suit: a low card, no trump
    assert PLAYER.act(h.observation(0)) in (card("H6"), card("S6"))


def test_worlds_keep_the_observers_draws_and_shuffle_the_rest_of_the_stock() -> None:
    checked = 0
    for seed in range(8):
        game = V.new_game(seed=seed)
        rng = random.Random(seed)
        for _ in range(rng.randrange(8, 40)):
            if game.is_over or len(game.rounds) > 1:
                break
            game.push(rng.choice(game.legal_actions()))
        if len(game.rounds) > 1 or game.is_over:
            continue
        hand = game.round
        me = hand.to_move
        obs = hand.observation(me)
        sampler = WorldSampler(obs, model_for(obs))
        orders = set()
        for k in range(6):
            world = sampler.sample(random.Random(k))
            assert isinstance(world, SchmausHand) and world.observation(me) == obs
            assert world.drawn[me] == hand.drawn[me] and world.deal.hands[me] == hand.deal.hands[me]
            assert world.deal.turned == hand.deal.turned
            orders.add(world.deal.stock)
        if obs.stock_left > 3:
            assert len(orders) > 1  # the stock's order is sampled, not copied
        checked += 1
    assert checked >= 4


def test_the_rule_player_beats_random_play() -> None:
    wins = 0
    for seed in range(6):
        game = V.new_game(SchmausRules(target=300), seed=seed)
        bots = [make_bot("rules", seed=seed), make_bot("random", seed=seed)]
        while not game.is_over:
            game.push(bots[game.to_move].act(game.observation(game.to_move)))
        wins += game.winner == 0
    assert wins >= 4



def test_a_world_is_always_found_after_the_other_player_declared_a_sequence() -> None:
    """Once the strict tries fail, a world keeps a Weis it cannot repeat quiet instead of
    failing: a search always gets a world (the cards beside a declared sequence may then have
    been the other player's from the start)."""
    sampled = 0
    for seed in range(30):
        game = V.new_game(seed=seed)
        rng = random.Random(seed)
        while not game.is_over and len(game.rounds) == 1:
            hand = game.round
            obs = hand.observation(hand.to_move)
            if any(s != hand.to_move and m.kind == 0 and t >= 6 for t, s, m in obs.weis_log):
                sampler = WorldSampler(obs, model_for(obs))
                sampler._failed = True  # as after failed strict tries: the loose world next
                for k in range(4):
                    world = sampler.sample(random.Random(k))
                    assert world.hands[hand.to_move] == hand.hands[hand.to_move]
                    sampled += 1
            game.push(rng.choice(game.legal_actions()))
    assert sampled > 20
