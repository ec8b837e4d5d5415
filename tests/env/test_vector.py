"""Vectorised play through Gymnasium's vector API."""

from __future__ import annotations

import numpy as np
import pytest

from puur.env import EnvError, make_vector_env


def test_batches_have_one_row_per_game_and_games_reset_themselves() -> None:
    envs = make_vector_env(3, variant="differenzler", rules="three", episode="hand",
                           opponents="random")
    obs, infos = envs.reset(seed=10)
    assert obs["observation"].shape == (3, 505) and obs["observation"].dtype == np.float32
    assert obs["action_mask"].shape == (3, 212)
    assert np.array_equal(infos["action_mask"], obs["action_mask"])
    rng = np.random.default_rng(0)
    ended = np.zeros(3, dtype=int)
    for _ in range(60):
        # A finished game's row has no legal action; its next action is ignored (autoreset).
        actions = np.array([rng.choice(np.flatnonzero(m)) if m.any() else 0
                            for m in obs["action_mask"]])
        obs, rewards, term, trunc, infos = envs.step(actions)
        assert rewards.shape == (3,) and not trunc.any()
        ended += term
        assert np.array_equal(obs["action_mask"].any(axis=1), ~term)
    assert (ended >= 1).all()  # every game finished a hand and started again
    envs.close()


def test_same_seed_same_batch() -> None:
    a = make_vector_env(2, opponents="rules").reset(seed=4)[0]["observation"]
    b = make_vector_env(2, opponents="rules").reset(seed=4)[0]["observation"]
    assert np.array_equal(a, b) and not np.array_equal(a[0], a[1])


def test_bad_arguments() -> None:
    for n in (0, -1, 1.5, True):
        with pytest.raises(EnvError, match="num_envs"):
            make_vector_env(n)  # type: ignore[arg-type]
    with pytest.raises(EnvError, match="variant"):
        make_vector_env(2, variant="nojass")
