"""Sechser (six-card hands): the variant's own rules, with constructed positions."""

from __future__ import annotations

import io
import random

import pytest
from tests.variants.test_conformance import check_finished_hand

from puur.actions import A_CHOOSE, A_PUSH, A_WEIS
from puur.cards import ALL_CARDS, CardSet, parse_card
from puur.contracts import MODE_OBENABE, POINTS, Contract
from puur.hand import IllegalActionError
from puur.options import OptionError
from puur.record import format_record, read_record, replay
from puur.variants import get
from puur.variants.sechser import (
    PRESETS,
    SechserDeal,
    SechserGame,
    SechserHand,
    SechserRules,
    format_deal_line,
    parse_deal_line,
)
from puur.variants.sechser_rules import deal_sechser
from puur.variants.sechser_view import OBS_SIZE
from puur.variants.view import SPECTATOR

PLAIN = SechserRules(weis=False, stoeck=False)


def mask(text: str) -> int:
    return CardSet.from_text(text).bits


# Seat 1 (the Vorhand of dealer 0) holds every Ace and two Kings: in Obenabe he takes all six.
MATCH_DEAL = SechserDeal((
    mask("D6 D7 D8 H6 H7 H8"),
    mask("DA HA SA CA DK HK"),
    mask("S6 S7 S8 C6 C7 C8"),
    mask("SK CK DQ HQ SQ CQ"),
), 0)


def play_hand(game: SechserGame, rng: random.Random) -> None:
    n = len(game.rounds)
    while not game.is_over and len(game.rounds) == n:
        game.push(rng.choice(game.legal_actions()))


def test_six_cards_each_in_packets_of_three_from_the_seat_after_the_dealer() -> None:
    from puur.deal import shuffled

    d = deal_sechser("s", 2)
    order = shuffled("s")
    assert [h.bit_count() for h in d.hands] == [6, 6, 6, 6]
    assert d.hands[3] == sum(1 << c for c in order[0:3] + order[12:15])  # seat after the dealer
    assert d.hands[2] == sum(1 << c for c in order[9:12] + order[21:24])  # the dealer last
    assert d.dead == sum(1 << c for c in order[24:]) and d.dead.bit_count() == 12
    assert d.dead | d.hands[0] | d.hands[1] | d.hands[2] | d.hands[3] == ALL_CARDS


def test_the_vorhand_names_and_the_deal_passes_one_seat_a_hand() -> None:
    game = SechserGame(PLAIN, seed=4)
    dealers = []
    rng = random.Random(4)
    for _ in range(3):
        hand = game.round
        dealers.append(hand.dealer)
        assert hand.phase == "choose" and hand.to_move == hand.forehand == (hand.dealer + 1) % 4
        assert game.legal_actions() == [A_CHOOSE + c for c in range(6)] + [A_PUSH]
        play_hand(game, rng)
    assert dealers == [(dealers[0] + k) % 4 for k in range(3)]


def test_a_push_goes_to_the_partner_once_who_must_name() -> None:
    game = SechserGame(PLAIN, seed=5)
    hand = game.round
    fh = hand.forehand
    game.push(A_PUSH)
    assert hand.to_move == (fh + 2) % 4 and hand.pushed
    assert A_PUSH not in game.legal_actions()
    game.push(A_CHOOSE + Contract.UNDENUFE)
    assert hand.chooser == (fh + 2) % 4 and hand.leader == fh and hand.phase in ("play", "weis")
    back = SechserGame(SechserRules(push_back=True, weis=False), seed=5)
    back.push(A_PUSH)
    back.push(A_PUSH)
    assert back.round.to_move == back.round.forehand and A_PUSH not in back.legal_actions()


def test_misere_and_slalom_are_not_contracts_of_sechser() -> None:
    game = SechserGame(PLAIN, seed=1)
    for c in (Contract.MISERE, Contract.SLALOM, Contract.SLALOM_UNDE):
        with pytest.raises(IllegalActionError):
            game.push(A_CHOOSE + c)
        with pytest.raises(ValueError):
            game.round.action_text(A_CHOOSE + c)
    assert game.round.actions == () and game.round.phase == "choose"


def test_six_tricks_by_one_team_are_a_match_worth_100_more() -> None:
    game = SechserGame(PLAIN, deals=[MATCH_DEAL])
    hand = game.round
    assert hand.forehand == 1
    game.push(A_CHOOSE + Contract.OBENABE)
    for card in ("DA", "HA", "SA", "CA", "DK", "HK"):
        while game.round is hand and hand.to_move != 1:
            game.push(game.legal_actions()[0])
        game.push(parse_card(card))
    while not hand.is_over:
        game.push(game.legal_actions()[0])
    assert hand.trick_winners == (1,) * 6 and hand.num_tricks == 6
    in_play = sum(POINTS[MODE_OBENABE][c] for c in range(36) if not MATCH_DEAL.dead >> c & 1)
    assert hand.trick_points == (0, in_play + 5)
    score = hand.hand_score()
    assert score["match"] == 1 and not score["kontermatch"]
    assert score["match_bonus"] == [0, 100]
    assert hand.credited == (0, in_play + 5 + 100)
    assert "trick=6" in hand.describe()


def test_all_six_by_the_other_team_are_a_kontermatch_worth_the_same() -> None:
    game = SechserGame(PLAIN, deals=[MATCH_DEAL])
    hand = game.round
    game.push(A_CHOOSE + Contract.UNDENUFE)  # the low cards of seats 0 and 2 now win
    while not hand.is_over:
        game.push(game.legal_actions()[0])
    score = hand.hand_score()
    assert hand.trick_winners.count(0) + hand.trick_winners.count(2) == 6
    assert score["match"] == 0 and score["kontermatch"] and score["match_bonus"] == [100, 0]


def test_fewer_than_six_tricks_are_no_match() -> None:
    rng = random.Random(12)
    for seed in range(6):
        game = SechserGame(PLAIN, seed=seed)
        play_hand(game, rng)
        hand = game.rounds[0]
        teams = {w & 1 for w in hand.trick_winners}
        assert (hand.hand_score()["match"] >= 0) == (len(teams) == 1)
        assert sum(hand.hand_score()["match_bonus"]) == (100 if len(teams) == 1 else 0)


def test_a_weis_of_six_cards_counts_as_in_schieber() -> None:
    deal = SechserDeal((
        mask("D6 D7 D8 D9 DT DJ"), mask("H6 H7 H8 S6 S7 S8"),
        mask("C6 C7 C8 H9 HT HJ"), mask("S9 ST SJ C9 CT CJ"),
    ), 3)
    small = SechserHand(SechserRules(stoeck=False), deal)
    assert small.forehand == 0 and max(m.points for m in small.weis_options(0)[0]) == 100
    large = SechserHand(SechserRules(stoeck=False, large_weis=True), deal)
    assert large.weis_options(0)[0][0].points == 150


def test_the_hand_stops_the_moment_a_team_reaches_the_target() -> None:
    game = SechserGame(SechserRules(target=200), seed=9)
    rng = random.Random(9)
    while not game.is_over:
        game.push(rng.choice(game.legal_actions()))
    w = game.winner
    assert game.scores[w] >= 200 and game.standings()[w] == 1
    last = game.round
    assert game.start_scores[-1][w] + last.credited[w] - last.credits[-1][1] < 200
    with pytest.raises(IllegalActionError):
        game.push(0)


def test_bad_options_are_refused() -> None:
    with pytest.raises(OptionError, match="target"):
        SechserRules(target=50)
    with pytest.raises(OptionError, match="stoeck_announce"):
        get("sechser").rules_from_dict({"stoeck_announce": "never"})
    with pytest.raises(OptionError):
        get("sechser").rules_from_dict({"players": 6})
    assert PRESETS["short"].target == 500 and not PRESETS["no_weis"].weis


def test_a_bad_deal_is_refused_and_changes_nothing() -> None:
    game = SechserGame(seed=3)
    before = game.round
    h = before.initial_hands
    nine = (h[0] | (before.dead & -before.dead), *h[1:])
    with pytest.raises(IllegalActionError, match="exactly 6"):
        game.set_deal(SechserDeal(nine, before.dealer))
    with pytest.raises(IllegalActionError, match="twice"):
        game.set_deal(SechserDeal((h[0], h[0], h[2], h[3]), before.dealer))
    with pytest.raises(IllegalActionError):
        game.set_deal((h, before.dealer))
    assert game.round is before
    game.push(game.legal_actions()[0])
    with pytest.raises(IllegalActionError, match="first action"):
        game.set_deal(before.dealt)


def test_an_illegal_card_changes_nothing() -> None:
    game = SechserGame(PLAIN, seed=2)
    game.push(A_CHOOSE + Contract.OBENABE)
    hand = game.round
    seat = hand.to_move
    stranger = next(c for c in range(36) if not hand.hands[seat] >> c & 1)
    before = (hand.hands, hand.actions, hand.phase)
    with pytest.raises(IllegalActionError):
        game.push(stranger)
    with pytest.raises(IllegalActionError):
        game.push(A_WEIS + 3)
    assert (hand.hands, hand.actions, hand.phase) == before


def test_no_seat_sees_a_dead_card_and_a_replay_opens_them() -> None:
    v = get("sechser")
    game = SechserGame(PLAIN, seed=8)
    hand = game.round
    # Another dead pile (a dead card traded for a card of seat 3) changes no other seat's view.
    dead_card = hand.dead & -hand.dead
    theirs = hand.initial_hands[3] & -hand.initial_hands[3]
    swapped = SechserDeal((*hand.initial_hands[:3], hand.initial_hands[3] ^ theirs ^ dead_card),
                          hand.dealer)
    other = SechserGame(PLAIN, deals=[swapped])
    for seat in (0, 1, 2, SPECTATOR):
        a, b = hand.observation(seat), other.round.observation(seat)
        assert a.to_tensor() == b.to_tensor() and len(a.to_tensor()) == OBS_SIZE
        assert a.piles == (12,)
    assert v.open_piles(hand) == {"dead_cards": hand.dead}
    assert hand.dead.bit_count() == 12


def test_records_round_trip_and_name_the_deal() -> None:
    v = get("sechser")
    game = SechserGame(SechserRules(target=300, stoeck_announce="with-weis"), seed="rec")
    rng = random.Random(3)
    while not game.is_over:
        hand = game.round
        game.push(rng.choice(game.legal_actions()))
        if hand.is_over:
            check_finished_hand(hand)
    again = replay(read_record(io.StringIO(format_record(game))))
    assert again.summary() == game.summary()
    line = format_deal_line(game.rounds[0].dealt)
    assert parse_deal_line(line) == game.rounds[0].dealt
    with pytest.raises(ValueError, match="reads"):
        parse_deal_line("x " + line.split(None, 1)[1])
    hand = SechserGame(PLAIN, seed=1).round
    assert v.parse_action(hand, "choose:obe") == A_CHOOSE + Contract.OBENABE
    assert v.format_action(hand, A_CHOOSE + Contract.UNDENUFE) == "choose:unde"
    with pytest.raises(ValueError, match="no such contract"):
        v.parse_action(hand, "choose:misere")
    with pytest.raises(ValueError, match="bad action"):
        v.parse_action(hand, "schiebe")


def test_a_finished_hand_tells_its_breakdown_and_total() -> None:
    game = SechserGame(seed=6)
    play_hand(game, random.Random(6))
    data = get("sechser").hand_data(game, 0)
    hand = game.rounds[0]
    assert data["total"] == list(hand.credited) and data["multiplier"] == 1
    assert [a + b + c + d for a, b, c, d in zip(data["trick_points"], data["match_bonus"],
                                                 data["weis"], data["stoeck"], strict=True)
            ] == data["total"]
    assert data["chooser"] == hand.chooser and data["contract"] == hand.summary()["contract"]
