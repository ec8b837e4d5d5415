"""Layout tests in headless Chromium, measured from the boxes the browser computed: no page
scrolls sideways on a 320 or 390 px phone, nothing that matters overlaps on a phone or a desktop,
every card of a full trick shows its index, and texts fit in every language, also with a
40-character name and a name in another script. Screenshots go to ``test-output/``."""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from .pages import (
    LONG_NAME,
    OTHER_SCRIPT,
    act_once,
    create_table,
    latest_seq,
    next_turn,
    overlaps,
    post_table,
    settle,
    sideways,
    spills,
    visible_parts,
    wait_for_game,
)

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844, "has_touch": True, "is_mobile": True}
SMALL = {"width": 320, "height": 568, "has_touch": True, "is_mobile": True}
DESKTOP = {"width": 1280, "height": 800}

# What must never cover each other at the table and in the replay.
TABLE_PARTS = {
    "South's cards": ".hand .hand-card, .pos-bottom.open-hand .mini-card",
    "the trick": ".trick .trick-card",
    "the contract": ".contract-chip",
    "the scores": ".side .scoreline",
    "North's cards": ".pos-top .backs .back, .pos-top .open-cards .mini-card",
    "West's cards": ".pos-left .backs .back, .pos-left .open-cards .mini-card",
    "East's cards": ".pos-right .backs .back, .pos-right .open-cards .mini-card",
    "the name plates": ".seat .plate",
    "the Weis and Stöck at the seats": ".seat-bubbles .bubble",
    "the trick note": ".center-note",
    "the action bar": "#action-bar > *",
    "the names on the Jasstafel": ".side .tafel-name",
    "the points on the Jasstafel": ".side .tafel-points, .side .tafel-striche",
}
# How a seated player is told who won: "We win" or "They win", never "Them win".
WON = {"en": ("We win", "They win"), "de": ("Wir gewinnen", "Die Gegner gewinnen"),
       "fr": ("Nous gagnons", "Les adversaires gagnent"),
       "it": ("Vinciamo noi", "Vincono gli avversari")}
GAME_OVER_PARTS = {
    "the names on the Jasstafel": "#game-over .tafel-name",
    "the points on the Jasstafel": "#game-over .tafel-points, #game-over .tafel-striche",
    "the final score": "#game-over .final-score > span",
}

# Texts that must fit their box (they are not cut on purpose, unlike a long name).
_CUT = """() => [...document.querySelectorAll(
    '.btn, .prompt, .overlay-title, h1, h2, h3, label, th, td, .badge, .bubble, summary, legend,'
    + ' .contract-chip, .center-note, .winner, .scoreline, .you-sit, .seat-name, option')]
  .filter((e) => e.offsetParent !== null && e.scrollWidth > e.clientWidth + 1)
  .map((e) => `${e.tagName.toLowerCase()}.${e.className}: "${e.textContent.trim().slice(0, 40)}"`
    + ` needs ${e.scrollWidth} px, has ${e.clientWidth}`)"""


# Labels (and card names) that must start with a capital letter when they start with a letter.
_LOWER = """([names]) => {
  const labels = [...document.querySelectorAll(
    '.btn, .choice span, h1, h2, h3, label.field > span:first-child, label.check, option, th,'
    + ' .badge, .prompt, .overlay-title, summary, legend, .contract-chip > span:first-of-type,'
    + ' .seat-label, .you-sit, .center-note, .winner, .scoreline > span:first-child, .empty,'
    + ' .toast, .tafel-name')].map((e) => e.textContent);
  for (const e of document.querySelectorAll('.hand-card, .mini-card, .choice')) {
    labels.push(e.getAttribute('aria-label') || e.getAttribute('title') || '');
  }
  // A player's name is written as the player wrote it.
  return labels.map((s) => s.trim().replace(/^[^\\p{L}\\p{N}]+/u, ''))
    .filter((s) => /^\\p{Ll}/u.test(s) && !names.some((n) => s.startsWith(n)));
}"""

# Pictures squeezed out of shape or to a fraction of the room they are given (by a flex box).
_SHRUNK = """() => [...document.querySelectorAll('svg.jasstafel, svg.card-svg')]
  .filter((svg) => svg.clientWidth > 0)
  .map((svg) => {
    // Untransformed sizes (the side seats' card backs are turned on their side).
    const cs = getComputedStyle(svg.parentElement);
    const room = svg.parentElement.clientWidth - parseFloat(cs.paddingLeft)
      - parseFloat(cs.paddingRight);
    const w = svg.clientWidth, h = svg.clientHeight;
    const vb = svg.viewBox.baseVal, shape = (h / w) / (vb.height / vb.width);
    return w < 0.5 * room || Math.abs(shape - 1) > 0.03
      ? `${svg.getAttribute('class')} drawn ${w}x${h} px in ${Math.round(room)} px` : null;
  }).filter(Boolean).slice(0, 6)"""

# Numbers and short words that must stay on one line (a score broken as "20 / 3").
_BROKEN = """() => [...document.querySelectorAll(
    '.final-score strong, .scoreline strong, .badge, .bubble, .deadline, .table-code')]
  .filter((e) => {
    if (e.offsetParent === null) return false;
    const cs = getComputedStyle(e);
    const line = parseFloat(cs.lineHeight) || 1.25 * parseFloat(cs.fontSize);
    const pad = parseFloat(cs.paddingTop) + parseFloat(cs.paddingBottom);
    return [...e.getClientRects()].filter((r) => r.width).length > 1
      || e.getBoundingClientRect().height - pad > 1.6 * line;
  })
  .map((e) => `"${e.textContent.trim().slice(0, 30)}" is broken over two lines`)"""

# A text key shown instead of its text, or a value that was never filled in.
_RAW = r"\b(?:undefined|null|NaN|[a-z_]+\.[a-z_][a-z0-9_.-]*)\b"


class Findings:
    """Everything wrong with the layout, collected over a test and reported at once."""

    def __init__(self) -> None:
        self.found: list[str] = []
        self.names = {LONG_NAME, OTHER_SCRIPT}  # players' names, as they wrote them

    def check(self, page: Any, where: str, parts: dict[str, str] | None = None) -> None:
        size = page.viewport_size
        at = f"{where} at {size['width']}x{size['height']}"
        self.found += [f"{at}: {f}" for f in sideways(page)]
        self.found += [f"{at}: {f}" for f in spills(page)]
        self.found += [f"{at}: text does not fit: {f}" for f in page.evaluate(_CUT)]
        self.found += [f"{at}: {f}" for f in page.evaluate(_SHRUNK)]
        self.found += [f"{at}: {f}" for f in page.evaluate(_BROKEN)]
        self.found += [f"{at}: a label starts in lower case: {f!r}"
                       for f in page.evaluate(_LOWER, [sorted(self.names)])]
        self.found += [f"{at}: a text left untranslated or empty: {f!r}"
                       for f in re.findall(_RAW, page.inner_text("body"))]
        if parts:
            self.found += [f"{at}: {f}" for f in overlaps(page, parts)]

    def sideways(self, page: Any, where: str) -> None:
        """Only whether the page grew wider than its window (a card in flight is clipped by
        the cloth on purpose)."""
        size = page.viewport_size
        self.found += [f"{where} at {size['width']}x{size['height']}: {f}" for f in sideways(page)]

    def trick(self, page: Any, where: str, selector: str = ".trick .trick-card",
              count: int = 4) -> None:
        """Every card of a full trick shows its whole index corner and most of its face."""
        size = page.viewport_size
        parts = visible_parts(page, selector)
        assert len(parts) == count, (where, parts)
        for p in parts:
            if p["index"] < 1 or p["whole"] < 0.6:
                self.found.append(
                    f"{where} at {size['width']}x{size['height']}: {p['card']} shows "
                    f"{p['index']:.0%} of its index and {p['whole']:.0%} of its face")

    def assert_none(self) -> None:
        assert not self.found, "\n".join(self.found)


def in_every_language(page: Any, found: Findings, where: str,
                      parts: dict[str, str] | None = None) -> None:
    """Check the page as it is in each of the four languages, then go back to the first."""
    first = page.input_value("#pref-lang")
    for lang in ("de", "fr", "it", "en", first):
        # The menu is set by script: under a dialog the top bar is inert.
        page.evaluate("([l]) => { const s = document.getElementById('pref-lang'); s.value = l;"
                      " s.dispatchEvent(new Event('change')); }", [lang])
        if lang != first:
            found.check(page, f"{where} in {lang}", parts)


def shot(page: Any, artifacts: Path, name: str) -> None:
    page.screenshot(path=str(artifacts / f"{name}.png"), full_page=True)


def hold_full_trick(page: Any, found: Findings) -> None:
    """Draw the last completed trick as the page does before collecting it (it stays on the
    cloth only a moment in play): its cards sliding in from their seats (measured at the
    start of the slide), lying there, then going to the winner (measured at the end)."""
    page.evaluate("""() => {
      const s = puur.view.state, lt = s.game.last_trick;
      s.completing = {cards: lt.cards, winner: lt.winner, collecting: false};
      s.game = {...s.game, trick: [], to_move: null, legal: []};
      s.entering = new Set(lt.cards.map((c) => c.card));
      puur.view.rerender();
      for (const a of document.getAnimations()) { a.pause(); a.currentTime = 0; }
    }""")
    found.sideways(page, "the cards of a trick sliding in")
    page.evaluate("() => { for (const a of document.getAnimations()) a.finish(); }")
    page.evaluate("() => { puur.view.state.entering = new Set(); puur.view.rerender(); }")


def collect_and_release(page: Any, found: Findings) -> None:
    """The held trick goes to its winner; then the page shows the newest state again."""
    page.evaluate("""() => {
      puur.view.state.completing.collecting = true;
      puur.view.rerender();
      for (const a of document.getAnimations()) a.finish();
    }""")
    found.sideways(page, "the cards of a trick going to the winner")
    page.evaluate("() => { const s = puur.view.state; s.completing = null; s.game = s.latest.game;"
                  " puur.view.rerender(); }")


def play_together(new_page: Callable[..., Any], artifacts: Path, found: Findings,
                  first: tuple[str, dict[str, Any], str, str],
                  second: tuple[str, dict[str, Any], str, str], target: int = 200) -> None:
    """Two people (label, window, language, deck) play a game to ``target``: the first (named
    with 40 characters) creates the table, the second (named in Thai) joins it by the link. The
    layout is checked on both pages at every step, with a full trick, the last trick, the hand
    summary, game over and the replay."""
    (name_a, size_a, lang_a, deck_a), (name_b, size_b, lang_b, deck_b) = first, second
    anna = new_page("/", **size_a)
    anna.select_option("#pref-lang", lang_a)
    anna.select_option("#pref-deck", deck_a)
    code = create_table(anna, target=target, human_seats=(2,), name=LONG_NAME)
    anna.wait_for_selector(".big-code")
    if anna.evaluate("scrollY") != 0:
        found.found.append(f"{name_a}: the table opens scrolled down")
    found.check(anna, "waiting for players", TABLE_PARTS)
    shot(anna, artifacts, f"{name_a}-waiting")
    beat = new_page(f"/t/{code}", **size_b)
    beat.select_option("#pref-lang", lang_b)
    beat.select_option("#pref-deck", deck_b)
    beat.wait_for_selector("#join-name")
    found.check(beat, "join panel", TABLE_PARTS)
    shot(beat, artifacts, f"{name_b}-join")
    beat.fill("#join-name", OTHER_SCRIPT)
    beat.click(".join-seat[data-seat='2']")
    # A spectator in the second window sees every name on the plates and in the scores.
    watcher = new_page(f"/t/{code}?watch=1", **size_b)
    watcher.select_option("#pref-lang", lang_a)
    pages = {0: anna, 2: beat}
    viewers = [anna, beat, watcher]
    names = {id(anna): name_a, id(beat): name_b, id(watcher): f"{name_b}-watching"}
    for p in viewers:
        p.wait_for_function("() => puur.view.state.latest && puur.view.state.latest.game")
    seen: set[str] = set()
    after = -1
    for _ in range(200):
        # Where a person is to move, once Anna's page has drawn what the last person did.
        turn = next_turn(anna, (0, 2), after)
        g = turn["game"]
        if g["phase"] == "over":
            break
        for p in viewers:
            p.wait_for_function("([s]) => puur.view.state.latest.seq >= s", arg=[turn["seq"]])
            settle(p)
        mover = pages[g["to_move"]]
        phase = g["phase"]
        if mover.query_selector("#hand-summary"):
            phase = "hand summary"
        for p in viewers:
            if phase in seen:
                found.check(p, f"the table ({phase})", TABLE_PARTS)
            else:
                in_every_language(p, found, f"the table ({phase})", TABLE_PARTS)
        if phase not in seen:
            seen.add(phase)
            shot(mover, artifacts, f"{names[id(mover)]}-{phase.replace(' ', '-')}")
        if g["last_trick"] and "full trick" not in seen:
            seen.add("full trick")
            for p in viewers:
                settle(p)
                hold_full_trick(p, found)
                in_every_language(p, found, "a full trick", TABLE_PARTS)
                found.trick(p, "a full trick")
                shot(p, artifacts, f"{names[id(p)]}-full-trick")
                collect_and_release(p, found)
                p.click("#last-btn")
                p.wait_for_selector("#last-trick")
                found.check(p, "the last trick", TABLE_PARTS)
                found.trick(p, "the last trick", "#last-trick .mini-card")
                shot(p, artifacts, f"{names[id(p)]}-last-trick")
                p.click("#close-last")
        act_once(mover)
        after = latest_seq(mover)
    else:
        pytest.fail("the game did not end")
    langs = {id(anna): lang_a, id(beat): lang_b}
    for p in viewers:
        p.wait_for_selector("#game-over")
        in_every_language(p, found, "game over", GAME_OVER_PARTS)
        said = p.inner_text("#game-over .winner")
        if p is not watcher and not said.startswith(WON[langs[id(p)]]):
            found.found.append(f"{names[id(p)]}: game over says {said!r}")
        shot(p, artifacts, f"{names[id(p)]}-game-over")
        if p is watcher:
            continue
        gid = p.evaluate("puur.view.state.latest.game.result.game_id")
        replay = p.request.get(f"/api/games/{gid}/replay").json()
        found.names |= {s["name"] for s in replay["seats"] if s.get("name")}
        p.click("#game-over a[href^='/?replay=']")
        p.wait_for_selector(".replay-view")
        if p.evaluate("scrollY") != 0:
            found.found.append(f"{names[id(p)]}: the replay opens scrolled down")
        found.check(p, "the replay at the deal", TABLE_PARTS)
        p.click("#rp-next")
        in_every_language(p, found, "the replay of a trick", TABLE_PARTS)
        found.trick(p, "the replay of a trick")
        shot(p, artifacts, f"{names[id(p)]}-replay")
        for _ in range(8):  # to the hand's end (a game to 200 can end within its first hand)
            if p.is_enabled("#rp-next"):
                p.click("#rp-next")
        found.check(p, "the replay at the end of a hand", TABLE_PARTS)


def test_two_phones_play_a_game_and_replay_it(
    new_page: Callable[..., Any], artifacts: Path
) -> None:
    """A 390 px phone in German (Swiss cards) and a 320 px phone in French (French cards) play
    a game together: no page scrolls sideways, nothing that matters overlaps, every card of a
    trick shows its index, every text fits and every label starts with a capital, at every
    step of the game and in every dialog."""
    found = Findings()
    play_together(new_page, artifacts, found, ("phone", PHONE, "de", "swiss"),
                  ("small", SMALL, "fr", "french"))
    found.assert_none()


def test_two_desktops_play_a_game_and_replay_it(
    new_page: Callable[..., Any], artifacts: Path
) -> None:
    """The same on a 1280 x 800 desktop in English (French cards) and a 1024 x 768 one in
    Italian (Swiss cards)."""
    found = Findings()
    play_together(new_page, artifacts, found, ("desktop", DESKTOP, "en", "french"),
                  ("laptop", {"width": 1024, "height": 768}, "it", "swiss"))
    found.assert_none()


@pytest.fixture(scope="module")
def listed(browser: Any, server: str) -> Iterator[str]:
    """An open table whose players have a 40-character name and a name in another script (so
    the lobby lists them), and a finished game (so the lobby lists it for replay)."""
    ctx = browser.new_context(base_url=server)
    page = ctx.new_page()
    bots = {"kind": "bot", "bot": "random"}
    code = post_table(page, server, {"rules": "family", "name": LONG_NAME, "seats": [
        {"kind": "human"}, bots, {"kind": "human"}, {"kind": "human"}]})["code"]
    res = page.request.post(f"{server}/api/tables/{code}/join", data=json.dumps(
        {"v": 2, "seat": 2, "name": OTHER_SCRIPT}), headers={"Content-Type": "application/json"})
    assert res.status == 200, res.text()
    done = post_table(page, server, {"rules": "family", "options": {"target": 50}, "seat": None,
                                     "seats": [bots] * 4})["code"]
    wait_for_game(page, server, done)
    yield code
    ctx.close()


@pytest.mark.parametrize("size", [SMALL, PHONE], ids=["320", "390"])
@pytest.mark.parametrize("lang", ["de", "fr", "en", "it"])
def test_lobby_and_other_pages_fit_a_phone(
    new_page: Callable[..., Any], artifacts: Path, listed: str, size: dict[str, Any], lang: str
) -> None:
    """The lobby (all options open, a listed table with long names), the history, a table that
    does not exist and a spectator's view fit a phone in every language."""
    found = Findings()
    page = new_page("/", **size)
    page.select_option("#pref-lang", lang)
    page.wait_for_selector("#f-seat-1 option[value^='bot:']", state="attached")
    page.click("details.more summary")
    page.wait_for_selector(f".table-item[data-code='{listed}']")
    page.wait_for_selector("#finished-games a[href^='/?replay=']")
    found.check(page, "the lobby")
    if lang == "de":
        shot(page, artifacts, f"lobby-{size['width']}")
    for path in ("/history", "/t/ZZZZZZ"):
        page.goto(path)
        page.wait_for_selector("#f-name, .fatal")
        found.check(page, path)
    found.assert_none()
