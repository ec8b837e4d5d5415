"""Molotow's computer players: the rule player's basic strategy and the search's worlds."""

from __future__ import annotations

import random

import pytest

from puur.bots import make_bot
from puur.bots.molotow import MolotowPlayer, discard_suit_cost
from puur.bots.variant_molotow import molotow_forbidden
from puur.bots.variant_search import VariantSearch, model_for
from puur.bots.worlds import WorldSampler
from puur.cards import SUIT_MASK, CardSet, parse_card
from puur.hand import STOECK, WEIS
from puur.tricks import PlayRule
from puur.variants import get
from puur.variants.molotow_hand import A_STOECK, A_WEIS, MolotowDeal, MolotowHand
from puur.variants.molotow_rules import PRESETS, MolotowRules


def mask(text: str) -> int:
    return CardSet.from_text(text).bits


def hand_of(rules: MolotowRules, *hands: str) -> MolotowHand:
    return MolotowHand(rules, MolotowDeal(tuple(mask(h) for h in hands), 3))


def play(hand: MolotowHand, tokens: str) -> None:
    for tok in tokens.split():
        if hand.phase == WEIS:
            hand.push(A_WEIS)
        hand.push(parse_card(tok))


SPREAD = (
    "SA H6 H7 HK D6 D7 C6 C7 C8",
    "S9 H8 H9 HA D8 D9 C9 CT CJ",
    "S6 HT HJ HQ DT DJ DQ CQ CK",
    "SJ S7 S8 ST SQ SK DK DA CA",
)
PLAYER = MolotowPlayer()


def test_it_ducks_under_the_best_card_with_its_highest_loser() -> None:
    hand = hand_of(MolotowRules(weis=False), *SPREAD)
    play(hand, "SA S9 S6 SJ")  # A takes trick 1 and leads again
    play(hand, "HK")
    # B holds H8 H9 HA: the Ace would take the King, the 9 is the highest that ducks.
    assert PLAYER.act(hand.observation(1)) == parse_card("H9")


# Clubs led; D holds nothing but winning Clubs, Schellen, Rosen and Schilten are each short.
LONG_SUITS = (
    "C6 D6 D7 D8 D9 DT DJ DQ DK",
    "C7 H6 H7 H8 H9 HT HJ HQ HK",
    "C8 S6 S7 S8 S9 ST SJ SQ SK",
    "C9 CT CJ CQ CK CA DA HA SA",
)


def test_when_every_card_wins_it_takes_the_trick_with_its_highest_as_the_last_seat() -> None:
    hand = hand_of(MolotowRules(weis=False), *LONG_SUITS)
    play(hand, "C6 C7 C8")
    assert PLAYER.act(hand.observation(3)) == parse_card("CA")


def test_void_after_trumps_it_throws_away_a_high_card_onto_the_trick() -> None:
    hand = hand_of(MolotowRules(weis=False), *LONG_SUITS)
    play(hand, "C6 C7 C8 CA DA D6 H6")   # B has no Schellen: Rosen trumps, B's 6 leads
    assert hand.trump == 1
    card = PLAYER.act(hand.observation(2))  # C has no Schellen and no Rosen
    assert card in (parse_card("ST"), parse_card("SK"))


def test_void_before_trumps_it_fixes_a_suit_it_holds_little_of() -> None:
    # D holds no Rosen; Schilten (six cards, the top trumps among them) would be a disaster.
    hand = hand_of(MolotowRules(weis=False), *SPREAD)
    play(hand, "SA S9 S6 SJ H6 H8 HT")
    card = PLAYER.act(hand.observation(3))
    assert card // 9 != 2
    schilten = discard_suit_cost(hand.hands[3], 2, parse_card("S7"))
    assert discard_suit_cost(hand.hands[3], card // 9, card) < schilten


def test_it_declares_its_weis_and_announces_stoeck() -> None:
    hand = hand_of(MolotowRules(), *SPREAD)
    assert hand.phase == WEIS
    assert PLAYER.act(hand.observation(0)) == A_WEIS + 1
    for tok in ["SA", "S9", "S6", "SJ", "H6", "H8", "HT", "S7", "SQ", "H7", "H9", "HJ", "SK"]:
        while hand.phase == WEIS:
            hand.push(A_WEIS)
        hand.push(parse_card(tok))
    assert hand.phase == STOECK
    assert PLAYER.act(hand.observation(3)) == A_STOECK


def _mean_points(bots: tuple[str, str], deals: int) -> tuple[float, float]:
    """Each bot's mean hand score over ``deals`` deals, in every seating of two bots."""
    variant = get("molotow")
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


def test_the_rule_player_takes_fewer_points_than_random() -> None:
    rules, rnd = _mean_points(("rules", "random"), 6)
    assert rules < rnd


def test_the_first_discard_proves_a_void_and_a_later_ruff_does_not() -> None:
    rule = MolotowRules().play_rule()
    # Trick 1: Rosen led, seat 2 discards a Schilten (trumps), seat 3 ruffs with a Schilten.
    history = [(0, parse_card("HT")), (1, parse_card("H6")), (2, parse_card("S8")),
               (3, parse_card("SA"))]
    forbid = molotow_forbidden(rule, history, 4)
    assert forbid[2] & SUIT_MASK[1] == SUIT_MASK[1]   # void in Rosen
    assert forbid[3] & SUIT_MASK[1] == 0              # ruffing is allowed while following
    assert forbid[0] == forbid[1] == 0
    strict = molotow_forbidden(PlayRule("strict"), history, 4)
    assert strict[3] & SUIT_MASK[1] == SUIT_MASK[1]


def test_sampled_worlds_respect_the_discard_and_give_the_same_observation() -> None:
    hand = hand_of(MolotowRules(), *SPREAD)
    for tok in ["SA", "S9", "S6", "SJ", "H6", "H8", "HT", "S7"]:
        while hand.phase == WEIS:
            hand.push(A_WEIS + (1 if hand.to_move == 0 else 0))  # A declares its Weis
        hand.push(parse_card(tok))
    obs = hand.observation(1)
    sampler = WorldSampler(obs, model_for(obs))
    for k in range(20):
        world = sampler.sample(random.Random(k))
        assert not world.initial_hands[3] & SUIT_MASK[1]  # D showed it holds no Rosen
        assert world.initial_hands[0] & mask("C6 C7 C8") == mask("C6 C7 C8")  # A's Weis
        assert world.observation(1) == obs


@pytest.mark.parametrize("preset", list(PRESETS))
def test_search_plays_a_hand_of_every_preset(preset: str) -> None:
    variant = get("molotow")
    game = variant.new_game(variant.preset(preset), seed=f"search-{preset}")
    search = VariantSearch(budget=0.005, seed=1, max_worlds=4)
    hand = game.round
    while not hand.is_over:
        obs = hand.observation(hand.to_move)
        action = search.act(obs)
        assert action in obs.legal_actions
        game.push(action)


def test_search_plays_differenzler_with_weis_announced() -> None:
    # The worlds place announced Weis by the variant's trick rules, not its option set.
    variant = get("differenzler")
    rules = variant.preset("standard").replace(weis=True)
    search = VariantSearch(budget=0.005, seed=1, max_worlds=4)
    for seed in range(4):
        game = variant.new_game(rules, seed=seed)
        hand = game.round
        while not hand.is_over:
            game.push(search.act(hand.observation(hand.to_move)))
