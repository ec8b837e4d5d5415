"""Hand scoring (rule book §2.7-§2.9, §2.11): the worked example, Match and Kontermatch,
multipliers, the last trick, extra contracts and the Jasstafel."""

from __future__ import annotations

import random

import pytest

from puur.cards import bits, format_card
from puur.contracts import POINTS, STRENGTH, Contract, contract_mode
from puur.notation import parse_position
from puur.round import Round
from puur.rules import PRESETS, RuleSet
from puur.scoring import Jasstafel, render_jasstafel, tafel_strokes

from .util import STANDARD, drive, hands, play_random

# The worked hand's deal: seat 0 holds the Schellen Under-Ace run (50) and Stöck.
WORKED_DEAL = hands(
    "DJ D9 DA DK DQ HA HK SA SK",
    "D6 D7 H6 H7 S6 S7 C6 C7 C8",
    "D8 DT H8 H9 S8 S9 C9 CT CJ",
    "HT HJ HQ ST SJ SQ CQ CK CA",
)
DEAL_TEXT = (
    "D9 DJ DQ DK DA HK HA SK SA / D6 D7 H6 H7 S6 S7 C6 C7 C8 / "
    "D8 DT H8 H9 S8 S9 C9 CT CJ / HT HJ HQ ST SJ SQ CQ CK CA"
)
# A real play of that deal in which team A (seats 0 and 2) takes 98 trick points.
WORKED_98 = (
    f"0 | {DEAL_TEXT} | choose:D weis:DJ.DQ.DK.DA DJ weis:- D6 weis:- D8 weis:- HT SK S7 DT "
    "SQ CT CA HK C8 CK DK C6 C9 SA D7 S8 ST S6 S9 SJ HA CQ D9 C7 CJ DA H7 H8 HQ DQ stoeck "
    "H6 H9 HJ"
)


def strongest_for(seat: int):  # type: ignore[no-untyped-def]
    """A policy: ``seat`` plays its strongest legal card, everyone else the lowest; Weis
    declared by ``seat`` only; Stöck always announced."""

    def step(r: Round) -> None:
        if r.phase == "weis":
            r.push(47 if r.to_move == seat else 46)
        elif r.phase == "stoeck":
            r.push(62)
        elif r.to_move == seat:
            legal = bits(r.legal_cards())
            r.push(max(legal, key=lambda c: STRENGTH[r.mode][c]))
        else:
            r.push(bits(r.legal_cards())[0])

    return step


def run_policy(r: Round, seat: int) -> Round:
    step = strongest_for(seat)
    while not r.is_over:
        step(r)
    return r


def test_worked_hand_336_118() -> None:
    r = parse_position(WORKED_98, STANDARD)
    assert r.is_over and r.contract == Contract.SCHELLEN and r.multiplier == 2
    hs = r.hand_score()
    assert hs["trick_points"] == [98, 59]
    assert hs["weis"] == [50, 0] and hs["stoeck"] == [20, 0]
    assert hs["total"] == [(98 + 50 + 20) * 2, 59 * 2] == [336, 118]
    assert r.credited == (336, 118)
    assert sum(p for _t, p, _k in r.credits) == 336 + 118


def test_worked_hand_match_654_0() -> None:
    r = Round(STANDARD, WORKED_DEAL, forehand=0)
    drive(r, "choose:D", declare=(0,))
    run_policy(r, 0)
    hs = r.hand_score()
    assert set(r.trick_winners) == {0} and hs["match"] == 0 and not hs["kontermatch"]
    assert hs["trick_points"] == [157, 0] and hs["match_bonus"] == [100, 0]
    assert r.credited == ((257 + 50 + 20) * 2, 0) == (654, 0)


def test_other_team_keeps_stoeck_in_a_match() -> None:
    deal = hands(
        "DJ D9 DA DT D8 HA HK SA SK",
        "DK DQ H6 H7 S6 S7 C6 C7 C8",
        "D7 D6 H8 H9 S8 S9 C9 CT CJ",
        "HT HJ HQ ST SJ SQ CQ CK CA",
    )
    r = Round(STANDARD, deal, forehand=0)
    drive(r, "choose:D", declare=(0,))
    run_policy(r, 0)
    assert set(r.trick_winners) == {0}
    assert r.hand_score()["stoeck"] == [0, 20]
    assert r.credited == ((257 + 50) * 2, 20 * 2)


@pytest.mark.parametrize(
    ("kontermatch", "bonus", "expected"),
    [("match", 100, 257), ("double", 100, 314), ("bonus", 100, 257), ("bonus", 50, 207)],
)
def test_kontermatch_variants(kontermatch: str, bonus: int, expected: int) -> None:
    # Seat 0 chooses, seat 1 (the other team) holds the strong hand and takes all nine.
    deal = [WORKED_DEAL[1], WORKED_DEAL[0], WORKED_DEAL[2], WORKED_DEAL[3]]
    rules = RuleSet(kontermatch=kontermatch, kontermatch_bonus=bonus)  # type: ignore[arg-type]
    r = Round(rules, deal, forehand=0)
    drive(r, "choose:D")
    run_policy(r, 1)
    hs = r.hand_score()
    assert hs["match"] == 1 and hs["kontermatch"]
    assert hs["trick_points"] == [0, 157]
    assert r.credited[1] == expected + 50 + 20 and r.credited[0] == 0


@pytest.mark.parametrize("contract", range(6))
def test_multipliers_apply_to_every_credit(contract: int) -> None:
    rng = random.Random(contract)
    rules = PRESETS["standard-2500"]
    mult = rules.multipliers[contract]
    assert mult == (2, 1, 2, 1, 3, 3)[contract]
    for seed in range(10):
        r = Round.deal(rules, seed=seed, forehand=seed % 4)
        r.push(36 + contract)
        play_random(r, rng)
        assert all(p % mult == 0 for _t, p, _k in r.credits)
        hs = r.hand_score()
        parts = ("trick_points", "match_bonus", "weis", "stoeck")
        raw = [sum(hs[k][team] for k in parts) for team in (0, 1)]
        assert list(r.credited) == [raw[0] * mult, raw[1] * mult]
        assert sum(hs["trick_points"]) == 157


def test_no_multipliers_by_default() -> None:
    assert RuleSet().multipliers == (1,) * 9
    r = Round(RuleSet(), WORKED_DEAL, forehand=0)
    drive(r, "choose:D", declare=(0,))
    run_policy(r, 0)
    assert r.credited == (257 + 50 + 20, 0)


@pytest.mark.parametrize("bonus", [0, 5, 20])
def test_last_trick_bonus(bonus: int) -> None:
    rules = RuleSet(last_trick_bonus=bonus, weis=False, stoeck=False)
    r = play_random(Round.deal(rules, seed=3), random.Random(3))
    hs = r.hand_score()
    assert sum(hs["trick_points"]) == 152 + bonus
    team, pts, kind = r.credits[-1] if hs["match"] < 0 else r.credits[-2]
    winner = r.trick_winners[-1]
    last_cards = r.played[-4:]
    mode = contract_mode(r.contract, 8)
    assert kind == "last" and team == winner & 1
    assert pts == (sum(POINTS[mode][c] for c in last_cards) + bonus) * r.multiplier


def test_misere_points_go_to_the_other_team() -> None:
    rules = RuleSet(extra_contracts=frozenset({Contract.MISERE}))
    rng = random.Random(5)
    for seed in range(5):
        r = Round.deal(rules, seed=seed)
        r.push(36 + Contract.MISERE)
        play_random(r, rng)
        trick_credits = [(t, p) for t, p, k in r.credits if k in ("trick", "last")]
        assert len(trick_credits) == 9
        for t, ((team, pts), (_leader, cs, winner)) in enumerate(
            zip(trick_credits, r.tricks(), strict=True)
        ):
            assert team == 1 - (winner & 1)
            assert pts == sum(POINTS[4][c] for c in cs) + (5 if t == 8 else 0)
        assert sum(r.hand_score()["trick_points"]) == 157


@pytest.mark.parametrize(
    ("contract", "first"), [(Contract.SLALOM, 4), (Contract.SLALOM_UNDE, 5)]
)
def test_slalom_alternates(contract: int, first: int) -> None:
    rules = RuleSet(extra_contracts=frozenset({Contract.SLALOM, Contract.SLALOM_UNDE}))
    rng = random.Random(contract)
    for seed in range(5):
        r = Round.deal(rules, seed=seed)
        r.push(36 + contract)
        play_random(r, rng)
        total = 0
        for t, (_leader, cs, winner) in enumerate(r.tricks()):
            mode = first if t % 2 == 0 else 9 - first
            assert contract_mode(contract, t) == mode
            lead = cs[0] // 9
            best = max((c for c in cs if c // 9 == lead), key=lambda c: STRENGTH[mode][c])
            assert cs.index(best) == (winner - _leader) % 4, format_card(best)
            total += sum(POINTS[mode][c] for c in cs)
        assert sum(r.hand_score()["trick_points"]) == total + 5


def test_extra_contracts_offered_only_when_enabled() -> None:
    r = Round.deal(RuleSet(), seed=1)
    assert [a - 36 for a in r.legal_actions() if a < 45] == [0, 1, 2, 3, 4, 5]
    rules = RuleSet(extra_contracts=frozenset({Contract.MISERE, Contract.SLALOM}))
    r2 = Round.deal(rules, seed=1)
    assert [a - 36 for a in r2.legal_actions() if a < 45] == [0, 1, 2, 3, 4, 5, 6, 7]


def test_jasstafel_strokes() -> None:
    s = tafel_strokes(336)
    assert (s.hundreds, s.fifties, s.twenties, s.rest) == (3, 0, 1, 16)
    for pts in (0, 19, 20, 50, 99, 118, 654, 1000, 2517):
        st = tafel_strokes(pts)
        assert st.points == pts and st.rest < 20 and st.twenties < 3 and st.fifties < 2
    assert tafel_strokes(1000).hundreds_text() == "VV"
    assert tafel_strokes(700).hundreds_text() == "V||"
    with pytest.raises(ValueError):
        tafel_strokes(-1)
    tafel = Jasstafel(("A", "B"), (336, 118), (1, 0))
    d = tafel.as_dict()
    assert d["teams"][0]["hundreds"] == 3 and d["teams"][0]["rest"] == 16  # type: ignore[index]
    text = render_jasstafel(tafel)
    assert "A — 336" in text and "B — 118" in text and "rest 16" in text
