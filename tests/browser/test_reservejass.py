"""Reservejass in the browser: three seats laid out on a desktop and on a phone, the reserve
(face down, face up to a chooser who may look at it) and after a swap the dead hand as piles,
the chooser's question (a button for each legal mode and one to take the reserve) and the
others' keep-or-take words as exactly the legal buttons, the side panel's points and running
totals against the target as the server's, and a whole game against computer players."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from puur.i18n import t

from .pages import act_once, game_state, hand_cards, lobby_preset, seats_at, settle
from .test_layout import DESKTOP, PHONE, TABLE_PARTS, Findings, in_every_language, shot
from .test_variants import ranking

pytestmark = pytest.mark.browser

PARTS = {**TABLE_PARTS, "the piles": ".center .pile"}


def check_table(page: Any) -> dict[str, Any]:
    """The piles, the question and the side panel show the server's state as it is now."""
    settle(page)
    g = game_state(page)
    p = g["panel"]
    piles = page.eval_on_selector_all(
        ".center .pile", "els => els.map(e => [e.className, Number(e.dataset.cards),"
        " [...e.querySelectorAll('.pile-up')].length])")
    seen = len(g["own"].get("reserve_seen", []))
    want = [("reserve", p["piles"][0], seen)] if p["piles"][0] else []
    if p["piles"][1]:
        want.append(("dead", p["piles"][1], 0))
    assert [(c.split()[1], n, up) for c, n, up in piles] == want, (piles, p)
    for s in range(3):
        row = page.eval_on_selector(
            f".side .kg-table tr[data-seat='{s}']",
            "e => Object.fromEntries([...e.querySelectorAll('td')]"
            ".map(c => [c.className, c.textContent]))")
        assert row["made"] == str(p["made"][s])
        assert row["running"] == f"{p['running'][s]} / {p['target']}"
    legal = g["legal"]
    if g["phase"] == "reserve" and legal:
        modes = page.eval_on_selector_all(".reserve-panel [data-contract]",
                                          "els => els.map(e => e.dataset.contract)")
        assert modes == [a["contract"] for a in legal if a["type"] == "choose"]
        swap = page.query_selector_all(".reserve-panel #reserve-btn")
        assert len(swap) == sum(a["type"] == "declare" for a in legal)
    if g["phase"] == "take" and legal:
        shown = page.eval_on_selector_all(".words-panel .word-btn",
                                          "els => els.map(e => e.dataset.word)")
        assert shown == [a["word"] for a in legal]
    assert sorted(hand_cards(page)) == sorted(g["hand"])
    return g


def test_the_table_fits_a_desktop_and_a_phone_to_the_first_trick(
        new_page: Callable[..., Any], server: str, artifacts: Path) -> None:
    """Three seats where they belong, the reserve on the cloth, and the table at its first
    question and after its first trick fits a desktop and a 390 px phone in every language."""
    found = Findings()
    page = new_page("/")
    code = lobby_preset(page, "reservejass", "standard", {}, 3)
    table = page.request.get(f"{server}/api/tables/{code}").json()["table"]
    assert table["variant"]["key"] == "reservejass"
    page.wait_for_selector(".hand-card")
    at = seats_at(page)
    assert [at[s] for s in range(3)] == ["bottom", "right", "left"]
    for when in ("first question", "first trick"):
        page.wait_for_selector(".choice, .hand-card.legal, #game-over")
        for name, size in (("desktop", DESKTOP), ("phone", PHONE)):
            page.set_viewport_size({"width": size["width"], "height": size["height"]})
            check_table(page)
            found.check(page, f"{when} on a {name}", PARTS)
            shot(page, artifacts, f"reservejass-{when.replace(' ', '-')}-{name}")
        if when == "first question":
            in_every_language(page, found, f"{when} on a phone", PARTS)
        for _ in range(60):
            if game_state(page)["trick_no"] >= 1:
                break
            act_once(page)
    found.assert_none()


def test_a_whole_game_against_computer_players(new_page: Callable[..., Any], server: str,
                                               artifacts: Path) -> None:
    """One person and two computer players to 150 with the chooser looking at the reserve and
    the others' swap: the reserve taken by a click whenever the page may, the piles, the
    question and the side panel checked at every question, the winner first at the end."""
    page = new_page("/")
    lobby_preset(page, "reservejass", "open", {"target": "150"}, 3)
    seen: set[str] = set()
    found = Findings()
    for _ in range(900):
        page.wait_for_selector("#game-over, .hand-card.legal, .choice, .weis-opt.suggested,"
                               " #weis-quiet, #stoeck-yes")
        if page.query_selector("#game-over"):
            break
        g = check_table(page)
        key = g["phase"] + ("-swapped" if g["panel"]["swapper"] is not None else "")
        if key not in seen:
            seen.add(key)
            found.check(page, key, PARTS)
            shot(page, artifacts, f"reservejass-{key}")
        words = [a["word"] for a in g["legal"] if a["type"] == "declare"]
        if "reserve" in words:
            before = page.evaluate("puur.view.state.latest.seq")
            button = page.query_selector(".choice[data-word='reserve']")
            assert button is not None and button.inner_text() == t("word.reserve", "en")
            button.click()
            page.wait_for_function("([s]) => puur.view.state.latest.seq !== s", arg=[before])
            seen.add(f"said-reserve-{g['phase']}")
        else:
            act_once(page)
    else:
        pytest.fail(f"the game did not end: {seen}")
    found.assert_none()
    # The page took the reserve by a click (as the chooser, or after another's choice), and
    # the cards were played after a swap.
    assert "play-swapped" in seen and seen & {"said-reserve-reserve", "said-reserve-take"}, seen
    g = game_state(page)
    lines = ranking(page, "#game-over")
    assert sorted(lines) == list(enumerate(g["result"]["scores"]))
    winner = lines[0][0]
    assert g["result"]["scores"][winner] >= 150
    shot(page, artifacts, "reservejass-over")
