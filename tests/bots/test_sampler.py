"""The deal sampler: every sample agrees with the observation it was drawn from."""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from puur.actions import A_CHOOSE, A_PUSH
from puur.bots.sampler import (
    DealSampler,
    InconsistentDealError,
    determinize,
    infer_forbidden,
    is_consistent,
)
from puur.cards import ALL_CARDS, SUIT_MASK, CardSet, bits, parse_card
from puur.contracts import PUUR
from puur.observation import Observation
from puur.round import Round
from puur.rules import PRESETS, RuleSet

RULE_SETS = [
    RuleSet(),
    PRESETS["standard-2500"],
    PRESETS["bare"],
    RuleSet(stoeck_announce="with-weis", large_weis=True, weis_four_low=True),
    RuleSet(extra_contracts=frozenset({6, 7, 8}), kreuzweis=True),
]


def random_position(seed: int, rules: RuleSet, steps: int) -> Round:
    rng = random.Random(seed)
    rnd = Round.deal(rules, seed=seed)
    for _ in range(steps):
        if rnd.is_over:
            break
        rnd.push(rng.choice(rnd.legal_actions()))
    return rnd


def check_sample(obs: Observation, hands: tuple[int, ...]) -> None:
    """The sample respects sizes, own hand, played and known cards, and the inferred voids."""
    assert len(hands) == 4
    assert hands[obs.seat] == obs.hand
    played = 0
    for _s, c in obs.history:
        played |= 1 << c
    union = 0
    forbidden = infer_forbidden(obs)
    for s in range(4):
        assert hands[s].bit_count() == obs.hand_sizes[s]
        assert hands[s] & played == 0
        assert union & hands[s] == 0
        union |= hands[s]
        assert hands[s] & obs.known_cards(s) == obs.known_cards(s)
        assert hands[s] & forbidden[s] == 0
    assert union | played == ALL_CARDS


@given(
    seed=st.integers(0, 10**6),
    rules_index=st.integers(0, len(RULE_SETS) - 1),
    steps=st.integers(0, 45),
    seat=st.integers(0, 3),
)
def test_samples_never_contradict_the_observation(
    seed: int, rules_index: int, steps: int, seat: int
) -> None:
    rnd = random_position(seed, RULE_SETS[rules_index], steps)
    obs = rnd.observation(seat)
    # The real deal is one of the consistent ones.
    assert is_consistent(obs, rnd.hands)
    sampler = DealSampler(obs)
    rng = random.Random(seed)
    for _ in range(4):
        hands = sampler.sample(rng)
        check_sample(obs, hands)
        # The recorded history replays legally on the sampled deal, to the same state.
        assert is_consistent(obs, hands)
        replay = determinize(obs, hands)
        assert replay.played == rnd.played
        assert replay.credited == rnd.credited
        assert replay.hands == hands


def hands_of(*texts: str) -> list[int]:
    return [CardSet.from_text(t).bits for t in texts]


def play_cards(rnd: Round, tokens: str) -> None:
    for tok in tokens.split():
        while rnd.phase in ("weis", "stoeck"):
            rnd.push(rnd.legal_actions()[0] if rnd.phase == "weis" else 63)
        rnd.push(parse_card(tok))


def test_void_ruff_and_puur_inferences() -> None:
    hands = hands_of(
        "H6 H7 H8 H9 HT HJ HQ HK HA",  # seat 0: all Rosen
        "D6 D7 D8 S6 S7 S8 C6 C7 C8",
        "D9 DT DJ S9 ST SJ C9 CT CJ",
        "DQ DK DA SQ SK SA CQ CK CA",
    )
    rnd = Round(RuleSet(), hands, forehand=1)
    rnd.push(A_CHOOSE + 1)  # Rosen trumps: seat 0 holds every trump
    # Seat 1 leads D6, seat 2 follows DT, seat 3 DA, seat 0 must ruff or... it only has trumps.
    play_cards(rnd, "D6 DT DA H6")
    obs = rnd.observation(1)
    forbid = infer_forbidden(obs)
    # H6 is a ruff over no trump: proves nothing about Schellen. (Seat 0 in fact holds only
    # trumps, but a ruff is legal with the suit in hand.)
    assert forbid[0] == 0
    # Seat 0 won and leads trumps; seat 1 has none and discards: no trump but maybe the Puur.
    play_cards(rnd, "H7 D7")
    forbid = infer_forbidden(rnd.observation(2))
    assert forbid[1] == SUIT_MASK[1] & ~PUUR[1]


def test_undertrump_shows_only_trumps_left() -> None:
    hands = hands_of(
        "DA D7 D8 D9 H6 H7 H8 H9 HT",
        "S6 S7 S8 S9 ST SJ SQ SK SA",
        "CA DT DJ DQ DK HJ HQ HK HA",
        "D6 C6 C7 C8 C9 CT CJ CQ CK",
    )
    rnd = Round(RuleSet(), hands, forehand=3)
    rnd.push(A_CHOOSE + 3)  # Eicheln trumps
    # Trick 1: D6 led, seat 1 discards a spade. Trick 2: seat 0 leads H6, seat 1 discards,
    # seat 2 ruffs with the Ace (holding hearts: allowed), seat 3 plays a lower trump, which
    # is only legal with nothing but trumps in hand.
    play_cards(rnd, "D6 DA S6 DT H6 S7 CA C6")
    forbid = infer_forbidden(rnd.observation(0))
    assert forbid[1] == SUIT_MASK[0] | SUIT_MASK[1]
    assert forbid[2] == 0
    assert forbid[3] == ALL_CARDS & ~SUIT_MASK[3]
    sampler = DealSampler(rnd.observation(0))
    h = sampler.sample(random.Random(3))
    assert h[3] & ~SUIT_MASK[3] == 0


def test_construct_undertrump_inference_directly() -> None:
    hands = hands_of(
        "C6 C7 C8 C9 CT D6 D7 D8 D9",  # seat 0: trumps and Schellen
        "DT DJ DQ DK DA H6 H7 H8 H9",
        "HT HJ HQ HK HA S6 S7 S8 S9",
        "ST SJ SQ SK SA CJ CQ CK CA",
    )
    rnd = Round(RuleSet(), hands, forehand=1)
    rnd.push(A_CHOOSE + 3)  # Eicheln trumps
    # Seat 1 leads H6, seat 2 follows HA, seat 3 ruffs CA, seat 0 (no hearts, holds Schellen)
    # may not undertrump, so it discards D6.
    play_cards(rnd, "H6 HA CA D6")
    forbid = infer_forbidden(rnd.observation(2))
    assert forbid[0] & SUIT_MASK[1] == SUIT_MASK[1]  # void in Rosen
    assert forbid[0] & SUIT_MASK[3] == 0  # it may still hold trumps


def test_exact_sampler_support_late_in_the_hand() -> None:
    """Near the end, every consistent deal can be listed: the sampler covers them all evenly."""
    rnd = random_position(11, RuleSet(), 0)
    rnd.push(A_CHOOSE + 4)  # Obenabe: voids are the only inference
    rng = random.Random(2)
    while len(rnd.played) < 28:
        rnd.push(rng.choice(rnd.legal_actions()))
    obs = rnd.observation(rnd.to_move)
    me = obs.seat
    others = [s for s in range(4) if s != me]
    pool = [c for c in bits(ALL_CARDS) if not obs.hand >> c & 1
            and all(c != card for _s, card in obs.history)]
    consistent = set()
    for perm in itertools.permutations(pool):
        hands = [0, 0, 0, 0]
        hands[me] = obs.hand
        k = 0
        for s in others:
            for c in perm[k:k + obs.hand_sizes[s]]:
                hands[s] |= 1 << c
            k += obs.hand_sizes[s]
        t = tuple(hands)
        if t not in consistent and is_consistent(obs, t):
            consistent.add(t)
    assert rnd.hands in consistent
    sampler = DealSampler(obs)
    draws = Counter(sampler.sample(rng) for _ in range(60 * len(consistent)))
    assert set(draws) == consistent
    # Uniform: each consistent deal about 60 times (loose bounds, fixed seed).
    assert min(draws.values()) > 25 and max(draws.values()) < 110


def test_announced_weis_is_placed_with_its_seat() -> None:
    hands = hands_of(
        "D6 D7 D8 H6 S6 S8 C6 C8 CT",  # seat 0: a Dreiblatt in Schellen
        "D9 DT H7 H8 S7 S9 C7 C9 CJ",
        "DJ DQ H9 HT SJ SQ CQ CK CA",
        "DK DA HJ HQ HK HA ST SK SA",  # seat 3: four of Rosen
    )
    rnd = Round(RuleSet(), hands, forehand=0)
    rnd.push(A_CHOOSE + 2)
    assert rnd.phase == "weis"
    rnd.push(rnd.legal_actions()[1])  # seat 0 declares its Weis
    rnd.push(parse_card("C6"))
    obs = rnd.observation(1)
    assert obs.weis_announced[0] == ((20, 3),)
    sampler = DealSampler(obs)
    rng = random.Random(5)
    for _ in range(30):
        h = sampler.sample(rng)
        initial = h[0] | obs.played_by(0)
        runs = [initial >> (9 * s) & 0x1FF for s in range(4)]
        # Some suit holds a run of exactly three.
        assert any("01110" in f"0{r:09b}0" for r in runs)
        assert is_consistent(obs, h)


def test_bad_deals_are_rejected_with_a_clear_error() -> None:
    rnd = random_position(4, RuleSet(), 12)
    obs = rnd.observation(0)
    wrong = list(rnd.hands)
    wrong[1], wrong[2] = wrong[2], wrong[1]
    if wrong == list(rnd.hands):
        pytest.skip("identical hands")
    with pytest.raises(InconsistentDealError):
        determinize(obs, (wrong[0], wrong[1], wrong[2]))
    assert not is_consistent(obs, (0, 0, 0, 0))
    # The observer's hand must be its own.
    swapped = list(rnd.hands)
    swapped[0], swapped[1] = swapped[1], swapped[0]
    assert not is_consistent(obs, tuple(swapped))


def test_choose_phase_after_a_push() -> None:
    rnd = Round.deal(RuleSet(), seed=8)
    rnd.push(A_PUSH)
    obs = rnd.observation(rnd.to_move)
    sampler = DealSampler(obs)
    h = sampler.sample(random.Random(1))
    check_sample(obs, h)
    r2 = determinize(obs, h)
    assert r2.pushed and r2.to_move == rnd.to_move
