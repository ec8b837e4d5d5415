"""Sechser in the browser: a whole game to a low target chosen in the lobby, six cards in the
hand, the side box drawn from the server's panel (the hand, the dead cards, the dealer, the
Match), the last hand's totals and the replay with the twelve dead cards opened; the table on a
desktop and a 390 px phone up to the first trick."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from puur.i18n import t

from .pages import act_once, game_state, hand_cards, settle
from .test_layout import DESKTOP, PHONE, TABLE_PARTS, Findings, shot
from .test_molotow import started
from .test_variants import lobby_table, play_out, replay_to_end

pytestmark = pytest.mark.browser


def check_panel(page: Any) -> None:
    """The side box shows the server's panel as it is now."""
    settle(page)
    g = game_state(page)
    p = g["panel"]
    assert p["dead_cards"] == 12 and p["hand_cards"] == 6
    assert page.inner_text(".side .sx-box h3") == t("sx.title", "en", hand=g["hand_no"])
    assert page.inner_text(".side .sx-dead") == t("sx.dead", "en", count=12)
    assert page.inner_text(".side .sx-match") == t("sx.match", "en", tricks=6,
                                                     bonus=p["match_bonus"])
    assert page.inner_text(".side .sx-dealer").startswith(t("sx.dealt_by", "en", who="")[:5])


def test_sechser_a_whole_game_to_a_low_target_and_its_replay(
        new_page: Callable[..., Any], server: str, artifacts: Path) -> None:
    page = new_page("/")
    code = lobby_table(page, "sechser", "short", more={"target": "150"})
    rules = page.request.get(f"{server}/api/tables/{code}").json()["table"]["rules"]
    assert rules["target"] == 150
    page.wait_for_selector(".hand-card")
    seen: list[int] = []

    def check(p: Any) -> None:
        g = started(p)
        if g["phase"] == "over" or g["hand_no"] in seen:
            return
        seen.append(g["hand_no"])
        if g["trick_no"] == 0 and not g["trick"]:
            assert sum(g["hand_sizes"]) == 24 and len(g["hand"]) == 6
        check_panel(p)

    counts = play_out(page, before=check)
    assert counts.get("play", 0) >= 6, counts
    g = game_state(page)
    assert max(g["result"]["scores"]) >= 150
    totals = page.eval_on_selector_all("#game-over .score-table tr.total td",
                                       "els => els.map(e => e.textContent.trim())")
    assert len(totals) == 2 and all(v.isdigit() for v in totals), totals
    shot(page, artifacts, "sechser-over")
    page.click("#game-over a[href^='/?replay=']")
    replay_to_end(page)
    assert len(page.query_selector_all(".replay-view .open-piles .dead_cards .pile-up")) == 12
    assert page.inner_text(".replay-view .sx-box .sx-dead") == t("sx.dead", "en", count=12)


def test_sechser_on_a_desktop_and_a_phone(new_page: Callable[..., Any], artifacts: Path) -> None:
    page = new_page("/")
    lobby_table(page, "sechser", "standard")
    page.wait_for_selector(".hand-card")
    found = Findings()
    for _ in range(40):
        g = started(page)
        if g["last_trick"]:
            break
        act_once(page)
    assert game_state(page)["last_trick"], "no trick was played"
    for name, size in (("desktop", DESKTOP), ("phone", PHONE)):
        page.set_viewport_size({"width": size["width"], "height": size["height"]})
        settle(page)
        found.check(page, f"Sechser: the table on a {name}", TABLE_PARTS)
        assert len(hand_cards(page)) <= 5
        shot(page, artifacts, f"sechser-{name}")
    check_panel(page)
    found.assert_none()
