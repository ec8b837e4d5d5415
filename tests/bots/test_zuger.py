"""Zuger's computer players: the rule player's forcing, declaring, settling and play, and the
search's worlds (the dealer's empty hand, the hands gone home, the turned card with its
holder)."""

from __future__ import annotations

import dataclasses
import random

import pytest

from puur.bots import make_bot
from puur.bots.variant_search import VariantSearch, model_for
from puur.bots.worlds import WorldSampler
from puur.bots.zuger import ZugerPlayer, estimate
from puur.cards import CardSet
from puur.variants import get
from puur.variants.zuger_hand import (
    A_ACCEPT,
    A_FORCE,
    A_HOME,
    A_NOFORCE,
    A_STAY,
    ZugerDeal,
    ZugerHand,
)
from puur.variants.zuger_rules import PRESETS, ZugerRules

V = get("zuger")


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
                    assert world.hands[world.dealer] == 0 or rules.players == 3
                    checked += 1
            game.push(rng.choice(game.legal_actions()))
            step += 1
    assert checked > 20


#: Dealer 0; seat 1 holds Eicheln trumps from the Puur down (a hand that stays), seat 2 nothing
#: of worth (it goes home), seat 3 the rest with the turned Eicheln 6.
STRONG = mask("CJ C9 CA CK CQ CT DA HA SA DK HK SK")
WEAK = mask("D6 D8 DT DQ H6 H8 HT HQ S6 S8 ST SQ")  # no Weis
REST = ((1 << 36) - 1) & ~STRONG & ~WEAK
DEAL = ZugerDeal((0, STRONG, WEAK, REST), 0, CardSet.from_text("C6").bits.bit_length() - 1)


def test_a_strong_hand_stays_a_weak_one_goes_home_and_one_left_alone_stays() -> None:
    bot = ZugerPlayer()
    hand = ZugerHand(ZugerRules(), DEAL)
    assert estimate(hand.observation(1)) > estimate(hand.observation(2))
    assert bot.act(hand.observation(1)) == A_STAY
    hand.push(A_HOME)  # seat 1 goes home anyway
    assert bot.act(hand.observation(2)) == A_HOME
    hand.push(A_HOME)
    assert bot.act(hand.observation(3)) == A_STAY  # alone: 10 without play


def test_forcing_and_settling() -> None:
    bot = ZugerPlayer()
    strong = ZugerHand(ZugerRules(), DEAL, 5, (90, 1, 40, 50))
    assert strong.to_move == 1 and bot.act(strong.observation(1)) == A_FORCE
    weak = ZugerHand(ZugerRules(), DEAL, 5, (90, 40, 1, 50))
    assert weak.to_move == 2 and bot.act(weak.observation(2)) == A_NOFORCE
    hand = ZugerHand(ZugerRules(), DEAL)
    for w in (A_HOME, A_STAY, A_STAY):
        hand.push(w)
    # Seat 2 with nothing of worth takes 7 rather than play against one.
    assert hand.phase == "settle" and hand.to_move == 2
    assert bot.act(hand.observation(2)) == A_ACCEPT


@pytest.mark.parametrize("name", ["rules", "search"])
def test_the_bots_play_a_whole_game_legally(name: str) -> None:
    rules = V.preset("sum-100")
    game = V.new_game(rules, seed=2)
    extra = {"budget": 60, "samples": 2} if name == "search" else {}
    bots = [make_bot(name, seed=s, **extra) for s in range(4)]
    while not game.is_over:
        obs = game.observation(game.to_move)
        action = bots[game.to_move].act(obs)
        assert action in obs.legal_actions
        game.push(action)
    assert rules.game_over(game.scores)


def test_the_search_decides_the_declaring_from_its_worlds() -> None:
    hand = ZugerHand(ZugerRules(), DEAL)
    search = VariantSearch(budget=0.05, seed=1)
    assert search.act(hand.observation(1)) == A_STAY
