"""Zuger: the deal, forcing, the declaring, the settling, the written points and the end."""

from __future__ import annotations

import random
from itertools import pairwise

import pytest

from puur.cards import CardSet, Rank, parse_card
from puur.hand import IllegalActionError
from puur.options import OptionError
from puur.variants import get
from puur.variants.zuger import format_deal_line, parse_deal_line
from puur.variants.zuger_hand import (
    A_ACCEPT,
    A_FORCE,
    A_HOME,
    A_MAYBE,
    A_NOFORCE,
    A_REFUSE,
    A_STAY,
    ZugerDeal,
    ZugerHand,
    deal_zuger,
)
from puur.variants.zuger_rules import ZugerRules, forcing_open, settlement, written

V = get("zuger")


def cards(text: str) -> int:
    return CardSet.from_text(text).bits


#: Dealer 0 sits out; A (seat 1, the Vorhand) holds H6-H9 (a 50 Weis) and nothing else of a
#: Weis, B (seat 2) no Weis, C (seat 3) the rest with the bottom card, the Ace of Eicheln.
A = cards("H6 H7 H8 H9 D6 D8 DT DQ S7 S9 SJ SK")
B = cards("D7 D9 DJ DK HT HQ HA S6 S8 ST SQ C6")
C = cards("DA HJ HK SA C7 C8 C9 CT CJ CQ CK CA")
DEAL = ZugerDeal((0, A, B, C), 0, parse_card("CA"))


def game(rules: ZugerRules | None = None, deal: ZugerDeal = DEAL) -> object:
    return V.new_game(rules, seed=1, deals=[deal])


def say(g: object, *words: int) -> None:
    for w in words:
        g.push(w)  # type: ignore[attr-defined]


# ---------------------------------------------------------------------------------------------
# The page's worked examples


def test_example_1_written_points_a_fall_and_the_dealer() -> None:
    assert written(93, weis=50) == 14
    assert written(44) == 4
    assert written(20) == -10
    assert ZugerRules().dealer_bonus == 10


def test_example_2_a_settlement_with_half_of_a_50_weis() -> None:
    g = game()
    hand = g.round  # type: ignore[attr-defined]
    assert hand.own_weis(1) == 50 and hand.own_weis(2) == 0
    say(g, A_STAY, A_STAY, A_HOME)
    assert hand.phase == "settle" and hand.to_move == 1
    say(g, A_ACCEPT, A_ACCEPT)
    assert hand.settled and not hand.played
    assert hand.written() == (10, 9, 7, 0)
    assert settlement(50) == 9


def test_a_match_writes_ten_more() -> None:
    assert written(157, tricks=12) == 25
    assert written(157, weis=100, tricks=12) == 35


# ---------------------------------------------------------------------------------------------
# The deal


def test_the_dealer_sits_out_and_the_bottom_card_lies_with_the_last_active_seat() -> None:
    for dealer in range(4):
        d = deal_zuger(ZugerRules(), "s", dealer)
        assert d.hands[dealer] == 0
        assert sorted(h.bit_count() for h in d.hands) == [0, 12, 12, 12]
        assert d.hands[(dealer + 3) % 4] >> d.turned & 1
        assert sum(d.hands) == (1 << 36) - 1


def test_at_a_table_of_three_everyone_plays_and_the_dealer_holds_the_bottom_card() -> None:
    d = deal_zuger(ZugerRules(players=3), "s", 1)
    assert [h.bit_count() for h in d.hands] == [12, 12, 12]
    assert d.hands[1] >> d.turned & 1
    hand = ZugerHand(ZugerRules(players=3), d)
    assert hand.order == (2, 0, 1) and hand.sitting_out == -1


def test_the_turned_card_gives_trumps() -> None:
    hand = game().round  # type: ignore[attr-defined]
    assert hand.trump == parse_card("CA") // 9 and hand.turned_seat == 3


@pytest.mark.parametrize("bad", [
    ZugerDeal((A, 0, B, C), 0, parse_card("CA")),            # the dealer holds cards
    ZugerDeal((0, A, B, C), 0, parse_card("H6")),            # turned card not the last seat's
    ZugerDeal((0, A, B, C | cards("H6")), 0, parse_card("CA")),  # a card twice, 13 cards
    ZugerDeal((0, A, B), 0, parse_card("CA")),               # three hands at a table of four
    ZugerDeal((0, A, B, C), 4, parse_card("CA")),            # no such dealer
])
def test_a_bad_deal_is_refused_and_changes_nothing(bad: ZugerDeal) -> None:
    with pytest.raises(ValueError):
        ZugerHand(ZugerRules(), bad)
    g = game()
    before = g.round  # type: ignore[attr-defined]
    with pytest.raises(IllegalActionError) as e:
        g.set_deal(bad)  # type: ignore[attr-defined]
    assert e.value.reason == "bad_deal"
    assert g.round is before  # type: ignore[attr-defined]


def test_a_deal_line_round_trips_and_a_bad_one_is_refused() -> None:
    line = format_deal_line(DEAL)
    assert line.startswith("0 - / ")
    assert parse_deal_line(ZugerRules(), line) == DEAL
    for bad in ("0 - / x", line.replace("turned", "trumps"), line.replace("CA", "H6", 1)[:-2]):
        with pytest.raises(ValueError):
            parse_deal_line(ZugerRules(), bad)


# ---------------------------------------------------------------------------------------------
# The declaring


def test_a_maybe_plays_when_someone_goes_home() -> None:
    g = game(V.preset("always-play"))
    say(g, A_STAY, A_MAYBE, A_HOME)
    hand = g.round  # type: ignore[attr-defined]
    assert hand.in_play == (1, 2) and hand.phase in ("play", "weis") and hand.to_move == 1
    assert hand.gone_home() == (3,)


def test_a_maybe_goes_home_when_nobody_else_does() -> None:
    g = game()
    say(g, A_STAY, A_MAYBE, A_STAY)
    hand = g.round  # type: ignore[attr-defined]
    assert hand.staying == (1, 3) and hand.gone_home() == (2,) and hand.phase == "settle"


def test_nobody_staying_is_a_redeal_by_the_next_dealer() -> None:
    for words in ((A_HOME, A_HOME, A_HOME), (A_MAYBE, A_MAYBE, A_MAYBE)):
        g = game()
        first = g.round  # type: ignore[attr-defined]
        say(g, *words)
        assert first.redealt and first.written() == (0, 0, 0, 0)
        assert len(g.rounds) == 2 and g.round.dealer == 1  # type: ignore[attr-defined]
        assert g.scores == (0, 0, 0, 0)  # type: ignore[attr-defined]
    g = game()
    say(g, A_HOME, A_MAYBE, A_MAYBE)  # one went home: the two maybes play
    assert g.round.staying == (2, 3)  # type: ignore[attr-defined]


def test_one_left_alone_writes_ten_without_play_and_the_dealer_his_ten() -> None:
    for words, alone in (((A_HOME, A_HOME, A_STAY), 3), ((A_HOME, A_MAYBE, A_HOME), 2)):
        g = game()
        hand = g.round  # type: ignore[attr-defined]
        say(g, *words)
        assert hand.is_over and not hand.played
        expected = [10, 0, 0, 0]
        expected[alone] = 10
        assert hand.written() == tuple(expected)
    rules = ZugerRules(alone_points=5, dealer_bonus=0)
    g = game(rules)
    say(g, A_STAY, A_HOME, A_HOME)
    assert g.rounds[0].written() == (0, 5, 0, 0)  # type: ignore[attr-defined]


def test_a_refusal_means_play_and_the_second_is_not_asked() -> None:
    g = game()
    say(g, A_HOME, A_STAY, A_STAY, A_REFUSE)
    hand = g.round  # type: ignore[attr-defined]
    assert not hand.settled and hand.in_play == (2, 3) and hand.to_move == 2  # the first in
    assert hand.answers[3] == -1
    g2 = game()
    say(g2, A_STAY, A_HOME, A_STAY, A_ACCEPT, A_REFUSE)
    assert g2.round.in_play == (1, 3)  # type: ignore[attr-defined]


def test_without_negotiation_two_who_stay_play() -> None:
    g = game(ZugerRules(negotiation="off"))
    say(g, A_STAY, A_STAY, A_HOME)
    assert g.round.in_play == (1, 2)  # type: ignore[attr-defined]


def test_forcing_when_a_player_is_within_14_of_the_end() -> None:
    totals = (90, 20, 5, 40)
    hand = ZugerHand(ZugerRules(), DEAL, 5, totals)
    assert hand.phase == "force" and hand.to_move == 2  # the lowest, whoever deals
    assert hand.legal_actions() == [A_FORCE, A_NOFORCE]
    hand.push(A_FORCE)
    assert hand.forced and hand.in_play == (1, 2, 3) and hand.to_move == 1
    other = ZugerHand(ZugerRules(), DEAL, 5, totals)
    other.push(A_NOFORCE)
    assert other.phase == "declare" and other.to_move == 1
    assert ZugerHand(ZugerRules(forcing=False), DEAL, 5, totals).phase == "declare"
    assert ZugerHand(ZugerRules(), DEAL, 5, (85, 20, 5, 40)).phase == "declare"
    # Equal lowest: the first of them from the Vorhand; the dealer (last) may force too.
    assert ZugerHand(ZugerRules(), DEAL, 5, (0, 90, 30, 0)).to_move == 3
    assert ZugerHand(ZugerRules(), DEAL, 5, (0, 90, 30, 5)).to_move == 0
    assert forcing_open(ZugerRules(end="sum_reaches_100"), (30, 30, 26, 0))


# ---------------------------------------------------------------------------------------------
# Scoring a played hand, and the end


def play_out(g: object, rng: random.Random) -> None:
    while not g.is_over and len(g.rounds) == 1:  # type: ignore[attr-defined]
        g.push(rng.choice(g.legal_actions()))  # type: ignore[attr-defined]


@pytest.mark.parametrize("players", [4, 3])
def test_a_played_hand_writes_tens_falls_the_match_and_the_under(players: int) -> None:
    rules = ZugerRules(players=players, negotiation="off")
    checked = 0
    for seed in range(40):
        g = V.new_game(rules, seed=seed)
        hand = g.round
        rng = random.Random(seed)
        while hand.phase in ("force", "declare"):
            g.push(A_STAY)
        play_out(g, rng)
        under = hand.under_holder()
        want = [0] * players
        if players == 4:
            want[hand.dealer] = 10
        for s in hand.playing:
            pts, weis, stoeck = hand.parts(s)
            assert pts == hand.trick_points[s]
            want[s] += (-10 if pts < 21 else (pts + weis + stoeck) // 10
                        + (10 if hand.tricks_won[s] == 12 else 0))
            if players == 3 and hand.tricks_won[s] == 0:
                want[under] += 8
                checked += 1
        assert hand.written() == tuple(want)
        assert hand.deal.hands[under] >> (9 * hand.trump + Rank.UNDER) & 1
    assert players == 4 or checked  # some random hand left a player without a trick


def test_the_under_bonus_is_for_a_table_of_three_only() -> None:
    r3 = ZugerRules(players=3)
    d = deal_zuger(r3, "u", 0)
    hand = ZugerHand(r3, d)
    assert hand.under_holder() in hand.active


def test_the_end_first_to_100_or_the_sum() -> None:
    assert ZugerRules().game_over((100, 0, -10, 3))
    assert not ZugerRules().game_over((99, 98, 97, 96))
    assert ZugerRules(end="sum_reaches_100").game_over((40, 30, 20, 10))
    assert not ZugerRules(end="sum_reaches_100").game_over((40, 30, 20, 9))


def test_a_whole_game_ends_at_100_with_the_highest_first() -> None:
    for preset in V.presets:
        rules = V.preset(preset)
        g = V.new_game(rules, seed=3)
        rng = random.Random(3)
        while not g.is_over:
            g.push(rng.choice(g.legal_actions()))
        assert rules.game_over(g.scores)
        assert not rules.game_over(V.hand_scores(g, len(g.rounds) - 2))
        best = max(g.scores)
        assert [p == 1 for p in g.standings()] == [s == best for s in g.scores]
        dealers = [r.dealer for r in g.rounds]
        assert all(b == (a + 1) % rules.players for a, b in pairwise(dealers))


# ---------------------------------------------------------------------------------------------
# Bad input


def test_a_bad_action_is_refused_and_changes_nothing() -> None:
    g = game()
    hand = g.round  # type: ignore[attr-defined]
    before = (hand.phase, hand.to_move, hand.said, hand.actions)
    for bad, reason in ((A_ACCEPT, "not_legal"), (A_FORCE, "not_legal"), (0, "not_legal"),
                        (999, "unknown_action"), ("stay", "unknown_action")):
        with pytest.raises(IllegalActionError) as e:
            g.push(bad)  # type: ignore[attr-defined]
        assert e.value.reason == reason
        assert (hand.phase, hand.to_move, hand.said, hand.actions) == before
    say(g, A_STAY, A_STAY, A_HOME)
    with pytest.raises(IllegalActionError):
        g.push(A_STAY)  # type: ignore[attr-defined]
    assert hand.phase == "settle" and hand.to_move == 1


@pytest.mark.parametrize("options", [{"players": 5}, {"negotiation": "free"},
                                     {"dealer_bonus": -1}, {"end": "sum"}, {"forcing": "yes"}])
def test_bad_options_are_refused(options: dict[str, object]) -> None:
    with pytest.raises(OptionError):
        V.rules_from_dict(options)


def test_words_read_and_write_as_tokens() -> None:
    hand = game().round  # type: ignore[attr-defined]
    for a in (A_STAY, A_HOME, A_MAYBE, A_ACCEPT, A_REFUSE, A_FORCE, A_NOFORCE):
        assert V.parse_action(hand, V.format_action(hand, a)) == a
    with pytest.raises(ValueError):
        V.parse_action(hand, "fold")
