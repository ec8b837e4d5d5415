"""Properties of the fast simulator over arbitrary deals, seeds and rule sets (Hypothesis)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from puur.cards import ALL_CARDS, RANK_MASK
from puur.contracts import NUM_CONTRACTS, Contract, contract_mode, trump_of
from puur.fastsim import FastSim, deal, random_hand, random_hands
from puur.rules import RuleSet
from puur.weis import meld_key, weis_options

from .oracle import ALL_RULES, replay_and_compare

rule_sets = st.sampled_from(sorted(ALL_RULES)).map(ALL_RULES.__getitem__)
deals = st.permutations(range(36)).map(
    lambda d: [sum(1 << c for c in d[9 * s:9 * s + 9]) for s in range(4)]
)


@st.composite
def hands_with_a_four(draw: st.DrawFn) -> int:
    """A nine-card hand that holds four of a kind (and often a sequence through it)."""
    rank = draw(st.integers(0, 8))
    rest = draw(st.lists(
        st.integers(0, 35).filter(lambda c: not RANK_MASK[rank] >> c & 1),
        min_size=5, max_size=5, unique=True,
    ))
    return RANK_MASK[rank] | sum(1 << c for c in rest)


any_hand = st.lists(st.integers(0, 35), min_size=9, max_size=9, unique=True).map(
    lambda cs: sum(1 << c for c in cs)
)


@given(rules=rule_sets, hand=st.one_of(any_hand, hands_with_a_four()),
       contract=st.integers(0, NUM_CONTRACTS - 1))
def test_weis_offer_matches_puur_weis(rules: RuleSet, hand: int, contract: int) -> None:
    """The tables give the same splits, points and best Weis as puur.weis, in the same order."""
    mode, trump = contract_mode(contract, 0), trump_of(contract)
    offer = FastSim(rules).weis_offer(hand, mode, trump)
    expected = weis_options(hand, rules, mode, trump)[:15] if rules.weis else []
    assert [p for p, _ in offer] == [sum(m.points for m in s) for s in expected]
    # The packed keys order the splits' best Weis exactly as meld_key does.
    best = [max(meld_key(m, mode, trump) for m in s) for s in expected]
    keys = [k for _, k in offer]
    for i in range(len(keys)):
        for j in range(len(keys)):
            assert (keys[i] < keys[j]) == (best[i] < best[j])


@given(rules=rule_sets, hands=deals, seed=st.integers(0, 2**32), forehand=st.integers(0, 3),
       scores=st.none() | st.tuples(st.integers(0, 3000), st.integers(0, 3000)))
def test_any_deal_plays_out_like_the_reference(
    rules: RuleSet, hands: list[int], seed: int, forehand: int, scores: tuple[int, int] | None
) -> None:
    trace: list[int] = []
    hand = random_hand(
        rules, random.Random(seed), hands, forehand, game_scores=scores, trace=trace
    )
    cards = [a for a in hand.actions if a < 36]
    assert len(set(cards)) == len(cards)  # no card played twice
    if hand.winner < 0:
        assert sorted(cards) == list(range(36))  # played out: every card exactly once
        if hand.contract < Contract.SLALOM:  # Slalom counts each trick by its own order
            assert sum(hand.trick_points) == 152 + rules.last_trick_bonus
    replay_and_compare(rules, hand, trace, scores)


@given(seed=st.integers(0, 2**32))
def test_deal_is_four_disjoint_hands_of_nine(seed: int) -> None:
    hands = deal(random.Random(seed))
    assert all(h.bit_count() == 9 for h in hands)
    assert hands[0] | hands[1] | hands[2] | hands[3] == ALL_CARDS


def test_deal_spreads_every_card_over_every_seat() -> None:
    rng = random.Random(11)
    counts = [[0] * 4 for _ in range(36)]
    for _ in range(4000):
        for seat, h in enumerate(deal(rng)):
            for c in range(36):
                counts[c][seat] += h >> c & 1
    # 1000 expected per card and seat; a fair shuffle stays well inside 850..1150.
    assert all(850 < n < 1150 for row in counts for n in row)


def test_batch_plays_independent_hands() -> None:
    rules = RuleSet()
    hands = random_hands(rules, 50, random.Random(4))
    assert len(hands) == 50
    assert len({h.hands for h in hands}) == 50
    assert random_hands(rules, 0, random.Random(4)) == []


@pytest.mark.parametrize(
    ("hands", "forehand"),
    [
        ([0x1FF, 0x1FF << 9, 0x1FF << 18], None),  # three hands
        ([0x1FF, 0x1FF << 9, 0x1FF << 18, 0x1FF], None),  # a card dealt twice
        ([0xFF, 0x1FF << 9, 0x1FF << 18, 0x1FF << 27], None),  # eight cards
        ([0x1FF, 0x1FF << 9, 0x1FF << 18, 0x1FF << 27], 4),  # no such seat
        (None, -1),  # no such seat, with a deal to draw
    ],
)
def test_bad_input_is_refused(hands: list[int] | None, forehand: int | None) -> None:
    rng = random.Random(1)
    state = rng.getstate()
    with pytest.raises(ValueError):
        random_hand(RuleSet(), rng, hands, forehand)
    assert rng.getstate() == state  # nothing was drawn


@pytest.mark.parametrize("scores", [(1, 2, 3), (-5, 0), (0, "10")])
def test_bad_game_scores_are_refused(scores: tuple[int, int]) -> None:
    rng = random.Random(1)
    state = rng.getstate()
    with pytest.raises(ValueError, match="game_scores"):
        random_hand(RuleSet(), rng, game_scores=scores)
    assert rng.getstate() == state


def test_negative_batch_is_refused() -> None:
    with pytest.raises(ValueError, match="count"):
        random_hands(RuleSet(), -1, random.Random(1))
