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

from .pages import act_once, game_state, hand_cards, lobby_preset, seats_at, settle, shared_table
from .test_layout import DESKTOP, PHONE, TABLE_PARTS, Findings, in_every_language, shot
from .test_variants import asked, ranking, replay_to_end

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
    return lobby_preset(page, "handjass", preset, options, PRESETS[preset])


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
            "e => Object.fromEntries([...e.querySelectorAll('td')]"
            ".map(c => [c.className, c.textContent]))")
        assert row["made"] == str(p["made"][s])
        net = p["totals"][s] + (p["result"][s] if p["result"] else 0)
        assert row["net"] == str(net)
        if p["marks"]:
            assert (row["striche"], row["nuller"]) == tuple(str(m) for m in p["marks"][s])
    # A player who sits out is told so while the others go on.
    if me is not None and g["phase"] != "over" and g["to_move"] != me:
        note = page.query_selector("#action-bar .sitting-out")
        want = (t("hj.you_out", lang) if me not in p["active"] else
                t("hj.you_dropped", lang) if p["said"][me] == "drop" else None)
        assert (note.inner_text() if note else None) == want
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
        in_every_language(page, found, f"{preset} on a phone", PARTS)
    found.assert_none()


def test_two_players_a_whole_game_with_the_blind_and_the_dead_hand(
        new_page: Callable[..., Any], server: str, artifacts: Path) -> None:
    """The preset of two: the players face each other, the blind (its face-up card on it) and
    the dead hand lie face down on the cloth; swapping puts the page's hand there and gives it
    the blind; the side panel and the hand's score are the server's; the replay."""
    page = new_page("/")
    lobby(page, "two", {"target": "3"})
    seen: set[str] = set()
    found = Findings()

    def look(p: Any) -> None:
        g = game_state(p)
        if g["phase"] == "over":
            return
        if g["last_trick"] and "trick" not in seen:
            # A full trick of two, held on the cloth: both cards show their index.
            seen.add("trick")
            for name, size in (("desktop", DESKTOP), ("phone", PHONE)):
                p.set_viewport_size({"width": size["width"], "height": size["height"]})
                settle(p)
                p.evaluate("""() => {
                  const s = puur.view.state, lt = s.game.last_trick;
                  s.completing = {cards: lt.cards, winner: lt.winner, collecting: false};
                  s.game = {...s.game, trick: [], to_move: null, legal: []};
                  puur.view.rerender();
                }""")
                found.trick(p, f"a trick of two on a {name}", count=2)
                found.check(p, f"a trick of two on a {name}", PARTS)
                p.evaluate("() => { const s = puur.view.state; s.completing = null;"
                           " s.game = s.latest.game; puur.view.rerender(); }")
            p.set_viewport_size({"width": DESKTOP["width"], "height": DESKTOP["height"]})
        key = g["phase"] + ("-swapped" if g["panel"]["swapper"] is not None else "")
        if key not in seen:
            seen.add(key)
            check_table(p)
            shot(p, artifacts, f"handjass-two-{key}")

    counts = play_game(page, ("swap", "play"), look)
    assert counts.get("declare:swap"), counts
    assert {"declare", "play-swapped", "trick"} <= seen, seen
    found.assert_none()
    g = check_over(page, 2)
    shot(page, artifacts, "handjass-two-over")
    page.click("#game-over a[href^='/?replay=']")
    replay_to_end(page)
    assert len(page.query_selector_all(".replay-view .seat")) == 2
    # Every card open: the blind (or the hand put aside) and the dead hand lie face up.
    assert len(page.query_selector_all(".replay-view .open-piles .blind .pile-up")) == 9
    assert len(page.query_selector_all(".replay-view .open-piles .dead .pile-up")) == 9
    nets = page.eval_on_selector_all(".replay-view .hj-score tr.game td",
                                     "els => els.map(e => Number(e.textContent))")
    assert nets == g["result"]["scores"]


CARD = re.compile(r'"([DHSC][6-9TJQKA])"')


def public_cards(g: dict[str, Any]) -> set[str]:
    """The cards the whole table may know: played, turned, face up on the blind, shown Weis."""
    out = {c for _s, c in g["history"]} | {c["card"] for c in g["trick"]}
    if g["last_trick"]:
        out |= {c["card"] for c in g["last_trick"]["cards"]}
    out |= {g["turned"], g["panel"]["turned"], g["panel"]["blind_up"]} - {None}
    for melds in g["weis_shown"]:
        for m in melds:
            out |= set(m["cards"])
    return out


def test_two_people_and_a_spectator_share_a_table_of_three(
        new_page: Callable[..., Any], server: str, artifacts: Path) -> None:
    """Three players with a blind and `maybe`, two of them people (the second joins by the
    link) and a spectator: each is asked exactly the legal words and says them by clicks
    (maybe, then swap or play, or drop: then the bar says the page sits the hand out); each page
    shows its own hand only, the spectator none and no
    card beyond the public ones (never the blind's face-down cards, nor a swapper's hand put
    aside); the pile says whose hand lies there after a swap; a reload in the middle of the hand
    shows the same table; then the two play the game out."""
    (anna, beat), code = shared_table(
        new_page, server, {"variant": "handjass", "rules": "three", "name": "Anna",
                           "options": {"maybe": True, "target": 2}, "lang": "en",
                           "seats": [{"kind": "human"}, {"kind": "human"}, BOT]}, ["Beat"])
    watcher = new_page(f"/t/{code}?watch=1")
    said: dict[Any, list[str]] = {anna: [], beat: []}
    prefer = {anna: ("maybe", "swap", "play"), beat: ("maybe", "drop")}
    reloaded = False
    told = 0  # states in which Beat, who dropped, was told he sits the hand out
    for _ in range(600):
        page = asked(anna, beat, "#game-over, .declare-btn, .hand-card.legal, .weis-opt.suggested,"
                     " #weis-quiet, #stoeck-yes")
        if page.query_selector("#game-over"):
            break
        for p in (anna, beat, watcher):
            g = check_table(p)
            told += p is beat and g["panel"]["said"][1] == "drop" and g["to_move"] != 1
            if p is watcher:
                sent = CARD.findall(watcher.evaluate("JSON.stringify(puur.view.state.latest)"))
                assert set(sent) <= public_cards(g), set(sent) - public_cards(g)
            swapper = g["panel"]["swapper"]
            if swapper is not None and g["panel"]["piles"][0]:
                label = p.inner_text(".center .pile.blind .pile-label")
                mine = (p is anna and swapper == 0) or (p is beat and swapper == 1)
                name = p.evaluate("([s]) => puur.view.state.table.seats[s].name", [swapper])
                assert label == (t("hj.put_aside_you", "en") if mine else
                                 t("hj.put_aside", "en", seat=name))
        if page.query_selector(".declare-btn"):
            # Maybe once, then what the page prefers of the rest.
            words = prefer[page] if "maybe" not in said[page] else prefer[page][1:]
            said[page].append(declare(page, words))
            continue
        g = game_state(page)
        if not reloaded and g["trick"] and g["trick_no"] >= 1:
            # A reload in the middle of the hand: the same hand, trick and legal cards.
            before = (sorted(g["hand"]), g["trick"], sorted(a["id"] for a in g["legal"]))
            page.reload()
            page.wait_for_selector(".hand-card.legal")
            settle(page)
            g2 = game_state(page)
            assert (sorted(g2["hand"]), g2["trick"], sorted(a["id"] for a in g2["legal"])) \
                == before
            assert sorted(hand_cards(page)) == before[0]
            shot(page, artifacts, "handjass-three-reloaded")
            reloaded = True
        act_once(page)
    assert reloaded and "maybe" in said[anna] + said[beat] and told, (said, told)
    for p in (anna, beat, watcher):
        p.wait_for_selector("#game-over")
        check_over(p, 3)
    shot(watcher, artifacts, "handjass-three-over-spectator")


def test_five_seats_eliminations_on_a_phone(new_page: Callable[..., Any], server: str,
                                            artifacts: Path) -> None:
    """Five players (four computer players) on a 390 px phone: the seats where they belong,
    dropped seats marked in each hand, players who reach the target leave the game and show it
    for the rest of it, the deal goes on with fewer (a blind once three are left), and nothing
    overlaps; the ranking at the end."""
    page = new_page("/", **PHONE)
    lobby(page, "five", {"target": "1"})
    found = Findings()
    outs: set[int] = set()
    shapes: set[int] = set()

    def look(p: Any) -> None:
        g = game_state(p)
        if g["phase"] == "over":
            return
        active = len(g["panel"]["active"])
        if active not in shapes:
            shapes.add(active)
            check_table(p)
            found.check(p, f"five seats, {active} at the table", PARTS)
            shot(p, artifacts, f"handjass-five-{active}-at-the-table")
        outs.update(s for s in range(5) if s not in g["panel"]["active"])
    play_game(page, ("drop",), look)
    assert outs and len(shapes) > 1, (outs, shapes)
    check_over(page, 5)
    found.check(page, "five seats, game over")
    found.assert_none()
