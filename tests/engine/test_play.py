"""Card play (rule book §2.4): legal cards, the Puur rule, undertrumping, trick winners."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from puur.cards import CardSet, bits
from puur.contracts import POINTS, STRENGTH, Contract, card_points, contract_mode
from puur.round import IllegalActionError, Round, legal_cards
from puur.rules import RuleSet

from .util import card, cards, deal_with, drive, hands

ROSEN = int(Contract.ROSEN)

# Seed 001's first trick, dealt so that each seat has the cards the example needs.
SEED001 = hands(
    "DK DA S6 S7 SA C6 C7 CA HA",
    "H8 D7 S8 S9 C8 C9 HT HQ HK",
    "HJ D8 H6 ST SJ CT CJ D9 H7",
    "D6 DT DJ DQ H9 SQ SK CQ CK",
)


def legal(r: Round) -> CardSet:
    return CardSet(r.legal_cards())


def test_seed001_first_trick() -> None:
    """Rosen trumps: King of Schellen led, 8 of Rosen ruffs, the Under of Rosen overruffs though
    its player could follow, 6 of Schellen: 24 points to the Puur's team."""
    r = Round(RuleSet(), SEED001, forehand=0)
    drive(r, "choose:H DK")
    # Seat 1 may follow or ruff even though it holds a Schellen.
    assert legal(r) == CardSet.from_text("D7 H8 HT HQ HK")
    drive(r, "H8")
    # Seat 2 may follow (D8, D9) or overruff (HJ), never undertrump (H6, H7).
    assert legal(r) == CardSet.from_text("D8 D9 HJ")
    with pytest.raises(IllegalActionError):
        r.push(card("H6"))
    drive(r, "HJ D6")
    assert r.trick_winners == (2,)
    expected = sum(card_points(ROSEN, card(t)) for t in ("DK", "H8", "HJ", "D6"))
    assert expected == 24
    assert r.credits == ((0, 24, "trick"),)
    assert r.leader == 2 and r.to_move == 2


def test_puur_rule_alone_need_not_be_played() -> None:
    hand = cards("HJ D6 S7 CA")
    got = legal_cards(hand, lead_suit=ROSEN, best_trump=card("H6"), trump=ROSEN)
    assert got == hand


def test_puur_rule_with_another_trump_must_follow() -> None:
    hand = cards("HJ H6 S7 CA")
    got = legal_cards(hand, lead_suit=ROSEN, best_trump=card("H9"), trump=ROSEN)
    assert CardSet(got) == CardSet.from_text("HJ H6")


def test_puur_rule_in_a_round() -> None:
    hs = deal_with("H9 DA", "HJ D6 S7 SA CA C6 D7 D8 S8", "", "")
    r = Round(RuleSet(), hs, forehand=0)
    drive(r, "choose:H H9")
    assert legal(r) == CardSet(hs[1])  # only the Puur as trump: anything goes
    r2 = Round(RuleSet(), deal_with("H9 DA", "HJ H6 S7 SA CA C6 D7 D8 S8", "", ""), 0)
    drive(r2, "choose:H H9")
    assert legal(r2) == CardSet.from_text("HJ H6")


def test_must_follow_trumps_when_led() -> None:
    hand = cards("H6 H7 D6 S7")
    assert CardSet(legal_cards(hand, ROSEN, card("HA"), ROSEN)) == CardSet.from_text("H6 H7")
    # Any trump follows a trump lead: a lower trump than the best is fine.
    assert legal_cards(cards("H6 HK D6"), ROSEN, card("HJ"), ROSEN) & cards("H6 HK") == cards(
        "H6 HK"
    )


def test_undertrumping_refused() -> None:
    # Schellen led, a Rosen 9 (Nell) already in the trick.
    hand = cards("H6 HA HJ D7 S6")
    got = CardSet(legal_cards(hand, lead_suit=0, best_trump=card("H9"), trump=ROSEN))
    assert got == CardSet.from_text("D7 HJ")  # follow, or overtrump with the Puur
    # Cannot follow: discards and higher trumps only.
    hand2 = cards("H6 HJ S6 C6")
    got2 = CardSet(legal_cards(hand2, lead_suit=0, best_trump=card("H9"), trump=ROSEN))
    assert got2 == CardSet.from_text("HJ S6 C6")


def test_undertrumping_allowed_with_only_trumps() -> None:
    hand = cards("H6 H7 HA")
    got = legal_cards(hand, lead_suit=0, best_trump=card("HJ"), trump=ROSEN)
    assert got == hand


def test_no_trump_contract_must_follow() -> None:
    hand = cards("D6 DA H7 SA")
    for contract in (Contract.OBENABE, Contract.UNDENUFE):
        got = legal_cards(hand, 0, -1, -1)
        assert CardSet(got) == CardSet.from_text("D6 DA"), contract
    assert legal_cards(cards("H7 SA"), 0, -1, -1) == cards("H7 SA")
    assert legal_cards(hand, -1, -1, -1) == hand  # the leader plays anything


def _winner(contract: int, tokens: str, forehand: int = 0, trick: int = 0) -> int:
    """Index in ``tokens`` of the card that wins, by the contract's strength table."""
    cs = [card(t) for t in tokens.split()]
    mode = contract_mode(contract, trick)
    lead = cs[0] // 9
    trump = contract if contract < 4 else -1
    best = 0
    for i, c in enumerate(cs):
        b = cs[best]
        if c // 9 == b // 9:
            if STRENGTH[mode][c] > STRENGTH[mode][b]:
                best = i
        elif c // 9 == trump:
            best = i
    assert cs[best] // 9 in (lead, trump)
    return best


@pytest.mark.parametrize(
    ("contract", "trick", "winner"),
    [  # seats that do not follow suit are void in the suit led
        (Contract.ROSEN, "DK H8 HJ D6", 2),  # overruff
        (Contract.ROSEN, "H6 HA H9 HJ", 3),  # Puur over Nell over Ace
        (Contract.ROSEN, "HA H9 HK HT", 1),  # Nell beats the Ace
        (Contract.SCHELLEN, "H6 HA SA CA", 1),  # other suits never win
        (Contract.OBENABE, "D6 DA SA D7", 1),
        (Contract.UNDENUFE, "D9 DA D6 S6", 2),  # the 6 is highest; a 6 of another suit loses
        (Contract.UNDENUFE, "DT D7 DJ D8", 1),
    ],
)
def test_trick_winner_by_contract(contract: int, trick: str, winner: int) -> None:
    """Play the trick in a real hand and compare with the rule book's order."""
    toks = trick.split()
    lead = toks[0][0]
    voids = {i: lead for i in range(1, 4) if toks[i][0] != lead}
    r = Round(RuleSet(), deal_with(*toks, voids=voids), forehand=0)
    drive(r, f"choose:{'DHSC'[contract] if contract < 4 else ('obe', 'unde')[contract - 4]}")
    drive(r, trick)
    assert r.trick_winners == (winner,)
    assert _winner(contract, trick) == winner
    pts = sum(POINTS[contract_mode(contract, 0)][card(t)] for t in toks)
    assert r.credited[winner & 1] == pts and r.credited[1 - (winner & 1)] == 0


def test_trump_order_and_points() -> None:
    order = [card("H" + t) for t in ["6", "7", "8", "T", "Q", "K", "A", "9", "J"]]
    strengths = [STRENGTH[ROSEN][c] for c in order]
    assert strengths == sorted(strengths) and len(set(strengths)) == 9
    ranks = ["J", "9", "A", "T", "K", "Q", "8", "7", "6"]
    assert [POINTS[ROSEN][card("H" + t)] for t in ranks] == [20, 14, 11, 10, 4, 3, 0, 0, 0]
    for mode in range(6):
        assert sum(POINTS[mode]) == 152
        for s in range(4):
            suit_total = sum(POINTS[mode][c] for c in range(9 * s, 9 * s + 9))
            assert suit_total == (62 if s == mode else 30 if mode < 4 else 38)


def test_illegal_card_changes_nothing() -> None:
    r = Round(RuleSet(), SEED001, forehand=0)
    drive(r, "choose:H DK H8")
    before = (r.hands, r.trick, r.to_move, r.actions, r.credits)
    for bad in (card("H6"), card("CA"), 99, -1, 40):
        with pytest.raises(IllegalActionError):
            r.push(bad)
    assert (r.hands, r.trick, r.to_move, r.actions, r.credits) == before


def test_legal_set_matches_mask_and_is_legal() -> None:
    r = Round(RuleSet(), SEED001, forehand=0)
    drive(r, "choose:H DK H8")
    acts = r.legal_actions()
    assert acts == bits(r.legal_cards())
    mask = r.legal_mask()
    assert [a for a in range(64) if mask[a]] == acts
    assert all(r.is_legal(a) == (a in acts) for a in range(64))


def naive_legal(hand: list[int], trick: list[int], trump: int) -> set[int]:
    """rule book §2.4 read literally, card by card (the oracle for the bitmask version)."""
    if not trick:
        return set(hand)
    lead = trick[0] // 9
    has_lead = any(c // 9 == lead for c in hand)
    if trump < 0:
        return {c for c in hand if c // 9 == lead} if has_lead else set(hand)
    trumps_in_hand = [c for c in hand if c // 9 == trump]
    if lead == trump:
        puur = trump * 9 + 5
        if not trumps_in_hand or trumps_in_hand == [puur]:
            return set(hand)
        return set(trumps_in_hand)
    trick_trumps = [c for c in trick if c // 9 == trump]
    best = max(trick_trumps, key=lambda c: STRENGTH[trump][c]) if trick_trumps else -1
    only_trumps = len(trumps_in_hand) == len(hand)
    out = set()
    for c in hand:
        if c // 9 == trump:
            if best >= 0 and STRENGTH[trump][c] < STRENGTH[trump][best] and not only_trumps:
                continue
            out.add(c)
        elif c // 9 == lead or not has_lead:
            out.add(c)
    return out


@given(
    st.permutations(list(range(36))),
    st.integers(min_value=-1, max_value=3),
    st.integers(min_value=0, max_value=3),
    st.integers(min_value=1, max_value=9),
)
def test_legal_cards_match_the_rule_book(
    deck: list[int], trump: int, trick_len: int, hand_len: int
) -> None:
    hand = deck[:hand_len]
    trick = deck[hand_len:hand_len + trick_len]
    mask = sum(1 << c for c in hand)
    lead = trick[0] // 9 if trick else -1
    trick_trumps = [c for c in trick if c // 9 == trump] if trump >= 0 else []
    best = max(trick_trumps, key=lambda c: STRENGTH[trump][c]) if trick_trumps else -1
    got = set(bits(legal_cards(mask, lead, best, trump)))
    assert got == naive_legal(hand, trick, trump)
    assert got  # never empty


@given(st.integers(min_value=0, max_value=2**32), st.integers(min_value=0, max_value=2**32))
def test_round_legal_cards_match_the_rule_book(deal_seed: int, play_seed: int) -> None:
    rng = random.Random(play_seed)
    r = Round.deal(seed=deal_seed)
    while not r.is_over:
        if r.phase == "play":
            expected = naive_legal(bits(r.hands[r.to_move]), list(r.trick), r.trump)
            assert set(bits(r.legal_cards())) == expected
        r.push(rng.choice(r.legal_actions()))
