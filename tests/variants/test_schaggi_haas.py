"""Schaggi Haas: the cut, the deal, Bessern, the trump 6 robbing the face-up card, the card
play, the totals and the win in the middle of a hand; the secrets of the Besser packets, the
discards and the stock."""

from __future__ import annotations

import random

import pytest

from puur.cards import CardSet, bits
from puur.contracts import MODE_UNDENUFE, POINTS
from puur.hand import IllegalActionError
from puur.options import OptionError
from puur.record import format_record, iter_records
from puur.variants import get
from puur.variants.json_actions import as_the_table_sees_it
from puur.variants.json_view import own_view, shared_view
from puur.variants.schaggi_haas import format_deal_line, parse_deal_line
from puur.variants.schaggi_haas_hand import (
    A_BESSER,
    A_DISCARD,
    A_KEEP,
    A_PASS,
    A_ROB,
    BESSERN,
    DISCARD,
    ROB,
    SchaggiHaasDeal,
    SchaggiHaasHand,
    deal_schaggi_haas,
)
from puur.variants.schaggi_haas_rules import (
    SchaggiHaasRules,
    cut_dealer,
    first_to_target,
    hand_points,
)
from puur.variants.view import SPECTATOR

V = get("schaggi_haas")
A, B = 0, 1  # B deals, so A speaks first and leads
PLAYING = ("weis", "play")
NO_MELDS = SchaggiHaasRules(weis=False, stoeck=False, deal_by="alternate")


def cards(text: str) -> int:
    return CardSet.from_text(text).bits


def card(text: str) -> int:
    return cards(text).bit_length() - 1


# A: every Schellen and the Rosen Ace, King and Ober; B: every Schilten and three small Eicheln;
# the Rosen Under face up (Rosen trumps).
RUN = SchaggiHaasDeal(
    (cards("D6 D7 D8 D9 DT DJ DQ DK DA HA HK HQ"), cards("S6 S7 S8 S9 ST SJ SQ SK SA C6 C7 C8")),
    B, card("HJ"), (cards("C9 CT CJ CQ"), cards("CK CA H6 H7")), cards("H8 H9 HT"))
# Example 2: the Rosen Under face up, B holds the Rosen 6.
ROB_DEAL = SchaggiHaasDeal(
    (RUN.hands[0], cards("S6 S7 S8 S9 ST SJ SQ SK SA H6 C6 C7")), B, card("HJ"),
    (cards("C8 C9 CT CJ"), cards("CQ CK CA H7")), cards("H8 H9 HT"))


def hand_of(deal: SchaggiHaasDeal, rules: SchaggiHaasRules | None = None,
            totals: tuple[int, ...] = (0, 0)) -> SchaggiHaasHand:
    return SchaggiHaasHand(rules or SchaggiHaasRules(deal_by="alternate"), deal, 1, totals)


def to_the_cards(hand: SchaggiHaasHand) -> None:
    """Both keep their hands and nobody robs."""
    while hand.phase in (BESSERN, ROB):
        hand.push(A_KEEP if hand.phase == BESSERN else A_PASS)


def play_out(hand: SchaggiHaasHand, seed: int = 1) -> None:
    rng = random.Random(seed)
    while not hand.is_over:
        hand.push(rng.choice(hand.legal_actions()))


# ---------------------------------------------------------------------------------------------
# The page's worked examples


def test_example_1_all_twelve_tricks_score_no_match_bonus() -> None:
    assert hand_points(126, True, all_tricks=True) == 131
    hand = hand_of(RUN, NO_MELDS)
    to_the_cards(hand)
    while not hand.is_over:  # A leads from the top; B cannot follow and throws his cards
        legal = hand.legal_actions()
        hand.push(max(legal) if hand.to_move == A else legal[0])
    held = RUN.hands[0] | RUN.hands[1]
    worth = sum(POINTS[hand.mode][c] for c in bits(held)) + 5
    assert hand.tricks_won == (12, 0) and hand.credited == (worth, 0)
    assert [k for _, _, k in hand.credits if k == "match"] == []
    bonus = hand_of(RUN, SchaggiHaasRules(weis=False, stoeck=False, deal_by="alternate",
                                          match_bonus=True))
    to_the_cards(bonus)
    while not bonus.is_over:
        legal = bonus.legal_actions()
        bonus.push(max(legal) if bonus.to_move == A else legal[0])
    assert bonus.credited == (worth + 100, 0)


def test_example_2_the_holder_of_the_rosen_6_robs_the_face_up_under() -> None:
    hand = hand_of(ROB_DEAL)
    assert hand.phase == BESSERN and hand.to_move == A
    hand.push(A_KEEP)
    hand.push(A_KEEP)
    assert hand.phase == ROB and hand.to_move == A and hand.legal_actions() == [A_PASS]
    hand.push(A_PASS)
    assert hand.to_move == B and hand.legal_actions() == [A_ROB, A_PASS]
    hand.push(A_ROB)
    assert hand.hands[B] >> card("HJ") & 1 and not hand.hands[B] >> card("H6") & 1
    assert hand.robber == B and hand.face_up() == card("H6") and hand.stock >> card("H6") & 1
    assert hand.phase in PLAYING and hand.to_move == A
    for seat in (SPECTATOR, A):
        obs = hand.observation(seat)
        assert obs.known_cards(B) == cards("HJ") and obs.panel()["face_up"] == "H6"
        assert obs.table_cards == cards("H6")


def test_the_robbed_king_makes_stoeck_with_the_ober() -> None:
    deal = SchaggiHaasDeal(
        (cards("D6 D7 D8 D9 DT DJ DQ DK DA HA HJ C8"),
         cards("S6 S7 S8 S9 ST SJ SQ SK SA H6 HQ C6")),
        B, card("HK"), (cards("C9 CT CJ CQ"), cards("CK CA H7 C7")), cards("H8 H9 HT"))
    hand = hand_of(deal)
    for a in (A_KEEP, A_KEEP, A_PASS):
        hand.push(a)
    assert hand.stoeck_seat == -1
    hand.push(A_ROB)
    assert hand.phase in PLAYING and hand.stoeck_seat == B


def test_the_first_to_the_target_wins_in_the_middle_of_a_hand() -> None:
    assert first_to_target((990, 990), [(1, 14), (0, 11)], 1000) == (1, 1)
    probe = hand_of(RUN, NO_MELDS)
    to_the_cards(probe)
    probe.push(max(probe.legal_actions()))
    probe.push(probe.legal_actions()[0])
    first = probe.credited[A]
    hand = hand_of(RUN, SchaggiHaasRules(weis=False, stoeck=False, deal_by="alternate"),
                   totals=(1000 - first, 0))
    to_the_cards(hand)
    hand.push(max(hand.legal_actions()))
    hand.push(hand.legal_actions()[0])
    assert hand.is_over and hand.winner == A and len(hand.trick_winners) == 1


def test_a_game_ends_when_a_player_reaches_the_target() -> None:
    game = V.new_game(SchaggiHaasRules(target=250), seed=3)
    rng = random.Random(3)
    while not game.is_over:
        game.push(rng.choice(game.legal_actions()))
    w = game.winner
    assert game.scores[w] >= 250 and game.standings()[w] == 1
    assert game.round.totals[1 - w] < 250 and game.legal_actions() == []
    summary = game.summary()
    assert summary["variant"] == "schaggi_haas" and summary["winner"] == w
    assert summary["scores"] == list(game.scores) and summary["places"][w] == 1
    with pytest.raises(IllegalActionError):
        game.push(0)


# ---------------------------------------------------------------------------------------------
# The cut and the deal


def test_the_lower_card_of_the_cut_deals_every_hand() -> None:
    assert cut_dealer((card("HA"), card("S6"))) == 1 and cut_dealer((card("C7"), card("DJ"))) == 0
    with pytest.raises(ValueError):
        cut_dealer((card("C7"), card("D7")))
    game = V.new_game(seed=5)
    while len(game.rounds) < 6:
        game.push(game.legal_actions()[0])
    for r in game.rounds:
        a, b = r.deal.cut
        assert a % 9 != b % 9 and r.dealer == (0 if a % 9 < b % 9 else 1)
        assert r.opener == 1 - r.dealer
    alternate = V.new_game(SchaggiHaasRules(deal_by="alternate"), seed=5)
    while len(alternate.rounds) < 3:
        alternate.push(alternate.legal_actions()[0])
    first = alternate.rounds[0].dealer
    assert [r.dealer for r in alternate.rounds] == [first, 1 - first, first]
    assert all(r.deal.cut == () for r in alternate.rounds)


def test_twelve_each_in_fours_the_25th_face_up_four_besser_each_three_dead() -> None:
    from puur.deal import shuffled

    d = deal_schaggi_haas("x", 1)
    order = shuffled("x")
    assert all(d.hands[0] >> c & 1 for c in order[:4])  # the non-dealer's packet first
    assert all(d.hands[1] >> c & 1 for c in order[4:8])
    assert d.turned == order[24] and d.besser[0] == sum(1 << c for c in order[25:29])
    assert [h.bit_count() for h in (*d.hands, *d.besser, d.stock)] == [12, 12, 4, 4, 3]
    assert sum((*d.hands, *d.besser, d.stock)) | 1 << d.turned == (1 << 36) - 1
    hand = hand_of(d)
    assert hand.trump == d.turned // 9 and hand.to_move == 0 and hand.num_tricks == 12


# ---------------------------------------------------------------------------------------------
# Bessern


def test_bessern_puts_four_down_first_then_takes_the_four_besser_cards() -> None:
    hand = hand_of(RUN)
    assert hand.legal_actions() == [A_KEEP, A_BESSER]
    hand.push(A_BESSER)
    assert hand.phase == DISCARD and hand.to_move == A
    assert hand.legal_actions() == [A_DISCARD + c for c in bits(RUN.hands[A])]
    down = cards("D6 D7 D8 D9")
    for c in bits(down):
        hand.push(A_DISCARD + c)
    assert hand.hands[A] == RUN.hands[A] & ~down | RUN.besser[A] and hand.besser[A] == 0
    assert hand.discards == (down, 0) and hand.phase == BESSERN and hand.to_move == B
    assert hand.observation(A).set_aside == down and hand.observation(A).own()["put_down"]
    for seat in (SPECTATOR, B):
        obs = hand.observation(seat)
        assert obs.set_aside == 0 and obs.put_down == (4, 0) and obs.bessered == (True, False)
        assert obs.besser_lying == (False, True) and obs.pile_known == (cards("HJ"),)
    hand.push(A_KEEP)
    assert hand.phase == ROB  # the Rosen 6 lies in B's Besser packet: both are asked
    hand.push(A_PASS)
    hand.push(A_PASS)
    assert hand.phase in PLAYING and hand.initial_hands == hand.hands
    assert hand.dead == RUN.stock | 1 << RUN.turned | RUN.besser[B] | down


def test_take_first_bessern_puts_down_any_four_of_sixteen() -> None:
    hand = hand_of(RUN, SchaggiHaasRules(bessern="take-first", deal_by="alternate"))
    hand.push(A_BESSER)
    assert hand.hands[A] == RUN.hands[A] | RUN.besser[A] and hand.phase == DISCARD
    for c in bits(RUN.besser[A]):  # the Besser cards themselves may go down again
        hand.push(A_DISCARD + c)
    assert hand.hands[A] == RUN.hands[A] and hand.discards[A] == RUN.besser[A]


def test_the_dead_cards_score_for_nobody() -> None:
    hand = hand_of(RUN, NO_MELDS)
    hand.push(A_BESSER)
    for c in bits(cards("HA HK HQ DA")):
        hand.push(A_DISCARD + c)
    hand.push(A_KEEP)
    to_the_cards(hand)
    play_out(hand)
    held = hand.initial_hands[0] | hand.initial_hands[1]
    assert held.bit_count() == 24
    assert sum(hand.credited) == sum(POINTS[hand.mode][c] for c in bits(held)) + 5


def test_without_bessern_and_without_a_trump_6_the_cards_start_at_once() -> None:
    hand = hand_of(ROB_DEAL, SchaggiHaasRules(bessern="off", deal_by="alternate"))
    assert hand.phase == ROB and hand.to_move == A
    assert hand_of(RUN, SchaggiHaasRules(bessern="off", rob=False,
                                         deal_by="alternate")).phase in PLAYING
    six = SchaggiHaasDeal(RUN.hands, B, card("H6"), (RUN.besser[0], cards("CK CA HJ H7")),
                          RUN.stock)
    assert not hand_of(six).rob_open()
    modes = hand_of(six, SchaggiHaasRules(turned_card_modes=True, deal_by="alternate"))
    assert (modes.mode, modes.trump) == (MODE_UNDENUFE, -1) and not modes.rob_open()


def test_robbing_before_bessern_and_the_robbed_card_may_go_down() -> None:
    rules = SchaggiHaasRules(rob_order="before-bessern", deal_by="alternate")
    hand = hand_of(ROB_DEAL, rules)
    assert hand.phase == ROB
    hand.push(A_PASS)
    hand.push(A_ROB)
    assert hand.phase == BESSERN and hand.observation(A).known_cards(B) == cards("HJ")
    hand.push(A_KEEP)
    hand.push(A_BESSER)
    for c in bits(cards("HJ S6 S7 S8")):
        hand.push(A_DISCARD + c)
    assert hand.phase in PLAYING
    # The table saw B rob and then put four cards down: the Under may be among them.
    assert hand.observation(A).known_cards(B) == 0 and hand.turned_seen_with() == -1


# ---------------------------------------------------------------------------------------------
# Secrets: the Besser packets, the discards, the stock, whether a seat could rob


def _views(game: object, seat: int) -> tuple[object, ...]:
    obs = game.round.observation(seat)  # type: ignore[attr-defined]
    with as_the_table_sees_it(game):  # type: ignore[arg-type]
        shared = shared_view(game, obs)
    return obs, obs.to_tensor(), shared, own_view(game, obs) if seat >= 0 else None


def _game(deal: SchaggiHaasDeal, actions: list[int]) -> object:
    game = V.new_game(SchaggiHaasRules(deal_by="alternate"), seed=1, deals=[deal])
    for a in actions:
        game.push(a)
    return game


def test_a_besser_packet_is_unseen_until_taken_and_then_only_by_its_owner() -> None:
    # B's Besser packet and the stock trade cards: before B takes it, nobody can tell; after,
    # only B (A and a spectator see the same).
    other = SchaggiHaasDeal(RUN.hands, B, RUN.turned, (RUN.besser[0], cards("CK CA H8 H9")),
                            cards("H6 H7 HT"))
    for seat in (SPECTATOR, A, B):
        assert _views(_game(RUN, [A_KEEP]), seat) == _views(_game(other, [A_KEEP]), seat)
    taken = [A_KEEP, A_BESSER, *(A_DISCARD + c for c in bits(cards("S6 S7 S8 S9")))]
    for seat in (SPECTATOR, A):
        assert _views(_game(RUN, taken), seat) == _views(_game(other, taken), seat)
    assert _views(_game(RUN, taken), B) != _views(_game(other, taken), B)


def test_a_replay_opens_the_stock_the_untaken_packet_and_the_discards() -> None:
    from puur.variants.json_view import replay_hands

    game = _game(RUN, [A_BESSER, *(A_DISCARD + c for c in bits(cards("D6 D7 D8 D9"))), A_KEEP])
    while game.round.hand_no == 1:  # type: ignore[attr-defined]
        game.push(game.legal_actions()[0])  # type: ignore[attr-defined]
    h = replay_hands(game)[0]
    assert h["piles"] == {"talon": ["H8", "H9", "HT", "HJ"], "dead": ["H6", "H7", "CK", "CA"]}
    down = [a["action"]["card"] for a in h["actions"] if a["action"]["type"] == "discard"]
    assert down == ["D6", "D7", "D8", "D9"]


def test_the_discards_are_seen_only_by_the_discarder() -> None:
    first = [A_BESSER, *(A_DISCARD + c for c in bits(cards("D6 D7 D8 D9")))]
    second = [A_BESSER, *(A_DISCARD + c for c in bits(cards("DT DJ DQ DK")))]
    # A's hands afterwards differ, so only what B and a spectator see is compared.
    for n in range(1, 6):
        for seat in (SPECTATOR, B):
            assert _views(_game(RUN, first[:n]), seat) == _views(_game(RUN, second[:n]), seat)
    assert V.hides_action(SchaggiHaasRules(), A_DISCARD) and not V.hides_action(None, A_KEEP)


def test_whether_a_seat_could_rob_is_its_own_secret() -> None:
    # B holds the Rosen 6 and passes, or it lies in the stock: A sees the same.
    other = SchaggiHaasDeal((RUN.hands[0], ROB_DEAL.hands[1] & ~cards("H6") | cards("H8")), B,
                            RUN.turned, ROB_DEAL.besser, cards("H6 H9 HT"))
    spoken = [A_KEEP, A_KEEP, A_PASS, A_PASS]
    for seat in (SPECTATOR, A):
        assert _views(_game(ROB_DEAL, spoken), seat) == _views(_game(other, spoken), seat)
    # The same question is asked of both seats, whatever they hold.
    assert [s for s, _ in _game(other, spoken).round.words] == [A, B, A, B]  # type: ignore


# ---------------------------------------------------------------------------------------------
# Bad input


def test_bad_options_are_refused() -> None:
    for bad in ({"target": 50}, {"deal_by": "winner"}, {"bessern": "some"},
                {"rob_order": "never"}, {"rob": "yes"}):
        with pytest.raises(OptionError):
            V.rules_from_dict(bad)


def test_bad_deals_are_refused_and_change_nothing() -> None:
    bad = [
        SchaggiHaasDeal(RUN.hands[:1], B, RUN.turned, RUN.besser, RUN.stock),
        SchaggiHaasDeal((RUN.hands[0], RUN.hands[0]), B, RUN.turned, RUN.besser, RUN.stock),
        SchaggiHaasDeal(RUN.hands, 2, RUN.turned, RUN.besser, RUN.stock),
        SchaggiHaasDeal(RUN.hands, B, card("DA"), RUN.besser, RUN.stock),
        SchaggiHaasDeal(RUN.hands, B, RUN.turned, RUN.besser, RUN.stock & ~cards("H8")),
        SchaggiHaasDeal(RUN.hands, B, RUN.turned, RUN.besser, RUN.stock,
                        (card("HA"), card("S6"))),  # the lower card (B's) deals, not A
        SchaggiHaasDeal(RUN.hands, A, RUN.turned, RUN.besser, RUN.stock,
                        (card("HA"), card("S6"))),
    ]
    game = V.new_game(SchaggiHaasRules(deal_by="alternate"), seed=2)
    before = game.round.deal
    for d in bad:
        with pytest.raises(ValueError):
            hand_of(d)
        with pytest.raises(IllegalActionError):
            game.set_deal(d)
        assert game.round.deal == before
    cut = V.new_game(seed=2)
    with pytest.raises(IllegalActionError, match="cut"):
        cut.set_deal(RUN)  # with the cut a deal names its cut


def test_illegal_actions_change_nothing() -> None:
    hand = hand_of(ROB_DEAL)
    obs = hand.observation(A)
    for bad in (A_ROB, A_PASS, A_DISCARD, 0, 99, True, "keep"):
        with pytest.raises(IllegalActionError):
            hand.push(bad)  # type: ignore[arg-type]
    hand.push(A_BESSER)
    for bad in (A_DISCARD + card("S6"), card("D6"), A_KEEP):
        with pytest.raises(IllegalActionError):
            hand.push(bad)
    assert hand.actions == (A_BESSER,)
    hand.pop()
    assert hand.observation(A) == obs


def test_a_deal_line_and_whole_records_round_trip() -> None:
    assert parse_deal_line(format_deal_line(ROB_DEAL)) == ROB_DEAL
    for text in ("0 - ; turned HA", "x D6 / D7 ; turned HA ; besser - / - ; stock -",
                 "1 - / - ; turned HA ; besser - ; stock -"):
        with pytest.raises(ValueError):
            parse_deal_line(text)
    for rules in (SchaggiHaasRules(target=300), SchaggiHaasRules(target=300,
                                                                 deal_by="alternate")):
        game = V.new_game(rules, seed=9)
        rng = random.Random(9)
        while not game.is_over:
            game.push(rng.choice(game.legal_actions()))
        text = format_record(game)
        assert "discard:" in text or "keep" in text
        back = next(iter(iter_records(text.splitlines()))).to_game()
        assert back.scores == game.scores and back.actions == game.actions
        # Without the seed the deals alone replay it (each names its own cut).
        lines = [ln for ln in text.splitlines() if not ln.startswith("seed")]
        again = next(iter(iter_records(lines))).to_game()
        assert again.scores == game.scores
