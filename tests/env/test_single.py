"""The Gymnasium environment: check_env on every variant, bots as opponents, illegal actions."""

from __future__ import annotations

import warnings

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

from puur.env import ENV_ID, EnvError, JassEnv
from puur.variants import variants


def quiet_check(env: gymnasium.Env) -> None:  # type: ignore[type-arg]
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        check_env(env)
    assert not [str(w.message) for w in caught]


@pytest.mark.parametrize("variant", [v.key for v in variants()])
def test_check_env_passes_for_every_variant(variant: str) -> None:
    env = gymnasium.make(ENV_ID, variant=variant, opponents="random")
    quiet_check(env.unwrapped)


# A search bot repeats itself only when its number of samples stops it, not the clock.
@pytest.mark.parametrize("opponents", ["rules", "search:samples=2,budget=60"])
def test_check_env_with_puur_bots(opponents: str) -> None:
    quiet_check(gymnasium.make(ENV_ID, variant="schieber", episode="hand",
                               opponents=opponents).unwrapped)


def run(env: JassEnv, seed: int) -> tuple[float, list[int]]:
    obs, info = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    total, actions, done = 0.0, [], False
    while not done:
        assert np.array_equal(obs["action_mask"], info["action_mask"])
        a = int(rng.choice(np.flatnonzero(info["action_mask"])))
        actions.append(a)
        obs, reward, done, trunc, info = env.step(a)
        assert not trunc
        total += reward
    return total, actions


def test_the_learner_gets_its_seats_values_and_the_bots_play_the_rest() -> None:
    env = JassEnv("differenzler", "three", seat=2, opponents=["rules", "random"])
    total, actions = run(env, seed=8)
    game = env.table.game
    assert game.is_over
    assert total == pytest.approx(sum(h.seat_values()[2] for h in game.rounds if h.actions))
    mine = [a for h in game.rounds for a in h.actions]
    assert len(actions) < len(mine)  # the bots made the other decisions


def test_seeded_resets_repeat_cards_seat_and_bots() -> None:
    a = run(JassEnv("molotow", seat=None, opponents="rules"), seed=21)
    b = run(JassEnv("molotow", seat=None, opponents="rules"), seed=21)
    assert a == b
    seats = {JassEnv("molotow", seat=None).reset(seed=s)[1]["seat"] for s in range(12)}
    assert len(seats) > 1


def test_illegal_action_ends_the_episode_or_raises() -> None:
    env = JassEnv("schieber", opponents="random", illegal_reward=-5.0)
    _obs, info = env.reset(seed=1)
    bad = int(np.flatnonzero(info["action_mask"] == 0)[0])
    _o, reward, done, _t, info = env.step(bad)
    assert (reward, done, info["illegal_action"]) == (-5.0, True, True)
    with pytest.raises(EnvError, match="over"):
        env.step(0)
    strict = JassEnv("schieber", opponents="random", illegal="raise")
    _obs, info = strict.reset(seed=1)
    before = strict.table.game.observation(0).to_tensor()
    with pytest.raises(EnvError, match="cannot play"):
        strict.step(bad)
    assert strict.table.game.observation(0).to_tensor() == before


@pytest.mark.parametrize(("kwargs", "word"), [
    ({"seat": 4}, "seat"),
    ({"seat": True}, "seat"),
    ({"opponents": "nobot"}, "unknown bot"),
    ({"opponents": ["rules", "random"]}, "opponent"),
    ({"opponents": "search:colour=red"}, "colour"),
    ({"illegal": "ignore"}, "illegal"),
    ({"render_mode": "human"}, "render_mode"),
])
def test_bad_arguments(kwargs: dict[str, object], word: str) -> None:
    with pytest.raises(EnvError, match=word):
        JassEnv(**kwargs)  # type: ignore[arg-type]
