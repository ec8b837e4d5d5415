"""Reservejass's computer players: the rule player's choice, swap and play, and the search's
worlds (the reserve, the dead hand nobody knows, the reserve the chooser saw with
``reserve_seen``)."""

from __future__ import annotations

import random
from typing import Any

import pytest
from tests.bots.test_handjass import fields_differing

from puur.bots import make_bot
from puur.bots.reservejass import ReservejassPlayer, best_mode, reserve_worth
from puur.bots.variant_search import VariantSearch, model_for
from puur.bots.worlds import WorldSampler
from puur.cards import CardSet
from puur.contracts import MODE_OBENABE
from puur.variants import get
from puur.variants.reservejass_hand import (
    A_CHOOSE,
    A_KEEP,
    A_SWAP,
    ReservejassDeal,
    ReservejassHand,
)
from puur.variants.reservejass_rules import PRESETS, ReservejassRules

V = get("reservejass")
PLAYER = ReservejassPlayer()


def mask(text: str) -> int:
    return CardSet.from_text(text).bits


def card(text: str) -> int:
    return mask(text).bit_length() - 1


@pytest.mark.parametrize("preset", list(PRESETS))
def test_every_world_gives_the_seat_its_own_observation(preset: str) -> None:
    rules = V.preset(preset)
    checked = 0
    for seed in range(3):
        game: Any = V.new_game(rules, seed=seed)
        rng = random.Random(seed)
        step = 0
        while not game.is_over and len(game.rounds) < 3:
            obs = game.observation(game.to_move)
            if step % 4 == 0:
                sampler = WorldSampler(obs, model_for(obs))
                for _ in range(2):
                    world = sampler.sample(rng)
                    diff = fields_differing(world.observation(obs.seat), obs)
                    assert diff in ([], ["weis_announced"]), (preset, diff)
                    checked += 1
            legal = game.legal_actions()
            game.push(A_SWAP if A_SWAP in legal and step % 2 else rng.choice(legal))
            step += 1
    assert checked > 20


def deal_with(*hands: str) -> ReservejassDeal:
    """A deal (dealer C) whose first hands are ``hands``, the other cards in order to the next
    hands and then to the reserve."""
    piles = [mask(h) for h in hands]
    rest = [c for c in range(36) if not sum(piles) >> c & 1]
    while len(piles) < 4:
        piles.append(sum(1 << c for c in rest[:9]))
        del rest[:9]
    return ReservejassDeal(tuple(piles[:3]), 2, piles[3])


# Nine middle cards with no Ace, no 6 and no sequence: weak in every mode.
WEAK = "D7 D9 DQ H8 HT S8 ST C7 CT"
ROSEN = "HJ H9 HA HK H6 H7 SA DA CA"
TOPS = "DA DK DJ SA SK SQ CA CK CQ"
MODES = (0, 1, 2, 3, 4, 5)


def test_the_rule_player_swaps_a_weak_hand_for_the_unseen_reserve() -> None:
    hand = ReservejassHand(ReservejassRules(), deal_with(WEAK, ROSEN))
    obs = hand.observation(0)
    assert reserve_worth(obs) > best_mode(mask(WEAK), MODES)[1] + 10
    assert PLAYER.act(obs) == A_SWAP
    hand.push(A_SWAP)
    obs = hand.observation(0)
    assert PLAYER.act(obs) == A_CHOOSE + best_mode(obs.hand, MODES)[0]


def test_the_rule_player_names_its_trumps_with_a_strong_hand() -> None:
    hand = ReservejassHand(ReservejassRules(), deal_with(ROSEN, WEAK))
    assert PLAYER.act(hand.observation(0)) == A_CHOOSE + 1  # the Puur, the Nell, the Aces
    hand = ReservejassHand(ReservejassRules(), deal_with(TOPS, WEAK))
    assert PLAYER.act(hand.observation(0)) == A_CHOOSE + MODE_OBENABE
    # With reserve_seen the chooser weighs the reserve he sees: a weak one is not taken.
    deal = deal_with("D7 D9 DQ H8 HT S8 ST C7 C6", "DA DK SA SK CA CK HA HK HQ",
                     "D6 DJ H6 HJ S6 SJ C8 CJ CQ")
    seen = ReservejassHand(ReservejassRules(reserve_seen=True), deal)
    obs = seen.observation(0)
    assert reserve_worth(obs) == best_mode(seen.reserve, MODES)[1]
    assert PLAYER.act(obs) != A_SWAP


def test_with_others_swap_only_a_hand_weaker_than_the_reserve_swaps() -> None:
    hand = ReservejassHand(ReservejassRules(others_swap=True), deal_with(ROSEN, WEAK))
    hand.push(PLAYER.act(hand.observation(0)))
    assert hand.phase == "take" and hand.to_move == 1
    assert PLAYER.act(hand.observation(1)) == A_SWAP  # nine middle cards
    hand.push(A_KEEP)
    assert PLAYER.act(hand.observation(2)) in (A_KEEP, A_SWAP)


@pytest.mark.parametrize(("bot", "options"), [("random", {}), ("rules", {}),
                                              ("search", {"budget": 0.02})])
def test_every_bot_plays_a_whole_short_game(bot: str, options: dict[str, object]) -> None:
    game: Any = V.new_game(ReservejassRules(target=150, others_swap=True), seed=3)
    players = [make_bot(bot, **options), make_bot("rules"), make_bot("random")]
    while not game.is_over:
        obs = game.observation(game.to_move)
        act = players[game.to_move].act(obs)
        assert act in obs.legal_actions
        game.push(act)
    assert sorted(game.standings())[0] == 1


def test_the_search_answers_the_choice_and_the_swap() -> None:
    hand = ReservejassHand(ReservejassRules(others_swap=True), deal_with(WEAK, ROSEN))
    obs = hand.observation(0)
    assert VariantSearch(budget=0.05, seed=1).act(obs) in obs.legal_actions
    hand.push(A_CHOOSE + 1)
    obs = hand.observation(1)
    assert VariantSearch(budget=0.05, seed=1).act(obs) in obs.legal_actions
