"""The Strafpunktjass in the browser: a whole game of one hand (a limit of 1) chosen in the
lobby, one person with three computer players; the side panel and the note under the contract
drawn from the server's panel (the penalty card and its declaration, the trumps and the card
that fixed them, each player's penalty points and total); the bare card's question as two
buttons when the deal asks it; the ranking where the fewest points come first and the hand's
breakdown of who paid for what; the table on a desktop and on 390 and 320 px phones, in
German."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from puur.i18n import t

from .pages import act_once, game_state, settle
from .test_layout import DESKTOP, PHONE, SMALL, TABLE_PARTS, Findings, shot
from .test_molotow import lobby_seats, started
from .test_variants import lobby_table, play_out, ranking

pytestmark = pytest.mark.browser


def side_table(page: Any) -> dict[int, dict[str, str]]:
    """The table of the side panel: per seat its cells by class."""
    rows: list[list[Any]] = page.eval_on_selector_all(
        ".side .pj-table tbody tr", "els => els.map(e => [Number(e.dataset.seat),"
        " Object.fromEntries([...e.querySelectorAll('td')]"
        ".map(c => [c.className, c.textContent]))])")
    return {seat: cells for seat, cells in rows}


def check_panel(page: Any, lang: str = "en") -> None:
    """The side panel shows the server's panel as it is now."""
    settle(page)
    p = game_state(page)["panel"]
    note = page.query_selector(".side .pj-box .pj-card-note")
    assert note is not None and note.get_attribute("data-card") == p["penalty_card"]
    assert (page.query_selector(".side .pj-box .pj-declared") is None) == (
        p["declared_seat"] is None)
    trump = page.query_selector(".side .pj-box .trump-note")
    assert trump is not None
    if p["trump_card"] is None:
        assert trump.inner_text() == t("mo.no_trumps_yet", lang)
    else:
        assert trump.get_attribute("data-trump") == p["trump_card"]
    rows = side_table(page)
    assert sorted(rows) == [0, 1, 2, 3]
    for s, cells in rows.items():
        assert cells["penalties"] == str(p["penalties"][s])
        total = p["totals"][s] + (p["result"][s] if p["result"] else 0)
        assert cells["total"] == str(total)


def test_penalty_jass_a_whole_game_of_one_hand(
        new_page: Callable[..., Any], server: str, artifacts: Path) -> None:
    """Four seats, a limit of 1: the side panel follows the server's panel through the hand,
    the question (where the deal asks it) offers its two answers, the ranking puts the fewest
    penalty points first and the breakdown says who paid for trick 1, the penalty card and the
    last trick."""
    page = new_page("/")
    assert lobby_seats(page, "penalty_jass", "standard") == 4
    code = lobby_table(page, "penalty_jass", "standard", more={"penalty_limit": "1"})
    rules = page.request.get(f"{server}/api/tables/{code}").json()["table"]["rules"]
    assert rules["penalty_limit"] == 1 and rules["penalty_card"] == "DQ"
    seen: set[str] = set()

    def look(p: Any) -> None:
        g = started(p)
        if g["phase"] == "over":
            return
        if g["phase"] == "bare_card" and "asked" not in seen:
            seen.add("asked")
            p.wait_for_selector(".words-panel .word-btn")
            words = p.eval_on_selector_all(".words-panel .word-btn",
                                           "els => els.map(e => e.textContent.trim())")
            assert words == [t("word.bare"), t("word.quiet")]
        fixed = "fixed" if g["panel"]["trump_card"] else "none"
        if fixed not in seen:
            seen.add(fixed)
            check_panel(p)

    counts = play_out(page, before=look)
    assert counts.get("play") == 9, counts
    assert "none" in seen
    check_panel(page)
    g = game_state(page)
    result = g["result"]
    lines = ranking(page, "#game-over")
    assert sorted(lines) == list(enumerate(result["scores"])) and len(lines) == 4
    assert [score for _, score in lines] == sorted(result["scores"])  # the fewest first
    score = g["last_hand"]["score"]
    for cls, key, points in (("first-trick", "first_trick", 1),
                             ("penalty-card", "penalty_card", score["card_price"]),
                             ("last-trick", "last_trick", 1)):
        cells = page.eval_on_selector_all(f"#game-over .pj-score tr.{cls} td",
                                          "els => els.map(e => Number(e.textContent))")
        assert cells == [points if s == score[key] else 0 for s in range(4)], cls
    total = page.eval_on_selector_all("#game-over .pj-score tr.total td",
                                      "els => els.map(e => Number(e.textContent))")
    assert total == score["result"] and sum(total) in (3, 4)
    shot(page, artifacts, "penalty_jass-over")


def test_penalty_jass_table_on_a_desktop_and_phones_in_german(
        new_page: Callable[..., Any], artifacts: Path) -> None:
    """Until the first trick is taken: the side panel's heads in German, then the table laid
    out on a desktop, a 390 and a 320 px phone."""
    page = new_page("/")
    page.select_option("#pref-lang", "de")
    lobby_table(page, "penalty_jass", "quiet")
    page.wait_for_selector(".side .pj-table")
    heads = page.eval_on_selector_all(".side .pj-table thead th",
                                      "els => els.map(e => e.textContent)")
    assert heads == [t("mo.player", "de"), t("mo.hand", "de"), t("mo.total", "de")]
    for _ in range(40):
        if game_state(page)["last_trick"]:
            break
        act_once(page)
    assert game_state(page)["last_trick"]
    check_panel(page, "de")
    found = Findings()
    for name, size in (("desktop", DESKTOP), ("phone", PHONE), ("small phone", SMALL)):
        page.set_viewport_size({"width": size["width"], "height": size["height"]})
        settle(page)
        found.check(page, f"penalty_jass: the table on a {name}", TABLE_PARTS)
        shot(page, artifacts, f"penalty_jass-{name.replace(' ', '-')}")
    found.assert_none()
