"""The card faces and the interface texts, in headless Chromium: the 6 and the 9 are told
apart upside down, every text exists in every language, counts take their plural forms, labels
start with a capital, and keyboard focus is visible."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

pytestmark = pytest.mark.browser

# Every card of both decks drawn 200 px wide; for each of its two index corners the boxes of
# the rank, of the suit pip under it and of the line under the rank (when there is one).
_CORNERS = """async () => {
  const { cardSVG } = await import('/static/js/cards.js');
  const box = (e) => { const r = e.getBoundingClientRect();
    return {x: r.left, y: r.top, r: r.right, b: r.bottom}; };
  const host = document.createElement('div');
  host.style.cssText = 'position:absolute;left:0;top:0;width:200px;background:#fff';
  document.body.append(host);
  const out = [];
  for (const deck of ['swiss', 'french']) {
    for (let card = 0; card < 36; card++) {
      host.innerHTML = cardSVG(card, deck, '');
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
      document.getElementById('view').innerHTML = '<div id="sixes" style="display:flex;flex-wrap:wrap;gap:8px;'
        + 'padding:8px;background:#2f8152;width:900px">' + ['swiss', 'french'].flatMap((d) =>
          [0, 3, 9, 12, 18, 21, 27, 30].map((c) => '<div style="width:100px">'
            + cardSVG(c, d, '') + '</div>')).join('') + '</div>';
    }""")
    page.locator("#sixes").screenshot(path=str(artifacts / "sixes-and-nines.png"))
