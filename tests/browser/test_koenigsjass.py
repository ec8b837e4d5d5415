"""Königsjass in the browser: every preset created in the lobby, three seats laid out on a
desktop and on a phone, the talon (face down, the card face up on it) and after a swap the dead
hand as piles, the words (keep, swap, exchange the trump 6, pass) as exactly the legal buttons,
the side panel's points and running totals against the target as the server's, and a whole game
against computer players to its end."""

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
PRESETS = ("standard", "long", "modes")


def check_table(page: Any) -> dict[str, Any]:
    """The piles, the words bar and the side panel show the server's panel as it is now."""
    settle(page)
    g = game_state(page)
    p = g["panel"]
    piles = page.eval_on_selector_all(
        ".center .pile", "els => els.map(e => [e.className, Number(e.dataset.cards),"
        " [...e.querySelectorAll('.pile-up')].length])")
    want = [("talon", p["piles"][0], 1 if p["talon_up"] else 0)] if p["piles"][0] else []
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
    if g["phase"] in ("swap", "exchange") and g["legal"]:
        shown = page.eval_on_selector_all(".words-panel .word-btn",
                                          "els => els.map(e => e.dataset.word)")
        assert shown == [a["word"] for a in g["legal"]]
    assert sorted(hand_cards(page)) == sorted(g["hand"])
    return g


def test_every_preset_is_created_from_the_lobby(new_page: Callable[..., Any], server: str,
                                                 artifacts: Path) -> None:
    """Each preset from the lobby: three seats where they belong, the talon on the cloth, and
    the table at its first question fits a desktop and a 390 px phone in every language."""
    found = Findings()
    for preset in PRESETS:
        page = new_page("/")
        code = lobby_preset(page, "koenigsjass", preset, {}, 3)
        table = page.request.get(f"{server}/api/tables/{code}").json()["table"]
        assert table["variant"]["key"] == "koenigsjass"
        page.wait_for_selector(".hand-card")
        at = seats_at(page)
        assert [at[s] for s in range(3)] == ["bottom", "right", "left"]
        page.wait_for_selector(".word-btn, .hand-card.legal, #game-over")
        for name, size in (("desktop", DESKTOP), ("phone", PHONE)):
            page.set_viewport_size({"width": size["width"], "height": size["height"]})
            check_table(page)
            found.check(page, f"{preset} on a {name}", PARTS)
            shot(page, artifacts, f"koenigsjass-{preset}-{name}")
        in_every_language(page, found, f"{preset} on a phone", PARTS)
    found.assert_none()


def test_a_whole_game_against_computer_players(new_page: Callable[..., Any], server: str,
                                               artifacts: Path) -> None:
    """One person and two computer players to 250: the words by clicks (exchange when the bar
    offers it, else swap, else the first word), the piles and the side panel checked at every
    question, the winner first in the ranking at the end."""
    page = new_page("/")
    lobby_preset(page, "koenigsjass", "standard", {"target": "250"}, 3)
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
            shot(page, artifacts, f"koenigsjass-{key}")
        words = [a["word"] for a in g["legal"] if a["type"] == "declare"]
        pick = next((w for w in ("exchange", "swap") if w in words), None)
        if pick:
            before = page.evaluate("puur.view.state.latest.seq")
            button = page.query_selector(f".word-btn[data-word='{pick}']")
            assert button is not None and button.inner_text() == t(f"word.{pick}", "en")
            button.click()
            page.wait_for_function("([s]) => puur.view.state.latest.seq !== s", arg=[before])
            seen.add(f"said-{pick}")
        else:
            act_once(page)
    else:
        pytest.fail(f"the game did not end: {seen}")
    found.assert_none()
    assert {"swap", "said-swap", "play-swapped"} <= seen, seen
    g = game_state(page)
    lines = ranking(page, "#game-over")
    assert sorted(lines) == list(enumerate(g["result"]["scores"]))
    winner = lines[0][0]
    assert g["result"]["scores"][winner] >= 250
    shot(page, artifacts, "koenigsjass-over")
