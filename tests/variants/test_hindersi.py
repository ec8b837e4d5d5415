"""Hindersi: the worked examples of its page and the variant's own rules."""

from __future__ import annotations

import random

import pytest

from puur.cards import CardSet, parse_card
from puur.hand import OVER, WEIS, IllegalActionError
from puur.options import OptionError
from puur.variants import get
from puur.variants.hindersi import VARIANT, HindersiGame, format_deal_line, parse_deal_line
from puur.variants.hindersi_hand import (
    A_WEIS,
    HindersiDeal,
    HindersiHand,
    check_deal,
    deal_hindersi,
)
from puur.variants.hindersi_rules import PRESETS, HindersiRules, hand_points, round_marks
from puur.variants.hindersi_view import OBS_SIZE
from puur.weis import split_points


def mask(text: str) -> int:
    return CardSet.from_text(text).bits


def hand_of(rules: HindersiRules, *hands: str, dealer: int, turned: str,
            hand_no: int = 1) -> HindersiHand:
    deal = HindersiDeal(tuple(mask(h) for h in hands), dealer, parse_card(turned))
    return HindersiHand(rules, deal, hand_no)


def play(hand: HindersiHand, tokens: str) -> None:
    for tok in tokens.split():
        hand.push(VARIANT.parse_action(hand, tok))


def play_out(game: HindersiHand | HindersiGame, seed: int = 0, declare: bool = False) -> None:
    rng = random.Random(seed)
    while not game.is_over:
        legal = game.legal_actions()
        phase = game.phase if isinstance(game, HindersiHand) else game.round.phase
        game.push(max(legal) if declare and phase == WEIS else rng.choice(legal))


# B (seat 1) deals and holds all nine Schellen (D), his last card D6 is turned: Schellen are
# trumps, nobody else holds one, and B takes every trick.
MATCH = (
    "H6 H7 H8 H9 HT HJ HQ HK HA",
    "D6 D7 D8 D9 DT DJ DQ DK DA",
    "S6 S7 S8 S9 ST SJ SQ SK SA",
    "C6 C7 C8 C9 CT CJ CQ CK CA",
)

# Seat 3 deals and turns D6 (Schellen trumps); seat 0 leads hearts, seat 1 ruffs with DA and
# seat 2, void in hearts, holds D7 beside spades and a club.
UNDER = (
    "H6 H7 H8 H9 HT HJ HQ HK HA",
    "DA DK DQ DJ DT D9 D8 S6 S7",
    "D7 S8 S9 ST SJ SQ SK SA C6",
    "D6 C7 C8 C9 CT CJ CQ CK CA",
)


# ---------------------------------------------------------------------------------------------
# The worked examples


def test_example_1_the_two_lowest_round_totals_get_the_striche() -> None:
    # A 120, B 210, C 180, D 118: Striche to D (118) and A (120), Nuller to B and C.
    assert round_marks((120, 210, 180, 118)) == (1, -1, -1, 1)


def test_example_1_in_a_played_round() -> None:
    game = HindersiGame(HindersiRules(game_rounds=1), seed=5)
    play_out(game, 5)
    totals = game.round.round_points()
    assert sum(totals) == 4 * 157
    low = sorted(totals)
    marks = game.round.marks()
    for s, t in enumerate(totals):
        if t <= low[1] and low[1] != low[2]:
            assert marks[s] == 1
        elif t >= low[2] and low[1] != low[2]:
            assert marks[s] == -1
    assert game.scores == marks and game.is_over
    assert game.summary()["striche"] == [int(m > 0) for m in marks]
    assert game.summary()["nuller"] == [int(m < 0) for m in marks]


def test_example_2_a_match_scores_nought_for_its_maker_and_157_for_the_others() -> None:
    assert hand_points((0, 157, 0, 0), (0, 9, 0, 0)) == (157, 0, 157, 157)
    hand = hand_of(HindersiRules(), *MATCH, dealer=1, turned="D6")
    play_out(hand)
    assert hand.tricks_won == (0, 9, 0, 0) and hand.trick_points == (0, 157, 0, 0)
    assert hand.points() == (157, 0, 157, 157) and hand.match_seat() == 1
    assert hand.observation(-1).panel()["match_seat"] == 1
    no_match = hand_of(HindersiRules(match=False), *MATCH, dealer=1, turned="D6")
    play_out(no_match)
    assert no_match.points() == (0, 157, 0, 0) and no_match.match_seat() == -1


def test_with_three_players_a_match_is_all_twelve_tricks() -> None:
    assert hand_points((0, 0, 157), (0, 0, 12)) == (157, 157, 0)
    assert hand_points((0, 60, 97), (0, 4, 8)) == (0, 60, 97)


# ---------------------------------------------------------------------------------------------
# Deal, trumps, trick rules


@pytest.mark.parametrize(("players", "per_seat"), [(3, 12), (4, 9)])
def test_every_card_is_dealt_and_the_dealers_last_card_makes_trumps(
        players: int, per_seat: int) -> None:
    rules = HindersiRules(players=players)
    for dealer in range(players):
        deal = deal_hindersi(rules, 7, dealer)
        assert all(h.bit_count() == per_seat for h in deal.hands)
        assert deal.hands[deal.dealer] >> deal.turned & 1
        hand = HindersiHand(rules, deal)
        assert hand.trump == hand.mode == deal.turned // 9
        assert hand.to_move == hand.vorhand == (dealer + 1) % players
        assert hand.num_tricks == per_seat


def test_the_turned_card_is_public_and_stays_with_the_dealer_until_played() -> None:
    hand = hand_of(HindersiRules(), *UNDER, dealer=3, turned="D6")
    d6 = parse_card("D6")
    for seat in (0, 1, 2, -1):
        obs = hand.observation(seat)
        assert obs.turned == d6 and obs.known_cards(3) == 1 << d6
        assert obs.panel()["turned"] == "D6"
        assert all(obs.known[s] == 0 for s in range(3) if s != seat)
    play(hand, "H6 DA D7 D6")
    assert hand.observation(0).known[3] == 0


def test_a_player_void_in_the_led_suit_may_undertrump_by_default() -> None:
    hand = hand_of(HindersiRules(), *UNDER, dealer=3, turned="D6")
    play(hand, "H6 DA")
    assert parse_card("D7") in hand.legal_actions()


def test_undertrumping_forbidden_follows_schieber() -> None:
    hand = hand_of(PRESETS["no-undertrump"], *UNDER, dealer=3, turned="D6")
    play(hand, "H6 DA")
    before = (hand.hands, hand.actions)
    assert parse_card("D7") not in hand.legal_actions()
    with pytest.raises(IllegalActionError):
        hand.push(parse_card("D7"))
    assert (hand.hands, hand.actions) == before


def test_there_is_no_weis_and_no_stoeck_by_default() -> None:
    hand = hand_of(HindersiRules(), *MATCH, dealer=1, turned="D6")
    assert hand.phase != WEIS and A_WEIS not in hand.legal_actions()
    play_out(hand)
    assert hand.stoeck_seat < 0 or hand.stoeck_state != 1
    assert hand.weis_points() == (0, 0, 0, 0)


def test_with_weis_the_best_weis_is_taken_off_its_holders_score() -> None:
    rules = PRESETS["weis"]
    found = 0
    for seed in range(40):
        hand = HindersiHand(rules, deal_hindersi(rules, seed, seed % 4))
        play_out(hand, seed, declare=True)
        if hand.weis_seat < 0:
            assert hand.weis_points() == (0, 0, 0, 0)
            continue
        found += 1
        s = hand.weis_seat
        weis = split_points(hand.declared[s])
        assert hand.weis_points()[s] == weis > 0
        assert sum(hand.weis_points()) == weis
        if hand.match_seat() < 0:
            assert hand.points()[s] == hand.trick_points[s] - weis
            assert all(hand.points()[o] == hand.trick_points[o] for o in range(4) if o != s)
    assert found


# ---------------------------------------------------------------------------------------------
# Rounds, marks, the game


def test_ties_across_a_mark_boundary_get_nothing_or_the_better_mark() -> None:
    assert round_marks((100, 150, 150, 200)) == (1, 0, 0, -1)
    assert round_marks((100, 150, 150, 200), "better") == (1, 1, 1, -1)
    assert round_marks((150, 150, 150, 150)) == (0, 0, 0, 0)
    assert round_marks((100, 100, 150, 200)) == (1, 1, -1, -1)     # a tie inside a band
    assert round_marks((90, 200, 150)) == (1, -1, 0)               # three players
    assert round_marks((90, 90, 150)) == (0, 0, -1)
    assert round_marks((90, 90, 150), "better") == (1, 1, -1)
    assert round_marks((90, 150, 150)) == (1, 0, 0)


def test_a_round_is_one_hand_dealt_by_each_player_and_the_marks_come_at_its_end() -> None:
    game = HindersiGame(HindersiRules(game_rounds=2), seed=3)
    play_out(game, 3)
    dealers = [r.dealer for r in game.rounds]
    assert len(game.rounds) == 8 and sorted(dealers[:4]) == [0, 1, 2, 3]
    assert dealers[4:] == dealers[:4]
    first_round = game.rounds[3]
    assert first_round.ends_round and first_round.round_points() == tuple(
        sum(r.points()[s] for r in game.rounds[:4]) for s in range(4))
    assert game.rounds[4].round_before == (0, 0, 0, 0)
    assert game.rounds[4].totals == first_round.marks()
    assert game.scores == tuple(a + b for a, b in zip(first_round.marks(),
                                                      game.rounds[7].marks(), strict=True))
    assert all(r.marks() == (0, 0, 0, 0) for r in game.rounds if not r.ends_round)
    assert game.standings() == tuple(1 + sum(o > s for o in game.scores) for s in game.scores)


@pytest.mark.parametrize(("preset", "hands"), [("standard", 16), ("long", 32), ("three", 12)])
def test_a_game_is_its_rounds_and_the_most_net_striche_win(preset: str, hands: int) -> None:
    game = VARIANT.new_game(VARIANT.preset(preset), seed=11)
    play_out(game, 11)
    n = game.num_seats
    assert len(game.rounds) == hands and game.summary()["rounds"] == hands // n
    striche, nuller = game.summary()["striche"], game.summary()["nuller"]
    assert list(game.scores) == [s - x for s, x in zip(striche, nuller, strict=True)]
    best = max(game.scores)
    assert all((p == 1) == (s == best) for p, s in zip(game.standings(), game.scores,
                                                       strict=True))
    with pytest.raises(IllegalActionError):
        game.push(0)


def test_pop_undoes_across_a_round_boundary() -> None:
    game = HindersiGame(HindersiRules(game_rounds=2), seed=4)
    while len(game.rounds) < 5:
        game.push(game.legal_actions()[0])
    assert game.round.round_before == (0, 0, 0, 0) and any(game.round.totals)
    game.pop()
    assert len(game.rounds) == 4 and game.round.phase != OVER


# ---------------------------------------------------------------------------------------------
# Bad input


def test_bad_options_are_refused() -> None:
    for bad in ({"players": 5}, {"players": 2}, {"undertrump": "free"}, {"game_rounds": 0},
                {"ties": "share"}, {"weis": "yes"}, {"match": 1}):
        with pytest.raises(OptionError):
            HindersiRules(**bad)


def test_bad_deals_are_refused() -> None:
    rules = HindersiRules()
    good = deal_hindersi(rules, 1, 0)
    with pytest.raises(ValueError, match="dealer"):
        check_deal(rules, HindersiDeal(good.hands, 4, good.turned))
    with pytest.raises(ValueError, match="in his hand"):
        check_deal(rules, HindersiDeal(good.hands, 1, good.turned))
    with pytest.raises(ValueError, match="a card"):
        check_deal(rules, HindersiDeal(good.hands, 0, 36))
    with pytest.raises(ValueError):
        check_deal(rules, HindersiDeal(good.hands[:3], 0, good.turned))
    with pytest.raises(ValueError):
        check_deal(HindersiRules(players=3), good)
    with pytest.raises(ValueError, match="not a Hindersi deal"):
        check_deal(rules, (good.hands, 0))
    line = format_deal_line(good)
    assert parse_deal_line(rules, line) == good
    with pytest.raises(ValueError, match="DEALER TURNED"):
        parse_deal_line(rules, "x " + line)
    game = HindersiGame(seed=1)
    with pytest.raises(IllegalActionError):
        game.set_deal(HindersiDeal(good.hands, game.round.dealer, 36))
    assert game.round.deal == game.deal_for(0)


def test_illegal_actions_change_nothing() -> None:
    game = HindersiGame(seed=2)
    before = (game.round.hands, game.round.actions, game.to_move)
    not_legal = next(c for c in range(36) if c not in game.legal_actions()
                     and game.round.hands[game.to_move] >> c & 1 == 0)
    for bad in (36, -1, 52, 54, not_legal, "HA", True, 1.0):
        with pytest.raises(IllegalActionError):
            game.push(bad)  # type: ignore[arg-type]
        assert (game.round.hands, game.round.actions, game.to_move) == before
    with pytest.raises(ValueError, match="bad action"):
        VARIANT.parse_action(game.round, "bid:3")


# ---------------------------------------------------------------------------------------------
# Observation and description


def test_the_observation_shows_the_points_and_no_other_hand() -> None:
    hand = hand_of(HindersiRules(), *UNDER, dealer=3, turned="D6", hand_no=4)
    play(hand, "H6 DA D7 D6")
    obs = hand.observation(0)
    assert obs.hand == mask(UNDER[0]) & ~mask("H6")
    assert obs.made == (0, 11, 0, 0) and obs.points == (0, 0, 0, 0) and obs.ends_round
    assert obs.panel()["points"] is None and obs.panel()["marks"] is None
    spectator = hand.observation(-1)
    assert spectator.hand == 0 and spectator.panel() == obs.panel()
    tensor = hand.observation(1).to_tensor()
    assert len(tensor) == OBS_SIZE
    assert tensor[324 + parse_card("D6") // 9] == 1.0 and tensor[328 + parse_card("D6")] == 1.0
    assert tensor[480] == pytest.approx(11 / 157)        # the observer's own points
    play_out(hand)
    panel = hand.observation(2).panel()
    assert panel["points"] == list(hand.points()) and panel["marks"] == list(hand.marks())
    with pytest.raises(ValueError):
        hand.observation(4)


def test_the_description_and_the_registry() -> None:
    assert get("hintersi") is VARIANT and VARIANT.players == (4, 3)
    assert not VARIANT.lower_is_better and VARIANT.action_space(None).size == 54
    assert list(VARIANT.presets) == list(PRESETS)
    for name in PRESETS:
        assert VARIANT.num_seats(VARIANT.preset(name)) == PRESETS[name].players
