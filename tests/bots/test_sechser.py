"""The Sechser rule player and search model: naming trumps, pushing, legal play, worlds with
the dead cards as a pile."""

from __future__ import annotations

import random

from puur.actions import A_CHOOSE, A_PUSH
from puur.bots import make_bot
from puur.bots.sechser import SechserPlayer
from puur.bots.variant_search import VariantSearch, model_for
from puur.bots.worlds import WorldSampler
from puur.cards import CardSet
from puur.contracts import Contract
from puur.variants.sechser import SechserDeal, SechserGame, SechserHand, SechserRules

RULES = SechserRules()


def deal_with(seat: int, text: str, dealer: int) -> SechserDeal:
    """``seat`` holds the cards of ``text``; six each of the rest go round the others."""
    mine = CardSet.from_text(text).bits
    rest = [c for c in range(36) if not mine >> c & 1]
    hands = [0, 0, 0, 0]
    hands[seat] = mine
    others = [s for s in range(4) if s != seat]
    for i, c in enumerate(rest[:18]):
        hands[others[i // 6]] |= 1 << c
    return SechserDeal(tuple(hands), dealer)


def test_puur_nell_and_a_third_trump_name_that_suit() -> None:
    hand = SechserHand(RULES, deal_with(1, "HJ H9 HA D6 S7 C8", 0))
    assert hand.to_move == 1
    assert SechserPlayer().act(hand.observation(1)) == A_CHOOSE + Contract.ROSEN


def test_aces_and_kings_name_obenabe() -> None:
    hand = SechserHand(RULES, deal_with(1, "DA DK HA HK SA C7", 0))
    assert SechserPlayer().act(hand.observation(1)) == A_CHOOSE + Contract.OBENABE


def test_a_hopeless_hand_is_pushed_and_the_partner_must_name() -> None:
    hand = SechserHand(RULES, deal_with(1, "D9 H8 HT SQ CT C9", 0))
    player = SechserPlayer()
    assert player.act(hand.observation(1)) == A_PUSH
    hand.push(A_PUSH)
    action = player.act(hand.observation(3))
    assert action != A_PUSH and action in hand.legal_actions()


def test_rules_and_search_play_legally_over_many_hands() -> None:
    game = SechserGame(SechserRules(target=400), seed="bots")
    bots = [make_bot("rules"), VariantSearch(budget=0.01, seed=1)] * 2
    n = 0
    while not game.is_over and n < 150:
        obs = game.observation(game.to_move)
        action = bots[game.to_move].act(obs)
        assert action in obs.legal_actions
        game.push(action)
        n += 1
    rules = make_bot("rules")
    for seed in range(6):
        game = SechserGame(seed=f"rules-{seed}")
        while len(game.rounds) == 1:
            obs = game.observation(game.to_move)
            action = rules.act(obs)
            assert action in obs.legal_actions
            game.push(action)


def test_worlds_deal_the_dead_cards_as_a_pile_no_seat_holds() -> None:
    game = SechserGame(SechserRules(weis=False), seed=4)
    rng = random.Random(5)
    for _ in range(7):
        game.push(rng.choice(game.legal_actions()))
    obs = game.observation(game.to_move)
    sampler = WorldSampler(obs, model_for(obs))
    dead_seen = 0
    for _ in range(20):
        world = sampler.sample(rng)
        assert world.observation(obs.seat) == obs
        assert world.dead.bit_count() == 12 and not world.dead & obs.hand
        dead_seen |= world.dead
    assert dead_seen != game.round.dead  # the worlds vary the dead cards


def test_in_an_endgame_the_worlds_spread_every_unseen_card_over_seats_and_dead_pile() -> None:
    game = SechserGame(SechserRules(weis=False, stoeck=False), seed="end")
    rng = random.Random(2)
    hand = game.round
    while not (hand.phase == "play" and hand.trick_no == 4 and not hand.trick):
        game.push(rng.choice(game.legal_actions()))
    seat = hand.to_move
    obs = hand.observation(seat)
    sampler = WorldSampler(obs, model_for(obs))
    others = [s for s in range(4) if s != seat]
    unseen = [c for c in range(36) if not (hand.hands[seat] | obs.played_by(0) | obs.played_by(1)
                                             | obs.played_by(2) | obs.played_by(3)) >> c & 1]
    assert len(unseen) == 18  # two cards of each other seat, twelve dead
    where: dict[int, set[int]] = {c: set() for c in unseen}
    for _ in range(300):
        world = sampler.sample(rng)
        assert world.hands[seat] == hand.hands[seat]
        for c in unseen:
            holder = next((s for s in others if world.hands[s] >> c & 1), 4)
            where[c].add(holder)
    # Each card lies, in some world, with every seat its plays do not rule out, and dead.
    allowed = {c: {s for s in others if sampler.allowed[s] >> c & 1} | {4} for c in unseen}
    assert where == allowed
