"""The reference Round's fast paths: push_unchecked and the cheap Weis pre-test."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from puur.hand import may_hold_weis as _may_hold_weis
from puur.round import IllegalActionError, Round
from puur.rules import RuleSet
from puur.weis import weis_options

from .oracle import ALL_RULES


def state(r: Round) -> dict[str, Any]:
    """Everything push and pop change (the undo stack and caches aside)."""
    return {k: v for k, v in vars(r).items() if k not in ("_stack", "_options_cache")}


@pytest.mark.parametrize("name", sorted(ALL_RULES))
def test_push_unchecked_matches_push_and_pops(name: str) -> None:
    rules = ALL_RULES[name]
    rng = random.Random(name)
    for _ in range(40):
        checked = Round.deal(rules, rng=rng)
        fast = Round(rules, checked.initial_hands, checked.forehand)
        while not checked.is_over:
            acts = checked.legal_actions()
            assert fast.legal_actions() == acts
            a = acts[int(rng.random() * len(acts))]
            before = state(fast)
            fast.push_unchecked(a)
            after = state(fast)
            fast.pop()
            assert state(fast) == before
            fast.push_unchecked(a)
            assert state(fast) == after
            checked.push(a)
            assert state(fast) == state(checked)


def test_push_still_refuses_an_illegal_card() -> None:
    rng = random.Random(5)
    r = Round.deal(RuleSet(), rng=rng)
    while r.phase != "play" or not r.trick:
        acts = r.legal_actions()
        r.push(acts[int(rng.random() * len(acts))])
    illegal = [c for c in range(36) if c not in r.legal_actions()]
    before = state(r)
    for c in [*illegal, 36 + 99, -1]:
        with pytest.raises(IllegalActionError):
            r.push(c)
        assert state(r) == before


weis_rules = st.sampled_from(
    [RuleSet(), RuleSet(weis_four_low=True), RuleSet(kreuzweis=True, weis_four_low=True),
     RuleSet(large_weis=True)]
)


@given(cards=st.lists(st.integers(0, 35), min_size=9, max_size=9, unique=True), rules=weis_rules)
def test_weis_pre_test_never_hides_a_weis(cards: list[int], rules: RuleSet) -> None:
    hand = sum(1 << c for c in cards)
    if not _may_hold_weis(hand):
        assert weis_options(hand, rules) == []


def test_weis_pre_test_sees_every_four_of_a_kind_and_run() -> None:
    rules = RuleSet(weis_four_low=True)
    for rank in range(9):
        four = sum(1 << (9 * s + rank) for s in range(4))
        assert _may_hold_weis(four) and weis_options(four, rules)
    for suit in range(4):
        for low in range(7):
            run = 0b111 << (9 * suit + low)
            assert _may_hold_weis(run) and weis_options(run, rules)
