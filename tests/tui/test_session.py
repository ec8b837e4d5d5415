"""The play session: the human acts only through the engine's legal actions, sees only their own
observation, and can undo, ask for a hint, save and resume."""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.tui.conftest import FAST, crafted_game

from puur.actions import A_CHOOSE, A_PUSH, A_WEIS
from puur.tui.session import HUMAN, PlaySession, SessionError, available_bots, best_bot_name


def _to_first_card(s: PlaySession) -> None:
    """Choose Rosen, keep quiet about Weis and Stöck until the human must play a card."""
    s.act(A_CHOOSE + 1)
    s.run_bots()
    while s.observation().phase != "play":
        s.act(min(s.legal_actions()) if s.observation().phase == "weis" else 63)
        s.run_bots()


def test_illegal_or_out_of_turn_actions_change_nothing() -> None:
    s = PlaySession(game=crafted_game(), bots=["random"] * 3)
    assert s.human_to_move() and s.observation().phase == "choose"
    before = s.observation()
    for bad in (5, A_WEIS, 99):  # a card during the choice, a Weis, no action at all
        with pytest.raises(SessionError):
            s.act(bad)
        assert s.observation() == before
    with pytest.raises(SessionError):
        s.bot_decide()


def test_events_are_public_and_bots_stop_at_the_human() -> None:
    s = PlaySession(game=crafted_game(), bots=["random"] * 3)
    events = s.act(A_PUSH)
    assert [e.kind for e in events] == ["push"]
    events = s.run_bots()  # North chooses; trick 1 runs until South's turn comes round
    assert events[0].kind == "choose" and events[0].seat == 2
    assert s.human_to_move()


def test_undo_takes_back_the_last_card_and_what_followed() -> None:
    s = PlaySession(game=crafted_game(), bots=["random"] * 3, seed=3)
    _to_first_card(s)
    before = s.observation()
    card = before.legal_actions[0]
    s.act(card)
    s.run_bots()
    assert s.can_undo()
    s.undo()
    after = s.observation()
    assert after.hand == before.hand and after.history == before.history
    assert s.human_to_move() and card in after.legal_actions


def test_nothing_to_undo_before_the_first_card() -> None:
    s = PlaySession(game=crafted_game(), bots=["random"] * 3)
    with pytest.raises(SessionError):
        s.undo()


def test_hint_is_a_legal_action_of_the_human() -> None:
    s = PlaySession(game=crafted_game(), bots=["random"] * 3, hint_bot="rules")
    _to_first_card(s)
    action, _value = s.hint()
    assert action in s.legal_actions()
    s.act(s.legal_actions()[0])
    if not s.human_to_move():
        with pytest.raises(SessionError):
            s.hint()


def test_save_and_resume_mid_hand(tmp_path: Path) -> None:
    s = PlaySession(game=crafted_game(), bots=["rules", "random", "rules"])
    _to_first_card(s)
    s.act(s.legal_actions()[0])
    s.run_bots()
    path = s.save(tmp_path / "game.puur")
    r = PlaySession.resume(path)
    assert r.observation() == s.observation()
    assert r.bot_names == ("rules", "random", "rules")
    assert r.seats()[HUMAN].kind == "human"
    # Both continue identically from here for the human's next move.
    a = r.legal_actions()[0]
    r.act(a)
    s.act(a)
    assert r.observation().hand == s.observation().hand


def test_resume_refuses_a_finished_game(tmp_path: Path) -> None:
    s = PlaySession(FAST, ["random"] * 3, seed=2)
    while not s.is_over:
        if s.human_to_move():
            s.act(s.legal_actions()[0])
        else:
            s.run_bots()
    path = s.save(tmp_path / "done.puur")
    with pytest.raises(SessionError, match="already over"):
        PlaySession.resume(path)


def test_unknown_bot_is_refused() -> None:
    with pytest.raises(SessionError, match="unknown computer player"):
        PlaySession(FAST, ["random", "nobody", "random"])
    assert best_bot_name() == available_bots()[0]
    assert available_bots()[-1] == "random"


def test_no_event_tells_a_bot_kept_its_weis_quiet() -> None:
    # A quiet decision of a bot makes no event; a declared Weis shows only points and lengths
    # while trick 1 runs.
    s = PlaySession(game=crafted_game(), bots=["random"] * 3, seed=5)
    events = s.act(A_CHOOSE + 1)
    events += s.run_bots()
    for e in events:
        assert e.kind in {"choose", "push", "weis", "play", "stoeck", "trick", "weis_best"}
        if e.kind == "weis":
            assert e.card == -1 and all(p > 0 and n >= 3 for p, n in e.melds)
