"""Fahnder's computer players: the rule player's bidding, contract, call and card play on
constructed positions, legal play over many hands of every preset; the search's worlds (the
called card with its public holder, spread over the seats while he is secret)."""

from __future__ import annotations

import random

import pytest
from tests.variants.test_fahnder import auction, cards, fill

from puur.bots import make_bot
from puur.bots.fahnder import FahnderPlayer, call_card, pair_estimate
from puur.bots.variant_search import model_for
from puur.bots.worlds import WorldSampler
from puur.cards import parse_card
from puur.variants import get
from puur.variants.fahnder_hand import FahnderDeal, FahnderHand
from puur.variants.fahnder_rules import (
    A_CALL,
    A_CHOOSE,
    A_PASS,
    PRESETS,
    FahnderRules,
    bid_action,
)

V = get("fahnder")
RULES = FahnderPlayer()
STRONG = "HJ H9 HA HK HQ HT DA SA CA"


def test_the_estimate_grows_with_the_hand_and_finds_the_trumps() -> None:
    contract, strong = pair_estimate(cards(STRONG))
    assert contract == 1 and strong > 140
    _c, weak = pair_estimate(cards("D7 D8 H7 H8 S7 S8 C7 C8 CT"))
    assert weak < 80 < strong


def test_the_rule_player_bids_the_lowest_bid_with_a_strong_hand_and_passes_a_weak_one() -> None:
    hand = FahnderHand(FahnderRules(), FahnderDeal(fill([STRONG, "", "", ""]), 3))
    assert RULES.act(hand.observation(0)) == bid_action(80)
    auction(hand, [80, 150, 0, 0])
    # Over 150 it still bids what the pair should make, and no more.
    limit = pair_estimate(cards(STRONG))[1]
    assert hand.to_move == 0
    assert RULES.act(hand.observation(0)) == (bid_action(155) if limit >= 155 else A_PASS)
    weak = FahnderHand(FahnderRules(), FahnderDeal(fill(["D7 D8 H7 H8 S7 S8 C7 C8 CT", "", "",
                                                        ""]), 3))
    assert RULES.act(weak.observation(0)) == A_PASS


def test_under_game_points_it_opens_at_110() -> None:
    hand = FahnderHand(FahnderRules(scoring="game_points"),
                       FahnderDeal(fill([STRONG, "", "", ""]), 3))
    assert RULES.act(hand.observation(0)) == bid_action(110)


def test_the_fahnder_names_his_best_contract_and_with_every_top_card_goes_alone() -> None:
    hand = FahnderHand(FahnderRules(), FahnderDeal(fill([STRONG, "", "", ""]), 3))
    auction(hand, [80, 0, 0, 0])
    assert RULES.act(hand.observation(0)) == A_CHOOSE + 1
    hand.push(A_CHOOSE + 1)
    # Under, 9, Ace, King and Ober of Rosen and every side Ace are his: he calls his own
    # Under and plays alone.
    assert RULES.act(hand.observation(0)) == A_CALL + parse_card("HJ")
    hand.push(A_CALL + parse_card("HJ"))
    assert hand.alone


@pytest.mark.parametrize(("hand", "contract", "card"), [
    ("H6 H7 H8 D6 D7 S6 S7 C6 C7", 1, "HJ"),   # the Under of trumps first
    ("HJ H7 H8 D6 D7 S6 S7 C6 C7", 1, "H9"),   # then the 9
    ("HJ H9 H8 D6 D7 S6 S7 C6 C7", 1, "HA"),   # then the Ace
    ("HJ H9 HA HK HQ D6 D7 D8 S6", 1, "DA"),   # every top trump: the Ace of the longest suit
    ("DA HA SA CA D6 D7 D8 S6 S7", 4, "DA"),   # Obenabe with every Ace: alone with his own
    ("D6 D7 D8 H6 H7 S7 S8 C7 C8", 5, "S6"),   # Undenufe: the 6 he lacks, longest suit first
])
def test_the_call(hand: str, contract: int, card: str) -> None:
    assert call_card(cards(hand), contract) == parse_card(card)


def test_the_partner_playing_last_gives_points_to_the_fahnder_s_trick() -> None:
    # Seat 1 (the Vorhand) is the Fahnder in Rosen and calls the Rosen 9 that seat 0 holds; he
    # leads the Schellen Ace, both opponents follow, and his known partner, last to play,
    # puts his Schellen Ten (10 points) on it rather than a cheaper Schellen.
    hand = FahnderHand(FahnderRules(), FahnderDeal(fill([
        "H9 D8 D9 DT DJ DQ DK", "HJ HA HK DA S6 S7 C6 C7 C8", "D6", "D7"]), 0))
    auction(hand, [80, 0, 0, 0])
    hand.push(A_CHOOSE + 1)
    hand.push(A_CALL + parse_card("H9"))
    for card in ("DA", "D6", "D7"):
        hand.push(parse_card(card))
    assert hand.to_move == 0
    assert RULES.act(hand.observation(0)) == parse_card("DT")


@pytest.mark.parametrize("preset", list(PRESETS))
def test_rules_and_search_play_legally_over_many_hands(preset: str) -> None:
    rules = PRESETS[preset].replace(hands=3)
    for g in range(3):
        game = V.new_game(rules, seed=f"legal:{preset}:{g}")
        bots = [make_bot("rules"), make_bot("random", seed=g), make_bot("rules"),
                make_bot("search", budget=0.01, seed=1) if g == 0 else make_bot("rules")]
        while not game.is_over:
            obs = game.observation(game.to_move)
            action = bots[game.to_move].act(obs)
            assert action in obs.legal_actions
            game.push(action)


def test_worlds_put_a_public_partner_s_card_in_his_hand() -> None:
    hand = FahnderHand(FahnderRules(), FahnderDeal(fill(["", "", "HA", ""]), 3))
    auction(hand, [80, 0, 0, 0])
    hand.push(A_CHOOSE)
    hand.push(A_CALL + parse_card("HA"))
    obs = hand.observation(1)
    sampler = WorldSampler(obs, model_for(obs))
    rng = random.Random(1)
    for _ in range(10):
        world = sampler.sample(rng)
        assert world.partner == 2 and world.observation(1) == obs


def test_worlds_spread_a_secret_partner_s_card_over_the_seats_that_may_hold_it() -> None:
    hand = FahnderHand(FahnderRules(partner_reveal="on_play"),
                       FahnderDeal(fill(["", "", "HA", ""]), 3))
    auction(hand, [80, 0, 0, 0])
    hand.push(A_CHOOSE)
    hand.push(A_CALL + parse_card("HA"))
    obs = hand.observation(1)
    sampler = WorldSampler(obs, model_for(obs))
    rng = random.Random(2)
    partners = set()
    for _ in range(30):
        world = sampler.sample(rng)
        assert world.observation(1) == obs
        partners.add(world.partner)
    assert partners == {0, 2, 3}
