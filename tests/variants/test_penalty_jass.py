"""The penalty-point Jass (Strafpunktjass): the worked example of its page and its own rules."""

from __future__ import annotations

import itertools
import random

import pytest

from puur.cards import CardSet, parse_card
from puur.hand import OVER, PLAY, IllegalActionError
from puur.options import OptionError
from puur.variants import get
from puur.variants.penalty_jass import (
    VARIANT,
    PenaltyJassGame,
    format_deal_line,
    parse_deal_line,
)
from puur.variants.penalty_jass_hand import (
    A_DECLARE,
    A_QUIET,
    DECLARE,
    PenaltyJassDeal,
    PenaltyJassHand,
    deal_penalty_jass,
)
from puur.variants.penalty_jass_rules import (
    BANNER,
    PRESETS,
    SCHELLEN_OBER,
    PenaltyJassRules,
    hand_penalties,
    losers,
)
from puur.variants.penalty_jass_view import OBS_SIZE


def mask(text: str) -> int:
    return CardSet.from_text(text).bits


def hand_of(rules: PenaltyJassRules, hands: tuple[str, ...], dealer: int = 3,
            leader: int | None = None) -> PenaltyJassHand:
    return PenaltyJassHand(rules, PenaltyJassDeal(tuple(mask(h) for h in hands), dealer),
                           leader=leader)


def play(hand: PenaltyJassHand, tokens: str) -> None:
    for tok in tokens.split():
        hand.push(VARIANT.parse_action(hand, tok))


# Seat 0 (A) holds the Eicheln 10 and leads; seat 1 (B) holds the Schellen Ober with two more
# Schellen; seat 3 (D) has a single Schelle and fixes trumps in trick 6.
DEAL = ("HA SA CA HK SK CK CT D6 D8", "DQ DJ D7 HJ H8 SJ S8 CJ C8",
        "DA DK DT HQ HT H7 SQ ST CQ", "D9 H9 H6 S9 S7 S6 C9 C7 C6")
EXAMPLE = ("HA H8 H7 H6  D6 DQ DA D9  HQ H9 HK HJ  SA S8 ST S6  SK SJ SQ S7  D8 D7 DK S9 "
           "C6 CA C8 CQ  CK CJ HT C7  CT DJ DT C9")
# The same cards with B's Schellen Ober bare (his other Schellen swapped with D's H9 and S9).
BARE = ("HA SA CA HK SK CK CT D6 D8", "DQ H9 S9 HJ H8 SJ S8 CJ C8",
        "DA DK DT HQ HT H7 SQ ST CQ", "D9 DJ D7 H6 S7 S6 C9 C7 C6")
# BARE with B's H9 and C's DT swapped: nobody holds the Schellen Ober bare.
NOT_BARE = ("HA SA CA HK SK CK CT D6 D8", "DQ DT S9 HJ H8 SJ S8 CJ C8",
            "DA DK H9 HQ HT H7 SQ ST CQ", "D9 DJ D7 H6 S7 S6 C9 C7 C6")


# Worked example 1: A wins trick 1 and the last trick, C takes the Ober -> A +2, C +1.
def test_example_1_as_numbers() -> None:
    assert hand_penalties(0, 2, 0) == (2, 0, 1, 0)


def test_example_1_played_out() -> None:
    hand = hand_of(PenaltyJassRules(), DEAL)
    assert hand.to_move == 0 and hand.opener == 0  # the Eicheln 10's holder leads
    play(hand, EXAMPLE)
    assert hand.phase == OVER
    assert hand.result() == (2, 0, 1, 0) and sum(hand.trick_points) == 157
    s = hand.summary()
    assert (s["first_trick"], s["penalty_card"], s["last_trick"]) == (0, 2, 0)
    assert s["declared_seat"] == -1 and s["contract"] == "S"


def test_the_first_discard_fixes_trumps_and_wins_its_trick() -> None:
    hand = hand_of(PenaltyJassRules(), DEAL)
    play(hand, EXAMPLE[:EXAMPLE.index("S9")])
    assert hand.trump == -1 and hand.to_move == 3
    play(hand, "S9")  # D has no Schelle: the Schilten 9 makes Schilten trumps and wins
    assert hand.trump == parse_card("S9") // 9 and hand.trick_winners[-1] == 3
    assert hand.trump_card == parse_card("S9") and hand.trump_seat == 3


def test_follow_suit_stays_strict_once_trumps_are_fixed() -> None:
    rng = random.Random(3)
    checked = 0
    for seed in range(40):
        hand = PenaltyJassGame(seed=seed).round
        while not hand.is_over:
            if hand.phase == PLAY and hand.trick and hand.trump >= 0:
                led = hand.trick[0] // 9
                held = hand.hands[hand.to_move] & (0x1FF << 9 * led)
                puur_alone = led == hand.trump and held == 1 << (9 * led + 5)
                if held and not puur_alone:  # the trump Under alone need not be played
                    assert hand.legal_cards() == held  # no ruffing while one can follow
                    checked += 1
            hand.push(rng.choice(hand.legal_actions()))
    assert checked > 50


def test_the_declared_penalty_card_costs_its_taker_two() -> None:
    hand = hand_of(PenaltyJassRules(), BARE)
    play(hand, "HA")
    assert hand.phase == DECLARE and hand.to_move == 1
    assert hand.legal_actions() == [A_DECLARE, A_QUIET]
    play(hand, "declare H8 H7 H6  D6 DQ DA D9")
    assert hand.declared_seat == 1 and hand.credited == (1, 0, 2, 0)
    # Without a declaration (or with the option off) the card costs one.
    quiet = hand_of(PenaltyJassRules(), BARE)
    play(quiet, "HA quiet H8 H7 H6  D6 DQ DA D9")
    assert quiet.declared_seat == -1 and quiet.credited == (1, 0, 1, 0)
    off = hand_of(PRESETS["quiet"], BARE)
    play(off, "HA")
    assert off.phase == PLAY and off.to_move == 1
    three = hand_of(PenaltyJassRules(bare_points=3), BARE)
    play(three, "HA declare H8 H7 H6  D6 DQ DA D9")
    assert three.credited == (1, 0, 3, 0)


def test_the_declaration_is_public_and_the_question_is_secret() -> None:
    hand = hand_of(PenaltyJassRules(), BARE)
    other = hand_of(PenaltyJassRules(), NOT_BARE)
    play(hand, "HA")
    play(other, "HA")
    # The holder alone sees the question; every other seat sees a turn to play, the same as
    # where nobody holds the card bare.
    assert hand.observation(1).phase == DECLARE
    for seat in (-1, 0, 3):  # seats 1 and 2 hold the swapped cards
        assert hand.observation(seat) == other.observation(seat)
        assert hand.observation(seat).to_tensor() == other.observation(seat).to_tensor()
    play(other, "H8")
    quiet = hand_of(PenaltyJassRules(), BARE)
    play(quiet, "HA quiet H8")
    for seat in (-1, 0, 3):
        assert quiet.observation(seat) == other.observation(seat)
    play(hand, "declare")
    for seat in (-1, 0, 2, 3):
        obs = hand.observation(seat)
        assert obs.declared_seat == 1 and obs.known[1] & mask("DQ")
        assert obs.panel()["declared_seat"] == 1
    # Keeping quiet again is not possible: the question comes once.
    play(hand, "H8")
    with pytest.raises(IllegalActionError):
        hand.push(A_DECLARE)


def test_the_start_card_is_known_with_the_leader_of_hand_1() -> None:
    hand = hand_of(PenaltyJassRules(), DEAL)
    assert all(hand.observation(s).known[0] == 1 << BANNER for s in (-1, 1, 2, 3))
    later = hand_of(PenaltyJassRules(), DEAL, leader=2)
    assert later.to_move == 2 and not any(later.observation(1).known)
    moved = hand_of(PenaltyJassRules(lead_card=parse_card("DA")), DEAL)
    assert moved.to_move == 2


def test_an_illegal_action_changes_nothing() -> None:
    hand = hand_of(PenaltyJassRules(), BARE)
    play(hand, "HA")
    before = dict(hand.__dict__)
    for bad in (parse_card("H8"), 38, -1, "declare", A_QUIET + 1):
        with pytest.raises(IllegalActionError):
            hand.push(bad)  # type: ignore[arg-type]
        assert hand.__dict__ == before
    for token in ("stoeck", "weis:-", "bid:3"):
        with pytest.raises(ValueError, match="expected a card, declare or quiet"):
            VARIANT.parse_action(hand, token)
    with pytest.raises(ValueError):
        hand_of(PenaltyJassRules(), DEAL, leader=4)


def test_options_are_checked() -> None:
    for bad in ({"penalty_limit": 0}, {"loser_ties": "split"}, {"declare_bare": "yes"},
                {"bare_points": 0}, {"penalty_card": "CT"}, {"penalty_card": "X9"},
                {"lead_card": "DQ"}):
        with pytest.raises(OptionError):
            VARIANT.rules_from_dict(bad)
    r = PenaltyJassRules()
    assert (r.penalty_limit, r.penalty_card, r.lead_card, r.declare_bare, r.loser_ties) == (
        9, SCHELLEN_OBER, BANNER, True, "share")
    assert PRESETS["eicheln-ober"].penalty_card == parse_card("CQ")


def test_the_deal_and_bad_deals() -> None:
    rules = PenaltyJassRules()
    d = deal_penalty_jass(rules, 11, 1)
    assert d.dealer == 1 and [h.bit_count() for h in d.hands] == [9] * 4
    assert d.hands[0] | d.hands[1] | d.hands[2] | d.hands[3] == (1 << 36) - 1
    assert PenaltyJassHand(rules, d).to_move == next(
        s for s in range(4) if d.hands[s] >> BANNER & 1)
    assert parse_deal_line(rules, format_deal_line(d)) == d
    for bad in (PenaltyJassDeal(d.hands, 4), PenaltyJassDeal(d.hands[:3], 0),
                PenaltyJassDeal((d.hands[0],) * 4, 0), d.hands):
        with pytest.raises(ValueError):
            PenaltyJassHand(rules, bad)  # type: ignore[arg-type]
    for text in ("", "x D6", format_deal_line(d) + " / D6"):
        with pytest.raises(ValueError):
            parse_deal_line(rules, text)


def test_who_loses() -> None:
    assert losers((8, 4, 9, 2), 9) == (2,)
    assert losers((8, 8, 8, 5), 9) == ()
    assert losers((11, 9, 3, 0), 9) == (0,)  # several reach it: the highest loses
    assert losers((10, 10, 9, 0), 9) == (0, 1)
    assert losers((10, 10, 9, 0), 9, "play_on") == ()
    with pytest.raises(ValueError):
        losers((1, 2, 3, 4), 9, "split")
    with pytest.raises(ValueError):
        hand_penalties(0, 4, 0)


def _play_game(rules: PenaltyJassRules, seed: int) -> PenaltyJassGame:
    game = PenaltyJassGame(rules, seed=seed)
    rng = random.Random(seed)
    while not game.is_over:
        game.push(rng.choice(game.legal_actions()))
    return game


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_a_game_ends_when_a_total_reaches_the_limit(preset: str) -> None:
    rules = PRESETS[preset]
    for seed in range(3):
        game = _play_game(rules, seed)
        openers = [r.opener for r in game.rounds]
        assert game.rounds[0].initial_hands[openers[0]] >> rules.lead_card & 1
        assert all(b == (a + 1) % 4 for a, b in itertools.pairwise(openers))
        totals = [sum(r.result()[s] for r in game.rounds) for s in range(4)]
        assert list(game.scores) == totals
        before = [t - p for t, p in zip(totals, game.round.result(), strict=True)]
        assert max(before) < rules.penalty_limit or rules.loser_ties == "play_on"
        lost = game.summary()["losers"]
        assert lost and all(totals[s] == max(totals) >= rules.penalty_limit for s in lost)
        assert all(game.standings()[s] == max(game.standings()) for s in lost)
        assert game.legal_actions() == []


def test_a_limit_of_one_is_a_one_hand_game() -> None:
    game = _play_game(PenaltyJassRules(penalty_limit=1), 2)
    assert len(game.rounds) == 1 and sum(game.scores) in (3, 4)


def test_a_tie_on_the_highest_total_is_shared_or_played_on() -> None:
    for ties, over in (("share", True), ("play_on", False)):
        rules = PenaltyJassRules(penalty_limit=2, loser_ties=ties)
        game = PenaltyJassGame(rules, deals=[PenaltyJassDeal(tuple(mask(h) for h in DEAL), 3)])
        hand = game.round
        hand.totals = (0, 0, 1, 0)  # C already has a point: A 2, C 2 after the example
        for tok in EXAMPLE.split():
            game.push(VARIANT.parse_action(game.round, tok))
        assert game.scores[:3] == (2, 0, 2)
        assert game.is_over is over
        if over:
            assert game.losers() == (0, 2) and game.standings() == (3, 1, 3, 1)
        else:
            assert len(game.rounds) == 2 and game.round.opener == 1


def test_pop_restores_every_state() -> None:
    rng = random.Random(8)
    game = PenaltyJassGame(PenaltyJassRules(penalty_limit=4), seed=8)
    while not game.is_over:
        hand = game.round
        before = {k: v for k, v in hand.__dict__.items() if k != "_stack"}
        a = rng.choice(game.legal_actions())
        hand.push(a)
        assert hand.pop() == a
        assert {k: v for k, v in hand.__dict__.items() if k != "_stack"} == before
        game.push(a)
    assert sorted(game.rounds[0].played) == list(range(36))


def test_the_variant_is_registered_under_its_names() -> None:
    for name in ("penalty_jass", "Strafpunktjass", "penalty-point", "strafpunkt"):
        assert get(name) is VARIANT
    assert VARIANT.num_seats(None) == 4 and VARIANT.lower_is_better
    space = VARIANT.action_space(None)
    assert space.name(A_DECLARE) == "declare:bare" and space.name(A_QUIET) == "declare:quiet"


def test_every_seat_sees_the_same_panel_and_the_tensor_size() -> None:
    hand = hand_of(PenaltyJassRules(), DEAL)
    play(hand, "HA H8 H7 H6")
    panels = [hand.observation(s).panel() for s in (-1, 0, 1, 2, 3)]
    assert all(p == panels[0] for p in panels)
    assert panels[0]["penalties"] == [1, 0, 0, 0] and panels[0]["first_trick"] == 0
    assert panels[0]["penalty_card"] == "DQ" and panels[0]["card_taker"] is None
    obs = hand.observation(0)
    assert len(obs.to_tensor()) == OBS_SIZE and obs.legal_actions
    assert hand.observation(1).legal_actions == ()
