"""The batched random simulator: the reference's hands, with every decision's legal actions
and what the seat saw as arrays, under every preset and two rule sets with every option."""

from __future__ import annotations

import random

import numpy as np
import pytest

pytest.importorskip("numba")

from fastsim.oracle import ALL_RULES
from puur.actions import NUM_ACTIONS
from puur.compiled.batch import MAX_DECISIONS, legal_flags, random_batch
from puur.fastsim import FastSim, FastSimError
from puur.round import Round


def reference(name: str, seed: int, count: int) -> tuple[list[tuple[object, list[int]]], float]:
    """The reference's hands one after the other, each with its trace of legal sets."""
    sim = FastSim(ALL_RULES[name])
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        trace: list[int] = []
        out.append((sim.play(rng, trace=trace), trace))
    return out, rng.random()


@pytest.mark.parametrize("name", list(ALL_RULES))
def test_a_batch_is_the_reference_hands_with_their_legal_sets(name: str) -> None:
    want, after = reference(name, 21, 300)
    rng = random.Random(21)
    b = random_batch(ALL_RULES[name], 300, rng)
    assert rng.random() == after
    for i, (hand, trace) in enumerate(want):
        n = int(b.decisions[i])
        assert b.actions[i, :n].tolist() == hand.actions  # type: ignore[attr-defined]
        assert (b.actions[i, n:] == -1).all()
        assert [int(x) for x in b.legal[i, :n]] == trace
        assert tuple(b.hands[i].tolist()) == hand.hands  # type: ignore[attr-defined]
        for field in ("credited", "trick_points", "match_bonus", "weis", "stoeck"):
            assert tuple(getattr(b, field)[i].tolist()) == getattr(hand, field), field
        assert (int(b.forehand[i]), int(b.contract[i]), int(b.multiplier[i])) == (
            hand.forehand, hand.contract, hand.multiplier)  # type: ignore[attr-defined]


@pytest.mark.parametrize("name", list(ALL_RULES))
def test_what_each_seat_saw_is_what_a_round_shows(name: str) -> None:
    rules = ALL_RULES[name]
    b = random_batch(rules, 60, random.Random(22))
    flags = legal_flags(b.legal)
    assert flags.shape == (60, MAX_DECISIONS, NUM_ACTIONS)
    for i in range(60):
        rnd = Round(rules, [int(x) for x in b.hands[i]], int(b.forehand[i]))
        for d in range(int(b.decisions[i])):
            assert int(b.seat[i, d]) == rnd.to_move
            assert int(b.hand[i, d]) == rnd.hands[rnd.to_move]
            played = 0
            for c in rnd.played:
                played |= 1 << c
            assert int(b.played[i, d]) == played
            assert [int(c) for c in b.trick[i, d] if c >= 0] == list(rnd.trick)
            assert int(b.trick_no[i, d]) == rnd.trick_no
            assert np.flatnonzero(flags[i, d]).tolist() == rnd.legal_actions()
            rnd.push(int(b.actions[i, d]))
        assert rnd.is_over


def test_bad_arguments() -> None:
    rules = ALL_RULES["family"]
    with pytest.raises(FastSimError, match="count"):
        random_batch(rules, -1, random.Random(1))
    with pytest.raises(FastSimError, match="rules"):
        random_batch("family", 1, random.Random(1))  # type: ignore[arg-type]

    class Scripted(random.Random):
        def random(self) -> float:
            return 0.5

    with pytest.raises(FastSimError, match=r"plain random\.Random"):
        random_batch(rules, 1, Scripted(1))
    assert random_batch(rules, 0, random.Random(1)).actions.shape == (0, MAX_DECISIONS)
