"""Offener Jass in the browser: a whole game against a computer player to a low target, the bid
typed in the number field (a bad one refused on the page, the stepper moving on the legal
bids), both rows on the cloth as the server's panel has them (a card back where a face-down
card still lies, no face-down card's face anywhere), the page's own face-up cards played with
a click, the side box's auction and totals, the winner first in the ranking; and the table laid
out on a desktop and a phone up to the first trick."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from .pages import game_state, hand_cards, lobby_preset, seats_at, settle
from .test_layout import DESKTOP, PHONE, TABLE_PARTS, Findings, shot
from .test_variants import ranking

pytestmark = pytest.mark.browser

PARTS = {**TABLE_PARTS, "the table's rows": ".center .oj-row"}
ASKED = "#game-over, .hand-card.legal, .oj-card.own.legal, .choice, #oj-bid-input, #oj-pass"
CARD = re.compile(r"^[DHSC][6-9TJQKA]$")


def check_rows(page: Any) -> dict[str, Any]:
    """Both rows show the panel's positions: each face-up card where it lies, a back under it
    (or alone) where a face-down card still lies, the page's own legal cards as live buttons."""
    settle(page)
    g = game_state(page)
    rows = g["panel"]["open_piles"]
    for seat in (0, 1):
        shown = page.eval_on_selector_all(
            f".center .oj-row[data-seat='{seat}'] .oj-pos",
            "els => els.map(e => [e.querySelector('.oj-card') ?"
            " e.querySelector('.oj-card').dataset.card || e.dataset.card : null,"
            " Boolean(e.querySelector('.oj-under'))])")
        assert shown == [[p["card"], p["covered"]] for p in rows[seat]], (seat, shown, rows)
        for p in rows[seat]:
            assert p["card"] is None or CARD.match(p["card"])
    legal = {a["card"] for a in g["legal"] if a["type"] == "play"}
    live = set(page.eval_on_selector_all(".oj-row.mine .oj-card.own.legal",
                                         "els => els.map(e => e.dataset.card)"))
    assert live == legal & {p["card"] for p in rows[0]}
    assert not page.query_selector(".oj-row.theirs button")  # the other player's are not ours
    assert sorted(hand_cards(page)) == sorted(g["hand"])
    return g


def bid(page: Any, value: int) -> None:
    before = page.evaluate("puur.view.state.latest.seq")
    page.fill("#oj-bid-input", str(value))
    page.click("#oj-bid-btn")
    page.wait_for_function("([s]) => puur.view.state.latest.seq !== s", arg=[before])


def click_and_wait(page: Any, selector: str) -> None:
    before = page.evaluate("puur.view.state.latest.seq")
    page.click(selector)
    page.wait_for_function("([s]) => puur.view.state.latest.seq !== s"
                           " || puur.view.state.latest.game.phase === 'over'", arg=[before])


def test_a_whole_game_against_a_computer_player(new_page: Callable[..., Any], server: str,
                                                artifacts: Path) -> None:
    page = new_page("/")
    code = lobby_preset(page, "offener_jass", "standard", {"target": "10"}, 2)
    rules = page.request.get(f"{server}/api/tables/{code}").json()["table"]["rules"]
    assert rules["target"] == 10 and rules["min_bid"] == 60
    seen: dict[str, int] = {}
    for _ in range(400):
        page.wait_for_selector(ASKED)
        if page.query_selector("#game-over"):
            break
        g = check_rows(page)
        if page.query_selector("#oj-bid-input"):
            bids = [a["value"] for a in g["legal"] if a["type"] == "bid"]
            field = page.query_selector("#oj-bid-input")
            assert field is not None and int(field.get_attribute("min")) == bids[0]
            assert int(field.get_attribute("max")) == bids[-1]
            if not seen.get("refused"):
                page.fill("#oj-bid-input", str(bids[0] - 1))
                page.click("#oj-bid-btn")
                page.wait_for_selector(".oj-bid .field-error")
                assert game_state(page)["phase"] == "bid"  # nothing was sent
                page.fill("#oj-bid-input", str(bids[0]))
                page.click("#oj-bid-up")
                assert page.input_value("#oj-bid-input") == str(bids[1])
                seen["refused"] = 1
            pass_btn = page.query_selector("#oj-pass")
            if pass_btn is not None and seen.get("bid"):
                pass_btn.click()
                page.wait_for_function("() => puur.view.state.latest.game.phase !== 'bid'")
                continue
            bid(page, bids[0])
            seen["bid"] = seen.get("bid", 0) + 1
            calls = page.eval_on_selector_all(".oj-box .auction-calls li",
                                              "els => els.map(e => e.dataset.call)")
            assert "bid" in calls
            continue
        if page.query_selector(".choose-panel .choice"):
            click_and_wait(page, ".choose-panel .choice")
            seen["contract"] = 1
            continue
        own = page.query_selector(".oj-row.mine .oj-card.own.legal")
        if own is not None:
            tok = own.get_attribute("data-card")
            click_and_wait(page, f".oj-row.mine .oj-card.own.legal[data-card='{tok}']")
            settle(page)
            assert tok not in [p["card"] for p in game_state(page)["panel"]["open_piles"][0]]
            seen["from_table"] = seen.get("from_table", 0) + 1
            if seen["from_table"] == 1:
                shot(page, artifacts, "offener-jass-from-table")
            continue
        click_and_wait(page, ".hand-card.legal")
        seen["from_hand"] = seen.get("from_hand", 0) + 1
    else:
        pytest.fail(f"the game did not end: {seen}")
    assert seen.get("bid") and seen.get("from_table", 0) >= 3, seen
    g = game_state(page)
    lines = ranking(page, "#game-over")
    assert sorted(lines) == list(enumerate(g["result"]["scores"]))
    assert g["result"]["scores"][lines[0][0]] >= 10
    shot(page, artifacts, "offener-jass-over")


def test_the_table_fits_a_desktop_and_a_phone(new_page: Callable[..., Any], server: str,
                                              artifacts: Path) -> None:
    """Both rows, the trick, the hand and the bar at the first question and again once the
    first trick lies on the cloth, on a desktop and on a 390 px phone; then it stops."""
    page = new_page("/")
    lobby_preset(page, "offener_jass", "standard", {}, 2)
    page.wait_for_selector(".oj-row")
    assert seats_at(page) == {0: "bottom", 1: "top"}
    found = Findings()

    def check(where: str) -> None:
        for name, size in (("desktop", DESKTOP), ("phone", PHONE)):
            page.set_viewport_size({"width": size["width"], "height": size["height"]})
            check_rows(page)
            found.check(page, f"{where} on a {name}", PARTS)
            shot(page, artifacts, f"offener-jass-{where}-{name}")

    check("start")
    for _ in range(12):
        page.wait_for_selector(ASKED)
        g = game_state(page)
        if len(g["trick"]) or g["trick_no"] > 0 or page.query_selector("#game-over"):
            break
        if page.query_selector("#oj-pass") and page.query_selector(".oj-box .auction-calls li"):
            click_and_wait(page, "#oj-pass")
        elif page.query_selector("#oj-bid-input"):
            bid(page, next(a["value"] for a in g["legal"] if a["type"] == "bid"))
        elif page.query_selector(".choose-panel .choice"):
            click_and_wait(page, ".choose-panel .choice")
        elif page.query_selector(".oj-row.mine .oj-card.own.legal"):
            click_and_wait(page, ".oj-row.mine .oj-card.own.legal")
        else:
            click_and_wait(page, ".hand-card.legal")
    check("first-trick")
    found.assert_none()
