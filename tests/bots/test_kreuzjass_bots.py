"""The Kreuzjass rule player and search model: naming trumps, pushing, legal play."""

from __future__ import annotations

import random

from puur.actions import A_CHOOSE, A_PUSH
from puur.bots import make_bot
from puur.bots.kreuzjass import KreuzjassPlayer
from puur.bots.variant_search import VariantSearch, model_for
from puur.bots.worlds import WorldSampler
from puur.cards import CardSet
from puur.contracts import Contract
from puur.variants.kreuzjass import WELI, KreuzjassDeal, KreuzjassHand, KreuzjassRules

RULES = KreuzjassRules()


def deal_with(seat: int, text: str, dealer: int) -> KreuzjassDeal:
    """``seat`` holds the cards of ``text``; the rest go round the others in order."""
    mine = CardSet.from_text(text).bits
    rest = [c for c in range(36) if not mine >> c & 1]
    hands = [0, 0, 0, 0]
    hands[seat] = mine
    others = [s for s in range(4) if s != seat]
    for i, c in enumerate(rest):
        hands[others[i // 9]] |= 1 << c
    bottom = hands[dealer].bit_length() - 1
    return KreuzjassDeal(tuple(hands), dealer, bottom)


def test_the_weli_holder_names_his_long_suit_with_puur_and_nell() -> None:
    hand = KreuzjassHand(RULES, deal_with(1, "D6 HJ H9 HA HK H7 SA CA C6", 0), 1)
    assert hand.forehand == 1 and hand.to_move == 1
    assert KreuzjassPlayer().act(hand.observation(1)) == A_CHOOSE + Contract.ROSEN  # Herz


def test_a_hand_of_aces_and_kings_says_bock() -> None:
    hand = KreuzjassHand(RULES, deal_with(1, "DA DK HA HK SA SK CA CK D9", 0), 2)
    assert KreuzjassPlayer().act(hand.observation(1)) == A_CHOOSE + Contract.OBENABE


def test_a_hopeless_hand_is_pushed_and_the_partner_must_name() -> None:
    hand = KreuzjassHand(RULES, deal_with(1, "D7 D9 H8 HT S7 S9 CT C8 HQ", 0), 2)
    player = KreuzjassPlayer()
    assert player.act(hand.observation(1)) == A_PUSH
    hand.push(A_PUSH)
    action = player.act(hand.observation(3))
    assert action != A_PUSH and action in hand.legal_actions()


def test_rules_and_search_play_a_whole_game_legally() -> None:
    from puur.variants import get

    for preset in ("vorarlberg", "cut"):
        v = get("kreuzjass")
        game = v.new_game(v.preset(preset), seed=f"bots-{preset}")
        bots = [make_bot("rules"), VariantSearch(budget=0.01, seed=1)] * 2
        n = 0
        while not game.is_over and n < 80:
            obs = game.observation(game.to_move)
            action = bots[game.to_move].act(obs)
            assert action in obs.legal_actions
            game.push(action)
            n += 1


def test_worlds_of_the_weli_hand_give_the_weli_to_the_seat_that_names() -> None:
    hand = KreuzjassHand(RULES, deal_with(2, "D6 HJ H9 HA HK H7 SA CA C6", 1), 1)
    obs = hand.observation(0)
    assert obs.known_cards(2) >> WELI & 1
    sampler = WorldSampler(obs, model_for(obs))
    rng = random.Random(3)
    for _ in range(20):
        world = sampler.sample(rng)
        assert world.hands[2] >> WELI & 1 and world.forehand == 2
        assert world.observation(0) == obs
