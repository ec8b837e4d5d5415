"""The Offener Jass computer players: legal over many hands, the rule player's decisions on
constructed positions, the search's worlds (the face-down cards sampled, never read)."""

from __future__ import annotations

import random

import pytest

from puur.bots.offener_jass import OffenerJassPlayer, best_contract, estimate
from puur.bots.search import SearchBot
from puur.bots.variant_search import model_for
from puur.bots.worlds import WorldSampler
from puur.cards import parse_card
from puur.variants import get
from puur.variants.offener_jass import parse_deal_line
from puur.variants.offener_jass_hand import OffenerJassHand
from puur.variants.offener_jass_rules import A_CHOOSE, A_PASS, OffenerJassRules, bid_action

V = get("offener_jass")
PLAYER = OffenerJassPlayer()
EICHELN = 3

# Dealer 0: seat 1 opens. Seat 1 holds the top Eicheln and Rosen; seat 0 little.
STRONG = ("0 D6 D7 D8 S6 S7 S8 / CJ C9 CA CK HA HK ; up D9 DT S9 ST H6 H7 / CQ CT HQ HJ SA SK ; "
          "down DJ DQ DK DA SJ SQ / H8 H9 HT C6 C7 C8")


def card(token: str) -> int:
    return parse_card(token)


def hand_on(text: str = STRONG) -> OffenerJassHand:
    return OffenerJassHand(OffenerJassRules(), parse_deal_line(text))


def test_the_rule_player_plays_legal_actions_through_whole_games() -> None:
    for preset in V.presets:
        for seed in range(4):
            game = V.new_game(V.preset(preset), seed=seed)
            while not game.is_over:
                obs = game.observation(game.to_move)
                a = PLAYER.act(obs)
                assert a in obs.legal_actions
                game.push(a)


def test_the_opening_bid_is_the_lowest_and_a_strong_hand_raises() -> None:
    hand = hand_on()
    assert PLAYER.act(hand.observation(1)) == bid_action(60)
    hand.push(bid_action(60))
    obs = hand.observation(0)
    assert estimate(obs, EICHELN) < 90
    hand.push(bid_action(65))
    obs = hand.observation(1)
    c, est = best_contract(obs)
    assert c == EICHELN and est > 100
    assert PLAYER.act(obs) == bid_action(70)


def test_the_weak_hand_passes_a_bid_over_its_estimate() -> None:
    hand = hand_on()
    hand.push(bid_action(120))
    assert PLAYER.act(hand.observation(0)) == A_PASS


def test_the_bidder_names_its_best_contract() -> None:
    hand = hand_on()
    hand.push(bid_action(60))
    hand.push(A_PASS)
    assert PLAYER.act(hand.observation(1)) == A_CHOOSE + EICHELN


def test_leading_the_best_trump_while_the_opponent_may_hold_trumps() -> None:
    hand = hand_on()
    hand.push(bid_action(60))
    hand.push(A_PASS)
    hand.push(A_CHOOSE + EICHELN)
    assert PLAYER.act(hand.observation(1)) == card("CJ")


def test_second_it_follows_with_its_cheapest_card_when_it_cannot_win() -> None:
    hand = hand_on()
    hand.push(bid_action(60))
    hand.push(A_PASS)
    hand.push(A_CHOOSE + 4)  # Obenabe: seat 1 leads
    hand.push(card("HK"))
    # Seat 0 holds no Rosen in hand but the Rosen 6 and 7 face up: it must follow, and
    # cannot win.
    assert sorted(hand.legal_actions()) == [card("H6"), card("H7")]
    assert PLAYER.act(hand.observation(0)) == card("H6")


def test_second_it_wins_a_ten_with_the_cheapest_card_that_beats_it() -> None:
    text = ("1 D6 D7 D8 S6 S7 S8 / DJ DQ DA C6 C7 C8 ; up D9 DT S9 ST H6 H7 / "
            "DK CT HQ HJ SA SK ; down H8 H9 HT CQ CK CA / HA HK SJ SQ C9 CJ")
    game = V.new_game(seed=1, deals=[parse_deal_line(text)])
    game.push(bid_action(60))  # seat 0 opens and names Obenabe
    game.push(A_PASS)
    game.push(A_CHOOSE + 4)
    game.push(card("DT"))
    # Seat 1 holds the Schellen Under, Ober, King (face up) and Ace: the Under is cheapest.
    assert PLAYER.act(game.observation(1)) == card("DJ")


def test_second_it_plays_its_cheapest_card_when_it_cannot_win() -> None:
    text = ("1 D6 D7 D8 S6 S7 S8 / DA C6 C7 H8 H9 HT ; up D9 DT S9 ST H6 H7 / "
            "DK CT HQ HJ SA SK ; down DJ DQ CQ CK CA HA / HK SJ SQ C8 C9 CJ")
    game = V.new_game(seed=1, deals=[parse_deal_line(text)])
    game.push(bid_action(60))
    game.push(A_PASS)
    game.push(A_CHOOSE + 5)  # Undenufe: the 6 is highest
    game.push(card("S6"))
    obs = game.observation(1)
    # Seat 1 holds no Schilten but the Schilten Ace and King face up: it must follow, and the
    # Ace (worth nothing in Undenufe) is cheaper than the King (4).
    assert sorted(obs.legal_actions) == sorted([card("SA"), card("SK")])
    assert PLAYER.act(obs) == card("SA")


@pytest.mark.parametrize("preset", list(V.presets))
def test_worlds_keep_the_observation_and_deal_the_face_down_cards_anew(preset: str) -> None:
    rules = V.preset(preset)
    rng = random.Random(preset)
    game = V.new_game(rules, seed=preset)
    varied = 0
    steps = 0
    while not game.is_over and steps < 60:
        obs = game.observation(game.to_move)
        if obs.phase == "play":
            sampler = WorldSampler(obs, model_for(obs))
            downs = set()
            for _ in range(4):
                world = sampler.sample(rng, strict=True)
                assert world.observation(obs.seat) == obs
                assert world.hand_cards(obs.seat) == game.round.hand_cards(obs.seat)
                downs.add(world.down)
            varied += len(downs) > 1
        game.push(rng.choice(game.legal_actions()))
        steps += 1
    assert varied > 5


def test_the_search_plays_legal_cards() -> None:
    bot = SearchBot(budget=0.01, seed=3)
    game = V.new_game(seed=4)
    for _ in range(16):
        obs = game.observation(game.to_move)
        a = bot.act(obs)
        assert a in obs.legal_actions
        game.push(a)
