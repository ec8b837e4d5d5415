"""Königsjass's computer players: the rule player's exchange, swap and play, and the search's
worlds (the talon, the dead hand, the exchange before and after a swap)."""

from __future__ import annotations

import dataclasses
import random

import pytest
from tests.bots.test_handjass import fields_differing

from puur.bots import make_bot
from puur.bots.koenigsjass import KoenigsjassPlayer, play_card, swap_gain
from puur.bots.variant_search import VariantSearch, model_for
from puur.bots.worlds import WorldSampler
from puur.cards import CardSet
from puur.variants import get
from puur.variants.koenigsjass_hand import (
    A_EXCHANGE,
    A_KEEP,
    A_PASS,
    A_SWAP,
    KoenigsjassDeal,
    KoenigsjassHand,
)
from puur.variants.koenigsjass_rules import PRESETS, KoenigsjassRules

V = get("koenigsjass")
PLAYER = KoenigsjassPlayer()


def mask(text: str) -> int:
    return CardSet.from_text(text).bits


def card(text: str) -> int:
    return mask(text).bit_length() - 1


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
            if step % 3 == 0:
                sampler = WorldSampler(obs, model_for(obs))
                for _ in range(3):
                    world = sampler.sample(rng)
                    diff = fields_differing(world.observation(obs.seat), obs)
                    assert diff in ([], ["weis_announced"]), (preset, diff)
                    checked += 1
            game.push(rng.choice(game.legal_actions()))
            step += 1
    assert checked > 20


# A (seat 0, the Vorhand) weak, B (1) strong with the Rosen 6, C (2) middling; Rosen trumps by
# the Ace on the talon, which holds most of the Rosen.
WEAK = mask("S6 S7 S8 D6 D7 D8 C6 C7 C8")
DEAL = KoenigsjassDeal(
    (WEAK, mask("H6 SA DA CA SK DK CK HJ H9"), mask("S9 ST SJ D9 DT DJ C9 CT CJ")),
    2, mask("H7 H8 HT HQ HK HA SQ DQ CQ"), card("HA"))


def test_the_rule_player_exchanges_the_6_and_swaps_a_weak_hand_for_a_good_talon() -> None:
    hand = KoenigsjassHand(KoenigsjassRules(), DEAL)
    obs = hand.observation(0)
    assert swap_gain(obs) > 8
    assert PLAYER.act(obs) == A_SWAP
    hand.push(A_SWAP)
    obs = hand.observation(1)
    assert A_EXCHANGE in obs.legal_actions and PLAYER.act(obs) == A_EXCHANGE
    hand.push(A_EXCHANGE)  # the turned Ace from A's new hand
    assert PLAYER.act(hand.observation(1)) == A_KEEP  # strong enough to keep


def test_the_rule_player_keeps_a_strong_hand_and_passes_without_a_6() -> None:
    hand = KoenigsjassHand(KoenigsjassRules(), DEAL)
    hand.push(A_KEEP)
    hand.push(A_KEEP)  # B waits with his 6
    assert PLAYER.act(hand.observation(2)) in (A_KEEP, A_SWAP)
    hand.push(A_SWAP)
    assert hand.phase == "exchange"
    assert PLAYER.act(hand.observation(0)) == A_PASS  # A has no 6
    hand.push(A_PASS)
    assert PLAYER.act(hand.observation(1)) == A_EXCHANGE


def test_without_trumps_it_leads_a_card_nobody_beats() -> None:
    rules = KoenigsjassRules(turned_card_modes=True)  # the turned Ace: Obenabe
    hand = KoenigsjassHand(rules, DEAL)
    for _ in range(3):
        hand.push(A_KEEP)
    while hand.phase != "play":
        hand.push(hand.legal_actions()[0])
    obs = hand.observation(0)
    assert obs.trump == -1
    assert play_card(obs) in (card("S6"), card("D6"), card("C6"))  # no top card: a 6
    b = KoenigsjassHand(rules, dataclasses.replace(DEAL, dealer=0))  # B leads
    for _ in range(3):
        b.push(A_KEEP)
    while b.phase != "play":
        b.push(b.legal_actions()[0])
    assert play_card(b.observation(1)) in (card("SA"), card("DA"), card("CA"))


@pytest.mark.parametrize(("bot", "options"), [("random", {}), ("rules", {}),
                                              ("search", {"budget": 0.02})])
def test_every_bot_plays_a_whole_short_game(bot: str, options: dict[str, object]) -> None:
    game = V.new_game(KoenigsjassRules(target=150), seed=3)
    players = [make_bot(bot, **options), make_bot("rules"), make_bot("random")]
    while not game.is_over:
        obs = game.observation(game.to_move)
        game.push(players[game.to_move].act(obs))
    assert sorted(game.standings())[0] == 1


def test_the_search_answers_the_talon_questions() -> None:
    hand = KoenigsjassHand(KoenigsjassRules(), DEAL)
    obs = hand.observation(0)
    assert VariantSearch(budget=0.05, seed=1).act(obs) in obs.legal_actions
    hand.push(A_SWAP)
    obs = hand.observation(1)
    assert VariantSearch(budget=0.05, seed=1).act(obs) in obs.legal_actions
