"""Darts-Jass: the worked examples of its page and the variant's own rules."""

from __future__ import annotations

import random

import pytest

from puur.actions import A_CHOOSE, A_PUSH
from puur.cards import ALL_CARDS, CardSet
from puur.contracts import Contract
from puur.hand import CHOOSE, WEIS, IllegalActionError
from puur.options import OptionError
from puur.variants import get
from puur.variants.darts import VARIANT, DartsGame, format_deal_line, parse_deal_line
from puur.variants.darts_hand import DartsDeal, DartsHand, check_deal, deal_darts
from puur.variants.darts_rules import (
    PRESETS,
    DartsRules,
    finish,
    hand_gains,
    remaining,
    winners,
)
from puur.variants.darts_view import OBS_SIZE


def mask(text: str) -> int:
    return CardSet.from_text(text).bits


# Seat 3 deals, seat 0 (the Vorhand) holds every Rose (H), seat 1 every Schelle (D), seat 2
# every Schilte (S), seat 3 every Eichel (C).
SUITS = (
    "H6 H7 H8 H9 HT HJ HQ HK HA",
    "D6 D7 D8 D9 DT DJ DQ DK DA",
    "S6 S7 S8 S9 ST SJ SQ SK SA",
    "C6 C7 C8 C9 CT CJ CQ CK CA",
)


def hand_of(rules: DartsRules, *hands: str, dealer: int,
            totals: tuple[int, ...] | None = None) -> DartsHand:
    return DartsHand(rules, DartsDeal(tuple(mask(h) for h in hands), dealer), 1, totals)


def play_out(game: DartsHand | DartsGame, rng: random.Random) -> None:
    while not game.is_over:
        game.push(rng.choice(game.legal_actions()))


def lead_out(hand: DartsHand) -> None:
    """Everyone plays his lowest legal card until the hand is over."""
    while not hand.is_over:
        hand.push(min(hand.legal_actions()))


# ---------------------------------------------------------------------------------------------
# The worked examples


def test_example_the_chooser_who_takes_more_keeps_his_points() -> None:
    # Chooser 80, opponent 77: 80 : 77.
    assert hand_gains((80, 77), 0) == (80, 77)
    assert hand_gains((77, 80), 1) == (77, 80)


def test_example_a_chooser_who_takes_less_gives_the_opponents_all_157() -> None:
    # Chooser 70, opponent 87: 0 : 157.
    assert hand_gains((70, 87), 0) == (0, 157)
    assert hand_gains((87, 70), 1) == (157, 0)


def test_examples_in_played_hands() -> None:
    # Obenabe with every Rose: seat 0 takes all nine tricks, 157 : 0.
    made = hand_of(DartsRules(), *SUITS, dealer=3)
    made.push(A_CHOOSE + Contract.OBENABE)
    lead_out(made)
    assert made.points() == (157, 0) and made.made() and made.result() == (157, 0)
    # Schellen trumps chosen by seat 0: seat 1 ruffs every Rose, the chooser fails, 0 : 157.
    failed = hand_of(DartsRules(), *SUITS, dealer=3)
    failed.push(A_CHOOSE + Contract.SCHELLEN)
    lead_out(failed)
    assert failed.points() == (0, 157) and failed.made() is False
    assert failed.result() == (0, 157)


def test_equal_points_are_not_more_and_go_to_the_opponents() -> None:
    assert hand_gains((100, 100), 0) == (0, 200)   # with Weis a hand can tie
    assert hand_gains((60, 60, 37), 1) == (90, 0, 67)


def test_in_played_hands_a_failing_choosers_points_go_to_the_other_team() -> None:
    rng = random.Random(3)
    seen = {True: 0, False: 0}
    for seed in range(12):
        hand = DartsHand(DartsRules(), deal_darts(DartsRules(), seed, seed % 4))
        play_out(hand, rng)
        c = hand.chooser_side
        made = hand.points()[c] > hand.points()[1 - c]
        seen[made] += 1
        assert hand.made() is made and sum(hand.result()) == 157
        assert hand.result() == (hand.points() if made else tuple(
            0 if s == c else 157 for s in range(2)))
    assert seen[True] and seen[False]


# ---------------------------------------------------------------------------------------------
# Three and two players


def test_three_players_get_twelve_cards_and_a_failing_choosers_points_are_halved() -> None:
    rules = DartsRules(players=3)
    assert hand_gains((55, 61, 41), 0) == (0, 88, 68)      # 55 // 2 = 27 to each
    assert hand_gains((61, 55, 41), 0) == (61, 55, 41)     # more than each opponent
    assert hand_gains((60, 60, 37), 0) == (0, 90, 67)      # not more than both
    assert hand_gains((55, 61, 41), 0, "lost") == (0, 61, 41)
    rng = random.Random(1)
    for seed in range(40):
        hand = DartsHand(rules, deal_darts(rules, seed, 0))
        assert [h.bit_count() for h in hand.initial_hands] == [12, 12, 12]
        assert hand.legal_actions() == [A_CHOOSE + c for c in range(6)]   # no push
        play_out(hand, rng)
        if not hand.made():
            p, c = hand.points(), hand.chooser_side
            assert hand.result() == tuple(0 if s == c else p[s] + p[c] // 2 for s in range(3))
            break
    else:
        pytest.fail("no chooser failed in forty hands")


def test_two_players_hold_nine_each_and_eighteen_cards_lie_dead_unseen() -> None:
    rules = DartsRules(players=2)
    game = DartsGame(rules, seed=4)
    hand = game.round
    dead = ALL_CARDS & ~(hand.initial_hands[0] | hand.initial_hands[1])
    assert [h.bit_count() for h in hand.initial_hands] == [9, 9] and dead.bit_count() == 18
    assert hand.dead == dead and VARIANT.open_piles(hand) == {"dead": dead}
    assert hand.legal_actions() == [A_CHOOSE + c for c in range(6)]
    rng = random.Random(4)
    while not hand.is_over:
        for seat in (-1, 0, 1):
            obs = hand.observation(seat)
            assert obs.piles == (18,) and obs.pile_known == (0,) and obs.out_of_play == 0
            assert all(not k & dead for k in obs.known)
        hand.push(rng.choice(hand.legal_actions()))
    assert sum(hand.points()) == sum(hand.trick_values) < 157
    assert sum(hand.result()) == sum(hand.points())
    assert VARIANT.open_piles(DartsHand(DartsRules(), deal_darts(DartsRules(), 1, 0))) == {}


# ---------------------------------------------------------------------------------------------
# Choosing and pushing


def test_the_vorhand_chooses_or_pushes_once_and_leads() -> None:
    hand = hand_of(DartsRules(), *SUITS, dealer=1)
    assert hand.phase == CHOOSE and hand.to_move == 2 and hand.vorhand == 2
    assert hand.legal_actions() == [*(A_CHOOSE + c for c in range(6)), A_PUSH]
    hand.push(A_PUSH)
    assert hand.to_move == 0 and A_PUSH not in hand.legal_actions()
    hand.push(A_CHOOSE + Contract.UNDENUFE)
    assert hand.chooser == 0 and hand.chooser_side == 0 and hand.pushed
    assert hand.to_move == 2 and hand.leader == 2 and hand.mode == Contract.UNDENUFE
    assert hand.trump == -1
    no_push = hand_of(DartsRules(push=False), *SUITS, dealer=1)
    assert A_PUSH not in no_push.legal_actions()


def test_the_choice_moves_one_seat_a_hand() -> None:
    game = DartsGame(DartsRules(darts_target=5000, darts_hand_limit=5), seed=2)
    rng = random.Random(2)
    vorhands = []
    while not game.is_over:
        if not game.round.actions:
            vorhands.append(game.round.vorhand)
        game.push(rng.choice(game.legal_actions()))
    first = vorhands[0]
    assert vorhands == [(first + k) % 4 for k in range(5)]
    assert game.ended_by == "hand_limit" and game.winners == ()
    assert VARIANT.result_data(game)["reason"] == "darts_limit"
    assert game.standings() == ((1, 2) if game.scores[0] > game.scores[1] else
                                (2, 1) if game.scores[1] > game.scores[0] else (1, 1))


def test_card_points_only_by_default_weis_stoeck_and_match_as_options() -> None:
    plain = hand_of(DartsRules(), *SUITS, dealer=3)
    plain.push(A_CHOOSE + Contract.ROSEN)
    assert plain.phase != WEIS and plain.stoeck_seat == -1
    lead_out(plain)
    assert plain.points() == (157, 0)
    rich = hand_of(DartsRules(weis=True, stoeck=True, match_bonus=100), *SUITS, dealer=3)
    rich.push(A_CHOOSE + Contract.ROSEN)
    assert rich.phase == WEIS and rich.stoeck_seat == 0
    rich.push(max(rich.legal_actions()))        # the best Weis: nine Roses in a row
    lead_out(rich)
    kinds = {kind for _side, _pts, kind in rich.credits}
    assert {"weis", "match", "trick"} <= kinds
    assert rich.points()[0] > 257 and rich.result() == rich.points()


# ---------------------------------------------------------------------------------------------
# The end


def test_the_target_is_checked_at_the_end_of_a_hand_only() -> None:
    hand = hand_of(DartsRules(), *SUITS, dealer=3, totals=(290, 0))
    hand.push(A_CHOOSE + Contract.OBENABE)
    for _ in range(4 * 3):                    # three tricks: past 301 already
        hand.push(min(hand.legal_actions()))
    assert hand.credited[0] > 11 and not hand.is_over
    lead_out(hand)
    assert hand.result() == (157, 0)


def test_a_game_ends_when_a_side_reaches_the_target() -> None:
    for preset, seed in (("301", 1), ("three", 2), ("two", 3)):
        game = DartsGame(PRESETS[preset], seed=seed)
        play_out(game, random.Random(seed))
        target = game.rules.darts_target
        assert max(game.scores) >= target and game.ended_by == "target"
        before = game.round.totals
        assert max(before) < target              # the game went on until then
        w = game.winners
        assert w and all(game.scores[s] >= target for s in w)
        assert [game.standings()[s] for s in w] == [1] * len(w)
        assert game.remaining()[w[0]] == 0 and game.summary()["winners"] == list(w)
        assert VARIANT.result_data(game)["reason"] == "darts_target"


def test_exact_finish_busts_a_side_that_passes_the_target() -> None:
    assert finish((290, 100), (20, 137), 301, True) == (0, 137)
    assert finish((290, 100), (11, 146), 301, True) == (11, 146)
    assert finish((290, 100), (20, 137), 301, False) == (20, 137)
    hand = hand_of(DartsRules(darts_exact_finish=True), *SUITS, dealer=3, totals=(290, 250))
    hand.push(A_CHOOSE + Contract.OBENABE)
    lead_out(hand)
    assert hand.gains() == (157, 0) and hand.result() == (0, 0)
    assert hand.busted() == (True, False)
    assert hand.observation(-1).panel()["busted"] == [True, False]


def test_ties_when_two_sides_reach_the_target_in_one_hand() -> None:
    assert winners((320, 301), 301) == (0,)
    assert winners((301, 301), 301) == (0, 1)
    assert winners((320, 301), 301, "chooser", 1) == (1,)
    assert winners((320, 301, 10), 301, "chooser", 2) == (0,)
    assert winners((300, 10), 301) == ()
    assert remaining((120, 301, 330), 301) == (181, 0, 0)
    # In a game: both teams at 300, a hand of 157 : 0 ... the team that reaches it wins.
    rules = DartsRules(darts_ties="chooser")
    game = DartsGame(rules, deals=[DartsDeal(tuple(mask(h) for h in SUITS), 3)], seed=1)
    game.rounds[0] = DartsHand(rules, game.deal_for(0), 1, (300, 300))
    game.push(A_CHOOSE + Contract.OBENABE)
    lead_out(game.round)
    assert game.is_over and game.scores == (457, 300) and game.winners == (0,)


# ---------------------------------------------------------------------------------------------
# Bad input


def test_bad_options_are_refused() -> None:
    for bad in ({"players": 5}, {"players": 1}, {"darts_target": 0},
                {"darts_three_split": "all"}, {"darts_ties": "share"},
                {"darts_exact_finish": "yes"}, {"darts_hand_limit": 0}, {"match_bonus": -1}):
        with pytest.raises(OptionError):
            DartsRules(**bad)
    with pytest.raises(ValueError):
        hand_gains((80, 77, 1, 0), 0)
    with pytest.raises(ValueError):
        hand_gains((80, 77), 2)
    with pytest.raises(ValueError):
        winners((1, 2), 301, "first")


def test_bad_deals_are_refused() -> None:
    rules = DartsRules()
    good = deal_darts(rules, 1, 0)
    with pytest.raises(ValueError, match="dealer"):
        check_deal(rules, DartsDeal(good.hands, 4))
    with pytest.raises(ValueError):
        check_deal(rules, DartsDeal(good.hands[:3], 0))
    with pytest.raises(ValueError):
        check_deal(DartsRules(players=3), good)
    with pytest.raises(ValueError, match="not a Darts-Jass deal"):
        check_deal(rules, (good.hands, 0))
    line = format_deal_line(good)
    assert parse_deal_line(rules, line) == good
    two = deal_darts(DartsRules(players=2), 5, 1)
    assert parse_deal_line(DartsRules(players=2), format_deal_line(two)) == two
    with pytest.raises(ValueError, match="DEALER HAND"):
        parse_deal_line(rules, "x " + line)
    game = DartsGame(seed=1)
    with pytest.raises(IllegalActionError):
        game.set_deal(DartsDeal(good.hands[:2], game.round.dealer))
    assert game.round.deal == game.deal_for(0)


def test_illegal_actions_change_nothing() -> None:
    game = DartsGame(DartsRules(players=3), seed=2)
    before = (game.round.hands, game.round.actions, game.to_move, game.round.phase)
    for bad in (0, A_PUSH, A_CHOOSE + 6, 42, 64, -1, "choose:D", True, 1.0):
        with pytest.raises(IllegalActionError):
            game.push(bad)  # type: ignore[arg-type]
        assert (game.round.hands, game.round.actions, game.to_move, game.round.phase) == before
    with pytest.raises(ValueError, match="bad action"):
        VARIANT.parse_action(game.round, "bid:3")
    with pytest.raises(ValueError, match="a suit, Obenabe or Undenufe"):
        VARIANT.parse_action(game.round, "choose:slalom")
    assert VARIANT.parse_action(game.round, "choose:unde") == A_CHOOSE + 5
    assert VARIANT.format_action(game.round, A_CHOOSE + 4) == "choose:obe"


# ---------------------------------------------------------------------------------------------
# Observation and description


def test_the_observation_counts_down_to_the_target_and_shows_no_other_hand() -> None:
    hand = hand_of(DartsRules(), *SUITS, dealer=3, totals=(120, 250))
    obs = hand.observation(1)
    assert obs.phase == CHOOSE and obs.legal_actions == () and obs.hand == mask(SUITS[1])
    assert obs.known == (0, 0, 0, 0)
    panel = obs.panel()
    assert panel["darts_target"] == 301 and panel["remaining"] == [181, 51]
    assert panel["chooser"] is None and panel["result"] is None
    hand.push(A_PUSH)
    hand.push(A_CHOOSE + Contract.OBENABE)
    tensor = hand.observation(0).to_tensor()
    assert len(tensor) == OBS_SIZE
    assert tensor[324 + Contract.OBENABE] == 1.0 and tensor[330 + 2] == 1.0 and tensor[334] == 1.0
    assert tensor[455] == pytest.approx(120 / 301) and tensor[456] == pytest.approx(250 / 301)
    lead_out(hand)
    panel = hand.observation(-1).panel()
    assert panel["chooser"] == 2 and panel["chooser_side"] == 0 and panel["made_it"]
    assert panel["result"] == [157, 0] and panel["remaining_after"] == [24, 51]
    assert hand.observation(-1).hand == 0 and hand.observation(3).panel() == panel
    with pytest.raises(ValueError):
        hand.observation(4)


def test_the_description_and_the_registry() -> None:
    assert get("darts-jass") is VARIANT and VARIANT.players == (4, 3, 2)
    assert not VARIANT.lower_is_better and VARIANT.action_space(None).size == 64
    assert list(VARIANT.presets) == list(PRESETS) == ["301", "501", "1001", "three", "two"]
    for name in PRESETS:
        rules = VARIANT.preset(name)
        assert VARIANT.num_seats(rules) == rules.players
        assert DartsGame(rules, seed=0).sides == ((0, 1, 0, 1) if rules.players == 4
                                                 else tuple(range(rules.players)))
