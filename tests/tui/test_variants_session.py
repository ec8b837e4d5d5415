"""The play session for every variant: a seat per player, the public events of forecasts, rows,
pushes and scores (a hidden forecast's figure is never told before the end of its hand), undo,
hints with what their value means, and save → resume → replay through records."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from tests.tui.conftest import (
    COIFFEUR,
    DIFFERENZLER,
    DIFFERENZLER_THREE,
    variant_rules,
    variant_session,
)

from puur.bots.variant_coiffeur import BASELINE
from puur.record import read_record
from puur.tui.events import Event
from puur.tui.faces import face_for
from puur.tui.moves import decode, find
from puur.tui.notes import action_arg, render_note
from puur.tui.render import event_text
from puur.tui.session import HUMAN, PlaySession, SessionError


def _play_out(s: Any, stop: Any = None) -> list[Event]:
    """Play with the human's first legal action until the game ends (or ``stop(s)``)."""
    events: list[Event] = []
    while not s.is_over and not (stop and stop(s)):
        if s.human_to_move():
            events += s.act(s.legal_actions()[0])
        else:
            events += s.bot_step()
    return events


@pytest.mark.parametrize("rules", [DIFFERENZLER, DIFFERENZLER_THREE, COIFFEUR],
                         ids=["differenzler", "differenzler-three", "coiffeur"])
def test_every_variant_is_played_to_its_end(rules: Any) -> None:
    s = variant_session(rules, seed=3)
    assert s.num_seats == s.variant.num_seats(rules) and len(s.bots) == s.num_seats - 1
    events = _play_out(s)
    assert s.is_over
    result = [e for e in events if e.kind == "result"]
    assert len(result) == 1 and result[0].values == tuple(s.game.scores)
    assert result[0].places == tuple(s.game.standings())
    hands = [e.hand_no for e in events if e.kind == "hand_over"]
    assert hands == list(range(1, s.game.hand_no + 1))
    if s.variant.key == "differenzler":
        penalties = [e.values for e in events if e.kind == "penalties"]
        assert penalties == [tuple(r.penalties()) for r in s.game.rounds]
    else:
        written = [(e.team, e.points) for e in events if e.kind == "written"]
        assert written == [(r.chooser & 1, r.row_value()) for r in s.game.rounds]
    text = event_text(result[0], "swiss", "en")
    assert text.startswith("First place: ")


def test_a_session_needs_a_computer_player_for_each_other_seat() -> None:
    with pytest.raises(SessionError, match=r"two computer players are needed \(East, West\)"):
        PlaySession(DIFFERENZLER_THREE, ["random"] * 3)
    with pytest.raises(SessionError, match="unknown variant"):
        PlaySession(variant="no-such-game")


def test_hidden_forecasts_are_told_only_as_made() -> None:
    s = variant_session(DIFFERENZLER, seed=5)
    first_hand = lambda s: s.game.hand_no > 1  # noqa: E731
    events = _play_out(s, stop=first_hand)
    forecasts = [e for e in events if e.kind == "forecast"]
    assert len(forecasts) == 4
    for e in forecasts:
        assert e.points == (s.game.rounds[0].forecasts[HUMAN] if e.seat == HUMAN else -1)
    texts = [event_text(e, "swiss", "en") for e in forecasts if e.seat != HUMAN]
    assert all(t.endswith("has made a forecast") for t in texts)
    # At the end of the hand everyone's penalty is public, and with it the forecasts.
    assert any(e.kind == "penalties" for e in events)


def test_open_forecasts_are_told_with_their_figure() -> None:
    s = variant_session(variant_rules("differenzler", forecast="open", hands=1), seed=5)
    events = _play_out(s)
    made = s.game.rounds[0].forecasts
    assert {e.seat: e.points for e in events if e.kind == "forecast"} == dict(enumerate(made))


def _vorhand_session(rules: Any) -> Any:
    """A Coiffeur session whose first choice is the human's."""
    for seed in range(40):
        s = variant_session(rules, seed=seed, hint_bot="search:quick")
        if s.human_to_move():
            return s
    raise AssertionError("no deal where South chooses first")


def test_a_coiffeur_push_goes_on_to_the_next_seat() -> None:
    s = _vorhand_session(COIFFEUR)
    push = find(s.variant, s.legal_actions(), "push")
    (event,) = s.act(push)
    assert event.kind == "push_on" and event.to == 1
    assert event_text(event, "swiss", "en") == "South (You) pushes on to East"


def test_undo_takes_back_the_human_card_in_differenzler() -> None:
    s = variant_session(DIFFERENZLER, seed=2)
    _play_out(s, stop=lambda s: s.human_to_move() and s.observation().phase == "play")
    before = s.observation()
    s.act(s.legal_actions()[0])
    s.run_bots()
    s.undo()
    after = s.observation()
    assert after.hand == before.hand and after.history == before.history
    assert s.human_to_move()


def test_hints_say_what_their_value_means() -> None:
    # Differenzler: minus the penalty the search expects for the human.
    s = variant_session(DIFFERENZLER, seed=2, hint_bot="search:quick")
    _play_out(s, stop=lambda s: s.human_to_move())
    obs = s.observation()
    action, value = s.hint()
    assert action in obs.legal_actions and value is not None
    note = face_for("differenzler").hint_note(s, obs, action_arg(action, obs), value, action)
    assert render_note(note, "swiss", "en") == (
        f"Hint: forecast {decode(s.variant, action).value} — expected penalty for you in this "
        f"hand: about {round(-value)}")
    # Coiffeur: the row value the search expects (its value is against the row's baseline).
    s = _vorhand_session(COIFFEUR)
    obs = s.observation()
    action, value = s.hint()
    assert value is not None
    note = face_for("coiffeur").hint_note(s, obs, action_arg(action, obs), value, action)
    text = render_note(note, "swiss", "en")
    move = decode(s.variant, action)
    if move.kind == "row":
        discipline, mult = obs.sheet_rows[move.value]
        expected = value + mult * BASELINE[discipline]
        assert text.endswith(f"for Us: about {round(expected)}") and f"Row {move.value + 1}" in text
    else:
        assert text == "Hint: Schieben"


@pytest.mark.parametrize("rules, hand", [(DIFFERENZLER, 2), (DIFFERENZLER_THREE, 1),
                                         (COIFFEUR, 2)],
                         ids=["differenzler", "differenzler-three", "coiffeur"])
def test_save_resume_and_replay(rules: Any, hand: int, tmp_path: Path) -> None:
    s = variant_session(rules, seed=4)
    _play_out(s, stop=lambda s: s.game.hand_no == hand and len(s.game.round.played) > 5)
    path = s.save(tmp_path / "game.puur")
    assert read_record(path).variant == s.variant.key
    r = PlaySession.resume(path)
    assert r.variant is s.variant and r.observation() == s.observation()
    assert r.bot_names == s.bot_names and r.is_saved()
    # The resumed game goes on from where it was saved to its end; its record holds the saved
    # game and replays to the same end.
    saved = read_record(path).actions
    _play_out(r)
    done = read_record(r.save(tmp_path / "done.puur"))
    assert done.actions[:hand - 1] == saved[:hand - 1]
    assert done.actions[hand - 1][:len(saved[hand - 1])] == saved[hand - 1]
    assert done.to_game().scores == r.game.scores and done.to_game().is_over
    with pytest.raises(SessionError, match="already over"):
        PlaySession.from_record(done)


def test_a_resumed_game_tells_its_past_as_it_happened(tmp_path: Path) -> None:
    s = variant_session(COIFFEUR, seed=6)
    told = _play_out(s, stop=lambda s: s.game.hand_no == 2 and len(s.game.round.played) > 2)
    r = PlaySession.resume(s.save(tmp_path / "g.puur"))
    assert r.history_events() == told


def test_a_face_must_give_every_display_hook() -> None:
    # The hooks a face must give are abstract: one left out fails when the face is made, not
    # in the middle of a game.
    import pytest

    from puur.tui.face_molotow import MolotowFace
    from puur.tui.faces import GridFace

    class Unfinished(GridFace):
        key = "unfinished"

    with pytest.raises(TypeError, match="abstract"):
        Unfinished()  # type: ignore[abstract]
    assert MolotowFace().key == "molotow"
