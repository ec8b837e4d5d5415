"""The PettingZoo environment: PettingZoo's own checks on every variant and preset, rewards,
seeding, secrecy, bad input."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

from puur.env import EnvError, JassAECEnv
from puur.variants import variants

CASES = [(v.key, p) for v in variants() for p in v.presets]

# PettingZoo advises a Box observation space; a Dict with the action mask is what its own
# board and card games use (they are on its list of exceptions, a new environment is not).
ADVICE = ("Observation is not a NumPy array",
          "Observation space for each agent probably should be")


def checked(fn: object, *args: object, **kwargs: object) -> None:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        fn(*args, **kwargs)  # type: ignore[operator]
    other = [str(w.message) for w in caught if not str(w.message).startswith(ADVICE)]
    assert not other


@pytest.mark.parametrize(("variant", "preset"), CASES)
@pytest.mark.parametrize("episode", ["game", "hand"])
def test_pettingzoo_api_and_seed_tests(variant: str, preset: str, episode: str) -> None:
    checked(api_test, JassAECEnv(variant, preset, episode=episode), num_cycles=1000)
    checked(seed_test, lambda: JassAECEnv(variant, preset, episode=episode), num_cycles=1000)


def play(env: JassAECEnv, seed: int) -> tuple[list[int], dict[str, float]]:
    """Random legal play to the end; the actions and each agent's total reward."""
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    actions, totals = [], dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        obs, reward, term, trunc, _info = env.last()
        totals[agent] += reward
        if term or trunc:
            env.step(None)
            continue
        a = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        actions.append(a)
        env.step(a)
    return actions, totals


@pytest.mark.parametrize("variant", [v.key for v in variants()])
def test_rewards_are_the_hands_seat_values(variant: str) -> None:
    env = JassAECEnv(variant)
    actions, totals = play(env, seed=3)
    game = env.table.variant.new_game(env.table.rules, seed=env.table.game.seed)
    for a in actions:
        game.push(a)
    assert game.is_over
    hands = game.rounds if hasattr(game, "rounds") else None
    assert hands, "every variant's game keeps its hands"
    want = [sum(h.seat_values()[s] for h in hands if h.actions) for s in range(game.num_seats)]
    assert [totals[a] for a in env.possible_agents] == pytest.approx(want)


def test_outcome_rewards_follow_the_places() -> None:
    env = JassAECEnv("differenzler", "three", episode="hand", reward="outcome")
    _actions, totals = play(env, seed=5)
    places = env.table.game.standings()
    for seat, agent in enumerate(env.possible_agents):
        mine = places[seat]
        assert totals[agent] == (sum(p > mine for p in places) - sum(p < mine for p in places)) / 2


def test_hand_episode_ends_with_the_first_hand() -> None:
    env = JassAECEnv("coiffeur", episode="hand")
    play(env, seed=1)
    assert env.table.hands_played == 1 and not env.table.game.is_over


def test_same_seed_same_game_other_seed_other_cards() -> None:
    a, _ = play(JassAECEnv("schieber"), seed=11)
    b, _ = play(JassAECEnv("schieber"), seed=11)
    c, _ = play(JassAECEnv("schieber"), seed=12)
    assert a == b and a != c


def test_each_agent_sees_only_its_own_observation() -> None:
    env = JassAECEnv("molotow", "five")
    env.reset(seed=2)
    for _ in range(30):
        seat = env.table.to_move
        for s, agent in enumerate(env.possible_agents):
            obs = env.observe(agent)
            mine = env.table.game.observation(s)
            assert obs["observation"].tolist() == pytest.approx(mine.to_tensor())
            assert obs["action_mask"].tolist() == (mine.action_mask() if s == seat
                                                   else [0] * env.table.num_actions)
        env.step(env.table.legal_actions()[0])


def test_an_illegal_action_raises_and_changes_nothing() -> None:
    env = JassAECEnv("schieber")
    env.reset(seed=4)
    before = env.observe(env.agent_selection)["observation"].copy()
    illegal = next(a for a in range(64) if a not in env.table.legal_actions())
    for bad in (illegal, 99, -1, True, "push", None, 1.5):
        with pytest.raises(EnvError):
            env.step(bad)  # type: ignore[arg-type]
    assert np.array_equal(env.observe(env.agent_selection)["observation"], before)


def test_ansi_render_shows_the_table_and_only_the_hand_to_move() -> None:
    env = JassAECEnv("schieber", render_mode="ansi")
    env.reset(seed=6)
    text = env.render()
    assert isinstance(text, str)
    rd = env.table.game.round
    from puur.cards import bits, format_card

    shown = {format_card(c) for c in bits(rd.hands[rd.to_move])}
    others = {format_card(c) for s in range(4) if s != rd.to_move for c in bits(rd.hands[s])}
    hand_line = next(line for line in text.splitlines() if line.startswith("to move"))
    assert all(c in hand_line for c in shown)
    assert not any(c in text.split() for c in others)
    assert JassAECEnv("schieber").render() is None


@pytest.mark.parametrize(("kwargs", "word"), [
    ({"variant": "nojass"}, "unknown variant"),
    ({"variant": "schieber", "rules": "nopreset"}, "preset"),
    ({"variant": "differenzler", "rules": {"hands": -3}}, "hands"),
    ({"variant": "schieber", "episode": "trick"}, "episode"),
    ({"variant": "schieber", "reward": "money"}, "reward"),
    ({"variant": "schieber", "render_mode": "human"}, "render_mode"),
])
def test_bad_arguments_raise_env_error(kwargs: dict[str, object], word: str) -> None:
    with pytest.raises(EnvError, match=word):
        JassAECEnv(**kwargs)  # type: ignore[arg-type]


def test_options_as_a_mapping_start_from_a_preset() -> None:
    env = JassAECEnv("schieber", {"preset": "bare", "target": 500})
    assert env.table.rules.target == 500 and not env.table.rules.weis
