"""Sidi Barrani: the worked examples, the auction (bids, passes, doubles, the redeal), the late
double, the scoring against the bid, the target in the count order, bad input, records."""

from __future__ import annotations

import io
import random

import pytest

from puur.cards import CardSet
from puur.hand import IllegalActionError
from puur.options import OptionError
from puur.record import format_record, read_record
from puur.variants import get
from puur.variants.sidi_barrani import (
    SidiBarraniGame,
    format_deal_line,
    parse_deal_line,
)
from puur.variants.sidi_barrani_hand import SidiBarraniDeal, SidiBarraniHand
from puur.variants.sidi_barrani_rules import (
    A_CHOOSE,
    A_DOUBLE,
    A_PASS,
    A_STOECK,
    A_WEIS,
    PRESETS,
    SidiBarraniRules,
    bid_action,
    hand_result,
)

V = get("sidi_barrani")
EICHELN = 3


def cards(text: str) -> int:
    return CardSet.from_text(text).bits


def fill(fixed: list[str]) -> tuple[int, ...]:
    """Four hands holding the ``fixed`` cards, filled up to nine with the rest of the deck."""
    hands = [cards(t) if t else 0 for t in fixed]
    used = sum(hands)
    rest = [c for c in range(36) if not used >> c & 1]
    out = []
    for h in hands:
        while h.bit_count() < 9:
            h |= 1 << rest.pop(0)
        out.append(h)
    return tuple(out)


ALL_EICHELN = "C6 C7 C8 C9 CT CJ CQ CK CA"


def hand_on(fixed: list[str], dealer: int = 3, rules: SidiBarraniRules | None = None,
            totals: tuple[int, int] = (0, 0)) -> SidiBarraniHand:
    return SidiBarraniHand(rules or SidiBarraniRules(), SidiBarraniDeal(fill(fixed), dealer),
                           1, totals)


def play_cards(hand: SidiBarraniHand, rng: random.Random, weis: int | None = None) -> None:
    """Play the hand out at random; a Weis question gets ``weis`` (else at random), Stöck is
    announced."""
    while not hand.is_over:
        legal = hand.legal_actions()
        if hand.phase == "weis" and weis is not None:
            hand.push(weis)
        elif hand.phase == "stoeck":
            hand.push(A_STOECK)
        else:
            hand.push(rng.choice(legal))


def state(hand: SidiBarraniHand) -> tuple[object, ...]:
    return (hand.phase, hand.to_move, hand.calls, hand.bid, hand.bidder, hand.passes,
            hand.doubled, hand.actions, tuple(hand.observation(s) for s in (-1, 0, 1, 2, 3)))


# ---------------------------------------------------------------------------------------------
# The worked examples


def test_example_1_a_bid_made_writes_the_bid_on_top_of_the_points() -> None:
    assert hand_result(120, False, 130, 27) == (250, 27)


def test_example_2_a_doubled_bid_failed_gives_the_opponents_twice_the_bid() -> None:
    assert hand_result(120, True, 110, 47) == (110, 287)


def test_a_played_hand_that_makes_its_bid_writes_the_bid_and_every_point() -> None:
    # Seat 0 holds every Eichel: with Eicheln trumps he takes all nine tricks, D = 157.
    hand = hand_on([ALL_EICHELN, "", "", ""])
    hand.push(bid_action(150))
    for _ in range(3):
        hand.push(A_PASS)
    assert (hand.phase, hand.to_move) == ("contract", 0)
    hand.push(A_CHOOSE + EICHELN)
    assert hand.leader == 0
    play_cards(hand, random.Random(1), weis=A_WEIS)
    assert hand.trick_points == (157, 0) and hand.made
    # No Match bonus: the bid on top of 157, and Stöck's 20 written beside it.
    assert hand.credited == (150 + 157 + 20, 0)
    assert hand.card_result() == hand_result(150, False, 157, 0) == (307, 0)


def test_a_failed_bid_goes_to_the_opponents_and_the_weis_do_not_save_it() -> None:
    # Seat 1 holds every Eichel; seat 0 bids 80, is doubled by seat 1 and names Eicheln.
    hand = hand_on(["D6 D7 D8 D9 DT", ALL_EICHELN, "", ""])
    hand.push(bid_action(80))
    hand.push(A_DOUBLE)
    assert hand.doubled and hand.doubler == 1 and hand.declarer == 0
    hand.push(A_CHOOSE + EICHELN)
    while not hand.is_over:
        if hand.phase == "weis":
            # Seat 0 declares his five Schellen (100); seat 1 keeps his nine Eicheln quiet.
            hand.push(A_WEIS + 1 if hand.to_move == 0 else A_WEIS)
        elif hand.phase == "stoeck":
            hand.push(A_STOECK)
        else:
            hand.push(hand.legal_actions()[0])
    assert hand.trick_points == (0, 157) and hand.made is False
    # 100 of Weis would take the declarers past 80, but Weis do not count for the bid.
    assert hand.credited == (100, 2 * 80 + 157 + 20)
    assert hand.card_result() == hand_result(80, True, 0, 157) == (0, 317)
    assert hand.summary()["weis"] == [100, 0]


@pytest.mark.parametrize("seed", range(12))
def test_every_played_hand_writes_what_the_scoring_function_says(seed: int) -> None:
    game = SidiBarraniGame(seed=seed)
    rng = random.Random(seed)
    while not game.round.is_over:
        game.round.push(rng.choice(game.round.legal_actions()))
    r = game.round
    if r.thrown_in:
        assert r.credited == (0, 0)
        return
    extra = [0, 0]
    for team, pts, kind in r.credits:
        if kind in ("weis", "stoeck"):
            extra[team] += pts
    assert sum(r.trick_points) == 157
    assert r.credited == (r.card_result()[0] + extra[0], r.card_result()[1] + extra[1])


# ---------------------------------------------------------------------------------------------
# The auction


def test_the_vorhand_opens_and_the_first_bid_is_at_least_the_minimum_on_the_grid() -> None:
    hand = hand_on(["", "", "", ""], dealer=1)
    assert (hand.phase, hand.to_move) == ("bid", 2)
    legal = hand.legal_actions()
    assert legal == [A_PASS] + [bid_action(v) for v in (80, 90, 100, 110, 120, 130, 140, 150)]
    assert A_DOUBLE not in legal  # nothing to double yet


def test_a_raise_is_at_least_a_step_and_partners_may_raise_each_other() -> None:
    hand = hand_on(["", "", "", ""])
    hand.push(bid_action(100))  # seat 0
    assert bid_action(100) not in hand.legal_actions()
    assert bid_action(110) in hand.legal_actions()
    hand.push(A_PASS)  # seat 1
    assert A_DOUBLE not in hand.legal_actions()  # seat 2 is the bidder's partner
    hand.push(bid_action(130))  # seat 2 raises his partner
    assert hand.bidder == 2 and hand.bid == 130
    assert hand.legal_actions() == [A_PASS, A_DOUBLE, bid_action(140), bid_action(150)]


def test_a_pass_is_not_final_and_three_passes_after_a_bid_end_the_auction() -> None:
    hand = hand_on(["", "", "", ""])
    hand.push(A_PASS)  # seat 0
    hand.push(bid_action(80))  # seat 1
    hand.push(A_PASS)  # seat 2
    hand.push(A_PASS)  # seat 3
    assert hand.to_move == 0 and hand.phase == "bid"
    hand.push(bid_action(100))  # seat 0 passed once and bids now
    for seat in (1, 2, 3):
        assert hand.to_move == seat
        hand.push(A_PASS)
    assert (hand.phase, hand.to_move, hand.declarer, hand.bid) == ("contract", 0, 0, 100)
    assert not hand.doubled
    assert hand.calls == ((0, 0), (1, 80), (2, 0), (3, 0), (0, 100), (1, 0), (2, 0), (3, 0))


def test_a_double_ends_the_auction_at_once() -> None:
    hand = hand_on(["", "", "", ""])
    hand.push(bid_action(90))  # seat 0
    hand.push(A_DOUBLE)  # seat 1, an opponent
    assert (hand.phase, hand.to_move, hand.declarer, hand.bid, hand.doubled) == (
        "contract", 0, 0, 90, True)
    hand.push(A_CHOOSE + 4)  # Obenabe
    assert hand.phase in ("play", "weis") and hand.to_move == 0 and hand.trump == -1


def test_the_opponent_before_the_bidder_may_double_too() -> None:
    hand = hand_on(["", "", "", ""])
    hand.push(A_PASS)  # seat 0
    hand.push(bid_action(80))  # seat 1
    hand.push(A_PASS)  # seat 2 may double, passes instead
    hand.push(A_PASS)  # seat 3 is the partner: no double offered
    assert A_DOUBLE in hand.legal_actions() and hand.to_move == 0
    hand.push(A_DOUBLE)
    assert hand.declarer == 1 and hand.doubler == 0


def test_the_top_bid_leaves_nothing_but_pass_and_double() -> None:
    hand = hand_on(["", "", "", ""])
    hand.push(bid_action(150))
    assert hand.legal_actions() == [A_PASS, A_DOUBLE]


def test_four_passes_throw_the_deal_in_and_the_next_seat_deals() -> None:
    game = SidiBarraniGame(seed=3)
    dealer = game.round.dealer
    for _ in range(4):
        game.push(A_PASS)
    first = game.rounds[0]
    assert first.thrown_in and first.is_over and first.credited == (0, 0)
    assert len(game.rounds) == 2 and game.round.dealer == (dealer + 1) % 4
    assert game.round.to_move == (dealer + 2) % 4 and game.scores == (0, 0)
    assert not game.is_over


def test_with_same_dealer_the_dealer_deals_again() -> None:
    game = SidiBarraniGame(SidiBarraniRules(redeal="same_dealer"), seed=3)
    dealer = game.round.dealer
    for _ in range(4):
        game.push(A_PASS)
    assert game.round.dealer == dealer
    assert game.round.initial_hands != game.rounds[0].initial_hands


def test_a_played_hand_passes_the_deal_to_the_next_seat() -> None:
    game = SidiBarraniGame(seed=5)
    dealer = game.round.dealer
    rng = random.Random(5)
    game.push(bid_action(80))
    while len(game.rounds) == 1:
        game.push(rng.choice(game.legal_actions()))
    assert game.round.dealer == (dealer + 1) % 4
    assert game.round.totals == game.scores == tuple(game.rounds[0].credited)


# ---------------------------------------------------------------------------------------------
# The late double (seed 003's rule)


def late(fixed: list[str] | None = None) -> SidiBarraniHand:
    return hand_on(fixed or ["", "", "", ""], rules=PRESETS["late_double"])


def test_with_a_late_double_both_opponents_are_asked_after_the_contract() -> None:
    hand = late()
    hand.push(bid_action(100))
    for _ in range(3):
        hand.push(A_PASS)
    hand.push(A_CHOOSE + 0)
    assert (hand.phase, hand.to_move, hand.legal_actions()) == ("double", 1, [A_PASS, A_DOUBLE])
    hand.push(A_PASS)
    assert (hand.phase, hand.to_move) == ("double", 3)
    hand.push(A_DOUBLE)
    assert hand.doubled and hand.doubler == 3
    assert hand.phase in ("play", "weis") and hand.to_move == 0


def test_with_a_late_double_two_passes_start_the_play_undoubled() -> None:
    hand = late()
    hand.push(bid_action(100))
    for _ in range(3):
        hand.push(A_PASS)
    hand.push(A_CHOOSE + 0)
    hand.push(A_PASS)
    hand.push(A_PASS)
    assert not hand.doubled and hand.phase in ("play", "weis") and hand.to_move == 0


def test_a_double_in_the_auction_is_not_asked_again() -> None:
    hand = late()
    hand.push(bid_action(100))
    hand.push(A_DOUBLE)
    hand.push(A_CHOOSE + 0)
    assert hand.phase in ("play", "weis")


# ---------------------------------------------------------------------------------------------
# The target


def test_the_hand_stops_when_a_team_reaches_the_target_in_the_count_order() -> None:
    # Team 1 stands at 1480: seat 1's Stöck (20), announced with the Weis before his first
    # card, takes it to 1500 before the first trick is counted.
    rules = SidiBarraniRules(stoeck_announce="with-weis")
    hand = hand_on(["", "CK CQ", "", ""], rules=rules, totals=(0, 1480))
    hand.push(bid_action(80))
    for _ in range(3):
        hand.push(A_PASS)
    hand.push(A_CHOOSE + EICHELN)
    rng = random.Random(2)
    while not hand.is_over:
        if hand.phase == "weis":
            hand.push(A_WEIS)
        elif hand.phase == "stoeck":
            hand.push(A_STOECK)
        else:
            hand.push(rng.choice(hand.legal_actions()))
    assert hand.winner == 1
    assert hand.credits == ((1, 20, "stoeck"),)
    assert hand.trick_winners == () and hand.made is None  # it ended before any trick


def test_a_game_ends_at_the_target_with_the_winner_first() -> None:
    game = SidiBarraniGame(PRESETS["standard"].replace(target=300), seed=8)
    rng = random.Random(8)
    while not game.is_over:
        game.push(rng.choice(game.legal_actions()))
    w = game.winner
    assert game.scores[w] >= 300 and game.standings()[w] == 1
    assert V.result_data(game)["winner"] == w and V.result_data(game)["reason"] == "target"
    assert game.legal_actions() == []
    with pytest.raises(IllegalActionError):
        game.push(A_PASS)


# ---------------------------------------------------------------------------------------------
# Bad input


@pytest.mark.parametrize("action", [
    bid_action(70),  # under the minimum
    bid_action(85),  # off the grid
    bid_action(157),  # off the grid, and the most there is
    A_DOUBLE,  # nothing to double
    A_CHOOSE,  # no contract before the auction is over
    5,  # a card
    224,  # outside the action space
])
def test_an_illegal_call_is_refused_and_changes_nothing(action: int) -> None:
    hand = hand_on(["", "", "", ""])
    before = state(hand)
    with pytest.raises(IllegalActionError):
        hand.push(action)
    assert state(hand) == before


def test_a_partner_s_double_and_a_too_small_raise_are_refused() -> None:
    hand = hand_on(["", "", "", ""])
    hand.push(bid_action(100))
    hand.push(A_PASS)
    before = state(hand)
    for bad in (A_DOUBLE, bid_action(100), bid_action(105)):
        with pytest.raises(IllegalActionError) as e:
            hand.push(bad)
        assert e.value.reason == "not_legal"
        assert state(hand) == before


def test_a_refusal_names_the_legal_calls() -> None:
    hand = hand_on(["", "", "", ""])
    with pytest.raises(IllegalActionError, match="may not 'double' now; legal: pass, bid 80"):
        hand.push(A_DOUBLE)


@pytest.mark.parametrize(("data", "reason"), [
    ({"min_bid": 0}, "min_bid"),
    ({"min_bid": 158}, "min_bid"),
    ({"step": 0}, "step"),
    ({"double": "never"}, "double"),
    ({"target": 50}, "target"),
    ({"redeal": "nobody"}, "redeal"),
])
def test_bad_options_are_refused(data: dict[str, object], reason: str) -> None:
    with pytest.raises(OptionError, match=reason):
        V.rules_from_dict(data)


def test_bad_deals_are_refused() -> None:
    good = fill(["", "", "", ""])
    with pytest.raises(ValueError, match="dealer"):
        SidiBarraniHand(SidiBarraniRules(), SidiBarraniDeal(good, 4))
    with pytest.raises(ValueError, match="twice"):
        SidiBarraniHand(SidiBarraniRules(), SidiBarraniDeal((good[0], good[0], *good[2:]), 0))
    with pytest.raises(ValueError, match="4 hands"):
        SidiBarraniHand(SidiBarraniRules(), SidiBarraniDeal(good[:3], 0))
    with pytest.raises(ValueError, match="not a Sidi Barrani deal"):
        SidiBarraniHand(SidiBarraniRules(), good)  # type: ignore[arg-type]
    game = SidiBarraniGame(seed=1)
    game.push(A_PASS)
    with pytest.raises(IllegalActionError):
        game.set_deal(SidiBarraniDeal(good, game.round.dealer))


# ---------------------------------------------------------------------------------------------
# Records and tokens


@pytest.mark.parametrize("preset", list(PRESETS))
def test_every_deal_line_and_token_reads_back(preset: str) -> None:
    game = SidiBarraniGame(PRESETS[preset], seed=f"tokens-{preset}")
    rng = random.Random(preset)
    for _ in range(60):
        r = game.round
        line = format_deal_line(r.dealt)
        assert parse_deal_line(line) == r.dealt
        for a in r.legal_actions():
            assert V.parse_action(r, V.format_action(r, a)) == a
        game.push(rng.choice(game.legal_actions()))


def test_a_record_keeps_the_calls_doubles_and_a_thrown_in_deal() -> None:
    game = SidiBarraniGame(PRESETS["late_double"], seed=11)
    for _ in range(4):
        game.push(A_PASS)
    game.push(bid_action(80))
    game.push(A_PASS)
    game.push(bid_action(100))
    for _ in range(3):
        game.push(A_PASS)
    game.push(A_CHOOSE + 1)
    game.push(A_DOUBLE)
    text = format_record(game)
    assert "act pass pass pass pass\n" in text
    assert "act bid:80 pass bid:100 pass pass pass choose:H double" in text
    back = read_record(io.StringIO(text)).to_game()
    assert back.actions == game.actions and back.round.doubled


@pytest.mark.parametrize("token", ["bid:x", "bid:158", "choose:misere", "redouble", "bid:-5"])
def test_bad_tokens_are_refused(token: str) -> None:
    hand = hand_on(["", "", "", ""])
    with pytest.raises(ValueError, match="bad action"):
        V.parse_action(hand, token)


def test_bad_deal_lines_are_refused() -> None:
    with pytest.raises(ValueError, match="DEALER"):
        parse_deal_line("x D6")
    line = format_deal_line(SidiBarraniDeal(fill(["", "", "", ""]), 2))
    with pytest.raises(ValueError, match="dealer"):
        parse_deal_line("7" + line[1:])
