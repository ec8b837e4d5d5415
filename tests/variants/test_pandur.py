"""Pandur: the 24-card deal, the auction ladder, the contracts, the game points, the end."""

from __future__ import annotations

import dataclasses
import random

import pytest

from puur.cards import CardSet, parse_card
from puur.hand import OVER, WEIS, IllegalActionError
from puur.options import OptionError
from puur.tricks import SCHIEBER, STRICT, STRICT_MUST_TRUMP
from puur.variants import get
from puur.variants.pandur import format_deal_line, parse_deal_line
from puur.variants.pandur_hand import BID, TRUMP, PandurDeal, PandurHand, check_deal, deal_pandur
from puur.variants.pandur_rules import (
    A_PASS,
    A_TRUMP,
    A_WEIS,
    DECK,
    LADDER,
    MISERE,
    PANDUR,
    TRUMPF_MISERE,
    TRUMPF_PANDUR,
    PandurRules,
    bid_action,
    made,
    parse_bid,
    value,
)

V = get("pandur")
THREE = PandurRules(players=3)


def cards(text: str) -> int:
    return CardSet.from_text(text).bits


# Seat 0: six Schellen in a row and two Rosen; seat 1: the Rosen Under and Ober and six
# Schilten; seat 2: the Rosen 10 and King and six Eicheln.
S0 = cards("H9 HA D9 DT DJ DQ DK DA")
S1 = cards("HJ HQ S9 ST SJ SQ SK SA")
S2 = cards("HT HK C9 CT CJ CQ CK CA")


def hand3(rules: PandurRules = THREE, hands: tuple[int, ...] = (S0, S1, S2),
          totals: tuple[int, ...] | None = None) -> PandurHand:
    """Three players, seat 2 deals: seat 0 is the Vorhand."""
    return PandurHand(rules, PandurDeal(hands, 2), 1, totals)


def hand4(totals: tuple[int, ...] = (0, 0, 0, 0), rules: PandurRules | None = None) -> PandurHand:
    """Four at the table, seat 3 deals and sits out: seat 0 is the Vorhand."""
    return PandurHand(rules or PandurRules(), PandurDeal((S0, S1, S2, 0), 3), 1, totals)


def push(h: PandurHand, *actions: int | str) -> None:
    for a in actions:
        h.push(parse_card(a) if isinstance(a, str) else a)


def finish(h: PandurHand, weis: bool = True) -> None:
    """Play the hand out: declare the best Weis, announce Stöck, the lowest legal card."""
    while h.phase != OVER:
        legal = h.legal_actions()
        h.push(A_WEIS + 1 if h.phase == WEIS and weis and len(legal) > 1 else legal[0])


# ---------------------------------------------------------------------------------------------
# The worked examples


def test_example_1_a_bid_of_160_made_with_120_and_a_weis_of_50_earns_3() -> None:
    assert made(160, 120 + 50, 4, 8) and value(160) == 3


def test_example_2_a_bid_of_200_failed_gives_each_opponent_4() -> None:
    h = hand3(dataclasses.replace(THREE, weis=False))  # 157 card points at most
    push(h, bid_action(200), A_PASS, A_PASS, A_TRUMP + 0)
    finish(h)
    assert h.soloist == 0 and not h.is_made()
    assert h.result() == (0, 4, 4)


def test_the_value_scale() -> None:
    assert [value(b) for b in (100, 140, 150, 250, 300)] == [2, 2, 3, 5, 6]
    assert [value(b) for b in (MISERE, TRUMPF_MISERE, PANDUR, TRUMPF_PANDUR)] == [4, 4, 5, 6]
    assert [value(b, "b") for b in (MISERE, TRUMPF_MISERE, PANDUR, TRUMPF_PANDUR)] == \
        [8, 10, 15, 16]
    assert value(260, "b") == 5


# ---------------------------------------------------------------------------------------------
# The deal


def test_the_deal_gives_8_of_the_24_cards_to_each_active_seat() -> None:
    d = deal_pandur(PandurRules(), "x", 2)
    assert d.hands[2] == 0 and d.dead == 0
    assert sum(d.hands) == DECK and all(h.bit_count() == 8 for h in d.hands if h)
    two = deal_pandur(THREE, "x", 1, (1, 2))
    assert two.active == (1, 2) and two.dead.bit_count() == 8
    assert sum(two.hands) | two.dead == DECK
    # Three left at a table of four: the dealer plays.
    assert deal_pandur(PandurRules(), "x", 1, (0, 1, 3)).active == (0, 1, 3)


@pytest.mark.parametrize(("deal", "reason"), [
    (PandurDeal((S0, S1, cards("HT HK C9 CT CJ CQ CK C6")), 2), "9, 10, Under"),
    (PandurDeal((S0, S1, S1), 2), "twice"),
    (PandurDeal((S0, S1, cards("HT HK C9 CT CJ CQ CK")), 2), "8 cards"),
    (PandurDeal((S0, S1, S2), 3), "the dealer is a seat"),
    (PandurDeal((S0, S1, 0), 2, S2), "deals and plays"),
    (PandurDeal((S0, S1, S2), 2, S2), "twice"),
    (PandurDeal((0, S1, S2), 1), "out of play"),
])
def test_bad_deals_are_refused(deal: PandurDeal, reason: str) -> None:
    with pytest.raises(ValueError, match=reason):
        check_deal(THREE, deal)


def test_the_deal_line_reads_back() -> None:
    d = deal_pandur(THREE, 7, 0, (0, 2))
    assert parse_deal_line(THREE, format_deal_line(d)) == d
    with pytest.raises(ValueError, match="reads"):
        parse_deal_line(THREE, format_deal_line(d).replace("dead", "talon"))


# ---------------------------------------------------------------------------------------------
# The auction


def test_the_ladder_puts_the_special_bids_between_the_numbers() -> None:
    h = hand3()
    push(h, bid_action(200))
    assert h.bid_options()[:3] == [MISERE, TRUMPF_MISERE, 210]
    push(h, bid_action(TRUMPF_MISERE))
    assert h.bid_options()[0] == 210
    push(h, bid_action(250))
    assert h.bid_options()[:2] == [PANDUR, 260]
    push(h, bid_action(300))
    assert h.bid_options() == [TRUMPF_PANDUR]
    assert LADDER.index(PANDUR) < LADDER.index(260) and parse_bid("Misère") == MISERE


def test_a_pass_is_final_and_the_last_bidder_plays() -> None:
    h = hand3()
    push(h, bid_action(100), A_PASS)
    assert h.to_move == 2
    push(h, bid_action(110))
    assert h.to_move == 0  # seat 1 passed: it is skipped
    push(h, A_PASS)
    assert h.phase == TRUMP and h.soloist == 2 and h.bid == 110 and h.to_move == 2
    push(h, A_TRUMP + 3)
    assert h.trump == 3 and h.to_move == 2 and h.leader == 2  # the soloist leads


def test_trumpf_pandur_ends_the_auction_at_once() -> None:
    h = hand3()
    push(h, bid_action(TRUMPF_PANDUR))
    assert h.soloist == 0 and h.phase != BID and h.auction == ((0, bid_action(TRUMPF_PANDUR)),)


def test_an_illegal_bid_changes_nothing() -> None:
    h = hand3()
    push(h, bid_action(150))
    before = (h.bids, h.to_move, h.actions, h.phase)
    for bad in (bid_action(140), bid_action(150), A_TRUMP, parse_card("HJ"), 999):
        with pytest.raises(IllegalActionError):
            h.push(bad)
        assert (h.bids, h.to_move, h.actions, h.phase) == before


def test_everyone_passing_throws_the_deal_in_and_the_next_seat_deals() -> None:
    for redeal, dealer in (("next_dealer", 0), ("same_dealer", 2)):
        g = V.new_game(dataclasses.replace(THREE, redeal=redeal), seed=3,
                       deals=[PandurDeal((S0, S1, S2), 2)])
        for _ in range(3):
            g.push(A_PASS)
        assert g.rounds[0].thrown_in and g.rounds[0].result() == (0, 0, 0)
        assert g.round.dealer == dealer and len(g.rounds) == 2


# ---------------------------------------------------------------------------------------------
# The contracts


def test_a_numeric_bid_plays_as_schieber_or_must_trump() -> None:
    h = hand3()
    push(h, bid_action(100), A_PASS, A_PASS)
    assert h.play_rule == SCHIEBER
    h = hand3(dataclasses.replace(THREE, numeric_play="strict_must_trump"))
    push(h, bid_action(100), A_PASS, A_PASS)
    assert h.play_rule == STRICT_MUST_TRUMP


def test_misere_has_no_trumps_and_follows_strictly() -> None:
    h = hand3()
    push(h, bid_action(MISERE), A_PASS, A_PASS)
    assert h.trump == -1 and h.mode == 4 and h.play_rule == STRICT and h.to_move == 0
    push(h, "DA")
    assert h.legal_cards() == S1  # void in Schellen: any card
    finish(h)
    assert h.tricks_won[0] >= 1 and not h.is_made() and h.result() == (0, 4, 4)


def test_the_first_card_of_a_trumpf_contract_makes_trumps_and_a_void_player_must_trump() -> None:
    h = hand3()
    push(h, bid_action(TRUMPF_PANDUR))
    assert h.trump == -1 and h.play_rule == STRICT_MUST_TRUMP
    push(h, "H9")
    assert h.trump == 1 and h.mode == 1
    assert h.legal_cards() == cards("HJ HQ")  # trumps led: follow
    push(h, "HJ", "HT")
    assert h.trick_winners == (1,)
    push(h, "S9")
    assert h.legal_cards() == cards("HK")  # void in Schilten: a trump
    push(h, "HK")
    assert h.legal_cards() == cards("HA")
    finish(h)
    assert not h.is_made() and h.result() == (0, 6, 6)


def test_only_the_soloists_weis_count() -> None:
    h = hand3()
    push(h, bid_action(160), A_PASS, A_PASS, A_TRUMP + 0)
    finish(h)
    weis = [(side, pts) for side, pts, kind in h.credits if kind == "weis"]
    assert weis == [(0, 150)]  # seat 1's Schilten and seat 2's Eicheln count for nobody
    assert h.is_made() and h.result() == (3, 0, 0)


def test_a_better_weis_of_an_opponent_cancels_the_soloists() -> None:
    s0 = cards("D9 DT DJ DQ HA SA H9 S9")  # 50
    s1 = cards("HJ HQ HK ST SJ SQ SK DK")  # 20 and 50
    s2 = cards("DA HT C9 CT CJ CQ CK CA")  # 150
    h = hand3(hands=(s0, s1, s2))
    push(h, bid_action(100), A_PASS, A_PASS, A_TRUMP + 0)
    finish(h)
    assert h.weis_seat == 2 and not [c for c in h.credits if c[2] == "weis"]


def test_the_dealer_sitting_out_gains_a_failed_contract_unless_close_to_the_target() -> None:
    for dealer_total, gain in ((12, 4), (13, 0), (14, 0)):
        h = hand4((0, 0, 0, dealer_total))
        assert h.sitting_out == 3 and h.active == (0, 1, 2)
        push(h, bid_action(MISERE), A_PASS, A_PASS, "DA")
        finish(h)
        assert h.result() == (0, 4, 4, gain)
    h = hand4(rules=PandurRules(dealer_gains=False))
    push(h, bid_action(MISERE), A_PASS, A_PASS)
    finish(h)
    assert h.result()[3] == 0


# ---------------------------------------------------------------------------------------------
# The game: leaving the table, the last one left loses


def test_a_player_reaching_the_target_leaves_and_two_play_with_8_cards_out() -> None:
    rules = dataclasses.replace(THREE, target=3)
    g = V.new_game(rules, seed=5, deals=[PandurDeal((S0, S1, S2), 2)])
    for a in (bid_action(160), A_PASS, A_PASS, A_TRUMP + 0):
        g.push(a)
    finish_game_hand(g)
    assert g.scores == (3, 0, 0) and g.at_table() == (1, 2) and not g.is_over
    r = g.round
    assert r.active == (1, 2) and r.deal.dead.bit_count() == 8 and len(r.playing) == 2
    assert r.dealer == 1 and r.vorhand == 2  # the deal passes to the next seat at the table
    obs = r.observation(1)
    assert obs.piles == (8,) and obs.pile_known == (0,)
    while not g.is_over:
        h = g.round
        if h.phase == BID:
            g.push(bid_action(100) if h.high_bidder < 0 else A_PASS)
        else:
            g.push(g.legal_actions()[0])
    loser = g.loser()
    assert loser in (1, 2) and g.scores[loser] < 3 and g.at_table() == (loser,)
    assert g.standings()[0] == 1 and g.standings()[loser] == 3
    assert g.summary()["left_after"][0] == 1


def finish_game_hand(g: object) -> None:
    h = g.round  # type: ignore[attr-defined]
    while not h.is_over:
        legal = g.legal_actions()  # type: ignore[attr-defined]
        g.push(A_WEIS + 1 if h.phase == WEIS and len(legal) > 1 else legal[0])  # type: ignore


def test_a_deal_for_the_wrong_seats_is_refused_and_changes_nothing() -> None:
    g = V.new_game(THREE, seed=1)
    before = g.round
    bad = PandurDeal((S0, S1, 0), 1)  # seat 2 is still at the table
    with pytest.raises(IllegalActionError, match="dealt to seats"):
        g.set_deal(bad)
    assert g.round is before


def test_bad_options_are_refused() -> None:
    for bad in ({"target": 2}, {"scale": "c"}, {"players": 5}, {"notrump_order": "x"}):
        with pytest.raises(OptionError):
            PandurRules(**bad)  # type: ignore[arg-type]


def test_the_cards_out_of_play_stay_secret() -> None:
    """With two players left, swapping a card between the pile out of play and the other
    player's hand changes nothing the seat, or a spectator, sees."""
    d = deal_pandur(THREE, 11, 1, (1, 2))
    out, other = min(CardSet(d.dead)), min(CardSet(d.hands[2]))
    hands = list(d.hands)
    hands[2] = hands[2] & ~(1 << other) | 1 << out
    swapped = PandurDeal(tuple(hands), 1, d.dead & ~(1 << out) | 1 << other)
    a = PandurHand(THREE, d, 1, None, (1, 2))
    b = PandurHand(THREE, swapped, 1, None, (1, 2))
    rng = random.Random(1)
    for _ in range(4):
        for seat in (-1, 1):
            oa, ob = a.observation(seat), b.observation(seat)
            assert oa == ob and oa.to_tensor() == ob.to_tensor()
        act = rng.choice([x for x in a.legal_actions() if x in b.legal_actions()] or [A_PASS])
        a.push(act)
        b.push(act)
    assert a.observation(1).out_of_play & DECK == 0


def test_a_special_bid_is_named_by_its_word_on_the_network() -> None:
    from puur.variants.json_actions import find_action, typed_form

    assert typed_form("bid:trumpf-misere") == {"type": "bid", "word": "trumpf-misere"}
    assert typed_form("bid:160") == {"type": "bid", "value": 160}
    h = hand3()
    assert find_action(V, THREE, h, form={"type": "bid", "word": "pandur"}) == bid_action(PANDUR)
    assert find_action(V, THREE, h, token="bid:Misère") == bid_action(MISERE)
    assert find_action(V, THREE, h, form={"type": "bid", "value": 210}) == bid_action(210)
