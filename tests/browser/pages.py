"""What the browser tests do on the pages of the app: fill in the lobby, act as a seated player,
read the state the page draws, and measure the layout (overflow, overlaps, hidden card indexes)
from the boxes the browser computed."""

from __future__ import annotations

import json
import re
from typing import Any

# Anything a seated player may be asked to do, as the client draws it.
ACTIONABLE = ("#game-over, .hand-card.legal, .choice, .weis-opt.suggested, #weis-quiet,"
              " #stoeck-yes, #forecast-input")

# 40 characters, the longest name the server takes, and a name in another script.
LONG_NAME = "Maria-Annemarie Bernadette Hohenzollerns"
assert len(LONG_NAME) == 40
OTHER_SCRIPT = "ศรีสุวรรณ ณ อยุธยา"


def create_table(page: Any, *, target: int, human_seats: tuple[int, ...] = (),
                 extra: tuple[str, ...] = (), name: str = "Anna") -> str:
    """Fill in the lobby form and create a table; returns its code."""
    page.wait_for_selector("#f-seat-1 option[value^='bot:']", state="attached")
    if extra:
        page.click("details.more summary")
        page.check("#f-push_back")
        for e in extra:
            page.check(f".f-extra_contracts[value='{e}']")
        page.select_option("#f-kontermatch", "double")
    page.fill("#f-name", name)
    page.fill("#f-target", str(target))
    page.dispatch_event("#f-target", "change")
    for s in human_seats:
        page.select_option(f"#f-seat-{s}", "human")
    page.click("#create-btn")
    page.wait_for_url(re.compile(r"/t/[A-Z0-9]+$"))
    code: str = page.url.rsplit("/", 1)[1]
    assert re.fullmatch(r"[A-Z0-9]{6}", code)
    return code


def post_table(page: Any, server: str, body: dict[str, Any]) -> dict[str, Any]:
    """Create a table through the HTTP API; returns the server's answer (code, seat, token)."""
    res = page.request.post(f"{server}/api/tables", data=json.dumps({"v": 2, **body}),
                            headers={"Content-Type": "application/json"})
    assert res.status == 201, res.text()
    answer: dict[str, Any] = res.json()
    return answer


def wait_for_game(page: Any, server: str, code: str) -> int:
    """Wait until the table's first game is finished; returns its id."""
    for _ in range(200):
        games = [g for g in page.request.get(f"{server}/api/games").json()["games"]
                 if g["code"] == code]
        if games:
            gid: int = games[0]["id"]
            return gid
        page.wait_for_timeout(100)
    raise AssertionError(f"the game at table {code} did not finish")


def act_once(page: Any) -> str:
    """Do whatever the page asks of its player (the first legal card, the first contract or
    sheet row, the suggested Weis, Stöck, a forecast). Returns what was done."""
    el = page.wait_for_selector(ACTIONABLE)
    kind = el.get_attribute("id") or el.get_attribute("class") or ""
    if kind == "game-over":
        return "over"
    before = latest_seq(page)
    phase = page.evaluate("puur.view.state.latest ? puur.view.state.latest.game.phase : null")
    if kind == "forecast-input":
        # A forecast in the range the field offers (the legal ones): a third of the way up.
        lo, hi = int(el.get_attribute("min")), int(el.get_attribute("max"))
        el.fill(str((lo + hi) // 3))
        page.click("#forecast-btn")
    else:
        # Cards in the hand overlap: aim at the visible left edge, as a finger would.
        el.click(position={"x": 8, "y": 24} if "hand-card" in kind else None)
    # The click is answered by a new state (seq grows; a Weis decision, which only this seat
    # hears of, keeps seq and moves on from the phase "weis") or the game ends.
    page.wait_for_function(
        "([seq, phase]) => { const s = puur.view.state.latest; return !s || s.seq !== seq"
        " || (s.game && (s.game.phase !== phase || s.game.phase === 'over')); }",
        arg=[before, phase])
    if "hand-card" in kind:
        return "play"
    if "row-btn" in kind:
        return "row"
    return {"forecast-input": "forecast"}.get(kind, kind.split()[0])


def next_turn(page: Any, seats: tuple[int, ...], after: int = -1) -> dict[str, Any]:
    """The state ``page`` shows (``{"seq", "game"}``) once it shows step ``after`` or a later
    one and one of ``seats`` is to move or the game is over.

    Pass as ``after`` the step another page has just shown (``latest_seq`` of the page that
    acted): until this page has drawn that step too, it still shows the state before it, in
    which that page's player is still to move. The state is read in the evaluation that finds
    it (a computer player may move on between two evaluations).
    """
    turn: dict[str, Any] = page.wait_for_function(
        "([seats, after]) => { const s = puur.view.state.latest, g = s && s.game;"
        " return g && s.seq >= after && (seats.includes(g.to_move) || g.phase === 'over')"
        " ? {seq: s.seq, game: g} : null; }", arg=[list(seats), after]).json_value()
    return turn


# Installed before a page's own scripts: every message of its WebSockets reaches the page
# ``ms`` milliseconds late, in the order it came (a slow phone or a busy machine).
_LATE = """(ms) => {
  const Socket = window.WebSocket;
  window.WebSocket = class extends Socket {
    set onmessage(f) { super.onmessage = f && ((ev) => setTimeout(() => f.call(this, ev), ms)); }
    get onmessage() { return super.onmessage; }
  };
}"""


def lag(page: Any, ms: int) -> None:
    """From now on, the page draws every message from the server ``ms`` ms after it came (it
    is reloaded for that)."""
    page.add_init_script(f"({_LATE})({int(ms)});")
    page.reload()


def latest_seq(page: Any) -> int:
    seq: int = page.evaluate("puur.view.state.latest ? puur.view.state.latest.seq : -1")
    return seq


def game_state(page: Any) -> dict[str, Any]:
    state: dict[str, Any] = page.evaluate("puur.view.state.latest.game")
    return state


def settle(page: Any) -> None:
    """Wait until the display queue is idle and no card is still sliding in."""
    page.wait_for_function(
        "() => puur.view.state.queue.length === 0 && !puur.view.state.completing")
    page.wait_for_function("() => document.getAnimations().every(a => a.playState !== 'running'"
                           " || a.effect.getTiming().iterations === Infinity)")


def trick_on_cloth(page: Any) -> list[str]:
    """The cards drawn in the middle of the table, once the display queue is idle."""
    settle(page)
    cards: list[str] = page.eval_on_selector_all(
        ".trick .trick-card", "els => els.map(e => e.dataset.card)")
    return cards


def hand_cards(page: Any) -> list[str]:
    cards: list[str] = page.eval_on_selector_all(
        ".hand .hand-card", "els => els.map(e => e.dataset.card)")
    return cards


# --- Layout measurements ----------------------------------------------------------------------

_SIDEWAYS = """([W]) => {
  const name = (el) => el.tagName.toLowerCase() + (el.id ? '#' + el.id : '')
    + (typeof el.className === 'string' && el.className.trim()
       ? '.' + el.className.trim().split(/\\s+/).join('.') : '');
  const found = [];
  const scroll = Math.max(document.documentElement.scrollWidth, document.body.scrollWidth);
  if (scroll > W) found.push(`the page is ${scroll} px wide in a ${W} px window`);
  for (const el of document.body.querySelectorAll('*')) {
    const cs = getComputedStyle(el);
    if (cs.display === 'none' || cs.visibility === 'hidden') continue;
    if (['auto', 'scroll'].includes(cs.overflowX) && el.scrollWidth > el.clientWidth + 1) {
      found.push(`${name(el)} scrolls sideways (${el.scrollWidth} > ${el.clientWidth})`);
    }
    const r = el.getBoundingClientRect();
    if (!r.width || !r.height || (r.right <= W + 0.5 && r.left >= -0.5)) continue;
    let a = el.parentElement, clipped = false;
    for (; a && a !== document.body; a = a.parentElement) {
      if (getComputedStyle(a).overflowX !== 'visible') { clipped = true; break; }
    }
    if (!clipped || scroll > W) {
      found.push(`${name(el)} spans ${Math.round(r.left)}..${Math.round(r.right)}`
        + (clipped ? ` inside ${name(a)}` : ''));
    }
  }
  // Text reaching past its own box (nowrap) widens the page as much as an element does.
  const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const range = document.createRange();
  for (let n = walk.nextNode(); n; n = walk.nextNode()) {
    if (!n.textContent.trim()) continue;
    range.selectNodeContents(n);
    const r = range.getBoundingClientRect();
    if (!r.width || (r.right <= W + 0.5 && r.left >= -0.5)) continue;
    let a = n.parentElement, clipped = false;
    for (; a && a !== document.body; a = a.parentElement) {
      if (getComputedStyle(a).overflowX !== 'visible') { clipped = true; break; }
    }
    if (!clipped) {
      found.push(`the text "${n.textContent.trim().slice(0, 30)}" in ${name(n.parentElement)}`
        + ` spans ${Math.round(r.left)}..${Math.round(r.right)}`);
    }
  }
  return found.slice(0, 12);
}"""


_SPILL = """([boxes]) => {
  const name = (el) => el.tagName.toLowerCase() + (el.id ? '#' + el.id : '')
    + (typeof el.className === 'string' && el.className.trim()
       ? '.' + el.className.trim().split(/\\s+/).join('.') : '');
  const found = [];
  for (const box of document.querySelectorAll(boxes)) {
    const b = box.getBoundingClientRect();
    for (const el of box.querySelectorAll('*')) {
      if (el.closest('svg') && el.tagName.toLowerCase() !== 'svg') continue;
      const r = el.getBoundingClientRect();
      if (!r.width || !r.height) continue;
      if (r.left < b.left - 1 || r.right > b.right + 1) {
        let a = el.parentElement, clipped = false;
        for (; a && a !== box; a = a.parentElement) {
          if (getComputedStyle(a).overflowX !== 'visible') { clipped = true; break; }
        }
        if (!clipped) {
          found.push(`${name(el)} sticks out of ${name(box)} (${Math.round(r.left)}..`
            + `${Math.round(r.right)} in ${Math.round(b.left)}..${Math.round(b.right)})`);
        }
      }
    }
  }
  return found.slice(0, 12);
}"""

# The boxes whose contents must stay inside them.
BOXES = ".panel, .side-box, .modal, .overlay, .felt, .action-bar, .topbar, .plate, .btn"


def spills(page: Any) -> list[str]:
    """Elements reaching sideways out of the panel, dialog, felt or button that holds them."""
    found: list[str] = page.evaluate(_SPILL, [BOXES])
    return found


def sideways(page: Any) -> list[str]:
    """What makes the page wider than its window: the page's own scroll width, any element
    that scrolls sideways, and every element reaching past the window's edges (unless an
    ancestor clips it). Empty when nothing does."""
    # The window's own width: a phone's browser zooms out to show a page wider than the
    # screen (then the page's client width grows with it and hides the overflow).
    found: list[str] = page.evaluate(_SIDEWAYS, [page.viewport_size["width"]])
    if page.evaluate("innerWidth") > page.viewport_size["width"]:
        found.append(f"the browser zoomed out to {page.evaluate('innerWidth')} px to fit the page")
    return found


_BOXES = """([groups]) => {
  const out = {};
  for (const [label, sel] of Object.entries(groups)) {
    out[label] = [...document.querySelectorAll(sel)].map((e) => e.getBoundingClientRect())
      .filter((r) => r.width > 0 && r.height > 0)
      .map((r) => ({x: r.left, y: r.top, r: r.right, b: r.bottom}));
  }
  return out;
}"""


def overlaps(page: Any, groups: dict[str, str], tolerance: float = 1.0) -> list[str]:
    """Pairs of elements from different groups (label: CSS selector) whose boxes intersect by
    more than ``tolerance`` pixels each way. Empty when none do."""
    boxes: dict[str, list[dict[str, float]]] = page.evaluate(_BOXES, [groups])
    labels = list(boxes)
    found = []
    for i, a in enumerate(labels):
        for b in labels[i + 1:]:
            for ra in boxes[a]:
                for rb in boxes[b]:
                    w = min(ra["r"], rb["r"]) - max(ra["x"], rb["x"])
                    h = min(ra["b"], rb["b"]) - max(ra["y"], rb["y"])
                    if w > tolerance and h > tolerance:
                        found.append(f"{a} and {b} overlap by {w:.0f}x{h:.0f} px")
    return found


# Where the index (rank and suit) of a card lies in its 200 x 300 drawing: the upper left
# corner; the whole card for how much of it shows.
_INDEX = [(x, y) for x in (10, 20, 30) for y in (14, 28, 42, 56, 68)]
_WHOLE = [(x, y) for x in range(10, 200, 20) for y in range(10, 300, 20)]

_VISIBLE = """([selector, index, whole]) => {
  const cards = [...document.querySelectorAll(selector)];
  // Only what is in the window can be hit: bring the trick there (as the eye would look).
  if (cards.length) cards[0].closest('.trick, .mini-trick').scrollIntoView({block: 'center'});
  return cards.map((card) => {
    const svg = card.querySelector('svg.card-svg');
    const m = svg.getScreenCTM();
    const shown = (pts) => pts.filter(([x, y]) => {
      const p = new DOMPoint(x, y).matrixTransform(m);
      const hit = document.elementFromPoint(p.x, p.y);
      return hit !== null && (hit === card || card.contains(hit));
    }).length / pts.length;
    return {card: card.dataset.card || svg.dataset.card, index: shown(index), whole: shown(whole)};
  });
}"""


def visible_parts(page: Any, selector: str) -> list[dict[str, Any]]:
    """For each card matched by ``selector``: which share of its index corner and of its whole
    face is on top at that spot on the screen (what the eye sees, after every overlap)."""
    parts: list[dict[str, Any]] = page.evaluate(_VISIBLE, [selector, _INDEX, _WHOLE])
    return parts


def set_field(page: Any, name: str, value: str) -> None:
    """Set the lobby form's field of option `name` to `value`."""
    el = page.query_selector(f"#f-{name}")
    if el.evaluate("e => e.tagName") == "SELECT":
        page.select_option(f"#f-{name}", value)
    else:
        page.fill(f"#f-{name}", value)
        page.dispatch_event(f"#f-{name}", "change")


def lobby_preset(page: Any, variant: str, preset: str, options: dict[str, str],
                 players: int) -> str:
    """Create a table in the lobby: `variant`, `preset`, the `options` (under *More options*
    too); the form must show a row for each of `players` seats. Returns the table's code."""
    page.wait_for_selector("#f-seat-1 option[value^='bot:']", state="attached")
    page.select_option("#f-variant", variant)
    page.select_option("#f-preset", preset)
    page.click("details.more summary")
    for name, value in options.items():
        set_field(page, name, value)
    assert len(page.query_selector_all(".seats .seat-row")) == players
    page.click("#create-btn")
    page.wait_for_url(re.compile(r"/t/[A-Z0-9]+$"))
    code: str = page.url.rsplit("/", 1)[1]
    return code


def seats_at(page: Any) -> dict[int, str]:
    """Where each seat of the table sits on the cloth (bottom, right, top, …)."""
    seats = page.eval_on_selector_all(
        ".felt .seat", "els => els.map(e => [Number(e.dataset.seat), e.className])")
    return {s: re.search(r"pos-([a-z-]+)", c).group(1) for s, c in seats}


def shared_table(new_page: Any, server: str, body: dict[str, Any], names: list[str],
                 **size: Any) -> tuple[list[Any], str]:
    """A table created through the API by a first person (seat 0), who opens it; the others of
    `names` take seats 1, 2, … by the link. Returns their pages in seat order and the code."""
    first = new_page("/", **size)
    res = post_table(first, server, body)
    code: str = res["code"]
    first.evaluate("([c, tok]) => localStorage.setItem(`puur.seat.${c}`,"
                   " JSON.stringify({seat: 0, token: tok}))", [code, res["token"]])
    first.goto(f"/t/{code}")
    pages = [first]
    for seat, name in enumerate(names, start=1):
        p = new_page(f"/t/{code}", **size)
        p.fill("#join-name", name)
        p.click(f".join-seat[data-seat='{seat}']")
        pages.append(p)
    return pages, code
