"""The rule players of the variants: legal everywhere, and constructed positions for their
strategy (Differenzler: forecast and steering; Coiffeur: rows and pushing; Slalom card play)."""

from __future__ import annotations

import random

import pytest

from puur.actions import A_CHOOSE, A_PUSH, A_STOECK, A_STOECK_NO
from puur.bots import RandomBot, RuleBot, make_bot
from puur.bots.coiffeur import CoiffeurPlayer, contract_values
from puur.bots.differenzler import DifferenzlerPlayer, expected_penalty
from puur.bots.rules import rule_player_for
from puur.cards import CardSet, parse_card
from puur.contracts import CONTRACT_TOKENS, NUM_CONTRACTS, Contract
from puur.round import Round, deal_hands
from puur.rules import rules_from_dict
from puur.variants import get, variants
from puur.variants.coiffeur import A_ROW, ROW_SLOTS, CoiffeurHand, CoiffeurRules
from puur.variants.differenzler import (
    A_FORECAST,
    DifferenzlerDeal,
    DifferenzlerGame,
    DifferenzlerHand,
    DifferenzlerRules,
)
from puur.variants.differenzler import A_STOECK as D_STOECK
from puur.variants.differenzler import A_STOECK_NO as D_STOECK_NO

CASES = [(v.key, p) for v in variants() if v.key != "schieber" for p in v.presets]


def mask(text: str) -> int:
    return CardSet.from_text(text).bits


def short(key: str, preset: str) -> object:
    rules = get(key).preset(preset)
    return rules.replace(hands=3) if key == "differenzler" else rules


@pytest.mark.parametrize(("key", "preset"), CASES)
def test_rules_plays_every_preset_legally(key: str, preset: str) -> None:
    # Whole games with the rule player beside random players and alone at the table; an
    # illegal action raises in push.
    v = get(key)
    for g in range(2):
        game = v.new_game(short(key, preset), seed=f"legal:{preset}:{g}")
        n = game.num_seats
        bots = [make_bot("rules") if (s + g) % 2 == 0 or g == 1 else RandomBot(s)
                for s in range(n)]
        while not game.is_over:
            seat = game.to_move
            obs = game.observation(seat)
            action = bots[seat].act(obs)
            assert action in obs.legal_actions
            game.push(action)
        assert game.is_over


@pytest.mark.parametrize("announce", ["second-card", "with-weis"])
def test_differenzler_house_options_are_played_legally(announce: str) -> None:
    # Weis, Stöck, the modes of a turned 6 or Ace, Schieber's undertrump ban, three players.
    for players in (4, 3):
        rules = DifferenzlerRules(players=players, weis=True, stoeck=True, large_weis=True,
                                  turned_card_modes=True, undertrump="forbidden",
                                  stoeck_announce=announce, exact_bonus=10, hands=6)
        game = DifferenzlerGame(rules, seed=f"house:{announce}:{players}")
        bot = RuleBot()
        while not game.is_over:
            game.push(bot.act(game.observation(game.to_move)))
        assert len(game.rounds) == 6


def test_rules_dispatches_on_the_observation_type() -> None:
    d = DifferenzlerGame(seed=1).observation(0)
    c = get("coiffeur").new_game(seed=1).observation(0)
    s = Round.deal(rules_from_dict({}), seed=1).observation(0)
    assert rule_player_for(d).__self__.__class__ is DifferenzlerPlayer  # type: ignore[union-attr]
    assert rule_player_for(c).__self__.__class__ is CoiffeurPlayer  # type: ignore[union-attr]
    assert rule_player_for(s) is None  # Schieber: the rule player's own
    with pytest.raises(ValueError, match="no legal action"):
        RuleBot().act(DifferenzlerGame(seed=1).observation(2))


# ---------------------------------------------------------------------------------------------
# Differenzler

# Schellen trumps (the dealer, seat 3, turned D6); seat 0 is Vorhand.
HANDS = (mask("HT C6 C7 S6 S7 S8 D7 D8 DQ"), mask("HA H6 CA C8 C9 S9 ST SJ SQ"),
         mask("H8 H7 HJ HQ CT CJ CQ DJ DA"), mask("H9 HK CK SK SA D6 D9 DT DK"))


def differenzler_hand(forecast_1: int) -> DifferenzlerHand:
    hand = DifferenzlerHand(DifferenzlerRules(), DifferenzlerDeal(HANDS, 3, parse_card("D6"), 0))
    for f in (20, forecast_1, 40, 50):
        hand.push(A_FORECAST + f)
    return hand


def test_differenzler_at_its_forecast_ducks_a_trick_it_could_win() -> None:
    # Seat 0 leads the Rosen 10; seat 1 could take it with the Ace.
    hand = differenzler_hand(0)
    hand.push(parse_card("HT"))
    assert RuleBot().act(hand.observation(1)) == parse_card("H6")


def test_differenzler_below_its_forecast_wins_the_trick() -> None:
    hand = differenzler_hand(60)
    hand.push(parse_card("HT"))
    assert RuleBot().act(hand.observation(1)) == parse_card("HA")


@pytest.mark.parametrize(("forecast", "lead"), [(21, "H6"), (80, "CA")])
def test_differenzler_leads_by_what_is_still_missing(forecast: int, lead: str) -> None:
    # Seat 1 takes trick 1 with the Ace (21 points). At its forecast of 21 it leads a card
    # that loses; with 59 still missing it leads its Bock.
    hand = differenzler_hand(forecast)
    for card in ("HT", "HA", "H8", "H9"):
        hand.push(parse_card(card))
    assert hand.made[1] == 21 and hand.to_move == 1
    assert RuleBot().act(hand.observation(1)) == parse_card(lead)


def test_differenzler_forecast_follows_the_strength_of_the_hand() -> None:
    hand = DifferenzlerHand(DifferenzlerRules(), DifferenzlerDeal(HANDS, 3, parse_card("D6"), 0))
    f0 = DifferenzlerPlayer().act(hand.observation(0)) - A_FORECAST
    # Seat 2 holds Puur and Ace of trumps: it forecasts more than seat 0, whose trumps are low.
    hand.push(A_FORECAST + f0)
    hand.push(A_FORECAST + 10)
    f2 = DifferenzlerPlayer().act(hand.observation(2)) - A_FORECAST
    assert 0 <= f0 < f2 <= 157


def test_differenzler_forecast_error_beats_a_fixed_forecast() -> None:
    # Over 30 hands of four rule players the forecast misses by less than forecasting each
    # player's average share (157 / 4) would.
    ours = fixed = 0
    for i in range(30):
        game = DifferenzlerGame(DifferenzlerRules(hands=1), seed=f"err:{i}")
        bot = RuleBot()
        while not game.is_over:
            game.push(bot.act(game.observation(game.to_move)))
        r = game.round
        ours += sum(abs(f - m) for f, m in zip(r.forecasts, r.made, strict=True))
        fixed += sum(abs(39 - m) for m in r.made)
    assert ours < 0.8 * fixed


def test_differenzler_announces_stoeck_only_when_it_helps() -> None:
    # Seat 3 holds King and Ober of Schellen (trumps) and is asked before its first card.
    rules = DifferenzlerRules(stoeck=True, stoeck_announce="with-weis")
    hands = (mask("HT C6 C7 S6 S7 S8 D7 D8 DT"), HANDS[1], HANDS[2],
             mask("H9 HK CK SK SA D6 D9 DQ DK"))
    for forecast, expected in ((90, D_STOECK), (0, D_STOECK_NO)):
        hand = DifferenzlerHand(rules, DifferenzlerDeal(hands, 3, parse_card("D6"), 0))
        for f in (10, 10, 10, forecast):
            hand.push(A_FORECAST + f)
        while hand.phase != "stoeck":
            hand.push(DifferenzlerPlayer().act(hand.observation(hand.to_move)))
        assert hand.to_move == 3
        assert DifferenzlerPlayer().act(hand.observation(3)) == expected


def test_expected_penalty_is_the_mean_distance() -> None:
    rng = random.Random(4)
    for gap, spread in ((0.0, 5.0), (7.0, 3.0), (-12.0, 10.0)):
        sample = sum(abs(gap + rng.gauss(0, spread)) for _ in range(20000)) / 20000
        assert expected_penalty(gap, spread) == pytest.approx(sample, rel=0.03)
    assert expected_penalty(-4.0, 0.0) == 4.0


# ---------------------------------------------------------------------------------------------
# Coiffeur

EMPTY8 = ((None,) * 8, (None,) * 8)


def coiffeur_choice(hands: tuple[int, ...], sheet: object = EMPTY8, pushes: int = 0) -> int:
    hand = CoiffeurHand(CoiffeurRules(), hands, 0, sheet)  # type: ignore[arg-type]
    for _ in range(pushes):
        hand.push(A_PUSH)
    return CoiffeurPlayer().act(hand.observation(hand.to_move))


STRONG = (mask("HJ H9 HA HK H8 DA SA C7 D7"), mask("D6 D8 DJ H6 H7 S6 S7 C6 C8"),
          mask("DQ DK D9 HT HQ SJ SQ CJ C9"), mask("DT S8 S9 SK ST CT CQ CK CA"))
HOPELESS = (mask("D8 D9 DT H8 HT S8 ST C9 CT"), mask("D6 D7 DJ H6 H7 S6 S7 C6 C7"),
            mask("DQ DK DA HJ H9 HQ SJ SQ CJ"), mask("HK HA S9 SK SA C8 CQ CK CA"))


def test_coiffeur_takes_a_high_trump_row_with_puur_nell_and_ace() -> None:
    action = coiffeur_choice(STRONG)
    row, contract = divmod(action - A_ROW, ROW_SLOTS)
    assert contract == Contract.ROSEN
    assert CoiffeurRules().rows()[row].multiplier == 8  # a free row, the highest one


def test_coiffeur_without_the_free_rows_plays_its_suit_row() -> None:
    # With the free rows and Obenabe and Undenufe written, the trump hand takes the Rosen row.
    sheet = ((None,) * 4 + (300, 400, 500, 600), (None,) * 8)
    row, contract = divmod(coiffeur_choice(STRONG, sheet) - A_ROW, ROW_SLOTS)
    assert contract == Contract.ROSEN and CoiffeurRules().rows()[row].discipline == "H"


def test_coiffeur_pushes_a_hopeless_hand() -> None:
    assert coiffeur_choice(HOPELESS) == A_PUSH


def test_coiffeur_after_four_pushes_the_vorhand_must_choose() -> None:
    action = coiffeur_choice(HOPELESS, pushes=4)
    assert action >= A_ROW
    # The least bad row: the one where the hand loses least once multiplied (Eicheln x1).
    row, _contract = divmod(action - A_ROW, ROW_SLOTS)
    assert CoiffeurRules().rows()[row].multiplier == 1


def test_coiffeur_pushes_sooner_to_the_partner() -> None:
    # A hand somewhat below par everywhere: it chooses when pushing would give the choice to
    # an opponent, and pushes when the opponents' column is full (the partner gets it).
    mine = mask("D9 DT DQ HT HJ ST SQ C7 CJ")
    rest = [c for c in range(36) if not mine >> c & 1]
    hands = (mine, *(sum(1 << c for c in rest[9 * i:9 * i + 9]) for i in range(3)))
    values = contract_values(mine, tuple(range(6)), False)
    assert 60 < max(values.values()) < 80  # below the par of every row (about 80)
    assert coiffeur_choice(hands) >= A_ROW
    full = ((None,) * 8, (100,) * 8)
    assert coiffeur_choice(hands, full) == A_PUSH


@pytest.mark.parametrize("contract", range(NUM_CONTRACTS), ids=lambda c: CONTRACT_TOKENS[c])
def test_coiffeur_card_play_is_legal_in_every_contract(contract: int) -> None:
    # Every contract of the family named on a sheet with one row per discipline, four rule
    # players (push raises on an illegal card), both ways of valuing Slalom tricks.
    rows = "C:1 H:1 S:1 D:1 obe:1 unde:1 slalom:1 guschti:1 misere:1"
    row_of = {0: 3, 1: 1, 2: 2, 3: 0, 4: 4, 5: 5, 6: 8, 7: 6, 8: 6, 9: 7, 10: 7}
    for values in ("per_trick", "obenabe"):
        rules = CoiffeurRules(sheet="custom", custom_rows=rows, slalom_values=values,
                              weis=True, stoeck=True)
        empty = (None,) * 9
        for i in range(3):
            hand = CoiffeurHand(rules, tuple(deal_hands(f"contract:{contract}:{i}")), i,
                                (empty, empty))
            hand.push(A_ROW + ROW_SLOTS * row_of[contract] + contract)
            bot = RuleBot()
            while not hand.is_over:
                hand.push(bot.act(hand.observation(hand.to_move)))
            assert len(hand.trick_winners) == 9


def test_coiffeur_announces_stoeck_only_for_the_choosing_team() -> None:
    rules = CoiffeurRules(stoeck=True, stoeck_announce="with-weis")
    hands = (mask("HJ H9 HA HK H8 DA SA C7 D7"), mask("D6 D8 DJ H6 H7 S6 S7 C6 C8"),
             mask("DQ DK D9 HT HQ SJ SQ CJ C9"), mask("DT S8 S9 SK ST CT CQ CK CA"))
    # Seat 2 holds King and Ober of Schellen; seat 0 names Schellen, then seat 1 does.
    for chooser, expected in ((0, A_STOECK), (1, A_STOECK_NO)):
        hand = CoiffeurHand(rules, hands, chooser, EMPTY8)
        hand.push(A_ROW + ROW_SLOTS * 3 + Contract.SCHELLEN)  # the Schellen row
        while not (hand.to_move == 2 and hand.phase == "stoeck"):
            hand.push(CoiffeurPlayer().act(hand.observation(hand.to_move)))
        assert CoiffeurPlayer().act(hand.observation(2)) == expected


# ---------------------------------------------------------------------------------------------
# Slalom card play (the Schieber rule player, used by Coiffeur's Slalom rows too)


def test_slalom_takes_an_obenabe_trick_with_the_ace_it_cannot_keep() -> None:
    # Trick 1 is Obenabe, trick 2 Undenufe: the Ace wins now and is the lowest card next; the
    # 6 loses now and is the top card next. The rule player takes the trick with the Ace.
    rules = rules_from_dict({"extra_contracts": ["slalom"], "weis": False})
    hands = [mask("H7 H8 D9 DT DJ S9 ST SJ CT"), mask("HA H6 D6 D7 S6 S7 C6 C7 C8"),
             mask("HQ HT DQ DK SQ SK CJ CQ CK"), mask("H9 HJ HK DA D8 SA S8 C9 CA")]
    rnd = Round(rules, hands, forehand=0)
    rnd.push(A_CHOOSE + Contract.SLALOM)
    rnd.push(parse_card("H7"))
    assert RuleBot().act(rnd.observation(1)) == parse_card("HA")
