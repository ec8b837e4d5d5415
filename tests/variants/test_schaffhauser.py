"""Schaffhauser: the König against two for a whole game, the trump card, declining, the race to
350 and 1000, the series of three games, records."""

from __future__ import annotations

import io
import random

import pytest

from puur.cards import CardSet, parse_card
from puur.contracts import MODE_OBENABE, MODE_UNDENUFE
from puur.hand import IllegalActionError
from puur.options import OptionError
from puur.variants import get
from puur.variants.schaffhauser import SchaffhauserGame, format_deal_line, parse_deal_line
from puur.variants.schaffhauser_hand import SchaffhauserDeal, SchaffhauserHand, deal_schaffhauser
from puur.variants.schaffhauser_rules import (
    A_ACCEPT,
    A_DECLINE,
    A_WEIS,
    series_points,
    series_wins,
)
from puur.weis import split_points

V = get("schaffhauser")


def cards(text: str) -> int:
    return CardSet.from_text(text).bits


def fill(fixed: list[str], per: int = 12) -> tuple[int, ...]:
    """Hands holding the ``fixed`` cards, filled up to ``per`` with the rest of the deck."""
    hands = [cards(t) if t else 0 for t in fixed]
    used = sum(hands)
    rest = [c for c in range(36) if not used >> c & 1]
    out = []
    for h in hands:
        while h.bit_count() < per:
            h |= 1 << rest.pop(0)
        out.append(h)
    return tuple(out)


def play_hand(hand: SchaffhauserHand, rng: random.Random) -> None:
    while not hand.is_over:
        hand.push(rng.choice(hand.legal_actions()))


def whole_series(seed: int | str, rules: object = None) -> SchaffhauserGame:
    game = V.new_game(rules, seed=seed)
    rng = random.Random(seed)
    while not game.is_over:
        game.push(rng.choice(game.legal_actions()))
    return game


# ---------------------------------------------------------------------------------------------
# The worked examples


def test_example_1_the_koenig_writes_his_tricks_and_his_weis() -> None:
    assert series_points((120 + 20, 37), koenig=0) == (140, 37, 37)
    # The same on a hand: the König (seat 0, dealer) shows a Weis of 20 (Schellen 6-7-8).
    koenig = "D6 D7 D8 DQ H6 HA S6 ST SQ C8 CT CQ"
    deal = SchaffhauserDeal(fill([koenig, "", ""]), 0, parse_card("H6"))
    hand = SchaffhauserHand(V.default_rules(), deal)
    hand.push(A_ACCEPT)
    rng = random.Random(1)
    while not hand.is_over:
        seat = hand.to_move
        if hand.phase == "weis":
            hand.push(A_WEIS + 1 if seat == 0 else A_WEIS)
        else:
            hand.push(rng.choice(hand.legal_actions()))
    weis = split_points(hand.declared[0])
    assert weis == 20 and hand.weis_seat == 0
    tricks = [v for v, w in zip(hand.trick_values, hand.trick_winners, strict=True) if w == 0]
    stoeck = sum(p for s, p, kind in hand.credits if kind == "stoeck" and s == 0)
    match = 100 if len(tricks) in (0, 12) else 0
    king = sum(tricks) + weis + stoeck + (match if len(tricks) == 12 else 0)
    assert hand.team_points[0] == king
    assert sum(hand.team_points) == 157 + weis + match + sum(
        p for _s, p, kind in hand.credits if kind == "stoeck")


def test_example_2_a_declined_hand_gives_the_bauern_257() -> None:
    # Nobody holds the Stöck (the Rosen King and Ober are in different hands).
    deal = SchaffhauserDeal(fill(["HK", "", "H6 HQ"]), 2, parse_card("H6"))
    hand = SchaffhauserHand(V.default_rules(), deal, koenig=0)
    assert hand.phase == "decline" and hand.to_move == 0
    assert hand.legal_actions() == [A_ACCEPT, A_DECLINE]
    hand.push(A_DECLINE)
    assert hand.is_over and hand.declined and hand.ended_unplayed and not hand.played
    assert hand.team_points == (0, 257)


def test_a_declined_hand_adds_the_bauern_s_stoeck_but_no_weis() -> None:
    # Seat 1 (a Bauer) holds the Rosen King and Ober and a Weis; Rosen is trumps.
    deal = SchaffhauserDeal(fill(["", "HK HQ HJ S6 S7 S8 S9", "H6"]), 2, parse_card("H6"))
    hand = SchaffhauserHand(V.default_rules(), deal, koenig=0)
    hand.push(A_DECLINE)
    assert hand.team_points == (0, 257 + 20)
    # The König's own Stöck counts for nobody when he declines.
    mine = SchaffhauserDeal(fill(["HK HQ", "", "H6"]), 2, parse_card("H6"))
    hand = SchaffhauserHand(V.default_rules(), mine, koenig=0)
    hand.push(A_DECLINE)
    assert hand.team_points == (0, 257)


def test_the_koenig_s_weis_counts_even_if_he_takes_no_trick() -> None:
    # The König (seat 0) holds a Weis of 20 and the lowest cards; Rosen (H) is trumps.
    koenig = "D6 D7 D8 DJ S6 S7 C6 C7 H7 H8 S9 C9"
    deal = SchaffhauserDeal(fill([koenig, "H6", ""]), 1, parse_card("H6"))
    hand = SchaffhauserHand(V.rules_from_dict({"stoeck": False}), deal, koenig=0)
    hand.push(A_ACCEPT)
    while not hand.is_over:
        if hand.phase == "weis":
            hand.push(A_WEIS + 1 if hand.to_move == 0 else A_WEIS)
        else:
            # Everyone plays his highest legal card: the Bauern take every trick.
            hand.push(max(hand.legal_actions(), key=lambda c: hand.points_of(c) * 100 + c))
    assert 0 not in hand.trick_winners and hand.team_points == (20, 157 + 100)
    assert hand.weis_seat == 0 and ("weis" in {k for s, _p, k in hand.credits if s == 0})


# ---------------------------------------------------------------------------------------------
# The deal and the trump card


def test_twelve_cards_each_the_dealer_gets_the_last_card_and_it_gives_trumps() -> None:
    for seed in range(10):
        for dealer in range(3):
            d = deal_schaffhauser(seed, dealer)
            assert [h.bit_count() for h in d.hands] == [12, 12, 12]
            assert sum(d.hands) == (1 << 36) - 1
            assert d.hands[dealer] >> d.turned & 1
            hand = SchaffhauserHand(V.default_rules(), d)
            assert hand.contract == d.turned // 9 and hand.koenig == dealer


def test_turned_card_modes_make_a_six_undenufe_and_an_ace_obenabe() -> None:
    rules = V.rules_from_dict({"turned_card_modes": True})
    six = SchaffhauserDeal(fill(["", "", "H6"]), 2, parse_card("H6"))
    ace = SchaffhauserDeal(fill(["", "", "HA"]), 2, parse_card("HA"))
    assert SchaffhauserHand(rules, six).contract == MODE_UNDENUFE
    assert SchaffhauserHand(rules, ace).contract == MODE_OBENABE
    # By default a turned card always gives its suit.
    assert SchaffhauserHand(V.default_rules(), six).contract == 1


def test_after_accepting_the_vorhand_leads_in_the_turned_suit() -> None:
    game = V.new_game(seed=3)
    hand = game.round
    assert hand.koenig == hand.dealer == game.first_dealer
    assert game.legal_actions() == [A_ACCEPT, A_DECLINE] and game.to_move == hand.koenig
    game.push(A_ACCEPT)
    assert hand.leader == (hand.dealer + 1) % 3 and hand.trump == hand.turned // 9
    # Every seat sees the turned card in the dealer's hand.
    for seat in (-1, 0, 1, 2):
        assert game.observation(seat).known_cards(hand.dealer) >> hand.turned & 1


def test_without_declining_the_hand_starts_with_the_card_play() -> None:
    game = V.new_game(V.rules_from_dict({"decline": False}), seed=3)
    assert game.round.phase in ("play", "weis") and A_DECLINE not in game.legal_actions()


def test_only_the_koenig_decides_and_a_card_is_refused_before_he_does() -> None:
    game = V.new_game(seed=4)
    hand = game.round
    before = (hand.phase, hand.to_move, hand.hands, hand.actions)
    for bad in (0, 35, A_WEIS, 56, -1):
        with pytest.raises(IllegalActionError):
            game.push(bad)
    assert (hand.phase, hand.to_move, hand.hands, hand.actions) == before


# ---------------------------------------------------------------------------------------------
# The targets


def test_the_koenig_wins_the_moment_he_reaches_350() -> None:
    koenig = "H6 H7 H8 H9 HT HJ HQ HK HA DA SA CA"
    deal = SchaffhauserDeal(fill([koenig, "", ""]), 0, parse_card("H6"))
    rules = V.rules_from_dict({"weis": False, "stoeck": False})
    hand = SchaffhauserHand(rules, deal, 3, koenig=0, totals=(349, 600))
    hand.push(A_ACCEPT)
    while not hand.is_over:
        hand.push(min(hand.legal_actions()))
    assert hand.winner == 0 and len(hand.trick_winners) == 1
    assert hand.totals[0] + hand.team_points[0] >= 350


@pytest.mark.parametrize(("order", "winner"),
                         [("stoeck-weis-stich", 0), ("stoeck-stich-weis", 1)])
def test_the_count_order_decides_who_reaches_the_target_first(order: str, winner: int) -> None:
    # The König (dealer, seat 0) at 340 shows a Weis of 20; the Bauern at 990 take trick 1
    # with the Puur (20 points). Weis before tricks: the König wins; tricks first: the Bauern.
    koenig = "D6 D7 D8 DQ H6 HA S6 ST SQ C8 CT CQ"
    deal = SchaffhauserDeal(fill([koenig, "HJ", ""]), 0, parse_card("H6"))
    rules = V.rules_from_dict({"count_order": order, "stoeck": False})
    hand = SchaffhauserHand(rules, deal, 2, koenig=0, totals=(340, 990))
    hand.push(A_ACCEPT)
    assert hand.to_move == 1
    while hand.trick_no == 0 and not hand.is_over:
        if hand.phase == "weis":
            hand.push(A_WEIS + 1 if hand.to_move == 0 else A_WEIS)
        elif hand.to_move == 1 and not hand.trick:
            hand.push(parse_card("HJ"))
        else:
            hand.push(min(hand.legal_actions()))
    assert hand.is_over and hand.winner == winner


def test_a_declined_hand_can_win_the_game_for_the_bauern() -> None:
    deal = SchaffhauserDeal(fill(["", "", "H6"]), 2, parse_card("H6"))
    hand = SchaffhauserHand(V.default_rules(), deal, 4, koenig=0, totals=(300, 800))
    hand.push(A_DECLINE)
    assert hand.winner == 1 and hand.team_points == (0, 257)


# ---------------------------------------------------------------------------------------------
# The series


def test_the_koenig_deals_first_then_the_deal_rotates_and_each_player_is_koenig_once() -> None:
    for seed in range(6):
        game = whole_series(seed)
        kings = []
        prev = None
        for r in game.rounds:
            if prev is None or prev.winner >= 0:
                assert r.dealer == r.koenig and r.totals == (0, 0)
                kings.append(r.koenig)
            else:
                assert r.koenig == prev.koenig and r.dealer == (prev.dealer + 1) % 3
                assert r.totals == (prev.totals[0] + prev.team_points[0],
                                    prev.totals[1] + prev.team_points[1])
            prev = r
        assert sorted(kings) == [0, 1, 2]
        assert kings == [(kings[0] + i) % 3 for i in range(3)]
        assert [r.game_no for r in game.rounds if r.winner >= 0] == [1, 2, 3]
        assert game.legal_actions() == []


def test_the_first_koenig_is_drawn_from_the_seed() -> None:
    firsts = {V.new_game(seed=s).round.koenig for s in range(30)}
    assert firsts == {0, 1, 2}
    assert V.new_game(seed=7).round.koenig == V.new_game(seed=7).round.koenig


def test_the_series_ranks_by_games_won_on_the_winning_side() -> None:
    assert series_wins(((0, 1), (1, 1), (2, 0))) == (1, 1, 3)
    assert series_wins(((0, 0), (1, 0), (2, 0))) == (1, 1, 1)
    assert series_wins(((0, 1), (1, 1), (2, 0)), "koenig_wins") == (0, 0, 1)
    for seed in range(4):
        game = whole_series(seed)
        games = game.games()
        assert len(games) == 3 and game.scores == series_wins(games)
        assert sum(game.scores) == sum(1 if g[1] == 0 else 2 for g in games)
        best = max(game.scores)
        assert [p == 1 for p in game.standings()] == [w == best for w in game.scores]


def test_the_twice_preset_plays_six_games_ranked_by_koenig_wins() -> None:
    game = whole_series(11, V.preset("twice"))
    games = game.games()
    assert [g[0] for g in games] == [(games[0][0] + i) % 3 for i in range(6)]
    assert game.scores == series_wins(games, "koenig_wins")


def test_the_summary_holds_every_game_of_the_series() -> None:
    game = whole_series(2)
    s = game.summary()
    assert s["over"] and s["games"] == 3 and len(s["series"]) == 3
    for entry in s["series"]:
        k, b = entry["columns"]
        assert (k >= 350) if entry["won"] == 0 else (b >= 1000)


def test_the_observation_shows_the_koenig_the_trump_card_and_the_series() -> None:
    game = whole_series(5)
    last = game.round
    panel = last.observation(1).panel()
    assert panel["koenig"] == last.koenig and panel["game_no"] == 3 and panel["games"] == 3
    # The hand that ended the series shows it whole; the game's first hand the two before it.
    assert len(panel["series"]) == 3 and panel["series_scores"] == list(game.scores)
    first = next(r for r in game.rounds if r.game_no == 3)
    assert first is not last and len(first.observation(-1).panel()["series"]) == 2
    assert "talon_up" not in panel
    assert panel["turned"] and panel["targets"] == [350, 1000]
    assert len(last.observation(0).to_tensor()) == 388


# ---------------------------------------------------------------------------------------------
# Options and bad input


@pytest.mark.parametrize("data", [{"koenig_target": 0}, {"target": 50}, {"rounds": 0},
                                  {"ranking": "points"}, {"decline": "yes"}, {"players": 4}])
def test_bad_options_are_refused(data: dict[str, object]) -> None:
    with pytest.raises(OptionError):
        V.rules_from_dict(data)


def test_bad_deals_are_refused() -> None:
    hands = fill(["", "", "H6"])
    with pytest.raises(ValueError, match="in the dealer's hand"):
        SchaffhauserHand(V.default_rules(), SchaffhauserDeal(hands, 1, parse_card("H6")))
    with pytest.raises(ValueError, match="12 cards"):
        SchaffhauserHand(V.default_rules(), SchaffhauserDeal(fill(["", "", ""], 11), 2, 0))
    with pytest.raises(ValueError, match="dealer"):
        SchaffhauserHand(V.default_rules(), SchaffhauserDeal(hands, 3, parse_card("H6")))
    with pytest.raises(ValueError, match="12 cards"):
        parse_deal_line("0 H6 H6 H7 / D6 / S6")


def test_set_deal_refuses_the_wrong_dealer_and_changes_nothing() -> None:
    game = V.new_game(seed=9)
    hand = game.round
    game.push(A_DECLINE)
    second = game.round
    wrong = deal_schaffhauser("x", (second.dealer + 1) % 3)
    with pytest.raises(IllegalActionError, match="is dealt by seat"):
        game.set_deal(wrong)
    assert game.round is second and hand.is_over


def test_a_deal_line_round_trips() -> None:
    d = deal_schaffhauser(12, 1)
    assert parse_deal_line(format_deal_line(d)) == d


def test_a_whole_series_record_round_trips() -> None:
    from puur.record import format_record, read_record, replay

    game = whole_series("record")
    text = format_record(game)
    assert text.count("\nhand ") == len(game.rounds) and "\nresult " in text
    rec = read_record(io.StringIO(text))
    again = replay(rec)
    assert again.is_over and again.summary() == game.summary()
    assert again.games() == game.games() and format_record(again) == text
