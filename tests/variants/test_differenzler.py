"""Differenzler: the rule book's worked examples and the variant's own rules."""

from __future__ import annotations

import dataclasses
import itertools
import random

import pytest

from puur.cards import CardSet, parse_card
from puur.contracts import MODE_OBENABE, MODE_UNDENUFE
from puur.hand import IllegalActionError
from puur.options import OptionError
from puur.tricks import legal_under
from puur.variants import get
from puur.variants.base import rank_sides
from puur.variants.differenzler import (
    A_FORECAST,
    PRESETS,
    DifferenzlerDeal,
    DifferenzlerGame,
    DifferenzlerHand,
    DifferenzlerRules,
    deal_differenzler,
    format_deal_line,
    parse_deal_line,
    penalty,
)
from puur.variants.view import SPECTATOR


def mask(text: str) -> int:
    return CardSet.from_text(text).bits


def play_out(hand: DifferenzlerHand, rng: random.Random) -> None:
    while not hand.is_over:
        hand.push(rng.choice(hand.legal_actions()))


# Worked example 1: forecasts 40, 30, 60, 27; made 52, 25, 60, 20.
def test_example_1_penalties_and_the_exact_bonus() -> None:
    forecasts, made = (40, 30, 60, 27), (52, 25, 60, 20)
    assert sum(made) == 157
    assert [penalty(f, m) for f, m in zip(forecasts, made, strict=True)] == [12, 5, 0, 7]
    assert [penalty(f, m, bonus=10) for f, m in zip(forecasts, made, strict=True)] == [
        12, 5, -10, 7]


# Worked example 2: totals A 88, B 61, C 61, D 140 after 12 hands: B and C share first place.
def test_example_2_equal_totals_share_the_place() -> None:
    assert rank_sides([88, 61, 61, 140]) == (3, 1, 1, 4)


# Worked example 3: Schellen trumps, Eicheln led, a Schellen Ober in the trick; a player with no
# Eicheln holding Schellen 7 and Rosen Ace may play either (undertrumping when void).
def test_example_3_undertrumping_when_void() -> None:
    rules = DifferenzlerRules()
    hand = mask("D7 HA")
    legal = legal_under(rules.play_rule(), hand, 3, parse_card("DQ"), 0)
    assert legal == hand
    schieber = DifferenzlerRules(undertrump="forbidden").play_rule()
    assert legal_under(schieber, hand, 3, parse_card("DQ"), 0) == mask("HA")


def test_the_dealers_last_card_gives_trumps_and_stays_known() -> None:
    rules = DifferenzlerRules()
    d = deal_differenzler(rules, "turned", dealer=2)
    assert d.hands[2] >> d.turned & 1 and d.contract == d.turned // 9
    hand = DifferenzlerHand(rules, d)
    assert hand.phase == "forecast" and hand.to_move == 3  # the Vorhand forecasts first
    for seat in (0, 1, 3, SPECTATOR):
        assert hand.observation(seat).known_cards(2) == 1 << d.turned
    # The turned card counts as known until it is played.
    for f in (10, 20, 30, 40):
        hand.push(A_FORECAST + f)
    assert hand.phase == "play" and hand.to_move == 3 and hand.trump == d.contract


def test_turned_card_modes_make_a_six_undenufe_and_an_ace_obenabe() -> None:
    rules = DifferenzlerRules(turned_card_modes=True)
    seen = set()
    for i in range(200):
        d = deal_differenzler(rules, i, dealer=0)
        rank = d.turned % 9
        expect = MODE_UNDENUFE if rank == 0 else MODE_OBENABE if rank == 8 else d.turned // 9
        assert d.contract == expect
        seen.add(d.contract)
    assert {MODE_OBENABE, MODE_UNDENUFE} <= seen


def test_hidden_forecasts_stay_hidden_until_the_hand_is_over() -> None:
    rules = PRESETS["standard"]
    d = deal_differenzler(rules, "hidden", dealer=0)
    views: dict[int, list[object]] = {}
    for mine in (0, 157):  # seat 1 (the Vorhand) forecasts 0 or 157; nothing else changes
        hand = DifferenzlerHand(rules, d)
        hand.push(A_FORECAST + mine)
        for f in (30, 40, 50):
            hand.push(A_FORECAST + f)
        rng = random.Random(1)
        seen = []
        while not hand.is_over:
            seen.append(tuple(hand.observation(s).to_tensor() for s in (0, 2, 3, SPECTATOR)))
            hand.push(rng.choice(hand.legal_actions()))
        views[mine] = seen
        assert hand.observation(0).forecasts[1] == mine  # shown once the hand is over
    assert views[0] == views[157]


def test_open_forecasts_are_seen_as_they_are_made() -> None:
    rules = PRESETS["open"]
    hand = DifferenzlerHand(rules, deal_differenzler(rules, "open", dealer=0))
    hand.push(A_FORECAST + 42)
    assert hand.observation(3).forecasts[1] == 42
    assert hand.observation(SPECTATOR).forecast_done == (False, True, False, False)


def test_points_made_add_up_to_157_and_penalties_follow() -> None:
    rules = DifferenzlerRules()
    for seed in range(30):
        hand = DifferenzlerHand(rules, deal_differenzler(rules, seed, dealer=seed % 4))
        rng = random.Random(seed)
        play_out(hand, rng)
        assert sum(hand.made) == 157
        assert hand.penalties() == tuple(
            abs(f - m) for f, m in zip(hand.forecasts, hand.made, strict=True))


def test_a_forecast_of_zero_and_the_bonus_rule() -> None:
    base = DifferenzlerRules(exact_bonus=10)
    for rule, expect_bonus in (("never", False), ("always", True)):
        rules = base.replace(exact_bonus_zero_forecast=rule)
        for seed in range(200):
            hand = DifferenzlerHand(rules, deal_differenzler(rules, seed, dealer=3))
            for _ in range(4):
                hand.push(A_FORECAST)  # everyone forecasts 0
            play_out(hand, random.Random(seed))
            zero = [s for s in range(4) if hand.made[s] == 0]
            if zero:
                s = zero[0]
                assert hand.penalties()[s] == (-10 if expect_bonus else 0)
                break
        else:
            pytest.fail("no player made 0 points in 200 hands")


def test_zero_forecast_requires_a_trick_by_default() -> None:
    rules = DifferenzlerRules(exact_bonus=10)
    checked = False
    for seed in range(300):
        hand = DifferenzlerHand(rules, deal_differenzler(rules, seed, dealer=3))
        for _ in range(4):
            hand.push(A_FORECAST)
        play_out(hand, random.Random(seed))
        for s in range(4):
            if hand.made[s] == 0:
                took = hand.tricks_won[s] > 0
                assert hand.penalties()[s] == (-10 if took else 0)
                checked = True
    assert checked


def test_weis_and_stoeck_add_to_the_points_made_when_on() -> None:
    rules = DifferenzlerRules(weis=True, stoeck=True)
    extra_seen = False
    for seed in range(60):
        hand = DifferenzlerHand(rules, deal_differenzler(rules, seed, dealer=0))
        for _ in range(4):
            hand.push(A_FORECAST + 40)
        rng = random.Random(seed)
        while not hand.is_over:
            legal = hand.legal_actions()
            hand.push(max(legal) if hand.phase in ("weis", "stoeck") else rng.choice(legal))
        extra = sum(p for _s, p, kind in hand.credits if kind in ("weis", "stoeck"))
        assert sum(hand.made) == 157 + extra
        extra_seen |= extra > 0
    assert extra_seen


def test_a_game_lasts_the_agreed_hands_and_the_dealer_rotates() -> None:
    game = DifferenzlerGame(PRESETS["short"], seed=9)
    rng = random.Random(9)
    while not game.is_over:
        game.push(rng.choice(game.legal_actions()))
    assert len(game.rounds) == 8
    dealers = [r.dealer for r in game.rounds]
    assert all((b - a) % 4 == 1 for a, b in itertools.pairwise(dealers))
    totals = [sum(r.penalties()[s] for r in game.rounds) for s in range(4)]
    assert list(game.scores) == totals
    with pytest.raises(IllegalActionError, match="the game is over") as e:
        game.push(36)
    assert e.value.reason == "over"


def test_three_players_take_twelve_cards() -> None:
    game = get("differenzler").new_game(PRESETS["three"], seed=2)
    hand = game.round
    assert hand.num_seats == 3 and all(h.bit_count() == 12 for h in hand.hands)
    rng = random.Random(2)
    while not hand.is_over:
        game.push(rng.choice(game.legal_actions()))
    assert sum(hand.made) == 157 and len(hand.trick_winners) == 12


def play_hand_missing_by(game: DifferenzlerGame, misses: list[int]) -> None:
    """Play the current hand with the lowest legal card throughout, each seat forecasting the
    points it then makes plus ``misses[seat]`` (found by a dry run of the same play)."""
    hand = game.round
    dry = hand.copy()
    for _ in range(4):
        dry.push(A_FORECAST)
    while not dry.is_over:
        dry.push(min(dry.legal_actions()))
    for k in range(4):
        s = (hand.vorhand + k) % 4
        f = dry.made[s] + misses[s]
        game.push(A_FORECAST + (f if 0 <= f <= 157 else dry.made[s] - misses[s]))
    while not hand.is_over:
        game.push(min(game.legal_actions()))


def test_most_exact_breaks_a_tie() -> None:
    for tie_break, places in (("most_exact", (1, 2)), ("shared", (1, 1))):
        game = DifferenzlerGame(DifferenzlerRules(tie_break=tie_break, hands=2), seed=1)
        play_hand_missing_by(game, [0, 5, 30, 30])   # seat 0 exact, seat 1 five off
        play_hand_missing_by(game, [10, 5, 30, 30])  # seat 0 ten off, seat 1 five off
        assert game.is_over and game.scores[0] == game.scores[1] == 10
        assert game.exact_counts()[:2] == (1, 0)
        assert game.standings()[:2] == places


def test_bad_options_and_deals_are_refused() -> None:
    with pytest.raises(OptionError, match="players"):
        DifferenzlerRules(players=5)
    with pytest.raises(OptionError, match="hands"):
        DifferenzlerRules(hands=True)  # type: ignore[arg-type]
    with pytest.raises(OptionError, match="no such option"):
        get("differenzler").rules_from_dict({"forecasts": "open"})
    rules = DifferenzlerRules()
    d = deal_differenzler(rules, 1, dealer=0)
    with pytest.raises(ValueError, match="dealer's hand"):
        DifferenzlerHand(rules, DifferenzlerDeal(d.hands, 1, d.turned, d.contract))
    with pytest.raises(ValueError, match="4 hands"):
        DifferenzlerHand(rules, DifferenzlerDeal(d.hands[:3], 0, d.turned, d.contract))


def test_the_deal_line_round_trips() -> None:
    for rules in (DifferenzlerRules(), PRESETS["random-trumps"], PRESETS["three"]):
        d = deal_differenzler(rules, "line", dealer=1)
        assert parse_deal_line(rules, format_deal_line(d)) == d
    with pytest.raises(ValueError):
        parse_deal_line(DifferenzlerRules(), "0 D7 D6")


def test_a_deal_that_does_not_fit_is_refused_with_its_code() -> None:
    game = get("differenzler").new_game(seed=4)
    first = game.round
    # Hand 2 is dealt by the seat after hand 1's dealer: another dealer is refused.
    wrong = dataclasses.replace(game.deal_for(1), dealer=first.dealer)
    while game.round is first:
        game.push(game.legal_actions()[0])
    second = game.round
    with pytest.raises(IllegalActionError, match="is dealt by seat") as e:
        game.set_deal(wrong)
    assert e.value.reason == "bad_deal" and game.round is second
    with pytest.raises(IllegalActionError) as e:
        game.set_deal("D6 H7")  # type: ignore[arg-type]
    assert e.value.reason == "bad_deal"
    game.push(game.legal_actions()[0])
    with pytest.raises(IllegalActionError, match="before the hand's first action") as e:
        game.set_deal(game.deal_for(1))
    assert e.value.reason == "bad_deal"
