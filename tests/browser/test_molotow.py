"""Molotow in the browser: whole games of one hand chosen in the lobby (four players, Striche and
Nuller, five and six players), the lobby's seat rows following the `players` option, the tables
of five and six seats laid out on a desktop and on 390 and 320 px phones, the side panel drawn
from the server's panel (trumps and the card that fixed them, each player's points and total,
table Weis, Striche and Nuller), the ranking where the lowest total wins, another language, and
the replay."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from puur.i18n import t

from .pages import game_state, settle
from .test_layout import DESKTOP, PHONE, SMALL, TABLE_PARTS, Findings, shot
from .test_variants import lobby_table, play_out, ranking, replay_to_end, set_field

pytestmark = pytest.mark.browser

SUITS = "DHSC"
RANKS = "6789TJQKA"
# Where the seats sit at a table of five and six (as in the terminal), from seat 0 at the bottom.
WHERE = {4: ["bottom", "right", "top", "left"],
         5: ["bottom", "right", "top-right", "top-left", "left"],
         6: ["bottom", "right", "top-right", "top", "top-left", "left"]}
PARTS = {**TABLE_PARTS,
         "North-East's cards": ".pos-top-right .backs .back, .pos-top-right .open-cards .mini-card",
         "North-West's cards": ".pos-top-left .backs .back, .pos-top-left .open-cards .mini-card"}


def token(card: int | str) -> str:
    """A card as the page names it (a hand's score gives a card number)."""
    return card if isinstance(card, str) else SUITS[card // 9] + RANKS[card % 9]


def side_table(page: Any, where: str = ".side") -> dict[int, dict[str, str]]:
    """The Molotow table of the side panel: per seat its cells by class."""
    rows: list[list[Any]] = page.eval_on_selector_all(
        f"{where} .mo-table tbody tr", "els => els.map(e => [Number(e.dataset.seat),"
        " Object.fromEntries([...e.querySelectorAll('td')]"
        ".map(c => [c.className, c.textContent]))])")
    return {seat: cells for seat, cells in rows}


def check_panel(page: Any, lang: str = "en") -> None:
    """The side panel and the note under the contract show the server's panel as it is now."""
    settle(page)
    g = game_state(page)
    p = g["panel"]
    note = page.query_selector(".center .trump-note")
    assert note is not None and page.query_selector(".side .mo-box .trump-note") is not None
    if p["trump_card"] is None:
        assert note.inner_text() == t("mo.no_trumps_yet", lang)
        assert g["contract"] == "obe"
    else:
        assert note.get_attribute("data-trump") == p["trump_card"]
        seat = p["trump_seat"]
        name = page.evaluate("([s]) => puur.view.state.table.seats[s].name", [seat])
        said = t("mo.fixed_by_you", lang) if seat == 0 else t("mo.fixed_by", lang, seat=name)
        assert said in note.inner_text()
    rows = side_table(page)
    assert sorted(rows) == list(range(len(p["made"])))
    for s, cells in rows.items():
        assert cells["made"] == str(p["made"][s])
        total = p["totals"][s] + (p["result"][s] if p["result"] else 0)
        assert cells["total"] == str(total)
        if any(p["table_weis"]):
            assert cells["table-weis"] == str(p["table_weis"][s])
        if p["marks"]:
            assert (cells["striche"], cells["nuller"]) == tuple(str(m) for m in p["marks"][s])


def game_over(page: Any, players: int) -> dict[str, Any]:
    """At game over: the ranking is the server's, lowest total first; returns the game."""
    g = game_state(page)
    result = g["result"]
    lines = ranking(page, "#game-over")
    assert sorted(lines) == list(enumerate(result["scores"])) and len(lines) == players
    assert [score for _, score in lines] == sorted(result["scores"])
    assert result["places"][lines[0][0]] == 1
    best = min(result["scores"])
    assert result["winner"] is None or result["scores"][result["winner"]] == best
    # The last hand's breakdown per player, as the server scored it.
    score = g["last_hand"]["score"]
    cells = page.eval_on_selector_all(
        "#game-over .mo-score tr.total td", "els => els.map(e => Number(e.textContent))")
    assert cells == score["result"]
    return g


def started(page: Any) -> dict[str, Any]:
    """The game of the page's newest state, once there is one."""
    page.wait_for_function("() => puur.view.state.latest && puur.view.state.latest.game")
    return game_state(page)


def lobby_seats(page: Any, variant: str, preset: str) -> int:
    page.wait_for_selector("#f-seat-1 option[value^='bot:']", state="attached")
    page.select_option("#f-variant", variant)
    page.select_option("#f-preset", preset)
    return len(page.query_selector_all(".seats .seat-row"))


def test_molotow_four_players_a_whole_game_and_its_replay(
        new_page: Callable[..., Any], server: str, artifacts: Path) -> None:
    """The standard preset of one hand: no trumps at first (Obenabe), then the card that fixed
    them and who played it; every player's points and total as the server's panel has them; the
    ranking with the lowest total first; the replay with the trumps and the hand's score."""
    page = new_page("/")
    assert lobby_seats(page, "molotow", "standard") == 4
    code = lobby_table(page, "molotow", "standard", more={"hands": "1"})
    rules = page.request.get(f"{server}/api/tables/{code}").json()["table"]["rules"]
    assert rules["hands"] == 1 and rules["players"] == 4
    seen: set[str] = set()

    def check(p: Any) -> None:
        g = started(p)
        if g["phase"] == "over":
            return
        fixed = "fixed" if g["panel"]["trump_card"] else "none"
        if fixed not in seen:
            seen.add(fixed)
            check_panel(p)
            shot(p, artifacts, f"molotow-trumps-{fixed}")

    counts = play_out(page, before=check)
    assert counts.get("play") == 9, counts
    assert "none" in seen
    g = game_over(page, 4)
    check_panel(page)
    shot(page, artifacts, "molotow-over")
    score = g["last_hand"]["score"]
    page.click("#game-over a[href^='/?replay=']")
    replay_to_end(page)
    seats = page.eval_on_selector_all(".replay-view .seat", "els => els.map(e => e.className)")
    assert len(seats) == 4
    if score["trump_card"] is not None:
        assert page.get_attribute(".replay-view .center .trump-note", "data-trump") \
            == token(score["trump_card"])
    rows = side_table(page, ".replay-view")
    assert [rows[s]["total"] for s in range(4)] == [str(v) for v in g["result"]["scores"]]
    cells = page.eval_on_selector_all(".replay-view .mo-score tr.total td",
                                      "els => els.map(e => Number(e.textContent))")
    assert cells == score["result"]


def test_molotow_striche_in_french(new_page: Callable[..., Any], server: str) -> None:
    """Striche and Nuller, the page in French: the side panel's words are French, the hand's
    Striche and Nuller per player are the server's, and the ranking is the server's."""
    page = new_page("/")
    page.select_option("#pref-lang", "fr")
    lobby_table(page, "molotow", "striche", more={"hands": "1"})
    page.wait_for_selector(".side .mo-table")
    heads = page.eval_on_selector_all(".side .mo-table thead th",
                                      "els => els.map(e => e.textContent)")
    assert heads == [t("mo.player", "fr"), t("mo.card_points", "fr"), t("mo.total", "fr")]
    check_panel(page, "fr")
    play_out(page)
    g = game_over(page, 4)
    check_panel(page, "fr")
    marks = g["last_hand"]["score"]["marks"]
    striche = page.eval_on_selector_all("#game-over .mo-score tr.striche td",
                                        "els => els.map(e => Number(e.textContent))")
    assert striche == [m[0] for m in marks]
    assert t("mo.nuller", "fr") in page.inner_text("#game-over .mo-score")


@pytest.mark.parametrize("preset,players", [("five", 5), ("six", 6)])
def test_molotow_five_and_six_seats_on_a_desktop_and_phones(
        new_page: Callable[..., Any], server: str, artifacts: Path, preset: str,
        players: int) -> None:
    """The lobby shows a row per seat the preset asks for; at the table every seat sits where
    the terminal has it, a full trick shows every card's index, and nothing covers anything or
    makes the page wider on a desktop, a 390 and a 320 px phone; the game plays to the end."""
    page = new_page("/")
    assert lobby_seats(page, "molotow", preset) == players
    # The seat rows follow the players option, down to three and back.
    set_field(page, "players", "3")
    assert len(page.query_selector_all(".seats .seat-row")) == 3
    set_field(page, "players", str(players))
    assert page.query_selector(f"#f-seat-{players - 1}") is not None
    lobby_table(page, "molotow", preset, more={"hands": "1"})
    page.wait_for_selector(".hand-card")
    seats = page.eval_on_selector_all(
        ".felt .seat", "els => els.map(e => [Number(e.dataset.seat), e.className])")
    at = {seat: re.search(r"pos-([a-z-]+)", cls).group(1) for seat, cls in seats}
    assert [at[s] for s in range(players)] == WHERE[players]
    found = Findings()
    checked = []

    def look(p: Any) -> None:
        g = started(p)
        if checked or g["phase"] == "over" or not g["last_trick"]:
            return
        settle(p)
        assert len(g["last_trick"]["cards"]) == players
        for name, size in (("desktop", DESKTOP), ("phone", PHONE), ("small phone", SMALL)):
            p.set_viewport_size({"width": size["width"], "height": size["height"]})
            settle(p)
            found.check(p, f"{preset}: the table on a {name}", PARTS)
            p.evaluate("""() => {
              const s = puur.view.state, lt = s.game.last_trick;
              s.completing = {cards: lt.cards, winner: lt.winner, collecting: false};
              s.game = {...s.game, trick: [], to_move: null, legal: []};
              puur.view.rerender();
            }""")
            found.trick(p, f"{preset}: a full trick on a {name}", count=players)
            found.check(p, f"{preset}: a full trick on a {name}", PARTS)
            shot(p, artifacts, f"molotow-{preset}-{name.replace(' ', '-')}")
            p.evaluate("() => { const s = puur.view.state; s.completing = null;"
                       " s.game = s.latest.game; puur.view.rerender(); }")
        p.set_viewport_size({"width": DESKTOP["width"], "height": DESKTOP["height"]})
        checked.append(True)
        check_panel(p)

    counts = play_out(page, before=look)
    assert checked and counts.get("play") == 36 // players, counts
    found.assert_none()
    game_over(page, players)
