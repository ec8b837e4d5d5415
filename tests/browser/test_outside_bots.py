"""The lobby's form opens a table with an outside bot: the host is shown the seat's bot token
once, with the address its program connects to (screenshot ``test-output/bot-tokens.png``), and
the table shows the seat as away until a program says ``bot_hello`` with that token."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

pytestmark = pytest.mark.browser


def test_the_host_gets_the_bot_token_and_sees_the_bot_come(
    new_page: Callable[..., Any], server: str, artifacts: Path
) -> None:
    from websockets.sync.client import connect

    host = new_page("/")
    host.wait_for_selector("#f-seat-1 option[value='remote']", state="attached")
    host.fill("#f-name", "Anna")
    host.select_option("#f-seat-1", "remote")
    host.select_option("#f-strength-1", "1")
    host.click("#create-btn")
    panel = host.wait_for_selector("#bot-tokens")
    assert panel.query_selector_all(".bot-token") and len(panel.query_selector_all(
        ".bot-token")) == 1
    token = host.input_value(".bot-token-value")
    url = host.input_value(".bot-url")
    code = url.rsplit("/", 1)[1]
    assert len(token) == 43 and url.startswith("ws://") and token in panel.inner_text()
    host.screenshot(path=str(artifacts / "bot-tokens.png"), full_page=True)
    seats = host.request.get(f"{server}/api/tables/{code}").json()["table"]["seats"]
    assert seats[1]["bot"] == "remote" and seats[1]["stand_in"]["strength"] == 1
    assert token not in json.dumps(seats)
    host.click("#bot-tokens-go")
    host.wait_for_url(f"**/t/{code}")
    away = ".seat[data-seat='1'] .badge.away"
    host.wait_for_selector(away)
    with connect(url, open_timeout=10) as ws:
        ws.send(json.dumps({"v": 2, "type": "bot_hello", "bot_version": 1, "token": token}))
        assert json.loads(ws.recv(timeout=10))["type"] == "bot_welcome"
        host.wait_for_selector(away, state="detached")
    host.wait_for_selector(away)  # the program has left again
