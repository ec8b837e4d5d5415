"""Schmaus: the deal and the stock, the draws, the two phases of the card play, the trump-6
exchange, the rising Weis, the bonuses, the target and who deals next, and the stock's
secrecy."""

from __future__ import annotations

import random

import pytest

from puur.cards import SUIT_MASK, CardSet, bits
from puur.contracts import PUUR
from puur.deal import shuffled
from puur.hand import IllegalActionError
from puur.options import OptionError
from puur.rules import RuleSet
from puur.variants import get
from puur.variants.schmaus import SchmausGame, format_deal_line, parse_deal_line
from puur.variants.schmaus_hand import (
    A_EXCHANGE,
    A_PASS,
    A_WEIS,
    EXCHANGE,
    SchmausDeal,
    SchmausHand,
    check_deal,
    deal_schmaus,
)
from puur.variants.schmaus_rules import SchmausRules, next_dealer
from puur.weis import find_melds

V = get("schmaus")
A, B = 0, 1  # A deals, so B leads trick 1
QUIET = SchmausRules(weis=False, rob=False, stoeck=False)


def cards(text: str) -> int:
    return CardSet.from_text(text).bits


def card(text: str) -> int:
    return cards(text).bit_length() - 1


def make(a: str, b: str, stock: str = "", turned: str = "C8", dealer: int = A) -> SchmausDeal:
    """A deal: A holds ``a``, B holds ``b`` (each filled up to nine from the lowest cards
    left that make no Weis with it), the stock starts with ``stock`` and ends with
    ``turned``."""
    hands = [cards(a) if a else 0, cards(b) if b else 0]
    head = [card(t) for t in stock.split()]
    used = hands[0] | hands[1] | sum(1 << c for c in head) | 1 << card(turned)
    rest = [c for c in range(36) if not used >> c & 1]
    for s in (0, 1):
        for c in list(rest):
            if hands[s].bit_count() < 9 and _melds(hands[s] | 1 << c) == _melds(hands[s]):
                hands[s] |= 1 << c
                rest.remove(c)
    return SchmausDeal(tuple(hands), dealer, (*head, *rest, card(turned)))


def _melds(hand: int) -> list[int]:
    return [m.cards for m in find_melds(hand, RuleSet(large_weis=True))]


def hand_of(deal: SchmausDeal, rules: SchmausRules = QUIET,
            totals: tuple[int, ...] = (0, 0)) -> SchmausHand:
    return SchmausHand(rules, deal, 1, totals)


def play(hand: SchmausHand, *tokens: str) -> None:
    """Play the cards ``tokens`` in turn, keeping quiet at every question before them."""
    for t in tokens:
        while hand.phase != "play":
            hand.push(A_PASS if hand.phase == EXCHANGE else A_WEIS)
        hand.push(card(t))


def lowest(hand: SchmausHand) -> None:
    """Answer every question quietly and play the lowest legal card."""
    while hand.phase != "play":
        hand.push(A_PASS if hand.phase == EXCHANGE else A_WEIS)
    hand.push(min(hand.legal_actions()))


# ---------------------------------------------------------------------------------------------
# The deal and the draws


def test_nine_each_in_threes_the_top_of_the_stock_turned_and_put_at_the_bottom() -> None:
    order = shuffled("s")
    d = deal_schmaus("s", A)
    packets = [order[k:k + 3] for k in range(0, 18, 3)]
    assert d.hands[B] == sum(1 << c for p in packets[0::2] for c in p)  # non-dealer first
    assert d.hands[A] == sum(1 << c for p in packets[1::2] for c in p)
    assert d.stock == (*order[19:], order[18]) and d.turned == order[18]
    h = SchmausHand(SchmausRules(), d)
    assert h.to_move == B and h.trump == d.turned // 9 and h.bottom == d.turned
    assert h.stock_left == 18 and h.num_tricks == 18


def test_example_1_after_trick_3_the_winner_draws_the_top_card_the_loser_the_next() -> None:
    d = make("D9 DT DJ DQ DK DA H6 H7 H8", "D6 D7 D8 S6 S7 S8 S9 ST SJ",
             "H9 HT HJ HQ HK HA")
    h = hand_of(d)
    play(h, "D6", "D9", "DT", "D7", "DJ", "D8")
    assert h.trick_winners == (A, A, A)
    assert h.drawn == ((card("H9"), card("HJ"), card("HK")), (card("HT"), card("HQ"), card("HA")))
    assert h.hands[A] >> card("HK") & 1 and h.hands[B] >> card("HA") & 1
    assert h.hands[A].bit_count() == h.hands[B].bit_count() == 9 and h.stock_left == 12
    # Each sees its own draws only.
    assert h.observation(B).drawn == tuple(card(c) for c in ("HT", "HQ", "HA"))
    assert not h.observation(B).known[A] >> card("HK") & 1


def test_the_loser_of_trick_9_draws_the_turned_card_and_the_stock_is_empty() -> None:
    h = hand_of(deal_schmaus(3, A))
    while h.trick_no < 9:
        lowest(h)
    loser = 1 - h.trick_winners[8]
    assert h.drawn[loser][-1] == h.turned and h.bottom == -1 and h.stock_left == 0
    assert h.observation(1 - loser).known[loser] >> h.turned & 1  # it lay face up


def test_no_trump_may_lead_trick_1() -> None:
    d = make("", "C6 C7 C9 D6")
    assert not any(c // 9 == 3 for c in hand_of(d).legal_actions())
    free = hand_of(d, SchmausRules(weis=False, rob=False, no_trump_first_lead=False))
    assert set(free.legal_actions()) == set(bits(d.hands[B]))
    h = hand_of(d)
    play(h, "D6")
    assert set(h.legal_actions()) == set(bits(h.hands[A]))  # the reply: any card


def test_any_card_in_the_stock_phase_then_follow_suit_and_void_a_trump() -> None:
    for seed in range(12):
        h = hand_of(deal_schmaus(seed, seed % 2), SchmausRules(stoeck=False))
        while not h.is_over:
            while h.phase != "play":
                h.push(h.legal_actions()[0])
            held = h.hands[h.to_move]
            legal = sum(1 << c for c in h.legal_actions())
            if h.trick and h.trick_no < 9:
                assert legal == held
            elif h.trick:
                lead = h.trick[0] // 9
                same = held & SUIT_MASK[lead]
                trumps = held & SUIT_MASK[h.trump]
                if lead == h.trump:
                    assert legal == (held if same in (0, 1 << PUUR[h.trump].bit_length() - 1)
                                     else same)
                else:
                    assert legal == (same or trumps or held)
            h.push(random.Random(seed + h.trick_no).choice(h.legal_actions()))


# ---------------------------------------------------------------------------------------------
# The trump-6 exchange


def test_the_holder_of_the_6_may_exchange_it_for_the_turned_card_and_the_6_lies_face_up() -> None:
    d = make("", "C6 D6 D7")
    h = hand_of(d, SchmausRules(weis=False, stoeck=False))
    assert h.phase == EXCHANGE and h.legal_actions() == [A_EXCHANGE, A_PASS]
    assert h.observation(A).phase == "play" and h.observation(A).legal_actions == ()
    h.push(A_EXCHANGE)
    assert h.hands[B] >> card("C8") & 1 and not h.hands[B] >> card("C6") & 1
    assert h.bottom == card("C6") and h.robber == B and h.phase == "play"
    obs = h.observation(A)
    assert obs.known[B] >> card("C8") & 1 and obs.bottom == card("C6")
    assert V.format_action(h, A_EXCHANGE) == "exchange"


def test_the_exchange_is_asked_before_each_card_to_tricks_1_to_9_and_not_after() -> None:
    d = make("C6", "D6 D7 D8")
    h = hand_of(d, SchmausRules(weis=False, stoeck=False))
    asked = 0
    while h.trick_no < 10:
        if h.phase == EXCHANGE:
            assert h.trick_no < 9
            asked += 1
            h.push(A_PASS)
            continue
        if h.to_move == A and h.trick_no < 9:
            assert h.hands[A] >> card("C6") & 1
        h.push(max(c for c in h.legal_actions() if c != card("C6")))
    assert asked == 9


def test_no_exchange_when_the_turned_card_is_the_6_or_with_turned_card_modes() -> None:
    assert hand_of(make("", "D6", turned="C6"), SchmausRules(weis=False)).phase == "play"
    modes = SchmausRules(weis=False, turned_card_modes=True)
    h = hand_of(make("", "C6", turned="CA"), modes)
    assert h.trump == -1 and h.mode == 4 and h.phase == "play"


# ---------------------------------------------------------------------------------------------
# The Weis


def test_example_2_a_dreiblatt_grows_into_a_fuenfzig_never_the_reverse() -> None:
    d = make("S7 S9 D9", "H7 H8 H9 S6 D6 D7", "CA H6")
    for grown, scored in (("full", 50), ("difference", 30)):
        h = hand_of(d, SchmausRules(rob=False, stoeck=False, grown_weis=grown))
        assert h.phase == "weis" and [m.points for (m,) in h.weis_options(B)] == [20]
        h.push(A_WEIS + 1)
        play(h, "S6", "S7")  # A takes trick 1: A draws CA, B the Rosen 6
        assert h.credited[B] == 20
        assert h.weis_scored[-1] == (0, B, 20)
        play(h, "S9")
        assert h.phase == "weis"
        opts = [m for (m,) in h.weis_options(B)]
        assert [(m.points, m.length) for m in opts] == [(50, 4)]  # the Dreiblatt is gone
        h.push(A_WEIS + 1)
        play(h, "D6")
        assert h.weis_scored[-1] == (1, B, scored)
        assert not h.weis_options(B)


def test_of_two_weis_in_one_trick_only_the_higher_scores() -> None:
    d = make("S6 S7 S8 S9 D9", "H7 H8 H9 D6")
    h = hand_of(d, SchmausRules(rob=False, stoeck=False))
    h.push(A_WEIS + 1)  # B: a Dreiblatt
    h.push(card("D6"))
    assert h.phase == "weis"
    h.push(A_WEIS + 1)  # A: a Fünfzig
    h.push(card("D9"))
    assert h.weis_scored == ((0, A, 50),)
    assert h.credited == (50, 0)  # two 9s of no trumps: no card points
    obs = h.observation(B)
    assert [m.points for m in obs.weis_shown[A]] == [50] and obs.weis_points == (0, 50)


def test_four_nines_are_no_weis_unless_the_option_says_so() -> None:
    d = make("", "D9 H9 S9 C9 D6")
    assert hand_of(d, SchmausRules(rob=False, stoeck=False)).phase == "play"
    h = hand_of(d, SchmausRules(rob=False, stoeck=False, four_nines=True))
    assert [m.points for (m,) in h.weis_options(B)] == [150]


def test_no_weis_after_trick_10() -> None:
    h = hand_of(deal_schmaus(5, A), SchmausRules(rob=False, stoeck=False))
    asked = set()
    while not h.is_over:
        if h.phase == "weis":
            asked.add(h.trick_no)
            h.push(A_WEIS)
            continue
        h.push(h.legal_actions()[0])
    assert asked and max(asked) <= 9


def test_stoeck_counts_for_the_king_and_ober_held_together_even_when_one_is_drawn() -> None:
    d = make("DA", "CK D6 D7 D8", "HA CQ")
    h = hand_of(d, SchmausRules(weis=False, rob=False))
    assert h.stoeck_seat == -1
    play(h, "D6", "DA")  # A takes trick 1, B draws the Eicheln Ober
    assert h.stoeck_seat == B and h.observation(A).stoeck_seat == -1
    while h.phase != "stoeck":
        if h.to_move == B:
            h.push(card("CK") if h.hands[B] >> card("CK") & 1 and not h.trick
                   else card("CQ") if not h.hands[B] >> card("CK") & 1 and not h.trick
                   else min(h.legal_actions()))
        else:
            h.push(min(h.legal_actions()))
    h.push(h.A_STOECK)
    assert ("stoeck" in [k for _s, _p, k in h.credits]) and h.observation(A).stoeck_seat == B


# ---------------------------------------------------------------------------------------------
# Points, the target, the next dealer


def test_the_last_trick_scores_5_more_and_all_of_tricks_10_to_18_100_more() -> None:
    seen_march = False
    for seed in range(40):
        h = hand_of(deal_schmaus(seed, seed % 2), SchmausRules(weis=False, stoeck=False))
        rng = random.Random(seed)
        while not h.is_over:
            while h.phase != "play":
                h.push(h.legal_actions()[0])
            # The player who leads plays his highest card, the other his lowest.
            legal = h.legal_actions()
            h.push(max(legal) if not h.trick and h.to_move == seed % 2 else rng.choice(legal))
        strict = h.trick_winners[9:]
        march = [c for c in h.credits if c[2] == "march"]
        if len(set(strict)) == 1:
            seen_march = True
            assert march == [(strict[0], 100, "march")]
        else:
            assert not march
        assert sum(h.trick_values) == 157
        assert sum(h.credited) == 157 + 100 * len(march)
    assert seen_march


def test_the_first_to_the_target_wins_in_the_middle_of_a_hand() -> None:
    d = make("D9 DT DJ DQ DK DA H6 H7 H8", "D6 D7 D8 S6 S7 S8 S9 ST SJ", "H9 HT")
    h = hand_of(d, totals=(995, 990))
    play(h, "D6", "D9")  # A takes 0 + 0: not yet
    assert not h.is_over
    play(h, "DA", "D7")  # 11 points: A reaches 1006
    assert h.is_over and h.winner == A and h.trick_no == 2


def test_the_winner_of_a_hand_deals_the_next() -> None:
    game = SchmausGame(SchmausRules(), seed=9)
    rng = random.Random(9)
    while len(game.rounds) < 4 and not game.is_over:
        game.push(rng.choice(game.legal_actions()))
    for prev, nxt in zip(game.rounds, game.rounds[1:], strict=False):
        assert nxt.dealer == next_dealer(prev.dealer, prev.credited, "next")
    assert next_dealer(1, (70, 70), "next") == 0 and next_dealer(1, (70, 70), "same") == 1


def test_pop_across_a_hand_forgets_the_next_deal() -> None:
    game = SchmausGame(SchmausRules(), seed=2)
    rng = random.Random(2)
    while len(game.rounds) < 2:
        game.push(rng.choice(game.legal_actions()))
    dealer, deal = game.round.dealer, game.deal_for(1)
    last = game.pop()
    assert len(game.rounds) == 1 and len(game._deals) == 1  # the next dealer is not yet known
    game.push(last)
    assert game.round.dealer == dealer and game.deal_for(1) == deal


# ---------------------------------------------------------------------------------------------
# Bad input


def test_bad_options_are_refused() -> None:
    with pytest.raises(OptionError, match="target"):
        SchmausRules(target=50)
    with pytest.raises(OptionError, match="grown_weis"):
        SchmausRules(grown_weis="half")  # type: ignore[arg-type]


def test_bad_deals_are_refused_and_change_nothing() -> None:
    d = deal_schmaus(1, A)
    for bad, why in (
        (SchmausDeal(d.hands, A, d.stock[:-1]), "eighteen"),
        (SchmausDeal((d.hands[0],), A, d.stock), "two hands"),
        (SchmausDeal(d.hands, 2, d.stock), "dealer"),
        (SchmausDeal(d.hands, A, (*d.stock[:-1], bits(d.hands[0])[0])), "twice"),
    ):
        with pytest.raises(ValueError, match=why):
            check_deal(bad)
    game = SchmausGame(seed=1)
    before = game.round.hands
    with pytest.raises(IllegalActionError):
        game.set_deal(SchmausDeal(d.hands, A, d.stock[:-1]))
    assert game.round.hands == before


def test_illegal_actions_change_nothing() -> None:
    h = hand_of(make("", "C6 D6"), SchmausRules(weis=False))
    state = (h.hands, h.phase, h.to_move, h.actions)
    for a in (card("D6"), 99, A_WEIS, "x"):
        with pytest.raises(IllegalActionError):
            h.push(a)  # type: ignore[arg-type]
        assert (h.hands, h.phase, h.to_move, h.actions) == state


def test_a_deal_line_round_trips() -> None:
    d = deal_schmaus(4, B)
    assert parse_deal_line(format_deal_line(d)) == d
    with pytest.raises(ValueError, match="stock"):
        parse_deal_line(format_deal_line(d).replace("stock", "talon"))


# ---------------------------------------------------------------------------------------------
# Secrets


def test_the_stock_order_and_the_other_players_draws_change_no_observation() -> None:
    """Cards the observer has not seen are dealt anew among the other player's dealt cards, his
    draws and the stock not yet drawn (the face-up card stays): on the same play the observer
    sees the same at every step."""
    checked = 0
    for seed in range(30):
        rules = SchmausRules()
        game = SchmausGame(rules, seed=seed)
        rng = random.Random(seed)
        for _ in range(rng.randrange(5, 60)):
            if game.round.is_over or len(game.rounds) > 1:
                break
            game.push(rng.choice(game.legal_actions()))
        h = game.round
        if len(game.rounds) > 1:
            continue
        me = rng.randrange(2)
        other = 1 - me
        obs = h.observation(me)
        d = h.deal
        seen = obs.dealt | obs.known[other] | 1 << d.turned
        for _s, c in obs.history:
            seen |= 1 << c
        for c in obs.drawn:
            seen |= 1 << c
        for _t, _s, m in obs.weis_log:
            seen |= m.cards
        if h.robber >= 0:
            seen |= 1 << h.six
        # Slots: the other's dealt cards, then the stock (its face-up last card stays).
        slots = [("h", c) for c in bits(d.hands[other]) if not seen >> c & 1]
        slots += [("s", i) for i, c in enumerate(d.stock[:-1]) if not seen >> c & 1]
        loose = [c for kind, c in slots if kind == "h"] + [d.stock[i] for kind, i in slots
                                                           if kind == "s"]
        rng.shuffle(loose)
        hands = [d.hands[0], d.hands[1]]
        hands[other] &= ~sum(1 << c for kind, c in slots if kind == "h")
        stock = list(d.stock)
        for (kind, x), c in zip(slots, loose, strict=True):
            if kind == "h":
                hands[other] |= 1 << c
            else:
                stock[x] = c
        alt = SchmausGame(rules, seed=seed, deals=[SchmausDeal(tuple(hands), d.dealer,
                                                               tuple(stock))])
        replay = SchmausGame(rules, seed=seed, deals=[d])
        try:
            for a in h.actions:
                if alt.round.weis_log != replay.round.weis_log:
                    break  # the same Weis number named another Weis: a different play
                assert alt.round.observation(me) == replay.round.observation(me)
                alt.push(a)
                replay.push(a)
        except IllegalActionError:
            continue  # the other cards made the other player's play impossible
        if alt.round.weis_log != h.weis_log:
            continue
        assert alt.round.observation(me) == obs
        assert alt.round.observation(me).to_tensor() == obs.to_tensor()
        checked += 1
    assert checked >= 10


def test_a_record_replays_every_draw() -> None:
    """The draws are chance, not actions: the record's deal holds the stock's order, and reading
    it back gives every player the same draws and the same scores."""
    from puur.record import format_record, iter_records

    game = SchmausGame(SchmausRules(target=300), seed=12)
    rng = random.Random(12)
    while not game.is_over:
        game.push(rng.choice(game.legal_actions()))
    back = next(iter(iter_records(format_record(game).splitlines()))).to_game()
    assert [r.drawn for r in back.rounds] == [r.drawn for r in game.rounds]
    assert [r.dealer for r in back.rounds] == [r.dealer for r in game.rounds]
    assert back.scores == game.scores and back.winner == game.winner
