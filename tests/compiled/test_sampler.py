"""The compiled card pool deals the reference's very deals: the same deals and the same state
of the random numbers afterwards for the same seed, on random pools and on the deal sampler's
positions of every preset; every deal meets every constraint, and every consistent deal is
drawn equally often."""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest

pytest.importorskip("numba")

from compiled.cases import RULE_SETS, all_positions
from puur import compiled
from puur.bots.cardpool import CardPool, InconsistentDealError
from puur.bots.sampler import DealSampler, DealStream, infer_forbidden, is_consistent
from puur.cards import ALL_CARDS, bits


@pytest.fixture(autouse=True)
def _restore() -> object:
    yield
    compiled.set_enabled(None)


def both(pool: CardPool, seed: int, n: int) -> tuple[list[tuple[int, ...]], list[tuple[int, ...]]]:
    """``n`` deals of the reference and of the compiled pool from the same seed; the two
    generators end in the same state."""
    a, b = random.Random(seed), random.Random(seed)
    ref = pool.draw_many(a, n, compiled=False)
    fast = pool.draw_many(b, n, compiled=True)
    assert pool._compiled_core() is not None
    assert a.getstate() == b.getstate()
    assert a.random() == b.random()
    return ref, fast


def random_pool(rng: random.Random) -> CardPool:
    """A pool of up to 32 cards for 1-4 seats, each seat barred from some cards at random, with
    sizes that add up (rebuilt until it has a deal)."""
    while True:
        k = rng.randint(1, 4)
        cards = rng.sample(range(36), rng.randint(k, 8 * k))
        allowed = [0] * k
        for c in cards:
            seats = [i for i in range(k) if rng.random() < 0.7] or [rng.randrange(k)]
            for i in seats:
                allowed[i] |= 1 << c
        cuts = sorted(rng.sample(range(1, len(cards)), k - 1)) if k > 1 else []
        need = [b - a for a, b in zip([0, *cuts], [*cuts, len(cards)], strict=True)]
        pool = sum(1 << c for c in cards)
        made = CardPool(pool, allowed, need)
        if made.count():
            return made


def test_random_pools_count_and_deal_as_the_reference() -> None:
    rng = random.Random(21)
    for t in range(100):
        pool = random_pool(rng)
        core = pool._compiled_core()
        assert core is not None and core.total == pool.count()
        ref, fast = both(pool, t, 25)
        assert fast == ref


@pytest.mark.parametrize("name", list(RULE_SETS))
def test_sampler_positions_give_the_reference_deals_and_meet_every_constraint(name: str) -> None:
    checked = 0
    for rnd in all_positions(name, "sampler", 25, 1, 9):
        for seat in range(4):
            obs = rnd.observation(seat)
            a, b = random.Random(seat), random.Random(seat)
            # Fresh samplers: one that failed to meet announced Weis tries less afterwards.
            ref = DealSampler(obs).sample_many(a, 12, compiled=False)
            fast = DealSampler(obs).sample_many(b, 12, compiled=True)
            assert fast == ref and a.getstate() == b.getstate()
            forbidden = infer_forbidden(obs)
            # Announced Weis of another seat are met by the reference's rejection (which may
            # give up, documented); the rest is the compiled pool's and meets everything.
            weis = DealSampler(obs).check_weis
            for hands in fast:
                assert all(hands[s] & forbidden[s] == 0 for s in range(4))
                assert [h.bit_count() for h in hands] == list(obs.hand_sizes)
                assert hands[seat] == obs.hand
                assert weis or is_consistent(obs, hands)
            checked += not weis
    assert checked >= 40


def test_every_consistent_deal_is_drawn_equally_often() -> None:
    # Three seats share 9 cards, three each, one seat barred from three of them: 10 * 20 = 200
    # deals... enumerated here and counted over 40,000 compiled draws.
    cards = list(range(9))
    allowed = [sum(1 << c for c in cards[3:]), ALL_CARDS, ALL_CARDS]
    pool = CardPool(sum(1 << c for c in cards), allowed, [3, 3, 3])
    support = set()
    for first in itertools.combinations(cards[3:], 3):
        rest = [c for c in cards if c not in first]
        for second in itertools.combinations(rest, 3):
            third = [c for c in rest if c not in second]
            support.add(tuple(sum(1 << c for c in h) for h in (first, second, third)))
    assert pool.count() == len(support) == 400
    draws = Counter(pool.draw_many(random.Random(4), 40_000, compiled=True))
    assert set(draws) == support
    # 100 a deal expected: a deal drawn under 55 or over 150 times is 4.5 sigma out.
    assert min(draws.values()) > 55 and max(draws.values()) < 150


@pytest.mark.parametrize(("cards", "need"), [(35, [6, 6, 6, 6, 6, 5]), (24, [3] * 8)])
def test_pools_too_large_stay_on_the_reference(cards: int, need: list[int]) -> None:
    # Six seats for 35 cards: about 1e24 deals, beyond 64 bits; eight seats of three cards:
    # 3.7e17 deals, but 2 * 4^8 counts to tabulate.
    pool = CardPool((1 << cards) - 1, [ALL_CARDS] * len(need), need)
    assert (pool.count() > 1 << 62) == (cards == 35)
    assert pool._compiled_core() is None
    a, b = random.Random(1), random.Random(1)
    assert pool.draw_many(a, 5, compiled=True) == [pool.draw(b) for _ in range(5)]
    for hands in pool.draw_many(a, 5):
        assert sorted(c for h in hands for c in bits(h)) == list(range(cards))


def test_the_switch_keeps_the_reference_path() -> None:
    pool = CardPool(0b111111, [0b111111, 0b111111], [3, 3])
    compiled.set_enabled(False)
    deals = pool.draw_many(random.Random(2), 10)
    assert pool._core is None  # nothing compiled was built
    compiled.set_enabled(None)
    assert pool.draw_many(random.Random(2), 10) == deals


def test_a_pool_without_a_deal_is_an_error() -> None:
    pool = CardPool(0b11, [0b01, 0b01], [1, 1])
    assert pool.count() == 0
    with pytest.raises(InconsistentDealError):
        pool.draw_many(random.Random(1), 3, compiled=True)
    with pytest.raises(ValueError):
        CardPool(0b11, [0b11, 0b11], [1, 1]).draw_many(random.Random(1), -1)


def test_a_stream_gives_the_same_deals_on_both_paths() -> None:
    rnd = next(iter(all_positions("bare", "stream", 1, 5, 8)))
    obs = rnd.observation(rnd.to_move)
    runs = []
    for flag in (False, True):
        compiled.set_enabled(flag)
        stream = DealStream(DealSampler(obs), random.Random(9))
        runs.append([stream.draw() for _ in range(100)])
    assert runs[0] == runs[1]
