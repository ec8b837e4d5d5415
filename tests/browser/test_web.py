"""Browser tests of the web front end against the real server in headless Chromium.

A person plays a whole game by clicking, two people share a table (and a spectator watches),
a player reconnects in the middle of a trick, the language and the deck change during play, a
finished game is replayed and downloaded, and screenshots of the lobby, a table in mid-hand and
the Jasstafel are written to ``test-output/``.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from puur.i18n import t

from .pages import (
    ACTIONABLE,
    act_once,
    create_table,
    game_state,
    hand_cards,
    lag,
    latest_seq,
    next_turn,
    settle,
    trick_on_cloth,
)

pytestmark = pytest.mark.browser


def test_lobby_and_screenshot(new_page: Callable[..., Any], server: str, artifacts: Path) -> None:
    """The lobby lists an open table with its free seat; screenshot of the lobby."""
    host = new_page("/")
    code = create_table(host, target=1000, human_seats=(2,), extra=("misere", "slalom"))
    rules = host.request.get(f"{server}/api/tables/{code}").json()["table"]["rules"]
    assert rules["target"] == 1000 and rules["push_back"] is True
    assert rules["kontermatch"] == "double"
    assert sorted(rules["extra_contracts"]) == ["misere", "slalom"]
    host.wait_for_selector(".big-code")
    assert host.inner_text(".big-code") == code
    assert host.input_value(".invite-link").endswith(f"/t/{code}")

    lobby = new_page("/")
    item = lobby.wait_for_selector(f".table-item[data-code='{code}']")
    assert "1" in item.inner_text()  # one free seat
    assert item.query_selector("a[href$='?watch=1']") is not None
    lobby.click("details.more summary")
    lobby.screenshot(path=str(artifacts / "lobby.png"), full_page=True)


def test_play_a_whole_game_by_clicking(
    new_page: Callable[..., Any], artifacts: Path
) -> None:
    """A person plays to the target against three computer players, then asks for a rematch."""
    page = new_page("/")
    create_table(page, target=300)
    counts: dict[str, int] = {}
    shot = False
    for _ in range(400):
        done = act_once(page)
        counts[done] = counts.get(done, 0) + 1
        if done == "over":
            break
        if not shot and counts.get("play", 0) >= 3 and 2 <= len(trick_on_cloth(page)) <= 3:
            page.wait_for_timeout(400)  # let the last card land
            page.screenshot(path=str(artifacts / "table-mid-hand.png"))
            shot = True
    else:
        pytest.fail(f"the game did not end: {counts}")
    assert counts.get("play", 0) >= 9, counts
    g = game_state(page)
    assert g["phase"] == "over"
    result = g["result"]
    assert max(result["scores"]) >= 300
    assert result["scores"][result["winner"]] >= 300
    modal = page.inner_text("#game-over")
    assert str(result["scores"][0]) in modal and str(result["scores"][1]) in modal
    # The slate shows the winners' points as strokes: as many 100-strokes as the server says.
    tafel = page.query_selector("#game-over .jasstafel")
    assert tafel is not None
    page.locator("#game-over").screenshot(path=str(artifacts / "jasstafel.png"))
    # The score panel agrees with the server.
    assert page.inner_text("#score-0") == str(g["scores"][0])
    # Rematch: a new game begins at the same table.
    old_game = g["game_id"]
    page.click("#rematch-btn")
    page.wait_for_function(
        "([id]) => { const g = puur.view.state.latest.game;"
        " return g && g.game_id !== id && g.phase !== 'over'; }", arg=[old_game])
    assert page.query_selector("#game-over") is None
    assert len(hand_cards(page)) == 9


@pytest.mark.parametrize("late", [0, 300], ids=["in-time", "anna-late"])
def test_two_players_and_a_spectator_see_the_same_table(new_page: Callable[..., Any],
                                                        late: int) -> None:
    """A second person joins by the invite link; both (and a spectator) see the same state,
    also when the first person's page draws every message late (a slow phone)."""
    anna = new_page("/")
    if late:
        lag(anna, late)
    code = create_table(anna, target=1000, human_seats=(2,))
    anna.wait_for_selector(".big-code")
    beat = new_page(f"/t/{code}")
    beat.fill("#join-name", "Beat")
    beat.click(".join-seat[data-seat='2']")
    watcher = new_page(f"/t/{code}?watch=1")
    for p in (anna, beat, watcher):
        p.wait_for_function("() => puur.view.state.latest && puur.view.state.latest.game")
    pages = (anna, beat, watcher)
    after = -1
    for _ in range(14):
        # Settle where a person is to move (the computer players answer at once), once
        # Anna's page has drawn what the last person did.
        seq = next_turn(anna, (0, 2), after)["seq"]
        for p in pages[1:]:
            p.wait_for_function("([s]) => puur.view.state.latest.seq === s", arg=[seq])
        ga, gb, gw = (game_state(p) for p in pages)
        # Public state is the same for everyone...
        for key in ("contract", "chooser", "trick", "scores", "to_move", "trick_no"):
            assert ga[key] == gb[key] == gw[key], key
        assert trick_on_cloth(anna) == trick_on_cloth(beat) == trick_on_cloth(watcher)
        assert anna.inner_text("#score-1") == beat.inner_text("#score-1")
        # ...but each player sees only their own hand, and the spectator none.
        ha, hb = hand_cards(anna), hand_cards(beat)
        assert ha and hb and not set(ha) & set(hb)
        assert hand_cards(watcher) == []
        assert gw["hand"] == [] and gw["legal"] == []
        assert "Beat" in anna.inner_text(".seat.pos-top .plate")
        assert "Anna" in beat.inner_text(".seat.pos-top .plate")
        mover = anna if ga["to_move"] == 0 else beat
        act_once(mover)
        after = latest_seq(mover)


def test_reconnect_mid_trick(new_page: Callable[..., Any]) -> None:
    """A dropped socket and a reloaded page both come back exactly where the player was."""
    page = new_page("/")
    code = create_table(page, target=1000)
    # Play until it is our turn with cards already in the trick.
    for _ in range(30):
        page.wait_for_selector(ACTIONABLE)
        if page.query_selector(".hand-card.legal") and trick_on_cloth(page):
            break
        act_once(page)
    else:
        pytest.fail("never reached a trick in progress")
    hand, trick = hand_cards(page), trick_on_cloth(page)
    legal = page.eval_on_selector_all(".hand-card.legal", "els => els.map(e => e.dataset.card)")
    seq = latest_seq(page)

    # 1. The socket drops: the client reconnects by itself and shows the same position.
    page.evaluate("puur.view.dropConnection()")
    page.wait_for_function("() => puur.view.state.status !== 'open'")
    page.wait_for_function("() => puur.view.state.status === 'open'")
    page.wait_for_selector(".hand-card.legal")
    assert latest_seq(page) == seq
    assert hand_cards(page) == hand and trick_on_cloth(page) == trick
    assert page.query_selector("#banner").is_hidden()

    # 2. The page is closed and opened again (the seat token is kept in the browser).
    context = page.context
    page.close()
    again = new_page(f"/t/{code}", context=context)
    again.wait_for_selector(".hand-card.legal")
    assert latest_seq(again) == seq
    assert hand_cards(again) == hand and trick_on_cloth(again) == trick
    assert again.eval_on_selector_all(
        ".hand-card.legal", "els => els.map(e => e.dataset.card)") == legal
    # And play goes on from there.
    act_once(again)
    assert len(hand_cards(again)) == len(hand) - 1


def test_language_and_deck_switching(new_page: Callable[..., Any], artifacts: Path) -> None:
    """Language and deck change at any time; the Swiss terms stay; the game is untouched."""
    page = new_page("/")
    create_table(page, target=1000)
    page.wait_for_selector(".hand-card")
    hand = hand_cards(page)
    expected = {"de": "Letzter Stich", "fr": "Dernière levée", "it": "Ultima presa",
                "en": "Last trick"}
    for lang, text in expected.items():
        page.select_option("#pref-lang", lang)
        assert page.inner_text("#last-btn") == text
        assert page.get_attribute("html", "lang") == lang
        assert page.inner_text(".side .tafel-box h3") == "Jasstafel"
        assert hand_cards(page) == hand
    # (That every text exists in every language is test_every_text_in_every_language.)

    def suits_drawn() -> set[str]:
        hrefs: list[str] = page.eval_on_selector_all(
            ".hand-card use", "els => els.map(e => e.getAttribute('href'))")
        return {h.split("-")[1] for h in hrefs}

    page.select_option("#pref-deck", "swiss")
    assert suits_drawn() == {"swiss"}
    swiss_label = page.get_attribute(".hand-card", "aria-label")
    page.select_option("#pref-deck", "french")
    assert suits_drawn() == {"french"}
    assert page.get_attribute(".hand-card", "aria-label") != swiss_label
    assert hand_cards(page) == hand
    # The choice is kept for the next visit.
    page.reload()
    page.wait_for_selector(".hand-card")
    assert suits_drawn() == {"french"}
    assert page.input_value("#pref-deck") == "french"


def finished_bot_game(page: Any, server: str) -> tuple[str, int]:
    """A Schieber game of four computer players to 150, finished: its table code and game id."""
    res = page.request.post(f"{server}/api/tables", data=json.dumps({
        "v": 2, "rules": "family", "options": {"target": 150}, "seat": None,
        "seats": [{"kind": "bot", "bot": "random"}] * 4,
    }), headers={"Content-Type": "application/json"})
    assert res.status == 201, res.text()
    code = res.json()["code"]
    games: list[dict[str, Any]] = []
    for _ in range(100):
        games = [g for g in page.request.get(f"{server}/api/games").json()["games"]
                 if g["code"] == code]
        if games:
            break
        page.wait_for_timeout(100)
    assert games, "the all-computer game did not finish"
    return code, int(games[0]["id"])


def test_a_card_clicked_while_reconnecting_is_played_once_the_table_answers(
        new_page: Callable[..., Any]) -> None:
    """A click during a reconnect is kept and sent when the table answers at the same step;
    when the table has moved on meanwhile, the page says that the move was not sent."""
    page = new_page("/")
    create_table(page, target=1000)
    for _ in range(30):
        page.wait_for_selector(ACTIONABLE)
        if page.query_selector(".hand-card.legal"):
            break
        act_once(page)
    hand = hand_cards(page)
    card = page.get_attribute(".hand-card.legal", "data-card")
    seq = latest_seq(page)
    page.evaluate("""(card) => {
      puur.view.dropConnection();
      document.querySelector(`.hand-card.legal[data-card="${card}"]`).click();
    }""", card)
    assert page.evaluate("puur.view.state.unsent && puur.view.state.unsent.fields.card") == card
    page.wait_for_selector(".toast", state="attached")
    page.wait_for_function("() => puur.view.state.status === 'open'")
    page.wait_for_function(f"() => puur.view.state.latest.seq > {seq}")
    page.wait_for_function(
        "(card) => !puur.view.state.latest.game.hand.includes(card)", arg=card)
    assert card not in page.evaluate("puur.view.state.latest.game.hand")
    assert len(page.evaluate("puur.view.state.latest.game.hand")) == len(hand) - 1

    # The table moved on while the socket was down: nothing is sent, the page says so.
    for _ in range(30):
        page.wait_for_selector(ACTIONABLE)
        if page.query_selector(".hand-card.legal"):
            break
        act_once(page)
    settle(page)
    hand = page.evaluate("puur.view.state.latest.game.hand")
    page.evaluate("""() => {
      const s = puur.view.state;
      s.unsent = {type: "play", fields: {card: s.latest.game.hand[0]}, seq: s.latest.seq - 1};
      s.pending = true;
      puur.view.dropConnection();
    }""")
    page.wait_for_function("() => puur.view.state.status === 'open' && !puur.view.state.unsent")
    page.wait_for_selector(f".toast:has-text(\"{t('unsent.moved_on', 'en')[:20]}\")")
    settle(page)
    assert page.evaluate("puur.view.state.latest.game.hand") == hand
    assert page.query_selector(".hand-card.legal")  # and the page may play again


def test_replay_and_download(new_page: Callable[..., Any], server: str) -> None:
    """A finished game replays trick by trick with all hands open, and downloads as a record."""
    page = new_page("/")
    code, gid = finished_bot_game(page, server)
    page.goto("/")
    page.wait_for_selector(f"#finished-games a[href='/?replay={gid}']").click()
    page.wait_for_selector(".replay-view")
    # At the deal all 36 cards are in the four open hands.
    assert page.locator(".open-hand .mini-card").count() == 36
    page.click("#rp-next")
    assert page.locator(".trick .trick-card").count() == 4
    assert page.locator(".open-hand .mini-card").count() == 32
    assert page.locator(".trick .trick-card.winner").count() == 1
    page.keyboard.press("ArrowRight")
    assert page.locator(".open-hand .mini-card").count() == 28
    href = page.get_attribute("#rp-download", "href")
    assert href == f"/api/games/{gid}/record"
    text = page.request.get(f"{server}{href}").text()
    assert code in text or len(text.splitlines()) > 5


def test_the_replays_coach_judges_each_decision(new_page: Callable[..., Any], server: str) -> None:
    """The replay's coach asks the server for the hand shown and lists, trick by trick, what
    each card cost cards open and from the seat; before the first trick the contract."""
    page = new_page("/")
    _code, gid = finished_bot_game(page, server)
    page.goto(f"/replay/{gid}")
    page.wait_for_selector(".replay-view")
    page.click("#rp-coach")
    page.wait_for_selector("#rp-coach-list", timeout=60_000)
    analysis = page.request.get(f"{server}/api/games/{gid}/analysis?hand=1").json()
    before = [d for d in analysis["decisions"] if d["phase"] != "play"]
    items = page.locator("#rp-coach-list li[data-seat]")
    assert items.count() == len(before) and before  # the contract (and any push)
    page.click("#rp-next")
    items = page.locator("#rp-coach-list li[data-seat]")
    assert items.count() == 4  # the four cards of trick 1
    texts = items.all_inner_texts()
    assert all(("forced" in x) or ("from the seat" in x) for x in texts), texts
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")  # trick 5: five tricks left, judged cards open too
    texts = page.locator("#rp-coach-list li[data-seat]").all_inner_texts()
    assert any("cards open" in x for x in texts), texts
    assert page.locator(".rc-totals tr").count() == 4
    # The next hand has its own analysis, asked for again.
    page.click("#rp-next-hand")
    page.wait_for_selector("#rp-coach")


def test_phone_layout_touch_and_keyboard(new_page: Callable[..., Any], artifacts: Path) -> None:
    """On a phone the nine cards fit the screen and a tap plays; on a desktop the keys play."""
    phone = new_page("/", width=390, height=844, has_touch=True, is_mobile=True)
    create_table(phone, target=1000)
    phone.wait_for_selector(".hand-card")
    boxes = [c.bounding_box() for c in phone.query_selector_all(".hand-card")]
    assert len(boxes) == 9
    assert all(b is not None and b["x"] >= 0 and b["x"] + b["width"] <= 390 for b in boxes)
    for _ in range(10):  # answer a choice or a Weis first, if asked
        phone.wait_for_selector(ACTIONABLE)
        if phone.query_selector(".hand-card.legal"):
            break
        act_once(phone)
    trick_on_cloth(phone)
    phone.wait_for_timeout(300)
    phone.screenshot(path=str(artifacts / "table-phone.png"), full_page=True)
    n = len(hand_cards(phone))
    phone.tap(".hand-card.legal", position={"x": 8, "y": 24})
    phone.wait_for_function("([n]) => document.querySelectorAll('.hand-card').length === n - 1",
                            arg=[n])

    desk = new_page("/")
    create_table(desk, target=1000)
    for _ in range(10):
        desk.wait_for_selector(ACTIONABLE)
        if desk.query_selector(".hand-card.legal"):
            break
        act_once(desk)
    n = len(hand_cards(desk))
    legal = set(desk.eval_on_selector_all(".hand-card.legal",
                                          "els => els.map(e => e.dataset.card)"))
    # Arrow keys move along the hand; Enter plays the focused card when it is legal.
    desk.focus(".hand-card[tabindex='0']")
    for _ in range(n):
        focused = desk.evaluate("document.activeElement.dataset.card")
        if focused in legal:
            break
        desk.keyboard.press("ArrowRight")
    desk.keyboard.press("Enter")
    desk.wait_for_function("([n]) => document.querySelectorAll('.hand-card').length === n - 1",
                           arg=[n])
    assert focused not in hand_cards(desk)
    # The last trick opens on demand (key L) with its four cards, and closes again.
    for _ in range(12):
        if game_state(desk)["last_trick"]:
            break
        act_once(desk)
    trick_on_cloth(desk)
    desk.keyboard.press("l")
    assert desk.locator("#last-trick .mini-card").count() == 4
    last = game_state(desk)["last_trick"]
    shown = desk.eval_on_selector_all("#last-trick .mini-card svg",
                                      "els => els.map(e => e.dataset.card)")
    assert sorted(shown) == sorted(c["card"] for c in last["cards"])
    desk.keyboard.press("Escape")
    assert desk.query_selector("#last-trick") is None


def test_turn_timer_takeover_and_take_back(new_page: Callable[..., Any]) -> None:
    """With a turn timer, a computer player stands in for a player who waits too long; the
    player takes the seat back with one click."""
    page = new_page("/")
    page.wait_for_selector("#f-seat-1 option[value^='bot:']", state="attached")
    page.click("details.more summary")
    page.fill("#f-timer", "1")
    page.dispatch_event("#f-timer", "change")
    # A far target, so that the stand-in does not finish the game before we are back.
    create_table(page, target=10000)
    page.wait_for_function("() => puur.view.state.latest !== null")
    assert page.evaluate("puur.view.state.latest.table.turn_timer") == 1
    # Our turn comes with a deadline; we do nothing and the computer takes over.
    page.wait_for_function(
        "() => puur.view.state.log.some(m => m.to_move === 0 && m.deadline !== null)")
    page.wait_for_selector("#take-back")
    assert page.evaluate("puur.view.state.log.some(m => m.event && m.event.what === 'takeover')")
    # The stand-in plays at full speed, so the page redraws constantly: press the button
    # without waiting for it to hold still. The server hands the seat back.
    page.dispatch_event("#take-back", "click")
    page.wait_for_function(
        "() => puur.view.state.log.some(m => m.event && m.event.what === 'handback')")
