"""Text that players write (their names, a rule set's name) and what a server sends about a
Weis is drawn as text everywhere: at the table (name plates, scores, the Jasstafel, the Weis,
game over), in the lobby's list, the replay and the history. Markup in it never becomes an
element and never runs."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

from .pages import act_once, game_state, latest_seq, next_turn, post_table, wait_for_game

pytestmark = pytest.mark.browser

HOST = "<img src=x onerror=alert(1)>"
GUEST = '"><svg onload=alert(2)><b>Beat'
RULES = "</title><script>alert(3)</script>"
# A Weis whose points are markup, as a hostile server could send it.
WEIS_POINTS = "<img src=x onerror=alert(4)>"

# Every alert() the page calls is kept (an injected handler would call one).
TRAP = "window.__alerts = []; window.alert = (m) => window.__alerts.push(String(m));"

# Elements that user text could have become: none of them is ever part of the page (but the
# texts the server puts into every page, as JSON data that never runs).
_INJECTED = """() => [...document.querySelectorAll(
    'img, iframe, object, embed, b, script:not([src]):not(head > #puur-texts), [onerror],'
    + ' [onload]')]
  .map((e) => e.tagName.toLowerCase())"""


def assert_only_text(page: Any, where: str) -> None:
    """No element made from user text, no alert called, and the names show as written."""
    assert page.evaluate(_INJECTED) == [], where
    assert page.evaluate("window.__alerts") == [], where


def open_trapped(new_page: Callable[..., Any], path: str, **options: Any) -> Any:
    page = new_page("/", **options)
    page.context.add_init_script(TRAP)
    page.goto(path)
    return page


def sit(page: Any, code: str, seat: int, token: str) -> None:
    page.evaluate("([c, s, tok]) => localStorage.setItem(`puur.seat.${c}`,"
                  " JSON.stringify({seat: s, token: tok}))", [code, seat, token])
    page.goto(f"/t/{code}")
    page.wait_for_function("() => puur.view.state.latest")


def text(page: Any, selector: str) -> str:
    value: str = page.eval_on_selector(selector, "e => e.textContent.trim()")
    return value


def test_players_names_and_weis_render_as_text(new_page: Callable[..., Any], server: str) -> None:
    bot = {"kind": "bot", "bot": "random"}
    host = open_trapped(new_page, "/")
    res = post_table(host, server, {
        "rules": "family", "options": {"target": 60, "name": RULES}, "name": HOST,
        "seats": [{"kind": "human"}, bot, {"kind": "human"}, bot]})
    code = res["code"]
    sit(host, code, 0, res["token"])
    joined = host.request.post(f"{server}/api/tables/{code}/join", data=json.dumps(
        {"v": 2, "seat": 2, "name": GUEST}), headers={"Content-Type": "application/json"})
    assert joined.status == 200, joined.text()
    # The host is told who joined, in a toast.
    host.wait_for_function("([n]) => [...document.querySelectorAll('.toast')]"
                           ".some((e) => e.textContent.includes(n))", arg=[GUEST])
    guest = open_trapped(new_page, "/")
    sit(guest, code, 2, joined.json()["token"])
    watcher = open_trapped(new_page, f"/t/{code}?watch=1")
    for page in (host, guest, watcher):
        page.wait_for_function("() => puur.view.state.latest && puur.view.state.latest.game")

    # The name plates, from each side of the table.
    host.wait_for_function("([n]) => document.querySelector('.seat.pos-top .seat-label')"
                           ".textContent === n", arg=[GUEST])
    guest.wait_for_function("([n]) => document.querySelector('.seat.pos-top .seat-label')"
                            ".textContent === n", arg=[HOST])
    assert text(watcher, ".seat.pos-bottom .seat-label") == HOST
    assert text(watcher, ".seat.pos-top .seat-label") == GUEST
    # A spectator's scores and Jasstafel name the teams by their players.
    team = f"{HOST} & {GUEST}"
    assert text(watcher, ".side .scoreline .team-0") == team
    assert text(watcher, ".side .tafel-half[data-team='0'] title") == team
    assert watcher.get_attribute(".side .jasstafel", "aria-label").startswith(f"Jasstafel {team} ")

    # The guest declared a Weis whose points are markup: the bubble at the seat and the melds
    # in the side panel show it as text.
    watcher.evaluate("""([pts]) => {
      const g = puur.view.state.game;
      g.weis_announced = [[], [], [{points: pts, length: 3}], []];
      g.weis_shown = [[], [], [{points: pts, cards: ['D6', 'D7', 'D8']}], []];
      g.weis_seat = 2; g.trick_no = 0;
      puur.view.rerender();
    }""", [WEIS_POINTS])
    assert text(watcher, ".seat.pos-top .weis-bubble").endswith(WEIS_POINTS)
    assert text(watcher, ".weis-shown[data-seat='2'] .who") == GUEST
    assert text(watcher, ".weis-shown[data-seat='2'] .pts") == WEIS_POINTS
    assert watcher.get_attribute(".weis-shown[data-seat='2'] .meld", "title") == WEIS_POINTS
    for page, where in ((host, "the host's table"), (guest, "the guest's table"),
                        (watcher, "the spectator's table")):
        assert_only_text(page, where)

    # Play the game to its end (the target is reached in the first hand).
    pages = {0: host, 2: guest}
    after = -1
    for _ in range(60):
        g = next_turn(host, (0, 2), after)["game"]
        if g["phase"] == "over":
            break
        act_once(pages[g["to_move"]])
        after = latest_seq(pages[g["to_move"]])
    else:
        pytest.fail("the game did not end")
    for page in (host, guest, watcher):
        page.wait_for_selector("#game-over")
    won = game_state(watcher)["result"]["winner"]
    seated = [text(watcher, f".seat[data-seat='{s}'] .seat-label") for s in range(4)]
    assert text(watcher, "#game-over .winner").startswith(f"{seated[won]} & {seated[won + 2]} ")
    assert team in text(watcher, "#game-over .final-score")
    assert text(watcher, "#game-over .tafel-half[data-team='0'] title") == team
    for page, where in ((host, "game over"), (watcher, "game over for a spectator")):
        assert_only_text(page, where)

    # The replay names every seat as its player wrote the name.
    gid = wait_for_game(host, server, code)
    host.click("#game-over a[href^='/?replay=']")
    host.wait_for_selector(".replay-view")
    labels = host.eval_on_selector_all(".open-hand .seat-label",
                                       "els => els.map(e => e.textContent)")
    assert labels[0] == HOST and labels[2] == GUEST, labels
    assert text(host, ".side .scoreline .team-0") == team
    host.click("#rp-next")
    assert text(host, ".side .tafel-half[data-team='0'] title") == team
    assert_only_text(host, "the replay")

    # The lobby lists an open table with its players' names; the history lists the game.
    listed = post_table(host, server, {"rules": "family", "name": HOST, "options": {"name": RULES},
                                       "seats": [{"kind": "human"}, bot, {"kind": "human"}, bot]})
    lobby = open_trapped(new_page, "/")
    item = f".table-item[data-code='{listed['code']}']"
    lobby.wait_for_selector(item)
    names = text(lobby, f"{item} .names")
    assert names.startswith(f"{HOST} · ") and " · Free seat · " in names, names
    assert_only_text(lobby, "the lobby")
    # A visitor to that table sees the host's name on the plate before taking a seat.
    lobby.goto(f"/t/{listed['code']}")
    lobby.wait_for_selector("#join-name")
    assert text(lobby, ".seat.pos-bottom .seat-label") == HOST
    assert_only_text(lobby, "the join panel")
    lobby.goto("/history")
    lobby.wait_for_selector(f"#finished-games a[href='/?replay={gid}']")
    assert_only_text(lobby, "the history")
