"""Offener Jass: the worked examples, the deal on the table, the auction, playing from the hand
and the face-up cards, turning up the face-down cards, the scoring against the bid, the end,
the secrecy of the face-down cards, bad input, records."""

from __future__ import annotations

import dataclasses
import io
import random

import pytest

from puur.cards import CardSet, parse_card
from puur.hand import HandError, IllegalActionError
from puur.options import OptionError
from puur.record import RecordError, format_record, iter_records, read_record
from puur.variants import get
from puur.variants.offener_jass import format_deal_line, parse_deal_line
from puur.variants.offener_jass_hand import OffenerJassDeal, OffenerJassHand, deal_offener_jass
from puur.variants.offener_jass_rules import (
    A_CHOOSE,
    A_PASS,
    MAX_BID,
    OffenerJassRules,
    bid_action,
    hand_result,
)

V = get("offener_jass")
EICHELN = 3

# Dealer 0, so seat 1 opens. Seat 0 holds Schellen 6 to Under; seat 1 three Rosen and three
# Eicheln; each row of the table lies in position order, the face-down card under the
# face-up card in the same place.
DEAL = ("0 D6 D7 D8 D9 DT DJ / HQ HK HA CQ CK CA ; up H6 S6 S7 S8 S9 ST / H7 H8 H9 HT HJ DQ ; "
        "down SJ SQ SK SA C6 C7 / DK DA C8 C9 CT CJ")


def card(token: str) -> int:
    return parse_card(token)


def mask(text: str) -> int:
    return CardSet.from_text(text).bits


def hand_on(rules: OffenerJassRules | None = None, text: str = DEAL) -> OffenerJassHand:
    return OffenerJassHand(rules or OffenerJassRules(), parse_deal_line(text))


def bid_and_name(hand: OffenerJassHand, contract: int = EICHELN) -> None:
    """Seat 1 opens at 60, seat 0 passes, seat 1 names ``contract``."""
    hand.push(bid_action(60))
    hand.push(A_PASS)
    hand.push(A_CHOOSE + contract)


# ---------------------------------------------------------------------------------------------
# Worked examples (rule book §2.19)


def test_a_bid_of_100_made_with_105_writes_5_and_failed_with_90_writes_10_to_the_other() -> None:
    assert hand_result(100, 105) == (5, 0)
    assert hand_result(100, 90) == (0, 10)
    assert hand_result(100, 100) == (0, 0)  # made exactly: nothing to write


def test_a_played_hand_writes_what_the_bid_leaves() -> None:
    game = V.new_game(seed=3)
    rng = random.Random(3)
    game.push(bid_action(100))
    game.push(A_PASS)
    while not game.round.is_over:
        game.push(rng.choice(game.legal_actions()))
    hand = game.rounds[0]
    made = hand.trick_points[hand.bidder]
    assert sum(hand.trick_points) == 157  # no Weis, no Stöck, no Match bonus
    mine, other = hand_result(100, made)
    expected = [0, 0]
    expected[hand.bidder] = mine
    expected[1 - hand.bidder] = other
    assert list(hand.result()) == expected == list(V.hand_scores(game, 0))


# ---------------------------------------------------------------------------------------------
# The deal


def test_the_deal_gives_six_in_hand_six_up_and_six_down_and_the_deal_alternates() -> None:
    d = deal_offener_jass("x", 1)
    seen = 0
    for s in range(2):
        assert d.hands[s].bit_count() == 6 and len(d.up[s]) == len(d.down[s]) == 6
        assert d.cards_of(s).bit_count() == 18
        assert not seen & d.cards_of(s)
        seen |= d.cards_of(s)
    assert seen == (1 << 36) - 1
    game = V.new_game(rules=OffenerJassRules(target=1000), seed=4)
    dealers = []
    rng = random.Random(4)
    while len(game.rounds) < 4:
        dealers.append(game.round.dealer) if not game.round.actions else None
        game.push(rng.choice(game.legal_actions()))
    first = dealers[0]
    assert dealers == [first, 1 - first, first]


def test_deals_in_threes_from_the_non_dealer() -> None:
    from puur.deal import shuffled

    order = shuffled("y")
    d = deal_offener_jass("y", 0)
    assert d.down[1][:3] == tuple(order[0:3]) and d.down[0][:3] == tuple(order[3:6])
    assert d.up[1][:3] == tuple(order[12:15])
    assert d.hands[1] == sum(1 << c for c in order[24:27] + order[30:33])


def test_a_deal_line_reads_back() -> None:
    d = parse_deal_line(DEAL)
    assert format_deal_line(d) == DEAL
    assert d.up[0][0] == card("H6") and d.down[0][0] == card("SJ")


@pytest.mark.parametrize(("text", "reason"), [
    (DEAL.replace("down SJ", "down D6"), "dealt twice"),
    (DEAL.replace("up H6 S6", "up S6"), "6 face-up"),
    (DEAL.replace("0 D6", "2 D6"), "dealer"),
    (DEAL.replace(" ; down", " ; up"), "reads 'DEALER"),
    (DEAL.replace("D6 D7", "D6 D7 XX"), "bad card token"),
])
def test_bad_deals_are_refused(text: str, reason: str) -> None:
    with pytest.raises(ValueError, match=reason):
        parse_deal_line(text)


def test_a_bad_deal_given_to_a_hand_is_a_hand_error() -> None:
    d = parse_deal_line(DEAL)
    with pytest.raises(HandError, match="dealt twice"):
        OffenerJassHand(OffenerJassRules(), dataclasses.replace(d, hands=(d.hands[0], d.hands[0])))


@pytest.mark.parametrize("data", [{"min_bid": 0}, {"min_bid": 158}, {"step": 0},
                                  {"follow": "none"}, {"turn_up": "never"}, {"target": 0}])
def test_bad_options_are_refused(data: dict[str, object]) -> None:
    with pytest.raises(OptionError):
        V.rules_from_dict(data)


# ---------------------------------------------------------------------------------------------
# The auction


def test_the_non_dealer_must_open_at_60_then_raises_by_5_and_a_pass_ends_it() -> None:
    hand = hand_on()
    assert hand.phase == "bid" and hand.to_move == 1
    legal = hand.legal_actions()
    assert A_PASS not in legal and min(legal) == bid_action(60) and max(legal) == bid_action(157)
    for bad in (A_PASS, bid_action(59)):
        with pytest.raises(IllegalActionError):
            hand.push(bad)
    hand.push(bid_action(72))
    assert hand.to_move == 0
    legal = hand.legal_actions()
    assert A_PASS in legal and bid_action(76) not in legal and bid_action(77) in legal
    hand.push(bid_action(80))
    hand.push(A_PASS)
    assert (hand.phase, hand.to_move, hand.bidder, hand.bid) == ("contract", 0, 0, 80)
    assert hand.calls == ((1, 72), (0, 80), (1, 0))
    hand.push(A_CHOOSE + 4)  # Obenabe
    assert hand.phase == "play" and hand.to_move == 0 and hand.trump == -1


def test_at_157_only_a_pass_is_left() -> None:
    hand = hand_on()
    hand.push(bid_action(155))
    assert hand.legal_actions() == [A_PASS]
    hand = hand_on()
    hand.push(bid_action(MAX_BID))
    assert hand.legal_actions() == [A_PASS]


def test_bids_on_the_grid_of_the_step() -> None:
    hand = hand_on(OffenerJassRules(bid_grid=True))
    assert hand.legal_actions()[:3] == [bid_action(60), bid_action(65), bid_action(70)]
    hand.push(bid_action(65))
    assert hand.legal_actions()[:3] == [A_PASS, bid_action(70), bid_action(75)]


# ---------------------------------------------------------------------------------------------
# The card play


def test_the_follow_rule_looks_at_the_hand_and_the_face_up_cards_together() -> None:
    hand = hand_on()
    bid_and_name(hand)  # Eicheln trumps: seat 0 holds none
    hand.push(card("HA"))
    # Seat 0 holds no Rosen in his hand, but the Rosen 6 lies face up before him.
    assert hand.legal_actions() == [card("H6")]


def test_with_separate_scope_each_part_follows_by_itself() -> None:
    hand = hand_on(OffenerJassRules(follow_scope="separate"))
    bid_and_name(hand)
    hand.push(card("HA"))
    assert hand.legal_actions() == sorted([*CardSet(mask("D6 D7 D8 D9 DT DJ")), card("H6")])


def test_a_face_up_card_played_turns_up_the_card_under_it_at_once() -> None:
    hand = hand_on()
    bid_and_name(hand)
    assert hand.observation(0).covered[1][0] and hand.observation(0).table[1][0] == card("H7")
    hand.push(card("H7"))  # position 1 of seat 1: the Schellen King lies under it
    for seat in (-1, 0, 1):
        obs = hand.observation(seat)
        assert obs.table[1][0] == card("DK") and not obs.covered[1][0]
    assert hand.legal_actions() == [card("H6")]
    hand.push(card("H6"))  # seat 0's position 1: the Schilten Under comes up
    assert hand.observation(1).table[0][0] == card("SJ")
    assert hand.trick_winners == (1,)
    assert card("DK") in hand.legal_actions()  # seat 1 may play the card turned up
    obs = hand.observation(1)
    assert obs.hand == mask("HQ HK HA CQ CK CA") and obs.playable >> card("DK") & 1


def test_after_trick_the_card_under_comes_up_once_the_trick_is_over() -> None:
    hand = hand_on(OffenerJassRules(turn_up="after_trick"))
    bid_and_name(hand)
    hand.push(card("H7"))
    obs = hand.observation(0)
    assert obs.table[1][0] == -1 and obs.covered[1][0]
    assert not hand.hands[1] >> card("DK") & 1
    hand.push(card("H6"))
    obs = hand.observation(0)
    assert obs.table[1][0] == card("DK") and obs.table[0][0] == card("SJ")
    assert card("DK") in hand.legal_actions()


def test_pop_takes_back_a_card_and_the_card_it_turned_up() -> None:
    hand = hand_on()
    bid_and_name(hand)
    before = (hand.up, hand.down, hand.hands, hand.turned, hand.observation(0))
    hand.push(card("H7"))
    hand.pop()
    assert (hand.up, hand.down, hand.hands, hand.turned, hand.observation(0)) == before


def test_eighteen_tricks_play_every_card() -> None:
    hand = hand_on()
    bid_and_name(hand)
    rng = random.Random(1)
    while not hand.is_over:
        hand.push(rng.choice(hand.legal_actions()))
    assert len(hand.trick_winners) == 18 and len(set(hand.played)) == 36
    assert sum(hand.trick_points) == 157
    assert not any(hand.covered(0)) and not any(hand.covered(1))


# ---------------------------------------------------------------------------------------------
# The end


def test_the_first_to_the_target_wins() -> None:
    game = V.new_game(OffenerJassRules(target=20), seed=8)
    rng = random.Random(8)
    while not game.is_over:
        before = game.scores
        assert max(before) < 20
        game.push(rng.choice(game.legal_actions()))
    w = game.winner
    assert game.scores[w] >= 20 > game.scores[1 - w]
    assert game.standings()[w] == 1 and game.legal_actions() == []
    assert V.result_data(game)["winner"] == w and V.result_data(game)["reason"] == "target"
    with pytest.raises(IllegalActionError):
        game.push(A_PASS)


# ---------------------------------------------------------------------------------------------
# Secrecy: the face-down cards are nobody's, their owner's neither, until turned up


def _shuffle_down(game: object, rng: random.Random) -> OffenerJassDeal:
    """The first deal with every face-down card still lying face down (in the game as it is
    now) dealt anew among those positions, both seats' together."""
    hand = game.round  # type: ignore[attr-defined]
    d: OffenerJassDeal = hand.deal
    places = [(s, p) for s in range(2) for p in range(6) if hand.down[s][p] >= 0]
    cards = [hand.down[s][p] for s, p in places]
    rng.shuffle(cards)
    down = [list(r) for r in d.down]
    for (s, p), c in zip(places, cards, strict=True):
        down[s][p] = c
    return dataclasses.replace(d, down=tuple(tuple(r) for r in down))


@pytest.mark.parametrize("preset", list(V.presets))
def test_the_face_down_cards_change_no_observation_until_turned_up(preset: str) -> None:
    rules = V.preset(preset)
    checked = 0
    for seed in range(6):
        rng = random.Random(seed)
        game = V.new_game(rules, seed=seed)
        for _ in range(rng.randrange(2, 30)):
            game.push(rng.choice(game.legal_actions()))
        if len(game.rounds) > 1:
            continue
        alt = _shuffle_down(game, rng)
        if alt == game.round.deal:
            continue
        other = V.new_game(rules, seed=seed, deals=[alt])
        replay = V.new_game(rules, seed=seed, deals=[game.round.deal])
        for a in game.round.actions:
            for seat in (-1, 0, 1):
                mine, theirs = replay.observation(seat), other.observation(seat)
                assert mine == theirs and mine.to_tensor() == theirs.to_tensor()
            other.push(a)
            replay.push(a)
        for seat in (-1, 0, 1):
            assert other.observation(seat) == game.observation(seat)
        checked += 1
    assert checked >= 3


# ---------------------------------------------------------------------------------------------
# Records


def test_a_record_round_trips_and_names_the_table() -> None:
    game = V.new_game(seed="r")
    rng = random.Random(2)
    while not game.is_over:
        game.push(rng.choice(game.legal_actions()))
    text = format_record(game)
    assert " ; up " in text and " ; down " in text
    rec = read_record(io.StringIO(text))
    assert rec.actions == game.actions


def test_a_record_naming_the_wrong_dealer_of_a_later_hand_is_refused() -> None:
    game = V.new_game(OffenerJassRules(target=500), seed="d")
    while len(game.rounds) < 2:
        legal = game.legal_actions()
        game.push(A_PASS if A_PASS in legal else min(legal))
    lines = format_record(game).splitlines()
    i = next(k for k, line in enumerate(lines) if line.startswith("hand 2 "))
    _h, n, dealer, rest = lines[i].split(" ", 3)
    lines[i] = f"hand {n} {1 - int(dealer)} {rest}"
    with pytest.raises(RecordError, match="is dealt by seat"):
        next(iter(iter_records(lines)))
