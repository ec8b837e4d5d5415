"""Mittlere's computer players: the rule player's aims and cards, the search's worlds."""

from __future__ import annotations

import dataclasses
import random

import pytest

from puur.bots import make_bot
from puur.bots.mittlere import MittlerePlayer, aim
from puur.bots.variant_search import VariantSearch, model_for
from puur.bots.worlds import WorldSampler
from puur.cards import SUIT_MASK, CardSet, parse_card
from puur.variants import get
from puur.variants.mittlere_hand import MittlereDeal, MittlereHand
from puur.variants.mittlere_rules import PRESETS, MittlereRules
from puur.variants.mittlere_view import MittlereObservation


def mask(text: str) -> int:
    return CardSet.from_text(text).bits


# Seat 2 deals, seat 0 leads. Each holds three of every suit; seat 1 the 6, King and Ace.
SPREAD = (
    "D9 D8 H9 H8 S9 S8 C9 C8 DQ HQ SQ CQ",
    "DA D6 HA H6 SA S6 CA C6 DK HK SK CK",
    "DT DJ D7 HT HJ H7 ST SJ S7 CT CJ C7",
)
PLAYER = MittlerePlayer()


def hand_of(*hands: str) -> MittlereHand:
    return MittlereHand(MittlereRules(), MittlereDeal(tuple(mask(h) for h in hands), 2))


def seat1_after_d9(made: tuple[int, int, int], tricks: tuple[int, int, int],
                   trick_no: int) -> MittlereObservation:
    """Seat 1 on the Schellen 9 led, holding the 6 (ducks), the King and the Ace (take), with
    the hand's totals as given (only what the rule player reads of them)."""
    hand = hand_of(*SPREAD)
    hand.push(parse_card("D9"))
    obs: MittlereObservation = hand.observation(1)
    return dataclasses.replace(obs, made=made, tricks=tricks, trick_no=trick_no)


def test_aims_low_on_the_lowest_total_and_high_on_the_highest() -> None:
    assert aim((0, 0, 0), (0, 0, 0), 1, 0) == -1
    assert aim((30, 10, 40), (2, 1, 3), 1, 6) == -1
    assert aim((10, 40, 30), (1, 3, 2), 1, 6) == 1


def test_in_the_middle_it_moves_to_the_nearer_end_unless_the_top_is_near_100() -> None:
    assert aim((20, 40, 45), (2, 3, 3), 1, 8) == 1     # 5 below the top, 20 above the bottom
    assert aim((35, 40, 60), (2, 3, 3), 1, 8) == -1    # 5 above the bottom
    assert aim((20, 45, 80), (1, 4, 4), 1, 9) == -1    # the top would mean 100


def test_never_towards_100_nor_without_a_trick() -> None:
    assert aim((10, 80, 20), (2, 7, 1), 1, 10) == -1   # the highest, but near 100: duck
    assert aim((10, 60, 20), (2, 5, 1), 1, 8) == -1    # from 60 on it ducks
    assert aim((10, 59, 20), (2, 5, 1), 1, 8) == 1
    assert aim((60, 0, 50), (5, 0, 4), 1, 9) == 1      # the lowest, but no trick: take one
    assert aim((10, 0, 20), (3, 0, 3), 1, 6) == -1     # no trick yet, six left: still low


def test_on_the_lowest_total_it_ducks_under_the_led_card() -> None:
    assert PLAYER.act(seat1_after_d9((40, 10, 30), (3, 1, 2), 6)) == parse_card("D6")


def test_on_the_highest_total_it_takes_with_its_cheapest_winner() -> None:
    assert PLAYER.act(seat1_after_d9((10, 40, 30), (1, 3, 2), 6)) == parse_card("DK")


def test_without_a_trick_late_in_the_hand_it_takes_one() -> None:
    assert PLAYER.act(seat1_after_d9((60, 0, 50), (5, 0, 4), 9)) == parse_card("DK")


def test_near_100_it_ducks_even_on_the_highest_total() -> None:
    assert PLAYER.act(seat1_after_d9((10, 80, 20), (2, 7, 1), 10)) == parse_card("D6")


def test_leading_to_take_it_plays_its_surest_winner() -> None:
    hand = hand_of(*SPREAD)
    for tok in ("D9", "DA", "D7"):  # seat 1 takes trick 1 and leads
        hand.push(parse_card(tok))
    obs = dataclasses.replace(hand.observation(1), made=(10, 40, 30), tricks=(1, 3, 2))
    card = PLAYER.act(obs)
    assert card in (parse_card("HA"), parse_card("SA"), parse_card("CA"))


def _mean_result(seed_count: int) -> tuple[float, float]:
    """The rule player's and random's mean result per hand, the rule player in each seat."""
    variant = get("mittlere")
    rules_total = random_total = 0.0
    hands = 0
    for seed in range(seed_count):
        for seat in range(3):
            game = variant.new_game(MittlereRules(hands=3), seed=f"bots-{seed}-{seat}")
            bots = [make_bot("rules") if s == seat else make_bot("random", seed=seed)
                    for s in range(3)]
            while not game.is_over:
                s = game.to_move
                game.push(bots[s].act(game.observation(s)))
            rules_total += game.scores[seat]
            random_total += sum(game.scores[s] for s in range(3) if s != seat) / 2
            hands += 3
    return rules_total / hands, random_total / hands


def test_the_rule_player_scores_better_than_random() -> None:
    rules, rnd = _mean_result(4)
    assert rules > rnd


def test_sampled_worlds_respect_the_first_discard_and_give_the_same_observation() -> None:
    hand = hand_of("DA DK DQ DJ HA HK HQ HJ SA SK SQ SJ", "DT D9 D8 D7 HT H9 H8 H7 ST S9 S8 S7",
                   "D6 H6 S6 C6 C7 C8 C9 CT CJ CQ CK CA")
    for tok in ("DA", "D7", "D6", "DK", "D8", "C6"):  # seat 2 discards: Eicheln trumps
        hand.push(parse_card(tok))
    obs = hand.observation(0)
    sampler = WorldSampler(obs, model_for(obs))
    for k in range(20):
        world = sampler.sample(random.Random(k))
        assert not world.initial_hands[2] & SUIT_MASK[0] & ~mask("D6")  # seat 2: one Schelle
        assert world.observation(0) == obs


@pytest.mark.parametrize("preset", list(PRESETS))
def test_search_plays_a_hand_of_every_preset(preset: str) -> None:
    variant = get("mittlere")
    game = variant.new_game(variant.preset(preset), seed=f"search-{preset}")
    search = VariantSearch(budget=0.005, seed=1, max_worlds=4)
    hand = game.round
    while not hand.is_over:
        obs = hand.observation(hand.to_move)
        action = search.act(obs)
        assert action in obs.legal_actions
        game.push(action)
    assert sum(hand.trick_points) == 157
