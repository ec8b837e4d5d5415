"""Schellenjass: the worked examples of its page and the variant's own rules."""

from __future__ import annotations

import random

import pytest

from puur.cards import CardSet, parse_card
from puur.hand import OVER, IllegalActionError
from puur.options import OptionError
from puur.variants import get
from puur.variants.schellenjass import (
    VARIANT,
    SchellenjassGame,
    format_deal_line,
    parse_deal_line,
)
from puur.variants.schellenjass_hand import (
    SchellenjassDeal,
    SchellenjassHand,
    check_deal,
    deal_schellenjass,
)
from puur.variants.schellenjass_rules import (
    PRESETS,
    SchellenjassRules,
    hand_points,
    hand_striche,
)
from puur.variants.schellenjass_view import OBS_SIZE


def mask(text: str) -> int:
    return CardSet.from_text(text).bits


def cards(text: str) -> list[int]:
    return [parse_card(t) for t in text.split()]


def hand_of(rules: SchellenjassRules, *hands: str, dealer: int = 3) -> SchellenjassHand:
    return SchellenjassHand(rules, SchellenjassDeal(tuple(mask(h) for h in hands), dealer))


def play(hand: SchellenjassHand, tokens: str) -> None:
    for tok in tokens.split():
        hand.push(VARIANT.parse_action(hand, tok))


def play_out(hand: SchellenjassHand, seed: int = 0) -> None:
    rng = random.Random(seed)
    while hand.phase != OVER:
        hand.push(rng.choice(hand.legal_actions()))


# C (seat 2) holds all nine Schellen (D, the diamonds of the notation) and leads: nobody else
# can follow, so C takes every trick and every Schelle.
TURI = (
    "H6 H7 H8 H9 HT HJ HQ HK HA",
    "S6 S7 S8 S9 ST SJ SQ SK SA",
    "D6 D7 D8 D9 DT DJ DQ DK DA",
    "C6 C7 C8 C9 CT CJ CQ CK CA",
)


# Worked example 1: Schellen taken 4, 3, 2, 0 score those points.
def test_example_1_each_schelle_taken_is_a_point() -> None:
    assert hand_points((4, 3, 2, 0)) == (4, 3, 2, 0)
    # Scored in Striche, everyone below the four of A gets one.
    assert hand_striche((4, 3, 2, 0)) == (0, 1, 1, 1)


def test_example_1_in_a_played_hand() -> None:
    # A takes four Schellen in trick 1, B three in trick 3, C two in trick 5, D none.
    hand = hand_of(SchellenjassRules(), "DA H6 H7 H8 H9 HT HJ HQ HK",
                   "D6 DK HA C7 S7 S8 S9 ST SJ", "D7 D9 DQ C6 C8 C9 CT CJ CA",
                   "D8 DT DJ S6 SQ SK SA CQ CK", dealer=3)
    play(hand, "DA D6 D7 D8")   # A leads; everyone follows
    play(hand, "H6 HA C6 S6")   # B takes the lead with the Rosen ace
    play(hand, "DK D9 DT H7")
    play(hand, "C7 CA CQ H8")   # C takes the lead with the Eicheln ace
    play(hand, "DQ DJ H9 S7")
    assert hand.taken == (4, 3, 2, 0)
    play_out(hand)
    assert hand.result() == (4, 3, 2, 0) and sum(hand.trick_values) == 157


# Worked example 2: a Turi by C: A, B and D score 9, C scores 0.
def test_example_2_a_turi_scores_nought_for_its_maker_and_nine_for_the_others() -> None:
    assert hand_points((0, 0, 9, 0)) == (9, 9, 0, 9)
    hand = hand_of(SchellenjassRules(), *TURI, dealer=1)
    assert hand.to_move == 2
    play_out(hand)
    assert hand.trick_winners == (2,) * 9 and hand.taken == (0, 0, 9, 0)
    assert hand.turi_seat() == 2 and hand.result() == (9, 9, 0, 9)
    striche = hand_of(SchellenjassRules(scoring="striche"), *TURI, dealer=1)
    play_out(striche)
    assert striche.result() == (0, 0, 3, 0)
    plain = hand_of(SchellenjassRules(turi=False), *TURI, dealer=1)
    play_out(plain)
    assert plain.turi_seat() == -1 and plain.result() == (0, 0, 9, 0)


def test_striche_give_nothing_when_everyone_took_as_many() -> None:
    assert hand_striche((3, 3, 3)) == (0, 0, 0)
    assert hand_striche((5, 4)) == (0, 1)
    with pytest.raises(ValueError, match="nine penalty cards"):
        hand_points((4, 4))
    with pytest.raises(ValueError, match="nine penalty cards"):
        hand_striche((9, -1, 1))


@pytest.mark.parametrize(("players", "per_seat"), [(2, 18), (3, 12), (4, 9)])
def test_every_card_is_dealt_and_vorhand_leads(players: int, per_seat: int) -> None:
    rules = SchellenjassRules(players=players)
    deal = deal_schellenjass(rules, "s", dealer=players - 1)
    assert [h.bit_count() for h in deal.hands] == [per_seat] * players
    assert sum(deal.hands) == (1 << 36) - 1
    hand = SchellenjassHand(rules, deal)
    assert hand.to_move == 0 and hand.trump == -1 and hand.num_tricks == per_seat
    play_out(hand)
    assert len(hand.played) == 36 and sum(hand.trick_values) == 157
    assert sum(hand.taken) == 9


def test_play_is_obenabe_without_trumps_and_follow_is_strict() -> None:
    hand = hand_of(SchellenjassRules(), "H6 H7 H8 H9 HT HJ HQ HK DA",
                   "S6 S7 S8 S9 ST SJ SQ SK HA", "D6 D7 D8 D9 DT DJ DQ DK SA",
                   "C6 C7 C8 C9 CT CJ CQ CK CA", dealer=3)
    play(hand, "H6")
    assert hand.legal_actions() == cards("HA")          # must follow with the only Rosen
    play(hand, "HA")
    assert hand.legal_actions() == cards("D6 D7 D8 D9 DT DJ DQ DK SA")  # void: anything
    play(hand, "SA")
    play(hand, "CA")                                      # another suit never wins
    assert hand.trick_winners == (1,)
    assert hand.trick_values == (33,)                     # Obenabe: three aces, the 6 0


def test_no_lead_first_trick_bans_a_schelle_lead_only_in_trick_1() -> None:
    deal = ("DA H6 H7 H8 H9 HT HJ HQ HK", "DK D8 S6 S7 S8 S9 ST SJ SQ",
            "D6 DQ C6 C7 C8 C9 CT CJ CQ", "D7 D9 DT DJ HA SK SA CK CA")
    free = hand_of(SchellenjassRules(), *deal)
    assert parse_card("DA") in free.legal_actions()
    banned = hand_of(SchellenjassRules(no_lead_first_trick=True), *deal)
    assert parse_card("DA") not in banned.legal_actions()
    with pytest.raises(IllegalActionError):
        banned.push(parse_card("DA"))
    assert banned.actions == () and banned.hands[0] == mask(deal[0])
    play(banned, "H6 S6 C6 HA")
    assert parse_card("D7") in banned.legal_actions()   # trick 2: D leads what it likes
    # A leader holding only Schellen may lead one.
    turi = hand_of(SchellenjassRules(no_lead_first_trick=True), *TURI, dealer=1)
    assert turi.legal_actions() == cards("D6 D7 D8 D9 DT DJ DQ DK DA")


def test_herzjass_counts_the_hearts() -> None:
    rules = PRESETS["herzjass"]
    assert rules.penalty_suit == 1 and VARIANT.default_deck(rules) == "french"
    hand = hand_of(rules, *TURI, dealer=3)       # A holds every heart and leads
    play_out(hand)
    assert hand.taken == (9, 0, 0, 0) and hand.result() == (0, 9, 9, 9)


def test_a_points_game_is_twelve_hands_and_the_fewest_win() -> None:
    game = SchellenjassGame(seed=4)
    rng = random.Random(4)
    dealers = []
    while not game.is_over:
        if not game.round.actions:
            dealers.append(game.round.dealer)
        game.push(rng.choice(game.legal_actions()))
    assert len(game.rounds) == 12
    assert dealers == [(dealers[0] + i) % 4 for i in range(12)]
    totals = [0] * 4
    for r in game.rounds:
        totals = [t + p for t, p in zip(totals, r.result(), strict=True)]
    assert list(game.scores) == totals
    best = min(totals)
    assert [p == 1 for p in game.standings()] == [t == best for t in totals]
    with pytest.raises(IllegalActionError):
        game.push(0)


def test_a_striche_game_ends_at_the_target_and_the_most_striche_win() -> None:
    rules = SchellenjassRules(scoring="striche", striche_target=3)
    game = SchellenjassGame(rules, seed=8)
    rng = random.Random(8)
    while not game.is_over:
        before = max(game.totals())
        assert before < 3
        game.push(rng.choice(game.legal_actions()))
    striche = game.totals()
    assert max(striche) >= 3 and game.summary()["striche"] == list(striche)
    assert game.scores == tuple(-s for s in striche)
    most = max(striche)
    assert [p == 1 for p in game.standings()] == [s == most for s in striche]


def test_a_turi_in_a_game_adds_nine_to_the_others() -> None:
    deal = SchellenjassDeal(tuple(mask(h) for h in TURI), 1)
    game = SchellenjassGame(SchellenjassRules(hands=2), seed=1, deals=[deal])
    while len(game.rounds) == 1:
        game.push(game.legal_actions()[0])
    assert game.scores == (9, 9, 0, 9) and game.round.totals == (9, 9, 0, 9)


def test_bad_options_are_refused() -> None:
    for bad in ({"players": 5}, {"players": 1}, {"scoring": "marks"}, {"hands": 0},
                {"suit": "eicheln"}, {"striche_target": 0}, {"turi": "yes"}):
        with pytest.raises(OptionError):
            SchellenjassRules(**bad)


def test_bad_deals_are_refused() -> None:
    rules = SchellenjassRules()
    good = deal_schellenjass(rules, 1, 0)
    with pytest.raises(ValueError, match="dealer"):
        check_deal(rules, SchellenjassDeal(good.hands, 4))
    with pytest.raises(ValueError):
        check_deal(rules, SchellenjassDeal(good.hands[:3], 0))
    twice = (good.hands[0], good.hands[1] | (good.hands[0] & -good.hands[0]),
             *good.hands[2:])
    with pytest.raises(ValueError):
        check_deal(rules, SchellenjassDeal(twice, 0))
    with pytest.raises(ValueError):
        check_deal(SchellenjassRules(players=2), good)
    with pytest.raises(ValueError, match="not a Schellenjass deal"):
        check_deal(rules, (good.hands, 0))
    line = format_deal_line(good)
    assert parse_deal_line(rules, line) == good
    with pytest.raises(ValueError, match="DEALER HAND"):
        parse_deal_line(rules, "x " + line)


def test_illegal_actions_change_nothing() -> None:
    game = SchellenjassGame(seed=2)
    before = (game.round.hands, game.round.actions, game.to_move)
    not_legal = next(c for c in range(36) if c not in game.legal_actions()
                     and game.round.hands[game.to_move] >> c & 1 == 0)
    for bad in (36, -1, 52, not_legal, "HA", True, 1.0):
        with pytest.raises(IllegalActionError):
            game.push(bad)  # type: ignore[arg-type]
        assert (game.round.hands, game.round.actions, game.to_move) == before
    with pytest.raises(ValueError, match="expected a card"):
        VARIANT.parse_action(game.round, "weis:-")
    with pytest.raises(ValueError):
        VARIANT.format_action(game.round, 36)


def test_the_observation_shows_the_taken_schellen_and_no_other_hand() -> None:
    hand = hand_of(SchellenjassRules(), *TURI, dealer=1)
    play(hand, "DA C6 H6 S6")
    obs = hand.observation(0)
    assert obs.hand == mask(TURI[0]) & ~mask("H6") and obs.known == (0, 0, 0, 0)
    assert obs.taken == (0, 0, 1, 0) and obs.result == (0, 0, 0, 0) and obs.legal_actions == ()
    spectator = hand.observation(-1)
    assert spectator.hand == 0 and spectator.panel() == obs.panel()
    assert obs.panel()["taken"] == [0, 0, 1, 0] and obs.panel()["result"] is None
    tensor = hand.observation(2).to_tensor()
    assert len(tensor) == OBS_SIZE
    assert tensor[332] == pytest.approx(1 / 9)           # the observer's own Schelle
    assert tensor[343] == 1.0                             # the Schellen are the penalty suit
    play_out(hand)
    assert hand.observation(1).panel()["turi_seat"] == 2
    with pytest.raises(ValueError, match="seat must be"):
        hand.observation(4)


def test_the_description_and_the_registry() -> None:
    assert get("herzjass") is VARIANT and VARIANT.players == (4, 3, 2)
    assert VARIANT.lower_is_better and VARIANT.action_space(None).size == 36
    assert list(VARIANT.presets) == list(PRESETS)
    for name in PRESETS:
        assert VARIANT.num_seats(VARIANT.preset(name)) == PRESETS[name].players
