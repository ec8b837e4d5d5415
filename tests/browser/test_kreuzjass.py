"""Kreuzjass in the browser: a whole game chosen in the lobby through the generic path, shown
with the Salzburg pack (its suit drawings and names, the Weli), the deck a player picked kept,
and every Salzburg face drawn."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from puur.i18n import t

from .pages import game_state, hand_cards, settle
from .test_layout import PHONE, Findings, in_every_language, shot
from .test_variants import BOT, lobby_table, play_out, seated

pytestmark = pytest.mark.browser

_SALZBURG_FACES = """async () => {
  const { cardSVG } = await import('/static/js/cards.js');
  const { render } = await import('/static/js/dom.js');
  const host = document.createElement('div');
  document.body.append(host);
  const out = [];
  for (let card = 0; card < 36; card++) {
    render(cardSVG(card, 'salzburg', ''), host);
    out.push({card, suits: [...new Set([...host.querySelectorAll('use')].map(
                (u) => u.getAttribute('href')))],
              weli: host.querySelector('.weli')?.textContent.trim() ?? null,
              index: host.querySelector('g.index text').textContent,
              pips: host.querySelectorAll('use').length});
  }
  host.remove();
  return out;
}"""


def suits_drawn(page: Any) -> set[str]:
    hrefs: list[str] = page.eval_on_selector_all(
        ".hand-card use", "els => els.map(e => e.getAttribute('href'))")
    return {h.split("-")[1] for h in hrefs}


def test_kreuzjass_a_whole_game_with_the_salzburg_pack(
        new_page: Callable[..., Any], server: str, artifacts: Path) -> None:
    """Chosen in the lobby with no deck picked: the table shows the Salzburg pack (Herz,
    Schelle, Laub, Eichel drawings, their names in the cards' labels, in German too), the
    first hand offers a suit only and no push, and the game is played to its end."""
    page = new_page("/")
    page.wait_for_selector("#f-seat-1 option[value^='bot:']", state="attached")
    page.select_option("#f-variant", "kreuzjass")
    assert page.input_value("#f-deck") == "salzburg"
    code = lobby_table(page, "kreuzjass", "vorarlberg", more={"target": "300"})
    table = page.request.get(f"{server}/api/tables/{code}").json()["table"]
    assert table["deck"] == "salzburg" and table["rules"]["target"] == 300
    page.wait_for_selector(".hand-card")
    assert suits_drawn(page) == {"salzburg"}
    names = {t(f"suit.salzburg.{s}", "en") for s in range(4)}
    labels = page.eval_on_selector_all(".hand-card",
                                       "els => els.map(e => e.getAttribute('aria-label'))")
    assert labels and all(any(n in label.lower() for n in names) for label in labels), labels
    page.select_option("#pref-lang", "de")
    german = page.eval_on_selector_all(".hand-card",
                                       "els => els.map(e => e.getAttribute('aria-label'))")
    assert all(any(t(f"suit.salzburg.{s}", "de") in lab for s in range(4)) for lab in german)
    page.select_option("#pref-lang", "en")
    first: list[set[str]] = []

    def weli_hand(p: Any) -> None:
        g = p.evaluate("puur.view.state.latest ? puur.view.state.latest.game : null")
        if g and g.get("hand_no", 1) == 1 and g["phase"] == "choose" and g["legal"]:
            first.append({a["type"] + ":" + a.get("contract", "") for a in g["legal"]})

    shot(page, artifacts, "kreuzjass-table")
    counts = play_out(page, limit=800, before=weli_hand)
    assert counts.get("play", 0) >= 9, counts
    assert all(kinds <= {"choose:D", "choose:H", "choose:S", "choose:C"} for kinds in first), first
    g = game_state(page)
    assert max(g["result"]["scores"]) >= 300
    # The last hand's score names its total for each team (Schieber's breakdown).
    totals = page.eval_on_selector_all("#game-over .score-table tr.total td",
                                       "els => els.map(e => e.textContent.trim())")
    assert len(totals) == 2 and all(v.isdigit() for v in totals), totals
    shot(page, artifacts, "kreuzjass-over")


def test_a_deck_the_player_picked_is_kept_for_kreuzjass(new_page: Callable[..., Any],
                                                       server: str) -> None:
    page = new_page("/")
    page.wait_for_selector("#f-seat-1 option[value^='bot:']", state="attached")
    page.select_option("#f-deck", "french")
    page.select_option("#f-variant", "kreuzjass")
    assert page.input_value("#f-deck") == "french"
    page.select_option("#f-variant", "coiffeur")
    page.select_option("#f-variant", "kreuzjass")
    page.select_option("#f-preset", "kreuzjass_romand")
    assert page.input_value("#f-deck") == "french"
    code = lobby_table(page, "kreuzjass", "kreuzjass_romand")
    assert page.request.get(f"{server}/api/tables/{code}").json()["table"]["deck"] == "french"
    page.wait_for_selector(".hand-card")
    assert hand_cards(page)


def test_every_salzburg_face_draws_its_suit_and_the_weli_its_name(
        new_page: Callable[..., Any], artifacts: Path) -> None:
    """Each card draws only its own suit's Salzburg symbol; the 10 is a number card with ten
    pips (no Banner), the index reads 6 7 8 9 10 U O K A; only the Schelle 6 carries the
    ribbon "Weli"."""
    page = new_page("/")
    page.wait_for_selector(".hero-card")
    faces = page.evaluate(_SALZBURG_FACES)
    index = ["6", "7", "8", "9", "10", "U", "O", "K", "A"]
    for f in faces:
        card = f["card"]
        assert f["suits"] == [f"#suit-salzburg-{card // 9}"], f
        assert f["index"] == index[card % 9], f
        assert f["weli"] == ("Weli" if card == 0 else None), f
        if card % 9 == 4:
            assert f["pips"] == 10 + 2, f  # ten pips and the two corner pips
    page.evaluate("""async () => {
      const { cardSVG } = await import('/static/js/cards.js');
      const { html, render } = await import('/static/js/dom.js');
      render(html`<div id="salzburg" style="display:flex;flex-wrap:wrap;gap:8px;padding:8px;
        background:#2f8152;width:1000px">${Array.from({length: 36}, (_, c) =>
          html`<div style="width:100px">${cardSVG(c, 'salzburg', '')}</div>`)}</div>`,
        document.getElementById('view'));
    }""")
    page.locator("#salzburg").screenshot(path=str(artifacts / "salzburg-pack.png"))


def test_the_weli_ribbon_hides_none_of_its_six_pips(new_page: Callable[..., Any]) -> None:
    page = new_page("/")
    page.wait_for_selector(".hero-card")
    boxes = page.evaluate("""async () => {
      const { cardSVG } = await import('/static/js/cards.js');
      const { render } = await import('/static/js/dom.js');
      const host = document.createElement('div');
      host.style.cssText = 'position:absolute;left:0;top:0;width:200px';
      document.body.append(host);
      render(cardSVG(0, 'salzburg', ''), host);
      const box = (e) => { const r = e.getBoundingClientRect();
        return {y: r.top, b: r.bottom}; };
      const out = {ribbon: box(host.querySelector('.weli path')),
                   pips: [...host.querySelectorAll('svg > use')].map(box)};
      host.remove();
      return out;
    }""")
    ribbon, pips = boxes["ribbon"], boxes["pips"]
    assert len(pips) == 6
    assert all(p["b"] <= ribbon["y"] or p["y"] >= ribbon["b"] for p in pips), boxes


def test_a_cut_table_with_the_salzburg_pack_fits_a_phone(
        new_page: Callable[..., Any], server: str, artifacts: Path) -> None:
    """The cut card, the contract and the Salzburg cards fit a 390 px phone in every language,
    and the table shows the card that gave trumps."""
    found = Findings()
    page = new_page("/", **PHONE)
    seated(page, server, {"variant": "kreuzjass", "rules": "cut",
                          "seats": [{"kind": "human"}, BOT, BOT, BOT]})
    page.wait_for_selector(".hand-card")
    settle(page)
    g = game_state(page)
    assert g["turned"] and g["contract"] == g["turned"][0]
    assert suits_drawn(page) == {"salzburg"}
    in_every_language(page, found, "a Kreuzjass table with cut trumps")
    shot(page, artifacts, "kreuzjass-cut-390")
    found.assert_none()
