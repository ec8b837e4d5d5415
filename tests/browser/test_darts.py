"""Darts-Jass in the browser: a whole game to a low target chosen in the lobby (four players,
one hand), the side panel drawn from the server's panel (the target, who chose what, per team
what it still needs, its total and this hand's points), the ranking, the hand's score with
what each team scored and the replay; a table of two laid out on a desktop and on a 390 px
phone after the first trick."""

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


def board(page: Any, where: str = ".side") -> dict[int, dict[str, str]]:
    """The count down of the side panel: per side its cells by class."""
    rows: list[list[Any]] = page.eval_on_selector_all(
        f"{where} .da-board li", "els => els.map(e => [Number(e.dataset.side),"
        " Object.fromEntries([...e.querySelectorAll('span[class]')]"
        ".map(c => [c.className, c.textContent]))])")
    return {side: cells for side, cells in rows}


def check_panel(page: Any) -> None:
    """The side panel shows the server's panel as it is now."""
    settle(page)
    p = game_state(page)["panel"]
    target = p["darts_target"]
    assert page.inner_text(".side .da-head") == t("da.board", "en", target=target)
    over = p["result"] is not None
    rows = board(page)
    assert sorted(rows) == list(range(len(p["totals"])))
    for s, cells in rows.items():
        total = p["totals"][s] + (p["result"][s] if over else 0)
        left = p["remaining_after"][s] if over else p["remaining"][s]
        assert cells["da-left"] == str(left) == str(max(0, target - total))
        assert cells["da-total"] == t("da.total_of", "en", total=total, target=target)
        assert cells["da-made"] == t("da.this_hand", "en", points=p["made"][s])


def test_darts_four_players_a_whole_game_to_a_low_target_and_its_replay(
        new_page: Callable[..., Any], server: str, artifacts: Path) -> None:
    page = new_page("/")
    assert lobby_seats(page, "darts", "301") == 4
    code = lobby_table(page, "darts", "301", main={"darts_target": "60"})
    rules = page.request.get(f"{server}/api/tables/{code}").json()["table"]["rules"]
    assert rules["darts_target"] == 60 and rules["players"] == 4
    checked: list[tuple[int, int]] = []

    def check(p: Any) -> None:
        g = started(p)
        key = (g["hand_no"], sum(g["panel"]["made"]))
        if g["phase"] == "over" or key in checked:
            return
        checked.append(key)
        check_panel(p)

    counts = play_out(page, before=check)
    # The panel was checked at many moments of the hand (how many the page stops at depends
    # on how fast the computer players answer).
    assert counts.get("play", 0) >= 9 and len(checked) >= 5, counts
    g = game_state(page)
    result = g["result"]
    assert result["reason"] == "darts_target" and max(result["scores"]) >= 60
    lines = ranking(page, "#game-over")
    assert sorted(lines) == list(enumerate(result["scores"]))
    assert result["places"][lines[0][0]] == 1
    score = g["last_hand"]["score"]
    scored = page.eval_on_selector_all(
        "#game-over .da-score tr.scored td", "els => els.map(e => Number(e.textContent))")
    assert scored == score["result"]
    assert t("reason.darts_target", "en") in page.inner_text("#game-over")
    verdict = "da.verdict_made" if score["made"] else "da.verdict_failed"
    assert t(verdict, "en", contract="")[2:] in page.inner_text("#game-over .da-verdict")
    shot(page, artifacts, "darts-over")
    page.click("#game-over a[href^='/?replay=']")
    replay_to_end(page)
    assert len(page.query_selector_all(".replay-view .seat")) == 4
    rows = board(page, ".replay-view")
    assert [rows[s]["da-left"] for s in range(2)] == [
        str(max(0, 60 - v)) for v in result["scores"]]


def test_darts_two_players_on_a_desktop_and_a_phone(
        new_page: Callable[..., Any], server: str, artifacts: Path) -> None:
    page = new_page("/")
    assert lobby_seats(page, "darts", "two") == 2
    lobby_table(page, "darts", "two")
    found = Findings()
    for _ in range(60):
        g = started(page)
        if g["last_trick"]:
            break
        act_once(page)
    else:
        pytest.fail("no trick was played")
    for name, size in (("desktop", DESKTOP), ("phone", PHONE)):
        page.set_viewport_size({"width": size["width"], "height": size["height"]})
        settle(page)
        found.check(page, f"two: the table on a {name}", TABLE_PARTS)
        shot(page, artifacts, f"darts-two-{name}")
    page.set_viewport_size({"width": DESKTOP["width"], "height": DESKTOP["height"]})
    check_panel(page)
    assert game_state(page)["panel"]["chooser"] is not None
    found.assert_none()
