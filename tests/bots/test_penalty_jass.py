"""The penalty-point Jass's computer players: the rule player's decisions, the search's worlds."""

from __future__ import annotations

import random

import pytest

from puur.bots import make_bot
from puur.bots.penalty_jass import PenaltyJassPlayer, costly
from puur.bots.variant_search import VariantSearch, model_for
from puur.bots.worlds import WorldSampler
from puur.cards import SUIT_MASK, CardSet, parse_card
from puur.variants import get
from puur.variants.penalty_jass import VARIANT
from puur.variants.penalty_jass_hand import A_DECLARE, A_QUIET, PenaltyJassDeal, PenaltyJassHand
from puur.variants.penalty_jass_rules import PRESETS, PenaltyJassRules

PLAYER = PenaltyJassPlayer()

# Seat 0 holds the Eicheln 10 and leads; seat 1 holds the Schellen Ober bare.
BARE = ("HA SA CA HK SK CK CT D6 D8", "DQ H9 S9 HJ H8 SJ S8 CJ C8",
        "DA DK DT HQ HT H7 SQ ST CQ", "D9 DJ D7 H6 S7 S6 C9 C7 C6")


def mask(text: str) -> int:
    return CardSet.from_text(text).bits


def hand_of(hands: tuple[str, ...], rules: PenaltyJassRules | None = None) -> PenaltyJassHand:
    return PenaltyJassHand(rules or PenaltyJassRules(),
                           PenaltyJassDeal(tuple(mask(h) for h in hands), 3))


def play(hand: PenaltyJassHand, tokens: str) -> None:
    for tok in tokens.split():
        hand.push(VARIANT.parse_action(hand, tok))


def test_it_declares_a_bare_ober_and_keeps_a_bare_king_quiet() -> None:
    hand = hand_of(BARE)
    play(hand, "HA")
    assert PLAYER.act(hand.observation(1)) == A_DECLARE  # the King and the Ace are out
    # With the Schellen King as the penalty card (only the Ace above it) it keeps quiet.
    king = ("HA SA CA HK SK CK CT D6 D8", "DK H9 S9 HJ H8 SJ S8 CJ C8",
            "DA DQ DT HQ HT H7 SQ ST CQ", "D9 DJ D7 H6 S7 S6 C9 C7 C6")
    hand = hand_of(king, PenaltyJassRules(penalty_card=parse_card("DK")))
    play(hand, "HA")
    assert PLAYER.act(hand.observation(1)) == A_QUIET


def test_it_ducks_in_trick_1() -> None:
    hand = hand_of(BARE)
    play(hand, "HA quiet")
    obs = hand.observation(1)
    assert costly(obs) and PLAYER.act(obs) == parse_card("HJ")  # the highest under the Ace


def second_hand(hands: tuple[str, ...]) -> PenaltyJassHand:
    """Hand 2 of a game on ``hands``, led by seat 0."""
    return PenaltyJassHand(PenaltyJassRules(), PenaltyJassDeal(tuple(mask(h) for h in hands), 3),
                           hand_no=2, leader=0)


def test_it_drops_the_penalty_card_under_a_higher_card_of_its_suit() -> None:
    hand = second_hand(("DA HA SA CA HK SK CK CT D6", "DQ DJ D7 HJ H8 SJ S8 CJ C8",
                        "D8 DK DT HQ HT H7 SQ ST CQ", "D9 H9 H6 S9 S7 S6 C9 C7 C6"))
    play(hand, "HA H8 H7 H6  DA")
    assert PLAYER.act(hand.observation(1)) == parse_card("DQ")  # under the Ace, not the 7


def test_it_discards_the_penalty_card_once_trumps_are_fixed_not_before() -> None:
    hand = second_hand(("DA HA SA CA HK SK CK CT D6", "DQ DJ D7 HJ H8 SJ S8 S7 H9",
                        "D8 DK DT HQ HT H7 SQ ST CQ", "D9 H6 S9 S6 C9 C7 C6 C8 CJ"))
    play(hand, "HA H8 H7 H6  CA")
    # Void in Eicheln before trumps: a discard would make trumps and take the trick.
    assert PLAYER.act(hand.observation(1)) != parse_card("DQ")
    play(hand, "S7 CQ C6  H9 HT C7 HK  CK")  # Schilten trumps; Eicheln led again
    assert PLAYER.act(hand.observation(1)) == parse_card("DQ")


def test_in_a_free_trick_it_sheds_its_strongest_card() -> None:
    hand = hand_of(BARE, PRESETS["quiet"])
    # The Ober goes in trick 2 (to seat 2's Ace); trick 3 is free for everyone.
    play(hand, "HA H8 H7 H6  D6 DQ DA D9  SQ S6 SK")
    obs = hand.observation(1)
    assert not costly(obs)
    assert PLAYER.act(obs) == parse_card("SJ")  # its higher Schilten, not the 8 or 9


def _mean(games: int) -> tuple[float, float]:
    """Penalty points per game: the rule player (one seat) and random (the other three)."""
    variant = get("penalty_jass")
    rules_total = random_total = 0.0
    for g in range(games):
        seat = g % 4
        game = variant.new_game(PenaltyJassRules(penalty_limit=5), seed=f"bots-{g}")
        bots = [make_bot("rules") if s == seat else make_bot("random", seed=g) for s in range(4)]
        while not game.is_over:
            s = game.to_move
            action = bots[s].act(game.observation(s))
            assert action in game.legal_actions()
            game.push(action)
        rules_total += game.scores[seat]
        random_total += sum(game.scores[s] for s in range(4) if s != seat) / 3
    return rules_total / games, random_total / games


def test_the_rule_player_pays_fewer_points_than_random() -> None:
    rules, rnd = _mean(16)
    assert rules < rnd


def test_worlds_respect_the_declaration_and_the_start_card() -> None:
    hand = hand_of(BARE)
    play(hand, "HA declare H8 H7")
    obs = hand.observation(3)
    sampler = WorldSampler(obs, model_for(obs))
    for k in range(20):
        world = sampler.sample(random.Random(k))
        dealt = world.initial_hands
        assert dealt[1] & SUIT_MASK[0] == mask("DQ")  # the declarer held the Ober bare
        assert dealt[0] >> parse_card("CT") & 1  # the start card lay with the leader
        assert world.observation(3) == obs


def test_the_search_weighs_its_own_declaration() -> None:
    hand = hand_of(BARE)
    play(hand, "HA")
    obs = hand.observation(1)
    search = VariantSearch(budget=0.01, seed=1, max_worlds=3)
    ranked = search.ranked(obs)
    assert sorted(a for a, _v in ranked) == [A_DECLARE, A_QUIET]


@pytest.mark.parametrize("preset", list(PRESETS))
def test_search_plays_a_hand_of_every_preset(preset: str) -> None:
    variant = get("penalty_jass")
    game = variant.new_game(variant.preset(preset), seed=f"search-{preset}")
    search = VariantSearch(budget=0.005, seed=1, max_worlds=3)
    hand = game.round
    while not hand.is_over:
        obs = hand.observation(hand.to_move)
        action = search.act(obs)
        assert action in obs.legal_actions
        hand.push(action)
    assert sum(hand.credited) >= 3
