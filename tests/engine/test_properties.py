"""Hypothesis properties over random hands and games under every preset.

Each example deals from a drawn seed and plays uniformly random legal actions drawn from a
second seed, so a failure is reproduced by its two seeds. Example counts come from the profile
in ``tests/conftest.py``.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import event, given
from hypothesis import strategies as st

from puur.actions import A_STOECK, A_STOECK_NO, A_WEIS
from puur.cards import ALL_CARDS, bits
from puur.contracts import POINTS, STRENGTH, Contract, contract_mode
from puur.game import Game
from puur.notation import format_deal, format_position, parse_deal, parse_position
from puur.observation import OBS_SIZE, observe
from puur.record import format_record, iter_records, replay
from puur.round import IllegalActionError, Round
from puur.rules import PRESETS, RuleSet, rules_from_dict, rules_to_dict
from puur.weis import stoeck_cards

from .util import play_random_game

PRESET_NAMES = sorted(PRESETS)
seeds = st.integers(min_value=0, max_value=2**32 - 1)

# House rules that change the flow of a hand, drawn on top of a preset.
def with_house_rules(preset: RuleSet) -> st.SearchStrategy[RuleSet]:
    return st.builds(
        lambda push_back, announce, order, extra, kreuz: preset.replace(
            push_back=push_back, stoeck_announce=announce, count_order=order,
            extra_contracts=frozenset(extra), kreuzweis=kreuz,
        ),
        st.booleans(),
        st.sampled_from(["second-card", "with-weis"]),
        st.sampled_from(["stoeck-weis-stich", "stoeck-stich-weis"]),
        st.sets(st.sampled_from([Contract.MISERE, Contract.SLALOM, Contract.SLALOM_UNDE])),
        st.booleans(),
    )


rule_sets = st.sampled_from(PRESET_NAMES).flatmap(lambda n: with_house_rules(PRESETS[n]))
every_preset = pytest.mark.parametrize("preset", PRESET_NAMES)


def public_state(r: Round) -> tuple[Any, ...]:
    """Everything that changes with play, including the hidden hands."""
    return (
        r.hands, r.phase, r.to_move, r.pushed, r.pushed_back, r.chooser, r.contract, r.trump,
        r.mode, r.multiplier, r.trick_no, r.leader, r.trick, r.played, r.trick_winners,
        r.declared, r.weis_seat, r.stoeck_seat, r.stoeck_state, r.credits, r.credited,
        r.winner, r.actions, r.legal_actions(),
    )


def random_round(rules: RuleSet, deal_seed: int, play_seed: int) -> Round:
    r = Round.deal(rules, seed=deal_seed)
    rng = random.Random(play_seed)
    while not r.is_over:
        r.push(rng.choice(r.legal_actions()))
    return r


@every_preset
@given(deal_seed=seeds, play_seed=seeds)
def test_each_card_once_and_157_per_hand(preset: str, deal_seed: int, play_seed: int) -> None:
    rules = PRESETS[preset]
    r = random_round(rules, deal_seed, play_seed)
    assert sorted(r.played) == list(range(36)) and r.hands == (0, 0, 0, 0)
    # Recount every trick from the cards and the rule book's tables, independently of credits.
    team_points = [0, 0]
    for t, (leader, cards, winner) in enumerate(r.tricks()):
        mode = contract_mode(r.contract, t)
        lead = cards[0] // 9
        trumps = [c for c in cards if r.trump >= 0 and c // 9 == r.trump]
        pool = trumps or [c for c in cards if c // 9 == lead]
        best = max(pool, key=lambda c: STRENGTH[mode][c])
        assert (leader + cards.index(best)) % 4 == winner
        team_points[winner & 1] += sum(POINTS[mode][c] for c in cards)
    team_points[r.trick_winners[-1] & 1] += rules.last_trick_bonus
    hs = r.hand_score()
    assert hs["trick_points"] == team_points
    assert sum(team_points) == 157
    match = hs["match"]
    assert (match >= 0) == (len(set(w & 1 for w in r.trick_winners)) == 1)
    if match >= 0 and not hs["kontermatch"]:
        assert sum(hs["trick_points"]) + sum(hs["match_bonus"]) == 157 + rules.match_bonus
    # Credits add up to the multiplied breakdown.
    mult = r.multiplier
    for team in (0, 1):
        raw = sum(hs[k][team] for k in ("trick_points", "match_bonus", "weis", "stoeck"))
        assert r.credited[team] == raw * mult
    assert sum(p for _t, p, _k in r.credits) == sum(r.credited)


@every_preset
@given(data=st.data(), deal_seed=seeds, play_seed=seeds)
def test_legal_set_never_empty_and_pop_restores(
    preset: str, data: st.DataObject, deal_seed: int, play_seed: int
) -> None:
    rules = data.draw(with_house_rules(PRESETS[preset]))
    r = Round.deal(rules, seed=deal_seed)
    rng = random.Random(play_seed)
    start = public_state(r)
    states = []
    while not r.is_over:
        legal = r.legal_actions()
        assert legal, r
        assert legal == sorted(set(legal))
        if r.phase == "play":
            assert r.legal_cards() & ~r.hands[r.to_move] == 0
        before = public_state(r)
        states.append(before)
        # An illegal action is refused and changes nothing.
        illegal = [x for x in range(-1, 66) if x not in legal]
        with pytest.raises(IllegalActionError):
            r.push(rng.choice(illegal))
        assert public_state(r) == before
        a = rng.choice(legal)
        # push then pop gives back an equal state; then push again for real.
        r.push(a)
        assert r.pop() == a
        assert public_state(r) == before
        r.push(a)
    assert r.legal_actions() == []
    # Undo everything.
    for before in reversed(states):
        r.pop()
        assert public_state(r) == before
    assert public_state(r) == start


@every_preset
@given(data=st.data(), deal_seed=seeds, play_seed=seeds)
def test_observation_never_shows_hidden_cards(
    preset: str, data: st.DataObject, deal_seed: int, play_seed: int
) -> None:
    rules = data.draw(with_house_rules(PRESETS[preset]))
    r = Round.deal(rules, seed=deal_seed)
    rng = random.Random(play_seed)
    while True:
        for seat in range(4):
            _check_observation(r, seat)
        if r.is_over:
            break
        r.push(rng.choice(r.legal_actions()))


def _check_observation(r: Round, seat: int) -> None:
    obs = observe(r, seat)
    assert obs.hand == r.hands[seat]
    played = 0
    for c in r.played:
        played |= 1 << c
    assert {c for _s, c in obs.history} == set(bits(played))
    # What the table may know of another seat: the best team's Weis after trick 1, and the
    # Stöck cards once announced.
    trick1_over = bool(r.trick_winners)
    for other in range(4):
        if other == seat:
            continue
        public = 0
        if trick1_over and r.weis_seat >= 0 and (other & 1) == (r.weis_seat & 1):
            for m in r.declared[other]:
                public |= m.cards
        if r.stoeck_state == 1 and r.stoeck_seat == other:
            public |= stoeck_cards(r.trump)
        known = obs.known_cards(other)
        assert known & ~public == 0
        assert known & ~r.hands[other] == 0
        if not trick1_over or r.weis_seat < 0 or (other & 1) != (r.weis_seat & 1):
            assert obs.weis_shown[other] == ()
    if seat != r.to_move or r.is_over:
        assert obs.legal_actions == () and obs.weis_options == ()
    else:
        assert list(obs.legal_actions) == r.legal_actions()
        assert obs.action_mask() == [int(x) for x in r.legal_mask()]
    v = obs.to_tensor()
    assert len(v) == OBS_SIZE
    assert [c for c in range(36) if v[c]] == bits(r.hands[seat])
    for rel in (1, 2, 3):
        other = (seat + rel) % 4
        block = [c for c in range(36) if v[350 + 36 * (rel - 1) + c]]
        assert block == bits(obs.known_cards(other))
    for rel in range(4):
        s = (seat + rel) % 4
        hist = {c for c in range(36) if v[36 + 36 * rel + c]}
        assert hist == {c for p, c in obs.history if p == s}


# Rule sets for the hidden-card property: Weis of every kind, Stöck announced either way, every
# contract (random play picks any of them), push back, both counting orders.
HIDDEN_RULES = [
    PRESETS["family"],
    PRESETS["online-1500"].replace(
        stoeck_announce="with-weis", push_back=True, large_weis=True, weis_four_low=True,
        extra_contracts=frozenset({Contract.MISERE, Contract.SLALOM, Contract.SLALOM_UNDE}),
    ),
    RuleSet(kreuzweis=True, count_order="stoeck-stich-weis",
            extra_contracts=frozenset({Contract.SLALOM_UNDE, Contract.MISERE})),
]


def public_record(r: Round) -> tuple[Any, ...]:
    """What the whole table has seen and heard (rule book §2.3-§2.6): the forehand, pushes and
    the contract, every card with its seat, whose turn it is, each seat's Weis as announced
    (points and lengths), the points credited, Stöck once announced and, after trick 1, the
    melds of the best Weis's team. A Weis or Stöck question to another seat reads as a turn
    to play."""
    phase = r.phase
    if phase == "weis" or (phase == "stoeck" and r.rules.stoeck_announce == "with-weis"):
        phase = "play"
    shown: tuple[Any, ...] = ()
    if r.trick_winners and r.weis_seat >= 0:
        shown = (r.weis_seat, r.declared[r.weis_seat & 1], r.declared[(r.weis_seat & 1) + 2])
    return (
        r.forehand, r.pushed, r.pushed_back, r.chooser, r.contract, r.tricks(), r.trick,
        r.to_move, phase,
        tuple(sorted((m.points, m.length) for m in d) for d in r.declared),
        r.credits, r.stoeck_seat if r.stoeck_state == 1 else -1, shown,
    )


def table_knows(r: Round, other: int) -> int:
    """The cards of seat ``other`` that the rule book lets the table know (§2.5, §2.6): those
    it played, its melds once trick 1 showed them as the best Weis's team, the King and Ober
    of trumps once it announced Stöck, and the start card when it is the forehand."""
    known = 0
    for leader, cards, _winner in r.tricks():
        known |= 1 << cards[(other - leader) % 4]
    for s, c in r.current_trick():
        if s == other:
            known |= 1 << c
    if r.trick_winners and r.weis_seat >= 0 and (other & 1) == (r.weis_seat & 1):
        for m in r.declared[other]:
            known |= m.cards
    if r.stoeck_state == 1 and r.stoeck_seat == other:
        known |= stoeck_cards(r.trump)
    if other == r.forehand:
        known |= 1 << r.rules.start_card
    return known & r.initial_hands[other]


def _redeal_hidden(r: Round, seat: int, rng: random.Random, keep_suits: bool) -> list[int]:
    """The deal of ``r`` with the cards hidden from ``seat`` shuffled between the other hands:
    each other hand keeps its count (and with ``keep_suits`` its count per suit) and the cards
    the table knows of it (:func:`table_knows`)."""
    hands = list(r.initial_hands)
    fixed = [table_knows(r, s) for s in range(4)]
    pool = [c for s in range(4) if s != seat for c in bits(hands[s] & ~fixed[s])]
    new = [hands[s] if s == seat else fixed[s] for s in range(4)]
    groups = [[c for c in pool if c // 9 == suit] for suit in range(4)] if keep_suits else [pool]
    for group in groups:
        owners = [s for c in group for s in range(4) if hands[s] >> c & 1]
        rng.shuffle(group)
        for c, s in zip(group, owners, strict=True):
            new[s] |= 1 << c
    return new


def _replay_public(r: Round, hands: list[int]) -> Round | None:
    """The public actions of ``r`` replayed on another deal; each Weis or Stöck question is
    answered as ``r``'s seat answered it (the same announced points and lengths, Stöck
    announced or not). ``None`` when the public actions cannot be replayed there."""
    other = Round(r.rules, hands, r.forehand)

    def answer() -> bool:
        s = other.to_move
        if other.phase == "weis":
            want = sorted((m.points, m.length) for m in r.declared[s])
            options = [sorted((m.points, m.length) for m in split)
                       for split in other.weis_options(s)]
            if want and want not in options:
                return False
            other.push(A_WEIS + (options.index(want) + 1 if want else 0))
        else:
            announced = r.stoeck_state == 1 and r.stoeck_seat == s
            other.push(A_STOECK if announced else A_STOECK_NO)
        return True

    try:
        for a in r.actions:
            if a >= A_WEIS:  # a decision: ``other`` answers its own questions as they come
                continue
            while other.phase in ("weis", "stoeck"):
                if not answer():
                    return None
            other.push(a)
        # Questions ``r`` has answered too (it is not waiting on the same one).
        while other.phase in ("weis", "stoeck") and not (
            r.phase == other.phase and r.to_move == other.to_move
        ):
            if not answer():
                return None
    except IllegalActionError:
        return None
    return other


def _same_view(r: Round, seat: int, rng: random.Random) -> bool:
    """Whether a deal that differs from ``r``'s only in cards hidden from ``seat`` and has the
    same public record was found; if so, ``seat`` sees exactly the same in both."""
    for attempt in range(4):
        hands = _redeal_hidden(r, seat, rng, keep_suits=attempt % 2 == 1)
        if hands == list(r.initial_hands):
            continue
        other = _replay_public(r, hands)
        if other is None or public_record(other) != public_record(r):
            continue
        mine, theirs = observe(r, seat), observe(other, seat)
        assert theirs == mine
        assert theirs.to_tensor() == mine.to_tensor()
        assert theirs.action_mask() == mine.action_mask()
        return True
    return False


@given(st.sampled_from(HIDDEN_RULES), seeds, seeds, seeds, st.integers(0, 3))
def test_observation_depends_only_on_what_the_seat_may_know(
    rules: RuleSet, deal_seed: int, play_seed: int, swap_seed: int, seat: int
) -> None:
    """Two deals that differ only in cards hidden from a seat, with the same public record,
    give that seat the same Observation, tensor and action mask at every point of the hand."""
    r = Round.deal(rules, seed=deal_seed)
    rng = random.Random(play_seed)
    swaps = random.Random(swap_seed)
    compared = 0
    while True:
        compared += _same_view(r, seat, swaps)
        if r.is_over:
            break
        r.push(rng.choice(r.legal_actions()))
    event(f"points compared: {min(compared // 10 * 10, 40)}+")
    assert compared > 0  # at least before the first action every redeal is possible


@every_preset
@given(seed=seeds)
def test_records_round_trip(preset: str, seed: int) -> None:
    # A smaller target keeps games short; the record format does not depend on it.
    rules = PRESETS[preset].replace(target=min(PRESETS[preset].target, 600))
    g = play_random_game(Game(rules, seed=seed), random.Random(seed))
    text = format_record(g)
    (rec,) = list(iter_records(text.splitlines()))
    assert rec.rules == rules
    assert rec.deals == [rd.initial_hands for rd in g.rounds]
    assert rec.actions == g.actions
    assert rec.forehands == [rd.forehand for rd in g.rounds]
    g2 = replay(rec)
    assert g2.scores == g.scores and g2.winner == g.winner and g2.end_reason == g.end_reason
    assert format_record(g2) == text
    # Replay up to any action of any hand rebuilds that position.
    rng = random.Random(seed)
    hand = rng.randrange(len(rec.actions)) + 1
    upto = rng.randrange(len(rec.actions[hand - 1]) + 1)
    part = replay(rec, hand, upto)
    rd = part.rounds[hand - 1]  # a finished hand is already followed by the next deal
    assert rd.actions == tuple(rec.actions[hand - 1][:upto])
    assert rd.initial_hands == rec.deals[hand - 1]
    assert len(part.rounds) in (hand, hand + 1)


@given(rule_sets, seeds, seeds, st.integers(min_value=0, max_value=200))
def test_position_round_trip(rules: RuleSet, deal_seed: int, play_seed: int, stop: int) -> None:
    r = Round.deal(rules, seed=deal_seed)
    rng = random.Random(play_seed)
    while not r.is_over and len(r.actions) < stop:
        r.push(rng.choice(r.legal_actions()))
    text = format_position(r)
    r2 = parse_position(text, rules)
    assert public_state(r2) == public_state(r)
    assert format_position(r2) == text
    assert parse_deal(format_deal(r.initial_hands)) == r.initial_hands


@given(seeds)
def test_deal_round_trip_and_partition(seed: int) -> None:
    r = Round.deal(seed=seed)
    union = 0
    for h in r.initial_hands:
        assert h.bit_count() == 9 and not union & h
        union |= h
    assert union == ALL_CARDS
    assert parse_deal(format_deal(r.initial_hands)) == r.initial_hands


@given(rule_sets)
def test_rules_dict_round_trip(rules: RuleSet) -> None:
    assert rules_from_dict(rules_to_dict(rules)) == rules


@given(rule_sets, seeds, seeds)
def test_push_unchecked_equals_push_for_legal_actions(
    rules: RuleSet, deal_seed: int, play_seed: int
) -> None:
    checked = Round.deal(rules, seed=deal_seed)
    fast = Round.deal(rules, seed=deal_seed)
    rng = random.Random(play_seed)
    while not checked.is_over:
        a = rng.choice(checked.legal_actions())
        checked.push(a)
        fast.push_unchecked(a)
        assert public_state(fast) == public_state(checked)
    while fast.actions:
        fast.pop()
    assert public_state(fast) == public_state(Round.deal(rules, seed=deal_seed))
