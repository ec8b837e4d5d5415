"""Handjass's computer players: the rule player's declaring and play, and the search's worlds
(the blind, the dead hand, the dropped hands and the hand a swapper put aside)."""

from __future__ import annotations

import dataclasses
import random

import pytest

from puur.bots import make_bot
from puur.bots.handjass import HandjassPlayer, hand_strength
from puur.bots.variant_search import VariantSearch, model_for
from puur.bots.worlds import WorldSampler
from puur.cards import CardSet, Rank
from puur.variants import get
from puur.variants.handjass_hand import A_DROP, A_PLAY, A_SWAP, HandjassDeal, HandjassHand
from puur.variants.handjass_rules import PRESETS, HandjassRules

V = get("handjass")


def mask(text: str) -> int:
    return CardSet.from_text(text).bits


def fields_differing(a: object, b: object) -> list[str]:
    return [f.name for f in dataclasses.fields(a)  # type: ignore[arg-type]
            if getattr(a, f.name) != getattr(b, f.name)]


@pytest.mark.parametrize("preset", list(PRESETS))
def test_every_world_gives_the_seat_its_own_observation(preset: str) -> None:
    rules = V.preset(preset)
    checked = 0
    for seed in range(4):
        game = V.new_game(rules, seed=seed)
        rng = random.Random(seed)
        step = 0
        while not game.is_over and len(game.rounds) < 3:
            obs = game.observation(game.to_move)
            if step % 4 == 0:
                sampler = WorldSampler(obs, model_for(obs))
                for _ in range(3):
                    world = sampler.sample(rng)
                    diff = fields_differing(world.observation(obs.seat), obs)
                    assert diff in ([], ["weis_announced"]), (preset, diff)
                    checked += 1
            game.push(rng.choice(game.legal_actions()))
            step += 1
    assert checked > 20


def three_hand(rules: HandjassRules) -> HandjassHand:
    """Three players, dealer 2, Rosen trumps by the HA on the blind; the H6 in the blind."""
    hands = (mask("S6 S7 S8 D6 D7 D8 C6 C7 C8"), mask("S9 ST SJ D9 DT DJ C9 CT CJ"),
             mask("SQ SK SA DQ DK DA CQ CK CA"))
    blind = mask("H6 H7 H8 H9 HT HJ HQ HK HA")
    return HandjassHand(rules, HandjassDeal(hands, 2, CardSet.from_text("HA").bits.bit_length()
                                            - 1, blind, 0, (0, 1, 2)))


def test_the_swapper_knows_what_he_put_aside_and_the_others_do_not() -> None:
    hand = three_hand(HandjassRules(players=3))
    old = hand.hands[0]
    hand.push(A_SWAP)
    hand.push(A_DROP)
    hand.push(A_PLAY)
    rng = random.Random(1)
    mine = hand.observation(0)
    for world in (WorldSampler(mine, model_for(mine)).sample(rng) for _ in range(10)):
        assert world.deal.hands[0] == old and world.hands[0] == mask("H6 H7 H8 H9 HT HJ HQ HK HA")
    theirs = hand.observation(2)
    asides = {WorldSampler(theirs, model_for(theirs)).sample(rng).deal.hands[0]
              for _ in range(10)}
    assert len(asides) > 1 and all(a & hand.hands[2] == 0 for a in asides)


def test_no_world_deals_the_trump_6_to_a_seat_when_nobody_robbed() -> None:
    rules = HandjassRules(players=3)
    for seed in range(40):
        hand = HandjassHand(rules, V.new_game(rules, seed=seed).round.deal)
        six = 1 << (9 * hand.trump + Rank.SIX)
        if hand.robber < 0 and six != 1 << hand.turned:
            break
    obs = hand.observation(hand.to_move)
    sampler = WorldSampler(obs, model_for(obs))
    rng = random.Random(2)
    for _ in range(20):
        world = sampler.sample(rng)
        assert world.robber < 0 and not any(h & six for h in world.deal.hands)


def test_the_rule_player_drops_a_weak_hand_and_plays_a_strong_one() -> None:
    player = HandjassPlayer()
    strong = mask("HJ H9 HA SA ST DA C6 C7 C8")
    weak = mask("H6 H7 S6 S7 S8 D6 D7 D8 C6")
    assert hand_strength(strong, 1) > 40 > 21 > hand_strength(weak, 1)
    for held, want in ((strong, A_PLAY), (weak, A_DROP)):
        rest = [c for c in range(36) if not (held | mask("HK")) >> c & 1]
        hands = [held, 0, 0, 0]
        for s in (1, 2, 3):
            hands[s] = sum(1 << c for c in rest[9 * (s - 1):9 * s])
        hands[3] = sum(1 << c for c in rest[18:26]) | mask("HK")
        deal = HandjassDeal(tuple(hands), 3, CardSet.from_text("HK").bits.bit_length() - 1,
                            cut=(0, 1, 2, 3))
        hand = HandjassHand(HandjassRules(), deal)
        assert player.act(hand.observation(0)) == want


def test_the_rule_player_swaps_for_a_blind_of_trumps_and_plays_alone_left() -> None:
    hand = three_hand(HandjassRules(players=3))
    assert HandjassPlayer().act(hand.observation(0)) == A_SWAP
    hand.push(A_DROP)
    hand.push(A_DROP)
    assert HandjassPlayer().act(hand.observation(2)) == A_PLAY  # all others dropped


@pytest.mark.parametrize(("bot", "options"), [("random", {}), ("rules", {}),
                                              ("search", {"budget": 0.02})])
def test_every_bot_plays_a_whole_short_game(bot: str, options: dict[str, object]) -> None:
    rules = V.rules_from_dict({"preset": "three", "target": 1})
    game = V.new_game(rules, seed=3)
    players = [make_bot(bot, **options), make_bot("rules"), make_bot("random")]
    while not game.is_over:
        obs = game.observation(game.to_move)
        game.push(players[game.to_move].act(obs))
    assert sorted(game.standings())[0] == 1


def test_the_search_answers_the_declaring() -> None:
    hand = three_hand(HandjassRules(players=3))
    obs = hand.observation(0)
    assert VariantSearch(budget=0.05, seed=1).act(obs) in obs.legal_actions
