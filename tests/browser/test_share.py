"""A seat of a finished private game makes a share link on its replay; the link opens the game to
a browser that holds no seat of it, and nothing else does."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tests.browser.pages import game_state
from tests.browser.test_variants import play_out, seated

BOTS = {"kind": "bot", "bot": "random"}


def test_a_share_link_opens_a_private_game_to_another_browser(
        new_page: Callable[..., Any], server: str) -> None:
    anna = new_page("/")
    seated(anna, server, {"rules": "family", "options": {"target": 50}, "public": False,
                          "seats": [{"kind": "human"}, BOTS, BOTS, BOTS]})
    play_out(anna)
    gid = game_state(anna)["result"]["game_id"]

    stranger = new_page("/")
    # Without the link the game does not exist for another browser: not listed, not readable.
    assert stranger.request.get(f"{server}/api/games/{gid}/replay").status == 404
    assert gid not in [g["id"] for g in stranger.request.get(f"{server}/api/games").json()["games"]]

    anna.goto(f"/?replay={gid}")
    anna.wait_for_selector(".replay-view")
    anna.click("#rp-share")
    field = anna.wait_for_selector("#rp-share-url")
    url = field.input_value()
    assert url.startswith(server) and f"/replay/{gid}?share=" in url
    assert anna.query_selector("#rp-share-error") is None

    stranger.goto(url)
    stranger.wait_for_selector(".replay-view")
    # The link opens the replay, not the table: no table code is shown to its holder, and the
    # page offers no link of its own.
    assert stranger.query_selector("#rp-share") is None
    assert stranger.query_selector(".table-code") is None
    key = url.rsplit("=", 1)[1]
    opened = stranger.request.get(f"{server}/api/games/{gid}/replay?share={key}").json()
    assert opened["code"] is None
    record = stranger.request.get(f"{server}/api/games/{gid}/record?share={key}")
    assert record.status == 200 and record.text().startswith("puur-record")


def test_a_browser_without_a_seat_is_told_it_cannot_share(
        new_page: Callable[..., Any], server: str) -> None:
    anna = new_page("/")
    seated(anna, server, {"rules": "family", "options": {"target": 50},
                          "seats": [{"kind": "human"}, BOTS, BOTS, BOTS]})
    play_out(anna)
    gid = game_state(anna)["result"]["game_id"]
    # A browser that sat at another table holds a token, but not one of this game's table.
    other = new_page("/")
    seated(other, server, {"rules": "family", "seats": [{"kind": "human"}, BOTS, BOTS, BOTS]})
    other.goto(f"/?replay={gid}")
    other.wait_for_selector(".replay-view")
    other.click("#rp-share")
    error = other.wait_for_selector("#rp-share-error")
    assert error.inner_text().strip()
    assert other.query_selector("#rp-share-url") is None
