"""A tensor policy as a bot: in a game, and against Puur's bots in the arena."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from puur.arena import run_arena
from puur.bots import BOTS
from puur.env import TensorPolicy
from puur.variants import get


def highest(tensor: Any, mask: Any) -> int:
    return int(np.flatnonzero(mask)[-1])


def test_the_policy_gets_the_seats_tensor_and_mask() -> None:
    seen: list[tuple[list[float], list[int]]] = []

    def spy(tensor: Any, mask: Any) -> int:
        seen.append((tensor.tolist(), mask.tolist()))
        return highest(tensor, mask)

    game = get("molotow").new_game(seed=2)
    obs = game.observation(game.to_move)
    action = TensorPolicy(spy).act(obs)
    assert action == max(obs.legal_actions)
    assert seen == [(pytest.approx(obs.to_tensor()), obs.action_mask())]


@pytest.mark.parametrize("answer", [99, -1, True, "D7", None])
def test_an_illegal_answer_raises(answer: object) -> None:
    game = get("schieber").new_game(seed=1)
    bot = TensorPolicy(lambda t, m: answer, name="bad")
    with pytest.raises(ValueError, match="bad"):
        bot.act(game.observation(game.to_move))


def test_a_policy_plays_the_arena(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(BOTS, "highest", lambda seed=0: TensorPolicy(highest, "highest"))
    res = run_arena(["highest", "rules"], deals=2, seed=1, workers=1, variant="coiffeur")
    assert res.to_dict()["bots"] == ["highest", "rules"]
