"""A seat's secret decisions reach no one else (docs/server.md, "What each client is sent").

A seat is asked about its Weis, and about its Stöck when Stöck is announced with the Weis, only
because it holds one, so whatever it decides must not show anywhere else: not as a message, an
unchanged state, a sequence number, a timer or a moment. Each test plays whole games on a table
driven directly with a clock turned by hand (``tablekit``): three people, one of them slow
enough now and then for the turn timer to hand the seat to a computer player, one computer
seat, a spectator, and connections dropping while a decision is secret.
"""

from __future__ import annotations

from typing import Any

import pytest

from .tablekit import Run, flip_shows, message, run

WITH_WEIS = {"target": 1000, "stoeck_announce": "with-weis", "push_back": True}
SECOND_CARD = {"target": 1000}
CONFIGS = [(WITH_WEIS, 1), (WITH_WEIS, 7), (WITH_WEIS, 4), (SECOND_CARD, 3)]
def test_what_others_receive_is_the_same_whether_a_seat_declared_or_kept_quiet() -> None:
    kinds: set[tuple[str, str]] = set()
    for options, seed in CONFIGS:
        base, script = run(options, seed)
        assert base.table.game is not None and base.table.game.is_over
        for k in range(script.secrets):
            other, flipped = run(options, seed, flip=k)
            assert flipped.flipped_kind is not None
            if flip_shows(base, other, flipped):
                kinds.add(flipped.flipped_kind)
    assert kinds >= {("weis", "person"), ("weis", "computer"), ("stoeck", "person"),
                     ("stoeck", "computer"), ("weis", "person, stand-in playing")}


@pytest.mark.parametrize(("options", "seed"), CONFIGS)
def test_no_message_for_a_secret_decision(options: dict[str, Any], seed: int) -> None:
    r, script = run(options, seed)
    assert script.secrets >= 3
    game = r.table.game
    assert game is not None and game.is_over
    steps = sum(1 for hand in game.actions for a in hand) - sum(
        1 for hand in game.actions for a in hand if 46 <= a <= 61 or (
            options.get("stoeck_announce") == "with-weis" and a in (62, 63)))
    with_weis = options.get("stoeck_announce") == "with-weis"
    for slot in r.others:
        seq = 0
        states = [message(text) for _t, text in r.streams[slot]]
        for n, m in enumerate(states):
            if m["type"] != "state" or n in r.hellos[slot]:
                continue
            ev = m["event"]
            if ev is None:  # keeping quiet about Stöck after its second card, seen by all
                assert not with_weis
            own_secret = ev is not None and ev["type"] == "action" and ev["seat"] == slot and (
                ev["action"]["type"] == "weis" or (ev["action"]["type"] == "stoeck" and with_weis)
            ) and m["game"]["result"] is None
            if (ev is None or ev["type"] == "action") and not own_secret:
                seq += 1
            # seq moves with every step the table sees, and with nothing else.
            assert m["seq"] == seq, (slot, ev)
        actions = [m for m in states if m["type"] == "state" and (m["event"] or {}).get(
            "type") == "action"]
        assert all(m["event"]["action"]["type"] in ("play", "choose", "push", "stoeck")
                   for m in actions if m["event"]["seat"] != slot)
    assert r.table.seq == steps or r.table.seq == steps + 1  # a Stöck that ends the game counts


def turn_starts(r: Run) -> list[tuple[float, dict[str, Any]]]:
    """The spectator's states with their times, but those answering its hellos (a Stöck kept
    quiet after its second card is a step without an event)."""
    slot = r.spectator
    return [(t, m) for n, (t, m) in enumerate((t, message(x)) for t, x in r.streams[slot])
            if m["type"] == "state" and n not in r.hellos[slot]]


@pytest.mark.parametrize(("options", "seed"), CONFIGS)
def test_computer_players_and_the_timer_keep_one_pace(options: dict[str, Any], seed: int) -> None:
    # A computer player's step comes exactly bot_delay after its turn began, and the timer
    # hands a slow person's seat over exactly turn_timer after the turn began, whether the seat
    # had a secret decision to make or not.
    r, _script = run(options, seed)
    turn = 0.0
    moves = takeovers = 0
    for t, m in turn_starts(r):
        ev = m["event"] or {"type": "action", "by": "quiet"}
        if ev.get("type") == "action" and ev["by"] in ("bot", "auto"):
            assert t - turn == pytest.approx(r.lobby.bot_delay), ev
            moves += 1
        if ev.get("what") == "takeover":
            assert t - turn == pytest.approx(r.timer), ev
            takeovers += 1
        if ev.get("type") in ("action", "start") or ev.get("what") in ("takeover", "handback"):
            turn = t
    assert moves > 20 and takeovers >= 1
