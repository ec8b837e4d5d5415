"""The search player: legal everywhere, within its budget, sensible decisions, stronger than
simple players."""

from __future__ import annotations

import random
import statistics
import time

import pytest

from puur.actions import A_CHOOSE, A_PUSH, A_STOECK, A_WEIS
from puur.bots import BOTS, RandomBot, make_bot, play_round
from puur.bots.dds import Solver
from puur.bots.playout import Playout
from puur.bots.search import (
    LEVELS,
    SearchBot,
)
from puur.cards import CardSet, bits, parse_card
from puur.contracts import POINTS, STRENGTH
from puur.observation import Observation
from puur.round import Round
from puur.rules import PRESETS, RuleSet

FAST = 0.02


def hands_of(*texts: str) -> list[int]:
    hands = [CardSet.from_text(t).bits for t in texts]
    assert sum(h.bit_count() for h in hands) == 36
    return hands


class GreedyBot:
    """A simple player: takes the trick when it can, otherwise plays its cheapest card."""

    name = "greedy"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def act(self, obs: Observation) -> int:
        legal = list(obs.legal_actions)
        if obs.phase == "choose":
            # The suit with the most cards, as trumps.
            counts = [(obs.hand >> (9 * s) & 0x1FF).bit_count() for s in range(4)]
            return A_CHOOSE + counts.index(max(counts))
        if obs.phase != "play":
            return legal[-1] if obs.phase == "weis" else A_STOECK
        mode = obs.mode
        st, pts = STRENGTH[mode], POINTS[mode]
        if obs.trick:
            best = obs.trick[0][1]
            for _s, c in obs.trick[1:]:
                if (c // 9 == best // 9 and st[c] > st[best]) or (
                    c // 9 == obs.trump and best // 9 != obs.trump
                ):
                    best = c
            winners = [c for c in legal if (c // 9 == best // 9 and st[c] > st[best])
                       or (c // 9 == obs.trump and best // 9 != obs.trump)]
            if winners:
                return min(winners, key=lambda c: st[c])
        return min(legal, key=lambda c: (pts[c], st[c]))


def test_registered_and_levels_by_name() -> None:
    assert "search" in BOTS
    bot = make_bot("search", budget=0.25, seed=1)
    assert isinstance(bot, SearchBot) and bot.name == "search" and bot.budget == 0.25
    assert make_bot("search").budget == 1.0  # type: ignore[attr-defined]
    assert SearchBot("strong").budget == LEVELS["strong"] == 5.0


@pytest.mark.parametrize("budget", [0, -1, float("nan"), "nope", True])
def test_bad_options_raise(budget: object) -> None:
    with pytest.raises(ValueError):
        SearchBot(budget=budget)  # type: ignore[arg-type]


def test_ranked_needs_a_decision() -> None:
    rnd = Round.deal(RuleSet(), seed=1)
    other = (rnd.to_move + 1) % 4
    with pytest.raises(ValueError):
        SearchBot(FAST).ranked(rnd.observation(other))


@pytest.mark.parametrize("preset", ["family", "standard-2500", "bare", "with-weis-extras"])
def test_plays_whole_hands_legally_under_every_preset(preset: str) -> None:
    if preset == "with-weis-extras":
        rules = RuleSet(stoeck_announce="with-weis", extra_contracts=frozenset({6, 7, 8}),
                        push_back=True, kontermatch="double")
    else:
        rules = PRESETS[preset]
    for seed in range(2):
        rnd = Round.deal(rules, seed=seed)
        bots = [SearchBot(0.005, seed=s) if s % 2 == seed % 2 else RandomBot(s)
                for s in range(4)]
        play_round(rnd, bots)  # raises on any illegal action
        assert rnd.is_over
        if rnd.contract < 6:  # Slalom counts each trick by its own mode
            assert sum(rnd.hand_score()["trick_points"]) == 157


def test_ranked_lists_every_legal_action_best_first() -> None:
    rnd = Round.deal(RuleSet(), seed=5)
    bot = SearchBot(FAST, seed=2)
    rng = random.Random(3)
    seen_phases = set()
    while not rnd.is_over:
        obs = rnd.observation(rnd.to_move)
        ranked = bot.ranked(obs)
        assert sorted(a for a, _v in ranked) == list(obs.legal_actions)
        values = [v for _a, v in ranked]
        assert values == sorted(values, reverse=True)
        seen_phases.add(obs.phase)
        if obs.phase == "play":
            # Values are points the team still takes: between 0 and everything left + bonuses.
            assert all(0 <= v <= 257 for v in values)
        rnd.push(rng.choice(obs.legal_actions))
    assert {"choose", "play"} <= seen_phases


def test_decisions_stay_within_the_budget() -> None:
    budget = 0.05
    rnd = Round.deal(RuleSet(), seed=9)
    bot = SearchBot(budget, seed=1)
    times = []
    while not rnd.is_over:
        obs = rnd.observation(rnd.to_move)
        t0 = time.perf_counter()
        a = bot.act(obs)
        times.append(time.perf_counter() - t0)
        rnd.push(a)
    # Median well inside the budget even on a loaded machine; no decision runs away.
    assert statistics.median(times) <= 1.5 * budget
    assert max(times) <= 1.5 * budget + 0.5


def test_same_observation_same_decision_whatever_the_hidden_cards() -> None:
    """The bot sees only its observation: hidden cards elsewhere cannot change its choice."""
    a = hands_of(
        "D6 D8 DT DQ H6 H8 HJ S7 C9",
        "D7 D9 HT HK S6 S8 SJ CT CK",
        "DJ DK HQ HA S9 SQ C6 C8 CA",
        "DA H7 H9 ST SK SA C7 CJ CQ",
    )
    b = list(a)
    # Swap two cards between the opponents (seats 1 and 3).
    x, y = parse_card("CT"), parse_card("CJ")
    b[1] = (b[1] & ~(1 << x)) | (1 << y)
    b[3] = (b[3] & ~(1 << y)) | (1 << x)
    choices = []
    for hands in (a, b):
        rnd = Round(RuleSet(), hands, forehand=0)
        rnd.push(A_CHOOSE + 4)  # Obenabe
        rnd.push(parse_card("HJ"))
        rnd.push(parse_card("HT"))
        obs = rnd.observation(2)
        bot = SearchBot(budget=60, seed=7, max_deals=30)
        choices.append(bot.ranked(obs))
    assert choices[0] == choices[1]


def test_chooses_trumps_with_a_strong_trump_hand() -> None:
    rnd = Round(RuleSet(), hands_of(
        "HJ H9 HA HK HQ HT DA SA CA",
        "D6 D7 D8 D9 S6 S7 S8 C6 C7",
        "DT DJ DQ DK S9 ST SJ C8 C9",
        "H6 H7 H8 SQ SK CT CJ CQ CK",
    ), forehand=0)
    bot = SearchBot(budget=60, seed=1, max_deals=24)
    assert bot.act(rnd.observation(0)) == A_CHOOSE + 1  # Rosen


def test_pushes_a_hopeless_hand_but_must_choose_when_pushed() -> None:
    rnd = Round(RuleSet(), hands_of(
        "D8 DT DQ H8 H9 SJ SQ CT CQ",
        "D6 D7 D9 H6 H7 HT S6 S7 C6",
        "DJ DK HJ HQ HK S8 S9 C7 C8",
        "DA HA ST SK SA C9 CJ CK CA",
    ), forehand=0)
    bot = SearchBot(budget=60, seed=1, max_deals=24)
    assert bot.act(rnd.observation(0)) == A_PUSH
    rnd.push(A_PUSH)
    choice = bot.act(rnd.observation(2))
    assert A_CHOOSE <= choice < A_PUSH


def test_declares_weis_and_announces_stoeck() -> None:
    rnd = Round(RuleSet(), hands_of(
        "H6 H7 H8 H9 HQ HK DA SA CA",  # a Vierblatt and Stöck in Rosen
        "D6 D7 D8 D9 S6 S7 S8 C6 C7",
        "DT DJ DQ DK S9 ST SJ C8 C9",
        "HT HJ HA SQ SK CT CJ CQ CK",
    ), forehand=0)
    rnd.push(A_CHOOSE + 1)
    assert rnd.phase == "weis"
    bot = SearchBot(FAST, seed=1)
    a = bot.act(rnd.observation(0))
    assert a == A_WEIS + 1
    rnd.push(a)
    # Play on with the bot for seat 0 until it plays its second Stöck card.
    others = [RandomBot(s) for s in range(4)]
    while not rnd.is_over and rnd.stoeck_state == 0:
        seat = rnd.to_move
        obs = rnd.observation(seat)
        rnd.push(bot.act(obs) if seat == 0 else others[seat].act(obs))
    assert rnd.stoeck_state == 1


def test_keeps_quiet_when_an_opponent_announced_more() -> None:
    rnd = Round(RuleSet(), hands_of(
        "D6 D7 D8 D9 DT DJ HQ HK HA",  # seat 0: a five-card run (100)
        "H6 H7 H8 S6 S7 S8 C6 C7 C8",  # seat 1: three Dreiblatt (20 each)
        "SJ SQ SK SA H9 HT HJ C9 CT",
        "DQ DK DA S9 ST CJ CQ CK CA",
    ), forehand=0)
    rnd.push(A_CHOOSE + 4)
    rnd.push(A_WEIS + 1)  # seat 0 announces its 100
    rnd.push(parse_card("HA"))
    assert rnd.phase == "weis" and rnd.to_move == 1
    assert SearchBot(FAST, seed=1).act(rnd.observation(1)) == A_WEIS  # quiet


def mirrored_share(make_search: object, opponent: type, deals: int, rules: RuleSet) -> float:
    ours = theirs = 0
    for d in range(deals):
        for swap in (0, 1):
            s = [make_search(d * 4 + k) for k in range(2)]  # type: ignore[operator]
            o = [opponent(d * 4 + k) for k in range(2)]
            bots = [s[0], o[0], s[1], o[1]] if swap == 0 else [o[0], s[0], o[1], s[1]]
            rnd = Round.deal(rules, seed=500 + d)
            play_round(rnd, bots)
            ours += rnd.credited[swap]
            theirs += rnd.credited[1 - swap]
    return ours / (ours + theirs)


def test_beats_random_and_greedy_players() -> None:
    # Six deals per decision and no time limit: reproducible whatever the machine's load.
    rules = PRESETS["bare"]

    def search(seed: int) -> SearchBot:
        return SearchBot(budget=60, seed=seed, max_deals=6)

    # Six mirrored deals each: three were too few to hold the margin whatever the deals drawn.
    assert mirrored_share(search, RandomBot, 6, rules) > 0.6
    assert mirrored_share(search, GreedyBot, 6, rules) > 0.55


def test_cards_of_a_group_share_a_value() -> None:
    # Obenabe, seat 0 holds D6 D7 with nothing between them unplayed elsewhere... D6 and D7
    # are both worth 0 and adjacent: the ranking gives them the same estimate.
    rnd = Round(RuleSet(), hands_of(
        "D6 D7 DA H6 H8 HJ S7 C9 CT",
        "D8 D9 HT HK S6 S8 SJ CK CQ",
        "DJ DK HQ HA S9 SQ C6 C8 CA",
        "DT DQ H7 H9 ST SK SA C7 CJ",
    ), forehand=0)
    rnd.push(A_CHOOSE + 4)
    ranked = dict(SearchBot(FAST, seed=3).ranked(rnd.observation(0)))
    assert ranked[parse_card("D6")] == ranked[parse_card("D7")]
    assert bits(rnd.hands[0])  # the hand is intact: ranking does not play


@pytest.mark.parametrize("open_hands", [False, True])
def test_playout_policy_plays_legal_cards_and_points_add_up(open_hands: bool) -> None:
    rules = RuleSet(extra_contracts=frozenset({6, 7, 8}))
    for seed in range(12):
        rnd = Round.deal(rules, seed=seed)
        contract = rules.contracts()[seed % len(rules.contracts())]
        rnd.push(A_CHOOSE + contract)
        playout = Playout(rules, contract, rnd.chooser & 1, open_hands)
        # The policy's card at every step of a whole hand is legal in the engine.
        start_hands = list(rnd.hands)
        while not rnd.is_over:
            if rnd.phase != "play":
                rnd.push(rnd.legal_actions()[0])
                continue
            live = 0
            for h in rnd.hands:
                live |= h
            playout.hands = list(rnd.hands)
            card = playout.choose(rnd.hands[rnd.to_move], rnd.to_move, rnd.leader,
                                  list(rnd.trick), rnd.trick_no, live)
            assert card in rnd.legal_actions()
            rnd.push(card)
        # run() plays the same hand on masks: each team's gain as the engine counts it.
        gains = playout.run(list(start_hands), rnd.forehand, [], 0, 0)
        score = rnd.hand_score()
        expect = [score["trick_points"][t] + score["match_bonus"][t] for t in (0, 1)]
        assert list(gains) == expect


def test_playout_with_an_exact_endgame_still_counts_every_point() -> None:
    rules = PRESETS["bare"]
    for seed in range(8):
        rnd = Round.deal(rules, seed=seed)
        contract = seed % 6
        rnd.push(A_CHOOSE + contract)
        playout = Playout(rules, contract, rnd.chooser & 1, open_hands=True)
        playout.endgame = Solver(rules, contract, rnd.chooser & 1)
        playout.endgame_tricks = 3
        gains = playout.run(list(rnd.hands), rnd.forehand, [], 0, 0)
        assert sum(gains) == 157
    with pytest.raises(ValueError):
        SearchBot(endgame_tricks=7)
