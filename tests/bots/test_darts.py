"""Darts-Jass's computer players: the rule player's basic strategy and the search's worlds."""

from __future__ import annotations

import random

import pytest

from puur.actions import A_CHOOSE, A_PUSH
from puur.bots import make_bot
from puur.bots.darts import DartsPlayer
from puur.bots.variant_search import VariantSearch, model_for
from puur.bots.worlds import WorldSampler
from puur.cards import ALL_CARDS, CardSet, parse_card
from puur.contracts import Contract
from puur.variants import get
from puur.variants.darts_hand import DartsDeal, DartsHand
from puur.variants.darts_rules import PRESETS, DartsRules

PLAYER = DartsPlayer()


def mask(text: str) -> int:
    return CardSet.from_text(text).bits


# Seat 3 deals; A (seat 0, the Vorhand) holds the Rosen Puur, Nell and Ace beside side Aces.
STRONG = (
    "HJ H9 HA HK H6 SA CA D6 D7",
    "H7 S8 S9 SQ C8 C9 CQ D9 DT",
    "H8 HT HQ S6 S7 ST C6 C7 CT",
    "SJ SK CJ CK D8 DJ DQ DK DA",
)
# The same cards with A's and B's hands exchanged: A holds no trick.
WEAK = (STRONG[1], STRONG[0], STRONG[2], STRONG[3])


def hand_of(rules: DartsRules, hands: tuple[str, ...], dealer: int = 3) -> DartsHand:
    return DartsHand(rules, DartsDeal(tuple(mask(h) for h in hands), dealer))


def test_a_strong_hand_names_its_trumps_and_a_weak_one_pushes() -> None:
    strong = hand_of(DartsRules(), STRONG)
    assert PLAYER.act(strong.observation(0)) == A_CHOOSE + Contract.ROSEN
    weak = hand_of(DartsRules(), WEAK)
    assert PLAYER.act(weak.observation(0)) == A_PUSH
    weak.push(A_PUSH)
    choice = PLAYER.act(weak.observation(2))          # the partner may not push back
    assert A_CHOOSE <= choice < A_CHOOSE + 6


def test_alone_it_names_its_best_contract_without_a_push() -> None:
    three = (
        "HJ H9 HA HK HQ SA CA DK D9 S8 C9 CT",
        "H6 H7 H8 S6 S7 S9 C6 C7 C8 D6 D7 D8",
        "HT ST SJ SQ SK CJ CQ CK DT DJ DQ DA",
    )
    hand = DartsHand(DartsRules(players=3), DartsDeal(tuple(mask(h) for h in three), 2))
    assert hand.to_move == 0 and A_PUSH not in hand.legal_actions()
    assert PLAYER.act(hand.observation(0)) == A_CHOOSE + Contract.ROSEN


def test_alone_it_leads_the_puur_and_takes_a_rich_trick() -> None:
    two = ("HJ H9 HA SA CA D6 D7 D8 S6", "H7 H8 ST S7 S8 C7 C8 DA DK")
    hand = DartsHand(DartsRules(players=2), DartsDeal(tuple(mask(h) for h in two), 1))
    hand.push(A_CHOOSE + Contract.ROSEN)
    assert PLAYER.act(hand.observation(0)) == parse_card("HJ")
    hand.push(parse_card("D6"))
    # B, last to play, takes the trick with its cheapest winning card: the trump 7, not the
    # Schellen Ace (11 points it keeps).
    assert PLAYER.act(hand.observation(1)) == parse_card("H7")


def _mean_gain(bots: tuple[str, str], preset: str, deals: int) -> tuple[float, float]:
    """Each bot's mean gain per hand over ``deals`` deals, both seatings of the two bots."""
    variant = get("darts")
    rules = variant.preset(preset)
    totals = [0.0, 0.0]
    for d in range(deals):
        for shift in range(2):
            game = variant.new_game(rules, seed=f"strength-{d}")
            n = game.num_seats
            players = [make_bot(bots[(s + shift) % 2], seed=s) for s in range(n)]
            hand = game.round
            while not hand.is_over:
                game.push(players[hand.to_move].act(hand.observation(hand.to_move)))
            for s in range(n) if n < 4 else range(2):
                totals[(s + shift) % 2] += hand.result()[rules.sides[s]]
    return totals[0], totals[1]


@pytest.mark.parametrize("preset", ["301", "two"])
def test_the_rule_player_gains_more_than_random(preset: str) -> None:
    rules, rnd = _mean_gain(("rules", "random"), preset, 6)
    assert rules > rnd


@pytest.mark.parametrize("preset", list(PRESETS))
def test_the_bots_play_legally_over_many_hands(preset: str) -> None:
    variant = get("darts")
    for seed in range(3):
        game = variant.new_game(variant.preset(preset), seed=f"legal-{seed}")
        bots = [make_bot("rules" if s % 2 else "random", seed=s) for s in range(game.num_seats)]
        hands = 0
        while not game.is_over and hands < 2:
            hand = game.round
            obs = hand.observation(hand.to_move)
            action = bots[hand.to_move].act(obs)
            assert action in obs.legal_actions
            game.push(action)
            hands += hand.is_over


def test_two_player_worlds_deal_the_dead_pile_and_keep_the_observation() -> None:
    game = get("darts").new_game(PRESETS["two"], seed=7)
    hand = game.round
    rng = random.Random(7)
    while len(hand.played) < 5:
        hand.push(rng.choice(hand.legal_actions()))
    me = hand.to_move
    obs = hand.observation(me)
    sampler = WorldSampler(obs, model_for(obs))
    other = set()
    for k in range(12):
        world = sampler.sample(random.Random(k))
        assert world.initial_hands[me] == hand.initial_hands[me]
        assert world.dead.bit_count() == 18 and not world.dead & hand.initial_hands[me]
        assert world.dead | world.initial_hands[0] | world.initial_hands[1] == ALL_CARDS
        assert world.observation(me) == obs
        other.add(world.initial_hands[1 - me])
    assert len(other) > 1


@pytest.mark.parametrize("preset", ["301", "three", "two"])
def test_search_plays_a_hand(preset: str) -> None:
    variant = get("darts")
    game = variant.new_game(variant.preset(preset), seed=f"search-{preset}")
    search = VariantSearch(budget=0.005, seed=1, max_worlds=4)
    hand = game.round
    while not hand.is_over:
        obs = hand.observation(hand.to_move)
        action = search.act(obs)
        assert action in obs.legal_actions
        game.push(action)
