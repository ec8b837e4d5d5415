"""Chratzer: the worked examples of its page and the variant's own rules."""

from __future__ import annotations

import random

import pytest

from puur.cards import CardSet, Suit, parse_card
from puur.deal import shuffled
from puur.hand import OVER, IllegalActionError
from puur.options import OptionError
from puur.variants import get
from puur.variants.chratzer import VARIANT, ChratzerGame, format_deal_line, parse_deal_line
from puur.variants.chratzer_hand import (
    A_CHRATZE,
    A_METCHO,
    A_WEG,
    BID,
    JOIN,
    ChratzerDeal,
    ChratzerHand,
    deal_chratzer,
)
from puur.variants.chratzer_rules import PRESETS, ChratzerRules, payout
from puur.variants.chratzer_view import OBS_SIZE


def mask(text: str) -> int:
    return CardSet.from_text(text).bits


def deal(*hands: str, turned: str = "CA H8 S9", dealer: int = 2) -> ChratzerDeal:
    return ChratzerDeal(tuple(mask(h) for h in hands), dealer,
                        tuple(parse_card(t) for t in turned.split()))


THREE = ("DA DK H6 S6", "D6 HA HK C6", "D7 D8 S7 C7")
RULES3 = ChratzerRules(players=3)


def say(hand: ChratzerHand | ChratzerGame, words: str) -> None:
    for w in words.split():
        hand.push(VARIANT.parse_action(hand if isinstance(hand, ChratzerHand) else hand.round, w))


# Worked example 1: four players, pot 16; the Chratzer takes two tricks, two who came along
# one each: 8, 4 and 4 chips, nothing left in the pot.
def test_example_1_each_trick_wins_a_quarter_of_the_pot() -> None:
    p = payout(16, {0: 2, 1: 1, 2: 1}, {0: 2, 1: 1, 2: 1}, 4)
    assert (p.won, p.paid, p.carry) == ((8, 4, 4, 0), (0, 0, 0, 0), 0)


# Worked example 2: three players, pot 18 (6 carried); the Chratzer takes one trick of his two:
# he pays the 18 into the next pot, which also keeps the 2 chips the shares left over.
def test_example_2_a_missed_promise_pays_the_pot_into_the_next() -> None:
    p = payout(18, {0: 1, 2: 3}, {0: 2, 2: 1}, 3)
    assert (p.won, p.paid, p.carry) == ((4, 0, 12), (18, 0, 0), 20)
    q = payout(18, {0: 1, 2: 3}, {0: 2, 2: 1}, 3, remainder="last_trick", penalty="share",
               last_trick=2)
    assert (q.won, q.paid, q.carry) == ((4, 0, 14), (4, 0, 0), 4)


def test_the_deal_gives_two_packets_of_two_and_turns_a_card_after_the_first() -> None:
    rules = ChratzerRules(players=7)
    d = deal_chratzer(rules, "x", 3)
    order = shuffled("x")
    assert [h.bit_count() for h in d.hands] == [4] * 7
    assert d.hands[4] >> order[0] & 1 and d.hands[4] >> order[1] & 1
    assert d.turned[0] == order[14]
    assert d.hands[4] >> order[15] & 1
    assert d.turned[1:] == tuple(order[29:31])
    assert parse_deal_line(rules, format_deal_line(d)) == d


def test_the_first_to_chratze_leads_and_the_others_come_along_or_sit_out() -> None:
    h = ChratzerHand(RULES3, deal(*THREE))
    assert (h.phase, h.to_move, h.pot, h.trump) == (BID, 0, 12, Suit.EICHELN)
    say(h, "weg chratze")
    assert (h.chratzer, h.phase, h.to_move) == (1, JOIN, 2)
    assert h.legal_actions() == [A_WEG, A_METCHO]
    say(h, "weg metcho")
    assert h.in_play == (0, 1) and h.to_move == 1 and h.phase == "play"
    assert h.promises() == {0: 1, 1: 2}


def test_void_in_the_suit_led_a_player_must_trump() -> None:
    h = ChratzerHand(RULES3, deal(*THREE))
    say(h, "chratze metcho weg S6")
    assert h.legal_actions() == [parse_card("C6")]
    with pytest.raises(IllegalActionError):
        h.push(parse_card("HA"))
    assert h.to_move == 1 and h.trick == (parse_card("S6"),)


def test_nobody_chratzt_new_trump_cards_then_the_same_dealer_deals_again() -> None:
    g = ChratzerGame(RULES3, deals=[deal(*THREE)])
    say(g, "weg weg weg")
    assert g.round.trump == Suit.ROSEN and g.round.turned_cards[-1] == parse_card("H8")
    say(g, "weg weg weg")
    assert g.round.trump == Suit.SCHILTEN
    say(g, "weg weg weg")
    assert len(g.rounds) == 2 and g.rounds[0].result() == (-4, -4, -4)
    assert g.round.dealer == 2 and g.round.pot == 24 and g.played_deals() == 0
    assert g.scores == (-4, -4, -4)


def test_nobody_comes_along_the_chratzer_takes_the_pot_or_the_dealer_plays() -> None:
    h = ChratzerHand(RULES3, deal(*THREE), carried=6)
    say(h, "chratze weg weg")
    assert h.phase == OVER and h.result() == (14, -4, -4) and h.carry == 0
    forced = ChratzerHand(ChratzerRules(players=3, alone="dealer_plays"), deal(*THREE))
    say(forced, "chratze weg weg")
    assert forced.forced == 2 and forced.in_play == (0, 2) and forced.to_move == 0
    dealer_chratzt = ChratzerHand(ChratzerRules(players=3, alone="dealer_plays"), deal(*THREE))
    say(dealer_chratzt, "weg weg chratze weg weg")
    assert dealer_chratzt.forced == 0 and dealer_chratzt.to_move == 2


def test_a_played_deal_pays_the_tricks_and_charges_a_missed_promise() -> None:
    g = ChratzerGame(RULES3, deals=[deal(*THREE)])
    # Seat 0 chratzt; seat 1 comes along; seat 0 takes only the DA trick.
    say(g, "chratze metcho weg DA D6 H6 HA")
    r = g.rounds[0]
    assert r.tricks_won[:2] == (1, 1) and r.to_move == 1
    say(g, "HK S6 C6 DK")
    assert r.is_over and r.tricks_won[:2] == (1, 3)
    # Pot 12, share 3: seat 0 wins 3 and pays 12; seat 1 wins 9.
    assert r.result() == (3 - 4 - 12, 9 - 4, -4) and r.carry == 12
    assert g.round.pot == 12 + 12 and g.round.dealer == 0
    assert sum(g.scores) + g.round.carried == 0


def test_the_game_ends_after_its_played_deals() -> None:
    rules = ChratzerRules(players=2, game_deals=2)
    g = ChratzerGame(rules, seed=5)
    rng = random.Random(5)
    while not g.is_over:
        g.push(rng.choice(g.legal_actions()))
    assert g.played_deals() == 2 and not g.legal_actions()
    assert sum(g.scores) + g.pot == 0
    assert g.summary()["over"] and sorted(g.standings())[0] == 1
    with pytest.raises(IllegalActionError):
        g.push(A_WEG)


def test_every_preset_plays_to_its_end_and_keeps_the_chips() -> None:
    for name, rules in PRESETS.items():
        g = VARIANT.new_game(rules, seed=name)
        rng = random.Random(name)
        while not g.is_over:
            assert len(g.observation(g.to_move).to_tensor()) == OBS_SIZE
            g.push(rng.choice(g.legal_actions()))
        assert g.played_deals() == rules.game_deals
        assert sum(g.scores) + g.pot == 0, name


@pytest.mark.parametrize(("data", "name"), [
    ({"players": 8}, "players"), ({"ante": 0}, "ante"), ({"tries": 5}, "tries"),
    ({"alone": "split"}, "alone"), ({"remainder": "dealer"}, "remainder"),
    ({"penalty": "double"}, "penalty"), ({"game_deals": 0}, "game_deals"),
])
def test_bad_options_are_refused(data: dict[str, object], name: str) -> None:
    with pytest.raises(OptionError, match=name):
        VARIANT.rules_from_dict(data)


@pytest.mark.parametrize(("d", "why"), [
    (deal("DA DK H6", "D6 HA HK C6", "D7 D8 S7 C7"), "4 cards"),
    (deal("DA DK H6 S6", "DA HA HK C6", "D7 D8 S7 C7"), "twice"),
    (deal(*THREE, turned="CA H8"), "3 trump"),
    (deal(*THREE, turned="CA H8 DA"), "lies in a hand"),
    (deal(*THREE, dealer=3), "dealer"),
    (ChratzerDeal((1, 2), 0, (3, 4, 5)), "3 hands"),
])
def test_bad_deals_are_refused(d: ChratzerDeal, why: str) -> None:
    with pytest.raises(ValueError, match=why):
        ChratzerHand(RULES3, d)


def test_illegal_actions_change_nothing() -> None:
    h = ChratzerHand(RULES3, deal(*THREE))
    for bad in (A_METCHO, parse_card("DA"), 99, -1, "weg"):
        before = dict(h.__dict__)
        with pytest.raises(IllegalActionError):
            h.push(bad)  # type: ignore[arg-type]
        assert h.__dict__ == before
    say(h, "chratze")
    with pytest.raises(IllegalActionError):
        h.push(A_CHRATZE)
    assert h.chratzer == 0 and h.to_move == 1


def test_the_hand_of_a_player_who_sat_out_stays_secret() -> None:
    other = ("DA DK H6 S6", "D6 HA HK C6", "D9 DT S8 C8")
    obs = []
    for hands in (THREE, other):
        h = ChratzerHand(RULES3, deal(*hands))
        say(h, "chratze metcho weg DA D6 H6 HA HK S6 C6 DK")
        assert h.phase == OVER
        obs.append([h.observation(s) for s in (-1, 0, 1)])
    assert obs[0] == obs[1]
    assert VARIANT.open_piles(h) == {}


def test_the_game_is_registered_with_its_names() -> None:
    assert get("chratze") is VARIANT and get("kratzen") is VARIANT
    assert VARIANT.num_seats(ChratzerRules(players=7)) == 7


def test_the_tensor_stays_bounded_however_big_the_pot_and_the_balances() -> None:
    h = ChratzerHand(RULES3, deal(*THREE), totals=(-10**6, 10**6, 0), carried=10**6)
    v = h.observation(0).to_tensor()
    assert len(v) == OBS_SIZE and all(-1.0 <= x <= 1.0 for x in v)
    assert v[632] < 0 < v[633] and v[639] > 0.99
