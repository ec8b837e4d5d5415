"""The compiled solver gives the reference solver's values on random positions of every preset,
every contract and every Kontermatch scoring."""

from __future__ import annotations

import pytest

pytest.importorskip("numba")

from compiled.cases import RULE_SETS, all_positions, taken
from puur import compiled
from puur.bots.dds import Solver, analyse, solve
from puur.contracts import Contract
from puur.round import Round


def both(rnd: Round) -> tuple[Solver, Solver]:
    return (Solver(rnd.rules, rnd.contract, rnd.declarer_team, compiled=False),
            Solver(rnd.rules, rnd.contract, rnd.declarer_team, compiled=True))


def args(rnd: Round) -> tuple[list[int], int, list[int], int, int]:
    return list(rnd.hands), rnd.leader, list(rnd.trick), rnd.trick_no, taken(rnd)


@pytest.mark.parametrize("name", list(RULE_SETS))
def test_values_of_every_card_are_the_reference_values(name: str) -> None:
    checked = 0
    contracts = set()
    for rnd in all_positions(name, "values", 40, 1, 4):
        ref, fast = both(rnd)
        assert fast.compiled and not ref.compiled
        past = sum(rnd.trick_points)
        for team in (0, 1):
            want = ref.values(*args(rnd), past_points=past, team=team)
            assert fast.values(*args(rnd), past_points=past, team=team) == want, (name, team)
            best = max(want.values()) if (rnd.to_move & 1) == team else min(want.values())
            assert fast.value(*args(rnd), past_points=past, team=team) == best
        checked += 1
        contracts.add(rnd.contract)
    assert checked >= 40
    assert contracts == set(RULE_SETS[name].contracts())


@pytest.mark.parametrize("name", ["standard-2500", "kontermatch-double", "kontermatch-bonus"])
def test_five_and_six_tricks_left(name: str) -> None:
    for i, rnd in enumerate(all_positions(name, "deep", 6, 5, 6)):
        ref, fast = both(rnd)
        past = sum(rnd.trick_points)
        if i % 3 == 0:  # the whole position (a six-trick solve takes the reference seconds)
            assert fast.value(*args(rnd), past_points=past) == ref.value(*args(rnd),
                                                                         past_points=past)
        else:
            legal = rnd.legal_actions()
            cards = legal[:2]
            assert fast.values(*args(rnd), cards, past_points=past) == ref.values(
                *args(rnd), cards, past_points=past)


def test_one_solver_along_a_hand_keeps_its_table_and_stays_exact() -> None:
    # The search reuses one solver for many deals: the table must never give a stale value.
    for rnd in all_positions("kontermatch-double", "reuse", 8, 4, 4):
        ref, fast = both(rnd)
        while not rnd.is_over:
            if rnd.phase == "play":
                past = sum(rnd.trick_points)
                want = Solver(rnd.rules, rnd.contract, rnd.declarer_team,
                              compiled=False).values(*args(rnd), past_points=past)
                assert fast.values(*args(rnd), past_points=past) == want
                assert ref.values(*args(rnd), past_points=past) == want
                assert fast.table_entries() > 0 or rnd.trick_no == 8
                rnd.push(max(want, key=lambda c: (want[c], c)))
            else:
                rnd.push(rnd.legal_actions()[0])
        fast.clear_table()
        assert fast.table_entries() == 0
        assert fast.nodes > 0


def test_analyse_and_solve_follow_the_switch() -> None:
    try:
        for rnd in all_positions("kontermatch-bonus", "switch", 30, 1, 3):
            compiled.set_enabled(False)
            want = (analyse(rnd), solve(rnd))
            compiled.set_enabled(True)
            assert (analyse(rnd), solve(rnd)) == want
    finally:
        compiled.set_enabled(None)


def test_a_slalom_needs_past_points_on_both_paths() -> None:
    raised = 0
    for rnd in all_positions("kontermatch-double", "past", 30, 2, 5):
        if rnd.contract not in (Contract.SLALOM, Contract.SLALOM_UNDE):
            continue
        ref, fast = both(rnd)
        try:
            want: object = ref.values(*args(rnd))
        except ValueError as e:
            want = str(e)
            raised += 1
        try:
            got: object = fast.values(*args(rnd))
        except ValueError as e:
            got = str(e)
        assert got == want
    assert raised


def test_bad_positions_are_refused_on_both_paths() -> None:
    rnd = next(all_positions("family", "bad", 1, 3, 3))
    for solver in both(rnd):
        hands, leader, _trick, trick_no, tk = args(rnd)
        with pytest.raises(ValueError, match="card-play position"):
            solver.value(hands, leader, [0, 1, 2, 3], trick_no, tk)
        with pytest.raises(ValueError, match="card-play position"):
            solver.values(hands, leader, [], 9, tk)
