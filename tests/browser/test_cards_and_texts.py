"""The card faces and the interface texts, in headless Chromium: the 6 and the 9 are told
apart upside down, the page has the catalogue's texts, counts take their plural forms, server
errors are told in the page's language, and keyboard focus is visible."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from puur.i18n import LANGUAGES, entries, t, tn

from .pages import ACTIONABLE, act_once, post_table

pytestmark = pytest.mark.browser

# Every card of every deck drawn 200 px wide; for each of its two index corners the boxes of
# the rank, of the suit pip under it and of the line under the rank (when there is one).
_CORNERS = """async () => {
  const { cardSVG, DECKS } = await import('/static/js/cards.js');
  const { render } = await import('/static/js/dom.js');
  const box = (e) => { const r = e.getBoundingClientRect();
    return {x: r.left, y: r.top, r: r.right, b: r.bottom}; };
  const host = document.createElement('div');
  host.style.cssText = 'position:absolute;left:0;top:0;width:200px;background:#fff';
  document.body.append(host);
  const out = [];
  for (const deck of DECKS) {
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


def test_six_and_nine_are_underlined_in_every_deck(
    new_page: Callable[..., Any], artifacts: Path
) -> None:
    """As on printed packs, each index of a 6 and of a 9 is underlined: the line lies between
    the rank and its suit pip, in the upright and in the upside-down corner, so the card reads
    the same way up from both ends; no other rank has the line."""
    page = new_page("/")
    page.wait_for_selector(".hero-card")
    cards = page.evaluate(_CORNERS)
    assert len(cards) == 36 * 3  # Swiss, French, Salzburg
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


def test_the_page_has_the_texts_of_the_catalogue(new_page: Callable[..., Any]) -> None:
    """The web app's texts are the shared and web texts of the one catalogue the terminal game
    reads too (whose own checks are in tests/texts), in its languages and their order."""
    page = new_page("/")
    got = page.evaluate("""async () => { const i18n = await import('/static/js/i18n.js');
      return [i18n.allRows(), i18n.LANGUAGES,
        [...document.querySelectorAll('#pref-lang option')].map((o) => o.value)]; }""")
    rows, languages, offered = got
    assert rows == entries("shared", "web")
    assert languages == LANGUAGES and offered == list(LANGUAGES)


PLURALS = """async ([lang]) => {
  const i18n = await import('/static/js/i18n.js');
  const before = i18n.language();
  i18n.setLanguage(lang);
  const out = {};
  for (const [key, row] of Object.entries(i18n.allRows())) {
    if (typeof row.en === 'object') {
      out[key] = [0, 1, 2, 5].map((n) => i18n.t(key, {n}));
      if (out[key].some((s, i) => s !== i18n.tn(key, [0, 1, 2, 5][i]))) out[key] = ['tn differs'];
    }
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
        # The catalogue's forms, as the terminal game says them too.
        assert [zero, one, two, five] == [tn(key, n, lang) for n in (0, 1, 2, 5)]
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


ERRORS = """async ([lang, codes]) => {
  const i18n = await import('/static/js/i18n.js');
  const before = i18n.language();
  i18n.setLanguage(lang);
  const out = Object.fromEntries(codes.map((c) => [c, i18n.errorText(c, 'the server says')]));
  i18n.setLanguage(before);
  return out;
}"""


def test_server_errors_are_told_in_the_pages_language(
    new_page: Callable[..., Any], server: str
) -> None:
    """Each error code of the protocol has its text in each language; a code the catalogue
    does not know shows the server's own message; a refused seat says so in German."""
    page = new_page("/")
    codes = [k.removeprefix("error.") for k in entries("web") if k.startswith("error.")]
    for lang in LANGUAGES:
        told = page.evaluate(ERRORS, [lang, [*codes, "no_such_code"]])
        assert told.pop("no_such_code") == "the server says"
        assert told == {c: t(f"error.{c}", lang) for c in codes}
    # A seat someone else took while the join form was open.
    human = {"kind": "human"}
    bot = {"kind": "bot", "bot": "random"}
    table = post_table(page, server, {"rules": "family", "seats": [human, human, bot, bot]})
    page.evaluate("localStorage.setItem('puur.lang', 'de')")
    page.goto(f"/t/{table['code']}")
    page.wait_for_selector(".join-seat[data-seat='1']")
    res = page.request.post(f"{server}/api/tables/{table['code']}/join",
                            data='{"v": 2, "seat": 1}',
                            headers={"Content-Type": "application/json"})
    assert res.status == 200
    page.click(".join-seat[data-seat='1']")
    toast = page.wait_for_selector(".toast-error")
    assert toast.inner_text() == "Fehler: Dieser Platz ist besetzt."
    # A table that does not exist.
    page.goto("/t/ZZZZZZ")
    assert page.wait_for_selector(".fatal h2").inner_text() == t("error.no_table", "de")


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
