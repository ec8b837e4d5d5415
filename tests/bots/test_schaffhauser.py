"""Schaffhauser's computer players: the rule player's decline and card play; the search's
worlds (the turned card in the dealer's hand, the targets out of reach while replaying)."""

from __future__ import annotations

import random

from tests.variants.test_schaffhauser import fill

from puur.bots import make_bot
from puur.bots.schaffhauser import SchaffhauserPlayer, should_decline
from puur.bots.variant_search import VariantSearch, model_for
from puur.bots.worlds import WorldSampler
from puur.cards import parse_card
from puur.variants import get
from puur.variants.schaffhauser_hand import SchaffhauserDeal, SchaffhauserHand
from puur.variants.schaffhauser_rules import A_ACCEPT, A_DECLINE

V = get("schaffhauser")
RULES = SchaffhauserPlayer()


def test_the_koenig_declines_a_hopeless_hand_and_plays_a_good_one() -> None:
    weak = "D6 D7 H7 S6 S9 S8 C6 C7 CT DT SQ DJ"
    deal = SchaffhauserDeal(fill([weak, "", "H6"]), 2, parse_card("H6"))
    hand = SchaffhauserHand(V.default_rules(), deal, koenig=0)
    assert should_decline(hand.observation(0)) and RULES.act(hand.observation(0)) == A_DECLINE
    strong = "HJ H9 HA HK HQ HT H8 DA SA CA CK C6"
    deal = SchaffhauserDeal(fill([strong, "", "H6"]), 2, parse_card("H6"))
    hand = SchaffhauserHand(V.default_rules(), deal, koenig=0)
    assert RULES.act(hand.observation(0)) == A_ACCEPT


def test_the_koenig_never_declines_into_the_bauern_s_target() -> None:
    weak = "D6 D7 H7 S6 S9 S8 C6 C7 CT DT SQ DJ"
    deal = SchaffhauserDeal(fill([weak, "", "H6"]), 2, parse_card("H6"))
    hand = SchaffhauserHand(V.default_rules(), deal, 5, koenig=0, totals=(200, 750))
    assert RULES.act(hand.observation(0)) == A_ACCEPT


def test_a_bauer_gives_points_to_his_partner_s_sure_trick() -> None:
    # Seat 0 is the König, seats 1 and 2 the Bauern; seat 2 deals and turns C6 (Eicheln).
    hands = fill(["S6", "SA", "ST S7 C6"])
    rules = V.rules_from_dict({"weis": False, "stoeck": False, "decline": False})
    hand = SchaffhauserHand(rules, SchaffhauserDeal(hands, 2, parse_card("C6")), koenig=0)
    assert hand.to_move == 0 and hand.trump == 3
    hand.push(parse_card("S6"))
    hand.push(parse_card("SA"))
    # Seat 2 plays last behind his partner's Ace: he gives the Ten, not the 7.
    assert RULES.act(hand.observation(2)) == parse_card("ST")


def test_the_rule_player_plays_legal_actions_over_many_hands() -> None:
    rng = random.Random(3)
    for seed in range(6):
        game = V.new_game(seed=f"legal-{seed}")
        while not game.is_over and len(game.rounds) < 6:
            obs = game.observation(game.to_move)
            a = RULES.act(obs) if rng.random() < 0.8 else rng.choice(game.legal_actions())
            assert a in game.legal_actions()
            game.push(a)


def test_rules_and_search_play_whole_games_of_every_preset() -> None:
    for preset in V.presets:
        game = V.new_game(V.preset(preset), seed=f"bots-{preset}")
        bots = [make_bot("rules"), make_bot("search", budget=0.01, seed=1), make_bot("random")]
        steps = 0
        while not game.is_over and steps < 400:
            seat = game.to_move
            game.push(bots[seat % 3].act(game.observation(seat)))
            steps += 1
        assert game.is_over or steps == 400


def test_the_search_takes_the_rule_player_s_decline_decision() -> None:
    game = V.new_game(seed=10)
    obs = game.observation(game.to_move)
    assert obs.phase == "decline"
    assert VariantSearch(budget=0.05, seed=1).act(obs) == RULES.act(obs)


def test_worlds_keep_the_turned_card_with_the_dealer_and_do_not_end_early() -> None:
    rules = V.rules_from_dict({"weis": False, "stoeck": False})
    game = V.new_game(rules, seed=4)
    hand = game.round
    hand.push(A_ACCEPT)
    while len(hand.trick_winners) < 2:
        hand.push(min(hand.legal_actions()))
    # Seat 1 sees worlds where the König stands one point short of his target.
    hand.totals = (349, 0)
    seat = next(s for s in range(3) if s != hand.dealer)
    obs = hand.observation(seat)
    sampler = WorldSampler(obs, model_for(obs))
    for k in range(20):
        w = sampler.sample(random.Random(k))
        assert w.initial_hands[hand.dealer] >> hand.turned & 1
        assert w.initial_hands[seat] == hand.initial_hands[seat]
        assert not w.is_over and w.played == hand.played and w.totals == (349, 0)
