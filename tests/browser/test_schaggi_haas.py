"""Schaggi Haas in the browser: the table of two (South and North) on a desktop and on a phone,
the stock (face down, the card face up on it), the Besser packets still lying and the cards put
down as piles (the page's own face up), the words (keep, besser, rob, pass) as exactly the legal
buttons, the side panel's points and running totals against the target as the server's, and a
whole game against a computer player to its end."""

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
BEFORE_CARDS = ("bessern", "discard", "rob")


def check_table(page: Any) -> dict[str, Any]:
    """The piles, the words bar and the side panel show the server's panel as it is now."""
    settle(page)
    g = game_state(page)
    p = g["panel"]
    me = 0  # the page's person sits at seat 0
    piles = page.eval_on_selector_all(
        ".center .pile", "els => els.map(e => [e.className.split(' ')[1], Number(e.dataset.cards),"
        " [...e.querySelectorAll('.pile-up')].length])")
    want = [["stock", 3, 1]]
    want += [["besser", 4, 0] for s in range(2) if p["besser_lying"][s]]
    want += [["put-down", 0 if s == me else n, len(g["own"]["put_down"]) if s == me else 0]
             for s, n in enumerate(p["put_down"]) if n]
    assert piles == want, (piles, p)
    for s in range(2):
        row = page.eval_on_selector(
            f".side .kg-table tr[data-seat='{s}']",
            "e => Object.fromEntries([...e.querySelectorAll('td')]"
            ".map(c => [c.className, c.textContent]))")
        assert row["made"] == str(p["made"][s])
        assert row["running"] == f"{p['running'][s]} / {p['target']}"
    if g["phase"] in ("bessern", "rob") and g["legal"]:
        shown = page.eval_on_selector_all(".words-panel .word-btn",
                                          "els => els.map(e => e.dataset.word)")
        assert shown == [a["word"] for a in g["legal"]]
    assert sorted(hand_cards(page)) == sorted(g["hand"])
    return g


def test_the_table_of_two_on_a_desktop_and_a_phone(new_page: Callable[..., Any],
                                                   artifacts: Path) -> None:
    """The standard preset from the lobby: two seats facing each other, the stock and the Besser
    packets on the cloth; the table at its first question and after the first trick fits a
    desktop and a 390 px phone (in every language on the phone)."""
    found = Findings()
    page = new_page("/")
    lobby_preset(page, "schaggi_haas", "standard", {}, 2)
    page.wait_for_selector(".hand-card")
    at = seats_at(page)
    assert [at[s] for s in range(2)] == ["bottom", "top"]
    for moment in ("first question", "first trick"):
        page.wait_for_selector(".word-btn, .hand-card.legal, #game-over")
        for name, size in (("desktop", DESKTOP), ("phone", PHONE)):
            page.set_viewport_size({"width": size["width"], "height": size["height"]})
            check_table(page)
            found.check(page, f"{moment} on a {name}", PARTS)
            shot(page, artifacts, f"schaggi_haas-{moment.replace(' ', '-')}-{name}")
        if moment == "first question":
            in_every_language(page, found, "the first question on a phone", PARTS)
            for _ in range(40):  # to the end of trick 1
                if game_state(page)["trick_no"] >= 1:
                    break
                act_once(page)
    found.assert_none()


def test_a_whole_game_against_a_computer_player(new_page: Callable[..., Any],
                                                artifacts: Path) -> None:
    """One person and a computer player to 150: the words by clicks (besser and rob when the
    bar offers them), four cards put down by clicks in the hand, the piles and the side panel
    checked at every question, the winner first in the ranking at the end."""
    page = new_page("/")
    lobby_preset(page, "schaggi_haas", "standard", {"target": "150"}, 2)
    seen: set[str] = set()
    found = Findings()
    for _ in range(400):
        page.wait_for_selector("#game-over, .hand-card.legal, .choice, .weis-opt.suggested,"
                               " #weis-quiet, #stoeck-yes")
        if page.query_selector("#game-over"):
            break
        g = check_table(page)
        if g["phase"] in BEFORE_CARDS and g["phase"] not in seen:
            seen.add(g["phase"])
            found.check(page, g["phase"], PARTS)
            shot(page, artifacts, f"schaggi_haas-{g['phase']}")
        words = [a["word"] for a in g["legal"] if a["type"] == "declare"]
        pick = next((w for w in ("rob", "besser") if w in words), None)
        if pick:
            before = page.evaluate("puur.view.state.latest.seq")
            button = page.query_selector(f".word-btn[data-word='{pick}']")
            assert button is not None and button.inner_text() == t(f"word.{pick}", "en")
            button.click()
            page.wait_for_function("([s]) => puur.view.state.latest.seq !== s", arg=[before])
            seen.add(f"said-{pick}")
        else:
            if g["phase"] == "discard":
                assert page.inner_text(".discard-panel .prompt").startswith("Put a card down")
            act_once(page)
    else:
        pytest.fail(f"the game did not end: {seen}")
    found.assert_none()
    assert {"bessern", "discard", "said-besser"} <= seen, seen
    g = game_state(page)
    lines = ranking(page, "#game-over")
    assert sorted(lines) == list(enumerate(g["result"]["scores"]))
    assert g["result"]["scores"][lines[0][0]] >= 150
    shot(page, artifacts, "schaggi_haas-over")
