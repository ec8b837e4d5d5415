"""The double-dummy solver agrees with plain minimax over the engine, and on known endings."""

from __future__ import annotations

import random

import pytest

from engine.positions import (
    CARD_PLAY,
    CONTRACTS,
    KONTERMATCH,
    SCORING,
    brute_force,
    decide,
    gained,
    positions,
    taken,
)
from puur.actions import A_CHOOSE, A_PUSH, A_STOECK
from puur.bots.dds import Solver, analyse, best_card, played_points, solve
from puur.cards import CardSet, parse_card
from puur.contracts import POINTS, Contract
from puur.round import Round
from puur.rules import PRESETS, RuleSet

RULE_SETS = [
    RuleSet(),
    PRESETS["standard-2500"],
    PRESETS["bare"],
    RuleSet(kontermatch="double", extra_contracts=frozenset({6, 7, 8})),
    RuleSet(kontermatch="bonus", kontermatch_bonus=250, stoeck_announce="with-weis"),
]


def ending(seed: int, rules: RuleSet, tricks_left: int) -> Round:
    """A random position with ``tricks_left`` tricks to go (and a random part of a trick)."""
    rng = random.Random(seed)
    rnd = Round.deal(rules, seed=seed)
    contracts = rules.contracts()
    rnd.push(A_CHOOSE + contracts[seed % len(contracts)])
    target = (9 - tricks_left) * 4 + rng.randrange(4)
    while len(rnd.played) < target or rnd.phase != "play":
        acts = rnd.legal_actions()
        rnd.push(A_STOECK if rnd.phase == "stoeck" else rng.choice(acts))
    return rnd


@pytest.mark.parametrize("seed", range(60))
def test_agrees_with_brute_force_on_three_trick_endings(seed: int) -> None:
    rnd = ending(seed, RULE_SETS[seed % len(RULE_SETS)], 3)
    team = rnd.to_move & 1
    moves = analyse(rnd)
    assert sorted(c for c, _v in moves) == rnd.legal_actions()
    # Each card's value is exactly what minimax finds after playing it.
    stoeck_to_come = 20 if (rnd.stoeck_seat >= 0 and rnd.stoeck_state == 0
                            and rnd.stoeck_seat & 1 == team) else 0
    for card, value in moves:
        base = len(rnd.credits)
        rnd.push(card)
        if rnd.phase == "stoeck":
            rnd.push(A_STOECK)
            expect = gained(rnd, base, team) + brute_force(rnd, team)
            rnd.pop()
        else:
            expect = gained(rnd, base, team) + brute_force(rnd, team) + stoeck_to_come
        rnd.pop()
        assert value == expect, (card, value, expect)
    assert moves[0][1] == max(v for _c, v in moves) == solve(rnd)


@pytest.mark.parametrize("seed", range(8))
def test_agrees_with_brute_force_on_four_trick_endings(seed: int) -> None:
    rnd = ending(100 + seed, RULE_SETS[seed % len(RULE_SETS)], 4)
    v = brute_force(rnd, rnd.to_move & 1)
    assert solve(rnd) == v
    assert best_card(rnd)[1] == v


def hands_of(*texts: str) -> list[int]:
    return [CardSet.from_text(t).bits for t in texts]


def test_last_trick_known_value() -> None:
    solver = Solver(RuleSet(), Contract.ROSEN, declarer_team=0)
    hands = hands_of("HA", "DT", "HJ", "D6")  # seat 2 holds the Puur
    # Seat 0 leads the trump Ace; the partner's Puur wins it all: 11 + 10 + 20 + 0 + 5.
    assert solver.values(hands, 0, [], 8, taken=3) == {parse_card("HA"): 46}
    # For the opponents (seat 1 to move after HA) the value is 0: they cannot win the trick.
    assert solver.values(hands, 0, [parse_card("HA")], 8, taken=3) == {parse_card("DT"): 0}


def test_match_bonus_counts_when_one_team_took_every_trick() -> None:
    solver = Solver(RuleSet(), Contract.OBENABE, declarer_team=0)
    hands = hands_of("DA SA", "D6 S6", "DK SK", "D7 S7")
    trick_points = sum(POINTS[4][c] for h in hands for c in range(36) if h >> c & 1) + 5
    # Team 0 has taken every trick so far and takes the last two: Match bonus on top.
    assert solver.value(hands, 0, [], 7, taken=1) == trick_points + 100
    # Once the other team has a trick, no bonus.
    assert Solver(RuleSet(), Contract.OBENABE, 0).value(hands, 0, [], 7, taken=3) == (
        trick_points
    )
    # Kontermatch counted as the rules say: team 0 did not choose here.
    km = Solver(RuleSet(kontermatch="bonus", kontermatch_bonus=250), Contract.OBENABE, 1)
    assert km.value(hands, 0, [], 7, taken=1) == trick_points + 250


def test_known_ending_where_every_card_takes_all() -> None:
    # Obenabe, seat 0 to lead with SA SK D6; partner seat 2 holds DA DK S6: whatever seat 0
    # leads, team 0 takes the three tricks.
    hands = hands_of("SA SK D6", "S7 S8 D7", "DA DK S6", "S9 ST D8")
    solver = Solver(RuleSet(), Contract.OBENABE, declarer_team=0)
    vals = solver.values(hands, 0, [], 6, taken=3)
    total = sum(POINTS[4][c] for h in hands for c in range(36) if h >> c & 1) + 5
    assert max(vals.values()) == total  # all three tricks are ours
    assert set(vals.values()) == {total}


def test_a_losing_lead_is_valued_lower() -> None:
    # Obenabe, last two tricks, seat 0 leads. Cashing DA takes 21 and then SK loses the last
    # trick (and its bonus) to SA; leading SK first gives up 15 but DA then takes 21 + 5.
    hands = hands_of("DA SK", "DT SA", "D6 S6", "D7 S7")
    solver = Solver(RuleSet(), Contract.OBENABE, declarer_team=0)
    vals = solver.values(hands, 0, [], 7, taken=3)
    assert vals[parse_card("DA")] == 21
    assert vals[parse_card("SK")] == 26
    assert best_card_of(vals) == parse_card("SK")


def best_card_of(vals: dict[int, int]) -> int:
    return max(vals, key=lambda c: vals[c])


def test_rejects_positions_outside_card_play() -> None:
    rnd = Round.deal(RuleSet(), seed=2)
    with pytest.raises(ValueError):
        analyse(rnd)
    rnd.push(A_PUSH)
    with pytest.raises(ValueError):
        solve(rnd)
    with pytest.raises(ValueError):
        Solver(RuleSet(), 12, 0)
    solver = Solver(RuleSet(), Contract.OBENABE, declarer_team=0)
    with pytest.raises(ValueError):
        solver.values(hands_of("SA", "S7", "DA", "S9"), 0, [], 8, taken=3, cards=[0])


# ---------------------------------------------------------------------------------------------
# Against the reference Round under every Kontermatch scoring and every contract, on positions
# where one team has taken every trick so far (tests/engine/positions.py).


def solver_value(rnd: Round, team: int, past: int | None = -1) -> int:
    solver = Solver(rnd.rules, rnd.contract, rnd.declarer_team)
    return solver.value(rnd.hands, rnd.leader, rnd.trick, rnd.trick_no, taken(rnd),
                        past_points=sum(rnd.trick_points) if past == -1 else past, team=team)


@pytest.mark.parametrize("contract", CONTRACTS)
@pytest.mark.parametrize("kontermatch", KONTERMATCH)
def test_solver_agrees_with_brute_force_under_every_scoring(
    kontermatch: str, contract: int
) -> None:
    rules = SCORING[kontermatch]
    for rnd, _team in positions(rules, contract, "brute", 6, 2, 3):
        for team in (0, 1):
            expect = brute_force(rnd, team, CARD_PLAY)
            assert solver_value(rnd, team) == expect, (team, rnd)
        # The points already taken follow from the cards still out in every contract but
        # the Slaloms, and the Round-level entry points pass them on.
        assert played_points(contract, rnd.played) == sum(rnd.trick_points)
        if contract < Contract.SLALOM:
            assert solver_value(rnd, 0, past=None) == solver_value(rnd, 0)
        mover = rnd.to_move & 1
        stoeck = 20 if (rnd.stoeck_seat >= 0 and rnd.stoeck_state == 0
                        and rnd.stoeck_seat & 1 == mover) else 0
        assert solve(rnd) == brute_force(rnd, mover, CARD_PLAY) + stoeck


def test_slalom_needs_the_points_already_taken_for_a_doubled_kontermatch() -> None:
    raised = 0
    for rnd, _team in positions(SCORING["double"], Contract.SLALOM, "past", 6, 3, 4):
        if taken(rnd) == 1 << (rnd.declarer_team ^ 1):  # a doubled Kontermatch may come
            with pytest.raises(ValueError, match="past_points"):
                solver_value(rnd, 0, past=None)
            raised += 1
        else:  # it cannot: the points taken so far do not matter
            assert solver_value(rnd, 0, past=None) == solver_value(rnd, 0)
    assert 0 < raised < 6


@pytest.mark.parametrize("contract", CONTRACTS)
@pytest.mark.parametrize("kontermatch", KONTERMATCH)
def test_solver_line_scores_its_value_in_the_reference(kontermatch: str, contract: int) -> None:
    """Longer endings: the team maximises, the others minimise its gain, each by the
    solver's values; the reference Round then credits exactly the root value."""
    rules = SCORING[kontermatch]
    outcomes = set()
    for rnd, team in positions(rules, contract, "line", 6, 4, 5):
        root = solver_value(rnd, team)
        base = len(rnd.credits)
        solver = Solver(rules, contract, rnd.declarer_team)
        while not rnd.is_over:
            if rnd.phase != "play":
                decide(rnd)
                continue
            vals = solver.values(rnd.hands, rnd.leader, rnd.trick, rnd.trick_no, taken(rnd),
                                 past_points=sum(rnd.trick_points), team=team)
            pick = max if rnd.to_move & 1 == team else min
            card = pick(vals, key=lambda c: vals[c])
            # Along the line the solver's value stays the gain still to come.
            assert vals[card] + gained(rnd, base, team, CARD_PLAY) == root
            rnd.push(card)
        assert gained(rnd, base, team, CARD_PLAY) == root
        hs = rnd.hand_score()
        outcomes.add("kontermatch" if hs["kontermatch"] else "match" if hs["match"] >= 0
                     else "split")
    # The sample reached both kinds of Match in this contract.
    assert {"kontermatch", "match"} <= outcomes
