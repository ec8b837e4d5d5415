"""A seating draw at a table (Kreuzjass's partners by the Aces): the players move to their
seats of the draw with their tokens and names, stored, so that a restart finds them there."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from .util import four_humans, hello, recv_state, server

DRAW = {"partners": "first_two_aces", "target": 300}


def a_table_whose_draw_moves_players(client: Any) -> tuple[str, list[str], tuple[int, ...]]:
    for _ in range(20):
        code, tokens = four_humans(client, variant="kreuzjass", options=DRAW)
        seating = tuple(client.app.state.lobby.tables[code].game.seating)
        if seating != (0, 1, 2, 3):
            return code, tokens, seating
    raise AssertionError("twenty draws kept everyone in place")


def seat_of(client: Any, code: str, token: str) -> tuple[int, dict[str, Any]]:
    with client.websocket_connect(f"/ws/{code}") as ws:
        state = hello(ws, token)
    return state["you"]["seat"], state


def test_the_players_move_to_the_seats_of_the_draw(db: Path) -> None:
    with server(db) as client:
        code, tokens, seating = a_table_whose_draw_moves_players(client)
        # The player who sat down at seat k (token k) plays at the seat the draw gave him.
        seats = {k: seat_of(client, code, tok)[0] for k, tok in enumerate(tokens)}
        assert seats == {k: seating.index(k) for k in range(4)}
        _seat, state = seat_of(client, code, tokens[0])
        names = [s["name"] for s in state["table"]["seats"]]
        assert names[seating.index(0)] == "Anna"  # the name moved with its player
        # The player to move acts from his new seat, and the table takes it.
        to_move = state["game"]["to_move"]
        mover = next(k for k, s in seats.items() if s == to_move)
        with client.websocket_connect(f"/ws/{code}") as ws:
            first = hello(ws, tokens[mover])
            action = first["game"]["legal"][0]
            ws.send_json({"v": 2, "type": "action", **action})
            after = recv_state(ws)
        assert after["seq"] == first["seq"] + 1 and after["event"]["seat"] == to_move
    # A restart finds everyone where the draw put them.
    with server(db, seed=5) as client:
        assert {k: seat_of(client, code, tok)[0] for k, tok in enumerate(tokens)} == seats


def test_fixed_partners_move_nobody(client: Any) -> None:
    code, tokens = four_humans(client, variant="kreuzjass", options={"target": 300})
    assert [seat_of(client, code, tok)[0] for tok in tokens] == [0, 1, 2, 3]
