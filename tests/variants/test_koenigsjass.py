"""Königsjass: the deal, the trump-6 exchange, the swap and the dead hand, the card play, the
totals and the win in the middle of a hand."""

from __future__ import annotations

import random

import pytest

from puur.cards import CardSet, bits
from puur.contracts import MODE_OBENABE, POINTS
from puur.hand import IllegalActionError
from puur.options import OptionError
from puur.record import format_record, iter_records
from puur.variants import get
from puur.variants.json_actions import as_the_table_sees_it
from puur.variants.json_view import own_view, shared_view
from puur.variants.koenigsjass import format_deal_line, parse_deal_line
from puur.variants.koenigsjass_hand import (
    A_EXCHANGE,
    A_KEEP,
    A_PASS,
    A_SWAP,
    EXCHANGE,
    SWAP,
    KoenigsjassDeal,
    KoenigsjassHand,
    deal_koenigsjass,
)
from puur.variants.koenigsjass_rules import KoenigsjassRules, first_to_target, turned_mode

V = get("koenigsjass")
A, B, C = 0, 1, 2  # the dealer is C, so A is the Vorhand
PLAYING = ("weis", "play")  # the card play has begun (a Weis question comes first)


def cards(text: str) -> int:
    return CardSet.from_text(text).bits


def card(text: str) -> int:
    return cards(text).bit_length() - 1


# A: the Rosen Under and Schellen 7 to Ace; B: every Eichel; C: every Schilten; the talon: the
# other Rosen and the Schellen 6, the Rosen Ace on top.
RUN = KoenigsjassDeal(
    (cards("HJ D7 D8 D9 DT DJ DQ DK DA"), cards("C6 C7 C8 C9 CT CJ CQ CK CA"),
     cards("S6 S7 S8 S9 ST SJ SQ SK SA")),
    C, cards("D6 H6 H7 H8 H9 HT HQ HK HA"), card("HA"))
# Example 1: the Rosen Ace turned, B holds the Rosen 6.
ROB = KoenigsjassDeal(
    (cards("D6 D7 D8 D9 DT DJ DQ DK DA"), cards("H6 C7 C8 C9 CT CJ CQ CK CA"),
     cards("S6 S7 S8 S9 ST SJ SQ SK SA")),
    C, cards("C6 HJ H7 H8 H9 HT HQ HK HA"), card("HA"))


def hand_of(deal: KoenigsjassDeal, rules: KoenigsjassRules | None = None,
            totals: tuple[int, ...] = (0, 0, 0)) -> KoenigsjassHand:
    return KoenigsjassHand(rules or KoenigsjassRules(), deal, 1, totals)


def play_run(hand: KoenigsjassHand, tricks: int, declare: bool = False) -> None:
    """Everyone keeps; A leads his Schellen from the Ace down and wins each trick; B and C
    discard, keeping the Eicheln Ace and the Schilten 7 for trick 6, where A leads the Under.
    Weis are declared (the best split) with ``declare``, else kept quiet."""
    keep = {B: card("CA"), C: card("S7")}
    while hand.phase in (SWAP, EXCHANGE):
        hand.push(A_KEEP if hand.phase == SWAP else A_PASS)
    while hand.trick_no < tricks and not hand.is_over:
        if hand.phase != "play":
            hand.push(hand.legal_actions()[1 if declare else 0])  # Weis and Stöck
            continue
        s = hand.to_move
        legal = hand.legal_actions()
        if s == A:
            pick = card("HJ") if hand.trick_no == 5 else max(c for c in legal if c != card("HJ"))
        elif hand.trick_no == 5:
            pick = keep[s]
        else:
            pick = next(c for c in legal if c != keep[s])
        hand.push(pick)


# ---------------------------------------------------------------------------------------------
# The page's worked examples


def test_example_1_the_holder_of_the_rosen_6_takes_the_turned_ace() -> None:
    hand = hand_of(ROB)
    hand.push(A_KEEP)
    assert hand.to_move == B and A_EXCHANGE in hand.legal_actions()
    hand.push(A_EXCHANGE)
    assert hand.hands[B] >> card("HA") & 1 and not hand.hands[B] >> card("H6") & 1
    assert hand.talon >> card("H6") & 1 and hand.robber == B
    assert hand.to_move == B and A_EXCHANGE not in hand.legal_actions()
    hand.push(A_KEEP)
    hand.push(A_KEEP)
    assert hand.phase in PLAYING and hand.to_move == A
    obs = hand.observation(C)
    assert obs.known_cards(B) == cards("HA") and obs.pile_known[0] == cards("H6")
    assert obs.panel()["talon_up"] == "H6"


def test_example_2_a_win_in_trick_6_ends_the_hand_at_once() -> None:
    probe = hand_of(RUN)
    play_run(probe, 5)
    before = probe.credited[A]
    hand = hand_of(RUN, totals=(975 - before, 700, 640))
    play_run(hand, 6)
    assert hand.trick_values[5] == 20 + 11 + 0 and hand.trick_winners[5] == A
    assert hand.is_over and hand.winner == A and hand.trick_no == 6
    assert hand.scores_after()[A] == 1006
    assert len(hand.played) == 18  # the rest of the hand is not played


def test_example_2_as_numbers() -> None:
    assert first_to_target((975, 700, 640), [(0, 31)], 1000) == (0, 1)
    assert first_to_target((990, 995, 0), [(1, 20), (0, 31)], 1000) == (1, 1)


def test_a_game_ends_when_a_player_reaches_the_target() -> None:
    game = V.new_game(KoenigsjassRules(target=200), seed=3)
    rng = random.Random(3)
    while not game.is_over:
        game.push(rng.choice(game.legal_actions()))
    w = game.winner
    assert game.scores[w] >= 200 and game.standings()[w] == 1
    assert all(t < 200 for s, t in enumerate(game.round.totals) if s != w)
    assert game.legal_actions() == []
    with pytest.raises(IllegalActionError):
        game.push(0)


# ---------------------------------------------------------------------------------------------
# The deal and the phases


def test_nine_each_in_threes_nine_to_the_talon_its_top_card_turned() -> None:
    d = deal_koenigsjass("x", 1)
    assert [h.bit_count() for h in d.hands] == [9, 9, 9] and d.talon.bit_count() == 9
    assert sum(d.hands) | d.talon == (1 << 36) - 1 and d.talon >> d.turned & 1
    hand = hand_of(d)
    assert hand.trump == d.turned // 9 and hand.to_move == 2  # the Vorhand after dealer 1
    game = V.new_game(seed=5)
    first = game.round.dealer
    while len(game.rounds) < 3:
        game.push(game.legal_actions()[0])
    assert [r.dealer for r in game.rounds] == [first, (first + 1) % 3, (first + 2) % 3]


def test_a_swap_takes_the_talon_and_the_old_hand_is_dead() -> None:
    hand = hand_of(RUN)
    hand.push(A_KEEP)
    hand.push(A_SWAP)
    assert hand.hands[B] == RUN.talon and hand.dead == RUN.hands[B] and hand.talon == 0
    assert hand.swapper == B and hand.to_move == C
    assert A_SWAP not in hand.legal_actions()  # one swap a hand
    hand.push(A_KEEP)
    # A spoke before the swap: he is asked once more about the exchange (he cannot).
    assert hand.phase == EXCHANGE and hand.to_move == A and hand.legal_actions() == [A_PASS]
    hand.push(A_PASS)
    assert hand.phase in PLAYING
    for seat in (-1, A, C):
        obs = hand.observation(seat)
        assert obs.pile_known[1] == 0 and obs.piles == (0, 9)
        assert obs.known_cards(B) == cards("HA")  # the turned card went with the talon
    assert hand.observation(B).pile_known[1] == RUN.hands[B]


def test_the_dead_hand_scores_for_nobody() -> None:
    rules = KoenigsjassRules(weis=False, stoeck=False)
    hand = hand_of(RUN, rules)
    hand.push(A_SWAP)
    hand.push(A_KEEP)
    hand.push(A_KEEP)
    rng = random.Random(1)
    while not hand.is_over:
        hand.push(rng.choice(hand.legal_actions()))
    in_play = RUN.talon | RUN.hands[B] | RUN.hands[C]
    assert sum(hand.credited) == sum(POINTS[hand.mode][c] for c in bits(in_play)) + 5


def test_the_exchange_stays_open_after_a_swap() -> None:
    # A holds the Rosen 6 and waits; B swaps and takes the talon with the turned Ace; A then
    # takes the Ace from B's hand and B gets the 6.
    deal = KoenigsjassDeal((ROB.hands[1], ROB.hands[0], ROB.hands[2]), C, ROB.talon, ROB.turned)
    hand = hand_of(deal)
    assert A_EXCHANGE in hand.legal_actions()
    hand.push(A_KEEP)
    hand.push(A_SWAP)
    assert A_EXCHANGE not in hand.legal_actions()  # C has no 6
    hand.push(A_KEEP)
    assert hand.phase == EXCHANGE and hand.to_move == A
    assert hand.legal_actions() == [A_EXCHANGE, A_PASS]
    hand.push(A_EXCHANGE)
    assert hand.hands[A] >> card("HA") & 1 and hand.hands[B] >> card("H6") & 1
    assert hand.phase in PLAYING and hand.to_move == A
    assert hand.observation(C).known_cards(B) == cards("H6")


def test_an_exchange_before_a_swap_puts_the_6_on_the_talon_for_the_swapper() -> None:
    hand = hand_of(ROB)
    hand.push(A_KEEP)
    hand.push(A_EXCHANGE)
    hand.push(A_KEEP)
    hand.push(A_SWAP)  # C takes the talon, the 6 face up on it
    assert hand.phase in PLAYING  # the exchange is made: nobody is asked again
    obs = hand.observation(A)
    assert obs.known_cards(C) == cards("H6") and obs.known_cards(B) == cards("HA")


def test_no_exchange_when_the_turned_card_is_the_6_or_gives_no_trumps() -> None:
    six = KoenigsjassDeal(RUN.hands, C, RUN.talon, card("H6"))
    assert not hand_of(six).exchange_open()
    modes = KoenigsjassRules(turned_card_modes=True)
    hand = hand_of(ROB, modes)
    assert (hand.mode, hand.trump) == (MODE_OBENABE, -1) and not hand.exchange_open()
    assert turned_mode(card("H6"), True)[0] == 5 and turned_mode(card("H7"), True) == (1, 1)
    assert A_EXCHANGE not in hand_of(ROB, KoenigsjassRules(rob=False)).legal_actions()
    assert A_SWAP not in hand_of(ROB, KoenigsjassRules(swap=False)).legal_actions()


def test_the_match_bonus_is_off_by_default() -> None:
    def a_takes_all(rules: KoenigsjassRules) -> tuple[int, ...]:
        hand = hand_of(RUN, rules)
        play_run(hand, 9)
        assert hand.tricks_won[A] == 9
        return hand.credited

    off = a_takes_all(KoenigsjassRules(weis=False))
    on = a_takes_all(KoenigsjassRules(weis=False, match_bonus=True))
    assert on[A] == off[A] + 100 and off[A] == sum(off)


def test_the_count_order_decides_who_wins_in_trick_1() -> None:
    # B's Eicheln and C's Schilten (nine in a row, 100 each) beat A's eight Schellen; B, first
    # of them in playing order, has the best Weis. At 900 he wins with it before trick 1's
    # points count, unless the tricks count first: then the Weis waits for the last trick.
    for order in ("stoeck-weis-stich", "stoeck-stich-weis"):
        hand = hand_of(RUN, KoenigsjassRules(count_order=order), totals=(0, 900, 900))
        play_run(hand, 1, declare=True)
        if order == "stoeck-weis-stich":
            assert hand.winner == B == hand.weis_seat and hand.is_over
            assert [k for _, _, k in hand.credits] == ["weis"]
        else:
            assert hand.winner == -1 and hand.credited == (hand.trick_values[0], 0, 0)


# ---------------------------------------------------------------------------------------------
# Secrecy: whether a seat could exchange, the talon and the dead hand


def _spoken(deal: KoenigsjassDeal) -> tuple[object, KoenigsjassHand]:
    game = V.new_game(seed=1, deals=[deal])
    for _ in range(3):
        game.push(A_KEEP)
    return game, game.round


def test_whether_a_seat_could_exchange_the_6_is_its_own_secret() -> None:
    # B holds the Rosen 6 and keeps quiet, or C holds it (the cards swapped between them).
    other = KoenigsjassDeal(
        (ROB.hands[0], ROB.hands[1] & ~cards("H6") | cards("S6"),
         ROB.hands[2] & ~cards("S6") | cards("H6")), C, ROB.talon, ROB.turned)
    ga, a = _spoken(ROB)
    gb, b = _spoken(other)
    assert a.phase == b.phase == "weis"  # A's Schellen run
    for seat in (-1, A):
        oa, ob = a.observation(seat), b.observation(seat)
        assert oa == ob and oa.to_tensor() == ob.to_tensor()
        with as_the_table_sees_it(ga):
            sa = shared_view(ga, oa)
        with as_the_table_sees_it(gb):
            sb = shared_view(gb, ob)
        assert sa == sb
        if seat >= 0:
            assert own_view(ga, oa) == own_view(gb, ob)
    # The same question is asked of every seat, whatever it holds.
    assert [s for s, _ in a.words] == [s for s, _ in b.words] == [A, B, C]


def test_the_talon_is_secret_until_a_swap_and_then_only_to_the_swapper() -> None:
    hand = hand_of(ROB)
    for seat in (-1, A, B, C):
        assert hand.observation(seat).pile_known == (cards("HA"), 0)
    hand.push(A_SWAP)
    obs = hand.observation(A)
    assert obs.hand == ROB.talon and obs.pile_known == (0, ROB.hands[A])
    for seat in (-1, B, C):
        assert hand.observation(seat).pile_known == (0, 0)


# ---------------------------------------------------------------------------------------------
# Bad input


def test_bad_options_are_refused() -> None:
    for bad in ({"target": 50}, {"stoeck_announce": "never"}, {"rob": "yes"}):
        with pytest.raises(OptionError):
            V.rules_from_dict(bad)


def test_bad_deals_are_refused_and_change_nothing() -> None:
    bad = [
        KoenigsjassDeal(RUN.hands[:2], C, RUN.talon, RUN.turned),
        KoenigsjassDeal((RUN.hands[0], RUN.hands[0], RUN.hands[2]), C, RUN.talon, RUN.turned),
        KoenigsjassDeal(RUN.hands, 3, RUN.talon, RUN.turned),
        KoenigsjassDeal(RUN.hands, C, RUN.talon, card("HJ")),
        KoenigsjassDeal(RUN.hands, C, RUN.talon & ~cards("D6"), RUN.turned),
    ]
    game = V.new_game(seed=2)
    before = game.round.deal
    for d in bad:
        with pytest.raises(ValueError):
            hand_of(d)
        with pytest.raises(IllegalActionError):
            game.set_deal(d)
        assert game.round.deal == before


def test_illegal_actions_change_nothing() -> None:
    hand = hand_of(ROB)
    obs = hand.observation(A)
    for bad in (A_EXCHANGE, A_PASS, 0, 99, True, "keep"):
        with pytest.raises(IllegalActionError):
            hand.push(bad)  # type: ignore[arg-type]
    assert hand.observation(A) == obs and hand.actions == ()


def test_a_deal_line_and_a_whole_record_round_trip() -> None:
    assert parse_deal_line(format_deal_line(ROB)) == ROB
    for text in ("0 - ; talon - ; turned HA", "x D6 / D7 / D8 ; talon - ; turned HA"):
        with pytest.raises(ValueError):
            parse_deal_line(text)
    game = V.new_game(KoenigsjassRules(target=300), seed=9)
    rng = random.Random(9)
    while not game.is_over:
        game.push(rng.choice(game.legal_actions()))
    back = next(iter(iter_records(format_record(game).splitlines()))).to_game()
    assert back.scores == game.scores and back.actions == game.actions
