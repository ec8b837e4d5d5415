"""Hindersi in the browser: a whole game of one round chosen in the lobby (four players), the
side panel drawn from the server's panel (the round and the hand in it, the turned card, each
player's points in the hand and the round and his net Striche), the ranking where the most net
Striche win, the round's marks in the last hand's score and the replay; a table of three laid
out on a desktop and on a 390 px phone."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from puur.i18n import t
from puur.variants.hindersi_rules import round_marks

from .pages import game_state, settle
from .test_layout import DESKTOP, PHONE, TABLE_PARTS, Findings, shot
from .test_molotow import lobby_seats, started
from .test_variants import lobby_table, play_out, ranking, replay_to_end

pytestmark = pytest.mark.browser


def side_table(page: Any, where: str = ".side") -> dict[int, dict[str, str]]:
    """The Hindersi table of the side panel: per seat its cells by class."""
    rows: list[list[Any]] = page.eval_on_selector_all(
        f"{where} .hi-table tbody tr", "els => els.map(e => [Number(e.dataset.seat),"
        " Object.fromEntries([...e.querySelectorAll('td')]"
        ".map(c => [c.className, c.textContent]))])")
    return {seat: cells for seat, cells in rows}


def check_panel(page: Any) -> None:
    """The side panel shows the server's panel as it is now."""
    settle(page)
    p = game_state(page)["panel"]
    assert page.inner_text(".side .hi-box h3") == t(
        "hi.round_of", "en", round=p["hindersi_round"], rounds=p["rounds"],
        hand=p["hand_in_round"])
    assert page.inner_text(".side .hi-turned") == t("hi.turned", "en", card=p["turned"])
    rows = side_table(page)
    assert sorted(rows) == list(range(len(p["made"])))
    for s, cells in rows.items():
        hand = p["points"][s] if p["points"] else p["made"][s]
        assert cells["points"] == str(hand)
        assert cells["round"] == str(p["round_before"][s] + hand)
        assert cells["net"] == str(p["totals"][s] + (p["marks"][s] if p["marks"] else 0))


def test_hindersi_four_players_a_whole_round_and_its_replay(
        new_page: Callable[..., Any], server: str, artifacts: Path) -> None:
    page = new_page("/")
    assert lobby_seats(page, "hindersi", "standard") == 4
    code = lobby_table(page, "hindersi", "standard", more={"game_rounds": "1"})
    rules = page.request.get(f"{server}/api/tables/{code}").json()["table"]["rules"]
    assert rules["game_rounds"] == 1 and rules["players"] == 4
    checked: list[tuple[int, int]] = []

    def check(p: Any) -> None:
        g = started(p)
        key = (g["hand_no"], sum(g["panel"]["made"]))
        if g["phase"] == "over" or key in checked:
            return
        checked.append(key)
        check_panel(p)

    counts = play_out(page, before=check)
    assert counts.get("play") == 36, counts
    assert len({h for h, _ in checked}) == 4
    g = game_state(page)
    result = g["result"]
    lines = ranking(page, "#game-over")
    assert sorted(lines) == list(enumerate(result["scores"]))
    assert [score for _, score in lines] == sorted(result["scores"], reverse=True)
    score = g["last_hand"]["score"]
    marks = page.eval_on_selector_all(
        "#game-over .hi-score tr.marks td", "els => els.map(e => Number(e.textContent))")
    assert marks == score["marks"] == list(round_marks(score["round_points"]))
    points = page.eval_on_selector_all(
        "#game-over .hi-score tr.points td", "els => els.map(e => Number(e.textContent))")
    assert points == score["points"]
    shot(page, artifacts, "hindersi-over")
    page.click("#game-over a[href^='/?replay=']")
    replay_to_end(page)
    assert len(page.query_selector_all(".replay-view .seat")) == 4
    rows = side_table(page, ".replay-view")
    assert [rows[s]["net"] for s in range(4)] == [str(v) for v in result["scores"]]


def test_hindersi_three_players_on_a_desktop_and_a_phone(
        new_page: Callable[..., Any], server: str, artifacts: Path) -> None:
    page = new_page("/")
    assert lobby_seats(page, "hindersi", "three") == 3
    lobby_table(page, "hindersi", "three", more={"game_rounds": "1"})
    page.wait_for_selector(".hand-card")
    found = Findings()
    checked = []

    def look(p: Any) -> None:
        g = started(p)
        if checked or g["phase"] == "over" or not g["last_trick"]:
            return
        for name, size in (("desktop", DESKTOP), ("phone", PHONE)):
            p.set_viewport_size({"width": size["width"], "height": size["height"]})
            settle(p)
            found.check(p, f"three: the table on a {name}", TABLE_PARTS)
            shot(p, artifacts, f"hindersi-three-{name}")
        p.set_viewport_size({"width": DESKTOP["width"], "height": DESKTOP["height"]})
        checked.append(True)
        check_panel(p)

    counts = play_out(page, before=look)
    assert checked and counts.get("play") == 36, counts
    found.assert_none()
