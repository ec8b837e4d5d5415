"""Bieter in the browser: each preset created in the lobby, the auction driven by clicks (pass,
the lowest bids as buttons, every allowed bid in a list, who holds the bid), the König and the
Bauern at their seats, the contract named by the König, the talon (its face-up cards, the
König's discards laid down by clicking cards, face up to him alone), declining or playing a
later hand, the two columns as the server's, five players with a called partner revealed only
when the called card is played (to the partner himself at once), whole games against computer
players on a phone and a desktop, a spectator, and the replay."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from puur.i18n import t

from .pages import act_once, game_state, hand_cards, lobby_preset, seats_at, settle, shared_table
from .test_layout import PHONE, TABLE_PARTS, Findings, in_every_language, shot
from .test_variants import ranking, replay_to_end

pytestmark = pytest.mark.browser

BOT = {"kind": "bot", "bot": "rules"}
# A short game: bids from 100 to 200, the Bauern need 200.
SHORT = {"min_bid": "100", "max_bid": "200", "target": "200"}
PARTS = {**TABLE_PARTS,
         "North-East's cards": ".pos-top-right .backs .back",
         "North-West's cards": ".pos-top-left .backs .back",
         "the piles": ".center .pile"}
ASKED = ("#game-over, .hand-card.legal, .choice, .weis-opt.suggested, #weis-quiet, #stoeck-yes,"
         " .discard-panel")


def lobby(page: Any, preset: str, options: dict[str, str], players: int) -> str:
    """Create a Bieter table in the lobby with `preset` and `options`; returns its code."""
    return lobby_preset(page, "bieter", preset, options, players)


def me(page: Any) -> int | None:
    seat: int | None = page.evaluate(
        "puur.view.state.you.role === 'player' ? puur.view.state.you.seat : null")
    return seat


def check_table(page: Any) -> dict[str, Any]:
    """The seats' bubbles, the talon, the notes and the columns show the server's panel (and the
    page's own part) as they are now."""
    settle(page)
    g = game_state(page)
    p, own = g["panel"], g["own"]
    mine = me(page)
    n = len(p["bids"])
    for s in range(n):
        roles = page.eval_on_selector_all(f".felt .seat[data-seat='{s}'] .role-bubble",
                                          "els => els.map(e => e.dataset.role)")
        if p["koenig"] is None:
            assert roles == []
            bid = page.query_selector(f".felt .seat[data-seat='{s}'] .bid-bubble")
            if s in p["passed"]:
                assert bid is not None and bid.inner_text() == t("bi.passed", "en")
            elif p["bids"][s]:
                assert bid is not None and bid.inner_text() == str(p["bids"][s])
            continue
        if s == p["koenig"]:
            want = ["koenig"]
        elif s == p["partner"] or (s == mine and own.get("partner")):
            want = ["partner"]
        elif n == 5 and p["partner"] is None and not own.get("partner"):
            want = []  # nobody's side is known yet
        else:
            want = ["bauer"]
        assert roles == want, (s, roles, p, own)
    cols = page.eval_on_selector_all(
        ".side .bi-table tbody tr", "els => els.map(e => [e.className,"
        " [...e.querySelectorAll('td')].map(c => c.textContent)])")
    rows = dict((cls, cells) for cls, cells in cols)
    assert rows["before"] == [str(v) for v in p["totals"]]
    # The König's column needs his bid, not yet made during the auction (as the terminal says).
    assert rows["needs"] == [str(p["targets"][0]) if p["targets"][0] else "–", str(p["targets"][1])]
    hand = p["team_points"]
    assert rows["this-hand"] == ([str(v) for v in hand] if hand else ["–", "–"])
    # The talon: face down and face up before it is taken; the discards face down after it,
    # and face up only in the König's own view.
    piles = {c.split()[1]: (n, ups) for c, n, ups in page.eval_on_selector_all(
        ".center .pile", "els => els.map(e => [e.className, Number(e.dataset.cards),"
        " [...e.querySelectorAll('.pile-up')].length])")}
    if p["talon_up"] and not p["talon_taken"]:
        assert piles["talon"] == (3, len(p["talon_up"]))
    elif p["talon_up"] and p["discarded"]:
        assert piles["discards"][0] == p["discarded"]
        assert ("my-discards" in piles) == (mine == p["koenig"])
        if mine == p["koenig"]:
            assert piles["my-discards"][1] == len(own["discards"])
    else:
        assert not piles, piles
    if p["called"]:
        note = page.inner_text(".center .called-note .partner-note")
        if p["partner"] is None and own.get("partner"):
            assert note == t("bi.you_partner", "en")
        elif p["partner"] is None:
            assert note == t("bi.partner_secret", "en")
    assert sorted(hand_cards(page)) == sorted(g["hand"])
    return g


def auction(page: Any, bid: bool) -> str:
    """The bar offers pass, the three lowest allowed bids and every allowed bid in the list;
    bid the lowest (or pass)."""
    g = game_state(page)
    bids = [a["value"] for a in g["legal"] if a["type"] == "bid"]
    quick = page.eval_on_selector_all(".bid-quick", "els => els.map(e => Number(e.dataset.bid))")
    assert quick == bids[:3]
    if len(bids) > 3:
        options = page.eval_on_selector_all("#bid-select option",
                                            "els => els.map(e => Number(e.value))")
        assert options == bids
    top = max(g["panel"]["bids"])
    if top:
        assert str(top) in page.inner_text(".auction-panel .prompt")
    before = page.evaluate("puur.view.state.latest.seq")
    if bid and len(bids) > 3 and bids[0] < 150:
        # A bid from the list: the second allowed one.
        page.select_option("#bid-select", str(bids[1]))
        page.click("#bid-btn")
        done = "bid"
    elif bid and bids:
        page.click(f".bid-quick[data-bid='{bids[0]}']")
        done = "bid"
    else:
        page.click("#bid-pass")
        done = "pass"
    page.wait_for_function("([s]) => puur.view.state.latest.seq !== s", arg=[before])
    return done


def step(page: Any, bid: bool = True, call: Callable[[Any], str] | None = None) -> str:
    """Do what the page asks: bid (or pass), call, accept, name, discard, play."""
    page.wait_for_selector(ASKED)
    if page.query_selector(".auction-panel"):
        return auction(page, bid)
    before = page.evaluate("puur.view.state.latest.seq")
    if page.query_selector(".call-panel"):
        g = game_state(page)
        legal = [a["card"] for a in g["legal"] if a["type"] == "call"]
        shown = page.eval_on_selector_all(".call-btn", "els => els.map(e => e.dataset.card)")
        assert sorted(shown) == sorted(legal)
        card = call(page) if call else legal[0]
        page.click(f".call-btn[data-card='{card}']")
        done = "call"
    elif page.query_selector(".decline-panel"):
        page.click("#accept-btn")
        done = "accept"
    elif page.query_selector(".discard-panel"):
        if not page.query_selector(".hand-card.legal"):
            page.wait_for_timeout(50)
            return "wait"
        first = page.get_attribute(".hand .hand-card", "class") or ""
        if "legal" in first.split() and len(game_state(page)["own"]["discards"]) % 2 == 0:
            page.keyboard.press("1")  # the key of the first card lays it down as a click does
        else:
            page.click(".hand-card.legal", position={"x": 8, "y": 24})
        done = "discard"
    else:
        return act_once(page)
    page.wait_for_function("([s]) => puur.view.state.latest.seq !== s", arg=[before])
    return done


def play_game(page: Any, look: Callable[[Any], None] | None = None, limit: int = 900,
              call: Callable[[Any], str] | None = None) -> dict[str, int]:
    counts: dict[str, int] = {}
    for _ in range(limit):
        page.wait_for_selector(ASKED)
        if look:
            look(page)
        done = step(page, call=call)
        counts[done] = counts.get(done, 0) + 1
        if done == "over":
            return counts
    pytest.fail(f"the game did not end: {counts}")


def check_over(page: Any, players: int) -> dict[str, Any]:
    """At game over: the ranking is the server's, and the last hand in the two columns."""
    g = game_state(page)
    result = g["result"]
    lines = ranking(page, "#game-over")
    assert sorted(lines) == list(enumerate(result["scores"])) and len(lines) == players
    score = g["last_hand"]["score"]
    total = page.eval_on_selector_all("#game-over .bi-score tr.total td",
                                      "els => els.map(e => Number(e.textContent))")
    assert total == [a + b for a, b in zip(score["totals"], score["result"], strict=True)]
    return g


WHERE = {3: ["bottom", "right", "left"],
         5: ["bottom", "right", "top-right", "top-left", "left"]}


@pytest.mark.parametrize(("preset", "players"), [("jassonkel", 3), ("talon", 3), ("five", 5)])
def test_each_preset_is_created_from_the_lobby(new_page: Callable[..., Any], server: str,
                                               artifacts: Path, preset: str,
                                               players: int) -> None:
    """Each preset from the lobby: the table has its rules and seats, each seat where it
    belongs, and the auction fits a desktop and a 390 px phone."""
    page = new_page("/")
    code = lobby(page, preset, {}, players)
    table = page.request.get(f"{server}/api/tables/{code}").json()["table"]
    assert table["variant"]["key"] == "bieter" and table["rules"]["players"] == players
    assert table["rules"]["deal"] == ("ten_with_talon" if preset == "talon" else "twelve")
    page.wait_for_selector(".hand-card")
    at = seats_at(page)
    assert [at[s] for s in range(players)] == WHERE[players]
    found = Findings()
    for name, size in (("desktop", {"width": 1280, "height": 800}), ("phone", PHONE)):
        page.set_viewport_size({"width": size["width"], "height": size["height"]})
        page.wait_for_selector(".auction-panel, .hand-card.legal, .choice, .discard-panel")
        check_table(page)
        found.check(page, f"{preset} on a {name}", PARTS)
        shot(page, artifacts, f"bieter-{preset}-{name}")
    in_every_language(page, found, f"{preset} on a phone", PARTS)
    found.assert_none()


def test_three_players_a_whole_game_on_a_phone(
        new_page: Callable[..., Any], server: str, artifacts: Path) -> None:
    """The jassonkel preset on a 390 px phone: the page bids until it is König, names the
    contract, plays, and plays every later hand it is asked about; the seats, the columns and
    the hand's score are the server's; nothing overlaps; the replay."""
    page = new_page("/", **PHONE)
    lobby(page, "jassonkel", SHORT, 3)
    found = Findings()
    seen: set[str] = set()

    def look(p: Any) -> None:
        g = game_state(p)
        if g["phase"] == "over":
            return
        key = g["phase"] + ("-mine" if g["to_move"] == me(p) else "")
        if key not in seen:
            seen.add(key)
            check_table(p)
            found.check(p, f"Bieter at {key}", PARTS)
            shot(p, artifacts, f"bieter-phone-{key}")

    counts = play_game(page, look)
    assert counts.get("bid") and counts.get("play"), counts
    assert "bid-mine" in seen and "play-mine" in seen, seen
    g = check_over(page, 3)
    found.check(page, "Bieter game over", None)
    shot(page, artifacts, "bieter-phone-over")
    found.assert_none()
    page.click("#game-over a[href^='/?replay=']")
    replay_to_end(page)
    assert len(page.query_selector_all(".replay-view .seat")) == 3
    koenig = g["last_hand"]["score"]["koenig"]
    if koenig is not None and koenig >= 0:
        role = page.get_attribute(f".replay-view .seat[data-seat='{koenig}'] .role-bubble",
                                  "data-role")
        assert role == "koenig"


IS_ASKED = """() => { const s = puur.view.state, g = s.latest && s.latest.game;
  return Boolean(g) && (g.phase === 'over' || (s.you && s.you.role === 'player'
    && s.you.seat === g.to_move && s.queue.length === 0 && !s.completing)); }"""


def people(new_page: Callable[..., Any], server: str, preset: str, n: int,
           options: dict[str, str] = SHORT, **size: Any) -> tuple[list[Any], Any, str]:
    """A table of `preset` with `n` people (the first creates it, the others join by the link)
    and a spectator; returns the pages in seat order, the spectator's and the code."""
    body = {"variant": "bieter", "rules": preset, "name": "Anna", "lang": "en",
            "options": {k: int(v) for k, v in options.items()}, "seats": [{"kind": "human"}] * n}
    pages, code = shared_table(new_page, server, body,
                               ["Beat", "Chiara", "Dario", "Elena"][:n - 1], **size)
    watcher = new_page(f"/t/{code}?watch=1", **size)
    for p in (*pages, watcher):
        p.wait_for_function("() => puur.view.state.latest && puur.view.state.latest.game")
    return pages, watcher, code


def drive(pages: list[Any], until: Callable[[], bool], call: Callable[[Any], str] | None = None,
          limit: int = 600) -> dict[str, int]:
    """Let the seat to move act (the first page bids, the others pass) until `until()`."""
    counts: dict[str, int] = {}
    for _ in range(limit):
        if until():
            return counts
        for seat, p in enumerate(pages):
            if p.evaluate(IS_ASKED):
                done = step(p, bid=seat == 0, call=call)
                counts[done] = counts.get(done, 0) + 1
                break
        else:
            pages[0].wait_for_timeout(30)
    pytest.fail(f"no end: {counts}")


def over(page: Any) -> Callable[[], bool]:
    return lambda: bool(page.evaluate("puur.view.state.latest.game.phase === 'over'"))


def test_the_talon_laid_down_by_clicks(new_page: Callable[..., Any], server: str,
                                       artifacts: Path) -> None:
    """The talon preset with three people and a spectator: the first bids, the others pass;
    as König it takes the talon and lays six cards down by clicking them and sees them face up,
    while the others and the spectator see only how many (no message to them names one); it
    names the contract and plays, and plays or declines each later hand."""
    pages, watcher, _code = people(new_page, server, "talon", 3)
    anna = pages[0]
    counts = drive(pages, lambda: game_state(anna)["phase"] in ("contract", "weis", "play"))
    g = check_table(anna)
    p = g["panel"]
    assert p["koenig"] == 0 and counts.get("discard") == 6 and counts.get("pass") == 2, counts
    discards = set(g["own"]["discards"])
    assert len(discards) == 6 and p["discarded"] == 6
    shot(anna, artifacts, "bieter-talon-koenig")
    # A reload: the same hand, the same discards face up to the König, the same question.
    anna.reload()
    anna.wait_for_selector(".choose-panel .choice")
    again = check_table(anna)
    assert sorted(again["hand"]) == sorted(g["hand"]) and set(again["own"]["discards"]) == discards
    assert again["phase"] == g["phase"] and again["legal"] == g["legal"]
    hidden = discards - set(p["talon_up"])
    for other in (pages[1], watcher):
        other.wait_for_function("() => puur.view.state.latest.game.panel.discarded === 6")
        check_table(other)
        sent = other.evaluate("JSON.stringify(puur.view.state.latest)")
        assert not set(re.findall(r'"([DHSC][6-9TJQKA])"', sent)) & hidden
        assert json.loads(sent)["game"]["own"].get("discards", []) == []
    shot(watcher, artifacts, "bieter-talon-spectator")
    counts = drive(pages, over(anna))
    assert counts.get("play"), counts
    for p in (*pages, watcher):
        p.wait_for_selector("#game-over")
        check_over(p, 3)
    # The replay, every hand open: the König's discards of the first hand face up.
    watcher.click("#game-over a[href^='/?replay=']")
    watcher.wait_for_selector(".replay-view .pile.discards")
    laid = watcher.eval_on_selector_all(".replay-view .pile.discards .pile-up",
                                        "els => els.length")
    assert laid == 6


def test_five_players_the_called_partner(new_page: Callable[..., Any], server: str,
                                         artifacts: Path) -> None:
    """Five people and a spectator: the first bids and, König, calls a card the second holds
    (clicking it among the cards it may call); the second is told it is the partner, nobody
    else is (the state names no partner) until the called card is played; then every page
    shows the partner."""
    pages, watcher, _code = people(new_page, server, "five", 5)
    anna, beat = pages[0], pages[1]
    called: list[str] = []

    def call(_p: Any) -> str:
        legal = [a["card"] for a in game_state(anna)["legal"] if a["type"] == "call"]
        card = next(c for c in game_state(beat)["hand"] if c in legal)
        called.append(card)
        return card

    drive(pages, lambda: bool(game_state(anna)["panel"]["called"]), call=call)
    assert game_state(anna)["panel"]["koenig"] == 0
    card = called[0]

    def revealed() -> bool:
        return any(c == card for _s, c in game_state(watcher)["history"]) or over(anna)()

    checked = 0
    for _ in range(200):
        if revealed():
            break
        for p in (*pages, watcher):
            g = check_table(p)
            assert g["panel"]["partner"] is None
            assert g["own"].get("partner", False) == (p is beat)
            text = p.inner_text(".center .called-note")
            assert t("bi.you_partner" if p is beat else "bi.partner_secret", "en") in text
        checked += 1
        if checked == 1:
            shot(beat, artifacts, "bieter-five-partner")
            shot(watcher, artifacts, "bieter-five-secret")
        for seat, p in enumerate(pages):
            if p.evaluate(IS_ASKED):
                step(p, bid=seat == 0)
                break
        else:
            anna.wait_for_timeout(30)
    assert checked
    for p in (*pages, watcher):
        p.wait_for_function("([c]) => puur.view.state.latest.game.phase === 'over'"
                            " || puur.view.state.latest.game.panel.partner === 1", arg=[card])
        settle(p)
        g = game_state(p)
        if g["phase"] != "over":
            assert p.inner_text(".center .partner-note") == t(
                "bi.partner_is", "en", seat=t("you", "en") if p is beat else "Beat")
            roles = p.get_attribute(".felt .seat[data-seat='1'] .role-bubble", "data-role")
            assert roles == "partner"
    shot(watcher, artifacts, "bieter-five-revealed")
    drive(pages, over(anna))
    for p in (*pages, watcher):
        p.wait_for_selector("#game-over")
        check_over(p, 5)


def test_the_koenig_declines_a_hand(new_page: Callable[..., Any], server: str,
                                    artifacts: Path) -> None:
    """Three people: the first bids 300, out of reach in one hand; from the second hand on it
    is asked to play or decline (exactly the two legal answers) and declines by click; every
    page's hand summary says so and shows the Bauern's 257."""
    # The Bauern may reach their 300 in the first hand (big Weis): a new table then.
    for _attempt in range(4):
        pages, watcher, _code = people(new_page, server, "jassonkel", 3,
                                       {"min_bid": "300", "max_bid": "300", "target": "300"})
        anna = pages[0]

        def asked_to_decline(anna: Any = anna) -> bool:
            return over(anna)() or bool(anna.query_selector(".decline-panel"))

        drive(pages, asked_to_decline)
        if not over(anna)():
            break
    else:
        pytest.fail("every game ended in its first hand")
    g = game_state(anna)
    assert sorted(a["type"] for a in g["legal"]) == ["accept", "decline"]
    assert anna.query_selector("#accept-btn") and anna.query_selector("#decline-btn")
    bauern = g["panel"]["totals"][1]
    anna.click("#decline-btn")
    for p in (*pages, watcher):
        p.wait_for_function("([n]) => { const h = puur.view.state.latest.game.last_hand;"
                            " return h && h.hand_no === n && h.score.declined; }",
                            arg=[g["hand_no"]])
        p.wait_for_selector("#hand-summary .bi-note, #game-over .bi-note")
        settle(p)
        assert t("bi.declined", "en") in p.inner_text(".bi-note")
        cells = p.eval_on_selector_all(".bi-score tr.this-hand td",
                                       "els => els.map(e => Number(e.textContent))")
        assert cells[0] == 0 and cells[1] >= 257
        after = p.eval_on_selector_all(".bi-score tr.total td",
                                       "els => els.map(e => Number(e.textContent))")
        assert after[1] == bauern + cells[1]
    shot(watcher, artifacts, "bieter-declined")
