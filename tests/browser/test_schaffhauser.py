"""Schaffhauser in the browser: each preset created in the lobby, the König (♛) and the two
Bauern at their seats (never taken for Bieter's panel: no bids, no talon), the trump card the
dealer turned, the decline question answered by click, the two columns and the series table as
the server's, a whole series against computer players on a phone and a desktop, and the
replay."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from puur.i18n import t

from .pages import act_once, game_state, hand_cards, lobby_preset, seats_at, settle
from .test_layout import DESKTOP, PHONE, TABLE_PARTS, Findings, in_every_language, shot
from .test_variants import ranking, replay_to_end

pytestmark = pytest.mark.browser

# A short series: the König needs 100, the Bauern 300.
SHORT = {"koenig_target": "100", "target": "300"}
ASKED = ("#game-over, .hand-card.legal, .choice, .weis-opt.suggested, #weis-quiet, #stoeck-yes")


def me(page: Any) -> int | None:
    seat: int | None = page.evaluate(
        "puur.view.state.you.role === 'player' ? puur.view.state.you.seat : null")
    return seat


def check_table(page: Any) -> dict[str, Any]:
    """The seats' roles, the turned card, the columns and the series show the server's panel."""
    settle(page)
    g = game_state(page)
    p = g["panel"]
    assert "talon_up" not in p and "bids" not in p
    for s in range(3):
        roles = page.eval_on_selector_all(f".felt .seat[data-seat='{s}'] .role-bubble",
                                          "els => els.map(e => e.dataset.role)")
        assert roles == (["koenig"] if s == p["koenig"] else ["bauer"]), (s, roles, p)
        assert not page.query_selector(f".felt .seat[data-seat='{s}'] .bid-bubble")
    assert page.query_selector(".side .sh-box") and not page.query_selector(".side .bi-box")
    cols = page.eval_on_selector_all(
        ".side .sh-box .bi-table tbody tr", "els => els.map(e => [e.className,"
        " [...e.querySelectorAll('td')].map(c => c.textContent)])")
    rows = dict((cls, cells) for cls, cells in cols)
    assert rows["before"] == [str(v) for v in p["totals"]]
    assert rows["this-hand"] == [str(v) for v in p["team_points"]]
    assert rows["needs"] == [str(v) for v in p["targets"]]
    games = page.eval_on_selector_all(
        ".side .sh-series .series-game:not(.playing) .sh-columns",
        "els => els.map(e => e.textContent)")
    assert games == [f"{a} / {b}" for a, b in (x["columns"] for x in p["series"])]
    wins = page.eval_on_selector_all(".side .sh-wins tr.games-won td",
                                     "els => els.map(e => Number(e.textContent))")
    assert wins == p["series_scores"]
    if g["phase"] != "over":
        turned = page.get_attribute(".center .turned-note .mini-card.turned", "title")
        assert turned and g["turned"] == p["turned"]
    declined = page.query_selector(".center .declined-note")
    assert bool(declined) == bool(p["declined"])
    assert sorted(hand_cards(page)) == sorted(g["hand"])
    return g


def play_series(page: Any, look: Callable[[Any], None] | None = None, decline_once: bool = True,
                limit: int = 1500) -> dict[str, int]:
    """Do what the page asks until the series is over: the first decline question is answered
    by declining (if `decline_once`), every other by playing the hand."""
    counts: dict[str, int] = {}
    for _ in range(limit):
        page.wait_for_selector(ASKED)
        if look:
            look(page)
        if page.query_selector(".decline-panel") and decline_once and not counts.get("decline"):
            g = game_state(page)
            assert sorted(a["type"] for a in g["legal"]) == ["accept", "decline"]
            assert page.query_selector("#accept-btn") and page.query_selector("#decline-btn")
            before = page.evaluate("puur.view.state.latest.seq")
            page.click("#decline-btn")
            page.wait_for_function("([s]) => puur.view.state.latest.seq !== s", arg=[before])
            done = "decline"
        else:
            done = act_once(page)
        counts[done] = counts.get(done, 0) + 1
        if done == "over":
            return counts
    pytest.fail(f"the series did not end: {counts}")


@pytest.mark.parametrize("preset", ["standard", "twice"])
def test_each_preset_is_created_from_the_lobby(new_page: Callable[..., Any], server: str,
                                               artifacts: Path, preset: str) -> None:
    """Each preset from the lobby: the table has its rules and three seats where they belong;
    the König, the turned card, the columns and the series fit a desktop and a 390 px phone."""
    page = new_page("/")
    code = lobby_preset(page, "schaffhauser", preset, {}, 3)
    table = page.request.get(f"{server}/api/tables/{code}").json()["table"]
    assert table["variant"]["key"] == "schaffhauser"
    assert table["rules"]["rounds"] == (2 if preset == "twice" else 1)
    page.wait_for_selector(".hand-card")
    at = seats_at(page)
    assert [at[s] for s in range(3)] == ["bottom", "right", "left"]
    found = Findings()
    for name, size in (("desktop", DESKTOP), ("phone", PHONE)):
        page.set_viewport_size({"width": size["width"], "height": size["height"]})
        page.wait_for_selector(ASKED)
        check_table(page)
        found.check(page, f"{preset} on a {name}", TABLE_PARTS)
        shot(page, artifacts, f"schaffhauser-{preset}-{name}")
    in_every_language(page, found, f"{preset} on a phone", TABLE_PARTS)
    found.assert_none()


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_a_whole_series_against_computer_players(new_page: Callable[..., Any], server: str,
                                                 artifacts: Path, size: str) -> None:
    """A whole series with two computer players: the page plays every card it is asked for,
    declines the first hand it may as König (the hand summary shows the Bauern's 257) and plays
    the others; the seats, the columns and the series are the server's at every phase; nothing
    overlaps; the ranking is the series' and the replay shows the König."""
    page = new_page("/", **(PHONE if size == "phone" else DESKTOP))
    lobby_preset(page, "schaffhauser", "standard", SHORT, 3)
    found = Findings()
    seen: set[str] = set()
    summaries: list[str] = []

    def look(p: Any) -> None:
        g = game_state(p)
        if g["phase"] == "over":
            return
        key = f"{g['phase']}{'-mine' if g['to_move'] == me(p) else ''}-game{g['panel']['game_no']}"
        if key not in seen:
            seen.add(key)
            check_table(p)
            found.check(p, f"Schaffhauser at {key}", TABLE_PARTS)
            shot(p, artifacts, f"schaffhauser-{size}-{key}")
        last = g.get("last_hand")
        # The page's own decline (a computer König may decline the first hand before the page
        # has connected: its summary then never reached the page).
        if last and last["score"]["declined"] and last["score"]["koenig"] == me(p) \
                and not summaries:
            p.wait_for_selector("#hand-summary .bi-note, #game-over .bi-note")
            summaries.append(p.inner_text(".bi-note"))
            cells = p.eval_on_selector_all("#hand-summary .bi-score tr.this-hand td",
                                           "els => els.map(e => Number(e.textContent))")
            assert cells[0] == 0 and cells[1] >= 257

    counts = play_series(page, look)
    assert counts.get("decline") == 1 and counts.get("play"), counts
    assert {"decline-mine-game1", "decline-mine-game2", "decline-mine-game3"} & seen, seen
    assert summaries and t("bi.declined", "en") in summaries[0]
    g = game_state(page)
    result = g["result"]
    assert sorted(ranking(page, "#game-over")) == list(enumerate(result["scores"]))
    series = page.eval_on_selector_all("#game-over .sh-series .series-game .sh-won",
                                       "els => els.map(e => e.textContent)")
    assert len(series) == 3
    wins = page.eval_on_selector_all("#game-over .sh-wins tr.games-won td",
                                     "els => els.map(e => Number(e.textContent))")
    assert wins == result["scores"]
    found.check(page, "Schaffhauser series over", None)
    shot(page, artifacts, f"schaffhauser-{size}-over")
    found.assert_none()
    page.click("#game-over a[href^='/?replay=']")
    replay_to_end(page)
    assert len(page.query_selector_all(".replay-view .seat")) == 3
    koenig = g["last_hand"]["score"]["koenig"]
    role = page.get_attribute(f".replay-view .seat[data-seat='{koenig}'] .role-bubble",
                              "data-role")
    assert role == "koenig"
