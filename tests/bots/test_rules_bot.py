"""The expert rule player: constructed positions for its strategy, legal play everywhere."""

from __future__ import annotations

import dataclasses

import pytest

from puur.actions import A_CHOOSE, A_PUSH, A_STOECK, A_WEIS
from puur.bots import BOTS, RandomBot, make_bot, play_round
from puur.bots.rules import RuleBot, is_small
from puur.cards import CardSet, parse_card
from puur.contracts import MODE_OBENABE, MODE_UNDENUFE, POINTS, Contract
from puur.observation import Observation
from puur.round import Round
from puur.rules import PRESETS, RuleSet, rules_from_dict

FAMILY = PRESETS["family"]


def deal(*texts: str) -> list[int]:
    assert len(texts) == 4
    hands = [CardSet.from_text(t).bits for t in texts]
    assert sum(h.bit_count() for h in hands) == 36
    return hands


def play(rnd: Round, tokens: str) -> None:
    """Play cards by token; any Weis or Stöck question in between is answered 'quiet'."""
    for tok in tokens.split():
        while rnd.phase in ("weis", "stoeck"):
            rnd.push(A_WEIS if rnd.phase == "weis" else 63)
        rnd.push(parse_card(tok))
    while rnd.phase in ("weis", "stoeck"):
        rnd.push(A_WEIS if rnd.phase == "weis" else 63)


def bot_action(rnd: Round) -> int:
    return RuleBot().act(rnd.observation(rnd.to_move))


def test_registered_and_built_by_name() -> None:
    assert BOTS["rules"] is RuleBot
    bot = make_bot("rules", seed=3)
    assert bot.name == "rules"


# ---------------------------------------------------------------------------------------------
# Choosing


def test_pushes_a_hopeless_hand_and_partner_must_choose() -> None:
    rnd = Round(FAMILY, deal(
        "D8 DT DQ H8 H9 SJ SQ CT CQ",
        "D6 D7 D9 H6 H7 HT S6 S7 C6",
        "DJ DK HJ HQ HK S8 S9 C7 C8",
        "DA HA ST SK SA C9 CJ CK CA",
    ), forehand=0)
    assert bot_action(rnd) == A_PUSH
    rnd.push(A_PUSH)
    assert rnd.to_move == 2
    action = bot_action(rnd)
    assert action != A_PUSH and action in rnd.legal_actions()


def test_pushed_weak_hand_takes_the_low_multiplier() -> None:
    # Standard multipliers: Rosen and Eicheln x1, Schellen and Schilten x2, Obe/Unde x3.
    rules = PRESETS["standard-2500"]
    rnd = Round(rules, deal(
        "D8 DT DQ H8 H9 SJ SQ CT CQ",
        "D6 D7 D9 H6 H7 HT S6 S7 C6",
        "DJ DK HJ HQ HK S8 S9 C7 C8",
        "DA HA ST SK SA C9 CJ CK CA",
    ), forehand=0)
    rnd.push(A_PUSH)
    contract = bot_action(rnd) - A_CHOOSE
    # The hand has the Puur of Rosen (one sure trick) and nothing for a x3 game.
    assert rules.multipliers[contract] == 1
    assert contract == Contract.ROSEN


@pytest.mark.parametrize(
    ("hand", "expected"),
    [
        ("CJ C9 CT C8 DA D8 H9 HQ SK", Contract.EICHELN),  # Puur and three more
        ("SJ S9 SA ST S7 D9 H9 HQ CK", Contract.SCHILTEN),  # five trumps with Puur
        ("DA DK DQ HA HK SA S9 C9 CT", Contract.OBENABE),  # aces and kings on top
        ("D6 D7 D8 H6 H7 S6 SK CQ C9", Contract.UNDENUFE),  # sixes and sevens
    ],
)
def test_chooses_by_counting_tricks(hand: str, expected: int) -> None:
    rest = [c for c in range(36) if not CardSet.from_text(hand).bits >> c & 1]
    others = [sum(1 << c for c in rest[9 * i:9 * i + 9]) for i in range(3)]
    rnd = Round(FAMILY, [CardSet.from_text(hand).bits, *others], forehand=0)
    assert bot_action(rnd) == A_CHOOSE + expected


# ---------------------------------------------------------------------------------------------
# Card play


def test_draws_trumps_with_puur_nell_and_aces() -> None:
    rnd = Round(FAMILY, deal(
        "HJ H9 H7 H6 DA SA CA D6 S8",
        "HA HK D7 D8 D9 S6 S7 C6 C7",
        "HQ HT DT DJ DQ S9 ST C8 C9",
        "H8 DK SJ SQ SK CT CJ CQ CK",
    ), forehand=0)
    assert bot_action(rnd) == A_CHOOSE + Contract.ROSEN
    rnd.push(A_CHOOSE + Contract.ROSEN)
    assert bot_action(rnd) == parse_card("HJ")


def test_stops_drawing_when_the_opponents_have_no_trumps() -> None:
    rnd = Round(FAMILY, deal(
        "HJ H9 H7 H6 DA SA CA D6 S8",
        "D7 D8 D9 S6 S7 S9 C6 C7 C8",
        "HA HK HQ HT H8 DT DJ ST SJ",
        "DQ DK SQ SK C9 CT CJ CQ CK",
    ), forehand=0)
    rnd.push(A_CHOOSE + Contract.ROSEN)
    play(rnd, "HJ D7 H8 C9")  # both opponents show they hold no trump
    assert rnd.to_move == 0
    led = bot_action(rnd)
    assert led // 9 != Contract.ROSEN
    assert led in (parse_card("DA"), parse_card("SA"), parse_card("CA"))


def test_does_not_draw_trumps_by_routine() -> None:
    # Puur and two small trumps, no side card to cash: leading trumps only gives cards away.
    rnd = Round(FAMILY, deal(
        "HJ H7 H6 D6 D8 S6 S7 C6 C8",
        "HA HK HQ D7 D9 S8 S9 C7 C9",
        "H9 HT DT DJ DQ ST SJ CT CJ",
        "H8 DA DK SQ SK SA CQ CK CA",
    ), forehand=0)
    rnd.push(A_CHOOSE + Contract.ROSEN)
    led = bot_action(rnd)
    assert led // 9 != Contract.ROSEN


def test_schmiert_onto_the_partners_sure_trick() -> None:
    rnd = Round(FAMILY, deal(
        "D6 D8 D9 HJ H9 HA HK SA CA",
        "DA DK DQ H8 HT S8 S9 C7 CT",
        "D7 DT DJ HQ SJ SQ CJ CQ CK",
        "ST S6 S7 SK C6 C8 C9 H6 H7",
    ), forehand=0)
    rnd.push(A_CHOOSE + Contract.ROSEN)
    play(rnd, "D6 DA D7")
    assert rnd.to_move == 3  # last to play, the partner (seat 1) holds the trick with the ace
    card = bot_action(rnd)
    assert card == parse_card("ST")  # the ten: the most points it does not need


def test_schmiert_onto_the_nell_once_the_puur_has_fallen() -> None:
    rnd = Round(FAMILY, deal(
        "HJ H9 HK D6 D7 S6 S7 C6 C7",
        "H6 H7 D8 D9 S8 S9 C8 C9 CA",
        "DT DJ DQ ST SJ SQ CT CJ CQ",
        "HA HT HQ H8 DK DA SK SA CK",
    ), forehand=0)
    rnd.push(A_CHOOSE + Contract.ROSEN)
    play(rnd, "HJ H6 CQ H8")  # the partner's Puur takes trick 1
    play(rnd, "H9 H7")  # the partner leads the Nell, now the highest trump
    assert rnd.to_move == 2 and rnd.trick_no == 1
    card = bot_action(rnd)
    assert POINTS[Contract.ROSEN][card] == 10  # a ten onto the sure trick


def test_gives_no_points_to_the_opponents_trick() -> None:
    rnd = Round(FAMILY, deal(
        "D6 D8 D9 HJ H9 HA HK SA CA",
        "D7 DK DQ H8 HT S8 S9 C7 CT",
        "DA DT DJ HQ SJ SQ CJ CQ CK",
        "ST S6 S7 SK C6 C8 C9 H6 H7",
    ), forehand=0)
    rnd.push(A_CHOOSE + Contract.ROSEN)
    play(rnd, "D6 D7 DA")  # the opponents' ace holds the trick
    card = bot_action(rnd)
    assert card != parse_card("ST") and card != parse_card("SK")


def test_keeps_the_puur_on_a_cheap_trump_lead() -> None:
    rnd = Round(FAMILY, deal(
        "H6 H7 HA HK D6 D7 S6 S7 C6",
        "HJ D8 D9 DT S8 S9 ST C7 C8",
        "H8 H9 HT DJ DQ SJ SQ C9 CT",
        "HQ DK DA SK SA CJ CQ CK CA",
    ), forehand=0)
    rnd.push(A_CHOOSE + Contract.ROSEN)
    play(rnd, "H6")
    assert parse_card("D8") in rnd.observation(1).legal_actions  # the Puur rule
    assert bot_action(rnd) != parse_card("HJ")


def test_gives_and_reads_the_anziehen_signal() -> None:
    # Obenabe by seat 0. Seat 0 leads the club ace; seat 1 cannot follow, holds the diamond
    # ace with a small diamond: it throws the small diamond (anziehen).
    rnd = Round(FAMILY, deal(
        "CA CK CQ HA HK HQ SA SK SQ",
        "DA D6 D7 H6 H7 S6 S7 S8 HT",
        "C6 C7 C8 C9 CT CJ H8 H9 HJ",
        "D8 D9 DT DJ DQ DK S9 ST SJ",
    ), forehand=0)
    rnd.push(A_CHOOSE + Contract.OBENABE)
    play(rnd, "CA")
    card = bot_action(rnd)
    assert card == parse_card("D6")
    assert is_small(MODE_OBENABE, -1, card)


def test_reads_the_partners_signal_when_leading() -> None:
    # Obenabe by seat 0. Trick 1: seat 0 leads C6, seat 1 wins with the ace, seat 3 (partner
    # of seat 1) cannot follow and throws the diamond 6: "lead diamonds to me".
    rnd = Round(FAMILY, deal(
        "C6 C7 HA HK SA SK DA DK ST",
        "CA D7 D8 H7 H8 S7 S9 SJ HJ",
        "C8 C9 CT CJ CQ CK H6 H9 HT",
        "D6 D9 DT DJ DQ S6 S8 SQ HQ",
    ), forehand=0)
    rnd.push(A_CHOOSE + Contract.OBENABE)
    play(rnd, "C6 CA C8 D6")
    assert rnd.to_move == 1
    led = bot_action(rnd)
    assert led // 9 == 0  # a diamond


def test_obenabe_king_under_the_partners_ace_is_given_and_read() -> None:
    # Obenabe by seat 0, who leads the club ace. Seat 2 holds king and Ober behind it: it drops
    # the king (the suit is ours); seat 0, on lead again, plays clubs back to it.
    rnd = Round(FAMILY, deal(
        "CA C6 H9 HT S9 ST D8 D9 DT",
        "C7 C8 H6 H7 HJ S6 S7 D6 D7",
        "CK CQ C9 HA HK SJ S8 DJ DQ",
        "CT CJ HQ H8 SA SK SQ DA DK",
    ), forehand=0)
    rnd.push(A_CHOOSE + Contract.OBENABE)
    play(rnd, "CA C7")
    assert rnd.to_move == 2
    assert bot_action(rnd) == parse_card("CK")
    play(rnd, "CK CJ")
    assert rnd.to_move == 0
    assert bot_action(rnd) == parse_card("C6")


def test_cashes_the_side_winner_before_the_last_trump() -> None:
    # Two cards left: the top trump and the side ace; lead the ace, keep the trump for the
    # last trick (the ace could be ruffed later, the trump cannot be beaten).
    rnd = Round(FAMILY, deal(
        "HJ H9 HA HK DA SA CA D6 S8",
        "HQ HT D7 D8 D9 S6 S7 C6 C7",
        "H8 H7 DT DJ DQ S9 ST C8 C9",
        "H6 DK SJ SQ SK CT CJ CQ CK",
    ), forehand=0)
    rnd.push(A_CHOOSE + Contract.ROSEN)
    obs = rnd.observation(0)
    # Pretend seven tricks were played: every card but the four hands below is gone.
    hands = [CardSet.from_text(t).bits for t in ("HJ CA", "D7 C6", "H8 C8", "CT CQ")]
    left = hands[0] | hands[1] | hands[2] | hands[3]
    gone = [c for c in range(36) if not left >> c & 1]
    history = tuple(((i % 4), c) for i, c in enumerate(gone))
    late = dataclasses.replace(
        obs, hand=hands[0], history=history, trick=(), trick_no=7, hand_sizes=(2, 2, 2, 2),
        legal_actions=(parse_card("CA"), parse_card("HJ")), trick_winners=(0,) * 7,
    )
    assert RuleBot().act(late) == parse_card("CA")


def test_declares_weis_and_announces_stoeck() -> None:
    rnd = Round(FAMILY, deal(
        "HK HQ HJ H9 H6 DA SA CA D6",
        "HA HT D7 D8 D9 S6 S7 C6 C7",
        "H8 H7 DT DJ DQ S9 ST C8 C9",
        "DK SJ SQ SK CT CJ CQ CK S8",
    ), forehand=0)
    rnd.push(A_CHOOSE + Contract.ROSEN)
    assert rnd.phase == "weis"  # H J Q K: a four-card sequence
    assert bot_action(rnd) == A_WEIS + 1
    rnd.push(A_WEIS + 1)
    # Play on until seat 0 plays its second Stöck card.
    bots = [RuleBot(), RandomBot(1), RuleBot(), RandomBot(2)]
    while not rnd.is_over and rnd.phase != "stoeck":
        obs = rnd.observation(rnd.to_move)
        rnd.push(bots[rnd.to_move].act(obs))
    assert rnd.phase == "stoeck" and rnd.to_move == 0  # both Stöck cards are played some time
    assert bot_action(rnd) == A_STOECK


def test_keeps_a_weis_quiet_when_it_cannot_score() -> None:
    rnd = Round(FAMILY, deal(
        "D6 D7 D8 HA SA CA H6 S6 C6",  # a Dreiblatt (20)
        "HK HQ HJ HT D9 S7 S8 C7 C8",  # four in a row (50)
        "DJ DQ DK H7 H8 S9 ST C9 CT",  # a Dreiblatt (20)
        "DT DA H9 SJ SQ SK CJ CQ CK",
    ), forehand=1)
    rnd.push(A_CHOOSE + Contract.OBENABE)
    rnd.push(A_WEIS + 1)  # seat 1 declares its 50
    rnd.push(parse_card("HT"))
    assert rnd.to_move == 2 and rnd.phase == "weis"
    # Seat 2's partner (seat 0) is still to come: declaring may still pay.
    assert bot_action(rnd) == A_WEIS + 1
    rnd.push(A_WEIS)
    rnd.push(parse_card("H7"))
    rnd.push(A_WEIS)  # seat 3 keeps its Weis quiet
    rnd.push(parse_card("H9"))
    assert rnd.to_move == 0 and rnd.phase == "weis"
    # Seat 0: the opponents' 50 beats its 20, and its partner showed nothing better.
    assert bot_action(rnd) == A_WEIS


# ---------------------------------------------------------------------------------------------
# Legal play everywhere


def _all_rule_sets() -> list[RuleSet]:
    extra = rules_from_dict({
        "name": "extras",
        "extra_contracts": ["misere", "slalom", "slalom-unde"], "push_back": True,
        "stoeck_announce": "with-weis", "multipliers": "standard", "kreuzweis": True,
        "large_weis": True, "weis_four_low": True,
    })
    return [*PRESETS.values(), extra]


@pytest.mark.parametrize("rules", _all_rule_sets(), ids=lambda r: r.name)
def test_only_legal_actions_over_many_hands(rules: RuleSet) -> None:
    # play_round raises on any illegal action; 300 hands per rule set, 2,100 in all.
    for i in range(300):
        if i % 3 == 0:
            bots = [RuleBot(), RuleBot(), RuleBot(), RuleBot()]
        else:
            bots = [RuleBot(), RandomBot(i), RuleBot(), RandomBot(i + 1)]
            if i % 3 == 2:
                bots = bots[1:] + bots[:1]
        rnd = Round.deal(rules, seed=f"legal:{rules.name}:{i}", forehand=i % 4)
        play_round(rnd, bots)
        assert rnd.is_over and len(rnd.trick_winners) == 9
        if rnd.contract < Contract.SLALOM:  # Slalom counts each trick by its own mode
            assert sum(rnd.hand_score()["trick_points"]) == 157


def test_uses_only_its_observation() -> None:
    obs = Round.deal(FAMILY, seed=5).observation(0)
    assert isinstance(obs, Observation)
    with pytest.raises(ValueError, match="no legal action"):
        RuleBot().act(Round.deal(FAMILY, seed=5).observation(1))


def test_small_cards_follow_the_contract_order() -> None:
    assert is_small(MODE_OBENABE, -1, parse_card("D6"))
    assert not is_small(MODE_OBENABE, -1, parse_card("D9"))
    assert is_small(MODE_UNDENUFE, -1, parse_card("DA"))
    assert not is_small(MODE_UNDENUFE, -1, parse_card("D6"))
    assert not is_small(Contract.SCHELLEN, 0, parse_card("D6"))  # trumps never signal
    assert POINTS[MODE_UNDENUFE][parse_card("DA")] == 0


def test_plays_misere_to_lose_points() -> None:
    # Misère hands each team's card points to the other: the rule player avoids taking them.
    rules = rules_from_dict({"extra_contracts": ["misere"]})
    ours = total = 0
    for i in range(60):
        for rules_team in (0, 1):
            bots = [RuleBot(), RandomBot(i), RuleBot(), RandomBot(i + 100)]
            if rules_team:
                bots = bots[1:] + bots[:1]
            rnd = Round.deal(rules, seed=f"misere:{i}", forehand=i % 4)
            rnd.push(A_CHOOSE + Contract.MISERE)
            play_round(rnd, bots)
            ours += rnd.credited[rules_team]
            total += sum(rnd.credited)
    assert ours / total > 0.6
