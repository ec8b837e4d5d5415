"""The tests' own WebSocket receive gives up: a message that never comes fails one test with a
clear message instead of hanging the suite."""

from __future__ import annotations

from typing import Any

import pytest

from .util import ONE_HUMAN, create, hello, receive_json


def test_a_message_that_never_comes_fails_the_test(client: Any) -> None:
    t = create(client, seats=ONE_HUMAN)
    with client.websocket_connect(f"/ws/{t['code']}") as ws:
        # Nothing is sent before hello, so nothing comes.
        with pytest.raises(AssertionError, match=r"no WebSocket message within 0\.2 s"):
            receive_json(ws, timeout=0.2)
        # The socket is still fine: the wait took nothing from it.
        assert hello(ws, t["token"])["type"] == "state"
