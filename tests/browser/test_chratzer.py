"""Chratzer in the browser: a whole game of one played deal chosen in the lobby, one person with
three computer players, the side panel drawn from the server's panel (the trump cards, the pot
and a trick's share, each player's tricks against his promise and his chips), the ranking by
chips, the deal's breakdown and the replay; and a table of seven on a desktop and a phone up to
its first trick."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from puur.i18n import t

from .pages import act_once, game_state, settle
from .test_layout import DESKTOP, PHONE, TABLE_PARTS, Findings, shot
from .test_molotow import lobby_seats, started
from .test_variants import lobby_table, play_out, ranking, replay_to_end

pytestmark = pytest.mark.browser

SEVEN_PARTS = {**TABLE_PARTS, "South-West's cards": ".pos-bottom-left .backs .back",
               "the top seats' cards": ".pos-top-left .backs .back, .pos-top-right .backs .back"}


def check_panel(page: Any) -> None:
    """The side box shows the server's panel as it is now."""
    settle(page)
    p = game_state(page)["panel"]
    pot = page.inner_text(".side .cz-box #cz-pot")
    assert pot == t("cz.pot", "en", pot=p["pot"], share=p["share"])
    assert len(page.query_selector_all(".side .cz-box .cz-trumps .mini-card")) == len(
        p["chratzer_turned"])
    rows: list[list[Any]] = page.eval_on_selector_all(
        ".side .cz-table tbody tr", "els => els.map(e => [Number(e.dataset.seat),"
        " e.querySelector('.cz-tricks').textContent,"
        " Number(e.querySelector('.chips').textContent)])")
    over = p["result"] is not None
    for seat, tricks, chips in rows:
        assert chips == p["totals"][seat] + (p["result"][seat] if over else 0)
        if seat in p["in_play"]:
            assert tricks == f"{p['tricks'][seat]}/{p['promises'][seat]}"
        else:
            assert tricks == "–"


def test_chratzer_a_whole_game_of_one_deal(new_page: Callable[..., Any], server: str,
                                           artifacts: Path) -> None:
    # The deal decides whether the page is asked to chratze and plays a card (a computer
    # player before it may chratze, nobody may come along): a new table until it does (the
    # session's server deals from one seeded stream, so the deal depends on the test order).
    seen: set[str] = set()

    def look(p: Any) -> None:
        g = started(p)
        if g["phase"] != "over" and g["phase"] not in seen:
            seen.add(g["phase"])
            check_panel(p)

    for _attempt in range(6):
        page = new_page("/")
        assert lobby_seats(page, "chratzer", "standard") == 4
        code = lobby_table(page, "chratzer", "standard", more={"game_deals": "1"})
        rules = page.request.get(f"{server}/api/tables/{code}").json()["table"]["rules"]
        assert rules["game_deals"] == 1 and rules["ante"] == 4
        seen.clear()
        counts = play_out(page, before=look)
        if "chratze" in seen and counts.get("play", 0) >= 1:
            break
    assert "chratze" in seen and counts.get("play", 0) >= 1, (seen, counts)
    g = game_state(page)
    result = g["result"]
    lines = ranking(page, "#game-over")
    assert sorted(lines) == list(enumerate(result["scores"])) and len(lines) == 4
    assert [score for _, score in lines] == sorted(result["scores"], reverse=True)
    score = g["last_hand"]["score"]
    cells = page.eval_on_selector_all("#game-over .cz-score tr.total td",
                                      "els => els.map(e => Number(e.textContent))")
    assert cells == score["result"]
    assert page.inner_text("#game-over .cz-carry") == t("cz.carry", "en", carry=score["carry"])
    shot(page, artifacts, "chratzer-over")
    # The replay opens every hand and ends on the deal's breakdown.
    page.click("#game-over a[href^='/?replay=']")
    replay_to_end(page)
    assert len(page.query_selector_all(".replay-view .seat")) == 4
    assert "contract.null" not in page.inner_text(".replay-view")
    cells = page.eval_on_selector_all(".replay-view .cz-score tr.total td",
                                      "els => els.map(e => Number(e.textContent))")
    assert cells == score["result"]
    shot(page, artifacts, "chratzer-replay")


def test_chratzer_seven_seats_on_a_desktop_and_a_phone(new_page: Callable[..., Any],
                                                       artifacts: Path) -> None:
    page = new_page("/")
    assert lobby_seats(page, "chratzer", "seven") == 7
    lobby_table(page, "chratzer", "seven")
    found = Findings()
    for _ in range(60):
        g = started(page)
        if g["last_trick"] or g["phase"] == "over":
            break
        act_once(page)
    assert g["last_trick"], "no trick was played"
    assert len(page.query_selector_all(".felt.seats-7 .seat")) == 7
    assert page.query_selector(".seat.pos-bottom-left") is not None
    for name, size in (("desktop", DESKTOP), ("phone", PHONE)):
        page.set_viewport_size({"width": size["width"], "height": size["height"]})
        settle(page)
        found.check(page, f"chratzer: seven seats on a {name}", SEVEN_PARTS)
        shot(page, artifacts, f"chratzer-seven-{name}")
    found.assert_none()
