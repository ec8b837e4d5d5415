"""Handjass: the deal layouts, the declaring, the play among those in, Striche and the end."""

from __future__ import annotations

import dataclasses
import random

import pytest

from puur.cards import CardSet, Rank, Suit, parse_card
from puur.hand import IllegalActionError
from puur.options import OptionError
from puur.variants import get
from puur.variants.handjass import HandjassGame, format_deal_line, parse_deal_line
from puur.variants.handjass_hand import (
    A_DROP,
    A_MAYBE,
    A_PLAY,
    A_SWAP,
    HandjassDeal,
    HandjassHand,
    deal_handjass,
)
from puur.variants.handjass_rules import REMOVED_AT_FIVE, HandjassRules, strokes

V = get("handjass")


def cards(text: str) -> int:
    return CardSet.from_text(text).bits


# ---------------------------------------------------------------------------------------------
# The page's worked examples


def test_example_1_two_striche_and_a_nuller() -> None:
    got = strokes({0: 61, 1: 47, 2: 30, 3: 19}, 2, 21)
    assert got == {0: (1, 0), 1: (1, 0), 2: (0, 0), 3: (0, 1)}


def test_example_2_a_dropped_player_and_the_schlaeger_minimum() -> None:
    totals = {0: 90, 1: 45, 3: 22}  # C (seat 2) dropped
    assert strokes(totals, 2, 21) == {0: (1, 0), 1: (1, 0), 3: (0, 0)}
    schlaeger = V.preset("schlaeger")
    assert strokes(totals, 2, schlaeger.minimum)[3] == (0, 1)


def play_randomly(game: HandjassGame, rng: random.Random, until: object) -> None:
    while not game.is_over and not until():  # type: ignore[operator]
        game.push(rng.choice(game.legal_actions()))


def test_example_3_a_player_reaching_the_target_leaves_and_the_last_one_loses() -> None:
    for seed in range(20):
        game = V.new_game(seed=seed)
        rng = random.Random(seed)
        play_randomly(game, rng, lambda g=game: len(g.at_table()) < 4)
        if game.is_over:
            continue
        gone = [s for s in range(4) if s not in game.at_table()]
        assert all(game.nets()[s] >= 7 for s in gone)
        hand = game.round
        assert hand.active == game.at_table() and all(hand.hands[s] == 0 for s in gone)
        assert all(s not in hand.order for s in gone)
        if len(hand.active) == 3:  # the three-player deal: 9 each and a blind
            assert hand.layout.blind == 9 and hand.deal.blind >> hand.turned & 1
        play_randomly(game, rng, lambda: False)
        last = game.at_table()
        assert len(last) <= 1
        places = game.standings()
        if last:
            assert places[last[0]] == max(places) and places.count(max(places)) == 1
        return
    raise AssertionError("no game lost a player in 20 seeds")


# ---------------------------------------------------------------------------------------------
# Deal layouts


def test_four_players_nine_each_the_dealers_last_card_is_turned() -> None:
    d = deal_handjass(HandjassRules(), "s", 2, (0, 1, 2, 3))
    assert [h.bit_count() for h in d.hands] == [9, 9, 9, 9] and not d.blind and not d.dead
    assert d.hands[2] >> d.turned & 1
    hand = HandjassHand(HandjassRules(), d)
    assert hand.trump == d.turned // 9 and hand.vorhand == 3
    obs = hand.observation(0)
    assert obs.known_cards(2) == 1 << d.turned and obs.turned_seat == 2


def test_five_players_without_the_schilten_6() -> None:
    r = HandjassRules(players=5)
    d = deal_handjass(r, "s", 0, (0, 1, 2, 3, 4))
    assert [h.bit_count() for h in d.hands] == [7] * 5
    assert not sum(d.hands) >> REMOVED_AT_FIVE & 1
    assert HandjassHand(r, d).observation(1).out_of_play == 1 << REMOVED_AT_FIVE


def test_four_left_of_five_play_with_the_whole_deck() -> None:
    r = HandjassRules(players=5)
    d = deal_handjass(r, "s", 0, (0, 1, 3, 4))
    assert d.hands[2] == 0 and [d.hands[s].bit_count() for s in (0, 1, 3, 4)] == [9] * 4
    assert sum(d.hands) == (1 << 36) - 1


def test_three_and_two_players_get_a_blind_and_two_a_dead_hand() -> None:
    three = deal_handjass(HandjassRules(players=3), "s", 0, (0, 1, 2))
    assert three.blind.bit_count() == 9 and not three.dead and three.blind >> three.turned & 1
    two = deal_handjass(HandjassRules(players=2), "s", 0, (0, 1))
    assert two.blind.bit_count() == 9 and two.dead.bit_count() == 9
    assert sum(two.hands) | two.blind | two.dead == (1 << 36) - 1


def test_twelve_card_deals() -> None:
    r3 = HandjassRules(players=3, deal_12=True)
    d3 = deal_handjass(r3, "s", 1, (0, 1, 2))
    assert [h.bit_count() for h in d3.hands] == [12] * 3 and not d3.blind
    assert d3.hands[1] >> d3.turned & 1 and r3.minimum_for(3) == 31
    r2 = HandjassRules(players=2, deal_12=True)
    d2 = deal_handjass(r2, "s", 1, (0, 1))
    assert [h.bit_count() for h in d2.hands] == [12, 12] and d2.blind.bit_count() == 12
    assert d2.blind >> d2.turned & 1 and not d2.dead
    with pytest.raises(OptionError, match="2 or 3 players"):
        HandjassRules(deal_12=True)


def three_deal(turned: str = "HA", six_with: int = 0) -> HandjassDeal:
    """A three-player deal (dealer 2), Rosen trumps by the turned card, the Rosen 6 with seat
    ``six_with`` (or in the blind: -1)."""
    rest = [c for c in range(36) if c not in (parse_card(turned), parse_card("H6"))]
    hands = [0, 0, 0]
    for s in range(3):
        for c in rest[9 * s:9 * s + 9 - (s == six_with)]:
            hands[s] |= 1 << c
    used = sum(hands)
    pool = [c for c in rest if not used >> c & 1]
    if six_with >= 0:
        hands[six_with] |= cards("H6")
        blind_cards = pool[:8]
    else:
        blind_cards = [parse_card("H6"), *pool[:7]]
    blind = sum(1 << c for c in blind_cards) | cards(turned)
    return HandjassDeal(tuple(hands), 2, parse_card(turned), blind, 0, (0, 1, 2))


def test_the_holder_of_the_trump_6_takes_the_turned_card_before_the_declaring() -> None:
    d = three_deal(six_with=1)
    hand = HandjassHand(HandjassRules(players=3), d)
    assert hand.robber == 1 and hand.hands[1] >> parse_card("HA") & 1
    assert hand.blind >> parse_card("H6") & 1 and not hand.blind >> parse_card("HA") & 1
    obs = hand.observation(0)
    assert obs.known_cards(1) == cards("HA") and obs.pile_known == (cards("H6"), 0)
    assert hand.phase == "declare"
    off = HandjassHand(HandjassRules(players=3, rob=False), d)
    assert off.robber == -1 and off.hands == d.hands


# ---------------------------------------------------------------------------------------------
# Declaring


def test_declaring_goes_round_from_the_vorhand_and_a_swap_is_offered_once() -> None:
    hand = HandjassHand(HandjassRules(players=3), three_deal(six_with=-1))
    assert hand.to_move == 0 and hand.legal_actions() == [A_PLAY, A_DROP, A_SWAP]
    old = hand.hands[0]
    hand.push(A_SWAP)
    assert hand.hands[0] == three_deal(six_with=-1).blind and hand.blind == old
    assert hand.to_move == 1 and A_SWAP not in hand.legal_actions()
    hand.push(A_DROP)
    hand.push(A_PLAY)
    assert hand.phase in ("play", "weis", "stoeck") and hand.in_play == (0, 2)
    assert hand.to_move == 0  # the first in play from the Vorhand leads


def test_two_players_the_non_dealer_speaks_first() -> None:
    game = V.new_game(V.preset("two"), seed=3)
    hand = game.round
    assert hand.to_move != hand.dealer and hand.order == (hand.to_move, hand.dealer)


def test_dropped_seats_are_skipped_in_the_tricks() -> None:
    game = V.new_game(seed=11)
    hand = game.round
    first = hand.to_move
    hand.push(A_DROP)
    while hand.phase == "declare":
        hand.push(A_PLAY)
    assert first not in hand.in_play and len(hand.in_play) == 3
    while not hand.is_over:
        assert hand.to_move != first
        obs = hand.observation(first)
        assert obs.legal_actions == () and obs.dropped() == (first,)
        hand.push(hand.legal_actions()[0])
    assert len(hand.played) == 27 and hand.hands[first] == hand.deal.hands[first]
    assert hand.marks()[first] == (0, 0)


def test_everyone_drops_and_the_next_dealer_deals() -> None:
    game = V.new_game(seed=4)
    dealer = game.round.dealer
    for _ in range(4):
        game.push(A_DROP)
    assert game.rounds[0].marks() == ((0, 0),) * 4 and len(game.rounds) == 2
    assert game.round.dealer == (dealer + 1) % 4 and game.scores == (0, 0, 0, 0)


def test_all_but_one_drop_and_he_gets_two_striche_without_play() -> None:
    game = V.new_game(seed=4)
    first = game.round.to_move
    game.push(A_PLAY)
    for _ in range(3):
        game.push(A_DROP)
    done = game.rounds[0]
    assert done.played == () and done.marks()[first] == (2, 0) and game.scores[first] == 2


def test_maybe_decides_again_after_the_others() -> None:
    game = V.new_game(HandjassRules(maybe=True), seed=4)
    hand = game.round
    first = hand.to_move
    assert A_MAYBE in hand.legal_actions()
    hand.push(A_MAYBE)
    for _ in range(3):
        hand.push(A_PLAY)
    assert hand.to_move == first and hand.phase == "declare"
    assert A_MAYBE not in hand.legal_actions()
    hand.push(A_DROP)
    assert hand.in_play == tuple(sorted(s for s in hand.order if s != first))


def test_an_action_out_of_turn_is_refused() -> None:
    game = V.new_game(seed=2)
    with pytest.raises(IllegalActionError):
        game.push(A_SWAP)  # no blind with four players
    with pytest.raises(IllegalActionError):
        game.push(A_MAYBE)  # maybe is off
    assert game.round.action_text(A_PLAY) == "play"
    with pytest.raises(ValueError):
        game.round.action_text(54.0)  # type: ignore[arg-type]


# ---------------------------------------------------------------------------------------------
# Weis, scoring and the end


def test_a_weis_counts_only_when_its_holder_takes_a_trick() -> None:
    off, on = HandjassRules(), HandjassRules(weis_without_trick=True)
    for seed in range(300):
        a = HandjassHand(off, deal_handjass(off, f"w{seed}", 0, (0, 1, 2, 3)))
        b = HandjassHand(on, a.deal)
        rng = random.Random(seed)
        while not a.is_over:
            act = rng.choice(a.legal_actions())
            a.push(act)
            b.push(act)
        ws = a.weis_seat
        if ws < 0 or a.tricks_won[ws]:
            continue
        weis = [sum(p for _s, p, k in h.credits if k == "weis") for h in (a, b)]
        assert weis[0] == 0 and weis[1] > 0
        assert b.credited[ws] == a.credited[ws] + weis[1]
        return
    raise AssertionError("no hand in 300 where the best Weis took no trick")


def test_two_player_deals_have_no_weis_unless_chosen() -> None:
    assert not V.preset("two").trick_rules(2).weis
    assert HandjassRules(players=2, two_player_weis=True).trick_rules(2).weis
    assert HandjassRules().trick_rules(4).weis and HandjassRules().trick_rules(2).stoeck


def test_strokes_are_capped_and_ties_follow_the_option() -> None:
    assert strokes({0: 100, 1: 57}, 2, 21) == {0: (1, 0), 1: (0, 0)}  # two in play: one
    assert strokes({0: 120, 1: 20, 2: 17}, 2, 21) == {0: (2, 0), 1: (0, 1), 2: (0, 1)}
    tied = {0: 60, 1: 40, 2: 40, 3: 17}
    assert strokes(tied, 2, 21)[1] == (0, 0)
    cut = strokes(tied, 2, 21, "cut", (3, 2, 1, 0))
    assert cut[2] == (1, 0) and cut[1] == (0, 0)
    assert strokes({0: 60, 1: 60, 2: 37}, 2, 21) == {0: (1, 0), 1: (1, 0), 2: (0, 0)}
    assert strokes({0: 70, 1: 40, 2: 25, 3: 12, 4: 10}, 3, 26)[2] == (0, 1)


def test_first_wins_ends_at_the_target() -> None:
    game = V.new_game(HandjassRules(end="first_wins", target=2), seed=8)
    play_randomly(game, random.Random(8), lambda: False)
    assert max(game.scores) >= 2 and game.at_table() == (0, 1, 2, 3)
    best = max(game.scores)
    assert all(p == 1 for s, p in enumerate(game.standings()) if game.scores[s] == best)


def test_a_deal_line_round_trips_and_bad_deals_are_refused() -> None:
    game = V.new_game(V.preset("two"), seed=1)
    d = game.round.deal
    assert parse_deal_line(game.rules, format_deal_line(d)) == d
    with pytest.raises(ValueError, match="dead hand"):
        parse_deal_line(game.rules, format_deal_line(dataclasses.replace(d, dead=0)))
    with pytest.raises(ValueError, match="cut order"):
        parse_deal_line(game.rules, format_deal_line(dataclasses.replace(d, cut=(0, 0))))
    with pytest.raises(IllegalActionError):
        game.set_deal(dataclasses.replace(d, hands=(d.hands[0], 0)))
    assert game.round.deal == d


# ---------------------------------------------------------------------------------------------
# Secret decisions and hidden cards


def test_the_declaring_is_public() -> None:
    game = V.new_game(seed=6)
    first = game.round.to_move
    game.push(A_DROP)
    for seat in (-1, 0, 1, 2, 3):
        obs = game.observation(seat)
        assert obs.words == ((first, A_DROP),) and obs.said[first] == A_DROP
        assert obs.phase == "declare" and obs.to_move == game.round.to_move


def other_blind(d: HandjassDeal) -> HandjassDeal:
    """The same deal with the blind's hidden cards and the dead hand exchanged."""
    face = 1 << d.turned
    hidden = [c for c in range(36) if (d.blind & ~face) >> c & 1]
    dead = [c for c in range(36) if d.dead >> c & 1]
    k = min(len(hidden), len(dead))
    blind = d.blind
    new_dead = d.dead
    for a, b in zip(hidden[:k], dead[:k], strict=True):
        blind = blind & ~(1 << a) | 1 << b
        new_dead = new_dead & ~(1 << b) | 1 << a
    return dataclasses.replace(d, blind=blind, dead=new_dead)


@pytest.mark.parametrize("swap", [False, True])
def test_the_blind_and_the_dead_hand_are_secret_but_to_the_swapper(swap: bool) -> None:
    rules = HandjassRules(players=2, rob=False)
    d = deal_handjass(rules, "blind", 0, (0, 1))
    alt = other_blind(d)
    assert alt.blind != d.blind
    a, b = HandjassHand(rules, d), HandjassHand(rules, alt)
    words = [A_SWAP, A_PLAY] if swap else [A_PLAY, A_PLAY]
    swapper = a.to_move if swap else None
    for w in words:
        for seat in (-1, 0, 1):
            if seat != swapper or a.swapper < 0:
                assert a.observation(seat) == b.observation(seat)
        a.push(w)
        b.push(w)
    for seat in (-1, 0, 1):
        same = a.observation(seat) == b.observation(seat)
        assert same == (seat != swapper)
    if swap:
        me = a.observation(swapper)
        assert me.hand == d.blind and me.pile_known[0] == d.hands[swapper]
        assert a.observation(1 - swapper).pile_known[0] == 0


def test_a_dropped_hand_is_secret() -> None:
    game = V.new_game(seed=9)
    hand = game.round
    first = hand.to_move
    hand.push(A_DROP)
    other = (first + 1) % 4
    obs = hand.observation(other)
    assert obs.known_cards(first) & ~hand.observation(-1).known_cards(first) == 0
    assert obs.known_cards(first) in (0, 1 << hand.turned)


def test_suits_of_the_turned_card() -> None:
    assert Suit.SCHILTEN * 9 + Rank.SIX == REMOVED_AT_FIVE


@pytest.mark.parametrize("preset", ["standard", "five"])
def test_a_whole_game_record_with_players_leaving_round_trips(preset: str) -> None:
    import io

    from puur.record import format_record, read_record, replay

    game = V.new_game(V.preset(preset), seed=f"full-{preset}")
    play_randomly(game, random.Random(preset), lambda: False)
    assert any(game.left_after())
    text = format_record(game)
    again = replay(read_record(io.StringIO(text)))
    assert again.summary() == game.summary() and format_record(again) == text
    five_to_four = [r for r in game.rounds if len(r.active) == 4 and game.num_seats == 5]
    assert preset != "five" or all(sum(r.deal.hands) == (1 << 36) - 1 for r in five_to_four)
