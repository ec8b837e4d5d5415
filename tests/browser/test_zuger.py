"""Zuger in the browser: a whole game against computer players at a table of four, the words of
the declaring (stay, home, maybe; the settlement's accept and refuse) offered as buttons from the
server's legal actions, each seat's word and the dealer sitting out shown as a bubble at the
seat, the settlement offer with what the player would write, and the ranking at the end."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from puur.i18n import t

from .pages import game_state, settle
from .test_layout import shot
from .test_variants import BOT, play_out, ranking, seated

pytestmark = pytest.mark.browser


def test_zuger_a_whole_game_with_the_declaring_and_a_seat_sitting_out(
        new_page: Callable[..., Any], server: str, artifacts: Path) -> None:
    page = new_page("/")
    seen: dict[str, bool] = {}

    def check(p: Any) -> None:
        g = p.evaluate("puur.view.state.latest.game")
        if not g or g["phase"] == "over":
            return
        settle(p)
        g = game_state(p)
        panel = g["panel"]
        out = panel["sitting_out"]
        if out is not None and not seen.get("out"):
            bubble = p.query_selector(f".word-bubble.out[data-seat='{out}']")
            assert bubble is not None and bubble.inner_text() == t("word.sits_out", "en")
            assert len(p.query_selector_all(".seat")) == 4
            seen["out"] = True
        for s, word in enumerate(panel["said"]):
            if word and g["phase"] in ("declare", "settle") and not seen.get("said"):
                b = p.query_selector(f".word-bubble[data-seat='{s}'][data-word='{word}']")
                assert b is not None and b.inner_text() == t(f"word.{word}", "en")
                seen["said"] = True
        if g["to_move"] == 0 and g["phase"] in ("declare", "settle", "force"):
            words = [a["word"] for a in g["legal"] if a["type"] == "declare"]
            shown = p.eval_on_selector_all(".words-panel .word-btn",
                                           "els => els.map(e => e.dataset.word)")
            assert shown == words
            seen[g["phase"]] = True
            if g["phase"] == "settle":
                offer = p.inner_text("#settle-offer")
                assert f"you write {g['own']['settlement']}" in offer
                shot(p, artifacts, "zuger-settle")

    # The deals decide whether the page ever plays a card (it may go home or sit out every
    # hand of a short game): a new table until one game has had both.
    for _attempt in range(4):
        seated(page, server, {"variant": "zuger", "rules": "sum-100", "lang": "en",
                              "seats": [{"kind": "human"}, BOT, BOT, BOT]})
        page.wait_for_function("() => puur.view.state.latest && puur.view.state.latest.game")
        counts = play_out(page, limit=800, before=check)
        if counts.get("play", 0) > 0:
            break
    assert counts.get("play", 0) > 0 and counts.get("btn", 0) > 0, counts
    assert seen.get("out") and seen.get("declare") and seen.get("said"), seen
    g = game_state(page)
    result = g["result"]
    assert sum(result["scores"]) >= 100
    lines = ranking(page, "#game-over")
    assert sorted(lines) == list(enumerate(result["scores"]))
    assert [score for _, score in lines] == sorted(result["scores"], reverse=True)
