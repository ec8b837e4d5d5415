"""Words and pictures: the Jasstafel strokes, hand order, names in each language and deck."""

from __future__ import annotations

import pytest
from tests.tui.conftest import FAST

from puur.cards import parse_card, parse_cards, suit_of
from puur.scoring import tafel_strokes
from puur.tui.render import (
    card_text,
    contract_name,
    sort_hand,
    summary_rows,
    tafel_lines,
)
from puur.tui.session import PlaySession


@pytest.mark.parametrize("points", [0, 19, 69, 336, 1270, 2555])
def test_tafel_strokes_match_the_engine(points: int) -> None:
    lines = tafel_lines(points, "Us", "en")
    s = tafel_strokes(points)
    top, bottom = lines[1], lines[-1]
    assert top.count("V") == s.hundreds // 5 and top.count("┿") == s.hundreds % 5
    assert bottom.split("20")[0].count("┿") == s.twenties
    assert "".join(lines[2:-1]).count("╳") == s.fifties
    assert bottom.endswith(f"rest {s.rest}")
    assert lines[0] == f"Us  {points}"


def test_tafel_shows_striche_and_translates() -> None:
    lines = tafel_lines(120, "Wir", "de", striche=2)
    assert "Striche: XX" in lines[0] and lines[-1].endswith("Rest 0")


def test_hand_is_grouped_by_suit_trumps_first_high_cards_first() -> None:
    hand = sum(1 << c for c in parse_cards("D6 DA H7 HJ S9 C6 CK CQ C8"))
    order = sort_hand(hand, trump=3)
    assert [suit_of(c) for c in order] == [3, 3, 3, 3, 0, 0, 1, 1, 2]
    assert order[:4] == parse_cards("CK CQ C8 C6")


def test_names_in_languages_and_decks() -> None:
    assert card_text(parse_card("HJ"), "swiss", "fr") == "Rosen U"
    assert card_text(parse_card("HJ"), "french", "fr") == "cœur J"
    assert contract_name(1, "french", "it") == "briscola cuori"
    assert contract_name(4, "french", "de") == "Obenabe"
    assert contract_name(5, "swiss", "fr") == "Undenufe"


def test_summary_rows_add_up_to_the_engine_totals() -> None:
    s = PlaySession(FAST, ["random"] * 3, seed=12)
    while s.game.hand_no == 1 and not s.is_over:
        if s.human_to_move():
            s.act(s.legal_actions()[0])
        else:
            s.bot_step()
    rd = s.game.rounds[0]
    rows = {label: (us, them) for label, us, them in summary_rows(rd, (0, 0), "en")}
    hs = rd.hand_score()
    assert rows["Hand total"] == (str(rd.credited[0]), str(rd.credited[1]))
    mult = hs["multiplier"]
    for team in (0, 1):
        raw = sum(int(rows[k][team]) for k in ("Card points", "Weis", "Stöck"))
        raw += int(rows.get("Match", ("0", "0"))[team])
        assert raw * mult == rd.credited[team]
    assert int(rows["Card points"][0]) + int(rows["Card points"][1]) == 157


@pytest.mark.parametrize(("key", "lang", "word"), [
    ("handjass", "en", "net Striche"), ("handjass", "de", "Striche netto"),
    ("zuger", "en", "written points"), ("differenzler", "en", "penalty points"),
    ("molotow", "fr", "points"),
])
def test_the_end_of_a_game_names_the_variants_score(key: str, lang: str, word: str) -> None:
    from puur.i18n import t
    from puur.tui.events import Event
    from puur.tui.render import result_text
    from puur.variants import get

    ev = Event("result", values=(3, 1, 0), places=(1, 2, 3), reason=get(key).score_name,
               alone=True, seats=3)
    assert f"({word})" in result_text(ev, lang)
    if key == "handjass":
        assert "(" + t("score.points", lang) + ")" not in result_text(ev, lang)
