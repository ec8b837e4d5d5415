"""Guggitaler's computer players: the rule player's basic strategy and the search's worlds."""

from __future__ import annotations

import random

import pytest

from puur.bots import make_bot
from puur.bots.guggitaler import GuggitalerPlayer
from puur.bots.variant_guggitaler import domino_forbidden
from puur.bots.variant_search import VariantSearch, model_for
from puur.bots.worlds import WorldSampler
from puur.cards import CardSet, parse_card
from puur.variants import get
from puur.variants.guggitaler import VARIANT, GuggitalerGame
from puur.variants.guggitaler_hand import A_PASS, DominoHand, GuggitalerDeal, GuggitalerHand
from puur.variants.guggitaler_rules import PRESETS, GuggitalerRules


def mask(text: str) -> int:
    return CardSet.from_text(text).bits


def deal(*hands: str, dealer: int = 3) -> GuggitalerDeal:
    return GuggitalerDeal(tuple(mask(h) for h in hands), dealer)


def play(hand: GuggitalerHand | DominoHand, tokens: str) -> None:
    for tok in tokens.split():
        hand.push(VARIANT.parse_action(hand, tok))


FOUR = (
    "HQ HK HA S6 S7 D6 D7 C6 C7",
    "H6 H7 SQ S8 S9 D8 D9 C8 C9",
    "H8 H9 DQ ST SJ DT DJ CT CJ",
    "HT HJ CQ SK SA DK DA CK CA",
)
PLAYER = GuggitalerPlayer()


def test_it_ducks_under_the_best_card_with_its_highest_loser() -> None:
    hand = GuggitalerHand(GuggitalerRules(), deal(*FOUR), hand_no=1)
    play(hand, "S7")
    # B holds S8 S9 SQ, each higher than the 7: it plays its lowest while two seats are
    # still to come.
    assert PLAYER.act(hand.observation(1)) == parse_card("S8")
    play(hand, "S8 SJ")
    # D holds SK SA and is last: both win; it takes the trick with its highest.
    assert PLAYER.act(hand.observation(3)) == parse_card("SA")


def test_when_it_can_duck_it_plays_the_highest_card_that_loses() -> None:
    hand = GuggitalerHand(GuggitalerRules(), deal(*FOUR), hand_no=1)
    play(hand, "HA")
    assert PLAYER.act(hand.observation(1)) == parse_card("H7")


def test_void_it_throws_a_costly_card_onto_another_trick() -> None:
    hands = ("D6 D7 D8 H6 H7 H8 S6 S7 S8", "HQ SQ CQ DQ C6 C7 C8 C9 CT",
             "D9 DT DJ H9 HT HJ S9 ST SJ", "DK DA HK HA SK SA CJ CK CA")
    hand = GuggitalerHand(GuggitalerRules(), GuggitalerDeal(
        tuple(mask(h) for h in hands), 3), hand_no=3)
    play(hand, "S6")
    # B holds one Schilten, the Ober: it must follow with it.
    assert PLAYER.act(hand.observation(1)) == parse_card("SQ")
    play(hand, "SQ SJ SA")
    play(hand, "SK")  # D leads Schilten again: B is void and drops an Ober
    assert PLAYER.act(hand.observation(0)) in (parse_card("S7"), parse_card("S8"))
    play(hand, "S8")
    assert PLAYER.act(hand.observation(1)) in {parse_card(c) for c in ("HQ", "CQ", "DQ")}


def test_it_does_not_lead_a_costly_card_while_it_holds_another() -> None:
    hands = ("HQ DQ SQ CQ C6 C7 C8 C9 CT", "D6 D7 D8 H6 H7 H8 S6 S7 S8",
             "D9 DT DJ H9 HT HJ S9 ST SJ", "DK DA HK HA SK SA CJ CK CA")
    hand = GuggitalerHand(GuggitalerRules(), GuggitalerDeal(
        tuple(mask(h) for h in hands), 3), hand_no=3)
    card = PLAYER.act(hand.observation(0))
    assert card // 9 == 3 and card % 9 != 6


def test_in_the_last_trick_deal_it_plays_high_early() -> None:
    hand = GuggitalerHand(GuggitalerRules(), deal(*FOUR), hand_no=5)
    play(hand, "S7")
    assert PLAYER.act(hand.observation(1)) == parse_card("SQ")


def test_in_the_domino_it_lays_the_card_that_opens_its_own_way() -> None:
    h = DominoHand(GuggitalerRules(), deal(*FOUR))
    play(h, "S7")
    # B may lay H7 or S8; behind S8 it holds S9 and SQ: S8 opens its own way.
    assert PLAYER.act(h.observation(1)) == parse_card("S8")
    play(h, "S8")
    assert PLAYER.act(h.observation(2)) == A_PASS


def _mean_result(bots: tuple[str, str], games: int) -> tuple[float, float]:
    totals = [0.0, 0.0]
    for g in range(games):
        for shift in range(2):
            game = GuggitalerGame(seed=f"strength-{g}")
            players = [make_bot(bots[(s + shift) % 2], seed=s) for s in range(4)]
            while not game.is_over:
                game.push(players[game.to_move].act(game.observation(game.to_move)))
            for s in range(4):
                totals[(s + shift) % 2] += game.scores[s]
    return totals[0] / (4 * games), totals[1] / (4 * games)


def test_the_rule_player_pays_less_than_random() -> None:
    rules, rnd = _mean_result(("rules", "random"), 6)
    assert rules < rnd


def test_a_domino_pass_proves_the_seat_held_none_of_the_cards_it_could_lay() -> None:
    moves = ((0, parse_card("S7")), (1, parse_card("S8")), (2, -1))
    forbid = domino_forbidden(moves, 4, -1, 0)
    assert forbid[2] == mask("D7 H7 S6 S9 C7")
    assert forbid[0] == forbid[1] == forbid[3] == 0


def test_domino_worlds_respect_the_passes_and_give_the_same_observation() -> None:
    h = DominoHand(GuggitalerRules(), deal(*FOUR))
    play(h, "S7 S8 pass")
    obs = h.observation(3)
    sampler = WorldSampler(obs, model_for(obs))
    for k in range(20):
        world = sampler.sample(random.Random(k))
        assert not world.hands[2] & mask("D7 H7 S6 S9 C7")
        assert world.observation(3) == obs


def test_trick_worlds_respect_the_lead_ban() -> None:
    # In deal 2 a Schelle led proves its leader held nothing but Schellen.
    hands = ("D6 D7 D8 D9 DT DJ DQ DK DA", "H6 H7 H8 H9 HT HJ HQ HK HA",
             "S6 S7 S8 S9 ST SJ SQ SK SA", "C6 C7 C8 C9 CT CJ CQ CK CA")
    hand = GuggitalerHand(GuggitalerRules(), GuggitalerDeal(
        tuple(mask(x) for x in hands), 3), hand_no=2)
    play(hand, "D6")
    obs = hand.observation(1)
    sampler = WorldSampler(obs, model_for(obs))
    for k in range(10):
        world = sampler.sample(random.Random(k))
        assert world.initial_hands[0] == mask(hands[0])


@pytest.mark.parametrize("preset", list(PRESETS))
def test_search_plays_a_whole_game_of_every_preset(preset: str) -> None:
    variant = get("guggitaler")
    game = variant.new_game(variant.preset(preset), seed=f"search-{preset}")
    search = VariantSearch(budget=0.003, seed=1, max_worlds=2)
    rng = random.Random(preset)
    while not game.is_over:
        obs = game.observation(game.to_move)
        # The search plays one seat; the others play at random (to keep the test short).
        action = search.act(obs) if game.to_move == 0 else rng.choice(list(obs.legal_actions))
        assert action in obs.legal_actions
        game.push(action)
