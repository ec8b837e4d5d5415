"""Molotow: the worked examples of its page and the variant's own rules."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puur.cards import CardSet, parse_card
from puur.contracts import MODE_OBENABE
from puur.hand import OVER, STOECK, WEIS, IllegalActionError
from puur.options import OptionError
from puur.tricks import legal_under
from puur.variants import get
from puur.variants.molotow import VARIANT, MolotowGame, format_deal_line, parse_deal_line
from puur.variants.molotow_hand import (
    A_STOECK,
    A_WEIS,
    MolotowDeal,
    MolotowHand,
    deal_molotow,
)
from puur.variants.molotow_rules import (
    PRESETS,
    REMOVED_AT_FIVE,
    MolotowRules,
    hand_score,
    marks,
    table_weis,
)


def mask(text: str) -> int:
    return CardSet.from_text(text).bits


def cards(text: str) -> list[int]:
    return [parse_card(t) for t in text.split()]


def hand_of(rules: MolotowRules, *hands: str, dealer: int = 3) -> MolotowHand:
    return MolotowHand(rules, MolotowDeal(tuple(mask(h) for h in hands), dealer))


def play(hand: MolotowHand, tokens: str) -> None:
    """Push record tokens; a Weis question not named in ``tokens`` is answered quietly."""
    for tok in tokens.split():
        if hand.phase == WEIS and not tok.startswith("weis"):
            hand.push(A_WEIS)
        if tok.startswith("weis:") and tok[5:].isdigit():
            hand.push(A_WEIS + int(tok[5:]))  # the k-th split offered
        else:
            hand.push(VARIANT.parse_action(hand, tok))


# A deal of four where everyone holds one Schilten card but D, who holds six and no Rosen.
SPREAD = (
    "SA H6 H7 HK D6 D7 C6 C7 C8",
    "S9 H8 H9 HA D8 D9 C9 CT CJ",
    "S6 HT HJ HQ DT DJ DQ CQ CK",
    "SJ S7 S8 ST SQ SK DK DA CA",
)


# Worked example 1: Rosen 10 led, B and C follow, D has no Rosen and plays the Schilten 8: it
# makes Schilten trumps and takes the trick as a trump.
def test_example_1_the_first_discard_fixes_trumps_and_takes_its_trick() -> None:
    hand = hand_of(MolotowRules(weis=False), "HT D6 D7 D8 D9 DT DJ DQ DK",
                   "H6 HA C6 C7 C8 C9 CT CJ CQ", "H7 H8 H9 HJ HQ HK DA CK CA",
                   "S6 S7 S8 S9 ST SJ SQ SK SA")
    assert hand.to_move == 0 and hand.trump == -1 and hand.mode == MODE_OBENABE
    play(hand, "HT")
    assert hand.legal_actions() == cards("H6 HA")  # strict: must follow, no discard
    play(hand, "H6 H7")
    play(hand, "S8")
    assert hand.trump == 2 and hand.trump_card == parse_card("S8") and hand.trump_seat == 3
    assert hand.trick_winners == (3,)
    assert hand.trick_values == (10,)  # HT 10, the trump 8 nothing


def test_a_higher_trump_in_the_same_trick_beats_the_card_that_fixed_trumps() -> None:
    hand = hand_of(MolotowRules(weis=False), "HT D6 D7 D8 D9 DT DJ DQ DK",
                   "H6 HA C6 C7 C8 C9 CT CJ CQ", "S6 S7 S8 ST SJ SK DA CK CA",
                   "H7 H8 H9 HJ HQ HK S9 SQ SA")
    play(hand, "HT H6 S7")  # C has no Rosen: Schilten trumps
    # D can follow: under Schieber's rules now, a trump may be played instead, not a lower one.
    assert hand.legal_actions() == sorted(cards("H7 H8 H9 HJ HQ HK S9 SQ SA"))
    play(hand, "S9")
    assert hand.trick_winners == (3,)  # the trump 9 beats the trump 7


def test_the_tricks_before_trumps_are_valued_again_in_the_final_contract() -> None:
    hand = hand_of(MolotowRules(), *SPREAD)
    play(hand, "SA S9 S6 SJ")
    assert hand.trick_winners == (0,) and hand.trick_values == (13,)  # Obenabe: A 11, J 2
    play(hand, "H6 H8 HT S7")  # D has no Rosen: Schilten trumps
    # Trick 1 again, as trumps: Ace 11, Nell 14, Puur 20.
    assert hand.trick_values == (45, 10) and hand.trick_modes == (2, 2)
    assert hand.trick_points[0] == 45 and hand.credited[0] == 45
    assert hand.trick_winners == (0, 3)


def test_stoeck_held_when_trumps_were_fixed_takes_20_off() -> None:
    hand = hand_of(MolotowRules(), *SPREAD)
    play(hand, "SA S9 S6 SJ H6 H8 HT S7")
    assert hand.stoeck_seat == 3
    play(hand, "SQ H7 H9 HJ SK")
    assert hand.phase == STOECK
    before = hand.credited[3]
    hand.push(A_STOECK)
    assert hand.credited[3] == before - 20
    assert hand.stoeck_points() == (0, 0, 0, 20)


def test_no_stoeck_when_king_or_ober_was_played_before_trumps() -> None:
    hand = hand_of(MolotowRules(), *SPREAD)
    play(hand, "SA S9 S6 SK H6 H8 HT S7")
    assert hand.trump == 2 and hand.stoeck_seat == -1


@pytest.mark.parametrize("counts", [True, False])
def test_the_card_that_fixes_trumps_counts_for_stoeck_as_the_option_says(counts: bool) -> None:
    hand = hand_of(MolotowRules(stoeck_fixing_card=counts), *SPREAD)
    play(hand, "SA S9 S6 SJ H6 H8 HT SK")  # D fixes trumps with his King, holding the Ober
    assert hand.stoeck_seat == (3 if counts else -1)


def test_undertrumping_is_allowed_when_void_unless_the_option_forbids_it() -> None:
    # Schilten trumps, Rosen led, the trump King in the trick; the player holds no Rosen.
    hand, best = mask("S6 D7"), parse_card("SK")
    assert legal_under(MolotowRules().play_rule(), hand, 1, best, 2) == hand
    forbidden = MolotowRules(undertrump="forbidden").play_rule()
    assert legal_under(forbidden, hand, 1, best, 2) == mask("D7")


def test_every_hand_weis_is_taken_off_its_own_holder_and_shown() -> None:
    hand = hand_of(MolotowRules(), *SPREAD)
    play(hand, "weis:1 SA")       # A: Eicheln 6-7-8
    play(hand, "weis:- S9")
    play(hand, "weis:1 S6")       # C's best split
    play(hand, "weis:- SJ")
    weis = hand.weis_points()
    assert weis[0] == 20 and weis[1] == 0 and weis[2] >= 20 and weis[3] == 0
    assert hand.credited[0] == 13 - 20
    seen = hand.observation(1)
    assert seen.weis_shown[0] == hand.declared[0] and seen.weis_shown[2] == hand.declared[2]
    assert seen.known_cards(0) == mask("C6 C7 C8")
    # Every Weis counts for its holder: no seat holds "the best Weis".
    assert hand.weis_seat >= 0 and seen.weis_seat == -1


def test_with_best_weis_only_the_best_weis_counts() -> None:
    hand = hand_of(MolotowRules(best_weis_only=True), *SPREAD)
    play(hand, "weis:1 SA weis:- S9 weis:1 S6 weis:- SJ")
    assert hand.weis_points()[0] == 0 and hand.weis_points()[2] > 0  # C's Weis beats A's
    assert hand.observation(1).weis_shown[0] == ()
    assert hand.observation(1).weis_seat == 2  # the one Weis that counts is named


# Worked example 2: trick points A 40, B 30, C 50, D 37; A declared a Dreiblatt, B had Stöck,
# a trick C won held Eicheln 7-8-9.
def test_example_2_family_a_hand_scores() -> None:
    table = table_weis(cards("C7 C8 C9 HA"))
    assert table == 20
    scores = [hand_score(40, weis=20), hand_score(30, stoeck=20), hand_score(50, table=table),
              hand_score(37)]
    assert scores == [20, 10, 70, 37]


def test_table_weis_of_longer_runs_and_four_of_a_kind() -> None:
    assert table_weis(cards("C6 C7 C8 C9")) == 50
    assert table_weis(cards("C6 C7 C8 C9 CT")) == 100
    assert table_weis(cards("C6 C7 C8 C9 CT CJ")) == 100
    assert table_weis(cards("C6 C7 C8 C9 CT CJ"), large=True) == 150
    assert table_weis(cards("C6 C7 C9 CT")) == 0
    assert table_weis(cards("D9 H9 S9 C9")) == 0
    assert table_weis(cards("D9 H9 S9 C9"), fours=True) == 150
    assert table_weis(cards("DA HA SA CA"), fours=True) == 100
    with pytest.raises(ValueError):
        table_weis([36])


def test_a_trick_with_a_run_adds_table_weis_to_its_winner() -> None:
    hand = hand_of(MolotowRules(weis=False), "C7 D6 D7 D8 D9 DT DJ DQ DK",
                   "C8 H6 H7 H8 H9 HT HJ HQ HK", "C9 S6 S7 S8 S9 ST SJ SQ SK",
                   "C6 CT CJ CQ CK CA DA HA SA")
    play(hand, "C7 C8 C9 CA")
    assert hand.trick_winners == (3,) and hand.table_weis == (0, 0, 0, 20)
    assert hand.credited[3] == hand.trick_points[3] + 20
    assert hand.table_weis_tricks == ((0, 3, 20),)


# Worked example 3: family B marks.
def test_example_3_family_b_marks() -> None:
    assert marks((88, 12, 31, 26)) == ((1, 0), (1, 0), (0, 1), (0, 1))
    assert marks((104, 20, 18, 15)) == ((0, 3), (1, 0), (1, 0), (1, 0))


def test_family_b_all_points_and_ties() -> None:
    assert marks((157, 0, 0, 0)) == ((3, 0), (0, 1), (0, 1), (0, 1))
    assert marks((60, 60, 20, 17)) == ((0, 0), (0, 0), (0, 1), (1, 0))
    assert marks((60, 60, 20, 17), "share") == ((1, 0), (1, 0), (0, 1), (1, 0))
    with pytest.raises(ValueError):
        marks((1, 2, 3, 4), "split")


def test_family_b_has_no_weis_and_scores_nuller_less_striche() -> None:
    game = MolotowGame(PRESETS["striche"], seed=4)
    rng = random.Random(4)
    while len(game.rounds) < 3:
        assert game.round.phase not in (WEIS, STOECK)
        game.push(rng.choice(game.legal_actions()))
    played = game.rounds[:2]
    expect = [sum(r.marks()[s][1] - r.marks()[s][0] for r in played) for s in range(4)]
    assert list(game.rounds[2].totals) == expect
    for r in played:
        assert r.marks() == marks(r.trick_points) and r.credited == r.trick_points


def test_options_are_checked() -> None:
    with pytest.raises(OptionError, match="4 players only"):
        MolotowRules(scoring="striche", players=3)
    with pytest.raises(OptionError):
        MolotowRules(players=7)
    with pytest.raises(OptionError):
        VARIANT.rules_from_dict({"hands": 0})
    assert VARIANT.rules_from_dict({"preset": "five"}).players == 5


@pytest.mark.parametrize(("players", "per_seat"), [(3, 12), (4, 9), (5, 7), (6, 6)])
def test_the_deal_for_each_player_count(players: int, per_seat: int) -> None:
    d = deal_molotow(MolotowRules(players=players), "deal", dealer=1)
    assert [h.bit_count() for h in d.hands] == [per_seat] * players
    dealt = 0
    for h in d.hands:
        assert not dealt & h
        dealt |= h
    assert (dealt >> REMOVED_AT_FIVE & 1) == (players != 5)
    game = MolotowGame(MolotowRules(players=players), seed=1, deals=[d])
    assert game.round.to_move == 2 and game.num_seats == players


def test_a_five_player_deal_with_the_schilten_6_is_refused() -> None:
    rules = MolotowRules(players=5)
    d = deal_molotow(rules, 1, 0)
    s6, other = REMOVED_AT_FIVE, (d.hands[0] & -d.hands[0]).bit_length() - 1
    bad = (d.hands[0] & ~(1 << other) | 1 << s6, *d.hands[1:])
    with pytest.raises(ValueError, match="Schilten 6"):
        MolotowHand(rules, MolotowDeal(bad, 0))
    game = MolotowGame(rules, seed=1)
    with pytest.raises(IllegalActionError):
        game.set_deal(MolotowDeal(bad, game.round.dealer))


def test_the_deal_line_round_trips_and_bad_lines_are_refused() -> None:
    rules = MolotowRules(players=6)
    d = deal_molotow(rules, 7, 5)
    assert parse_deal_line(rules, format_deal_line(d)) == d
    for bad in ("", "x D6", "9 " + format_deal_line(d)[2:], format_deal_line(d) + " / D6"):
        with pytest.raises(ValueError):
            parse_deal_line(rules, bad)


def _play_game(rules: MolotowRules, seed: int) -> MolotowGame:
    game = MolotowGame(rules, seed=seed)
    rng = random.Random(seed)
    while not game.is_over:
        game.push(rng.choice(game.legal_actions()))
    return game


def test_a_game_is_the_agreed_hands_and_the_lowest_total_wins() -> None:
    game = _play_game(MolotowRules(hands=3), 2)
    assert len(game.rounds) == 3 and game.legal_actions() == []
    dealers = [r.dealer for r in game.rounds]
    assert dealers[1] == (dealers[0] + 1) % 4 and dealers[2] == (dealers[1] + 1) % 4
    totals = [sum(r.credited[s] for r in game.rounds) for s in range(4)]
    assert list(game.scores) == totals
    best = min(totals)
    assert [p == 1 for p in game.standings()] == [t == best for t in totals]
    assert game.summary()["places"] == list(game.standings())


def test_the_last_hand_counts_twice_with_the_option() -> None:
    game = _play_game(MolotowRules(hands=2, last_hand_double=True), 3)
    first, last = game.rounds
    assert first.result() == first.credited
    assert last.result() == tuple(2 * c for c in last.credited)
    assert game.scores == tuple(a + 2 * b for a, b in zip(first.credited, last.credited,
                                                          strict=True))


def _full_state(hand: MolotowHand) -> dict[str, object]:
    return {k: v for k, v in hand.__dict__.items() if k not in ("_stack", "_options_cache")}


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**31), preset=st.sampled_from(sorted(PRESETS)))
def test_points_add_up_every_card_once_and_pop_restores(seed: int, preset: str) -> None:
    rules = PRESETS[preset]
    hand = MolotowGame(rules, seed=seed).round
    rng = random.Random(seed)
    while not hand.is_over:
        before = _full_state(hand)
        a = rng.choice(hand.legal_actions())
        hand.push(a)
        assert hand.pop() == a and _full_state(hand) == before
        hand.push(a)
    assert hand.phase == OVER
    assert sum(hand.trick_points) == 157  # before Weis, Stöck and table Weis
    assert len(set(hand.trick_modes)) == 1
    dealt = 0
    for h in hand.initial_hands:
        dealt |= h
    assert sorted(hand.played) == sorted(c for c in range(36) if dealt >> c & 1)
    assert len(hand.played) == (35 if rules.players == 5 else 36)
    if rules.family_a:
        expect = [hand.trick_points[s] + hand.table_weis[s] - hand.weis_points()[s]
                  - hand.stoeck_points()[s] for s in range(rules.players)]
        assert list(hand.credited) == expect


def test_the_variant_is_registered_under_its_names() -> None:
    assert get("molotow") is VARIANT and get("Molotow-Jass") is VARIANT
    assert VARIANT.action_space(None).name(A_STOECK) == "stoeck"
    assert VARIANT.num_seats(PRESETS["six"]) == 6


def test_a_weis_is_only_announced_until_trick_1_is_over() -> None:
    hand = hand_of(MolotowRules(), *SPREAD)
    play(hand, "weis:1 SA")
    seen = hand.observation(1)
    assert seen.weis_announced[0] == ((20, 3),)
    assert seen.weis_shown[0] == () and seen.known_cards(0) == 0
    assert hand.observation(-1).weis_shown[0] == ()


def test_the_contract_and_the_public_panel_as_every_seat_sees_them() -> None:
    hand = hand_of(MolotowRules(), *SPREAD)
    assert hand.observation(-1).contract == MODE_OBENABE and hand.contract == MODE_OBENABE
    play(hand, "SA S9 S6 SJ H6 H8 HT S7")
    panels = [hand.observation(s).panel() for s in range(-1, 4)]
    assert all(p == panels[0] for p in panels)
    assert panels[0]["trump_card"] == "S7" and panels[0]["trump_seat"] == 3
    assert panels[0]["trick_values"] == [45, 10] and panels[0]["result"] is None
    assert hand.observation(2).contract == 2 == hand.contract
    assert MolotowRules().stoeck_announce == "second-card"
    assert "stoeck_announce" not in MolotowRules().to_dict()
