"""Views share the page's one container: a view that was left draws nothing more there, even
when its data arrives afterwards."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

from .pages import post_table

pytestmark = pytest.mark.browser


def hold(page: Any, pattern: str) -> list[Any]:
    """Hold back the page's requests to ``pattern``: they wait in the list returned."""
    held: list[Any] = []
    page.route(pattern, lambda route: held.append(route))
    return held


def first_held(page: Any, held: list[Any]) -> Any:
    """The first request held back, once the page has sent it."""
    for _ in range(100):
        if held:
            return held[0]
        page.wait_for_timeout(50)
    raise AssertionError("the page never sent the request")


def test_a_replay_left_before_its_answer_does_not_draw_over_the_lobby(
    new_page: Callable[..., Any]
) -> None:
    page = new_page("/")
    held = hold(page, "**/api/games/*/replay*")
    page.goto("/?replay=424242")
    answer = first_held(page, held)
    page.click("a.brand")  # back to the lobby while the answer is still on its way
    page.wait_for_selector("#f-name")
    answer.fulfill(status=404, content_type="application/json", body=json.dumps(
        {"v": 2, "type": "error", "code": "no_game", "message": "no game with id 424242"}))
    page.wait_for_timeout(500)
    assert page.query_selector(".fatal") is None
    assert page.query_selector("#create-form") is not None


def test_a_seat_taken_after_the_table_was_left_opens_no_connection(
    new_page: Callable[..., Any], server: str
) -> None:
    page = new_page("/")
    res = post_table(page, server, {"rules": "family", "seats": [
        {"kind": "human"}, {"kind": "bot", "bot": "random"}, {"kind": "human"},
        {"kind": "bot", "bot": "random"}]})
    sockets: list[str] = []
    page.on("websocket", lambda ws: sockets.append(ws.url))
    held = hold(page, "**/api/tables/*/join")
    page.goto(f"/t/{res['code']}")
    page.click(".join-seat[data-seat='2']")
    answer = first_held(page, held)
    page.click("a.brand")  # back to the lobby while the answer is on its way
    page.wait_for_selector("#f-name")
    answer.continue_()
    page.wait_for_function("([c]) => localStorage.getItem(`puur.seat.${c}`) !== null",
                           arg=[res["code"]])
    page.wait_for_timeout(500)
    assert sockets == [], "the table that was left connected anyway"
    assert page.query_selector("#create-form") is not None
