"""Pandur in the browser: a whole game of three players leaving at 3 game points, chosen in the
lobby; the bid in the bar (pass, a button per special bid, one number field for the numeric bids
that refuses a figure the auction does not allow), the side box drawn from the server's panel
(the auction or the contract, each player's part and game points) and the ranking; a table of
four laid out on a desktop and on a 390 px phone up to the first trick."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from puur.i18n import t

from .pages import act_once, game_state, settle
from .test_layout import DESKTOP, PHONE, TABLE_PARTS, Findings, shot
from .test_molotow import lobby_seats, started
from .test_variants import lobby_table, play_out, ranking

pytestmark = pytest.mark.browser

WORDS = {"misere": "Misère", "trumpf-misere": "Trumpf-Misère", "pandur": "Pandur",
         "trumpf-pandur": "Trumpf-Pandur"}


def words(bid: str) -> str:
    return WORDS.get(bid, bid)


def check_panel(page: Any) -> None:
    """The side box shows the server's panel as it is now."""
    settle(page)
    g = game_state(page)
    p = g["panel"]
    rows: list[list[Any]] = page.eval_on_selector_all(
        ".side .pd-table tbody tr", "els => els.map(e => [Number(e.dataset.seat),"
        " e.querySelector('.points').textContent, e.querySelector('.role').textContent])")
    assert [(s, int(points)) for s, points, _role in rows] == list(enumerate(p["totals"]))
    head = page.inner_text(".side #pd-head")
    if p["soloist"] is not None and not p["thrown_in"]:
        assert words(p["pandur_bid"]) in head and f" {p['value']}" in head
        assert [role for s, _p, role in rows if s == p["soloist"]] == [t("pd.role_solo", "en")]
    elif p["high_bid"]:
        assert words(p["high_bid"]) in head


def check_bid_field(page: Any) -> None:
    """The bar's bid: pass first, a button per special bid allowed, the number field in the
    range the numeric bids allowed span; a figure outside them is refused and nothing sent."""
    g = game_state(page)
    legal = g["legal"]
    numbers = sorted(a["value"] for a in legal if a["type"] == "bid" and "value" in a)
    specials = [a["word"] for a in legal if a["type"] == "bid" and "word" in a]
    labels = page.eval_on_selector_all(".pd-bid-panel .choice",
                                       "els => els.map(e => e.textContent.trim())")
    assert labels == [t("bi.pass", "en"), *(words(w) for w in specials)]
    field = page.query_selector("#pd-bid-input")
    assert field is not None
    assert (int(field.get_attribute("min")), int(field.get_attribute("max"))) == (
        numbers[0], numbers[-1])
    seq = page.evaluate("puur.view.state.latest.seq")
    field.fill(str(numbers[0] + 5))
    page.click("#pd-bid-btn")
    page.wait_for_selector(".pd-bid-form .field-error")
    assert page.evaluate("puur.view.state.latest.seq") == seq


def test_pandur_three_players_a_whole_game(
        new_page: Callable[..., Any], server: str, artifacts: Path) -> None:
    page = new_page("/")
    assert lobby_seats(page, "pandur", "three") == 3
    code = lobby_table(page, "pandur", "three", more={"target": "3"})
    rules = page.request.get(f"{server}/api/tables/{code}").json()["table"]["rules"]
    assert rules["target"] == 3 and rules["players"] == 3
    seen: list[tuple[int, int]] = []
    asked: list[bool] = []

    def check(p: Any) -> None:
        g = started(p)
        if g["phase"] == "over":
            return
        if g["phase"] == "bid" and g.get("legal") and not asked:
            p.wait_for_selector("#pd-bid-input")
            check_bid_field(p)
            asked.append(True)
        key = (g["hand_no"], len(g["history"]))
        if key not in seen:
            seen.append(key)
            check_panel(p)

    counts = play_out(page, before=check)
    assert counts.get("play", 0) >= 8 and asked, counts
    g = game_state(page)
    result = g["result"]
    lines = ranking(page, "#game-over")
    assert sorted(side for side, _ in lines) == [0, 1, 2]
    assert {side: score for side, score in lines} == dict(enumerate(result["scores"]))
    shot(page, artifacts, "pandur-over")


def test_pandur_four_at_the_table_on_a_desktop_and_a_phone(
        new_page: Callable[..., Any], artifacts: Path) -> None:
    page = new_page("/")
    assert lobby_seats(page, "pandur", "standard") == 4
    lobby_table(page, "pandur", "standard")
    found = Findings()
    for _ in range(200):
        g = started(page)
        if g["last_trick"] or g["phase"] == "over":
            break
        act_once(page)
    g = started(page)
    assert g["last_trick"], "no trick was played"
    for name, size in (("desktop", DESKTOP), ("phone", PHONE)):
        page.set_viewport_size({"width": size["width"], "height": size["height"]})
        settle(page)
        found.check(page, f"four: the table on a {name}", TABLE_PARTS)
        shot(page, artifacts, f"pandur-four-{name}")
    check_panel(page)
    found.assert_none()
