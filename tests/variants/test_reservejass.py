"""Reservejass: the deal of four hands, the choice or the swap for the reserve, the dead hand,
the card play, the totals and the win in the middle of a hand."""

from __future__ import annotations

import random
from typing import Any

import pytest

from puur.cards import CardSet, bits, format_card
from puur.contracts import MODE_OBENABE, POINTS
from puur.deal import shuffled
from puur.hand import IllegalActionError
from puur.options import OptionError
from puur.record import format_record, iter_records
from puur.variants import get
from puur.variants.json_actions import as_the_table_sees_it
from puur.variants.json_view import own_view, shared_view
from puur.variants.reservejass import format_deal_line, parse_deal_line
from puur.variants.reservejass_hand import (
    A_CHOOSE,
    A_KEEP,
    A_SWAP,
    RESERVE,
    TAKE,
    ReservejassDeal,
    ReservejassHand,
    deal_reservejass,
)
from puur.variants.reservejass_rules import ReservejassRules, hand_total

V = get("reservejass")
A, B, C = 0, 1, 2  # the dealer is C, so A is the Vorhand and chooses
PLAYING = ("weis", "play")
OBE = A_CHOOSE + MODE_OBENABE
ALL_MODES = [A_CHOOSE + c for c in range(6)]


def cards(text: str) -> int:
    return CardSet.from_text(text).bits


def card(text: str) -> int:
    return cards(text).bit_length() - 1


# A: every Schelle; B: every Rose; C: every Schilte; the reserve: every Eichel.
SUITS = ReservejassDeal(
    (cards("D6 D7 D8 D9 DT DJ DQ DK DA"), cards("H6 H7 H8 H9 HT HJ HQ HK HA"),
     cards("S6 S7 S8 S9 ST SJ SQ SK SA")),
    C, cards("C6 C7 C8 C9 CT CJ CQ CK CA"))
# Mixed hands: the reserve holds the Eicheln Under and Nell, the Schellen Ace and six cards of
# no value in an Eicheln game (worked example 2).
MIXED = ReservejassDeal(
    (cards("DT DJ DQ DK H8 H9 HT HJ S8"), cards("HQ HK HA S9 ST SJ SQ SK SA"),
     cards("C6 C7 C8 CT CQ CK CA D9 S7")),
    C, cards("CJ C9 DA D6 D7 D8 H6 H7 S6"))


def hand_of(deal: ReservejassDeal, rules: ReservejassRules | None = None,
            totals: tuple[int, ...] = (0, 0, 0)) -> ReservejassHand:
    return ReservejassHand(rules or ReservejassRules(), deal, 1, totals)


def play_out(hand: ReservejassHand, seed: int = 1) -> None:
    rng = random.Random(seed)
    while not hand.is_over:
        hand.push(rng.choice(hand.legal_actions()))


# ---------------------------------------------------------------------------------------------
# The page's worked examples


def test_example_1_the_chooser_swaps_then_names_obenabe() -> None:
    hand = hand_of(SUITS)
    assert hand.phase == RESERVE and hand.to_move == A
    assert hand.legal_actions() == [*ALL_MODES, A_SWAP]
    hand.push(A_SWAP)
    assert hand.hands[A] == SUITS.reserve and hand.dead == SUITS.hands[A]
    assert hand.reserve == 0 and hand.swapper == A
    # He must now choose: no second swap, no pushing.
    assert hand.phase == RESERVE and hand.to_move == A and hand.legal_actions() == ALL_MODES
    hand.push(OBE)
    assert (hand.mode, hand.trump, hand.contract) == (MODE_OBENABE, -1, MODE_OBENABE)
    assert hand.phase in PLAYING and hand.to_move == A and hand.leader == A
    assert hand.words == ((A, A_SWAP), (A, OBE))


def test_example_2_the_three_share_157_less_the_dead_hands_points() -> None:
    assert hand_total(MIXED.reserve, 3) == 157 - (20 + 14 + 11) == 112
    assert hand_total(0, 4) == 157
    rules = ReservejassRules(weis=False, stoeck=False)
    for swap in (False, True):
        hand = hand_of(MIXED, rules)
        if swap:
            hand.push(A_SWAP)
        hand.push(A_CHOOSE + 3)  # Eicheln
        dead = hand.out_of_play
        assert dead == (MIXED.hands[A] if swap else MIXED.reserve)
        play_out(hand)
        want = 152 + 5 - sum(POINTS[3][c] for c in bits(dead))
        assert sum(hand.credited) == hand.shared_points() == want
    assert want == 157 - sum(POINTS[3][c] for c in bits(MIXED.hands[A]))


# ---------------------------------------------------------------------------------------------
# The deal, the phases, the end


def test_four_hands_in_threes_the_reserve_after_the_dealer() -> None:
    d = deal_reservejass("x", 1)
    order = shuffled("x")
    assert [h.bit_count() for h in d.hands] == [9, 9, 9] and d.reserve.bit_count() == 9
    assert sum(d.hands) | d.reserve == (1 << 36) - 1
    # Packets: the Vorhand (2), then 0, then the dealer (1), then the reserve.
    for k, owner in enumerate((2, 0, 1, None) * 3):
        packet = sum(1 << c for c in order[3 * k:3 * k + 3])
        held = d.reserve if owner is None else d.hands[owner]
        assert held & packet == packet
    hand = hand_of(d)
    assert hand.chooser == hand.to_move == 2
    game: Any = V.new_game(seed=5)
    first = game.round.dealer
    while len(game.rounds) < 4:
        game.push(game.legal_actions()[0])
    assert [r.chooser for r in game.rounds] == [(first + 1 + k) % 3 for k in range(4)]


def test_without_swap_the_chooser_must_choose() -> None:
    hand = hand_of(SUITS, ReservejassRules(reserve_swap=False))
    assert hand.legal_actions() == ALL_MODES
    hand = hand_of(SUITS, ReservejassRules(obenabe_undenufe=False))
    assert hand.legal_actions() == [*ALL_MODES[:4], A_SWAP]


def test_the_others_may_swap_after_the_choice_with_others_swap() -> None:
    rules = ReservejassRules(others_swap=True)
    hand = hand_of(SUITS, rules)
    hand.push(A_CHOOSE + 1)  # Rosen
    assert hand.phase == TAKE and hand.to_move == B and hand.legal_actions() == [A_SWAP, A_KEEP]
    hand.push(A_KEEP)
    assert hand.to_move == C
    hand.push(A_SWAP)
    assert hand.hands[C] == SUITS.reserve and hand.dead == SUITS.hands[C]
    assert hand.phase in PLAYING and hand.to_move == A and hand.trump == 1
    # The chooser who swapped ends the swapping: nobody else is asked.
    hand = hand_of(SUITS, rules)
    hand.push(A_SWAP)
    hand.push(A_CHOOSE + 1)
    assert hand.phase in PLAYING


def test_the_match_bonus_is_an_option() -> None:
    def a_takes_all(rules: ReservejassRules) -> tuple[int, ...]:
        hand = hand_of(SUITS, rules)
        hand.push(A_CHOOSE + 0)  # Schellen: A holds every trump and leads
        while not hand.is_over:
            hand.push(hand.legal_actions()[-1] if hand.to_move == A else hand.legal_actions()[0])
        assert hand.tricks_won[A] == 9
        return hand.credited

    off = a_takes_all(ReservejassRules(weis=False, stoeck=False))
    on = a_takes_all(ReservejassRules(weis=False, stoeck=False, match_bonus=True))
    assert off == (hand_total(SUITS.reserve, 0), 0, 0)
    assert on[A] == off[A] + 100


def test_the_first_to_the_target_wins_in_the_middle_of_a_hand() -> None:
    hand = hand_of(SUITS, ReservejassRules(weis=False, stoeck=False), totals=(990, 0, 0))
    hand.push(A_CHOOSE + 0)
    hand.push(card("DA"))  # A leads his Ace: 11 with the cards B and C give
    hand.push(hand.legal_actions()[0])
    hand.push(hand.legal_actions()[0])
    assert hand.is_over and hand.winner == A and hand.trick_no == 1
    assert hand.scores_after()[A] >= 1000
    game: Any = V.new_game(ReservejassRules(target=200), seed=3)
    rng = random.Random(3)
    while not game.is_over:
        game.push(rng.choice(game.legal_actions()))
    w = game.winner
    assert game.scores[w] >= 200 and game.standings()[w] == 1
    assert all(t < 200 for s, t in enumerate(game.round.totals) if s != w)
    with pytest.raises(IllegalActionError):
        game.push(0)


def test_the_count_order_decides_who_wins_in_trick_1() -> None:
    # A's nine Schellen (trumps, a run of nine: 100) is the best Weis: at 950 he wins with it
    # at once, unless the tricks count first (then the Weis waits for the
    # last trick).
    for order in ("stoeck-weis-stich", "stoeck-stich-weis"):
        hand = hand_of(SUITS, ReservejassRules(count_order=order), totals=(950, 0, 0))
        hand.push(A_CHOOSE + 0)
        while hand.trick_no < 1 and not hand.is_over:
            legal = hand.legal_actions()
            hand.push(legal[1] if hand.phase == "weis" else legal[0])
        if order == "stoeck-weis-stich":
            assert hand.winner == A == hand.weis_seat
            assert [k for _, _, k in hand.credits] == ["weis"]
        else:
            assert hand.winner == -1 and hand.credited == (hand.trick_values[0], 0, 0)


# ---------------------------------------------------------------------------------------------
# Secrets: the reserve, the dead hand, the reserve seen with ``reserve_seen``


def _moved(deal: ReservejassDeal, a: str, b: str, frm: int, to: int) -> ReservejassDeal:
    """``deal`` with card ``a`` of pile ``frm`` and card ``b`` of pile ``to`` exchanged (pile
    3: the reserve)."""
    piles = [*deal.hands, deal.reserve]
    piles[frm] = piles[frm] & ~cards(a) | cards(b)
    piles[to] = piles[to] & ~cards(b) | cards(a)
    return ReservejassDeal(tuple(piles[:3]), deal.dealer, piles[3])


def _views(deal: ReservejassDeal, words: list[int], seat: int) -> tuple[object, ...]:
    game: Any = V.new_game(seed=1, deals=[deal])
    for w in words:
        game.push(w)
    obs = game.observation(seat)
    with as_the_table_sees_it(game):
        shared = shared_view(game, obs)
    return obs, tuple(obs.to_tensor()), shared, own_view(game, obs) if seat >= 0 else None


def test_the_reserve_is_seen_by_nobody() -> None:
    other = _moved(SUITS, "C6", "H6", 3, B)  # a card of the reserve and one of B's change
    for words in ([], [A_SWAP], [A_CHOOSE + 1]):
        for seat in (-1, A, C):
            if words == [A_SWAP] and seat == A:
                continue  # A holds the reserve now
            assert _views(SUITS, words, seat) == _views(other, words, seat)


def test_after_a_swap_the_old_hand_is_seen_by_nobody_not_even_its_holder() -> None:
    other = _moved(SUITS, "D6", "H6", A, B)  # one card of A's hand and one of B's change
    for seat in (-1, A, C):
        assert _views(SUITS, [A_SWAP], seat) == _views(other, [A_SWAP], seat)
        assert _views(SUITS, [A_SWAP, OBE], seat) == _views(other, [A_SWAP, OBE], seat)
    obs = hand_of(SUITS)
    obs.push(A_SWAP)
    assert obs.observation(A).pile_known == (0, 0) and obs.observation(A).piles == (0, 9)


def test_with_look_the_chooser_alone_sees_the_reserve() -> None:
    rules = ReservejassRules(reserve_seen=True, others_swap=True)
    hand = hand_of(SUITS, rules)
    assert hand.observation(A).pile_known[0] == SUITS.reserve
    assert hand.observation(A).own()["reserve_seen"][0] == "C6"
    for seat in (-1, B, C):
        assert hand.observation(seat).pile_known == (0, 0)
    hand.push(A_CHOOSE + 1)
    hand.push(A_SWAP)  # B takes the reserve: A knows what B holds now
    assert hand.observation(A).known_cards(B) == SUITS.reserve
    assert hand.observation(C).known_cards(B) == 0


# ---------------------------------------------------------------------------------------------
# Bad input


def test_bad_options_are_refused() -> None:
    for bad in ({"target": 50}, {"reserve_seen": "yes"}, {"count_order": "weis-first"}):
        with pytest.raises(OptionError):
            V.rules_from_dict(bad)


def test_bad_deals_are_refused_and_change_nothing() -> None:
    bad = [
        ReservejassDeal(SUITS.hands[:2], C, SUITS.reserve),
        ReservejassDeal((SUITS.hands[0],) * 2 + SUITS.hands[2:], C, SUITS.reserve),
        ReservejassDeal(SUITS.hands, 3, SUITS.reserve),
        ReservejassDeal(SUITS.hands, C, SUITS.reserve & ~cards("C6")),
    ]
    game: Any = V.new_game(seed=2)
    before = game.round.deal
    for d in bad:
        with pytest.raises(ValueError):
            hand_of(d)
        with pytest.raises(IllegalActionError):
            game.set_deal(d)
        assert game.round.deal == before


def test_illegal_actions_change_nothing() -> None:
    hand = hand_of(SUITS)
    obs = hand.observation(A)
    for bad in (A_KEEP, 0, 99, True, "reserve"):
        with pytest.raises(IllegalActionError):
            hand.push(bad)  # type: ignore[arg-type]
    assert hand.observation(A) == obs and hand.actions == ()
    hand.push(A_SWAP)
    with pytest.raises(IllegalActionError):
        hand.push(A_SWAP)
    assert hand.swapper == A and hand.hands[A] == SUITS.reserve


def test_a_deal_line_and_a_whole_record_round_trip() -> None:
    assert parse_deal_line(format_deal_line(SUITS)) == SUITS
    for text in ("0 - ; reserve -", "x D6 / D7 / D8 ; reserve -", "2 D6 / D7 / D8 ; talon D9"):
        with pytest.raises(ValueError):
            parse_deal_line(text)
    hand = hand_of(SUITS)
    assert V.parse_action(hand, "choose:obe") == OBE and V.format_action(hand, OBE) == "choose:obe"
    assert V.parse_action(hand, "reserve") == A_SWAP
    for bad in ("choose:misere", "choose:", "bid:3"):
        with pytest.raises(ValueError):
            V.parse_action(hand, bad)
    game: Any = V.new_game(ReservejassRules(target=300), seed=9)
    rng = random.Random(9)
    while not game.is_over:
        game.push(rng.choice(game.legal_actions()))
    back = next(iter(iter_records(format_record(game).splitlines()))).to_game()
    assert back.scores == game.scores and back.actions == game.actions


def test_a_replay_opens_the_dead_hand_and_the_reserve() -> None:
    from puur.variants.json_view import replay_hands

    game: Any = V.new_game(ReservejassRules(target=150), seed=2)
    rng = random.Random(2)
    while not game.is_over:
        legal = game.legal_actions()
        game.push(A_SWAP if A_SWAP in legal and len(game.rounds) == 1 else rng.choice(legal))
    first = game.rounds[0]
    hands = replay_hands(game)
    dealt = first.deal.hands[first.swapper]  # the swapper's old hand, dead, open in the replay
    assert hands[0]["piles"] == {"dead": [format_card(c) for c in bits(dealt)]}
    if game.rounds[1].swapper < 0 and len(hands) > 1:
        assert set(hands[1]["piles"]) == {"reserve"}
