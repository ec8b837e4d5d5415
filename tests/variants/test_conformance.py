"""The conformance suite every variant and every preset runs (through the variant interface).

For random games of each registered variant under each of its presets: the legal set is never
empty while a game runs and matches the observation's action mask; every card is played once;
each trick's value is the card points of its cards in the mode that valued it, and the sides'
points add up to the tricks' values (157 for a hand of one mode with the whole deck in play);
``pop()`` restores the exact state and every seat's observation; the summary and the standings
are plain data; a finished game's places cover every side. A hand without tricks (Guggitaler's
Domino: cards laid one by one, or a pass) lays every card dealt exactly once and takes no
trick; every hand of a whole game, the last ones too, is checked so.
"""

from __future__ import annotations

import io
import json
import pickle
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puur.contracts import POINTS
from puur.hand import IllegalActionError, TrickHand
from puur.variants import get, variants
from puur.variants.view import SPECTATOR

CASES = [(v.key, p) for v in variants() for p in v.presets]


def snapshot(game: object) -> tuple[object, ...]:
    """Everything observable of the hand in play: its state and every seat's observation."""
    hand = game.round  # type: ignore[attr-defined]
    seats = range(-1, hand.num_seats)
    return (
        hand.hands, hand.phase, hand.to_move, hand.trick, hand.played, hand.credited,
        hand.actions, tuple(tuple(hand.observation(s).to_tensor()) for s in seats),
        tuple(hand.legal_actions()),
    )


def check_finished_hand(hand: TrickHand) -> None:
    n = len(hand.playing)  # the seats that play the tricks (all but those sitting it out)
    if getattr(hand, "ended_unplayed", False):
        # A deal thrown in, or a hand declined, before its first card: nothing was played.
        assert not hand.played and not hand.trick_winners and not hand.trick_values
        return
    if not getattr(hand, "has_tricks", True):
        # A hand without tricks (Guggitaler's Domino): every card dealt is laid once, in
        # ``played``, and nothing is taken in tricks.
        dealt = sum(hand.initial_hands[s] for s in hand.playing)
        assert len(hand.played) == len(set(hand.played)) == dealt.bit_count()
        assert sum(1 << c for c in hand.played) == dealt
        assert not hand.trick_winners and not hand.trick_values and not any(hand.trick_points)
        return
    dealt = 0
    for h in (hand.initial_hands[s] for s in hand.playing):
        assert not dealt & h
        dealt |= h
    played = hand.played
    assert len(played) == len(set(played)) == n * hand.num_tricks or hand.winner >= 0
    if hand.winner < 0:
        assert sum(1 << c for c in played) == dealt
        assert len(hand.trick_values) == hand.num_tricks
    # Each trick's value is its cards' points in the mode that valued it.
    for t, (value, mode) in enumerate(zip(hand.trick_values, hand.trick_modes, strict=True)):
        cards = played[n * t:n * t + n]
        bonus = hand.rules.last_trick_bonus if t == hand.num_tricks - 1 else 0
        assert value == sum(POINTS[mode][c] for c in cards) + bonus
    assert sum(hand.trick_points) == sum(hand.trick_values)
    if hand.winner < 0 and dealt.bit_count() == 36 and len(set(hand.trick_modes)) == 1:
        assert sum(hand.trick_values) == 152 + hand.rules.last_trick_bonus


@pytest.mark.parametrize(("key", "preset"), CASES)
@settings(max_examples=6)
@given(seed=st.integers(0, 2**31))
def test_random_play_keeps_the_invariants(key: str, preset: str, seed: int) -> None:
    variant = get(key)
    game = variant.new_game(variant.preset(preset), seed=seed)
    rng = random.Random(seed)
    hands_seen = 0
    while not game.is_over and hands_seen < 2:
        hand = game.round
        legal = game.legal_actions()
        assert legal, "no legal action while the game runs"
        obs = game.observation(game.to_move)
        mask = obs.action_mask()
        assert [a for a, m in enumerate(mask) if m] == sorted(legal) == list(obs.legal_actions)
        assert len(mask) == variant.action_space(game.rules).size
        a = rng.choice(legal)
        if rng.random() < 0.25:
            before = snapshot(game)
            game.push(a)
            assert game.pop() == a
            assert snapshot(game) == before
        game.push(a)
        if hand.is_over:
            check_finished_hand(hand)
            hands_seen += 1
    summary = game.summary()
    json.dumps(summary)
    places = game.standings()
    assert len(places) == len(set(game.sides)) and min(places) == 1


@pytest.mark.parametrize("key", [v.key for v in variants()])
def test_a_whole_game_ends_with_places_for_every_side(key: str) -> None:
    variant = get(key)
    game = variant.new_game(seed=f"whole-{key}")
    rng = random.Random(key)
    steps = 0
    while not game.is_over:
        hand = game.round
        game.push(rng.choice(game.legal_actions()))
        if hand.is_over:
            check_finished_hand(hand)  # every hand, the later ones (a Domino) too
        steps += 1
        assert steps < 20_000
    assert game.legal_actions() == []
    places = game.standings()
    assert sorted(set(places))[0] == 1 and len(places) == len(set(game.sides))
    spectator = game.observation(SPECTATOR)
    assert spectator.hand == 0 and spectator.legal_actions == ()


@pytest.mark.parametrize("key", [v.key for v in variants()])
def test_an_illegal_action_is_refused_and_changes_nothing(key: str) -> None:
    variant = get(key)
    game = variant.new_game(seed=5)
    size = variant.action_space(game.rules).size
    for _ in range(40):
        if game.is_over:  # a game may end within 40 actions (one short hand)
            break
        legal = set(game.legal_actions())
        before = snapshot(game)
        illegal = [a for a in range(size) if a not in legal][:5]
        for bad in (-1, size, True, "1", None, 1.0, *illegal):
            with pytest.raises(ValueError):
                game.push(bad)  # type: ignore[arg-type]
            assert snapshot(game) == before
        game.push(min(legal))


@pytest.mark.parametrize("key", [v.key for v in variants()])
def test_a_refusal_says_why_in_a_code(key: str) -> None:
    variant = get(key)
    game = variant.new_game(seed=6)
    size = variant.action_space(game.rules).size
    rng = random.Random(6)
    hand = game.round
    seen: set[str] = set()
    while not hand.is_over:
        legal = set(game.legal_actions())
        for bad, reason in [(size, "unknown_action"), (-1, "unknown_action"),
                            (True, "unknown_action"), ("HJ", "unknown_action"),
                            *[(a, "not_legal") for a in range(size) if a not in legal][:3]]:
            try:
                hand.push(bad)  # type: ignore[arg-type]
            except IllegalActionError as e:
                message = str(e)
                assert e.reason == reason, (bad, message)
                seen.add(e.reason)
                copy = pickle.loads(pickle.dumps(e))
                assert (str(copy), copy.reason) == (message, reason)
            else:
                raise AssertionError(f"{bad!r} was accepted")
        hand.push(rng.choice(sorted(legal)))
    with pytest.raises(IllegalActionError) as over:
        hand.push(0)
    assert over.value.reason == "over" and str(over.value) == "the hand is over"
    assert seen == {"unknown_action", "not_legal"}


def test_a_refusal_code_is_one_of_the_known_ones() -> None:
    assert IllegalActionError("no").reason == "not_legal"  # the default keeps old callers
    with pytest.raises(ValueError, match="unknown reason"):
        IllegalActionError("no", "not_your_turn")


@pytest.mark.parametrize("key", [v.key for v in variants()])
def test_the_description_is_complete(key: str) -> None:
    v = get(key)
    info = v.info()
    json.dumps(info)
    assert info["players"] and info["presets"] and info["summary"]
    assert get(v.name) is v and all(get(a) is v for a in v.aliases)
    for name, rules in v.presets.items():
        assert v.is_rules(rules)
        data = v.rules_to_dict(rules)
        assert v.rules_from_dict(json.loads(json.dumps(data))) == rules, name
        space = v.action_space(rules)
        assert len(set(space.names) - {"-"}) == len([n for n in space.names if n != "-"])


@pytest.mark.parametrize(("key", "preset"), CASES)
def test_records_round_trip(key: str, preset: str) -> None:
    from puur.record import SeatInfo, format_record, read_record, replay

    variant = get(key)
    game = variant.new_game(variant.preset(preset), seed=f"record-{preset}")
    rng = random.Random(preset)
    # Two whole hands and a part of the third: finished hands and a hand in play.
    while not game.is_over and (len(game.rounds) < 3 or len(game.round.actions) < 7):
        game.push(rng.choice(game.legal_actions()))
    seats = {s: SeatInfo("bot:random", f"Bot {s}") for s in range(game.num_seats)}
    text = format_record(game, seats)
    assert ("variant " + key in text) == (key != "schieber")
    rec = read_record(io.StringIO(text))
    assert rec.variant == key and rec.rules == game.rules and rec.seats == seats
    assert rec.actions == game.actions
    again = replay(rec)
    assert again.summary() == game.summary() and again.actions == game.actions
    assert format_record(again, seats) == text
