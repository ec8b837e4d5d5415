"""Hindersi's computer players: the rule player's basic strategy and the search's worlds."""

from __future__ import annotations

import dataclasses
import random

import pytest

from puur.bots import make_bot
from puur.bots.hindersi import HindersiPlayer, match_threat
from puur.bots.variant_search import VariantSearch, model_for
from puur.bots.worlds import WorldSampler
from puur.cards import SUIT_MASK, CardSet, parse_card
from puur.variants import get
from puur.variants.hindersi_hand import A_WEIS, HindersiDeal, HindersiHand
from puur.variants.hindersi_rules import PRESETS, HindersiRules


def mask(text: str) -> int:
    return CardSet.from_text(text).bits


# Four hands of mixed suits; the dealer D (seat 3) turns his CA: Eicheln (C) are trumps. A
# (seat 0) leads trick 1.
SPREAD = (
    "SA H6 H7 HK D6 D7 C6 C7 C8",
    "S9 H8 H9 HA D8 D9 C9 CT CJ",
    "S6 HT HJ HQ DT DJ DQ CQ CK",
    "SJ S7 S8 ST SQ SK DK DA CA",
)
PLAYER = HindersiPlayer()


def hand_of(rules: HindersiRules | None = None) -> HindersiHand:
    return HindersiHand(rules or HindersiRules(), HindersiDeal(tuple(mask(h) for h in SPREAD), 3,
                                            parse_card("CA")))


def play(hand: HindersiHand, tokens: str) -> None:
    for tok in tokens.split():
        hand.push(parse_card(tok))


def test_it_ducks_under_the_best_card_with_its_highest_loser() -> None:
    hand = hand_of()
    play(hand, "HK")
    # B holds H8 H9 HA and trumps: the Ace and any trump would take the King, the 9 ducks.
    assert PLAYER.act(hand.observation(1)) == parse_card("H9")


def test_void_it_sheds_its_most_dangerous_card() -> None:
    hand = hand_of()
    play(hand, "H6 H8 HT")
    # D holds no Rosen: the Schellen ace (11 points, nothing above it out) goes, not a trump.
    assert PLAYER.act(hand.observation(3)) == parse_card("DA")


def test_it_leads_the_low_card_of_the_suit_with_most_cards_above_it() -> None:
    card = PLAYER.act(hand_of().observation(0))
    # A's Schilten ace would win; its Schellen 6 has seven higher Schellen out.
    assert card == parse_card("D6")


def test_when_every_card_wins_it_sheds_the_highest_as_the_last_seat() -> None:
    hand = hand_of()
    play(hand, "D6 D9 DQ")
    # D, last to play, holds DK DA over the Ober and the trump Ace: every card it may play
    # takes the trick, so it sheds the strongest, the trump Ace, which would win later.
    assert PLAYER.act(hand.observation(3)) == parse_card("CA")


def test_it_takes_one_trick_to_stop_a_match() -> None:
    hand = hand_of()
    play(hand, "H6 HA")
    obs = hand.observation(2)
    # C would duck with the Ober of Rosen under the Ace.
    assert PLAYER.act(obs) == parse_card("HQ")
    threat = dataclasses.replace(obs, trick_winners=(1, 1, 1, 1, 1))
    assert match_threat(threat)
    # B has taken every trick so far: C ruffs with its cheapest winning trump.
    assert PLAYER.act(threat) == parse_card("CQ")
    assert not match_threat(dataclasses.replace(obs, trick_winners=(1, 1, 2, 1, 1)))
    assert not match_threat(dataclasses.replace(obs, trick_winners=(1, 1, 1)))
    assert not match_threat(dataclasses.replace(threat, rules=HindersiRules(match=False)))
    lead = dataclasses.replace(hand_of().observation(0), trick_winners=(2, 2, 2, 2, 2))
    # Leading against a match, it leads the card nobody can beat: the Schilten ace.
    assert PLAYER.act(lead) == parse_card("SA")


def test_it_declares_its_weis() -> None:
    hand = hand_of(PRESETS["weis"])
    obs = hand.observation(0)
    assert obs.phase == "weis" and A_WEIS + 1 in obs.legal_actions  # C6 C7 C8: a Dreiblatt
    assert PLAYER.act(obs) == A_WEIS + 1


def _mean_points(bots: tuple[str, str], deals: int) -> tuple[float, float]:
    """Each bot's mean points per hand over ``deals`` deals, in both seatings of two bots."""
    variant = get("hindersi")
    totals = [0.0, 0.0]
    for d in range(deals):
        for shift in range(2):
            game = variant.new_game(seed=f"strength-{d}")
            players = [make_bot(bots[(s + shift) % 2], seed=s) for s in range(4)]
            hand = game.round
            while not hand.is_over:
                obs = hand.observation(hand.to_move)
                game.push(players[hand.to_move].act(obs))
            for s in range(4):
                totals[(s + shift) % 2] += hand.points()[s]
    return totals[0] / (4 * deals), totals[1] / (4 * deals)


def test_the_rule_player_takes_fewer_points_than_random() -> None:
    rules, rnd = _mean_points(("rules", "random"), 10)
    assert rules < rnd


@pytest.mark.parametrize("preset", list(PRESETS))
def test_the_bots_play_legally_over_many_hands(preset: str) -> None:
    variant = get("hindersi")
    for seed in range(5):
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


def test_sampled_worlds_keep_the_turned_card_with_the_dealer_and_respect_a_void() -> None:
    hand = hand_of()
    play(hand, "H6 H8 HT DA")          # D shows it holds no Rosen
    obs = hand.observation(1)
    sampler = WorldSampler(obs, model_for(obs))
    for k in range(20):
        world = sampler.sample(random.Random(k))
        assert world.initial_hands[3] >> parse_card("CA") & 1
        assert not world.initial_hands[3] & SUIT_MASK[1] & ~mask("H6 H8 HT")
        assert world.initial_hands[1] == mask(SPREAD[1])
        assert world.observation(1) == obs


@pytest.mark.parametrize("preset", ["standard", "three", "weis"])
def test_search_plays_a_hand(preset: str) -> None:
    variant = get("hindersi")
    game = variant.new_game(variant.preset(preset), seed=f"search-{preset}")
    search = VariantSearch(budget=0.005, seed=1, max_worlds=4)
    hand = game.round
    while not hand.is_over:
        obs = hand.observation(hand.to_move)
        action = search.act(obs)
        assert action in obs.legal_actions
        game.push(action)
