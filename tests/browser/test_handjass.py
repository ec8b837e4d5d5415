"""Handjass in the browser: every preset created in the lobby, tables of two, three, four and five
seats laid out on a desktop and on a phone, the declaring driven by clicks (exactly the legal
words, play, drop, swap and maybe), the blind and the dead hand as face-down piles with the card
face up on the blind, seats that dropped out or left the game, the side panel and the score
sheet (Striche, Nuller, net) as the server's, whole games against computer players, a shared
table with two people and a spectator, a reload in the middle of a hand, and the replay."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from puur.i18n import t

from .pages import act_once, game_state, hand_cards, post_table, settle
from .test_layout import DESKTOP, PHONE, TABLE_PARTS, Findings, shot
from .test_variants import asked, ranking, replay_to_end, set_field

pytestmark = pytest.mark.browser

BOT = {"kind": "bot", "bot": "rules"}
PARTS = {**TABLE_PARTS,
         "North-East's cards": ".pos-top-right .backs .back",
         "North-West's cards": ".pos-top-left .backs .back",
         "the piles": ".center .pile"}
WHERE = {2: ["bottom", "top"], 3: ["bottom", "right", "left"],
         4: ["bottom", "right", "top", "left"],
         5: ["bottom", "right", "top-right", "top-left", "left"]}
PRESETS = {"standard": 4, "schlaeger": 4, "three": 3, "two": 2, "five": 5}


def lobby(page: Any, preset: str, options: dict[str, str]) -> str:
    """Create a Handjass table in the lobby with `preset` and `options`; returns its code."""
    page.wait_for_selector("#f-seat-1 option[value^='bot:']", state="attached")
    page.select_option("#f-variant", "handjass")
    page.select_option("#f-preset", preset)
    page.click("details.more summary")
    for name, value in options.items():
        set_field(page, name, value)
    assert len(page.query_selector_all(".seats .seat-row")) == PRESETS[preset]
    page.click("#create-btn")
    page.wait_for_url(re.compile(r"/t/[A-Z0-9]+$"))
    code: str = page.url.rsplit("/", 1)[1]
    return code


def seats_at(page: Any) -> dict[int, str]:
    seats = page.eval_on_selector_all(
        ".felt .seat", "els => els.map(e => [Number(e.dataset.seat), e.className])")
    return {s: re.search(r"pos-([a-z-]+)", c).group(1) for s, c in seats}


def check_table(page: Any, lang: str = "en") -> dict[str, Any]:
    """The seats, piles and side panel show the server's panel as it is now."""
    settle(page)
    g = game_state(page)
    p = g["panel"]
    me = page.evaluate("puur.view.state.you.role === 'player' ? puur.view.state.you.seat : null")
    for s in range(len(p["said"])):
        cls = page.get_attribute(f".felt .seat[data-seat='{s}']", "class")
        assert ("out" in cls.split()) == (s not in p["active"]), (s, cls)
        assert ("dropped" in cls.split()) == (s in p["active"] and p["said"][s] == "drop")
        word = page.query_selector(f".felt .seat[data-seat='{s}'] .word-bubble")
        if s in p["active"] and p["said"][s]:
            assert word is not None and word.get_attribute("data-word") == p["said"][s]
            assert word.inner_text() == t(f"hj.{p['said'][s]}", lang)
        else:
            assert word is None
        row = page.eval_on_selector(
            f".side .hj-table tr[data-seat='{s}']",
            "e => Object.fromEntries([...e.querySelectorAll('td')].map(c => [c.className, c.textContent]))")
        assert row["made"] == str(p["made"][s])
        net = p["totals"][s] + (p["result"][s] if p["result"] else 0)
        assert row["net"] == str(net)
        if p["marks"]:
            assert (row["striche"], row["nuller"]) == tuple(str(m) for m in p["marks"][s])
    # The blind and the dead hand: face down with their number of cards, the face-up card on
    # the blind; no pile at a table without them.
    piles = page.eval_on_selector_all(
        ".center .pile", "els => els.map(e => [e.className, Number(e.dataset.cards),"
        " [...e.querySelectorAll('.pile-up')].map(c => c.title)])")
    sizes = [n for n in p["piles"] if n]
    assert [n for _c, n, _u in piles] == sizes, (piles, p["piles"])
    if sizes:
        assert "blind" in piles[0][0]
        assert len(piles[0][2]) == (1 if p["blind_up"] else 0)
    # Your own hand is the server's; a spectator has none.
    assert sorted(hand_cards(page)) == sorted(g["hand"])
    if me is None:
        assert g["hand"] == []
    return g


def declare(page: Any, prefer: tuple[str, ...] = ("play",)) -> str:
    """The bar offers exactly the legal words; click the first of `prefer` there is."""
    g = game_state(page)
    legal = [a["word"] for a in g["legal"] if a["type"] == "declare"]
    shown = page.eval_on_selector_all(".declare-panel .declare-btn",
                                      "els => els.map(e => e.dataset.word)")
    assert shown == legal, (shown, legal)
    word = next((w for w in prefer if w in legal), legal[0])
    before = page.evaluate("puur.view.state.latest.seq")
    page.click(f"#declare-{word}")
    page.wait_for_function("([s]) => puur.view.state.latest.seq !== s", arg=[before])
    return word


def play_game(page: Any, prefer: tuple[str, ...], look: Callable[[Any], None] | None = None,
              limit: int = 900) -> dict[str, int]:
    """Play to the end: words by `prefer`, the first legal card otherwise."""
    counts: dict[str, int] = {}
    for _ in range(limit):
        page.wait_for_selector("#game-over, .hand-card.legal, .declare-btn, .choice,"
                               " .weis-opt.suggested, #weis-quiet, #stoeck-yes")
        if look:
            look(page)
        if page.query_selector(".declare-btn"):
            done = "declare:" + declare(page, prefer)
        else:
            done = act_once(page)
        counts[done] = counts.get(done, 0) + 1
        if done == "over":
            return counts
    pytest.fail(f"the game did not end: {counts}")


def check_over(page: Any, players: int) -> dict[str, Any]:
    """At game over: the ranking is the server's (best place first), and the last hand's
    Striche and Nuller per player."""
    g = game_state(page)
    result = g["result"]
    lines = ranking(page, "#game-over")
    assert sorted(lines) == list(enumerate(result["scores"])) and len(lines) == players
    assert [result["places"][s] for s, _ in lines] == sorted(result["places"])
    score = g["last_hand"]["score"]
    striche = page.eval_on_selector_all("#game-over .hj-score tr.striche td",
                                        "els => els.map(e => Number(e.textContent))")
    assert striche == [m[0] for m in score["marks"]]
    nets = page.eval_on_selector_all("#game-over .hj-score tr.game td",
                                     "els => els.map(e => Number(e.textContent))")
    assert nets == result["scores"]
    return g


def test_every_preset_is_created_from_the_lobby(new_page: Callable[..., Any], server: str,
                                                 artifacts: Path) -> None:
    """Each preset from the lobby: the table has its rules and seats, each seat where it
    belongs, and the table at its first question fits a desktop and a 390 px phone."""
    found = Findings()
    for preset, players in PRESETS.items():
        page = new_page("/")
        code = lobby(page, preset, {})
        table = page.request.get(f"{server}/api/tables/{code}").json()["table"]
        assert table["variant"]["key"] == "handjass" and table["rules"]["players"] == players
        page.wait_for_selector(".hand-card")
        at = seats_at(page)
        assert [at[s] for s in range(players)] == WHERE[players]
        page.wait_for_selector(".declare-btn, .hand-card.legal, #game-over")
        for name, size in (("desktop", DESKTOP), ("phone", PHONE)):
            page.set_viewport_size({"width": size["width"], "height": size["height"]})
            check_table(page)
            found.check(page, f"{preset} on a {name}", PARTS)
            shot(page, artifacts, f"handjass-{preset}-{name}")
    found.assert_none()


def test_two_players_a_whole_game_with_the_blind_and_the_dead_hand(
        new_page: Callable[..., Any], server: str, artifacts: Path) -> None:
    """The preset of two: the players face each other, the blind (its face-up card on it) and
    the dead hand lie face down on the cloth; swapping puts the page's hand there and gives it
    the blind; the side panel and the hand's score are the server's; the replay."""
    page = new_page("/")
    lobby(page, "two", {"target": "3"})
    seen: set[str] = set()

    def look(p: Any) -> None:
        g = game_state(p)
        if g["phase"] == "over":
            return
        key = g["phase"] + ("-swapped" if g["panel"]["swapper"] is not None else "")
        if key not in seen:
            seen.add(key)
            check_table(p)
            shot(p, artifacts, f"handjass-two-{key}")

    counts = play_game(page, ("swap", "play"), look)
    assert counts.get("declare:swap"), counts
    assert {"declare", "play-swapped"} <= seen, seen
    g = check_over(page, 2)
    shot(page, artifacts, "handjass-two-over")
    page.click("#game-over a[href^='/?replay=']")
    replay_to_end(page)
    assert len(page.query_selector_all(".replay-view .seat")) == 2
    nets = page.eval_on_selector_all(".replay-view .hj-score tr.game td",
                                     "els => els.map(e => Number(e.textContent))")
    assert nets == g["result"]["scores"]
