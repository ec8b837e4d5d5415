"""Schellenjass's computer players: the rule player's basic strategy and the search's worlds."""

from __future__ import annotations

import dataclasses
import random

import pytest

from puur.bots import make_bot
from puur.bots.schellenjass import SchellenjassPlayer, turi_threat
from puur.bots.variant_search import VariantSearch, model_for
from puur.bots.worlds import WorldSampler
from puur.cards import SUIT_MASK, CardSet, parse_card
from puur.variants import get
from puur.variants.schellenjass_hand import SchellenjassDeal, SchellenjassHand
from puur.variants.schellenjass_rules import PRESETS, SchellenjassRules


def mask(text: str) -> int:
    return CardSet.from_text(text).bits


def hand_of(rules: SchellenjassRules, *hands: str) -> SchellenjassHand:
    return SchellenjassHand(rules, SchellenjassDeal(tuple(mask(h) for h in hands), 3))


def play(hand: SchellenjassHand, tokens: str) -> None:
    for tok in tokens.split():
        hand.push(parse_card(tok))


# Four hands of mixed suits; A (seat 0) leads trick 1 (the dealer is seat 3).
SPREAD = (
    "SA H6 H7 HK D6 D7 C6 C7 C8",
    "S9 H8 H9 HA D8 D9 C9 CT CJ",
    "S6 HT HJ HQ DT DJ DQ CQ CK",
    "SJ S7 S8 ST SQ SK DK DA CA",
)
PLAYER = SchellenjassPlayer()


def test_it_ducks_under_the_best_card_with_its_highest_loser() -> None:
    hand = hand_of(SchellenjassRules(), *SPREAD)
    play(hand, "HK")
    # B holds H8 H9 HA: the Ace would take the King, the 9 is the highest that ducks.
    assert PLAYER.act(hand.observation(1)) == parse_card("H9")


def test_void_it_throws_its_highest_schelle_onto_the_trick() -> None:
    hand = hand_of(SchellenjassRules(), *SPREAD)
    play(hand, "H6 H8 HT")
    # D holds no Rosen: the discard never takes the trick, and the Schellen ace costs a point.
    assert PLAYER.act(hand.observation(3)) == parse_card("DA")


def test_void_without_schellen_it_sheds_its_most_dangerous_card() -> None:
    hand = hand_of(SchellenjassRules(), "H6 H7 H8 H9 HT HJ HQ HK S6",
                   "D6 D7 D8 D9 DT DJ DQ DK S7", "HA C6 C7 C8 C9 CT CJ CQ CK",
                   "DA SA S8 S9 ST SJ SQ SK CA")
    play(hand, "H6 S7")
    # C follows; D holds no Rosen and no... it does hold the Schellen ace: that goes first.
    play(hand, "HA")
    assert PLAYER.act(hand.observation(3)) == parse_card("DA")
    hand2 = hand_of(SchellenjassRules(), "H6 H7 H8 H9 HT HJ HQ HK S6",
                    "D6 D7 D8 D9 DT DJ DQ DK DA", "HA C6 C7 C8 C9 CT CJ CQ CK",
                    "S7 SA S8 S9 ST SJ SQ SK CA")
    play(hand2, "H6 D6 HA")
    # No Schelle: the Schilten ace (nothing of its suit out above it) is the card to shed.
    assert PLAYER.act(hand2.observation(3)) in (parse_card("SA"), parse_card("CA"))


def test_when_every_card_wins_it_takes_the_trick_with_its_highest_as_the_last_seat() -> None:
    hand = hand_of(SchellenjassRules(), *SPREAD)
    play(hand, "C6 C9 CK")
    # D's only Eicheln is the Ace: it must win; as the last seat it would shed the highest.
    assert PLAYER.act(hand.observation(3)) == parse_card("CA")
    hand = hand_of(SchellenjassRules(), *SPREAD)
    play(hand, "D6 D9")
    # C holds DT DJ DQ, all above the 9, players still to come: the lowest, DT.
    assert PLAYER.act(hand.observation(2)) == parse_card("DT")


def test_it_leads_a_card_that_surely_loses() -> None:
    hand = hand_of(SchellenjassRules(), *SPREAD)
    card = PLAYER.act(hand.observation(0))
    # A holds the Schilten ace (a sure winner) and low cards of three suits: a low Schelle,
    # under which the others must follow with higher ones.
    assert card == parse_card("D6")


def test_it_respects_the_lead_ban() -> None:
    hand = hand_of(SchellenjassRules(no_lead_first_trick=True), *SPREAD)
    card = PLAYER.act(hand.observation(0))
    assert card // 9 != 0 and card in hand.legal_actions()


def _mean_points(bots: tuple[str, str], deals: int) -> tuple[float, float]:
    """Each bot's mean Schellen per hand over ``deals`` deals, in every seating of two bots."""
    variant = get("schellenjass")
    totals = [0.0, 0.0]
    for d in range(deals):
        for shift in range(4):
            game = variant.new_game(seed=f"strength-{d}")
            players = [make_bot(bots[(s + shift) % 2], seed=s) for s in range(4)]
            hand = game.round
            while not hand.is_over:
                obs = hand.observation(hand.to_move)
                game.push(players[hand.to_move].act(obs))
            for s in range(4):
                totals[(s + shift) % 2] += hand.result()[s]
    return totals[0] / (8 * deals), totals[1] / (8 * deals)


def test_the_rule_player_takes_fewer_schellen_than_random() -> None:
    rules, rnd = _mean_points(("rules", "random"), 8)
    assert rules < rnd


@pytest.mark.parametrize("preset", list(PRESETS))
def test_the_bots_play_legally_over_many_hands(preset: str) -> None:
    variant = get("schellenjass")
    for seed in range(6):
        game = variant.new_game(variant.preset(preset), seed=f"legal-{seed}")
        bots = [make_bot("rules" if s % 2 else "random", seed=s) for s in range(4)]
        hands = 0
        while not game.is_over and hands < 2:
            hand = game.round
            obs = hand.observation(hand.to_move)
            action = bots[hand.to_move].act(obs)
            assert action in obs.legal_actions
            game.push(action)
            hands += hand.is_over


def test_sampled_worlds_respect_a_void_and_give_the_same_observation() -> None:
    hand = hand_of(SchellenjassRules(), *SPREAD)
    play(hand, "H6 H8 HT DA")          # D shows it holds no Rosen
    obs = hand.observation(1)
    sampler = WorldSampler(obs, model_for(obs))
    for k in range(20):
        world = sampler.sample(random.Random(k))
        assert not world.initial_hands[3] & SUIT_MASK[1] & ~mask("H6 H8 HT")
        assert world.initial_hands[1] == mask(SPREAD[1])
        assert world.observation(1) == obs


@pytest.mark.parametrize("preset", ["standard", "two", "striche"])
def test_search_plays_a_hand(preset: str) -> None:
    variant = get("schellenjass")
    game = variant.new_game(variant.preset(preset), seed=f"search-{preset}")
    search = VariantSearch(budget=0.005, seed=1, max_worlds=4)
    hand = game.round
    while not hand.is_over:
        obs = hand.observation(hand.to_move)
        action = search.act(obs)
        assert action in obs.legal_actions
        game.push(action)


def test_it_takes_a_schelle_to_stop_a_turi() -> None:
    # Two players. B (seat 1) leads the Schellen 7; A would duck with its 6, but when B has
    # taken the first three Schellen and A none, A takes the trick (and so a Schelle) with
    # the Ace: one point instead of the nine of B's Turi.
    rules = SchellenjassRules(players=2)
    a = "D6 DA H6 H7 H8 H9 HT HJ HQ S6 S7 S8 S9 ST SJ SQ SK SA"
    b = "D7 D8 D9 DT DJ DQ DK HK HA C6 C7 C8 C9 CT CJ CQ CK CA"
    hand = SchellenjassHand(rules, SchellenjassDeal((mask(a), mask(b)), 0))
    play(hand, "D7")
    obs = hand.observation(0)
    assert PLAYER.act(obs) == parse_card("D6")
    threat = dataclasses.replace(obs, taken=(0, 3))
    assert turi_threat(threat) and PLAYER.act(threat) == parse_card("DA")
    assert not turi_threat(dataclasses.replace(obs, taken=(1, 3)))
    assert not turi_threat(dataclasses.replace(threat, rules=SchellenjassRules(players=2,
                                                                               turi=False)))
    # Void in the suit led, it feeds him no Schelle.
    hand = SchellenjassHand(rules, SchellenjassDeal((mask(a), mask(b)), 0))
    play(hand, "C6")
    obs = hand.observation(0)
    assert PLAYER.act(obs) == parse_card("DA")
    assert PLAYER.act(dataclasses.replace(obs, taken=(0, 3))) // 9 != 0
    # Leading, it leads its highest Schelle.
    lead = SchellenjassHand(rules, SchellenjassDeal((mask(a), mask(b)), 1)).observation(0)
    assert PLAYER.act(dataclasses.replace(lead, taken=(0, 3))) == parse_card("DA")
