"""Seat tokens go on command lines (an outside bot's program takes its token as an argument)."""

from __future__ import annotations

import secrets

import pytest

from puur.server.seats import new_token


def test_a_token_never_starts_with_a_dash(monkeypatch: pytest.MonkeyPatch) -> None:
    drawn = iter(["-looks-like-an-option", "-again", "fine-token"])
    monkeypatch.setattr(secrets, "token_urlsafe", lambda _n: next(drawn))
    assert new_token() == "fine-token"
