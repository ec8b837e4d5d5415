"""Coiffeur: the rule book's worked examples and the variant's own rules."""

from __future__ import annotations

import random

import pytest

from puur.actions import A_PUSH
from puur.contracts import Contract
from puur.hand import IllegalActionError
from puur.options import OptionError
from puur.round import deal_hands
from puur.variants import get
from puur.variants.coiffeur import (
    A_ROW,
    PRESETS,
    CoiffeurGame,
    CoiffeurHand,
    CoiffeurRules,
    row_action,
    row_score,
)
from puur.variants.view import SPECTATOR

EMPTY8 = ((None,) * 8, (None,) * 8)


def play_out(hand: CoiffeurHand, rng: random.Random) -> None:
    while not hand.is_over:
        hand.push(rng.choice(hand.legal_actions()))


# Example 1: team A chooses Rosen (×2) on reglement8 and takes 97 card points incl. last trick.
def test_example_1_rosen_times_two() -> None:
    rules = CoiffeurRules()
    row = [r.discipline for r in rules.rows()].index("H")
    assert rules.rows()[row].multiplier == 2
    assert row_score(rules, Contract.ROSEN, 2, 97, 0, 5, 4) == 194


# Example 2: team B chooses Undenufe (×6) and makes a Match: 257 × 6 = 1542.
def test_example_2_undenufe_match() -> None:
    rules = CoiffeurRules()
    assert row_score(rules, Contract.UNDENUFE, 6, 157, 0, 9, 0) == 1542
    flat = rules.replace(match="flat")
    assert row_score(flat, Contract.UNDENUFE, 6, 157, 0, 9, 0) == 157 * 6 + 100
    assert row_score(rules.replace(counter_loss=100), Contract.UNDENUFE, 6, 0, 0, 0, 9) == -100


# Example 3: A's eight rows total 4310, B's 4102: A wins by 208.
def test_example_3_the_higher_column_wins() -> None:
    a_rows = (97, 194, 291, 388, 485, 582, 1057, 1216)
    b_rows = (90, 180, 270, 360, 450, 540, 1036, 1176)
    assert (sum(a_rows), sum(b_rows)) == (4310, 4102)
    game = CoiffeurGame(seed=3)
    game.sheets[-1] = ((*a_rows[:7], None), b_rows)  # one hand left for team A
    game.rounds[-1] = CoiffeurHand(game.rules, game.deal_for(0), 0, game.sheets[-1])
    hand = game.round
    assert hand.to_move in (0, 2)
    rng = random.Random(3)
    while not game.is_over:
        game.push(rng.choice(game.legal_actions()))
    a, b = game.scores
    assert b == 4102 and a == sum(a_rows[:7]) + hand.row_value()
    assert game.standings() == ((1, 2) if a > b else (2, 1) if b > a else (1, 1))
    game = CoiffeurGame(seed=3)
    rng = random.Random(3)
    while not game.is_over:
        game.push(rng.choice(game.legal_actions()))
    a, b = game.scores
    assert (a, b) == tuple(sum(v for v in col if v is not None) for col in game.sheet)
    assert game.standings() == ((1, 2) if a > b else (2, 1) if b > a else (1, 1))
    assert len(game.rounds) == 16


# Example 4: seats 1 (team A), 2 (B), 3 (A) and 4 (B) all push: seat 1 must choose and leads.
def test_example_4_everybody_pushes_and_the_vorhand_must_choose() -> None:
    hands = tuple(deal_hands("push"))
    hand = CoiffeurHand(CoiffeurRules(), hands, 0, EMPTY8)
    for seat in (0, 1, 2, 3):
        assert hand.to_move == seat and A_PUSH in hand.legal_actions()
        hand.push(A_PUSH)
    assert hand.to_move == 0 and A_PUSH not in hand.legal_actions()
    hand.push(row_action(0, Contract.EICHELN))
    assert hand.phase == "play" and hand.to_move == 0 and hand.leader == 0


def test_pushing_goes_to_the_next_seat_and_the_chooser_leads() -> None:
    hand = CoiffeurHand(CoiffeurRules(), tuple(deal_hands(1)), 2, EMPTY8)
    hand.push(A_PUSH)
    assert hand.to_move == 3  # an opponent, not the partner
    hand.push(row_action(5, Contract.UNDENUFE))
    assert hand.chooser == 3 and hand.to_move == 3 and hand.first_leader == 3


def test_only_open_rows_of_the_own_column_are_offered() -> None:
    sheet = ((100, None, None, None, None, None, None, None), (None,) * 8)
    hand = CoiffeurHand(CoiffeurRules(), tuple(deal_hands(2)), 0, sheet)
    rows = {(a - A_ROW) // 16 for a in hand.legal_actions() if a >= A_ROW}
    assert rows == set(range(1, 8))
    free = {(a - A_ROW) % 16 for a in hand.legal_actions() if a >= A_ROW and (a - A_ROW) // 16 == 6}
    assert free == {0, 1, 2, 3, 4, 5}
    with pytest.raises(IllegalActionError):
        hand.push(row_action(0, Contract.EICHELN))


def test_a_full_column_is_skipped() -> None:
    full = tuple(range(8))
    sheet = (full, (None, 5, 5, 5, 5, 5, 5, 5))
    hand = CoiffeurHand(CoiffeurRules(), tuple(deal_hands(3)), 0, sheet)  # type: ignore[arg-type]
    assert hand.to_move == 1  # the Vorhand's team is full: the next eligible seat chooses
    hand.push(A_PUSH)
    assert hand.to_move == 3
    hand.push(A_PUSH)
    assert hand.to_move == 1 and A_PUSH not in hand.legal_actions()
    assert {(a - A_ROW) // 16 for a in hand.legal_actions() if a >= A_ROW} == {0}


def test_the_choosing_team_writes_and_the_other_writes_nothing() -> None:
    for seed in range(20):
        game = CoiffeurGame(seed=seed)
        rng = random.Random(seed)
        hand = game.round
        while not hand.is_over:
            game.push(rng.choice(game.legal_actions()))
        team = hand.chooser & 1
        mult = game.rows[hand.row].multiplier
        col, other = game.sheet[team], game.sheet[1 - team]
        assert all(v is None for v in other)
        assert [r for r, v in enumerate(col) if v is not None] == [hand.row]
        won = hand.tricks_won
        if won[team] == 9:
            assert col[hand.row] == 257 * mult
        elif won[1 - team] == 9:
            assert col[hand.row] == 0
        elif hand.contract == Contract.MISERE:
            assert col[hand.row] == hand.trick_points[team] * mult
        else:
            assert col[hand.row] == hand.trick_points[team] * mult
            if hand.contract < Contract.SLALOM:
                assert sum(hand.trick_points) == 157


def test_slalom_and_guschti_values() -> None:
    rules = PRESETS["ten"]
    for values in ("per_trick", "obenabe"):
        r = rules.replace(slalom_values=values)
        for contract in (Contract.SLALOM, Contract.SLALOM_UNDE, Contract.GUSCHTI,
                         Contract.GUSCHTI_UNDE):
            row = next(i for i, x in enumerate(r.rows()) if contract in r.contracts_of(x))
            hand = CoiffeurHand(r, tuple(deal_hands(contract)), 0, ((None,) * 10,) * 2)
            hand.push(row_action(row, contract))
            play_out(hand, random.Random(contract))
            modes = hand.trick_modes
            if values == "obenabe":
                assert set(modes) == {4} and sum(hand.trick_points) == 157
            elif contract >= Contract.GUSCHTI:
                first = 4 if contract == Contract.GUSCHTI else 5
                assert modes == (first,) * 5 + (9 - first,) * 4
            else:
                first = 4 if contract == Contract.SLALOM else 5
                assert modes == tuple(first if t % 2 == 0 else 9 - first for t in range(9))


def test_weis_and_stoeck_count_for_the_choosing_team_when_on() -> None:
    rules = PRESETS["weis"]
    extra_seen = False
    for seed in range(80):
        hand = CoiffeurHand(rules, tuple(deal_hands(seed)), 0, EMPTY8)
        rng = random.Random(seed)
        while not hand.is_over:
            legal = hand.legal_actions()
            hand.push(max(legal) if hand.phase in ("weis", "stoeck") else rng.choice(legal))
        team = hand.chooser & 1
        extra = sum(p for s, p, k in hand.credits if s == team and k in ("weis", "stoeck"))
        mult = rules.rows()[hand.row].multiplier
        won = hand.tricks_won
        if 9 not in won and hand.contract != Contract.MISERE:
            assert hand.row_value() == (hand.trick_points[team] + extra) * mult
            extra_seen |= extra > 0
    assert extra_seen


def test_a_game_ends_when_both_columns_are_full() -> None:
    for preset in ("reglement8", "ten", "twelve"):
        game = get("coiffeur").new_game(PRESETS[preset], seed=preset)
        rng = random.Random(preset)
        while not game.is_over:
            game.push(rng.choice(game.legal_actions()))
        rows = len(game.rows)
        assert len(game.rounds) == 2 * rows
        assert all(v is not None for col in game.sheet for v in col)


def test_misere_row_and_win_bonus() -> None:
    rules = CoiffeurRules(misere=True, win_bonus=500)
    assert rules.rows()[-1].discipline == "misere" and len(rules.rows()) == 9
    game = CoiffeurGame(rules, seed=4)
    rng = random.Random(4)
    while not game.is_over:
        game.push(rng.choice(game.legal_actions()))
    plain = [sum(v for v in col if v is not None) for col in game.sheet]
    if plain[0] != plain[1]:
        w = 0 if plain[0] > plain[1] else 1
        assert game.scores[w] == plain[w] + 500 and game.scores[1 - w] == plain[1 - w]


def test_the_sheet_is_public_and_hands_stay_hidden() -> None:
    game = CoiffeurGame(seed=5)
    obs = game.observation(SPECTATOR)
    assert obs.hand == 0 and len(obs.sheet_rows) == 8 and obs.sheet == EMPTY8
    assert len(obs.to_tensor()) == 603
    mine = game.observation(game.to_move)
    assert mine.hand == game.round.hands[game.to_move] and sum(mine.action_mask()) > 0


def test_bad_options_are_refused() -> None:
    with pytest.raises(OptionError, match="custom_rows"):
        CoiffeurRules(sheet="custom", custom_rows="C:1 X:2")
    with pytest.raises(OptionError, match="custom_rows"):
        CoiffeurRules(sheet="custom", custom_rows="C:0")
    with pytest.raises(OptionError):
        CoiffeurRules(sheet="custom", custom_rows=" ".join(["C:1"] * 17))
    custom = CoiffeurRules(sheet="custom", custom_rows="obe:3 unde:3")
    assert [(r.discipline, r.multiplier) for r in custom.rows()] == [("obe", 3), ("unde", 3)]
    game = CoiffeurGame(custom, seed=1)
    rng = random.Random(1)
    while not game.is_over:
        game.push(rng.choice(game.legal_actions()))
    assert len(game.rounds) == 4


def test_a_deal_that_does_not_fit_is_refused_with_its_code() -> None:
    game = get("coiffeur").new_game(seed=3)
    first = game.round
    while game.round is first:
        game.push(game.legal_actions()[0])
    second = game.round
    hands = game.deal_for(1)
    for bad in [(hands[0], hands[0], hands[2], hands[3]), hands[:3], None]:
        with pytest.raises(IllegalActionError) as e:
            game.set_deal(bad)  # type: ignore[arg-type]
        assert e.value.reason == "bad_deal" and game.round is second
    game.push(game.legal_actions()[0])
    with pytest.raises(IllegalActionError, match="before the hand's first action") as e:
        game.set_deal(hands)
    assert e.value.reason == "bad_deal"
