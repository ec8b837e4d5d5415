"""Fair deals in the browser: the commitment in the table's info from the start, with a copy
button and how to check it; the seed it hides in the game-over dialog and the replay."""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from typing import Any

from tests.browser.pages import game_state
from tests.browser.test_variants import play_out, seated

BOTS = {"kind": "bot", "bot": "random"}


def test_the_commitment_is_shown_at_the_start_and_the_seed_at_the_end(
        new_page: Callable[..., Any], server: str) -> None:
    page = new_page("/")
    code = seated(page, server, {"rules": "family", "options": {"target": 50},
                                 "seats": [{"kind": "human"}, BOTS, BOTS, BOTS]})
    page.wait_for_selector("#fair-commit")
    committed = page.request.get(f"{server}/api/tables/{code}").json()["table"]["games"][-1][
        "commitment"]
    assert len(committed) == 64
    assert page.inner_text("#fair-commit .fair-hash") == committed[:12] + "…"
    assert committed in (page.get_attribute("#fair-commit", "title") or "")
    assert page.query_selector("#fair-commit details.fair-how summary") is not None
    assert page.query_selector("#fair-seed") is None  # no seed while the game runs

    play_out(page)
    seed = page.wait_for_selector("#game-over #fair-seed .fair-hash").inner_text()
    assert hashlib.sha256(f"puur-deal-seed-v1:{seed}".encode()).hexdigest() == committed
    assert committed in page.inner_text("#game-over #fair-seed")

    gid = game_state(page)["result"]["game_id"]
    page.goto(f"/?replay={gid}")
    page.wait_for_selector(".replay-view")
    assert seed in page.inner_text(".replay-view #fair-seed")
    assert committed in page.inner_text(".replay-view #fair-seed")
