"""Mittlere (Plus-Minus): the worked examples of its page and the variant's own rules."""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puur.cards import CardSet, parse_card
from puur.contracts import MODE_OBENABE
from puur.hand import OVER, IllegalActionError
from puur.options import OptionError
from puur.tricks import legal_under
from puur.variants import get
from puur.variants.mittlere import VARIANT, MittlereGame, format_deal_line, parse_deal_line
from puur.variants.mittlere_hand import MittlereDeal, MittlereHand, deal_mittlere
from puur.variants.mittlere_rules import PRESETS, MittlereRules, hand_marks, net
from puur.variants.mittlere_view import OBS_SIZE


def mask(text: str) -> int:
    return CardSet.from_text(text).bits


def cards(text: str) -> list[int]:
    return sorted(parse_card(t) for t in text.split())


def hand_of(rules: MittlereRules, *hands: str, dealer: int = 2) -> MittlereHand:
    return MittlereHand(rules, MittlereDeal(tuple(mask(h) for h in hands), dealer))


def play(hand: MittlereHand, tokens: str) -> None:
    for tok in tokens.split():
        hand.push(VARIANT.parse_action(hand, tok))


# Every player holds three cards of each suit; seat 0 (the Vorhand: seat 2 deals) the Ace, King
# and Ober of each, so leading them takes every trick and nobody ever fails to follow.
MATCH = (
    "DA DK DQ HA HK HQ SA SK SQ CA CK CQ",
    "DJ DT D9 HJ HT H9 SJ ST S9 CJ CT C9",
    "D8 D7 D6 H8 H7 H6 S8 S7 S6 C8 C7 C6",
)
MATCH_PLAY = " ".join(f"{s}{r} {s}{lo} {s}{lo2}" for s in "DHSC"
                      for r, lo, lo2 in (("A", "J", "8"), ("K", "T", "7"), ("Q", "9", "6")))


# Worked example 1: 70, 52, 35 -> the highest and the lowest a Strich, the middle two Nuller.
def test_example_1_highest_and_lowest_a_strich_the_middle_two_nuller() -> None:
    m = hand_marks((70, 52, 35), (5, 4, 3))
    assert m == ((1, 0), (0, 2), (1, 0))
    assert [net(x) for x in m] == [1, -2, 1]


# Worked example 2: 104, 53 and 0 without a trick -> 2 Striche to the 53, a Nuller to each other.
def test_example_2_100_or_more_and_no_trick_give_the_middle_two_striche() -> None:
    m = hand_marks((104, 53, 0), (8, 4, 0))
    assert m == ((0, 1), (2, 0), (0, 1))
    assert [net(x) for x in m] == [-1, 2, -1]
    assert hand_marks((0, 104, 53), (0, 8, 4)) == ((0, 1), (0, 1), (2, 0))


def test_100_or_more_alone_gives_two_nuller_and_the_others_a_strich() -> None:
    assert hand_marks((30, 100, 27), (2, 7, 3)) == ((1, 0), (0, 2), (1, 0))
    assert hand_marks((99, 30, 28), (6, 3, 3)) == ((1, 0), (0, 2), (1, 0))  # 99: the usual


def test_no_trick_alone_gives_two_nuller_and_the_others_a_strich() -> None:
    assert hand_marks((80, 0, 77), (7, 0, 5)) == ((1, 0), (0, 2), (1, 0))
    # A trick worth nothing is still a trick: the totals decide as usual.
    assert hand_marks((80, 0, 77), (7, 1, 4)) == ((1, 0), (1, 0), (0, 2))


def test_a_match_gives_two_striche_and_a_nuller_to_each_other() -> None:
    assert hand_marks((0, 157, 0), (0, 12, 0)) == ((0, 1), (2, 0), (0, 1))


@pytest.mark.parametrize(
    ("points", "void", "share"),
    [
        ((70, 70, 17), ((0, 0), (0, 0), (1, 0)), ((1, 0), (1, 0), (1, 0))),
        ((77, 40, 40), ((1, 0), (0, 0), (0, 0)), ((1, 0), (1, 0), (1, 0))),
    ],
)
def test_tied_players_get_nothing_or_share_their_rank(
    points: tuple[int, int, int], void: tuple[tuple[int, int], ...],
    share: tuple[tuple[int, int], ...],
) -> None:
    assert hand_marks(points, (4, 4, 4)) == void
    assert hand_marks(points, (4, 4, 4), ties="share") == share


def test_bad_scoring_input_is_refused() -> None:
    for pts, trk, ties in (((1, 2), (1, 1), "void"), ((1, 2, 3), (1, 1, 1), "split"),
                           ((1, -2, 3), (1, 1, 1), "void")):
        with pytest.raises(ValueError):
            hand_marks(pts, trk, ties)


def test_without_negative_only_striche_count() -> None:
    assert [net(m, negative=False) for m in hand_marks((70, 52, 35), (5, 4, 3))] == [1, 0, 1]


def test_a_match_played_out_scores_two_striche() -> None:
    hand = hand_of(MittlereRules(), *MATCH)
    assert hand.vorhand == 0 and hand.to_move == 0
    play(hand, MATCH_PLAY)
    assert hand.phase == OVER and hand.trump == -1 and hand.mode == MODE_OBENABE
    assert hand.trick_points == (157, 0, 0) and hand.tricks_taken() == (12, 0, 0)
    assert hand.marks() == ((2, 0), (0, 1), (0, 1)) and hand.result() == (2, -1, -1)
    assert hand.summary()["marks"] == [[2, 0], [0, 1], [0, 1]]


def test_the_first_discard_fixes_trumps_and_undertrumping_needs_a_void() -> None:
    hand = hand_of(MittlereRules(), "DA DK DQ DJ HA HK HQ HJ SA SK SQ SJ",
                   "DT D9 D8 D7 HT H9 H8 H7 ST S9 S8 S7",
                   "D6 H6 S6 C6 C7 C8 C9 CT CJ CQ CK CA")
    play(hand, "DA")
    assert hand.legal_actions() == cards("DT D9 D8 D7")  # everyone must follow
    play(hand, "D7 D6 HA H7 H6")  # every suit is still followed: no trumps yet
    assert hand.trump == -1
    play(hand, "DK D8")
    assert hand.legal_actions() == cards("S6 C6 C7 C8 C9 CT CJ CQ CK CA")  # void: any card
    play(hand, "C6")
    assert hand.trump == 3 and hand.trump_card == parse_card("C6") and hand.trump_seat == 2
    assert hand.trick_winners[-1] == 2  # the card that fixed trumps takes its trick
    # Schieber's rules now: Eicheln trumps, a void player may undertrump, one who can follow may
    # not (with the option, not even when void).
    best, rule = parse_card("CK"), MittlereRules().play_rule()
    assert legal_under(rule, mask("C7 H8"), 0, best, 3) == mask("C7 H8")
    assert legal_under(rule, mask("C7 D9"), 0, best, 3) == mask("D9")
    assert legal_under(MittlereRules(undertrump="forbidden").play_rule(), mask("C7 H8"),
                       0, best, 3) == mask("H8")


def test_no_weis_and_no_stoeck_are_ever_offered() -> None:
    rng = random.Random(5)
    for seed in range(5):
        game = MittlereGame(MittlereRules(hands=3), seed=seed)
        while not game.is_over:
            legal = game.legal_actions()
            assert legal and all(0 <= a < 36 for a in legal)
            game.push(rng.choice(legal))
        for r in game.rounds:
            assert r.weis_seat == -1 and r.stoeck_seat == -1 and r.credited == r.trick_points


def test_an_illegal_action_changes_nothing() -> None:
    hand = hand_of(MittlereRules(), *MATCH)
    play(hand, "DA")
    before = dict(hand.__dict__)
    for bad in (parse_card("HJ"), 36, 40, -1, "DJ"):
        with pytest.raises(IllegalActionError):
            hand.push(bad)  # type: ignore[arg-type]
        assert hand.__dict__ == before
    with pytest.raises(ValueError):
        VARIANT.parse_action(hand, "stoeck")


def test_options_are_checked() -> None:
    for bad in ({"hands": 0}, {"ties": "split"}, {"undertrump": "free"}, {"negative": "yes"},
                {"players": 4}):
        with pytest.raises(OptionError):
            VARIANT.rules_from_dict(bad)
    assert MittlereRules().hands == 12 and MittlereRules().negative
    assert PRESETS["plus-minus"].negative is False and PRESETS["share-ties"].ties == "share"


def test_the_deal_twelve_each_from_the_seat_after_the_dealer() -> None:
    rules = MittlereRules()
    d = deal_mittlere(rules, 11, 1)
    assert d.dealer == 1 and [h.bit_count() for h in d.hands] == [12, 12, 12]
    assert d.hands[0] | d.hands[1] | d.hands[2] == (1 << 36) - 1
    assert MittlereHand(rules, d).to_move == 2
    assert deal_mittlere(rules, 11, 1) == d


def test_bad_deals_are_refused() -> None:
    rules = MittlereRules()
    good = deal_mittlere(rules, 3, 0)
    for bad in (MittlereDeal(good.hands, 3), MittlereDeal(good.hands[:2], 0),
                MittlereDeal((good.hands[0], good.hands[0], good.hands[2]), 0), good.hands):
        with pytest.raises(ValueError):
            MittlereHand(rules, bad)  # type: ignore[arg-type]


def test_the_deal_line_round_trips_and_bad_lines_are_refused() -> None:
    rules = MittlereRules()
    d = deal_mittlere(rules, 7, 2)
    assert parse_deal_line(rules, format_deal_line(d)) == d
    for bad in ("", "x D6", "3 " + format_deal_line(d)[2:], format_deal_line(d) + " / D6"):
        with pytest.raises(ValueError):
            parse_deal_line(rules, bad)


def _play_game(rules: MittlereRules, seed: int) -> MittlereGame:
    game = MittlereGame(rules, seed=seed)
    rng = random.Random(seed)
    while not game.is_over:
        game.push(rng.choice(game.legal_actions()))
    return game


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_a_game_is_twelve_hands_and_the_best_net_wins(preset: str) -> None:
    rules = PRESETS[preset]
    game = _play_game(rules, 4)
    assert len(game.rounds) == 12 and game.legal_actions() == []
    dealers = [r.dealer for r in game.rounds]
    assert all(b == (a + 1) % 3 for a, b in itertools.pairwise(dealers))
    marks = [hand_marks(r.trick_points, r.tricks_taken(), rules.ties) for r in game.rounds]
    totals = [sum(net(m[s], rules.negative) for m in marks) for s in range(3)]
    assert list(game.scores) == totals
    best = max(totals)
    assert [p == 1 for p in game.standings()] == [t == best for t in totals]
    assert game.summary()["places"] == list(game.standings())
    striche = [sum(m[s][0] for m in marks) for s in range(3)]
    assert [m[0] for m in game.marks()] == striche
    if not rules.negative:
        assert all(t >= 0 for t in totals)


def _full_state(hand: MittlereHand) -> dict[str, object]:
    return {k: v for k, v in hand.__dict__.items() if k not in ("_stack", "_options_cache")}


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**31), preset=st.sampled_from(sorted(PRESETS)))
def test_points_add_up_every_card_once_and_pop_restores(seed: int, preset: str) -> None:
    hand = MittlereGame(PRESETS[preset], seed=seed).round
    rng = random.Random(seed)
    while not hand.is_over:
        before = _full_state(hand)
        a = rng.choice(hand.legal_actions())
        hand.push(a)
        assert hand.pop() == a and _full_state(hand) == before
        hand.push(a)
    assert sum(hand.trick_points) == 157 and sum(hand.tricks_taken()) == 12
    assert len(set(hand.trick_modes)) == 1
    assert sorted(hand.played) == list(range(36))
    # Every way of marking a hand is zero-sum while Nuller count and no totals are tied.
    if PRESETS[preset].negative and len(set(hand.trick_points)) == 3:
        assert sum(hand.result()) == 0


def test_the_variant_is_registered_under_its_names() -> None:
    assert get("mittlere") is VARIANT and get("Plus-Minus") is VARIANT
    assert VARIANT.num_seats(None) == 3 and VARIANT.players == (3,)
    assert VARIANT.lower_is_better is False
    assert VARIANT.action_space(None).name(parse_card("CA")) == "CA"


def test_every_seat_sees_the_same_panel_and_the_tensor_size() -> None:
    hand = hand_of(MittlereRules(), *MATCH)
    play(hand, "DA DJ D8 DK")
    panels = [hand.observation(s).panel() for s in (-1, 0, 1, 2)]
    assert all(p == panels[0] for p in panels)
    # Obenabe values: the Ace 11, the Under 2, the 8 8.
    assert panels[0]["tricks"] == [1, 0, 0] and panels[0]["made"] == [21, 0, 0]
    assert panels[0]["middle_marks"] is None and panels[0]["result"] is None
    obs = hand.observation(1)
    assert obs.hand == mask(MATCH[1]) & ~mask("DJ") and obs.legal_actions == tuple(
        cards("DT D9"))
    assert len(obs.to_tensor()) == OBS_SIZE
    assert hand.observation(0).legal_actions == ()
