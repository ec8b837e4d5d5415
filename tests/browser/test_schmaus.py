"""Schmaus in the browser: two seats laid out on a desktop and on a phone with the stock on the
cloth (face down, its count and the card face up at its bottom), the exchange of the trump 6 as
exactly the legal buttons, the side panel's points, running totals and Weis as the server's,
and a whole short game against a computer player to its end."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from puur.i18n import t

from .pages import act_once, game_state, hand_cards, lobby_preset, seats_at, settle
from .test_layout import DESKTOP, PHONE, TABLE_PARTS, Findings, shot
from .test_variants import ranking

pytestmark = pytest.mark.browser

PARTS = {**TABLE_PARTS, "the stock": ".center .piles"}
ASKED = ("#game-over, .hand-card.legal, .word-btn, .weis-opt.suggested, #weis-quiet,"
         " #stoeck-yes")


def check_table(page: Any) -> dict[str, Any]:
    """The stock, the words bar and the side panel show the server's panel as it is now."""
    settle(page)
    g = game_state(page)
    p = g["panel"]
    piles = page.eval_on_selector_all(
        ".center .pile", "els => els.map(e => [e.className, Number(e.dataset.cards),"
        " [...e.querySelectorAll('.pile-up')].map(c => c.title)])")
    if p["stock_left"]:
        assert len(piles) == 1 and piles[0][0].split()[1] == "stock", piles
        assert piles[0][1] == p["stock_left"] and len(piles[0][2]) == 1, (piles, p)
        count = page.inner_text(".center .pile.stock .pile-count")
        assert count == str(p["stock_left"])
    else:
        assert not piles and page.inner_text(".center .sm-strict") == t("sm.strict", "en")
    for s in range(2):
        row = page.eval_on_selector(
            f".side .kg-table tr[data-seat='{s}']",
            "e => Object.fromEntries([...e.querySelectorAll('td')]"
            ".map(c => [c.className, c.textContent]))")
        assert row["made"] == str(p["made"][s])
        assert row["running"] == f"{p['running'][s]} / {p['target']}"
    weis = page.eval_on_selector_all(".side .sm-weis-list li",
                                     "els => els.map(e => [Number(e.dataset.seat),"
                                     " e.querySelectorAll('.mini-card').length,"
                                     " e.querySelector('.points').textContent])")
    assert weis == [[s, len(cards), str(pts)] for s, cards, pts in p["weis"]]
    if g["phase"] == "exchange" and g["legal"]:
        shown = page.eval_on_selector_all(".words-panel .word-btn",
                                          "els => els.map(e => e.dataset.word)")
        assert shown == [a["word"] for a in g["legal"]]
    assert sorted(hand_cards(page)) == sorted(g["hand"])
    return g


def test_two_seats_and_the_stock_on_a_desktop_and_a_phone(new_page: Callable[..., Any],
                                                         artifacts: Path) -> None:
    """South at the bottom, North at the top, the stock between them; the table fits a desktop
    and a 390 px phone at the first question and once the first trick is taken (both drew)."""
    page = new_page("/")
    lobby_preset(page, "schmaus", "standard", {}, 2)
    page.wait_for_selector(".hand-card")
    at = seats_at(page)
    assert [at[s] for s in range(2)] == ["bottom", "top"]
    found = Findings()
    for moment in ("first question", "after trick 1"):
        page.wait_for_selector(ASKED)
        for name, size in (("desktop", DESKTOP), ("phone", PHONE)):
            page.set_viewport_size({"width": size["width"], "height": size["height"]})
            g = check_table(page)
            found.check(page, f"{moment} on a {name}", PARTS)
            shot(page, artifacts, f"schmaus-{moment.replace(' ', '-')}-{name}")
        if moment == "after trick 1":
            # Both drew (the table may already be a trick further: the page holds no trick).
            assert g["panel"]["stock_left"] <= 16 and g["panel"]["stock_left"] % 2 == 0
            break
        while game_state(page)["panel"]["stock_left"] == 18:  # until both drew
            page.wait_for_selector(ASKED)
            if page.query_selector(".word-btn"):
                page.click(".word-btn")
                settle(page)
            else:
                act_once(page)
    found.assert_none()


def test_a_whole_game_against_a_computer_player(new_page: Callable[..., Any],
                                                artifacts: Path) -> None:
    """One person and a computer player to 150: the exchange by a click when the bar offers
    it, the stock and the side panel checked at every question, the winner first in the
    ranking at the end."""
    page = new_page("/")
    lobby_preset(page, "schmaus", "standard", {"target": "150"}, 2)
    seen: set[str] = set()
    for _ in range(400):
        page.wait_for_selector(ASKED)
        if page.query_selector("#game-over"):
            break
        g = check_table(page)
        seen.add("strict" if not g["panel"]["stock_left"] else "stock")
        words = [a["word"] for a in g["legal"] if a["type"] == "declare"]
        if words:
            before = page.evaluate("puur.view.state.latest.game.phase")
            button = page.query_selector(".word-btn[data-word='exchange']")
            assert button is not None and button.inner_text() == t("word.exchange", "en")
            button.click()
            page.wait_for_function("([p]) => puur.view.state.latest.game.phase !== p"
                                   " || puur.view.state.latest.game.panel.robber !== null",
                                   arg=[before])
            seen.add("exchanged")
        else:
            seen.add(act_once(page))
    else:
        pytest.fail(f"the game did not end: {seen}")
    assert "stock" in seen and "play" in seen, seen
    g = game_state(page)
    lines = ranking(page, "#game-over")
    assert sorted(lines) == list(enumerate(g["result"]["scores"]))
    assert g["result"]["scores"][lines[0][0]] >= 150
    shot(page, artifacts, "schmaus-over")
