"""The search's play-outs against the reference Round, under every Kontermatch scoring and every
contract: the line a play-out plays, pushed into a Round, is credited exactly the gains the
play-out returns; with an exact endgame, each team gets its exact (brute-force) value."""

from __future__ import annotations

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
from puur.bots.dds import Solver
from puur.bots.playout import Playout
from puur.contracts import Contract
from puur.round import Round


def push_line(rnd: Round, line: list[int]) -> None:
    """Push the play-out's cards into ``rnd``, answering Stöck questions (announce)."""
    for card in line:
        while rnd.phase != "play":
            decide(rnd)
        rnd.push(card)  # the checked push: an illegal card would raise


def run(playout: Playout, rnd: Round, line: list[int], past: int | None = -1) -> list[int]:
    gains = playout.run(
        list(rnd.hands), rnd.leader, list(rnd.trick), rnd.trick_no, taken(rnd),
        past_points=sum(rnd.trick_points) if past == -1 else past, line=line,
    )
    return list(gains)


@pytest.mark.parametrize("open_hands", [False, True])
@pytest.mark.parametrize("contract", CONTRACTS)
@pytest.mark.parametrize("kontermatch", KONTERMATCH)
def test_playout_gains_are_what_the_reference_credits(
    kontermatch: str, contract: int, open_hands: bool
) -> None:
    rules = SCORING[kontermatch]
    outcomes = set()
    for rnd, _team in positions(rules, contract, "playout", 12, 1, 9):
        playout = Playout(rules, contract, rnd.declarer_team, open_hands)
        line: list[int] = []
        gains = run(playout, rnd, line)
        if contract < Contract.SLALOM:  # the points taken follow from the cards still out
            assert run(playout, rnd, [], past=None) == gains
        base = len(rnd.credits)
        push_line(rnd, line)
        assert rnd.is_over
        assert gains == [gained(rnd, base, t, CARD_PLAY) for t in (0, 1)]
        hs = rnd.hand_score()
        outcomes.add("kontermatch" if hs["kontermatch"] else "match" if hs["match"] >= 0
                     else "split")
    assert {"kontermatch", "match"} <= outcomes


@pytest.mark.parametrize("contract", CONTRACTS)
@pytest.mark.parametrize("kontermatch", KONTERMATCH)
def test_exact_endgame_gives_each_team_its_exact_value(kontermatch: str, contract: int) -> None:
    rules = SCORING[kontermatch]
    for rnd, _team in positions(rules, contract, "endgame", 4, 2, 4):
        playout = Playout(rules, contract, rnd.declarer_team, open_hands=True)
        playout.endgame = Solver(rules, contract, rnd.declarer_team)
        playout.endgame_tricks = 3
        line: list[int] = []
        gains = run(playout, rnd, line)
        # The policy plays until at most three tricks are left, then the exact values take over.
        base = len(rnd.credits)
        push_line(rnd, line)
        assert not rnd.trick and 9 - rnd.trick_no <= 3
        for team in (0, 1):
            played = gained(rnd, base, team, CARD_PLAY)
            assert gains[team] == played + brute_force(rnd, team, CARD_PLAY), team


def test_slalom_play_out_needs_the_points_already_taken_for_a_doubled_kontermatch() -> None:
    raised = 0
    for rnd, _team in positions(SCORING["double"], Contract.SLALOM_UNDE, "past", 6, 3, 5):
        playout = Playout(rnd.rules, rnd.contract, rnd.declarer_team)
        if taken(rnd) == 1 << (rnd.declarer_team ^ 1):
            with pytest.raises(ValueError, match="past_points"):
                run(playout, rnd, [], past=None)
            raised += 1
        else:
            assert run(playout, rnd, [], past=None) == run(playout, rnd, [])
    assert 0 < raised < 6


@pytest.mark.parametrize("make", [Solver, Playout])
def test_solver_and_play_outs_refuse_a_bad_setup(make: type) -> None:
    rules = SCORING["match"]
    make(rules, Contract.SLALOM, 1)
    for args in [("rules", 4, 0), (rules, True, 0), (rules, 9, 0), (rules, 4, True),
                 (rules, 4, 2), (rules, "obe", 0)]:
        with pytest.raises(ValueError):
            make(*args)
