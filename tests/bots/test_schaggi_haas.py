"""Schaggi Haas's computer players: the rule player's Bessern, discards, rob and play, and the
search's worlds (the dead cards, the discards, the Besser packets, the rob before and after)."""

from __future__ import annotations

import random

import pytest
from tests.bots.test_handjass import fields_differing

from puur.bots import make_bot
from puur.bots.schaggi_haas import SchaggiHaasPlayer, besser_gain
from puur.bots.variant_search import VariantSearch, model_for
from puur.bots.worlds import WorldSampler
from puur.cards import CardSet
from puur.variants import get
from puur.variants.schaggi_haas_hand import (
    A_BESSER,
    A_DISCARD,
    A_KEEP,
    A_PASS,
    A_ROB,
    SchaggiHaasDeal,
    SchaggiHaasHand,
)
from puur.variants.schaggi_haas_rules import PRESETS, SchaggiHaasRules

V = get("schaggi_haas")
PLAYER = SchaggiHaasPlayer()
ALTERNATE = SchaggiHaasRules(deal_by="alternate")


def mask(text: str) -> int:
    return CardSet.from_text(text).bits


def card(text: str) -> int:
    return mask(text).bit_length() - 1


@pytest.mark.parametrize("preset", [*PRESETS, "take-first"])
def test_every_world_gives_the_seat_its_own_observation(preset: str) -> None:
    rules = (SchaggiHaasRules(bessern="take-first", rob_order="before-bessern")
             if preset == "take-first" else V.preset(preset))
    checked = 0
    for seed in range(3):
        game = V.new_game(rules, seed=seed)
        rng = random.Random(seed)
        step = 0
        while not game.is_over and len(game.rounds) < 2:
            obs = game.observation(game.to_move)
            if step % 3 == 0 or game.round.phase != "play":
                sampler = WorldSampler(obs, model_for(obs))
                for _ in range(2):
                    world = sampler.sample(rng)
                    diff = fields_differing(world.observation(obs.seat), obs)
                    assert diff in ([], ["weis_announced"]), (preset, game.round.phase, diff)
                    checked += 1
            # Bessern often, so that the worlds meet discards and taken packets.
            legal = game.legal_actions()
            game.push(A_BESSER if A_BESSER in legal else rng.choice(legal))
            step += 1
    assert checked > 20


# A (seat 0, the non-dealer) weak; B (1) strong with the Rosen 6; the Rosen Under face up.
WEAK = mask("S6 S7 S8 S9 D6 D7 D8 D9 C6 C7 C8 C9")
STRONG = mask("H6 H9 HA HK SA ST DA DT CA CT SK DK")
DEAL = SchaggiHaasDeal((WEAK, STRONG), 1, card("HJ"),
                       (mask("HT HQ SQ DQ"), mask("SJ DJ CJ CQ")), mask("H7 H8 CK"))


def test_the_rule_player_besserns_a_weak_hand_and_keeps_a_strong_one() -> None:
    hand = SchaggiHaasHand(ALTERNATE, DEAL)
    obs = hand.observation(0)
    assert besser_gain(obs) > 2 and PLAYER.act(obs) == A_BESSER
    hand.push(A_BESSER)
    down = []
    for _ in range(4):
        a = PLAYER.act(hand.observation(0))
        assert a >= A_DISCARD and not STRONG >> (a - A_DISCARD) & 1
        down.append(a - A_DISCARD)
        hand.push(a)
    assert all(c % 9 <= 3 for c in down)  # four of his 6s to 9s
    obs = hand.observation(1)
    assert besser_gain(obs) < 2 and PLAYER.act(obs) == A_KEEP
    hand.push(A_KEEP)
    assert PLAYER.act(hand.observation(0)) == A_PASS  # no 6 of trumps
    hand.push(A_PASS)
    assert PLAYER.act(hand.observation(1)) == A_ROB  # the Under for the 6


def test_the_rule_player_leads_the_puur_it_robbed() -> None:
    hand = SchaggiHaasHand(ALTERNATE, SchaggiHaasDeal((STRONG, WEAK), 1, card("HJ"),
                                                      DEAL.besser, DEAL.stock))
    hand.push(A_KEEP)
    hand.push(A_KEEP)
    hand.push(A_ROB)  # the first asked robs: the other is not asked
    while hand.phase != "play":
        hand.push(PLAYER.act(hand.observation(hand.to_move)))
    assert hand.to_move == 0 and PLAYER.act(hand.observation(0)) == card("HJ")


@pytest.mark.parametrize(("bot", "options"), [("random", {}), ("rules", {}),
                                              ("search", {"budget": 0.02})])
def test_every_bot_plays_a_whole_short_game(bot: str, options: dict[str, object]) -> None:
    game = V.new_game(SchaggiHaasRules(target=150), seed=3)
    players = [make_bot(bot, **options), make_bot("rules")]
    while not game.is_over:
        obs = game.observation(game.to_move)
        game.push(players[game.to_move].act(obs))
    assert sorted(game.standings()) == [1, 2]


def test_the_search_answers_the_questions_before_the_cards() -> None:
    hand = SchaggiHaasHand(ALTERNATE, DEAL)
    search = VariantSearch(budget=0.05, seed=1)
    assert search.act(hand.observation(0)) in (A_KEEP, A_BESSER)
    hand.push(A_BESSER)
    obs = hand.observation(0)
    assert search.act(obs) in obs.legal_actions
    for c in ("S6", "S7", "S8", "C6"):
        hand.push(A_DISCARD + card(c))
    hand.push(A_BESSER)
    obs = hand.observation(1)
    assert search.act(obs) in obs.legal_actions  # B's discard, A's discards unknown to him
