"""Sidi Barrani in the browser: a whole game chosen in the lobby, the auction's calls offered as
buttons (exactly the legal ones), a bid and a double sent from them, the auction shown in the
side box, the contract named from the contract buttons, the late double; the ranking at the
end."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from puur.i18n import t

from .pages import ACTIONABLE, game_state, post_table
from .test_layout import shot
from .test_user_text import sit
from .test_variants import lobby_table, play_out, ranking

pytestmark = pytest.mark.browser

def offered_calls(page: Any) -> tuple[set[str], set[str]]:
    """The calls the page offers and the legal ones of the state it shows."""
    g = page.evaluate("puur.view.state.latest.game")
    shown = set(page.eval_on_selector_all(".call-btn", "els => els.map(e => e.dataset.action)"))
    return shown, {a["name"] for a in g["legal"]}


def click_call(page: Any, name: str) -> None:
    before = page.evaluate("puur.view.state.latest.seq")
    page.click(f".call-btn[data-action='{name}']")
    page.wait_for_function("([seq]) => puur.view.state.latest.seq !== seq", arg=[before])


def test_a_whole_game_with_the_auction(new_page: Callable[..., Any], server: str,
                                       artifacts: Path) -> None:
    page = new_page("/")
    code = lobby_table(page, "sidi_barrani", "standard", main={"target": "1000"})
    rules = page.request.get(f"{server}/api/tables/{code}").json()["table"]["rules"]
    assert rules["target"] == 1000 and rules["min_bid"] == 80
    seen: dict[str, int] = {}

    def auction(p: Any) -> None:
        # Whatever the page asks: a call, the contract, a card, or a Weis and Stöck of its own.
        p.wait_for_selector(f"{ACTIONABLE}, .call-btn")
        if not p.query_selector(".call-btn"):
            if p.query_selector(".choose-panel .choice"):
                g = p.evaluate("puur.view.state.latest.game")
                assert g["phase"] == "contract" and g["panel"]["bidder"] == 0
                seen["contract"] = seen.get("contract", 0) + 1
            return
        shown, legal = offered_calls(p)
        assert shown == legal, (shown, legal)
        if "double" in shown and not seen.get("double") and seen.get("bid"):
            seen["double"] = 1
            click_call(p, "double")
            box = p.inner_text(".auction-box")
            assert p.query_selector(".auction-box .auction-doubled") is not None, box
        elif "bid:80" in shown and not seen.get("bid"):
            seen["bid"] = 1
            click_call(p, "bid:80")
            calls = p.eval_on_selector_all(
                ".auction-box .auction-calls li", "els => els.map(e => [Number(e.dataset.seat),"
                " e.dataset.call])")
            assert [0, "bid"] in calls

    counts = play_out(page, limit=2000, before=auction)
    assert seen.get("bid") and counts.get("play", 0) >= 9, (seen, counts)
    g = game_state(page)
    result = g["result"]
    assert max(result["scores"]) >= 1000
    assert sorted(ranking(page, "#game-over")) == list(enumerate(result["scores"]))
    won = page.inner_text("#game-over .winner")  # the shared words, not Bieter's Bauern
    assert result["reason"] == "target" and won.endswith(t("reason.target", "en")), won
    shot(page, artifacts, "sidi-barrani-over")


def test_the_late_double_is_asked_of_each_opponent_in_turn(new_page: Callable[..., Any],
                                                          server: str) -> None:
    """Four people at the table: the Vorhand bids 80, the others pass, he names the contract;
    then the opponent after him is offered pass or double (his partner nothing), passes, and
    the other opponent doubles."""
    host = new_page("/")
    res = post_table(host, server, {"variant": "sidi_barrani", "rules": "late_double",
                                    "seats": [{"kind": "human"}] * 4})
    code = res["code"]
    pages = {0: host}
    sit(host, code, 0, res["token"])
    for seat in (1, 2, 3):
        joined = host.request.post(f"{server}/api/tables/{code}/join", data=json.dumps(
            {"v": 2, "seat": seat}), headers={"Content-Type": "application/json"})
        assert joined.status == 200, joined.text()
        pages[seat] = new_page("/")
        sit(pages[seat], code, seat, joined.json()["token"])
    host.wait_for_function("() => puur.view.state.latest.game"
                           " && puur.view.state.latest.game.to_move !== null")
    first = host.evaluate("puur.view.state.latest.game.to_move")
    for k, call in enumerate(["bid:80", "pass", "pass", "pass"]):
        page = pages[(first + k) % 4]
        page.wait_for_selector(f".call-btn[data-action='{call}']")
        click_call(page, call)
    declarer = pages[first]
    declarer.wait_for_selector(".choose-panel .choice")
    declarer.click(".choose-panel .choice")
    after, partner, last = pages[(first + 1) % 4], pages[(first + 2) % 4], pages[(first + 3) % 4]
    after.wait_for_selector(".call-panel")
    shown, legal = offered_calls(after)
    assert shown == legal == {"pass", "double"}
    assert "80" in after.inner_text(".call-panel .prompt")
    assert partner.query_selector(".call-btn") is None
    click_call(after, "pass")
    last.wait_for_selector(".call-btn[data-action='double']")
    click_call(last, "double")
    host.wait_for_function("() => puur.view.state.latest.game.panel.doubled")
    g = game_state(host)
    assert g["panel"]["doubler"] == (first + 3) % 4 and g["phase"] in ("play", "weis")
    assert host.query_selector(".auction-box .auction-doubled") is not None
