"""Schieber as an OpenSpiel game: OpenSpiel's own checks, a golden playthrough, returns and
what each seat's strings and tensors hold.

Regenerate the playthrough after an intended change: ``python tests/env/test_spiel.py``.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

pyspiel = pytest.importorskip("pyspiel", reason="open_spiel is not installed")

from absl import flags  # noqa: E402  (open_spiel's dependency)
from open_spiel.python.algorithms import generate_playthrough  # noqa: E402

from puur.cards import bits, format_card  # noqa: E402
from puur.env.spiel import GAME_NAME  # noqa: E402

GOLDEN = Path(__file__).parent / "data" / f"{GAME_NAME}.txt"


def _flags() -> None:
    # The playthrough reads an absl flag; outside an absl program they are not parsed yet.
    if not flags.FLAGS.is_parsed():
        flags.FLAGS.mark_as_parsed()


@pytest.mark.parametrize("rules", ["family", "bare", "standard-2500"])
def test_openspiel_random_sim_test(rules: str) -> None:
    game = pyspiel.load_game(GAME_NAME, {"rules": rules})
    pyspiel.random_sim_test(game, num_sims=5, serialize=False, verbose=False)


def test_golden_playthrough_replays() -> None:
    _flags()
    original, replayed = generate_playthrough.replay(str(GOLDEN))
    assert original == replayed


def random_state(seed: int) -> pyspiel.State:
    import random

    rng = random.Random(seed)
    state = pyspiel.load_game(GAME_NAME).new_initial_state()
    while not state.is_terminal() and (state.is_chance_node() or rng.random() > 0.05):
        if state.is_chance_node():
            state.apply_action(rng.choice([a for a, _p in state.chance_outcomes()]))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize("seed", range(6))
def test_strings_and_tensors_hold_only_what_the_seat_may_know(seed: int) -> None:
    state = random_state(seed)
    rd = state.round
    assert rd is not None
    for p in range(4):
        info = state.information_state_string(p)
        obs = rd.observation(p)
        hidden = {format_card(c) for s in range(4) if s != p
                  for c in bits(rd.hands[s] & ~obs.known_cards(s))}
        assert not any(tok in hidden for tok in info.replace(":", " ").split())
        tensor = state.observation_tensor(p)
        assert tensor == pytest.approx(obs.to_tensor())
        assert state.information_state_tensor(p)[:495] == pytest.approx(obs.to_tensor())


def test_returns_are_the_seat_values() -> None:
    state = random_state(99)
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
    assert state.returns() == list(state.round.seat_values())
    assert sum(state.returns()) == 0


def test_unknown_rules_are_refused() -> None:
    with pytest.raises(Exception, match="preset"):
        pyspiel.load_game(GAME_NAME, {"rules": "nopreset"})


if __name__ == "__main__":
    flags.FLAGS(sys.argv[:1])
    GOLDEN.write_text(generate_playthrough.playthrough(GAME_NAME, None, seed=7),
                      encoding="utf-8")
    print(f"wrote {GOLDEN}")
