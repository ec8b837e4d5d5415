"""Chratzer's computer players: the rule player's words and cards, the search's worlds."""

from __future__ import annotations

import random

import pytest

from puur.bots import make_bot
from puur.bots.chratzer import ChratzerPlayer, expected_tricks
from puur.bots.variant_search import VariantSearch, model_for
from puur.bots.worlds import WorldSampler
from puur.cards import CardSet, parse_card
from puur.variants import get
from puur.variants.chratzer_hand import A_CHRATZE, A_METCHO, A_WEG, ChratzerDeal, ChratzerHand
from puur.variants.chratzer_rules import PRESETS, ChratzerRules

PLAYER = ChratzerPlayer()
RULES3 = ChratzerRules(players=3)


def mask(text: str) -> int:
    return CardSet.from_text(text).bits


def hand_of(*hands: str, turned: str = "CA H8 S9") -> ChratzerHand:
    """Seat 2 deals, seat 0 speaks first; the first trump card makes Eicheln (C) trumps."""
    return ChratzerHand(ChratzerRules(players=len(hands)), ChratzerDeal(
        tuple(mask(h) for h in hands), 2, tuple(parse_card(t) for t in turned.split())))


def test_it_chratzt_on_the_puur_and_the_nell_and_passes_on_small_cards() -> None:
    assert PLAYER.act(hand_of("CJ C9 DA H6", "D6 H7 S8 C6", "D7 D8 S7 C7").observation(0)) \
        == A_CHRATZE
    assert PLAYER.act(hand_of("D6 H7 S8 C6", "CJ C9 DA H6", "D7 D8 S7 C7").observation(0)) \
        == A_WEG


def test_it_comes_along_on_a_trick_and_stays_out_without_one() -> None:
    h = hand_of("CJ C9 DA H6", "CK CQ HT S6", "D7 D8 S7 H7")
    h.push(A_CHRATZE)
    assert PLAYER.act(h.observation(1)) == A_METCHO
    h.push(A_METCHO)
    assert PLAYER.act(h.observation(2)) == A_WEG


def test_it_leads_a_sure_winner_and_takes_with_its_cheapest_winning_card() -> None:
    h = hand_of("CJ C9 DA H6", "CK CQ HA S6", "D7 D8 S7 H7")
    for a in (A_CHRATZE, A_METCHO, A_WEG):
        h.push(a)
    assert PLAYER.act(h.observation(0)) == parse_card("CJ")
    h.push(parse_card("H6"))
    assert PLAYER.act(h.observation(1)) == parse_card("HA")


def test_void_it_trumps_as_it_must_and_ranks_hands_by_their_tricks() -> None:
    h = hand_of("CJ C9 DA H6", "CK CQ HA S6", "D7 D8 S7 H7")
    for a in (A_CHRATZE, A_METCHO, A_WEG, parse_card("DA")):
        h.push(a)
    assert PLAYER.act(h.observation(1)) == parse_card("CQ")
    assert expected_tricks(mask("CJ C9 CA DA"), 3, 4) > expected_tricks(mask("CJ D6 H6 S6"), 3, 4)


def test_the_rule_player_wins_chips_from_random() -> None:
    variant = get("chratzer")
    mine = others = 0.0
    for seed in range(3):
        for seat in range(3):
            game = variant.new_game(ChratzerRules(players=3, game_deals=6), seed=f"b-{seed}-{seat}")
            bots = [make_bot("rules") if s == seat else make_bot("random", seed=seed)
                    for s in range(3)]
            while not game.is_over:
                s = game.to_move
                game.push(bots[s].act(game.observation(s)))
            mine += game.scores[seat]
            others += sum(game.scores[s] for s in range(3) if s != seat) / 2
    assert mine > others


def test_sampled_worlds_keep_the_trump_cards_out_and_give_the_same_observation() -> None:
    h = hand_of("CJ C9 DA H6", "CK CQ HA S6", "D7 D8 S7 H7", "DK DQ SA ST")
    for a in (A_WEG, A_WEG, A_WEG, A_WEG, A_CHRATZE, A_WEG, A_METCHO, A_WEG):
        h.push(a)
    h.push(parse_card("SA"))  # the Chratzer (seat 3) leads; Rosen are trumps now
    obs = h.observation(2)
    sampler = WorldSampler(obs, model_for(obs))
    for k in range(10):
        world = sampler.sample(random.Random(k))
        assert not any(x & (mask("CA") | mask("H8")) for x in world.initial_hands)
        assert world.observation(2) == obs


@pytest.mark.parametrize("preset", ["standard", "two", "seven"])
def test_search_plays_legally(preset: str) -> None:
    variant = get("chratzer")
    game = variant.new_game(PRESETS[preset], seed=f"search-{preset}")
    search = VariantSearch(budget=0.005, seed=1, max_worlds=4)
    first = game.round
    while game.round is first or not first.counts:
        obs = game.observation(game.to_move)
        action = search.act(obs)
        assert action in obs.legal_actions
        game.push(action)
        if first.is_over and first.counts:
            break
        if first.is_over:
            first = game.round
