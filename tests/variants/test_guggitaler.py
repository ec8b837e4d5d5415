"""Guggitaler: the worked examples of its page and the variant's own rules."""

from __future__ import annotations

import io
import random

import pytest
from tests.variants.test_conformance import check_finished_hand, snapshot

from puur.cards import CardSet, parse_card
from puur.hand import OVER, IllegalActionError
from puur.options import OptionError
from puur.variants import get
from puur.variants.guggitaler import VARIANT, GuggitalerGame, format_deal_line, parse_deal_line
from puur.variants.guggitaler_hand import (
    A_PASS,
    DominoHand,
    GuggitalerDeal,
    GuggitalerHand,
    deal_guggitaler,
    domino_layable,
)
from puur.variants.guggitaler_rules import (
    DEFAULT_CREDITS,
    PRESETS,
    GuggitalerRules,
    deal_list,
    domino_credits,
    final_totals,
    penalty_total,
)
from puur.variants.guggitaler_view import OBS_SIZE
from puur.variants.view import SPECTATOR


def mask(text: str) -> int:
    return CardSet.from_text(text).bits


def deal(*hands: str, dealer: int = 3) -> GuggitalerDeal:
    return GuggitalerDeal(tuple(mask(h) for h in hands), dealer)


def play(hand: GuggitalerHand | DominoHand, tokens: str) -> None:
    for tok in tokens.split():
        hand.push(VARIANT.parse_action(hand, tok))


def finish(game: GuggitalerGame, rng: random.Random) -> None:
    while not game.is_over:
        game.push(rng.choice(game.legal_actions()))


# Four hands of nine: seat 0 (A, Vorhand with dealer 3) holds the Rosen Ober and King.
FOUR = (
    "HQ HK HA S6 S7 D6 D7 C6 C7",
    "H6 H7 SQ S8 S9 D8 D9 C8 C9",
    "H8 H9 DQ ST SJ DT DJ CT CJ",
    "HT HJ CQ SK SA DK DA CK CA",
)

# ---------------------------------------------------------------------------------------------
# The worked examples


def test_example_1_two_ober_taken_in_the_third_deal_cost_40() -> None:
    hand = GuggitalerHand(GuggitalerRules(), deal(*FOUR), hand_no=3)
    # A leads the Rosen Ober and the others follow low: A takes it and pays 20.
    play(hand, "HQ H6 H8 HT")
    assert hand.trick_winners == (0,) and hand.credited == (20, 0, 0, 0)
    # B must follow Schilten with its Ober, which D's Ace takes: D pays 20.
    play(hand, "S6 SQ ST SA")
    assert hand.credited == (20, 0, 0, 20)
    # A trick holding two Ober costs its taker 40 (example 1 of the page).
    hand2 = GuggitalerHand(GuggitalerRules(), deal(
        "HQ HA S6 S7 D6 D7 C6 C7 C8", "H6 SQ S8 S9 D8 D9 C9 CT CJ",
        "H8 H9 DQ ST SJ DT DJ HK HJ", "HT H7 CQ SK SA DK DA CK CA"), hand_no=3)
    play(hand2, "HA H6 H8 HT")       # A takes a trick without Ober: 0
    play(hand2, "HQ SQ H9 H7")       # B is void of Rosen and drops the Schilten Ober
    assert hand2.trick_winners == (0, 0) and hand2.credited == (40, 0, 0, 0)


def test_example_2_the_final_totals_and_the_winner() -> None:
    credits = domino_credits([0, 1, 2, 3], DEFAULT_CREDITS["jassverzeichnis"][4])
    totals = final_totals([60, 110, 80, 55], credits)
    assert totals == (-90, 10, 25, 55)
    # Lowest wins: A is first.
    from puur.variants.base import rank_sides
    assert rank_sides(list(totals)) == (1, 2, 3, 4)


@pytest.mark.parametrize(("players", "total"), [(4, 305), (3, 320), (5, 295)])
def test_the_penalties_add_up_in_every_deal_of_a_played_game(players: int, total: int) -> None:
    rules = GuggitalerRules(players=players)
    assert penalty_total(rules) == total
    credits = rules.credits()
    assert sum(credits) == total  # each credit set shares the penalty total
    dealt = ((1 << 36) - 1) & ~rules.removed
    for seed in range(4):
        game = GuggitalerGame(rules, seed=seed)
        finish(game, random.Random(seed))
        sheet = game.sheet()
        assert len(sheet) == 6
        for row, p in zip(sheet[:5], rules.penalties(), strict=True):
            assert sum(row) == p.total(players, dealt)
        assert sum(sum(row) for row in sheet[:5]) == total
        assert sorted(-x for x in sheet[5]) == sorted(credits)
        assert game.scores == tuple(sum(row[s] for row in sheet) for s in range(players))
        assert sum(game.scores) == 0


def test_the_seed003_deal_list_and_its_chosen_domino_credits() -> None:
    rules = PRESETS["seed003"]
    names = [p.name for p in rules.penalties()]
    assert names == ["rosen", "tricks", "ober", "king", "all"]
    assert penalty_total(rules) == 45 + 90 + 80 + 45 + 260
    rosen = mask("H6 H7 H8 H9 HT HJ HQ HK HA")
    assert [p.lead_ban for p in rules.penalties()] == [rosen, 0, 0, rosen, rosen]
    for n in (3, 4, 5):
        r = rules.replace(players=n)
        assert sum(r.credits()) == penalty_total(r)


# ---------------------------------------------------------------------------------------------
# The deal


@pytest.mark.parametrize(("players", "size"), [(3, 12), (4, 9), (5, 7)])
def test_every_card_but_the_removed_one_is_dealt(players: int, size: int) -> None:
    rules = GuggitalerRules(players=players)
    d = deal_guggitaler(rules, "d", 0)
    assert all(h.bit_count() == size for h in d.hands)
    dealt = sum(d.hands)
    assert dealt == ((1 << 36) - 1) & ~rules.removed
    game = GuggitalerGame(rules, seed=1)
    obs = game.observation(0)
    assert obs.out_of_play == rules.removed
    assert (players == 5) == (obs.out_of_play == mask("S6"))


def test_the_removed_card_is_an_option() -> None:
    rules = GuggitalerRules(players=5, removed_card=parse_card("D6"))
    assert not sum(deal_guggitaler(rules, 3, 1).hands) >> parse_card("D6") & 1
    with pytest.raises(ValueError, match="left out"):
        GuggitalerHand(rules, deal_guggitaler(GuggitalerRules(players=5), 3, 1))


def test_bad_deals_are_refused() -> None:
    rules = GuggitalerRules()
    with pytest.raises(ValueError):
        GuggitalerHand(rules, GuggitalerDeal((mask("H6"),) * 4, 0))
    with pytest.raises(ValueError, match="dealer"):
        GuggitalerHand(rules, deal(*FOUR, dealer=4))
    with pytest.raises(ValueError, match="not a Guggitaler deal"):
        GuggitalerHand(rules, (1, 2, 3, 4))  # type: ignore[arg-type]
    game = GuggitalerGame(rules, seed=1)
    before = snapshot(game)
    with pytest.raises(IllegalActionError) as e:
        game.set_deal(GuggitalerDeal((0, 0, 0, 0), game.round.dealer))
    assert e.value.reason == "bad_deal" and snapshot(game) == before


def test_the_dealer_moves_one_seat_a_deal_and_vorhand_leads() -> None:
    game = GuggitalerGame(seed=7)
    rng = random.Random(7)
    first = game.round.dealer
    while not game.is_over:
        hand = game.round
        assert hand.dealer == (first + len(game.rounds) - 1) % 4
        assert hand.to_move == (hand.dealer + 1) % 4 or hand.actions
        game.push(rng.choice(game.legal_actions()))
    assert isinstance(game.rounds[5], DominoHand)
    assert all(isinstance(r, GuggitalerHand) for r in game.rounds[:5])


# ---------------------------------------------------------------------------------------------
# The card play


def test_follow_suit_strictly_and_without_trumps() -> None:
    hand = GuggitalerHand(GuggitalerRules(), deal(*FOUR), hand_no=1)
    play(hand, "HQ")
    assert set(hand.legal_actions()) == {parse_card("H6"), parse_card("H7")}
    play(hand, "H6 H8")
    # D follows with HT or HJ; the Ace of the suit led wins (Obenabe, no trumps).
    assert set(hand.legal_actions()) == {parse_card("HT"), parse_card("HJ")}
    play(hand, "HJ")
    assert hand.trick_winners == (0,) and hand.credited == (5, 0, 0, 0)


def test_schellen_may_not_be_led_in_deal_2_while_the_leader_holds_another_suit() -> None:
    hand = GuggitalerHand(GuggitalerRules(), deal(*FOUR), hand_no=2)
    assert not set(hand.legal_actions()) & {parse_card("D6"), parse_card("D7")}
    before = (hand.hands, hand.actions)
    with pytest.raises(IllegalActionError) as e:
        hand.push(parse_card("D6"))
    assert e.value.reason == "not_legal" and (hand.hands, hand.actions) == before
    only = GuggitalerHand(GuggitalerRules(), deal(
        "D6 D7 D8 D9 DT DJ DQ DK DA", "H6 H7 H8 H9 HT HJ HQ HK HA",
        "S6 S7 S8 S9 ST SJ SQ SK SA", "C6 C7 C8 C9 CT CJ CQ CK CA"), hand_no=2)
    assert len(only.legal_actions()) == 9  # nothing but Schellen: any may be led
    play(only, "D6 H6 S6 C6")  # the others are void: A takes the Schelle, 10
    assert only.credited == (10, 0, 0, 0)


@pytest.mark.parametrize(("king", "card", "banned"),
                         [("rosen", "HK", "H"), ("schellen", "DK", "D")])
def test_the_king_deal_costs_40_and_bans_leading_its_suit(king: str, card: str,
                                                          banned: str) -> None:
    rules = GuggitalerRules(king=king)
    p = rules.penalties()[3]
    assert [c for c in range(36) if p.cards[c]] == [parse_card(card)]
    assert p.cards[parse_card(card)] == 40
    assert p.lead_ban == mask(" ".join(banned + r for r in "6789TJQKA"))


def test_the_last_trick_alone_costs_50_in_deal_5() -> None:
    game = GuggitalerGame(seed=11)
    rng = random.Random(11)
    while len(game.rounds) < 5:
        game.push(rng.choice(game.legal_actions()))
    hand = game.round
    while not hand.is_over:
        game.push(rng.choice(game.legal_actions()))
        if not hand.is_over:
            assert sum(hand.credited) == 0
    assert sorted(hand.credited) == [0, 0, 0, 50]
    assert hand.credited[hand.trick_winners[-1]] == 50


# ---------------------------------------------------------------------------------------------
# The Domino


def domino(*hands: str, rules: GuggitalerRules | None = None, dealer: int = 3) -> DominoHand:
    return DominoHand(rules or GuggitalerRules(), deal(*hands, dealer=dealer))


def test_domino_vorhand_lays_any_card_and_its_rank_opens_every_suit() -> None:
    h = domino(*FOUR)
    assert h.to_move == 0 and h.legal_actions() == sorted(
        parse_card(t) for t in FOUR[0].split())
    play(h, "S7")
    assert h.open_rank == 1 and h.table[2] == (1, 1)
    # B may lay S6 or S8 (next to the 7 of Schilten) or a 7 of another suit: H7, D7, C7.
    assert set(h.legal_actions()) == {parse_card(t) for t in ["H7", "S8"]}
    play(h, "S8")
    # C holds neither S9 nor a 7: it passes.
    assert h.legal_actions() == [A_PASS]
    play(h, "pass")
    assert h.moves[-1] == (2, -1)


def test_a_pass_is_legal_only_without_a_card_to_lay() -> None:
    h = domino(*FOUR)
    before = snapshot_hand(h)
    with pytest.raises(IllegalActionError) as e:
        h.push(A_PASS)
    assert e.value.reason == "not_legal" and snapshot_hand(h) == before
    play(h, "S7")
    with pytest.raises(IllegalActionError):
        h.push(parse_card("SQ"))  # not next to the row
    with pytest.raises(IllegalActionError):
        h.push(A_PASS)
    assert h.legal_actions()


def snapshot_hand(h: DominoHand) -> tuple[object, ...]:
    return (h.hands, h.table, h.moves, h.to_move, h.actions, h.phase, h.open_rank)


def test_domino_layable_cards_extend_a_row_both_ways_or_open_a_suit() -> None:
    table = ((3, 5), (-1, -1), (0, 8), (-1, -1))
    assert domino_layable(table, 4, 0) == mask("D8 DQ HT CT")
    assert domino_layable(((-1, -1),) * 4, -1, 0) == (1 << 36) - 1


def test_an_opening_card_dealt_to_nobody_counts_as_laid() -> None:
    s6 = 1 << parse_card("S6")
    # Sixes open: the Schilten 6 is out of play, so the Schilten 7 may be laid at once.
    assert domino_layable(((-1, -1),) * 4, 0, s6) == mask("D6 H6 S7 C6")


def test_the_order_of_going_out_pays_the_credits() -> None:
    h = domino(*FOUR, rules=GuggitalerRules(domino="40/30/20/10"))
    rng = random.Random(3)
    while not h.is_over:
        h.push(rng.choice(h.legal_actions()))
    assert sorted(h.out_order) == [0, 1, 2, 3]
    assert h.credited == domino_credits(h.out_order, (40, 30, 20, 10))
    assert h.result() == tuple(-c for c in h.credited)
    check_finished_hand(h)


def test_a_seat_out_of_cards_is_skipped() -> None:
    h = domino(*FOUR)
    rng = random.Random(5)
    while not h.is_over:
        assert h.hands[h.to_move], "a seat without cards is never to move"
        h.push(rng.choice(h.legal_actions()))
        if h.out_order and not h.is_over:
            assert h.to_move not in h.out_order


@pytest.mark.parametrize("opening", ["six", "under"])
def test_a_fixed_opening_rank(opening: str) -> None:
    rules = GuggitalerRules(domino_open=opening)
    h = domino(*FOUR, rules=rules)
    rank = 0 if opening == "six" else 5
    assert h.open_rank == rank
    legal = h.legal_actions()
    assert all(c % 9 == rank for c in legal) or legal == [A_PASS]
    rng = random.Random(1)
    while not h.is_over:
        h.push(rng.choice(h.legal_actions()))
    check_finished_hand(h)


def test_five_players_play_a_domino_without_the_schilten_6() -> None:
    rules = GuggitalerRules(players=5, domino_open="six")
    for seed in range(10):
        d = deal_guggitaler(rules, seed, 0)
        h = DominoHand(rules, d)
        rng = random.Random(seed)
        while not h.is_over:
            h.push(rng.choice(h.legal_actions()))
        assert len(h.played) == 35 and h.table[2] == (0, 8)


def test_a_whole_game_keeps_the_invariants_and_pop_restores_every_step() -> None:
    for preset in PRESETS:
        for players in (3, 4, 5):
            game = GuggitalerGame(PRESETS[preset].replace(players=players), seed=players)
            rng = random.Random(preset)
            while not game.is_over:
                hand = game.round
                legal = game.legal_actions()
                obs = game.observation(game.to_move)
                assert legal and sorted(legal) == list(obs.legal_actions)
                a = rng.choice(legal)
                if rng.random() < 0.2:
                    before = snapshot(game)
                    game.push(a)
                    assert game.pop() == a
                    assert snapshot(game) == before
                game.push(a)
                if hand.is_over:
                    check_finished_hand(hand)
            assert len(game.observation(SPECTATOR).to_tensor()) == OBS_SIZE


def test_a_pass_tells_the_table_nothing_the_cards_laid_do_not() -> None:
    """Two Domino deals that differ only in cards seat 0 cannot know give it the same
    observation as long as the same moves are legal."""
    rules = GuggitalerRules()
    rng = random.Random(9)
    d = deal_guggitaler(rules, 9, 3)
    h = DominoHand(rules, d)
    for _ in range(12):
        h.push(rng.choice(h.legal_actions()))
    obs = h.observation(0)
    # Swap two unplayed cards between seats 1 and 2 that neither could have laid.
    lay = h.layable()
    c1 = next(c for c in range(36) if h.hands[1] >> c & 1 and not lay >> c & 1)
    c2 = next(c for c in range(36) if h.hands[2] >> c & 1 and not lay >> c & 1)
    hands = list(d.hands)
    hands[1] ^= (1 << c1) | (1 << c2)
    hands[2] ^= (1 << c1) | (1 << c2)
    other = DominoHand(rules, GuggitalerDeal(tuple(hands), 3))
    try:
        for a in h.actions:
            other.push(a)
    except IllegalActionError:
        pytest.skip("the swap changed a seat's choices")
    assert other.observation(0) == obs
    assert other.observation(0).to_tensor() == obs.to_tensor()


# ---------------------------------------------------------------------------------------------
# Options, records, the description


def test_bad_options_are_refused() -> None:
    for bad in ({"players": 6}, {"deals": "nine"}, {"king": "eicheln"},
                {"domino": "150/100"}, {"domino": "a/b/c/d"}, {"domino_open": "ace"}):
        with pytest.raises(OptionError):
            GuggitalerRules.from_dict(bad)
    with pytest.raises(OptionError, match="option 'domino'"):
        GuggitalerRules(players=3, domino="150/100/55/0")
    assert GuggitalerRules(players=3, domino="200/100/0").credits() == (200, 100, 0)


def test_the_deal_line_reads_back() -> None:
    d = deal(*FOUR, dealer=2)
    assert parse_deal_line(GuggitalerRules(), format_deal_line(d)) == d
    with pytest.raises(ValueError):
        parse_deal_line(GuggitalerRules(), "x " + format_deal_line(d))


def test_a_whole_game_record_round_trips() -> None:
    from puur.record import format_record, read_record, replay

    game = GuggitalerGame(seed="rec")
    finish(game, random.Random(2))
    text = format_record(game)
    rec = read_record(io.StringIO(text))
    passes = sum(1 for _s, c in game.rounds[5].moves if c < 0)
    assert rec.actions[5].count(A_PASS) == passes
    again = replay(rec)
    assert again.summary() == game.summary() and format_record(again) == text


def test_the_description() -> None:
    v = get("guggitaler")
    assert v is VARIANT and get("Guggitaler") is v and v.lower_is_better
    assert v.players == (4, 3, 5)
    assert list(v.presets) == ["jassverzeichnis", "seed003"]
    assert v.action_space(v.default_rules()).names[36] == "pass"
    assert deal_list("jassverzeichnis", parse_card("HK"))[0].per_trick == 5


def test_the_panel_carries_the_sheet_of_the_deals_before() -> None:
    game = GuggitalerGame(seed=4)
    rng = random.Random(4)
    while len(game.rounds) < 6:
        game.push(rng.choice(game.legal_actions()))
    panel = game.observation(SPECTATOR).panel()
    assert panel["earlier"] == game.sheet()
    assert [sum(col) for col in zip(*panel["earlier"], strict=True)] == list(panel["totals"])
    with pytest.raises(ValueError, match="follows 5 deals"):
        DominoHand(GuggitalerRules(), game.round.deal, 6, earlier=((0, 0, 0, 0),))


def test_the_panel_names_the_deal_and_the_domino_rows() -> None:
    game = GuggitalerGame(seed=3)
    finish_to = random.Random(3)
    while len(game.rounds) < 6 or len(game.round.actions) < 5:
        game.push(finish_to.choice(game.legal_actions()))
    panel = game.observation(SPECTATOR).panel()
    assert panel["guggitaler_deal"] == 6 and panel["penalty"] == "domino"
    laid = [c for row in panel["rows"] for c in row]
    assert sorted(laid) == sorted(t for _s, t in
                                  ((s, VARIANT.format_action(game.round, c))
                                   for s, c in game.round.history()))
    assert game.round.phase != OVER
