"""Mittlere in the browser: a whole game of one hand chosen in the lobby, one person with two
computer players; the side panel drawn from the server's panel (trumps and the card that fixed
them, each player's card points, tricks and net count, the hand's Striche and Nuller once it is
over); the ranking where the best net count wins; the table on a desktop and on 390 and 320 px
phones; the page in German."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from puur.i18n import t

from .pages import game_state, settle
from .test_layout import DESKTOP, PHONE, SMALL, TABLE_PARTS, Findings, shot
from .test_molotow import lobby_seats, started
from .test_variants import lobby_table, play_out, ranking

pytestmark = pytest.mark.browser


def side_table(page: Any) -> dict[int, dict[str, str]]:
    """The Mittlere table of the side panel: per seat its cells by class."""
    rows: list[list[Any]] = page.eval_on_selector_all(
        ".side .mi-table tbody tr", "els => els.map(e => [Number(e.dataset.seat),"
        " Object.fromEntries([...e.querySelectorAll('td')]"
        ".map(c => [c.className, c.textContent]))])")
    return {seat: cells for seat, cells in rows}


def check_panel(page: Any, lang: str = "en") -> None:
    """The side panel and the note under the contract show the server's panel as it is now."""
    settle(page)
    p = game_state(page)["panel"]
    note = page.query_selector(".side .mi-box .trump-note")
    assert note is not None
    if p["trump_card"] is None:
        assert note.inner_text() == t("mo.no_trumps_yet", lang)
    else:
        assert note.get_attribute("data-trump") == p["trump_card"]
    rows = side_table(page)
    assert sorted(rows) == [0, 1, 2]
    for s, cells in rows.items():
        assert cells["made"] == str(p["made"][s])
        assert cells["tricks"] == str(p["tricks"][s])
        total = p["totals"][s] + (p["result"][s] if p["result"] else 0)
        assert cells["total"] == str(total)
        if p["middle_marks"]:
            assert (cells["striche"], cells["nuller"]) == tuple(
                str(m) for m in p["middle_marks"][s])
        else:
            assert "striche" not in cells


def test_mittlere_a_whole_game_on_a_desktop_and_phones(
        new_page: Callable[..., Any], server: str, artifacts: Path) -> None:
    """Three seats; the side panel follows the server's panel through the hand; the table lays
    out on a desktop, a 390 and a 320 px phone; the ranking puts the best net count first and
    the hand's breakdown shows its Striche and Nuller."""
    page = new_page("/")
    assert lobby_seats(page, "mittlere", "standard") == 3
    code = lobby_table(page, "mittlere", "standard", more={"hands": "1"})
    rules = page.request.get(f"{server}/api/tables/{code}").json()["table"]["rules"]
    assert rules["hands"] == 1 and rules["negative"] is True
    found = Findings()
    seen: set[str] = set()

    def look(p: Any) -> None:
        g = started(p)
        if g["phase"] == "over":
            return
        fixed = "fixed" if g["panel"]["trump_card"] else "none"
        if fixed not in seen:
            seen.add(fixed)
            check_panel(p)
        if "layout" in seen or not g["last_trick"]:
            return
        seen.add("layout")
        for name, size in (("desktop", DESKTOP), ("phone", PHONE), ("small phone", SMALL)):
            p.set_viewport_size({"width": size["width"], "height": size["height"]})
            settle(p)
            found.check(p, f"mittlere: the table on a {name}", TABLE_PARTS)
            shot(p, artifacts, f"mittlere-{name.replace(' ', '-')}")
        p.set_viewport_size({"width": DESKTOP["width"], "height": DESKTOP["height"]})

    counts = play_out(page, before=look)
    assert counts.get("play") == 12, counts
    assert "none" in seen and "layout" in seen
    found.assert_none()
    check_panel(page)
    g = game_state(page)
    result = g["result"]
    lines = ranking(page, "#game-over")
    assert sorted(lines) == list(enumerate(result["scores"])) and len(lines) == 3
    assert [score for _, score in lines] == sorted(result["scores"], reverse=True)
    assert result["places"][lines[0][0]] == 1
    score = g["last_hand"]["score"]
    striche = page.eval_on_selector_all("#game-over .mo-score tr.striche td",
                                        "els => els.map(e => Number(e.textContent))")
    assert striche == [m[0] for m in score["marks"]]
    cells = page.eval_on_selector_all("#game-over .mo-score tr.total td",
                                      "els => els.map(e => Number(e.textContent))")
    assert cells == score["result"]
    shot(page, artifacts, "mittlere-over")


def test_mittlere_in_german_names_the_tricks_column(new_page: Callable[..., Any],
                                                     server: str) -> None:
    page = new_page("/")
    page.select_option("#pref-lang", "de")
    lobby_table(page, "mittlere", "plus-minus", more={"hands": "1"})
    page.wait_for_selector(".side .mi-table")
    heads = page.eval_on_selector_all(".side .mi-table thead th",
                                      "els => els.map(e => e.textContent)")
    assert heads == [t("mo.player", "de"), t("mo.hand", "de"), t("mi.tricks", "de"),
                     t("mo.total", "de")]
    check_panel(page, "de")
    play_out(page)
    check_panel(page, "de")
    assert all(v >= 0 for v in game_state(page)["result"]["scores"])  # no Nuller
