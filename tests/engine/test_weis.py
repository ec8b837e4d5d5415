"""Weis and Stöck (rule book §2.5, §2.6): finding, splitting, comparing, who scores."""

from __future__ import annotations

import pytest

from puur.actions import A_CHOOSE, A_STOECK, A_STOECK_NO, A_WEIS
from puur.cards import CardSet
from puur.contracts import MODE_OBENABE, MODE_UNDENUFE, Contract
from puur.round import Round
from puur.rules import RuleSet
from puur.weis import best_split, find_melds, split_points, weis_options, weis_winner

from .util import card, cards, deal_with, drive, play_lowest


def melds_text(split: tuple[object, ...]) -> set[str]:
    return {str(m) for m in split}


def trick_one(
    fixed: tuple[str, str, str, str],
    contract: str,
    declare: tuple[int, ...],
    forehand: int = 0,
    rules: RuleSet | None = None,
    voids: dict[int, str] | None = None,
) -> Round:
    """Deal, choose, play trick 1 with the lowest legal cards, the given seats declaring."""
    r = Round(rules or RuleSet(), deal_with(*fixed, voids=voids), forehand=forehand)
    drive(r, f"choose:{contract}", declare=declare)
    play_lowest(r, 4, declare=declare)
    assert r.trick_no == 1
    return r


def weis_credits(r: Round) -> list[tuple[int, int]]:
    return [(team, pts) for team, pts, kind in r.credits if kind == "weis"]


def test_sequence_points_classic_and_large() -> None:
    classic, large = RuleSet(), RuleSet(large_weis=True)
    expect_classic = {3: 20, 4: 50, 5: 100, 6: 100, 7: 100, 8: 100, 9: 100}
    expect_large = {3: 20, 4: 50, 5: 100, 6: 150, 7: 200, 8: 250, 9: 300}
    for n in range(3, 10):
        hand = sum(1 << c for c in range(9, 9 + n))  # Rosen 6 upwards
        (m,) = find_melds(hand, classic)
        assert (m.length, m.points) == (n, expect_classic[n])
        (m,) = find_melds(hand, large)
        assert m.points == expect_large[n]
    assert find_melds(cards("H6 H7 S8"), classic) == []


def test_four_of_a_kind_points() -> None:
    rules, low = RuleSet(), RuleSet(weis_four_low=True)
    expected = {"A": 100, "K": 100, "Q": 100, "T": 100, "9": 150, "J": 200}
    for rank, pts in expected.items():
        hand = cards(" ".join(s + rank for s in "DHSC"))
        (m,) = find_melds(hand, rules)
        assert m.points == pts and m.length == 4
    for rank in "678":
        hand = cards(" ".join(s + rank for s in "DHSC"))
        assert find_melds(hand, rules) == []
        (m,) = find_melds(hand, low)
        assert m.points == 100


def test_run_is_not_cut() -> None:
    # H6..HT is one five-card Weis (100), never a 3 + something.
    (split,) = weis_options(cards("H6 H7 H8 H9 HT"), RuleSet())
    assert len(split) == 1 and split_points(split) == 100


def test_split_without_and_with_kreuzweis() -> None:
    hand = cards("D9 H9 S9 C9 H7 H8 HT HJ SA")
    opts = weis_options(hand, RuleSet())
    # Four 9s (150) leave H7 H8 / HT HJ, too short; the run alone H7..HJ is 100.
    assert [split_points(s) for s in opts] == [150, 100]
    assert split_points(best_split(hand, RuleSet())) == 150
    (both,) = weis_options(hand, RuleSet(kreuzweis=True))
    assert split_points(both) == 250
    # The cards left beside the removed card stay a Weis when three long: 150 + 20.
    hand2 = cards("D9 H9 S9 C9 H6 H7 H8 HT HJ")
    best = best_split(hand2, RuleSet())
    assert melds_text(best) == {"D9 H9 S9 C9", "H6 H7 H8"}
    assert split_points(best) == 170


def test_split_offers_best_first_on_equal_totals() -> None:
    # Four Kings (100) or the run HJ HQ HK HA (50) + ... : equal totals go to the best Weis.
    hand = cards("DK HK SK CK HJ HQ HA H9 HT")
    opts = weis_options(hand, RuleSet())
    totals = [split_points(s) for s in opts]
    assert totals == sorted(totals, reverse=True)
    assert opts[0] == best_split(hand, RuleSet())


def test_five_card_sequence_beats_four_kings() -> None:
    r = trick_one(("DK HK SK CK", "H6 H7 H8 H9 HT", "", ""), "C", declare=(0, 1),
                  voids={1: "H"})
    assert {m.points for m in r.declared[0]} >= {100}
    assert max(m.length for m in r.declared[1]) == 5
    assert r.weis_seat == 1
    assert weis_credits(r) == [(1, split_points(r.declared[1]) + split_points(r.declared[3]))]


def test_undenufe_lower_sequence_wins() -> None:
    fixed = ("S7 S8 S9", "H6 H7 H8", "", "")
    voids = {0: "S", 1: "H"}
    unde = trick_one(fixed, "unde", declare=(0, 1), voids=voids)
    assert unde.weis_seat == 1  # 6-7-8 beats 7-8-9 in Undenufe
    obe = trick_one(fixed, "obe", declare=(0, 1), voids=voids)
    assert obe.weis_seat == 0  # the higher top card wins otherwise
    # The same comparison on the function directly.
    m0 = best_split(cards("S7 S8 S9"), RuleSet())
    m1 = best_split(cards("H6 H7 H8"), RuleSet())
    assert weis_winner([m0, m1, (), ()], 0, MODE_UNDENUFE, -1) == 1
    assert weis_winner([m0, m1, (), ()], 0, MODE_OBENABE, -1) == 0


def test_trump_tie_break() -> None:
    fixed = ("S6 S7 S8", "D6 D7 D8", "", "")
    voids = {0: "S", 1: "D"}
    assert trick_one(fixed, "D", declare=(0, 1), voids=voids).weis_seat == 1
    assert trick_one(fixed, "S", declare=(0, 1), voids=voids).weis_seat == 0


def test_position_tie_break() -> None:
    fixed = ("S6 S7 S8", "H6 H7 H8", "", "")
    voids = {0: "S", 1: "H"}
    assert trick_one(fixed, "C", declare=(0, 1), forehand=0, voids=voids).weis_seat == 0
    assert trick_one(fixed, "C", declare=(0, 1), forehand=1, voids=voids).weis_seat == 1
    assert trick_one(fixed, "C", declare=(0, 1), forehand=3, voids=voids).weis_seat == 0


def test_losing_team_weis_not_scored_winning_team_scores_both_partners() -> None:
    fixed = ("S6 S7 S8", "H6 H7 H8 H9", "", "C6 C7 C8")
    r = trick_one(fixed, "obe", declare=(0, 1, 3), voids={0: "S", 1: "H", 3: "C"})
    assert r.weis_seat == 1
    assert split_points(r.declared[0]) == 20
    assert weis_credits(r) == [(1, 50 + 20)]
    assert all(team == 1 for team, _ in weis_credits(r))


def test_keeping_quiet_scores_nothing() -> None:
    r = trick_one(("S6 S7 S8", "H6 H7 H8 H9", "", ""), "obe", declare=(0,),
                  voids={0: "S", 1: "H"})
    assert r.declared[1] == () and r.weis_seat == 0
    assert weis_credits(r) == [(0, 20)]
    quiet = trick_one(("S6 S7 S8", "", "", ""), "obe", declare=(), voids={0: "S"})
    assert quiet.weis_seat == -1 and weis_credits(quiet) == []


def test_weis_only_in_trick_one() -> None:
    r = Round(RuleSet(), deal_with("S6 S7 S8", "", "", "", voids={0: "S"}), forehand=0)
    r.push(A_CHOOSE + Contract.OBENABE)
    assert r.phase == "weis" and r.legal_actions() == [A_WEIS, A_WEIS + 1]
    phases = set()
    play_lowest(r, 36, declare=(0,))
    for _ in range(len(r.actions)):
        r.pop()
        phases.add((r.trick_no, r.phase))
    assert {p for t, p in phases if t > 0} <= {"play"}


def test_stoeck_scored_against_better_weis() -> None:
    rules = RuleSet(stoeck_announce="with-weis")
    fixed = ("DK DQ", "H6 H7 H8 H9", "", "")
    r = Round(rules, deal_with(*fixed, voids={1: "H"}), forehand=0)
    r.push(A_CHOOSE + Contract.SCHELLEN)
    assert r.phase == "stoeck" and r.to_move == 0
    r.push(A_STOECK)
    play_lowest(r, 4, declare=(1,))
    assert r.weis_seat == 1
    kinds = [(t, p, k) for t, p, k in r.credits if k in ("stoeck", "weis")]
    assert kinds == [(0, 20, "stoeck"), (1, 50, "weis")]


def test_stoeck_announced_with_second_card() -> None:
    fixed = ("DK DQ", "", "", "")
    r = Round(RuleSet(), deal_with(*fixed, voids={0: "D"}), forehand=0)
    drive(r, "choose:D DK", stoeck=True)
    assert not any(k == "stoeck" for _, _, k in r.credits)
    # Play on until the Ober is played: then the Stöck decision comes.
    while r.phase != "stoeck":
        if r.to_move == 0 and r.phase == "play" and r.legal_cards() >> card("DQ") & 1:
            r.push(card("DQ"))
        else:
            play_lowest(r, 1, stoeck=False)
    assert r.to_move == 0 and r.legal_actions() == [A_STOECK, A_STOECK_NO]
    before = r.credited
    r.push(A_STOECK)
    assert r.credits[-1] == (0, 20, "stoeck")
    assert r.credited[0] == before[0] + 20


def test_stoeck_kept_quiet_and_only_with_trumps() -> None:
    hs = deal_with("DK DQ", "", "", "", voids={0: "D"})
    r = Round(RuleSet(), hs, forehand=0)
    drive(r, "choose:D")
    play_lowest(r, 36, stoeck=False)
    assert r.stoeck_state == 2 and not any(k == "stoeck" for _, _, k in r.credits)
    for contract in ("obe", "unde"):
        r2 = Round(RuleSet(), hs, forehand=0)
        drive(r2, f"choose:{contract}")
        play_lowest(r2, 36)
        assert r2.stoeck_seat == -1 and not any(k == "stoeck" for _, _, k in r2.credits)
    off = Round(RuleSet(stoeck=False), hs, forehand=0)
    drive(off, "choose:D")
    play_lowest(off, 36)
    assert not any(k == "stoeck" for _, _, k in off.credits)


def test_stoeck_cards_may_also_serve_in_a_weis() -> None:
    rules = RuleSet(stoeck_announce="with-weis")
    r = Round(rules, deal_with("DQ DK DA", "", "", "", voids={0: "D"}), forehand=0)
    drive(r, "choose:D", declare=(0,))
    assert r.declared[0] and CardSet(r.declared[0][0].cards) == CardSet.from_text("DQ DK DA")
    play_lowest(r, 4, declare=(0,))
    kinds = {k: (t, p) for t, p, k in r.credits if k in ("stoeck", "weis")}
    assert kinds == {"stoeck": (0, 20), "weis": (0, 20)}


@pytest.mark.parametrize("mode", [MODE_OBENABE, MODE_UNDENUFE, 0])
def test_four_of_a_kind_rank_order(mode: int) -> None:
    aces = best_split(cards("DA HA SA CA"), RuleSet())
    kings = best_split(cards("DK HK SK CK"), RuleSet())
    w = weis_winner([kings, aces, (), ()], 0, mode, 0 if mode == 0 else -1)
    assert w == (0 if mode == MODE_UNDENUFE else 1)


@pytest.mark.parametrize(
    ("fixed", "void", "rules", "points"),
    [
        ("D9 H9 S9 C9 H7 H8 HT HJ", "H", RuleSet(), 150),
        ("D9 H9 S9 C9 H7 H8 HT HJ", "H", RuleSet(kreuzweis=True), 250),
        ("H6 H7 H8 H9 HT HJ", "H", RuleSet(), 100),
        ("H6 H7 H8 H9 HT HJ", "H", RuleSet(large_weis=True), 150),
        ("D6 H6 S6 C6 D9 DA HK SQ CT", "", RuleSet(weis_four_low=True), 100),
    ],
)
def test_weis_options_in_a_played_hand(fixed: str, void: str, rules: RuleSet, points: int) -> None:
    """The option changes what the table scores, end to end through a hand."""
    r = trick_one((fixed, "", "", ""), "obe", declare=(0,), rules=rules, voids={0: void})
    assert split_points(r.declared[0]) == points
    assert weis_credits(r) == [(0, points)]


def test_four_low_cards_are_no_weis_by_default() -> None:
    r = Round(RuleSet(), deal_with("D6 H6 S6 C6 D9 DA HK SQ CT", "", "", ""), forehand=0)
    r.push(A_CHOOSE + Contract.OBENABE)
    assert r.weis_options(0) == [] and r.phase == "play"
