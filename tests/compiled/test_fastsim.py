"""The compiled fast simulator plays the reference's very hands: the same deals, actions and
scores from the same random numbers, under every preset and two rule sets with every option."""

from __future__ import annotations

import random

import pytest

pytest.importorskip("numba")

from fastsim.oracle import ALL_RULES
from puur import compiled
from puur.actions import A_WEIS
from puur.cards import RANK_MASK
from puur.fastsim import FastHand, FastSim, FastSimError, random_hands
from puur.round import Round


@pytest.fixture(autouse=True)
def _restore() -> object:
    yield
    compiled.set_enabled(None)


def both(sim: FastSim, seed: int, count: int, **kw: object) -> tuple[list[FastHand], float]:
    """The hands of the compiled path, checked against the reference path, and the generator's
    next number afterwards (the same on both paths)."""
    compiled.set_enabled(False)
    rng = random.Random(seed)
    want = sim.play_many(rng, count, **kw)  # type: ignore[arg-type]
    after = rng.random()
    compiled.set_enabled(True)
    rng = random.Random(seed)
    got = sim.play_many(rng, count, **kw)  # type: ignore[arg-type]
    assert rng.random() == after
    assert got == want
    return got, after


def holds_four(hand: int) -> bool:
    return any(hand & m == m for m in RANK_MASK[3:])


@pytest.mark.parametrize("name", list(ALL_RULES))
def test_batches_are_the_reference_hands(name: str) -> None:
    rules = ALL_RULES[name]
    hands, _ = both(FastSim(rules), 11, 600)
    if rules.weis:
        # Splits around a four of a kind, and more than one split offered and chosen.
        assert any(holds_four(x) for h in hands for x in h.hands)
        assert any(a > A_WEIS + 1 for h in hands for a in h.actions if a >= A_WEIS)
        assert any(h.weis != (0, 0) for h in hands)
    if rules.match_bonus:
        assert any(h.match_bonus != (0, 0) for h in hands)


@pytest.mark.parametrize("name", list(ALL_RULES))
def test_game_end_in_the_middle_of_a_hand(name: str) -> None:
    rules = ALL_RULES[name]
    hands, _ = both(FastSim(rules), 12, 300, game_scores=(rules.target - 100, rules.target - 130))
    assert {h.winner for h in hands} == {-1, 0, 1}
    both(FastSim(rules), 13, 100, game_scores=(rules.target - 1, rules.target - 1))


@pytest.mark.parametrize("name", ["standard-2500", "options-a", "options-b"])
def test_matches_and_kontermatches_score_as_a_round_scores_them(name: str) -> None:
    rules = ALL_RULES[name]
    compiled.set_enabled(True)
    hands = FastSim(rules).play_many(random.Random(14), 6000)
    kinds = set()
    for h in hands:
        if h.match_bonus == (0, 0):
            continue
        rnd = Round(rules, h.hands, h.forehand)
        for a in h.actions:
            rnd.push(a)  # the checked push
        score = rnd.hand_score()
        assert rnd.is_over and rnd.credited == h.credited
        assert (tuple(score["match_bonus"]), tuple(score["trick_points"])) == (
            h.match_bonus, h.trick_points)
        kinds.add("kontermatch" if score["kontermatch"] else "match")
    assert kinds == {"match", "kontermatch"}


def test_random_hands_and_a_subclassed_generator() -> None:
    rules = ALL_RULES["family"]
    compiled.set_enabled(False)
    want = random_hands(rules, 50, random.Random(3))
    compiled.set_enabled(True)
    assert random_hands(rules, 50, random.Random(3)) == want

    class Scripted(random.Random):
        def random(self) -> float:
            return 0.5

    # A generator with its own random() goes through the reference loop, numbers and all.
    sim = FastSim(rules)
    assert sim.play_many(Scripted(1), 3) == [sim.play(Scripted(1)) for _ in range(3)]


def test_bad_arguments_are_refused_before_anything_is_drawn() -> None:
    sim = FastSim(ALL_RULES["family"])
    rng = random.Random(1)
    state = rng.getstate()
    for bad in (-1, 1.5, True):
        with pytest.raises(FastSimError, match="count"):
            sim.play_many(rng, bad)  # type: ignore[arg-type]
    with pytest.raises(FastSimError):
        sim.play_many(rng, 3, game_scores=(1, -5))
    with pytest.raises(FastSimError, match="rng"):
        sim.play_many(object(), 3)  # type: ignore[arg-type]
    assert rng.getstate() == state


def test_one_simulator_serves_several_threads() -> None:
    # The compiled loop runs without the GIL: each call keeps its own state.
    from concurrent.futures import ThreadPoolExecutor

    rules = ALL_RULES["options-a"]
    sim = FastSim(rules)
    compiled.set_enabled(True)
    jobs = [(seed, (rules.target - 100, rules.target - 150) if seed % 2 else None)
            for seed in range(8)]
    want = [sim.play_many(random.Random(seed), 400, game_scores=gs) for seed, gs in jobs]
    with ThreadPoolExecutor(4) as pool:
        got = list(pool.map(
            lambda job: sim.play_many(random.Random(job[0]), 400, game_scores=job[1]), jobs))
    assert got == want
