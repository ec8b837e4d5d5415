"""Creating tables is limited per client address: so many a hour, and so many unfinished ones
at a time, so that one address cannot fill the database or the server's memory with tables."""

from __future__ import annotations

import warnings
from pathlib import Path
from typing import Any

import pytest

from puur.server.limits import Limits
from puur.server.turns import Clock

from .util import ALL_HUMANS, hello, recv_state, server

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

BOTS = [{"kind": "bot", "bot": "random"}] * 4


def new_table(client: Any, **body: Any) -> Any:
    return client.post("/api/tables", json={"v": 2, "seats": ALL_HUMANS, "seat": 0, **body})


def stored_tables(client: Any) -> int:
    db = client.app.state.lobby.storage.db
    return int(client.portal.call(lambda: db.execute("SELECT COUNT(*) FROM tables")
                                  .fetchone()[0]))


def test_new_tables_per_hour_are_limited_and_a_refusal_creates_nothing(db: Path) -> None:
    limits = Limits(tables_per_hour=3, open_tables_per_client=100)
    with server(db, limits=limits) as c:
        for _ in range(3):
            assert new_table(c).status_code == 201
        r = new_table(c)
        assert r.status_code == 429 and r.json()["code"] == "rate_limited", r.text
        assert "new tables" in r.json()["message"]
        assert int(r.headers["Retry-After"]) == 1200  # one table every 20 minutes comes back
        assert stored_tables(c) == 3 and len(c.get("/api/tables").json()["tables"]) == 3
        # Another address has its own.
        other = TestClient(c.app, client=("203.0.113.9", 4000))
        assert new_table(other).status_code == 201


def test_a_refused_body_costs_no_new_table(db: Path) -> None:
    with server(db, limits=Limits(tables_per_hour=1)) as c:
        for _ in range(5):
            assert new_table(c, deck="tarot").status_code == 400
        assert new_table(c).status_code == 201


def finish(client: Any, code: str) -> None:
    """Watch a table of computer players until its game is over."""
    with client.websocket_connect(f"/ws/{code}") as ws:
        state = hello(ws, None)
        while state["game"] is None or state["game"]["result"] is None:
            state = recv_state(ws)


def test_unfinished_tables_per_address_are_capped(db: Path) -> None:
    limits = Limits(tables_per_hour=100, open_tables_per_client=2)
    with server(db, limits=limits) as c:
        first = new_table(c).json()["code"]
        bots = new_table(c, seats=BOTS, seat=None, options={"target": 300}).json()["code"]
        r = new_table(c)
        assert r.status_code == 429 and r.json()["code"] == "too_many_tables", r.text
        assert "2 unfinished tables" in r.json()["message"]
        assert stored_tables(c) == 2
        # A finished game frees its place.
        finish(c, bots)
        third = new_table(c)
        assert third.status_code == 201, third.text
        assert new_table(c).json()["code"] == "too_many_tables"
        # Joining and watching are not creating: the creator's tables stay open to all.
        assert c.post(f"/api/tables/{first}/join", json={"v": 2}).status_code == 200
        other = TestClient(c.app, client=("203.0.113.9", 4000))
        assert new_table(other).status_code == 201


class Tomorrow(Clock):
    """The server's clock a day and an hour later."""

    def now(self) -> float:
        return super().now() + 25 * 3600


def test_the_cap_forgets_tables_older_than_a_day(db: Path) -> None:
    limits = Limits(tables_per_hour=100, open_tables_per_client=1)
    with server(db, limits=limits) as c:
        assert new_table(c).status_code == 201
        assert new_table(c).json()["code"] == "too_many_tables"
        c.app.state.lobby.clock = Tomorrow()  # a table left waiting since yesterday
        assert new_table(c).status_code == 201
        assert new_table(c).json()["code"] == "too_many_tables"


def test_limits_on_tables_refuse_nonsense() -> None:
    for bad in ({"tables_per_hour": 0}, {"open_tables_per_client": -1}):
        with pytest.raises(ValueError):
            Limits(**bad)  # type: ignore[arg-type]


def test_serve_has_the_table_limit_options(capsys: pytest.CaptureFixture[str]) -> None:
    from puur.cli import main

    for option in ("--tables-per-hour", "--open-tables"):
        with pytest.raises(SystemExit) as e:
            main(["serve", option, "0"])
        assert f"{option} must be at least 1" in str(e.value)
    with pytest.raises(SystemExit):
        main(["serve", "--help"])
    out = capsys.readouterr().out
    assert "--tables-per-hour" in out and "--open-tables" in out

