"""Fahnder: the worked examples, the auction (steps, a pass that is not final, the redeal), the
contract and the called card, playing alone, the secret partner, both scorings, the eight
hands and the end, bad input, records."""

from __future__ import annotations

import io
import random

import pytest
from tests.variants.test_sidi_barrani import cards, fill

from puur.cards import parse_card
from puur.hand import IllegalActionError
from puur.options import OptionError
from puur.record import format_record, read_record
from puur.variants import get
from puur.variants.fahnder import FahnderGame, format_deal_line, parse_deal_line
from puur.variants.fahnder_hand import FahnderDeal, FahnderHand
from puur.variants.fahnder_rules import (
    A_CALL,
    A_CHOOSE,
    A_PASS,
    PRESETS,
    FahnderRules,
    band_points,
    bid_action,
    hand_marks,
)

V = get("fahnder")
ROSEN = 1
POINTS = FahnderRules(scoring="game_points")
SECRET = FahnderRules(partner_reveal="on_play")


def hand_on(fixed: list[str], dealer: int = 3, rules: FahnderRules | None = None) -> FahnderHand:
    return FahnderHand(rules or FahnderRules(), FahnderDeal(fill(fixed), dealer))


def auction(hand: FahnderHand, calls: list[int]) -> None:
    for v in calls:
        hand.push(bid_action(v) if v else A_PASS)


def play_out(hand: FahnderHand, rng: random.Random) -> None:
    while not hand.is_over:
        hand.push(rng.choice(hand.legal_actions()))


def state(hand: FahnderHand) -> tuple[object, ...]:
    return (hand.phase, hand.to_move, hand.calls, hand.bid, hand.bidder, hand.passes,
            hand.actions, tuple(hand.observation(s) for s in (-1, 0, 1, 2, 3)))


# ---------------------------------------------------------------------------------------------
# The worked examples


def test_example_1_bids_80_pass_120_125_then_three_passes_make_the_125_bidder_fahnder() -> None:
    hand = hand_on(["", "", "", ""], dealer=3)  # the Vorhand is seat 0
    auction(hand, [80, 0, 120, 125, 0, 0, 0])
    assert hand.phase == "contract" and hand.fahnder == 3 and hand.bid == 125
    assert hand.to_move == 3


def test_example_2_made_with_133_under_game_points_declarer_6_partner_3() -> None:
    assert hand_marks(POINTS, 125, 133, False, False) == (6, 3, 0)


def test_example_2_in_a_played_hand() -> None:
    # Seat 0 (Vorhand) holds the top Rosen and calls the Rosen Ace that seat 2 holds; a random
    # play-out writes what the bands say for the pair's card points.
    for seed in range(30):
        hand = hand_on(["HJ H9 HK HQ HT S6 S7 S8 S9", "", "HA", ""], rules=POINTS)
        auction(hand, [110, 0, 0, 0])
        hand.push(A_CHOOSE + ROSEN)
        hand.push(A_CALL + parse_card("HA"))
        assert hand.partner == 2 and hand.to_move == 0
        play_out(hand, random.Random(seed))
        pair = hand.pair_points()
        f, p, o = hand_marks(POINTS, 110, pair, hand.match, False)
        assert hand.marks == (f, o, p, o)
        if pair >= 110 and not hand.match:
            assert f == band_points(pair) and p == f // 2


# ---------------------------------------------------------------------------------------------
# The auction


def test_the_vorhand_opens_with_the_lowest_bid_and_raises_are_at_least_five() -> None:
    hand = hand_on(["", "", "", ""], dealer=1)
    assert hand.to_move == 2
    legal = hand.legal_actions()
    assert legal[0] == A_PASS and legal[1] == bid_action(80) and legal[-1] == bid_action(157)
    auction(hand, [83])
    assert hand.legal_actions()[1] == bid_action(88)
    with pytest.raises(IllegalActionError):
        hand.push(bid_action(87))


def test_game_points_open_at_110() -> None:
    hand = hand_on(["", "", "", ""], rules=POINTS)
    assert hand.legal_actions()[1] == bid_action(110)
    assert bid_action(109) not in hand.legal_actions()


def test_a_player_who_passed_may_bid_again() -> None:
    hand = hand_on(["", "", "", ""], dealer=3)
    auction(hand, [0, 80, 0, 0])
    assert hand.to_move == 0 and bid_action(85) in hand.legal_actions()
    auction(hand, [85, 0, 0, 0])
    assert hand.fahnder == 0 and hand.bid == 85


def test_157_leaves_nothing_but_pass() -> None:
    hand = hand_on(["", "", "", ""])
    auction(hand, [157])
    assert hand.legal_actions() == [A_PASS]


def test_four_passes_throw_the_deal_in_and_the_same_dealer_deals_again() -> None:
    game = FahnderGame(seed=4)
    dealer = game.round.dealer
    for _ in range(4):
        game.push(A_PASS)
    assert game.rounds[0].thrown_in and len(game.rounds) == 2
    assert game.round.dealer == dealer and game.hands_played == 0
    other = FahnderGame(FahnderRules(redeal="next_dealer"), seed=4)
    for _ in range(4):
        other.push(A_PASS)
    assert other.round.dealer == (dealer + 1) % 4


# ---------------------------------------------------------------------------------------------
# Contract, call, partner


def test_the_fahnder_names_the_contract_calls_a_card_and_leads() -> None:
    hand = hand_on(["", "", "", "DA"], dealer=0)
    auction(hand, [90, 0, 0, 0])
    assert hand.fahnder == 1 and hand.legal_actions() == list(range(A_CHOOSE, A_CHOOSE + 6))
    hand.push(A_CHOOSE + 4)
    assert hand.phase == "call" and len(hand.legal_actions()) == 36
    hand.push(A_CALL + parse_card("DA"))
    assert hand.partner == 3 and not hand.alone
    assert hand.phase == "play" and hand.to_move == 1 and hand.mode == 4
    assert hand.team(1) == hand.team(3) == 0 and hand.team(0) == hand.team(2) == 1


def test_no_weis_and_no_stoeck() -> None:
    rng = random.Random(2)
    hand = hand_on(["C6 C7 C8 C9 CT CJ CQ CK CA", "", "", ""], dealer=3)
    auction(hand, [100, 0, 0, 0])
    hand.push(A_CHOOSE + 3)
    hand.push(A_CALL + parse_card("DA"))
    play_out(hand, rng)
    assert {k for _s, _p, k in hand.credits} <= {"trick", "last"}
    assert sum(hand.credited) == 157


def test_calling_his_own_card_plays_alone_against_three() -> None:
    for seed in range(20):
        hand = hand_on(["HA", "", "", ""], dealer=3)
        auction(hand, [80, 0, 0, 0])
        hand.push(A_CHOOSE + ROSEN)
        hand.push(A_CALL + parse_card("HA"))
        assert hand.alone and hand.partner == 0
        play_out(hand, random.Random(seed))
        made = hand.credited[0] >= 80
        assert hand.marks == ((2, 0, 0, 0) if made else (-2, 1, 1, 1))


def test_a_match_alone_is_20_and_with_a_partner_12() -> None:
    assert hand_marks(POINTS, 150, 157, True, True) == (20, 0, 0)
    assert hand_marks(POINTS, 150, 157, True, False) == (12, 6, 0)
    assert hand_marks(POINTS, 150, 157, False, False) == (10, 5, 0)


@pytest.mark.parametrize(("points", "band"), [(109, 0), (110, 2), (119, 2), (120, 4),
                                              (129, 4), (130, 6), (140, 8), (149, 8),
                                              (150, 10), (157, 10)])
def test_the_bands(points: int, band: int) -> None:
    assert band_points(points) == band


def test_a_failed_bid_costs_the_band_of_the_bid_and_the_partner_half() -> None:
    assert hand_marks(POINTS, 140, 139, False, False) == (-8, -4, 0)
    assert hand_marks(POINTS, 140, 100, False, True) == (-8, 0, 0)
    none = FahnderRules(scoring="game_points", failed_partner="none")
    assert hand_marks(none, 140, 100, False, False) == (-8, 0, 0)


def test_striche_made_and_failed() -> None:
    assert hand_marks(FahnderRules(), 100, 100, False, False) == (2, 1, 0)
    assert hand_marks(FahnderRules(), 100, 99, False, False) == (-2, -1, 1)


@pytest.mark.parametrize("seed", range(10))
def test_every_played_hand_writes_what_the_scoring_function_says(seed: int) -> None:
    rules = POINTS if seed % 2 else FahnderRules()
    game = FahnderGame(rules, seed=seed)
    rng = random.Random(seed)
    while not game.is_over:
        game.push(rng.choice(game.legal_actions()))
    totals = [0, 0, 0, 0]
    for r in game.rounds:
        if r.thrown_in:
            assert r.marks == (0, 0, 0, 0)
            continue
        f, p, o = hand_marks(rules, r.bid, r.pair_points(), r.match, r.alone)
        for s in range(4):
            want = f if s == r.fahnder else p if s == r.partner else o
            assert r.marks[s] == want
            totals[s] += want
        assert sum(r.credited) == 157
    assert list(game.scores) == totals and game.hands_played == 8


def test_a_game_is_eight_hands_and_the_best_net_wins() -> None:
    game = FahnderGame(seed=7)
    rng = random.Random(7)
    while not game.is_over:
        game.push(rng.choice(game.legal_actions()))
    assert game.hands_played == 8 and game.legal_actions() == []
    scores = game.scores
    best = max(scores)
    assert [p == 1 for p in game.standings()] == [s == best for s in scores]
    up, down = game.sheet()
    assert [u - d for u, d in zip(up, down, strict=True)] == list(scores)
    with pytest.raises(IllegalActionError):
        game.push(A_PASS)


# ---------------------------------------------------------------------------------------------
# The secret partner


def _secret_hand() -> FahnderHand:
    hand = hand_on(["", "", "HA", ""], dealer=3, rules=SECRET)
    auction(hand, [80, 0, 0, 0])
    hand.push(A_CHOOSE + 0)
    hand.push(A_CALL + parse_card("HA"))
    return hand


def test_with_on_play_only_the_holder_knows_until_the_card_is_played() -> None:
    hand = _secret_hand()
    assert hand.partner == 2
    for seat in (-1, 0, 1, 3):
        obs = hand.observation(seat)
        assert obs.partner == -1 and obs.team_points == () and obs.panel()["partner"] is None
        assert not obs.known_cards(2) >> parse_card("HA") & 1
        assert obs.own()["partner"] is False
    mine = hand.observation(2)
    assert mine.partner == 2 and mine.own()["partner"] is True
    rng = random.Random(1)
    while parse_card("HA") not in hand.played:
        hand.push(rng.choice(hand.legal_actions()))
    for seat in (-1, 0, 1, 3):
        assert hand.observation(seat).partner == 2
        assert hand.observation(seat).panel()["partner"] == 2


def test_every_view_but_the_holder_s_is_the_same_wherever_the_called_card_lies() -> None:
    # Two deals that differ only in who of seats 1 and 2 holds the called card (and one other
    # card): seats 0 and 3 and a spectator see the same until it is played.
    a = fill(["", "HA", "H6", ""])
    b = (a[0], a[1] & ~cards("HA") | cards("H6"), a[2] & ~cards("H6") | cards("HA"), a[3])
    hands = [FahnderHand(SECRET, FahnderDeal(d, 3)) for d in (a, b)]
    for h in hands:
        auction(h, [80, 0, 0, 0])
        h.push(A_CHOOSE + 0)
        h.push(A_CALL + parse_card("HA"))
    assert hands[0].partner == 1 and hands[1].partner == 2
    for seat in (-1, 0, 3):
        assert hands[0].observation(seat) == hands[1].observation(seat)


def test_with_immediate_the_holder_is_public_at_once() -> None:
    hand = hand_on(["", "", "HA", ""], dealer=3)
    auction(hand, [80, 0, 0, 0])
    hand.push(A_CHOOSE + 0)
    hand.push(A_CALL + parse_card("HA"))
    for seat in (-1, 0, 1, 3):
        obs = hand.observation(seat)
        assert obs.partner == 2 and obs.known_cards(2) >> parse_card("HA") & 1


def test_a_fahnder_alone_under_on_play_is_known_to_himself_only() -> None:
    hand = hand_on(["HA", "", "", ""], dealer=3, rules=SECRET)
    auction(hand, [80, 0, 0, 0])
    hand.push(A_CHOOSE + 0)
    hand.push(A_CALL + parse_card("HA"))
    assert hand.observation(0).alone and hand.observation(0).partner == 0
    for seat in (-1, 1, 2, 3):
        assert hand.observation(seat).partner == -1
    assert hand.summary()["partner"] == -1 and hand.summary()["alone"] is None


# ---------------------------------------------------------------------------------------------
# Bad input


@pytest.mark.parametrize("action", [-1, 36, 42, 65, 260, 10**9, bid_action(79)])
def test_an_illegal_action_is_refused_and_changes_nothing(action: int) -> None:
    hand = hand_on(["", "", "", ""])
    before = state(hand)
    with pytest.raises(IllegalActionError):
        hand.push(action)
    assert state(hand) == before


def test_a_call_or_contract_out_of_turn_is_refused() -> None:
    hand = hand_on(["", "", "", ""])
    with pytest.raises(IllegalActionError):
        hand.push(A_CALL)
    auction(hand, [80, 0, 0, 0])
    before = state(hand)
    with pytest.raises(IllegalActionError):
        hand.push(A_CALL + 3)
    assert state(hand) == before


@pytest.mark.parametrize(("data", "reason"), [
    ({"min_bid": 158}, "min_bid"), ({"step": 0}, "step"), ({"scoring": "points"}, "scoring"),
    ({"partner_reveal": "never"}, "partner_reveal"), ({"hands": 0}, "hands"),
    ({"weis": True}, "weis"),
])
def test_bad_options_are_refused(data: dict[str, object], reason: str) -> None:
    with pytest.raises(OptionError, match=reason):
        V.rules_from_dict(data)


def test_bad_deals_are_refused() -> None:
    good = fill(["", "", "", ""])
    with pytest.raises(ValueError, match="dealer"):
        FahnderHand(FahnderRules(), FahnderDeal(good, 4))
    with pytest.raises(ValueError, match="twice"):
        FahnderHand(FahnderRules(), FahnderDeal((good[0], good[0], good[2], good[3]), 0))
    with pytest.raises(ValueError, match="exactly"):
        FahnderHand(FahnderRules(), FahnderDeal(good[:3], 0))


# ---------------------------------------------------------------------------------------------
# Records and tokens


@pytest.mark.parametrize("preset", list(PRESETS))
def test_every_deal_line_and_token_reads_back(preset: str) -> None:
    game = FahnderGame(PRESETS[preset], seed=f"tokens-{preset}")
    rng = random.Random(preset)
    for _ in range(60):
        r = game.round
        assert parse_deal_line(format_deal_line(r.dealt)) == r.dealt
        for a in r.legal_actions():
            assert V.parse_action(r, V.format_action(r, a)) == a
        game.push(rng.choice(game.legal_actions()))


def test_a_record_keeps_the_auction_the_call_and_a_thrown_in_deal() -> None:
    game = FahnderGame(PRESETS["secret"], seed=11)
    for _ in range(4):
        game.push(A_PASS)
    for a in (bid_action(80), A_PASS, bid_action(120), bid_action(125), A_PASS, A_PASS,
              A_PASS, A_CHOOSE + 1, A_CALL + parse_card("HA")):
        game.push(a)
    text = format_record(game)
    assert "act pass pass pass pass\n" in text
    assert "act bid:80 pass bid:120 bid:125 pass pass pass choose:H call:HA" in text
    back = read_record(io.StringIO(text)).to_game()
    assert back.actions == game.actions and back.round.called == parse_card("HA")


@pytest.mark.parametrize("token", ["bid:x", "bid:158", "choose:misere", "double", "call:X9",
                                   "weis:-", "stoeck"])
def test_bad_tokens_are_refused(token: str) -> None:
    hand = hand_on(["", "", "", ""])
    with pytest.raises(ValueError, match="bad action"):
        V.parse_action(hand, token)


def test_bad_deal_lines_are_refused() -> None:
    with pytest.raises(ValueError, match="DEALER"):
        parse_deal_line("x D6")
    line = format_deal_line(FahnderDeal(fill(["", "", "", ""]), 2))
    with pytest.raises(ValueError, match="dealer"):
        parse_deal_line("7" + line[1:])
