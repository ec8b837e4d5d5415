"""Guggitaler in the browser: a whole game of six deals chosen in the lobby, one person with
computer players: the side panel drawn from the server's panel (the deal and its penalty, each
player's penalty and total, the sheet of the deals so far), the Domino's four suit rows on the
cloth (cards laid from the hand, a pass button when none fits), the ranking where the lowest
total wins; the Domino on a desktop and on 390 and 320 px phones."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from puur.i18n import t

from .pages import game_state, settle
from .test_layout import DESKTOP, PHONE, SMALL, TABLE_PARTS, Findings, shot
from .test_variants import lobby_table, play_out, ranking

pytestmark = pytest.mark.browser

PARTS = {**TABLE_PARTS, "the Domino rows": ".domino .domino-row"}


def check_panel(page: Any) -> None:
    """The side box shows the server's panel as it is now."""
    settle(page)
    p = game_state(page)["panel"]
    head = page.inner_text(".side .gg-box h3")
    assert head == t("gg.deal_of", "en", deal=p["guggitaler_deal"], deals=6)
    rows: list[list[Any]] = page.eval_on_selector_all(
        ".side .gg-table tbody tr", "els => els.map(e => [Number(e.dataset.seat),"
        " e.querySelector('.made').textContent, e.querySelector('.total').textContent])")
    over = p["result"] is not None
    for seat, made, total in rows:
        assert made == str(p["made"][seat])
        assert total == str(p["totals"][seat] + (p["result"][seat] if over else 0))
    sheet = page.query_selector_all(".side .gg-sheet tbody tr[data-deal]")
    assert len(sheet) == len(p["earlier"]) + (1 if over else 0)


def check_domino(page: Any) -> None:
    """The four rows on the cloth hold exactly the cards the server's panel lists."""
    settle(page)
    p = game_state(page)["panel"]
    laid = page.eval_on_selector_all(
        ".center .domino .domino-row", "els => els.map(e => [...e.querySelectorAll("
        "'.mini-card.laid')].length)")
    assert laid == [len(r) for r in p["rows"]]


def test_guggitaler_a_whole_game_with_the_domino(
        new_page: Callable[..., Any], server: str, artifacts: Path) -> None:
    page = new_page("/")
    code = lobby_table(page, "guggitaler", "jassverzeichnis")
    rules = page.request.get(f"{server}/api/tables/{code}").json()["table"]["rules"]
    assert rules["players"] == 4 and rules["deals"] == "jassverzeichnis"
    seen: set[int] = set()
    found = Findings()

    def look(p: Any) -> None:
        p.wait_for_function("() => puur.view.state.latest && puur.view.state.latest.game")
        g = game_state(p)
        if g["phase"] == "over":
            return
        deal = g["panel"]["guggitaler_deal"]
        if deal not in seen:
            seen.add(deal)
            check_panel(p)
        if deal == 6 and g["history"] and 99 not in seen:
            seen.add(99)
            check_domino(p)
            for name, size in (("desktop", DESKTOP), ("phone", PHONE), ("small phone", SMALL)):
                p.set_viewport_size({"width": size["width"], "height": size["height"]})
                settle(p)
                found.check(p, f"the Domino on a {name}", PARTS)
                shot(p, artifacts, f"guggitaler-domino-{name.replace(' ', '-')}")
            p.set_viewport_size({"width": DESKTOP["width"], "height": DESKTOP["height"]})

    counts = play_out(page, limit=600, before=look)
    assert seen >= {1, 2, 3, 4, 5, 6, 99}, seen
    assert counts.get("play", 0) >= 5 * 9, counts
    found.assert_none()
    g = game_state(page)
    result = g["result"]
    lines = ranking(page, "#game-over")
    assert [score for _, score in lines] == sorted(result["scores"])
    cells = page.eval_on_selector_all("#game-over .gg-score tr.made td",
                                      "els => els.map(e => Number(e.textContent))")
    assert cells == g["last_hand"]["score"]["credited"]
    shot(page, artifacts, "guggitaler-over")
