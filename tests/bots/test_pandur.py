"""Pandur's computer players: the rule player's bids, trumps and play, and the search's worlds
(the seat sitting out, the pile out of play with two players left)."""

from __future__ import annotations

import dataclasses
import random

import pytest

from puur.bots import make_bot
from puur.bots.pandur import PandurPlayer, misere_safe, numeric_limit, pandur_sure
from puur.bots.variant_search import model_for
from puur.bots.worlds import WorldSampler
from puur.cards import CardSet, parse_card
from puur.variants import get
from puur.variants.pandur_hand import PandurDeal, PandurHand, deal_pandur
from puur.variants.pandur_rules import (
    A_PASS,
    A_TRUMP,
    DECK,
    MISERE,
    PANDUR,
    PRESETS,
    PandurRules,
    bid_action,
)

V = get("pandur")
THREE = PandurRules(players=3)


def mask(text: str) -> int:
    return CardSet.from_text(text).bits


def fields_differing(a: object, b: object) -> list[str]:
    return [f.name for f in dataclasses.fields(a)  # type: ignore[arg-type]
            if getattr(a, f.name) != getattr(b, f.name)]


@pytest.mark.parametrize("preset", list(PRESETS))
def test_every_world_gives_the_seat_its_own_observation(preset: str) -> None:
    rules = dataclasses.replace(V.preset(preset), target=3)  # reach two players soon
    checked = 0
    for seed in range(3):
        game = V.new_game(rules, seed=seed)
        rng = random.Random(seed)
        step = 0
        while not game.is_over and len(game.rounds) < 4:
            obs = game.observation(game.to_move)
            if step % 5 == 0:
                sampler = WorldSampler(obs, model_for(obs))
                world = sampler.sample(rng)
                diff = fields_differing(world.observation(obs.seat), obs)
                assert diff in ([], ["weis_announced"]), (preset, diff)
                assert sum(world.initial_hands) | world.deal.dead == DECK
                checked += 1
            game.push(rng.choice(game.legal_actions()))
            step += 1
    assert checked > 5


def test_a_world_of_two_players_deals_the_pile_out_of_play() -> None:
    rng = random.Random(4)
    for seed in range(3):
        hand = PandurHand(THREE, deal_pandur(THREE, seed, 1, (1, 2)), 3, (4, 0, 2), (1, 2))
        while not hand.is_over:
            obs = hand.observation(hand.to_move)
            world = WorldSampler(obs, model_for(obs)).sample(rng)
            assert fields_differing(world.observation(obs.seat), obs) in ([], ["weis_announced"])
            assert world.deal.dead.bit_count() == 8 and world.hands[0] == 0
            assert sum(world.initial_hands) | world.deal.dead == DECK
            hand.push(rng.choice(hand.legal_actions()))


# Seat 0 (the Vorhand, seat 2 deals): six Schellen from the Under and two Aces; seat 1 low
# cards of every suit; seat 2 the rest.
STRONG = mask("DJ D9 DA DK DQ DT HA SA")
LOW = mask("H9 HT S9 ST C9 CT HJ SJ")
REST = DECK & ~STRONG & ~LOW


def test_the_rule_player_bids_its_hand_and_names_its_long_suit() -> None:
    bot = PandurPlayer()
    hand = PandurHand(THREE, PandurDeal((STRONG, LOW, REST), 2))
    assert numeric_limit(STRONG) >= 200 and numeric_limit(LOW) == 0
    first = bot.act(hand.observation(0))
    assert first == bid_action(100)  # the lowest bid it is willing to play
    hand.push(first)
    # Seat 1's low cards: a Misère (every card has two lower ones beside it or is low).
    assert misere_safe(LOW) and bot.act(hand.observation(1)) == bid_action(MISERE)
    hand.push(A_PASS)
    hand.push(A_PASS)
    assert bot.act(hand.observation(0)) == A_TRUMP + 0  # Schellen


def test_pandur_is_bid_only_with_winners_from_the_top() -> None:
    solid = mask("DA DK DQ DJ HA HK SA CA")
    assert pandur_sure(solid) and not pandur_sure(mask("DA DK DJ DT HA HK SA CA"))
    bot = PandurPlayer()
    other = mask("D9 DT H9 HT HJ HQ S9 ST")
    hand = PandurHand(THREE, PandurDeal((other, solid, DECK & ~solid & ~other), 2))
    hand.push(bid_action(250))
    assert bot.act(hand.observation(1)) == bid_action(PANDUR)  # over a 250 it cannot make


def test_misere_ducks_and_the_opponents_play_under_the_soloist() -> None:
    bot = PandurPlayer()
    hand = PandurHand(THREE, PandurDeal((LOW, STRONG, REST), 2))
    hand.push(bid_action(MISERE))
    hand.push(A_PASS)
    hand.push(A_PASS)
    lead = bot.act(hand.observation(0))
    assert lead % 9 == 3  # a 9
    hand.push(lead)
    hand.push(bot.act(hand.observation(1)))
    hand.push(bot.act(hand.observation(2)))
    assert hand.trick_winners[0] != 0


def play(hand: PandurHand, card: str) -> None:
    """Keep quiet about any Weis, then play ``card``."""
    while hand.phase in ("weis", "stoeck"):
        hand.push(hand.legal_actions()[0])
    hand.push(parse_card(card))


def test_the_opponents_smear_points_on_a_sure_trick_of_their_partner() -> None:
    bot = PandurPlayer()
    # Seat 0 plays 100 in Eicheln and leads a small Rosen; seat 1 takes it with the Ace;
    # seat 2, last, gives its partner the Rosen 10 rather than the Under or a trump.
    s0 = mask("C9 CJ CA CK H9 S9 D9 DT")
    s1 = mask("HA HK HQ SA SK DA DK CT")
    s2 = DECK & ~s0 & ~s1
    hand = PandurHand(THREE, PandurDeal((s0, s1, s2), 2))
    for a in (bid_action(100), A_PASS, A_PASS, A_TRUMP + 3):
        hand.push(a)
    play(hand, "H9")
    play(hand, "HA")
    while hand.phase in ("weis", "stoeck"):
        hand.push(hand.legal_actions()[0])
    assert hand.to_move == 2 and bot.act(hand.observation(2)) == parse_card("HT")


@pytest.mark.parametrize("name", ["rules", "search"])
def test_the_bots_play_a_whole_game_legally(name: str) -> None:
    rules = PandurRules(players=3, target=5)
    game = V.new_game(rules, seed=2)
    extra = {"budget": 20, "samples": 2} if name == "search" else {}
    bots = [make_bot(name, seed=s, **extra) for s in range(rules.players)]
    hands = 0
    while not game.is_over and hands < 4:
        obs = game.observation(game.to_move)
        action = bots[game.to_move].act(obs)
        assert action in obs.legal_actions
        n = len(game.rounds)
        game.push(action)
        hands += len(game.rounds) - n
    assert game.is_over or hands == 4
