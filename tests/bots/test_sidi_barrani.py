"""Sidi Barrani's computer players: the rule player's estimate, bids, doubles and contract; the
search's worlds (the auction and the late double replayed)."""

from __future__ import annotations

import random

from tests.variants.test_sidi_barrani import ALL_EICHELN, cards, hand_on, late

from puur.bots import make_bot
from puur.bots.sidi_barrani import SidiBarraniPlayer, best_contract, hand_estimate
from puur.bots.variant_search import VariantSearch, model_for
from puur.bots.worlds import WorldSampler
from puur.variants import get
from puur.variants.sidi_barrani_rules import A_CHOOSE, A_DOUBLE, A_PASS, bid_action

V = get("sidi_barrani")
RULES = SidiBarraniPlayer()
STRONG = "CJ C9 CA CK CQ CT DA HA SA"
WEAK = "D8 DT H8 HT S8 ST C8 C7 DQ"
#: Sixes and sevens: nothing in a suit or Obenabe, a Match in Undenufe.
LOW = "D6 D7 H6 H7 S6 S7 S8 C6 C7"


def test_the_estimate_finds_the_trump_and_grows_with_the_hand() -> None:
    contract, points = best_contract(cards(STRONG))
    assert contract == 3 and points == 157  # a Match hand: every card point, no bonus
    assert max(hand_estimate(cards(WEAK)).values()) < 80
    assert best_contract(cards(LOW)) == (5, 157)
    medium = cards("CJ C9 C6 C7 DA D6 H7 S8 SK")
    assert 80 < best_contract(medium)[1] < points


def test_a_strong_hand_bids_and_a_weak_one_passes() -> None:
    hand = hand_on([STRONG, WEAK, "", ""])
    assert RULES.act(hand.observation(0)) == bid_action(80)
    hand.push(bid_action(80))
    assert RULES.act(hand.observation(1)) == A_PASS


def test_the_rule_player_raises_while_the_bid_stays_under_its_estimate() -> None:
    medium = "CJ C9 C6 C7 DA D6 H7 S8 SK"
    est = best_contract(cards(medium))[1]
    assert 90 <= est - 5 < 110
    hand = hand_on(["", medium, "", ""])
    hand.push(bid_action(80))
    assert RULES.act(hand.observation(1)) == bid_action(90)  # 90 stays 5 under the estimate
    other = hand_on(["", medium, "", ""])
    other.push(bid_action(100))
    assert RULES.act(other.observation(1)) == A_PASS  # 110 would not
    hand.push(A_PASS)
    hand.push(A_PASS)
    hand.push(bid_action(150))  # seat 3, the partner, bids high
    hand.push(A_PASS)
    # Over the partner's bid it keeps quiet: nothing to raise, and no double for a partner.
    assert RULES.act(hand.observation(1)) == A_PASS


def test_a_high_opponent_bid_is_doubled_with_a_hand_that_takes_points() -> None:
    hand = hand_on(["", "DA DT HA HT SA ST CA CT DK", "", ""])
    hand.push(bid_action(150))
    assert RULES.act(hand.observation(1)) == A_DOUBLE
    low = hand_on(["", WEAK, "", ""])
    low.push(bid_action(80))
    assert RULES.act(low.observation(1)) == A_PASS


def test_the_declarer_names_its_best_contract() -> None:
    hand = hand_on([STRONG, "", "", ""])
    hand.push(bid_action(80))
    for _ in range(3):
        hand.push(A_PASS)
    assert RULES.act(hand.observation(0)) == A_CHOOSE + 3


def test_the_late_double_counts_the_tricks_in_the_named_contract() -> None:
    hand = late(["", ALL_EICHELN, "", ""])
    hand.push(bid_action(100))
    for _ in range(3):
        hand.push(A_PASS)
    hand.push(A_CHOOSE + 3)  # Eicheln: seat 1 holds every trump
    assert hand.phase == "double" and RULES.act(hand.observation(1)) == A_DOUBLE
    other = late(["", LOW, "", ""])
    other.push(bid_action(100))
    for _ in range(3):
        other.push(A_PASS)
    other.push(A_CHOOSE + 4)
    assert RULES.act(other.observation(1)) == A_PASS


def test_rules_play_whole_games_against_random() -> None:
    bots = [make_bot("rules"), make_bot("random", seed=1)]
    wins = 0
    for seed in range(4):
        game = V.new_game(seed=seed)
        while not game.is_over:
            seat = game.to_move
            game.push(bots[seat & 1].act(game.observation(seat)))
        wins += game.winner == 0
    assert wins >= 3


def test_worlds_replay_the_auction_and_the_late_double() -> None:
    hand = late()
    hand.push(bid_action(80))
    hand.push(A_PASS)
    hand.push(bid_action(100))
    for _ in range(3):
        hand.push(A_PASS)
    hand.push(A_CHOOSE + 1)
    hand.push(A_PASS)  # seat 3 passes, seat 1 doubles
    hand.push(A_DOUBLE)
    rng = random.Random(4)
    for _ in range(6):
        hand.push(rng.choice(hand.legal_actions()))
        obs = hand.observation(hand.to_move)
        sampler = WorldSampler(obs, model_for(obs))
        for _ in range(3):
            world = sampler.sample(rng, strict=True)
            assert world.observation(obs.seat) == obs
            assert world.doubled and world.doubler == 1  # type: ignore[attr-defined]


def test_search_leaves_the_calls_and_the_contract_to_the_rule_player() -> None:
    hand = hand_on([STRONG, "", "", ""])
    obs = hand.observation(0)
    assert VariantSearch(budget=0.05, seed=1).act(obs) == RULES.act(obs)
    hand.push(bid_action(80))
    for _ in range(3):
        hand.push(A_PASS)
    obs = hand.observation(0)
    assert VariantSearch(budget=0.05, seed=1).ranked(obs) == [(A_CHOOSE + 3, 0.0)]
    hand.push(A_CHOOSE + 3)
    while hand.phase != "play":
        hand.push(hand.legal_actions()[0])
    obs = hand.observation(hand.to_move)
    ranked = VariantSearch(budget=0.1, seed=1).ranked(obs)
    assert sorted(a for a, _v in ranked) == list(obs.legal_actions)
