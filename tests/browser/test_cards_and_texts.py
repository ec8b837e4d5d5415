"""The card faces and the interface texts, in headless Chromium: the 6 and the 9 are told
apart upside down, every text exists in every language, counts take their plural forms, labels
start with a capital, and keyboard focus is visible."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from .pages import ACTIONABLE, act_once, post_table

pytestmark = pytest.mark.browser

# Every card of both decks drawn 200 px wide; for each of its two index corners the boxes of
# the rank, of the suit pip under it and of the line under the rank (when there is one).
_CORNERS = """async () => {
  const { cardSVG } = await import('/static/js/cards.js');
  const { render } = await import('/static/js/dom.js');
  const box = (e) => { const r = e.getBoundingClientRect();
    return {x: r.left, y: r.top, r: r.right, b: r.bottom}; };
  const host = document.createElement('div');
  host.style.cssText = 'position:absolute;left:0;top:0;width:200px;background:#fff';
  document.body.append(host);
  const out = [];
  for (const deck of ['swiss', 'french']) {
    for (let card = 0; card < 36; card++) {
      render(cardSVG(card, deck, ''), host);
      const corners = [...host.querySelectorAll('g.index')].map((g) => ({
        text: box(g.querySelector('text')), pip: box(g.querySelector('use')),
        marks: [...g.querySelectorAll('.index-mark')].map(box)}));
      out.push({deck, card, label: host.querySelector('g.index text').textContent, corners});
    }
  }
  host.remove();
  return out;
}"""


def test_six_and_nine_are_underlined_in_both_decks(
    new_page: Callable[..., Any], artifacts: Path
) -> None:
    """As on printed packs, each index of a 6 and of a 9 is underlined: the line lies between
    the rank and its suit pip, in the upright and in the upside-down corner, so the card reads
    the same way up from both ends; no other rank has the line."""
    page = new_page("/")
    page.wait_for_selector(".hero-card")
    cards = page.evaluate(_CORNERS)
    assert len(cards) == 72
    for c in cards:
        assert len(c["corners"]) == 2, c
        for corner in c["corners"]:
            marks = corner["marks"]
            if c["label"] not in ("6", "9"):
                assert marks == [], c
                continue
            assert len(marks) == 1, c
            m, text, pip = marks[0], corner["text"], corner["pip"]
            mid = (m["y"] + m["b"]) / 2
            text_mid, pip_mid = (text["y"] + text["b"]) / 2, (pip["y"] + pip["b"]) / 2
            # Between the rank and the pip (below the rank upright, above it upside down)...
            assert min(text_mid, pip_mid) < mid < max(text_mid, pip_mid), c
            # ...clear of the pip, and as wide as the figure is, under it.
            assert m["b"] <= pip["y"] or m["y"] >= pip["b"], c
            assert m["x"] >= text["x"] - 1 and m["r"] <= text["r"] + 1, c
            assert m["r"] - m["x"] >= 0.4 * (text["r"] - text["x"]), c
    # A picture of every 6 and 9 of both decks to look at.
    page.evaluate("""async () => {
      const { cardSVG } = await import('/static/js/cards.js');
      const { html, render } = await import('/static/js/dom.js');
      render(html`<div id="sixes" style="display:flex;flex-wrap:wrap;gap:8px;padding:8px;
        background:#2f8152;width:900px">${['swiss', 'french'].flatMap((d) =>
          [0, 3, 9, 12, 18, 21, 27, 30].map((c) => html`<div style="width:100px">${
            cardSVG(c, d, '')}</div>`))}</div>`, document.getElementById('view'));
    }""")
    page.locator("#sixes").screenshot(path=str(artifacts / "sixes-and-nines.png"))


# Keys whose number is not a count of things (a target, a position, points of a Weis).
NUMBERED = {"target", "replay.hand", "replay.step", "weis.points"}
# The Swiss terms, the same in every language.
SWISS = ("weis", "stoeck", "summary.match", "contract.obe", "contract.unde", "push",
         "opt.kontermatch", "opt.striche", "jasstafel")


def test_every_text_in_every_language(new_page: Callable[..., Any]) -> None:
    """Each text exists in all four languages with the same placeholders; a text that counts
    has a singular and a plural form; the Swiss terms are the same in each."""
    page = new_page("/")
    rows: dict[str, list[Any]] = page.evaluate(
        "async () => (await import('/static/js/i18n.js')).allRows()")
    assert len(rows) > 100
    for key, row in rows.items():
        assert len(row) == 4, key
        forms = [f for entry in row for f in (entry if isinstance(entry, list) else [entry])]
        assert all(isinstance(f, str) and f.strip() for f in forms), key
        holes = {frozenset(re.findall(r"\{(\w+)\}", f)) for f in forms}
        assert len(holes) == 1, (key, holes)
        counted = any(isinstance(entry, list) for entry in row)
        if counted:
            assert all(isinstance(entry, list) and len(entry) == 2 for entry in row), key
            assert holes == {frozenset({"n"})}, key
        elif "n" in next(iter(holes)):
            assert key in NUMBERED, f"{key} counts something: give it plural forms"
    for key in SWISS:
        assert len(set(rows[key])) == 1, key


PLURALS = """async ([lang]) => {
  const i18n = await import('/static/js/i18n.js');
  const before = i18n.language();
  i18n.setLanguage(lang);
  const out = {};
  for (const [key, row] of Object.entries(i18n.allRows())) {
    if (Array.isArray(row[0])) out[key] = [0, 1, 2, 5].map((n) => i18n.t(key, {n}));
  }
  i18n.setLanguage(before);
  return out;
}"""


@pytest.mark.parametrize("lang", ["en", "de", "fr", "it"])
def test_counts_take_their_plural_form(
    new_page: Callable[..., Any], server: str, lang: str
) -> None:
    """One of a thing is said in the singular and more in the plural, by each language's own
    rule (French counts 0 as one), in the lobby's free seats too; no page says "1 cards"."""
    page = new_page("/")
    forms: dict[str, list[str]] = page.evaluate(PLURALS, [lang])
    assert {"lobby.free", "cards.count", "tricks.count", "points.count"} <= set(forms)
    for key, (zero, one, two, five) in forms.items():
        assert one != two and two.replace("2", "5") == five, (key, one, two, five)
        assert zero == (one if lang == "fr" else two).replace("1" if lang == "fr" else "2", "0")
    free = {"en": ("1 free seat", "2 free seats"), "de": ("1 Platz frei", "2 Plätze frei"),
            "fr": ("1 place libre", "2 places libres"), "it": ("1 posto libero", "2 posti liberi")}
    assert (forms["lobby.free"][1], forms["lobby.free"][2]) == free[lang]
    # Two listed tables, with one and with two seats free, in the lobby.
    bot = {"kind": "bot", "bot": "random"}
    human = {"kind": "human"}
    codes = [post_table(page, server, {"rules": "family", "seats": [human, bot, *seats]})["code"]
             for seats in ([bot, human], [human, human])]
    page.select_option("#pref-lang", lang)
    for code, text in zip(codes, free[lang], strict=True):
        assert page.inner_text(f".table-item[data-code='{code}'] .badge") == text
    assert not singular_said_in_plural(page, forms)


def singular_said_in_plural(page: Any, forms: dict[str, list[str]]) -> list[str]:
    """Texts on the page (also in labels and tooltips) that put 1 before a plural ("1 cards")."""
    wrong = [two.replace("2", "1") for (_, _, two, _) in forms.values()]
    texts: list[str] = page.evaluate("""() => [document.body.innerText,
      ...[...document.querySelectorAll('[aria-label], [title]')].flatMap(
        (e) => [e.getAttribute('aria-label') || '', e.getAttribute('title') || ''])]""")
    return [w for w in wrong for text in texts if re.search(rf"(?<!\d){re.escape(w)}\b", text)]


_FOCUSED = """() => {
  const el = document.activeElement;
  if (!el || el === document.body) return null;
  const cs = getComputedStyle(el);
  const r = el.getBoundingClientRect();
  // A point on the element's visible part (a hand card is covered on its right by the next).
  const x = r.left + Math.min(r.width / 2, 12), y = r.top + Math.min(r.height / 2, 12);
  const hit = document.elementFromPoint(x, y);
  el.dataset.focusNo ??= String((window.focusCount = (window.focusCount || 0) + 1));
  return {
    no: el.dataset.focusNo,
    what: el.tagName.toLowerCase() + (el.id ? '#' + el.id : '') + '.' + el.className
      + ' "' + el.textContent.trim().slice(0, 20) + '"',
    outline: cs.outlineStyle, width: parseFloat(cs.outlineWidth) || 0,
    inView: r.top >= 0 && r.bottom <= innerHeight && r.left >= 0 && r.right <= innerWidth,
    onTop: hit !== null && (hit === el || el.contains(hit)),
  };
}"""


def tab_through(page: Any, where: str, limit: int = 80) -> list[str]:
    """Press Tab until the focus comes round again; what was focused without a clear ring
    (a solid outline of at least 2 px), out of view or under something else."""
    # Start from the top left corner, as a click on the page's empty corner does.
    page.evaluate("() => window.scrollTo(0, 0)")
    page.mouse.click(1, 1)
    seen: list[str] = []
    bad: list[str] = []
    for _ in range(limit):
        page.keyboard.press("Tab")
        f = page.evaluate(_FOCUSED)
        if f is None or f["no"] in seen:
            break
        seen.append(f["no"])
        if f["outline"] in ("none", "hidden") or f["width"] < 2:
            bad.append(f"{where}: {f['what']} shows no focus ring ({f['outline']} {f['width']}px)")
        if not f["inView"] or not f["onTop"]:
            bad.append(f"{where}: {f['what']} is focused out of view or under another element")
    assert len(seen) >= 3, (where, seen)
    return bad


def test_keyboard_focus_is_visible(new_page: Callable[..., Any], server: str) -> None:
    """Tab reaches every control of the lobby, the table, the game-over dialog and the replay,
    and the focused one always shows a clear ring, in view and on top; when the game ends the
    focus moves into the dialog."""
    page = new_page("/")
    page.wait_for_selector("#f-seat-1 option[value^='bot:']", state="attached")
    page.click("details.more summary")
    bad = tab_through(page, "the lobby")
    assert page.evaluate("window.focusCount") > 30  # every field and button of the lobby
    # A table where we sit South, to a target reached in the first hand.
    bot = {"kind": "bot", "bot": "random"}
    res = post_table(page, server, {"rules": "family", "options": {"target": 60},
                                    "seats": [{"kind": "human"}, bot, bot, bot]})
    page.evaluate("([c, tok]) => localStorage.setItem(`puur.seat.${c}`,"
                  " JSON.stringify({seat: 0, token: tok}))", [res["code"], res["token"]])
    page.goto(f"/t/{res['code']}")
    page.wait_for_selector(ACTIONABLE)
    bad += tab_through(page, "the table")
    # A redraw (every new state redraws the table) leaves the focus where it was.
    for control in ("#invite-btn", ".side a[href='/']"):
        page.focus(control)
        page.evaluate("puur.view.rerender()")
        if not page.evaluate("([c]) => document.activeElement.matches(c)", [control]):
            bad.append(f"the table: a redraw takes the focus from {control}")
    for _ in range(60):
        if act_once(page) == "over":
            break
    page.wait_for_selector("#game-over")
    if not page.evaluate("document.getElementById('game-over').contains(document.activeElement)"):
        bad.append("game over: the focus stays outside the dialog")
    bad += tab_through(page, "game over")
    page.click("#game-over a[href^='/?replay=']")
    page.wait_for_selector(".replay-view")
    bad += tab_through(page, "the replay")
    assert not bad, "\n".join(bad)
