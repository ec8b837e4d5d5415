"""Bieter's computer players: the rule player's bidding, contract, talon, declining and card
play; the search's worlds (the talon and the discards, the called card)."""

from __future__ import annotations

import random

from tests.variants.test_bieter import cards, fill

from puur.bots import make_bot
from puur.bots.bieter import BieterPlayer, best_contract, bid_limit, hand_points
from puur.bots.variant_search import VariantSearch, model_for
from puur.bots.worlds import WorldSampler
from puur.cards import SUIT_MASK, parse_card
from puur.variants import get
from puur.variants.bieter_hand import BieterDeal, BieterHand, deal_bieter
from puur.variants.bieter_rules import (
    A_ACCEPT,
    A_CALL,
    A_CONTRACT,
    A_DECLINE,
    A_PASS,
    bid_action,
)

V = get("bieter")
RULES = BieterPlayer()


def test_the_hand_evaluation_finds_the_contract_and_the_bid_grows_with_it() -> None:
    rosen = cards("HJ H9 HA HK HQ HT H8 DA SA CA CK C6")
    contract, points = best_contract(rosen, 12)
    assert contract == 1 and points > 120
    weak = cards("D6 D7 H6 H7 S6 S7 S8 C6 C7 C8 DT ST")
    assert hand_points(weak, 1, 12) < 40
    assert bid_limit(points, "twelve", 1000) > bid_limit(hand_points(weak, 1, 12), "twelve", 1000)


def test_the_rule_player_bids_up_to_its_limit_and_passes_above_it() -> None:
    strong = fill(["HJ H9 HA HK HQ HT H8 DA SA CA CK C6", "", ""], 12)
    deal = BieterDeal(strong, 2, next(c for c in range(36) if strong[2] >> c & 1))
    hand = BieterHand(V.default_rules(), deal)
    obs = hand.observation(0)
    assert RULES.act(obs) == bid_action(350)
    limit = bid_limit(best_contract(obs.hand, 12)[1], "twelve", 1000)
    hand.push(bid_action(350))
    hand.push(bid_action(limit // 10 * 10 - 10))
    hand.push(A_PASS)
    assert hand.to_move == 0
    assert RULES.act(hand.observation(0)) == bid_action(limit // 10 * 10)
    hand.push(bid_action(limit // 10 * 10))
    hand.push(bid_action(limit // 10 * 10 + 10))
    assert RULES.act(hand.observation(0)) == A_PASS


def test_the_koenig_names_his_best_contract_and_keeps_his_trumps_in_the_talon() -> None:
    game = V.new_game(V.preset("talon"), seed=3)
    while game.round.phase == "bid":
        game.push(bid_action(500) if game.to_move == 0 else A_PASS)
    hand = game.round
    while hand.phase == "discard":
        obs = game.observation(0)
        game.push(RULES.act(obs))
    kept = hand.hands[0]
    contract = RULES.act(game.observation(0)) - A_CONTRACT
    assert contract == best_contract(kept, 10)[0]
    if contract < 4:
        assert not hand.discards & SUIT_MASK[contract] & cards("HJ H9 DJ D9 SJ S9 CJ C9")


def test_the_koenig_declines_only_a_lost_game() -> None:
    deal = BieterDeal(fill(["D6 D7 S6", "", "H6"], 12), 2, parse_card("H6"))
    hopeless = BieterHand(V.default_rules(), deal, 4, koenig=0, bid=900, totals=(100, 950))
    assert RULES.act(hopeless.observation(0)) == A_DECLINE
    fine = BieterHand(V.default_rules(), deal, 4, koenig=0, bid=400, totals=(300, 200))
    assert RULES.act(fine.observation(0)) == A_ACCEPT


def test_a_bauer_gives_points_to_his_partner_s_sure_trick() -> None:
    # Seat 0 is the König, seats 1 and 2 the Bauern; seat 2 deals and turns C6 (Eicheln).
    hands = fill(["S6", "SA", "ST S7 C6"], 12)
    deal = BieterDeal(hands, 2, parse_card("C6"))
    rules = V.rules_from_dict({"weis": False, "stoeck": False, "decline": False})
    hand = BieterHand(rules, deal, 2, koenig=0, bid=400)
    assert hand.to_move == 0 and hand.trump == 3
    hand.push(parse_card("S6"))
    hand.push(parse_card("SA"))
    # Seat 2 plays last behind his partner's Ace: he gives the Ten, not the 7.
    assert RULES.act(hand.observation(2)) == parse_card("ST")
    # Behind the König's Ace instead, he ruffs it with his lowest trump.
    other = BieterHand(rules, BieterDeal(fill(["SA", "S6", "ST S7 C6"], 12), 2,
                                         parse_card("C6")), 2, koenig=0, bid=400)
    other.push(parse_card("SA"))
    other.push(parse_card("S6"))
    assert RULES.act(other.observation(2)) == parse_card("C6")


def test_five_players_call_the_highest_missing_trump() -> None:
    game = V.new_game(V.preset("five"), seed=5)
    while game.round.phase == "bid":
        game.push(bid_action(350) if game.to_move == 1 else A_PASS)
    game.push(A_CONTRACT + 1)
    call = RULES.act(game.observation(1)) - A_CALL
    held = game.round.hands[1]
    missing = [c for c in (9 + 5, 9 + 3, 9 + 8) if not held >> c & 1]
    assert missing and call == missing[0]


def test_rules_and_search_play_whole_games_of_every_preset() -> None:
    for preset in V.presets:
        game = V.new_game(V.preset(preset), seed=f"bots-{preset}")
        bots = [make_bot("rules"), make_bot("search", budget=0.01, seed=1), make_bot("random")]
        steps = 0
        while not game.is_over and steps < 400:
            seat = game.to_move
            game.push(bots[seat % 3].act(game.observation(seat)))
            steps += 1
        assert game.is_over or steps == 400


# ---------------------------------------------------------------------------------------------
# Worlds


def test_worlds_deal_the_hidden_talon_and_keep_the_face_up_cards_in_it() -> None:
    game = V.new_game(V.preset("talon"), seed=7)
    obs = game.observation(game.to_move)
    sampler = WorldSampler(obs, model_for(obs))
    rng = random.Random(7)
    downs = set()
    for _ in range(20):
        world = sampler.sample(rng)
        assert world.observation(obs.seat) == obs
        assert world.deal.talon_up == game.round.deal.talon_up
        downs.add(world.deal.talon_down)
    assert len(downs) > 1  # the face-down cards are not known


def test_worlds_know_the_discards_for_the_koenig_alone() -> None:
    game = V.new_game(V.preset("talon"), seed=8)
    while game.round.phase == "bid":
        game.push(bid_action(500) if game.to_move == 1 else A_PASS)
    for a in game.legal_actions()[:6]:
        game.push(a)
    hand = game.round
    rng = random.Random(8)
    mine = game.observation(1)
    for _ in range(10):
        world = WorldSampler(mine, model_for(mine)).sample(rng)
        assert world.discards == hand.discards
    theirs = game.observation(0)
    seen = set()
    for _ in range(20):
        world = WorldSampler(theirs, model_for(theirs)).sample(rng)
        assert world.observation(0) == theirs
        assert world.discards.bit_count() == 6
        assert not world.discards & hand.hands[0]
        seen.add(world.discards)
    assert len(seen) > 1


def test_worlds_never_give_the_called_card_to_the_koenig() -> None:
    game = V.new_game(V.preset("five"), seed=9)
    while game.round.phase == "bid":
        game.push(bid_action(350) if game.to_move == 2 else A_PASS)
    game.push(A_CONTRACT + 0)
    game.push(game.legal_actions()[-1])
    hand = game.round
    rng = random.Random(9)
    for seat in (0, 1, 3):
        obs = game.observation(seat)
        for _ in range(10):
            world = WorldSampler(obs, model_for(obs)).sample(rng)
            assert not world.hands[2] >> hand.called & 1
            assert world.observation(seat) == obs


def test_a_quiet_stoeck_on_a_trick_s_last_card_is_replayed_quiet() -> None:
    """The table sees the Stöck question asked after a second card: a world whose observation
    has moved on answers it (quiet), not leaves it open."""
    rules = V.rules_from_dict({"weis": False, "decline": False})
    hands = fill(["H6 H7", "HA HJ", "HQ HK"], 12)
    deal = BieterDeal(hands, 0, parse_card("H6"))
    hand = BieterHand(rules, deal, 2, koenig=1, bid=400)
    assert hand.to_move == 1 and hand.trump == 1
    for c in ("HA", "HQ", "H7"):  # trick 1 to the König
        hand.push(parse_card(c))
    for c in ("HJ", "HK"):  # seat 2's second Stöck card
        hand.push(parse_card(c))
    assert hand.phase == "stoeck" and hand.to_move == 2
    for seat in (0, 1):
        asked = hand.observation(seat)
        assert asked.phase == "stoeck"
        assert WorldSampler(asked, model_for(asked)).sample(random.Random(1)).observation(
            seat) == asked
    hand.push(hand.A_STOECK_NO)
    hand.push(parse_card("H6"))  # trick 2 complete
    for seat in (0, 1):
        moved = hand.observation(seat)
        world = WorldSampler(moved, model_for(moved)).sample(random.Random(1))
        assert world.observation(seat) == moved


def test_the_search_takes_the_rule_player_s_bid() -> None:
    game = V.new_game(seed=10)
    obs = game.observation(game.to_move)
    assert VariantSearch(budget=0.05, seed=1).act(obs) == RULES.act(obs)


def test_a_world_does_not_end_before_the_history_is_replayed() -> None:
    """With five, a world's partner may differ from the real one: its columns may pass a target
    during tricks after which the real game went on."""
    rules = V.rules_from_dict({"preset": "five", "weis": False, "stoeck": False})
    for seed in range(200):
        deal = deal_bieter(rules, f"far-{seed}", 4)  # seat 0 leads
        hand = BieterHand(rules, deal, 2, koenig=1, bid=350, totals=(340, 0))
        hand.push(A_ACCEPT)
        called = max(c for c in range(36) if deal.hands[3] >> c & 1)
        hand.push(A_CALL + called)
        while not hand.trick_winners:
            hand.push(min(hand.legal_actions(), key=lambda c: (c == called, c)))
        if hand.trick_winners != (4,) or hand.trick_values[0] < 10:
            continue
        hand.push(hand.legal_actions()[0])  # a card after the trick the world must replay
        # Seat 0 cannot tell seat 4 from the partner: in some worlds the pair took 10 or more.
        obs = hand.observation(0)
        sampler = WorldSampler(obs, model_for(obs))
        worlds = [sampler.sample(random.Random(k)) for k in range(30)]
        assert all(not w.is_over and w.totals == (340, 0) for w in worlds)
        assert any(w.partner == 4 for w in worlds)
        return
    raise AssertionError("no deal gave seat 4 the first trick")
