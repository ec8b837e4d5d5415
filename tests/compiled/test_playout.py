"""The compiled play-outs play the reference play-outs' very cards and gains on random positions
of every preset, every contract and every Kontermatch scoring, with and without open hands and
an exact endgame."""

from __future__ import annotations

import pytest

pytest.importorskip("numba")

from compiled.cases import RULE_SETS, all_positions, taken
from puur import compiled
from puur.bots.dds import Solver
from puur.bots.playout import Playout
from puur.contracts import Contract
from puur.round import Round


def play(playout: Playout, rnd: Round, past: bool = True) -> tuple[tuple[int, int], list[int],
                                                                   list[int]]:
    """Gains, the cards played and the hands left."""
    hands = list(rnd.hands)
    line: list[int] = []
    gains = playout.run(hands, rnd.leader, list(rnd.trick), rnd.trick_no, taken(rnd),
                        past_points=sum(rnd.trick_points) if past else None, line=line)
    return gains, line, hands


@pytest.mark.parametrize("name", list(RULE_SETS))
def test_play_outs_play_the_reference_cards(name: str) -> None:
    checked = 0
    for rnd in all_positions(name, "playout", 60, 1, 9):
        for open_hands in (False, True):
            ref = Playout(rnd.rules, rnd.contract, rnd.declarer_team, open_hands,
                          compiled=False)
            fast = Playout(rnd.rules, rnd.contract, rnd.declarer_team, open_hands,
                           compiled=True)
            assert fast.compiled and not ref.compiled
            want = play(ref, rnd)
            assert play(fast, rnd) == want, (name, open_hands)
            assert len(want[1]) == 36 - len(rnd.played) and not any(want[2])
            if rnd.contract not in (Contract.SLALOM, Contract.SLALOM_UNDE):
                assert play(fast, rnd, past=False) == want
            checked += 1
    assert checked >= 120


@pytest.mark.parametrize("name", ["family", "kontermatch-double", "kontermatch-bonus"])
def test_exact_endgames_give_the_reference_gains(name: str) -> None:
    for i, rnd in enumerate(all_positions(name, "endgame", 24, 3, 9)):
        out = []
        for flag in (False, True):
            p = Playout(rnd.rules, rnd.contract, rnd.declarer_team, open_hands=bool(i % 2),
                        compiled=flag)
            p.endgame = Solver(rnd.rules, rnd.contract, rnd.declarer_team, compiled=flag)
            p.endgame_tricks = 1 + i % 4
            out.append(play(p, rnd))
        assert out[1] == out[0]


def test_the_policy_gives_the_same_cards_under_the_switch() -> None:
    try:
        for rnd in all_positions("kontermatch-match", "switch", 20, 2, 9):
            compiled.set_enabled(False)
            p = Playout(rnd.rules, rnd.contract, rnd.declarer_team, True)
            assert not p.compiled
            want = play(p, rnd)
            compiled.set_enabled(True)
            p = Playout(rnd.rules, rnd.contract, rnd.declarer_team, True)
            assert p.compiled
            assert play(p, rnd) == want
    finally:
        compiled.set_enabled(None)
