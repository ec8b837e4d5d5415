"""Bieter: the auction, the König against two, the talon, declining, the race to the targets,
the five-player form with its secret partner, records."""

from __future__ import annotations

import random

import pytest

from puur.cards import CardSet, parse_card
from puur.contracts import MODE_OBENABE, MODE_UNDENUFE, POINTS
from puur.hand import IllegalActionError
from puur.options import OptionError
from puur.variants import get
from puur.variants.bieter import BieterGame, format_deal_line, parse_deal_line
from puur.variants.bieter_hand import BieterDeal, BieterHand, deal_bieter
from puur.variants.bieter_rules import (
    A_ACCEPT,
    A_CALL,
    A_CONTRACT,
    A_DECLINE,
    A_DISCARD,
    A_PASS,
    A_STOECK,
    A_STOECK_NO,
    REMOVED_AT_FIVE,
    add_hand,
    bid_action,
    first_to_target,
)

V = get("bieter")


def cards(text: str) -> int:
    return CardSet.from_text(text).bits


def fill(fixed: list[str], per: int, exclude: int = 0) -> tuple[int, ...]:
    """Hands holding the ``fixed`` cards, filled up to ``per`` with the rest of the deck."""
    hands = [cards(t) if t else 0 for t in fixed]
    used = sum(hands) | exclude
    rest = [c for c in range(36) if not used >> c & 1]
    out = []
    for h in hands:
        while h.bit_count() < per:
            h |= 1 << rest.pop(0)
        out.append(h)
    return tuple(out)


def win_auction(game: BieterGame, bidder: int, value: int = 350) -> None:
    """Everyone passes but ``bidder``, who bids ``value``."""
    while game.round.phase == "bid":
        seat = game.to_move
        game.push(bid_action(value) if seat == bidder else A_PASS)


# ---------------------------------------------------------------------------------------------
# The worked examples


def test_example_1_scores_accumulate_over_the_hands() -> None:
    totals = add_hand((0, 0), (101 + 50, 56))
    assert totals == (151, 56)
    assert add_hand(totals, (120, 37 + 20)) == (271, 113)


def test_example_2_a_bauer_s_second_stoeck_card_wins_at_once() -> None:
    assert first_to_target((405, 985), [(0, 10), (1, 20), (0, 24)], (420, 1000)) == 1
    rules = V.rules_from_dict({"weis": False})
    # Seat 2 deals (turns H6: Rosen trumps); seat 1 is the König, at 405 of 420; the Bauern at 985.
    hands = fill(["HQ HK", "HA HJ", "H6 H7"], 12)
    deal = BieterDeal(hands, 2, parse_card("H6"))

    def play(stoeck: bool) -> BieterHand:
        hand = BieterHand(rules, deal, 2, koenig=1, bid=420, totals=(405, 985))
        assert hand.phase == "decline" and hand.to_move == 1
        hand.push(A_ACCEPT)
        assert hand.to_move == 0 and hand.trump == 1  # the Vorhand leads, Rosen trumps
        for c in ("HQ", "HA", "H6"):  # trick 1: 14 points for the König: 419
            hand.push(parse_card(c))
        assert hand.trick_winners == (1,) and hand.totals[0] + hand.team_points[0] == 419
        for c in ("HJ", "H7", "HK"):  # trick 2: the Bauer's second Stöck card
            hand.push(parse_card(c))
        assert hand.phase == "stoeck"
        hand.push(A_STOECK if stoeck else A_STOECK_NO)
        return hand

    hand = play(True)
    assert hand.is_over and hand.winner == 1 and hand.team_points == (14, 20)
    assert len(hand.trick_winners) == 1  # trick 2 never counted
    quiet = play(False)
    assert quiet.is_over and quiet.winner == 0 and quiet.team_points == (14 + 24, 0)


# ---------------------------------------------------------------------------------------------
# The auction


def test_the_auction_runs_from_the_vorhand_and_a_pass_is_final() -> None:
    game = V.new_game(seed=3)
    hand = game.round
    vorhand = (hand.dealer + 1) % 3
    assert hand.phase == "bid" and hand.to_move == vorhand
    legal = game.legal_actions()
    assert legal[0] == A_PASS and legal[1] == bid_action(350)
    assert bid_action(340) not in legal and bid_action(355) not in legal
    game.push(bid_action(350))
    game.push(A_PASS)
    third = game.to_move
    assert third == (vorhand + 2) % 3
    assert min(a for a in game.legal_actions() if a != A_PASS) == bid_action(360)
    game.push(bid_action(400))
    # The seat that passed is skipped: back to the first bidder.
    assert game.to_move == vorhand
    game.push(A_PASS)
    assert hand.koenig == third and hand.bid == 400 and hand.phase == "contract"


def test_everyone_passing_throws_the_deal_in_and_the_next_seat_deals() -> None:
    game = V.new_game(seed=4)
    first = game.round
    for _ in range(3):
        game.push(A_PASS)
    assert first.is_over and first.thrown_in and not game.is_over
    second = game.round
    assert second is not first and second.phase == "bid" and second.first
    assert second.dealer == (first.dealer + 1) % 3
    same = V.new_game(V.rules_from_dict({"redeal": "same_dealer"}), seed=4)
    for _ in range(3):
        same.push(A_PASS)
    assert same.round.dealer == first.dealer and same.round.deal != first.deal


def test_the_first_hand_s_contract_is_named_by_the_koenig_who_leads() -> None:
    game = V.new_game(seed=5)
    win_auction(game, 1)
    hand = game.round
    assert hand.phase == "contract" and game.to_move == 1
    assert game.legal_actions() == list(range(A_CONTRACT, A_CONTRACT + 6))
    game.push(A_CONTRACT + MODE_UNDENUFE)
    assert hand.contract == MODE_UNDENUFE and hand.trump == -1 and hand.to_move == 1
    assert hand.phase in ("play", "weis")


def play_out(game: BieterGame, rng: random.Random, hands: int = 1) -> None:
    start = len(game.rounds)
    while not game.is_over and len(game.rounds) < start + hands:
        game.push(rng.choice(game.legal_actions()))


def test_later_hands_take_the_dealer_s_last_card_and_the_vorhand_leads() -> None:
    rng = random.Random(6)
    for seed in range(20):
        game = V.new_game(V.rules_from_dict({"max_bid": 350}), seed=seed)
        win_auction(game, 0)
        play_out(game, rng)
        if game.is_over:
            continue
        hand = game.round
        assert not hand.first and hand.koenig == 0 and hand.bid == 350
        assert hand.turned == hand.deal.turned and hand.hands[hand.dealer] >> hand.turned & 1
        assert hand.contract == hand.turned // 9
        assert hand.phase == "decline" and hand.to_move == 0
        game.push(A_ACCEPT)
        assert hand.leader == hand.vorhand
        # The turned card is known to every seat in the dealer's hand.
        other = next(s for s in range(3) if s != hand.dealer)
        assert game.observation(other).known_cards(hand.dealer) >> hand.turned & 1
        return
    raise AssertionError("no game reached a second hand")


def test_turned_card_modes_make_a_six_undenufe_and_an_ace_obenabe() -> None:
    rules = V.rules_from_dict({"turned_card_modes": True})
    six = BieterDeal(fill(["", "", "H6"], 12), 2, parse_card("H6"))
    ace = BieterDeal(fill(["", "", "HA"], 12), 2, parse_card("HA"))
    ten = BieterDeal(fill(["", "", "HT"], 12), 2, parse_card("HT"))
    assert BieterHand(rules, six, 2, 0, 350).contract == MODE_UNDENUFE
    assert BieterHand(rules, ace, 2, 0, 350).contract == MODE_OBENABE
    assert BieterHand(rules, ten, 2, 0, 350).contract == 1
    assert BieterHand(V.default_rules(), six, 2, 0, 350).contract == 1


# ---------------------------------------------------------------------------------------------
# Declining


def test_declining_gives_the_bauern_257_and_their_stoeck() -> None:
    deal = BieterDeal(fill(["HK HQ", "", "H6"], 12), 2, parse_card("H6"))
    hand = BieterHand(V.default_rules(), deal, 3, koenig=1, bid=500, totals=(300, 200))
    assert hand.legal_actions() == [A_DECLINE, A_ACCEPT]
    hand.push(A_DECLINE)
    assert hand.is_over and hand.declined and hand.ended_unplayed
    assert hand.team_points == (0, 257 + 20) and not hand.played
    # The first hand cannot be declined, and the option switches declining off.
    game = V.new_game(seed=8)
    win_auction(game, 0)
    assert A_DECLINE not in game.legal_actions()
    off = BieterHand(V.rules_from_dict({"decline": False}), deal, 3, koenig=1, bid=500)
    assert off.phase in ("play", "weis")


def test_a_decline_can_win_the_game_for_the_bauern() -> None:
    game = V.new_game(V.rules_from_dict({"target": 200, "max_bid": 350}), seed=9)
    win_auction(game, 0)
    rng = random.Random(9)
    play_out(game, rng)
    if not game.is_over:
        game.push(A_DECLINE)
        assert game.is_over and game.winning_side == 1
        assert game.standings() == (2, 1, 1)


# ---------------------------------------------------------------------------------------------
# The talon


def talon_game(seed: int = 10) -> BieterGame:
    game = V.new_game(V.preset("talon"), seed=seed)
    win_auction(game, 2, 500)
    return game


def test_the_koenig_takes_the_talon_and_discards_six_that_count_for_him() -> None:
    game = talon_game()
    hand = game.round
    deal = hand.deal
    assert [h.bit_count() for h in deal.hands] == [10, 10, 10]
    assert deal.talon_down.bit_count() == deal.talon_up.bit_count() == 3
    assert hand.phase == "discard" and hand.hands[2].bit_count() == 16
    assert hand.hands[2] & deal.talon == deal.talon
    # The face-up cards are public to every seat, the face-down ones are not.
    for seat in (-1, 0, 1):
        assert game.observation(seat).talon_up == deal.talon_up
    mine = list(game.legal_actions())
    assert len(mine) == 16 and all(A_DISCARD <= a < A_CALL for a in mine)
    for a in mine[:6]:
        game.push(a)
    discards = sum(1 << (a - A_DISCARD) for a in mine[:6])
    assert hand.discards == discards and hand.hands[2].bit_count() == 10
    assert hand.phase == "contract"
    game.push(A_CONTRACT + 3)
    while not hand.is_over:
        game.push(game.legal_actions()[0])
    if hand.winner < 0:
        disc = sum(POINTS[3][c] for c in range(36) if discards >> c & 1)
        assert sum(hand.trick_values) + disc == 157
        assert ("talon" in [k for _s, _p, k in hand.credits]) == (disc > 0)
        assert sum(hand.team_points) == 157 + sum(p for _s, p, k in hand.credits
                                                 if k in ("weis", "stoeck", "match"))


def test_the_discards_are_the_koenig_s_secret() -> None:
    views = []
    for pick in (slice(0, 6), slice(10, 16)):
        game = talon_game(11)
        for a in game.legal_actions()[pick]:
            game.push(a)
        views.append({s: game.observation(s) for s in (-1, 0, 1)})
        assert game.observation(2).discards.bit_count() == 6
    for s in (-1, 0, 1):
        assert views[0][s] == views[1][s]
        assert views[0][s].to_tensor() == views[1][s].to_tensor()
        assert views[0][s].discards == 0 and views[0][s].num_discarded == 6
    assert V.hides_action(V.preset("talon"), A_DISCARD + 3)
    assert not V.hides_action(V.preset("talon"), A_CALL + 3)


def test_the_turned_card_may_not_be_discarded_by_a_dealing_koenig() -> None:
    rules = V.preset("talon")
    base = deal_bieter(rules, "t", 1)
    hand = BieterHand(rules, base, 2, koenig=1, bid=500)
    assert hand.phase == "discard"
    assert A_DISCARD + base.turned not in hand.legal_actions()
    assert len(hand.legal_actions()) == 15


# ---------------------------------------------------------------------------------------------
# Five players and the secret partner


def five_game(deal: BieterDeal | None = None) -> BieterGame:
    game = V.new_game(V.preset("five"), seed=12, deals=[deal] if deal else None)
    win_auction(game, 0)
    game.push(A_CONTRACT + 1)
    return game


def test_five_players_get_seven_cards_without_the_schilten_6() -> None:
    game = five_game()
    hand = game.round
    assert [h.bit_count() for h in hand.initial_hands] == [7] * 5
    assert not sum(hand.initial_hands) >> REMOVED_AT_FIVE & 1
    assert hand.phase == "call" and game.to_move == 0
    legal = game.legal_actions()
    assert all(A_CALL <= a < A_CALL + 36 for a in legal)
    assert A_CALL + REMOVED_AT_FIVE not in legal
    assert not any(hand.hands[0] >> (a - A_CALL) & 1 for a in legal)


def test_the_called_partner_stays_secret_until_his_card_is_played() -> None:
    first = five_game().round.deal
    hands = list(first.hands)
    called = max(c for c in range(36) if hands[3] >> c & 1 and c != first.turned)
    swap = max(c for c in range(36) if hands[4] >> c & 1 and c != first.turned)
    hands[3] ^= (1 << called) | (1 << swap)
    hands[4] ^= (1 << called) | (1 << swap)
    other = BieterDeal(tuple(hands), first.dealer, first.turned)
    games = [five_game(first), five_game(other)]
    for g in games:
        g.push(A_CALL + called)
    assert [g.round.partner for g in games] == [3, 4]
    # Until the called card falls, nobody else (and no spectator) can tell seat 3 from seat 4.
    for s in (-1, 0, 1, 2):
        a, b = (g.observation(s) for g in games)
        assert a == b and a.to_tensor() == b.to_tensor() and a.partner == -1
        assert a.team_points == () and a.panel()["partner"] is None
    assert games[0].observation(3).partner == 3 and games[0].observation(3).own()["partner"]
    assert games[1].observation(3).partner == -1 and not games[1].observation(3).own()["partner"]
    assert games[0].scores == games[1].scores
    # Once played, the card tells everyone.
    g = games[0]
    while not any(c == called for c in g.round.played) and not g.round.is_over:
        legal = g.legal_actions()
        g.push(called if called in legal else legal[0])
    assert g.observation(1).partner == 3 and g.observation(-1).panel()["partner"] == 3


# ---------------------------------------------------------------------------------------------
# Options, deals, records, the next game


@pytest.mark.parametrize(
    ("data", "reason"),
    [
        ({"players": 5, "deal": "ten_with_talon"}, "three players only"),
        ({"min_bid": 352}, "multiple of 5"),
        ({"min_bid": 600, "max_bid": 500}, "not be below min_bid"),
        ({"deal": "nine"}, "option 'deal'"),
    ],
)
def test_bad_options_are_refused(data: dict[str, object], reason: str) -> None:
    with pytest.raises(OptionError, match=reason):
        V.rules_from_dict(data)


def test_bad_deals_are_refused() -> None:
    rules = V.default_rules()
    good = deal_bieter(rules, "d", 0)
    with pytest.raises(ValueError, match="dealer's last card"):
        BieterHand(rules, BieterDeal(good.hands, 0, next(c for c in range(36)
                                                         if good.hands[1] >> c & 1)))
    with pytest.raises(ValueError, match="no talon"):
        BieterHand(rules, BieterDeal(good.hands, 0, good.turned, 1, 0))
    five = V.preset("five")
    d5 = deal_bieter(five, "d", 0)
    bad = list(d5.hands)
    out = next(c for c in range(36) if bad[1] >> c & 1)
    bad[1] = bad[1] & ~(1 << out) | 1 << REMOVED_AT_FIVE
    with pytest.raises(ValueError, match="Schilten 6"):
        BieterHand(five, BieterDeal(tuple(bad), 0, d5.turned))
    game = V.new_game(seed=1)
    with pytest.raises(IllegalActionError):
        game.set_deal("nonsense")


@pytest.mark.parametrize("preset", ["jassonkel", "talon", "five"])
def test_every_deal_line_and_token_reads_back(preset: str) -> None:
    rules = V.preset(preset)
    game = V.new_game(rules, seed=f"tok-{preset}")
    rng = random.Random(preset)
    kinds: set[str] = set()
    while not game.is_over and len(game.rounds) < 3:
        hand = game.round
        a = rng.choice(game.legal_actions())
        tok = V.format_action(hand, a)
        assert V.parse_action(hand, tok) == a
        kinds.add(tok.split(":")[0] if ":" in tok else ("card" if len(tok) == 2 else tok))
        game.push(a)
    assert {"bid", "choose"} <= kinds
    for i in range(len(game.rounds)):
        line = format_deal_line(game.rounds[i].deal)
        assert parse_deal_line(rules, line) == game.rounds[i].deal
    with pytest.raises(ValueError, match="bad action"):
        V.parse_action(game.round, "bid:abc")
    with pytest.raises(ValueError, match="suit, Obenabe or Undenufe"):
        V.parse_action(game.round, "choose:slalom")


def test_a_record_keeps_passes_discards_declines_and_the_call() -> None:
    import io

    from puur.record import format_record, read_record, replay

    for preset in ("talon", "five"):
        game = V.new_game(V.preset(preset), seed=f"r-{preset}")
        for _ in range(2):
            game.push(A_PASS)
        play_out(game, random.Random(preset), 2)
        text = format_record(game)
        assert "act pass" in text
        assert ("discard:" in text) == (preset == "talon")
        assert ("call:" in text) == (preset == "five")
        again = replay(read_record(io.StringIO(text)))
        assert again.actions == game.actions and again.summary() == game.summary()
    game = V.new_game(V.rules_from_dict({"max_bid": 350}), seed="decl")
    while True:
        win_auction(game, 0)
        play_out(game, random.Random(1))
        if not game.is_over and game.round.phase == "decline":
            game.push(A_DECLINE)
            break
        game = V.new_game(V.rules_from_dict({"max_bid": 350}), seed=f"decl{len(game.rounds)}")
    text = format_record(game)
    assert "act decline" in text
    assert replay(read_record(io.StringIO(text))).summary() == game.summary()


def test_the_next_game_has_a_new_auction_and_the_next_dealer() -> None:
    game = V.new_game(seed=13)
    rng = random.Random(13)
    while not game.is_over:
        game.push(rng.choice(game.legal_actions()))
    nxt = game.next_game(seed=14)
    assert nxt.round.dealer == (game.round.dealer + 1) % 3
    assert nxt.round.phase == "bid" and nxt.koenig == -1 and nxt.scores == (0, 0, 0)
    places = game.standings()
    assert sorted(places) in ([1, 1, 2], [1, 2, 2])
    side = game.winning_side
    assert places[game.koenig] == (1 if side == 0 else 2)


def test_a_game_ends_when_a_column_reaches_its_target_in_count_order() -> None:
    rng = random.Random(15)
    for seed in range(6):
        game = V.new_game(seed=seed)
        while not game.is_over:
            game.push(rng.choice(game.legal_actions()))
        k, b = game.columns()
        side = game.winning_side
        assert (k >= game.round.bid) if side == 0 else (b >= 1000)
        # Before the last credit neither column had reached its target.
        last = game.round
        before = list(last.totals)
        for s, p, _kind in last.credits[:-1]:
            before[last.team(s)] += p
        assert before[0] < last.bid and before[1] < 1000


def test_every_action_has_a_typed_form_and_a_form_with_loose_arguments_names_none() -> None:
    from puur.variants.json_actions import ActionError, action_data, find_action

    game = V.new_game(V.preset("talon"), seed=16)
    hand = game.round
    rules = game.rules
    data = action_data(V, hand, bid_action(500))
    assert {k: data[k] for k in ("type", "value")} == {"type": "bid", "value": 500}
    assert find_action(V, rules, hand, form={"type": "bid", "value": 500}) == bid_action(500)
    assert find_action(V, rules, hand, form={"type": "pass"}) == A_PASS
    with pytest.raises(ActionError):
        find_action(V, rules, hand, form={"type": "bid", "args": ["500"]})


def test_with_five_only_the_best_weis_counts_and_shows() -> None:
    rules = V.preset("five")
    # Seat 1 (the Vorhand) holds four in a row of Eicheln, seat 3 three in a row of Schilten.
    hands = list(fill(["D6 D8 DT DQ H6 H8 HT", "C6 C7 C8 C9 D7 D9 DJ", "HJ HK HA S7 SJ SK SA",
                       "S8 S9 ST H7 H9 HQ DK", ""], 7, 1 << REMOVED_AT_FIVE))
    deal = BieterDeal(tuple(hands), 0, max(c for c in range(36) if hands[0] >> c & 1))
    hand = BieterHand(rules, deal, 2, koenig=2, bid=400)
    hand.push(A_ACCEPT)
    # Seat 0 is the partner: seats 1 and 3 are on one side, yet only seat 1's Weis counts.
    hand.push(A_CALL + min(c for c in range(36) if hands[0] >> c & 1))
    for _ in range(5):
        seat = hand.to_move
        if hand.phase == "weis":
            hand.push(hand.A_WEIS + 1 if seat in (1, 3) else hand.A_WEIS)
        hand.push(hand.legal_actions()[0])
    assert len(hand.trick_winners) == 1 and hand.weis_seat == 1
    assert [(s, p) for s, p, k in hand.credits if k == "weis"] == [(1, 50)]
    for seat in (-1, 0, 2, 4):
        obs = hand.observation(seat)
        assert obs.weis_shown[1] and not obs.weis_shown[3]


def test_the_face_down_talon_is_nobody_s_until_the_koenig_takes_it() -> None:
    rules = V.preset("talon")
    deal = deal_bieter(rules, "down", 0)
    # Swap the face-down talon with three cards of seat 2's hand.
    swap = sum(1 << c for c in [c for c in range(36) if deal.hands[2] >> c & 1][:3])
    hands = (deal.hands[0], deal.hands[1], deal.hands[2] & ~swap | deal.talon_down)
    other = BieterDeal(hands, 0, deal.turned, swap, deal.talon_up)
    a, b = (V.new_game(rules, seed=1, deals=[d]) for d in (deal, other))
    for game in (a, b):
        game.push(bid_action(500))  # seat 1, the Vorhand
    for seat in (-1, 0, 1):
        oa, ob = a.observation(seat), b.observation(seat)
        assert oa == ob and oa.to_tensor() == ob.to_tensor()
    for game in (a, b):
        game.push(A_PASS)
        game.push(A_PASS)  # seat 1 is König and takes the talon
    assert a.observation(1).hand == deal.hands[1] | deal.talon
    assert a.observation(0) == b.observation(0) and a.observation(-1) == b.observation(-1)
