"""Fahnder in the browser: each preset created in the lobby (on a desktop and a 390 px phone),
the number auction driven by clicks (pass, the lowest bids as buttons, every allowed bid in a
list), each seat's last call, the Fahnder and his partner at their seats, the called card on the
cloth with what the page may know of its holder (secret until it is played under ``on_play``,
told to the holder himself at once), the marks in the side box and the hand's score; a whole
game against computer players on a phone, and the ranking at the end."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from puur.i18n import t

from .pages import game_state, hand_cards, lobby_preset, seats_at, settle
from .test_bieter import me, play_game
from .test_layout import PHONE, TABLE_PARTS, Findings, in_every_language, shot
from .test_variants import ranking, replay_to_end

pytestmark = pytest.mark.browser


def check_table(page: Any) -> dict[str, Any]:
    """The seats' bubbles, the called card's note and the side box show the server's panel (and
    the page's own part) as they are now."""
    settle(page)
    g = game_state(page)
    p, own = g["panel"], g["own"]
    mine = me(page)
    for s in range(4):
        seat = f".felt .seat[data-seat='{s}']"
        roles = page.eval_on_selector_all(f"{seat} .role-bubble",
                                          "els => els.map(e => e.dataset.role)")
        if p["fahnder"] is None:
            assert roles == []
            bid = page.query_selector(f"{seat} .bid-bubble")
            call = p["last_call"][s]
            if call == "pass":
                assert bid is not None and bid.inner_text() == t("bi.passed", "en")
            elif call == "bid":
                assert bid is not None and bid.inner_text() == str(p["bids"][s])
            else:
                assert bid is None
            continue
        if s == p["fahnder"]:
            want = ["fahnder"]
        elif s == p["partner"] or (s == mine and own.get("partner")):
            want = ["partner"]
        else:
            want = []  # an opponent, or a seat whose side the page does not know
        assert roles == want, (s, roles, p, own)
    if p["called"] and g["contract"]:
        note = page.inner_text(".center .called-note .partner-note")
        if p["alone"]:
            assert note == t("fa.alone", "en")
        elif p["partner"] is None and own.get("partner"):
            assert note == t("fa.you_partner", "en")
        elif p["partner"] is None:
            assert note == t("bi.partner_secret", "en")
    rows = dict(page.eval_on_selector_all(
        ".side .fa-table tbody tr", "els => els.map(e => [e.className,"
        " [...e.querySelectorAll('td')].map(c => c.textContent)])"))
    assert rows["before"] == [str(v) for v in p["totals"]]
    assert rows["this-hand"] == [str(v) for v in p["made"]]
    pair = page.query_selector(".side .fa-pair")
    assert (pair is not None) == (p["team_points"] is not None and p["fahnder"] is not None)
    assert sorted(hand_cards(page)) == sorted(g["hand"])
    return g


@pytest.mark.parametrize("preset", ["standard", "game_points"])
def test_each_preset_is_created_from_the_lobby(new_page: Callable[..., Any], server: str,
                                               artifacts: Path, preset: str) -> None:
    """The table has the preset's rules, four seats where Schieber puts them, and the auction
    fits a desktop and a 390 px phone in every language."""
    page = new_page("/")
    code = lobby_preset(page, "fahnder", preset, {}, 4)
    table = page.request.get(f"{server}/api/tables/{code}").json()["table"]
    assert table["variant"]["key"] == "fahnder"
    assert table["rules"]["scoring"] == ("game_points" if preset == "game_points" else "striche")
    page.wait_for_selector(".hand-card")
    assert [seats_at(page)[s] for s in range(4)] == ["bottom", "right", "top", "left"]
    found = Findings()
    for name, size in (("desktop", {"width": 1280, "height": 800}), ("phone", PHONE)):
        page.set_viewport_size({"width": size["width"], "height": size["height"]})
        page.wait_for_selector(".auction-panel, .hand-card.legal, .choice")
        check_table(page)
        found.check(page, f"{preset} on a {name}", TABLE_PARTS)
        shot(page, artifacts, f"fahnder-{preset}-{name}")
    in_every_language(page, found, f"{preset} on a phone", TABLE_PARTS)
    found.assert_none()


def test_a_whole_game_with_a_secret_partner_on_a_phone(
        new_page: Callable[..., Any], server: str, artifacts: Path) -> None:
    """The secret preset in two hands on a phone: the page bids whenever it may (so it is the
    Fahnder at least once or outbid by the computer players), names the contract, calls a card
    and plays; the seats, the note and the side box follow the server at every step; the hand's
    score and the ranking at the end are the server's."""
    page = new_page("/", **PHONE)
    lobby_preset(page, "fahnder", "secret", {"hands": "2"}, 4)
    found = Findings()
    seen: set[str] = set()

    def look(p: Any) -> None:
        g = game_state(p)
        if g["phase"] == "over":
            return
        check_table(p)
        key = g["phase"] + ("-mine" if g["to_move"] == me(p) else "")
        if key not in seen:
            seen.add(key)
            found.check(p, f"Fahnder at {key}", TABLE_PARTS)
            shot(p, artifacts, f"fahnder-phone-{key}")

    counts = play_game(page, look, limit=400)
    assert counts.get("bid") and counts.get("play"), counts
    assert "bid-mine" in seen and "play-mine" in seen, seen
    g = game_state(page)
    result = g["result"]
    lines = ranking(page, "#game-over")
    assert sorted(lines) == list(enumerate(result["scores"])) and len(lines) == 4
    score = g["last_hand"]["score"]
    marks = page.eval_on_selector_all("#game-over .fa-score tr.marks td",
                                      "els => els.map(e => Number(e.textContent))")
    assert marks == score["marks"]
    found.check(page, "Fahnder game over", None)
    shot(page, artifacts, "fahnder-phone-over")
    found.assert_none()
    # The replay: every hand open, the Fahnder and his partner named, the called card shown.
    page.click("#game-over a[href^='/?replay=']")
    replay_to_end(page)
    assert len(page.query_selector_all(".replay-view .seat")) == 4
    roles = page.eval_on_selector_all(".replay-view .role-bubble",
                                      "els => els.map(e => e.dataset.role)")
    assert "fahnder" in roles
    note = page.inner_text(".replay-view .called-note")
    assert score["called"] in page.get_attribute(".replay-view .called-note", "data-card")
    if score["alone"]:
        assert note.endswith(t("fa.alone", "en"))
    else:
        assert "partner" in roles
    shot(page, artifacts, "fahnder-phone-replay")
