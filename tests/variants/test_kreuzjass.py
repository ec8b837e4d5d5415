"""Kreuzjass: the rule book's worked examples and the variant's own rules."""

from __future__ import annotations

import random

import pytest

from puur.actions import A_CHOOSE, A_PUSH
from puur.cards import parse_card, suit_of
from puur.contracts import MODE_OBENABE, MODE_UNDENUFE, Contract
from puur.deal import shuffled
from puur.hand import IllegalActionError
from puur.options import OptionError
from puur.variants import get
from puur.variants.kreuzjass import (
    PRESETS,
    WELI,
    KreuzjassDeal,
    KreuzjassGame,
    KreuzjassHand,
    KreuzjassRules,
    parse_deal_line,
    seating_draw,
)
from puur.variants.kreuzjass_rules import deal_kreuzjass
from puur.variants.view import SPECTATOR

HERZ = Contract.ROSEN  # the Salzburg Herz is suit index 1
PLAIN = KreuzjassRules(weis=False, stoeck=False)


def play_hand(game: KreuzjassGame, rng: random.Random) -> None:
    n = len(game.rounds)
    while not game.is_over and len(game.rounds) == n:
        game.push(rng.choice(game.legal_actions()))


def weli_holder(hands: tuple[int, ...]) -> int:
    return next(s for s in range(4) if hands[s] >> WELI & 1)


# Example 1: hand 1, the Weli holder names Herz: Herz trumps, no push possible.
def test_example_1_the_weli_holder_names_herz_and_cannot_push() -> None:
    game = KreuzjassGame(seed=11)
    hand = game.round
    w = weli_holder(hand.initial_hands)
    assert parse_card("D6") == WELI  # the Schelle 6
    assert hand.phase == "choose" and hand.to_move == w == hand.forehand
    assert game.legal_actions() == [A_CHOOSE + s for s in range(4)]
    with pytest.raises(IllegalActionError):
        game.push(A_PUSH)
    with pytest.raises(IllegalActionError):
        game.push(A_CHOOSE + Contract.OBENABE)  # Bock only from hand 2
    assert hand.actions == () and hand.phase == "choose"
    game.push(A_CHOOSE + HERZ)
    assert hand.trump == HERZ and hand.contract == HERZ and hand.chooser == w
    assert hand.leader == w and not hand.pushed


def test_the_weli_holder_deals_the_next_hand_and_the_chooser_rotates() -> None:
    game = KreuzjassGame(PLAIN, seed=5)
    rng = random.Random(5)
    w = weli_holder(game.round.initial_hands)
    play_hand(game, rng)
    second = game.round
    assert second.dealer == w and second.forehand == (w + 1) % 4 == second.to_move
    play_hand(game, rng)
    assert game.round.dealer == second.forehand
    assert game.round.forehand == (w + 2) % 4


# Example 2: hand 3, the chooser says Bock, his team takes 98 -> 98 (no multiplier).
def test_example_2_bock_in_hand_three_writes_the_points_taken() -> None:
    for seed in range(400):
        game = KreuzjassGame(PLAIN, seed=seed)
        rng = random.Random(seed)
        play_hand(game, rng)
        play_hand(game, rng)
        hand = game.round
        assert hand.hand_no == 3
        chooser = hand.to_move
        game.push(A_CHOOSE + Contract.OBENABE)  # Bock
        while not hand.is_over:
            game.push(rng.choice(game.legal_actions()))
        team = chooser & 1
        if hand.trick_points[team] == 98:
            break
    else:
        pytest.fail("no hand 3 of Bock with 98 points in 400 seeds")
    assert hand.mode == MODE_OBENABE and hand.trump == -1 and hand.multiplier == 1
    assert hand.credited[team] == 98
    assert game.start_scores[3][team] == game.start_scores[2][team] + 98


def test_a_push_goes_to_the_partner_once_who_must_name() -> None:
    game = KreuzjassGame(PLAIN, seed=8)
    play_hand(game, random.Random(8))
    hand = game.round
    vorhand = hand.forehand
    legal = game.legal_actions()
    assert A_PUSH in legal
    assert {a - A_CHOOSE for a in legal if a != A_PUSH} == {
        0, 1, 2, 3, Contract.OBENABE, Contract.UNDENUFE, Contract.SLALOM, Contract.SLALOM_UNDE}
    game.push(A_PUSH)
    assert hand.to_move == (vorhand + 2) % 4 and hand.pushed
    assert A_PUSH not in game.legal_actions()
    with pytest.raises(IllegalActionError):
        game.push(A_PUSH)  # no push back
    assert hand.to_move == (vorhand + 2) % 4 and hand.actions == (A_PUSH,)
    game.push(A_CHOOSE + Contract.UNDENUFE)  # Gais
    assert hand.chooser == (vorhand + 2) % 4 and hand.mode == MODE_UNDENUFE
    assert hand.leader == vorhand  # the Vorhand leads, as in Schieber


@pytest.mark.parametrize(("contract", "first"), [(Contract.SLALOM, MODE_OBENABE),
                                                  (Contract.SLALOM_UNDE, MODE_UNDENUFE)])
def test_slalom_alternates_from_the_mode_the_chooser_sets(contract: int, first: int) -> None:
    game = KreuzjassGame(PLAIN, seed=2)
    rng = random.Random(2)
    play_hand(game, rng)
    hand = game.round
    game.push(A_CHOOSE + contract)
    while not hand.is_over:
        game.push(rng.choice(game.legal_actions()))
    other = MODE_UNDENUFE if first == MODE_OBENABE else MODE_OBENABE
    assert hand.trick_modes == tuple(first if i % 2 == 0 else other for i in range(9))
    assert sum(hand.trick_points) == sum(hand.trick_values)


def test_slalom_values_obenabe_counts_every_trick_as_bock() -> None:
    game = KreuzjassGame(PLAIN.replace(slalom_values="obenabe"), seed=2)
    rng = random.Random(2)
    play_hand(game, rng)
    game.push(A_CHOOSE + Contract.SLALOM_UNDE)
    hand = game.round
    while not hand.is_over:
        game.push(rng.choice(game.legal_actions()))
    assert sum(hand.trick_points) == 157


def test_cut_trumps_come_from_the_bottom_card_shown_to_all() -> None:
    game = KreuzjassGame(PRESETS["cut"], seed=4)
    for _ in range(3):
        hand = game.round
        deal = hand.dealt
        assert hand.phase != "choose" and hand.turned == deal.bottom
        assert hand.trump == suit_of(deal.bottom) == hand.contract
        assert hand.chooser == -1 and not hand.pushed
        assert hand.leader == (deal.dealer + 1) % 4
        assert A_PUSH not in game.legal_actions()
        for seat in (SPECTATOR, 0, 1, 2, 3):
            obs = hand.observation(seat)
            assert obs.turned == deal.bottom
            if seat != deal.dealer:
                assert obs.known_cards(deal.dealer) >> deal.bottom & 1
        play_hand(game, random.Random(4))
        assert game.round.dealer == (deal.dealer + 1) % 4


def test_where_trumps_are_named_the_bottom_card_stays_hidden() -> None:
    game = KreuzjassGame(seed=4)
    hand = game.round
    for seat in (SPECTATOR, 0, 1, 2, 3):
        obs = hand.observation(seat)
        assert obs.turned == -1
        if seat != hand.dealer:
            assert obs.known_cards(hand.dealer) == 0


def test_the_deal_is_in_packets_of_three_from_the_seat_after_the_dealer() -> None:
    d = deal_kreuzjass("x", 2)
    order = shuffled("x")
    assert d.bottom == order[-1] and d.hands[2] >> d.bottom & 1
    first_packet = sum(1 << c for c in order[:3])
    assert d.hands[3] & first_packet == first_packet


def test_the_first_two_players_dealt_an_ace_sit_opposite() -> None:
    for seed in range(40):
        seats = seating_draw(seed)
        assert sorted(seats) == [0, 1, 2, 3]
        order = shuffled(f"{seed}:seating")
        aces: list[int] = []
        for i, c in enumerate(order):
            if c % 9 == 8 and i % 4 not in aces:
                aces.append(i % 4)
        a, b = aces[:2]
        assert seats[a] == a  # the first keeps his seat
        assert seats[(a + 2) % 4] == b  # his partner sits opposite
    game = KreuzjassGame(KreuzjassRules(partners="first_two_aces"), seed=7)
    assert game.seating == seating_draw(7) and game.summary()["seating"] == list(game.seating)
    assert KreuzjassGame(seed=7).seating == (0, 1, 2, 3)


def test_a_game_ends_the_moment_a_team_reaches_the_target() -> None:
    game = KreuzjassGame(KreuzjassRules(target=300), seed=9)
    rng = random.Random(9)
    while not game.is_over:
        game.push(rng.choice(game.legal_actions()))
    w = game.winner
    assert game.scores[w] >= 300 and game.standings()[w] == 1
    last = game.round
    before = game.start_scores[-1][w] + last.credited[w] - last.credits[-1][1]
    assert before < 300  # the last credit brought it there
    with pytest.raises(IllegalActionError):
        game.push(game.round.legal_actions()[0] if game.round.legal_actions() else 0)


def test_bad_options_are_refused() -> None:
    with pytest.raises(OptionError, match="trump_by"):
        KreuzjassRules(trump_by="draw")
    with pytest.raises(OptionError, match="partners"):
        get("kreuzjass").rules_from_dict({"partners": "random"})
    with pytest.raises(OptionError, match="deck_style"):
        KreuzjassRules(deck_style="tarot")
    assert PRESETS["kreuzjass_romand"].deck_style == "french"
    assert PRESETS["kreuzjass_romand"].trump_by == "cut"


def test_a_bad_deal_is_refused_and_changes_nothing() -> None:
    game = KreuzjassGame(seed=3)
    before = game.round
    hands = before.initial_hands
    dealer = before.dealer
    stranger = next(c for c in range(36) if not hands[dealer] >> c & 1)
    with pytest.raises(IllegalActionError, match="does not hold it"):
        game.set_deal(KreuzjassDeal(hands, dealer, stranger))
    with pytest.raises(IllegalActionError):
        game.set_deal((hands, dealer))
    assert game.round is before
    with pytest.raises(ValueError, match="bottom"):
        KreuzjassHand(PLAIN, KreuzjassDeal(hands, dealer, stranger))


def test_record_tokens_name_bock_and_gais_and_refuse_others() -> None:
    v = get("kreuzjass")
    game = KreuzjassGame(PLAIN, seed=1)
    play_hand(game, random.Random(1))
    hand = game.round
    assert v.parse_action(hand, "choose:bock") == A_CHOOSE + Contract.OBENABE
    assert v.parse_action(hand, "choose:gais") == A_CHOOSE + Contract.UNDENUFE
    assert v.format_action(hand, A_CHOOSE + Contract.SLALOM) == "choose:slalom"
    with pytest.raises(ValueError, match="no such contract"):
        v.parse_action(hand, "choose:misere")
    with pytest.raises(ValueError, match="bad action"):
        v.parse_action(hand, "schiebe")
    with pytest.raises(ValueError):
        v.format_action(hand, A_CHOOSE + Contract.MISERE)
    line = v.format_hand(game, 0)
    assert parse_deal_line(line) == game.rounds[0].dealt
    with pytest.raises(ValueError, match="reads"):
        parse_deal_line("x D6 " + line.split(None, 2)[2])


OPTION_SETS = [
    {"partners": "first_two_aces"},
    {"slalom_values": "obenabe", "stoeck_announce": "with-weis"},
    {"large_weis": True, "weis_four_low": True, "kreuzweis": True, "match_bonus": 0},
    {"trump_by": "cut", "weis": False, "stoeck": False, "target": 500},
]


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: ",".join(o))
def test_every_option_set_plays_whole_games_and_records_round_trip(
        options: dict[str, object]) -> None:
    import io

    from tests.variants.test_conformance import check_finished_hand

    from puur.record import format_record, read_record, replay

    v = get("kreuzjass")
    rules = v.rules_from_dict(options)
    for seed in range(3):
        game = v.new_game(rules, seed=f"opt-{seed}")
        rng = random.Random(seed)
        while not game.is_over:
            hand = game.round
            legal = game.legal_actions()
            assert list(game.observation(game.to_move).legal_actions) == legal
            game.push(rng.choice(legal))
            if hand.is_over:
                check_finished_hand(hand)
        assert max(game.scores) >= rules.target and game.standings()[game.winner] == 1
        again = replay(read_record(io.StringIO(format_record(game))))
        assert again.summary() == game.summary() and again.seating == game.seating


def test_a_finished_hand_tells_its_breakdown_and_total() -> None:
    game = KreuzjassGame(seed=6)
    play_hand(game, random.Random(6))
    data = get("kreuzjass").hand_data(game, 0)
    hand = game.rounds[0]
    assert data["total"] == list(hand.credited) and data["multiplier"] == 1
    assert data["trick_points"] == list(hand.trick_points)
    assert [a + b + c + d for a, b, c, d in zip(data["trick_points"], data["match_bonus"],
                                                 data["weis"], data["stoeck"], strict=True)
            ] == data["total"]
    assert data["chooser"] == hand.chooser and data["contract"] == hand.summary()["contract"]
