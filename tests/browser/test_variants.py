"""The variants in the browser: whole Differenzler games (four and three players) and a whole
Coiffeur game against computer players, chosen in the lobby from the server's description of the
variants; forecasts hidden from the other seats and from a spectator until the hand is over;
the sheet with its open and written rows; the replay of each; phone widths and another
language."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from tests.tui.test_labels import finished_games, foreign_roles

from puur.i18n import LANGUAGES, catalog, t
from puur.tui.labels import preset_label

from .pages import act_once, game_state, post_table, set_field, settle, shared_table
from .test_layout import PHONE, SMALL, Findings, in_every_language, shot

pytestmark = pytest.mark.browser

BOT = {"kind": "bot", "bot": "random"}
# The smallest Coiffeur sheet: one row each, four hands in all.
TWO_ROWS = {"sheet": "custom", "custom_rows": "C:1 free:2"}


def lobby_table(page: Any, variant: str, preset: str | None = None,
                main: dict[str, str] | None = None, more: dict[str, str] | None = None) -> str:
    """Create a table in the lobby's form: the variant, a preset, options; returns its code."""
    page.wait_for_selector("#f-seat-1 option[value^='bot:']", state="attached")
    page.select_option("#f-variant", variant)
    if preset:
        page.select_option("#f-preset", preset)
    for name, value in (main or {}).items():
        set_field(page, name, value)
    if more:
        page.click("details.more summary")
        for name, value in more.items():
            set_field(page, name, value)
    page.click("#create-btn")
    page.wait_for_url(re.compile(r"/t/[A-Z0-9]+$"))
    code: str = page.url.rsplit("/", 1)[1]
    return code


def play_out(page: Any, limit: int = 400, before: Callable[[Any], None] | None = None
             ) -> dict[str, int]:
    """Do what the page asks until the game is over; returns what was done how often."""
    counts: dict[str, int] = {}
    for _ in range(limit):
        if before:
            before(page)
        done = act_once(page)
        counts[done] = counts.get(done, 0) + 1
        if done == "over":
            return counts
    pytest.fail(f"the game did not end: {counts}")


def seated(page: Any, server: str, body: dict[str, Any]) -> str:
    """A table created through the API where the page sits at seat 0; returns its code."""
    res = post_table(page, server, body)
    page.evaluate("([c, tok]) => localStorage.setItem(`puur.seat.${c}`,"
                  " JSON.stringify({seat: 0, token: tok}))", [res["code"], res["token"]])
    page.goto(f"/t/{res['code']}")
    code: str = res["code"]
    return code


def ranking(page: Any, where: str) -> list[tuple[int, int]]:
    """The (side, score) lines of a ranking, top first."""
    rows: list[list[int]] = page.eval_on_selector_all(
        f"{where} .ranking .rank", "els => els.map(e => [Number(e.dataset.side),"
        " Number(e.querySelector('strong').textContent)])")
    return [(side, score) for side, score in rows]


def asked(a: Any, b: Any, selector: str) -> Any:
    """The one of two pages that shows `selector` first."""
    for _ in range(300):
        for p in (a, b):
            if p.query_selector(selector):
                return p
        a.wait_for_timeout(50)
    pytest.fail(f"neither page shows {selector}")


def replay_to_end(page: Any) -> None:
    """In the replay viewer: step to the last trick of the last hand."""
    page.wait_for_selector(".replay-view")
    for _ in range(200):
        if page.is_disabled("#rp-next"):
            return
        page.click("#rp-next")
    pytest.fail("the replay did not reach its end")


# --- Differenzler ------------------------------------------------------------------------------


def test_differenzler_four_players_a_whole_game(
        new_page: Callable[..., Any], server: str, artifacts: Path) -> None:
    """Chosen in the lobby with two hands: each hand the player forecasts in the field (its range
    is the legal one), sees the turned card, every player's forecast and penalty, and at the end
    the ranking; the replay shows the forecasts and penalties and offers the record."""
    page = new_page("/")
    code = lobby_table(page, "differenzler", "standard", main={"hands": "2"})
    rules = page.request.get(f"{server}/api/tables/{code}").json()["table"]["rules"]
    assert rules["hands"] == 2 and rules["players"] == 4 and rules["forecast"] == "hidden"
    field = page.wait_for_selector("#forecast-input")
    assert (field.get_attribute("min"), field.get_attribute("max")) == ("0", "157")
    # A forecast outside the legal range is not sent: the field says what is allowed.
    field.fill("158")
    page.click("#forecast-btn")
    page.wait_for_selector(".forecast-panel .field-error")
    assert "0" in page.inner_text(".field-error") and "157" in page.inner_text(".field-error")
    assert page.evaluate("puur.view.state.latest.game.phase") == "forecast"
    g = game_state(page)
    assert g["turned"] and page.query_selector(".turned-note .mini-card") is not None
    assert len(page.query_selector_all(".seat")) == 4
    shot(page, artifacts, "differenzler-forecast")
    seen_own: list[str] = []

    def check(p: Any) -> None:
        st = p.evaluate("puur.view.state.latest.game")
        if st and st["phase"] == "play" and st["own"].get("forecast") is not None and not seen_own:
            settle(p)
            seen_own.append(p.inner_text(".dz-table tr[data-seat='0'] .forecast"))
            assert seen_own[0] == str(st["own"]["forecast"])

    counts = play_out(page, before=check)
    assert counts.get("forecast") == 2 and counts.get("play", 0) == 18, counts
    assert seen_own
    g = game_state(page)
    result = g["result"]
    assert len(result["scores"]) == 4
    # The ranking: every player with the server's total, in the server's order of places.
    lines = ranking(page, "#game-over")
    assert sorted(lines, key=lambda x: x[0]) == list(enumerate(result["scores"]))
    assert [result["places"][s] for s, _ in lines] == sorted(result["places"])
    # The last hand's penalties with every forecast, now shown to all.
    last = g["last_hand"]["score"]
    table = page.inner_text("#game-over .dz-table")
    for s in range(4):
        assert str(last["forecasts"][s]) in table and str(last["penalties"][s]) in table
    shot(page, artifacts, "differenzler-over")
    page.click("#game-over a[href^='/?replay=']")
    replay_to_end(page)
    assert len(page.query_selector_all(".replay-view .seat")) == 4
    text = page.inner_text(".replay-view .side")
    for s in range(4):
        assert str(last["forecasts"][s]) in text and str(last["penalties"][s]) in text
    assert page.query_selector(".replay-view .turned-note .mini-card") is not None
    href = page.get_attribute("#rp-download", "href")
    record = page.request.get(href)
    assert record.status == 200 and "differenzler" in record.text().lower()


def test_differenzler_three_players(new_page: Callable[..., Any], server: str,
                                    artifacts: Path) -> None:
    """The preset of three: the lobby offers two other seats, the table has three seats around
    the cloth (bottom, right, left), tricks of three, and the ranking of three."""
    page = new_page("/")
    page.wait_for_selector("#f-seat-1 option[value^='bot:']", state="attached")
    page.select_option("#f-variant", "differenzler")
    page.select_option("#f-preset", "three")
    assert page.query_selector("#f-seat-2") is not None
    assert page.query_selector("#f-seat-3") is None
    set_field(page, "hands", "1")
    page.click("#create-btn")
    page.wait_for_url(re.compile(r"/t/[A-Z0-9]+$"))
    page.wait_for_selector("#forecast-input, .hand-card")
    seats = page.eval_on_selector_all(".felt .seat", "els => els.map(e => e.className)")
    assert len(seats) == 3
    assert sorted(re.search(r"pos-(\w+)", c).group(1) for c in seats) == ["bottom", "left", "right"]
    assert len(game_state(page)["hand"]) == 12
    trick_sizes: set[int] = set()

    def watch(p: Any) -> None:
        lt = p.evaluate("puur.view.state.latest.game.last_trick")
        if lt:
            trick_sizes.add(len(lt["cards"]))

    counts = play_out(page, before=watch)
    assert counts.get("forecast") == 1 and counts.get("play") == 12, counts
    assert trick_sizes == {3}
    assert len(ranking(page, "#game-over")) == 3
    shot(page, artifacts, "differenzler-three-over")


def test_hidden_forecasts_stay_hidden_from_other_seats_and_spectators(
        new_page: Callable[..., Any], server: str) -> None:
    """Two people at a Differenzler table with hidden forecasts: each sees its own forecast,
    the other's only as "hidden", as does a spectator, until the hand is over."""
    (anna, beat), code = shared_table(
        new_page, server, {"variant": "differenzler", "rules": "standard",
                           "options": {"hands": 1}, "name": "Anna", "lang": "en",
                           "seats": [{"kind": "human"}, {"kind": "human"}, BOT, BOT]}, ["Beat"])
    watcher = new_page(f"/t/{code}?watch=1")
    hidden = t("dz.hidden", "en")
    forecasts = {anna: 61, beat: 42}
    pages = {anna: 0, beat: 1}
    for _ in range(2):
        # Whoever is asked first forecasts first; the other then sees only that it did.
        page = asked(anna, beat, "#forecast-input")
        page.fill("#forecast-input", str(forecasts[page]))
        page.click("#forecast-btn")
        seat = pages[page]
        other = beat if page is anna else anna
        for viewer in (other, watcher):
            viewer.wait_for_function(
                "([s]) => puur.view.state.latest.game.panel.forecast_done[s]", arg=[seat])
            settle(viewer)
            cell = viewer.inner_text(f".dz-table tr[data-seat='{seat}'] .forecast")
            assert cell == hidden, (seat, cell)
            bubble = viewer.inner_text(f".seat[data-seat='{seat}'] .forecast-bubble")
            assert hidden in bubble and str(forecasts[page]) not in bubble
            state = viewer.evaluate("JSON.stringify(puur.view.state.latest)")
            assert json.loads(state)["game"]["panel"]["forecasts"][seat] is None
        page.wait_for_function("() => puur.view.state.latest.game.own.forecast !== null")
        settle(page)
        own = page.inner_text(f".dz-table tr[data-seat='{seat}'] .forecast")
        assert own == str(forecasts[page])
    # The two play their cards; once the hand is over everyone sees every forecast.
    for _ in range(40):
        page = asked(anna, beat, ".hand-card.legal, #game-over")
        if page.query_selector("#game-over"):
            break
        act_once(page)
    for viewer in (anna, beat, watcher):
        viewer.wait_for_function("() => puur.view.state.latest.game.phase === 'over'")
        settle(viewer)
        for page, seat in pages.items():
            cell = viewer.inner_text(f".side .dz-table tr[data-seat='{seat}'] .forecast")
            assert cell == str(forecasts[page])


def test_open_forecasts_are_shown_as_they_are_made(new_page: Callable[..., Any],
                                                   server: str) -> None:
    """With open forecasts every player's forecast is at its seat and in the table as soon as
    it is made."""
    page = new_page("/")
    seated(page, server, {"variant": "differenzler", "rules": "open", "options": {"hands": 1},
                          "lang": "en", "seats": [{"kind": "human"}, BOT, BOT, BOT]})
    page.wait_for_selector("#forecast-input")
    page.fill("#forecast-input", "50")
    page.click("#forecast-btn")
    page.wait_for_function("() => puur.view.state.latest.game.phase === 'play'")
    settle(page)
    forecasts = game_state(page)["panel"]["forecasts"]
    assert forecasts[0] == 50 and all(isinstance(f, int) for f in forecasts)
    for seat, value in enumerate(forecasts):
        assert page.inner_text(f".dz-table tr[data-seat='{seat}'] .forecast") == str(value)
        bubble = page.inner_text(f".seat[data-seat='{seat}'] .forecast-bubble")
        assert bubble.endswith(str(value))


# --- Coiffeur ----------------------------------------------------------------------------------


def test_coiffeur_a_whole_game_with_the_sheet(
        new_page: Callable[..., Any], server: str, artifacts: Path) -> None:
    """A custom sheet of two rows chosen in the lobby: the rows offered are exactly the open rows
    the server lists as legal, pushing is offered where it is legal, the sheet shows each team's
    written and open rows, and the game ends with the sheet full; the replay shows it too."""
    page = new_page("/")
    code = lobby_table(page, "coiffeur", "reglement8", main={"sheet": "custom"},
                       more={"custom_rows": TWO_ROWS["custom_rows"]})
    rules = page.request.get(f"{server}/api/tables/{code}").json()["table"]["rules"]
    assert rules["sheet"] == "custom" and rules["custom_rows"] == TWO_ROWS["custom_rows"]
    offered: list[tuple[set[int], set[int]]] = []
    pushed: list[int] = []

    def choose(p: Any) -> None:
        p.wait_for_selector("#game-over, .hand-card.legal, .choice, #forecast-input")
        if not p.query_selector(".row-btn"):
            return
        g = p.evaluate("puur.view.state.latest.game")
        shown = set(p.eval_on_selector_all(".row-btn",
                                           "els => els.map(e => Number(e.dataset.row))"))
        legal = {a["row"] for a in g["legal"] if a["type"] == "row"}
        mine = next(k for k, seats in enumerate(g["sides"]) if 0 in seats)
        offered.append((shown, legal))
        assert shown <= set(g["panel"]["open_rows"][mine])
        can_push = any(a["type"] == "push" for a in g["legal"])
        assert (p.query_selector("#push-btn") is not None) == can_push
        if can_push and not pushed:
            before = g["panel"]["pushes"]
            p.click("#push-btn")
            p.wait_for_function("([n]) => puur.view.state.latest.game.panel.pushes > n"
                                " || puur.view.state.latest.game.panel.row !== null", arg=[before])
            pushed.append(before)
            choose(p)

    counts = play_out(page, before=choose)
    assert offered and all(shown == legal for shown, legal in offered), offered
    assert pushed, "pushing was never offered to the player who chooses first"
    assert counts.get("play") == 36, counts
    g = game_state(page)
    result = g["result"]
    sheet = page.query_selector("#game-over .sheet")
    assert sheet is not None
    assert len(sheet.query_selector_all("td.written")) == 4  # two rows for each team: full
    assert not sheet.query_selector_all("td.open")
    totals = sheet.eval_on_selector_all("tr.total td", "els => els.map(e => Number(e.textContent))")
    assert totals == result["scores"]
    assert sorted(ranking(page, "#game-over")) == list(enumerate(result["scores"]))
    shot(page, artifacts, "coiffeur-over")
    page.click("#game-over a[href^='/?replay=']")
    replay_to_end(page)
    sheet = page.query_selector(".replay-view .sheet")
    assert len(sheet.query_selector_all("td.written")) == 4
    totals = sheet.eval_on_selector_all("tr.total td", "els => els.map(e => Number(e.textContent))")
    assert totals == result["scores"]


def test_the_sheet_during_a_game_and_a_spectator(new_page: Callable[..., Any], server: str
                                                 ) -> None:
    """The sheet at the table: each team's rows with their multipliers, the row being played
    marked, what is written after a hand; a spectator sees the same sheet and no row buttons."""
    page = new_page("/")
    seated(page, server, {"variant": "coiffeur", "rules": "reglement8", "options": TWO_ROWS,
                          "seats": [{"kind": "human"}, BOT, BOT, BOT]})
    code = page.url.rsplit("/", 1)[1]
    watcher = new_page(f"/t/{code}?watch=1")
    for _ in range(60):
        act_once(page)
        if game_state(page)["hand_no"] > 1:
            break
    settle(page)
    g = game_state(page)
    heads = page.eval_on_selector_all(".side .sheet tbody tr[data-row] th",
                                      "els => els.map(e => e.textContent)")
    assert len(heads) == 2 and "×1" in heads[0] and "×2" in heads[1]
    written = page.eval_on_selector_all(".side .sheet td.written", "els => els.length")
    assert written == sum(v is not None for col in g["panel"]["sheet"] for v in col) == 1
    watcher.wait_for_function("([h]) => puur.view.state.latest.game.hand_no >= h", arg=[2])
    settle(watcher)
    assert watcher.query_selector(".side .sheet") is not None
    assert watcher.query_selector(".row-btn, #forecast-input, #push-btn") is None


# --- The lobby, languages, phones --------------------------------------------------------------


def test_the_lobby_offers_every_variant_with_its_options(new_page: Callable[..., Any],
                                                         server: str) -> None:
    """Every variant of /api/meta with its one line, its presets and a control for each option
    (the preset's value shown); in French the labels are the catalogue's French ones."""
    page = new_page("/")
    meta = page.request.get(f"{server}/api/meta").json()
    page.wait_for_selector("#f-seat-1 option[value^='bot:']", state="attached")
    keys = page.eval_on_selector_all("#f-variant option", "els => els.map(e => e.value)")
    assert keys == [v["key"] for v in meta["variants"]]
    page.click("details.more summary")
    for v in meta["variants"]:
        page.select_option("#f-variant", v["key"])
        presets = page.eval_on_selector_all("#f-preset option", "els => els.map(e => e.value)")
        assert presets == v["presets"]
        labels = page.eval_on_selector_all("#f-preset option",
                                           "els => els.map(e => e.textContent)")
        assert labels == [preset_label(v["key"], p, "en") for p in v["presets"]]
        assert page.inner_text("#variant-summary").strip()
        rules = v["preset_rules"][v["presets"][0]]
        for o in v["options"]:
            if o["kind"] == "multi":
                boxes = page.query_selector_all(f"input.f-{o['name']}")
                assert len(boxes) == len(o["choices"])
            elif o["kind"] == "table":
                for c in o["choices"]:
                    assert page.input_value(f"#f-{o['name']}-{c}") == str(rules[o["name"]][c])
            elif o["kind"] == "bool":
                assert page.is_checked(f"#f-{o['name']}") == rules[o["name"]], o
            else:
                assert page.input_value(f"#f-{o['name']}") == str(rules[o["name"]]), o
        seats = len(page.query_selector_all(".seats .seat-row"))
        assert seats == v["preset_rules"][v["presets"][0]].get("players", v["players"][0])
    page.select_option("#pref-lang", "fr")
    page.select_option("#f-variant", "differenzler")
    assert page.inner_text("#variant-summary") == t("variant.differenzler.summary", "fr")
    label = page.inner_text("label:has(#f-forecast) > span")
    assert label == t("vopt.forecast", "fr")
    options = page.eval_on_selector_all("#f-forecast option", "els => els.map(e => e.textContent)")
    assert options == [t("vopt.forecast.hidden", "fr").capitalize(),
                       t("vopt.forecast.open", "fr").capitalize()]


_LABELS = """async ([lang, presets, reasons]) => {
  const { presetName, reasonText, setLanguage } = await import('/static/js/i18n.js');
  setLanguage(lang);
  return { presets: presets.map(([v, p]) => presetName(p, v)),
           reasons: reasons.map(([v, r]) => reasonText(r, v)) };
}"""


def test_the_lobby_names_presets_and_game_ends_as_the_terminal_does(
        new_page: Callable[..., Any], server: str) -> None:
    """Every preset of every variant and every reason a game of each variant ended with, in
    each language: the page's label is the terminal's, and a reason names no role the variant
    lacks (no Bauern reaching a target in Sidi Barrani); an open table of the lobby shows its
    preset's label."""
    page = new_page("/")
    meta = page.request.get(f"{server}/api/meta").json()
    presets = [[v["key"], p] for v in meta["variants"] for p in v["presets"]]
    reasons = sorted({(v.key, r) for v, game in finished_games()
                      if (r := v.result_data(game)["reason"]) is not None})
    assert {("bieter", "target"), ("sidi_barrani", "target"), ("schieber", "trick")} <= set(reasons)
    page.wait_for_selector("#f-name")
    for lang in LANGUAGES:
        got = page.evaluate(_LABELS, [lang, presets, [list(r) for r in reasons]])
        assert got["presets"] == [preset_label(v, p, lang) for v, p in presets], lang
        texts = catalog(lang)
        for (variant, reason), text in zip(reasons, got["reasons"], strict=True):
            own = f"reason.{reason}.{variant}"
            assert text == texts[own if own in texts else f"reason.{reason}"], (variant, reason)
            assert not foreign_roles(text, variant), (lang, variant, reason, text)
    code = post_table(page, server, {"variant": "darts", "rules": "two",
                                     "seats": [{"kind": "human"}, BOT]})["code"]
    page.reload()
    item = page.wait_for_selector(f".table-item[data-code='{code}']")
    assert preset_label("darts", "two", "en") in item.inner_text()


@pytest.mark.parametrize("size", [SMALL, PHONE], ids=["320", "390"])
def test_variant_tables_fit_a_phone(new_page: Callable[..., Any], server: str,
                                    artifacts: Path, size: dict[str, Any]) -> None:
    """A three-player Differenzler table at its forecast and a Coiffeur table at its choice of
    a row fit a phone in every language, and so do their game-over dialogs."""
    found = Findings()
    page = new_page("/", **size)
    seated(page, server, {"variant": "differenzler", "rules": "three", "options": {"hands": 1},
                          "seats": [{"kind": "human"}, BOT, BOT]})
    page.wait_for_selector("#forecast-input")
    settle(page)
    in_every_language(page, found, "a Differenzler forecast")
    shot(page, artifacts, f"differenzler-{size['width']}")
    play_out(page)
    in_every_language(page, found, "a Differenzler game over")
    page = new_page("/", **size)
    seated(page, server, {"variant": "coiffeur", "rules": "twelve",
                          "seats": [{"kind": "human"}, BOT, BOT, BOT]})
    for _ in range(60):
        if page.wait_for_selector(".row-btn, .hand-card.legal") and page.query_selector(".row-btn"):
            break
        act_once(page)
    settle(page)
    in_every_language(page, found, "a Coiffeur choice of a row")
    shot(page, artifacts, f"coiffeur-{size['width']}")
    found.assert_none()


_MARKS = """async () => {
  const { matchOf, sheetTable } = await import('/static/js/scores.js');
  const { render } = await import('/static/js/dom.js');
  const sides = [[0, 2], [1, 3]];
  const every = (seat) => ({ tricks: Array(9).fill(seat) });
  const marks = [matchOf(every(2), sides, 0), matchOf(every(1), sides, 0),
                 matchOf({ tricks: [0, 1, 0, 0, 0, 0, 0, 0, 0] }, sides, 0)];
  const panel = { rows: [{ row: 1, discipline: 'C', multiplier: 1, contracts: ['C'] },
                         { row: 2, discipline: 'free', multiplier: 2, contracts: ['D', 'obe'] }],
                  sheet: [[257, null], [null, null]], totals: [257, 0] };
  const box = document.createElement('div');
  document.body.append(box);
  render(sheetTable(['Us', 'Them'], panel, 'swiss', { marks: { 0: { 1: 'match' } },
    written: { side: 1, row: 2, value: 0, mark: 'kontermatch' } }), box);
  const cell = (side, row) => box.querySelector(`td[data-side="${side}"][data-row="${row}"]`);
  return { marks, match: cell(0, 1).textContent, konter: cell(1, 2).textContent,
           open: cell(0, 2).className, totals: [...box.querySelectorAll('tr.total td')]
             .map((e) => e.textContent) };
}"""


def test_match_marks_on_the_sheet(new_page: Callable[..., Any]) -> None:
    """A hand whose nine tricks all went to the choosing team is marked Match on the sheet, all
    to the other team Kontermatch, anything else nothing; a hand's written row joins the
    sheet and its total."""
    page = new_page("/")
    page.wait_for_selector("#f-name")
    got = page.evaluate(_MARKS)
    assert got["marks"] == ["match", "kontermatch", ""]
    assert got["match"].startswith("257") and t("summary.match", "en") in got["match"]
    assert got["konter"].startswith("0") and t("sheet.kontermatch", "en") in got["konter"]
    assert "open" in got["open"]
    assert got["totals"] == ["257", "0"]
