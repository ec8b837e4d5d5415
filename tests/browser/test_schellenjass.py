"""Schellenjass in the browser: a whole game of one hand chosen in the lobby (four players), the
side panel drawn from the server's panel (the penalty suit named by the pack, each player's
penalty cards and total), the ranking where the lowest total wins and the replay; a table of two
laid out on a desktop and on 390 and 320 px phones; the Herzjass preset with French cards, and
Striche in German."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from puur.i18n import t

from .pages import game_state, settle
from .test_layout import DESKTOP, PHONE, SMALL, TABLE_PARTS, Findings, shot
from .test_molotow import lobby_seats, started
from .test_variants import lobby_table, play_out, ranking, replay_to_end

pytestmark = pytest.mark.browser
SCHELLEN = t("suit.swiss.0", "en")


def side_table(page: Any, where: str = ".side") -> dict[int, dict[str, str]]:
    """The Schellenjass table of the side panel: per seat its cells by class."""
    rows: list[list[Any]] = page.eval_on_selector_all(
        f"{where} .sj-table tbody tr", "els => els.map(e => [Number(e.dataset.seat),"
        " Object.fromEntries([...e.querySelectorAll('td')]"
        ".map(c => [c.className, c.textContent]))])")
    return {seat: cells for seat, cells in rows}


def check_panel(page: Any, suit: str, lang: str = "en") -> None:
    """The side panel and the note under the contract show the server's panel as it is now,
    the penalty suit named ``suit``."""
    settle(page)
    g = game_state(page)
    p = g["panel"]
    note = page.query_selector(".center .penalty-note")
    assert note is not None and page.query_selector(".side .sj-box .penalty-note") is not None
    assert note.get_attribute("data-penalty") == str(p["penalty_suit"])
    assert note.inner_text().strip() == t("sj.penalty_note", lang, suit=suit)
    assert g["contract"] == "obe"
    rows = side_table(page)
    assert sorted(rows) == list(range(len(p["taken"])))
    for s, cells in rows.items():
        assert cells["taken"] == str(p["taken"][s])
        total = p["totals"][s] + (p["result"][s] if p["result"] else 0)
        assert cells["total"] == str(total)


def game_over(page: Any, players: int, lowest_first: bool = True) -> dict[str, Any]:
    """At game over: the ranking is the server's (lowest total first); returns the game."""
    g = game_state(page)
    result = g["result"]
    lines = ranking(page, "#game-over")
    assert sorted(lines) == list(enumerate(result["scores"])) and len(lines) == players
    assert [score for _, score in lines] == sorted(result["scores"])
    assert result["places"][lines[0][0]] == 1
    score = g["last_hand"]["score"]
    cells = page.eval_on_selector_all(
        "#game-over .sj-score tr.taken td", "els => els.map(e => Number(e.textContent))")
    assert cells == score["taken"] and sum(cells) == 9
    cells = page.eval_on_selector_all(
        "#game-over .sj-score tr.total td", "els => els.map(e => Number(e.textContent))")
    assert cells == score["result"]
    return g


def test_schellenjass_four_players_a_whole_game_and_its_replay(
        new_page: Callable[..., Any], server: str, artifacts: Path) -> None:
    """The standard preset of one hand: the Schellen named as the penalty suit, every player's
    penalty cards and total as the server's panel has them while the hand runs; the ranking
    with the lowest total first; the replay with the hand's score."""
    page = new_page("/")
    assert lobby_seats(page, "schellenjass", "standard") == 4
    code = lobby_table(page, "schellenjass", "standard", more={"hands": "1"})
    rules = page.request.get(f"{server}/api/tables/{code}").json()["table"]["rules"]
    assert rules["hands"] == 1 and rules["players"] == 4
    checked: list[int] = []

    def check(p: Any) -> None:
        g = started(p)
        if g["phase"] == "over" or sum(g["panel"]["taken"]) in checked:
            return
        checked.append(sum(g["panel"]["taken"]))
        check_panel(p, SCHELLEN)

    counts = play_out(page, before=check)
    assert counts.get("play") == 9, counts
    assert len(checked) >= 2
    g = game_over(page, 4)
    check_panel(page, SCHELLEN)
    shot(page, artifacts, "schellenjass-over")
    score = g["last_hand"]["score"]
    page.click("#game-over a[href^='/?replay=']")
    replay_to_end(page)
    assert len(page.query_selector_all(".replay-view .seat")) == 4
    assert page.query_selector(".replay-view .center .penalty-note") is not None
    rows = side_table(page, ".replay-view")
    assert [rows[s]["total"] for s in range(4)] == [str(v) for v in g["result"]["scores"]]
    cells = page.eval_on_selector_all(".replay-view .sj-score tr.total td",
                                      "els => els.map(e => Number(e.textContent))")
    assert cells == score["result"]


def test_schellenjass_two_players_on_a_desktop_and_phones(
        new_page: Callable[..., Any], server: str, artifacts: Path) -> None:
    """A table of two: the other player sits at the top, a full trick of two shows both cards'
    indexes, and nothing covers anything or makes the page wider on a desktop, a 390 and a
    320 px phone; the game plays its 18 tricks to the end."""
    page = new_page("/")
    assert lobby_seats(page, "schellenjass", "two") == 2
    lobby_table(page, "schellenjass", "two", more={"hands": "1"})
    page.wait_for_selector(".hand-card")
    seats = page.eval_on_selector_all(
        ".felt .seat", "els => els.map(e => [Number(e.dataset.seat), e.className])")
    at = {seat: re.search(r"pos-([a-z-]+)", cls).group(1) for seat, cls in seats}
    assert [at[s] for s in range(2)] == ["bottom", "top"]
    found = Findings()
    checked = []

    def look(p: Any) -> None:
        g = started(p)
        if checked or g["phase"] == "over" or not g["last_trick"]:
            return
        settle(p)
        assert len(g["last_trick"]["cards"]) == 2
        for name, size in (("desktop", DESKTOP), ("phone", PHONE), ("small phone", SMALL)):
            p.set_viewport_size({"width": size["width"], "height": size["height"]})
            settle(p)
            found.check(p, f"two: the table on a {name}", TABLE_PARTS)
            p.evaluate("""() => {
              const s = puur.view.state, lt = s.game.last_trick;
              s.completing = {cards: lt.cards, winner: lt.winner, collecting: false};
              s.game = {...s.game, trick: [], to_move: null, legal: []};
              puur.view.rerender();
            }""")
            found.trick(p, f"two: a full trick on a {name}", count=2)
            found.check(p, f"two: a full trick on a {name}", TABLE_PARTS)
            shot(p, artifacts, f"schellenjass-two-{name.replace(' ', '-')}")
            p.evaluate("() => { const s = puur.view.state; s.completing = null;"
                       " s.game = s.latest.game; puur.view.rerender(); }")
        p.set_viewport_size({"width": DESKTOP["width"], "height": DESKTOP["height"]})
        checked.append(True)
        check_panel(p, SCHELLEN)

    counts = play_out(page, before=look)
    assert checked and counts.get("play") == 18, counts
    found.assert_none()
    game_over(page, 2)


def test_herzjass_names_the_hearts_with_french_cards(
        new_page: Callable[..., Any], server: str) -> None:
    """The Herzjass preset shows French cards by default and names the hearts as the suit that
    costs a point."""
    page = new_page("/")
    lobby_table(page, "schellenjass", "herzjass", more={"hands": "1"})
    page.wait_for_selector(".side .sj-table")
    assert page.get_attribute(".center .penalty-note", "data-penalty") == "1"
    check_panel(page, t("suit.french.1", "en"))


def test_schellenjass_striche_in_german(new_page: Callable[..., Any], server: str) -> None:
    """Striche, the page in German: the side panel's words are German, the head names the
    Striche target, and a finished hand's Striche per player are the server's."""
    page = new_page("/")
    page.select_option("#pref-lang", "de")
    lobby_table(page, "schellenjass", "striche", more={"striche_target": "1"})
    page.wait_for_selector(".side .sj-table")
    heads = page.eval_on_selector_all(".side .sj-table thead th",
                                      "els => els.map(e => e.textContent)")
    assert heads == [t("sj.player", "de"), t("sj.taken", "de"), t("sj.striche", "de")]
    assert page.inner_text(".side .sj-box h3") == t("sj.hand_striche", "de", hand=1, target=1)
    check_panel(page, t("suit.swiss.0", "de"), "de")
    play_out(page)
    g = game_state(page)
    assert max(g["result"]["striche"] or g["last_hand"]["score"]["striche"]) >= 1
    striche = page.eval_on_selector_all("#game-over .sj-score tr.total td",
                                        "els => els.map(e => Number(e.textContent))")
    assert striche == g["last_hand"]["score"]["striche"]
