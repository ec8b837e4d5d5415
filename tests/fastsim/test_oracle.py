"""The fast simulator against the reference Round.

Every hand the fast path plays is replayed into :class:`puur.round.Round` action by action: the
legal actions must be the same set at every step, every action must be legal there, and the
credits and the hand-score breakdown must come out the same. This runs under every preset and
under rule sets that switch on every option the fast path handles.
"""

from __future__ import annotations

import random

import pytest

from engine.positions import CONTRACTS, KONTERMATCH, SCORING, greedy_card, skewed_deal
from puur.actions import A_CHOOSE, A_PUSH, A_STOECK
from puur.contracts import Contract
from puur.fastsim import FastSim, deal, play_round_randomly
from puur.round import Round
from puur.rules import RuleSet

from .oracle import ALL_RULES, replay_and_compare

HANDS_PER_RULESET = 2000


@pytest.mark.parametrize("name", sorted(ALL_RULES))
def test_replay_matches_reference(name: str) -> None:
    rules = ALL_RULES[name]
    sim = FastSim(rules)
    rng = random.Random(f"oracle:{name}")
    seen = {"push": 0, "weis": 0, "weis-scored": 0, "stoeck": 0, "four": 0}
    for _ in range(HANDS_PER_RULESET):
        trace: list[int] = []
        hand = sim.play(rng, trace=trace)
        rnd = replay_and_compare(rules, hand, trace)
        seen["push"] += rnd.pushed
        seen["weis"] += any(rnd.declared)
        seen["weis-scored"] += any(hand.weis)
        seen["stoeck"] += any(hand.stoeck)
        seen["four"] += any(m.kind == 1 for d in rnd.declared for m in d)
    # The sample must have exercised the rules it is meant to check.
    assert seen["push"] > 0
    if rules.weis:
        assert seen["weis"] > 0 and seen["weis-scored"] > 0 and seen["four"] > 0
    if rules.stoeck:
        assert seen["stoeck"] > 0


@pytest.mark.parametrize("name", sorted(ALL_RULES))
def test_game_end_mid_hand_matches_reference(name: str) -> None:
    """Played inside a game, the hand stops where the reference stops: the moment a team
    reaches the target, with points credited in the rules' order."""
    rules = ALL_RULES[name]
    sim = FastSim(rules)
    rng = random.Random(f"game-end:{name}")
    ended = stopped_early = 0
    for _ in range(HANDS_PER_RULESET // 4):
        near = max(0, rules.target - 350)
        scores = (rng.randrange(near, rules.target), rng.randrange(near, rules.target))
        trace: list[int] = []
        hand = sim.play(rng, game_scores=scores, trace=trace)
        replay_and_compare(rules, hand, trace, scores)
        if hand.winner >= 0:
            ended += 1
            assert scores[hand.winner] + hand.credited[hand.winner] >= rules.target
            loser = 1 - hand.winner
            assert scores[loser] + hand.credited[loser] < rules.target
        stopped_early += sum(a < 36 for a in hand.actions) < 36
    assert ended > 0 and stopped_early > 0


@pytest.mark.parametrize("announce", ["second-card", "with-weis"])
def test_first_points_end_a_game_one_point_short(announce: str) -> None:
    """Both teams one point short: the first points credited end the game, Stöck included,
    even before a card of the trick is played."""
    rules = RuleSet(stoeck_announce=announce)  # type: ignore[arg-type]
    sim = FastSim(rules)
    rng = random.Random(announce)
    scores = (rules.target - 1, rules.target - 1)
    by_stoeck = 0
    for _ in range(300):
        trace: list[int] = []
        hand = sim.play(rng, game_scores=scores, trace=trace)
        replay_and_compare(rules, hand, trace, scores)
        assert hand.winner >= 0
        assert hand.credited[1 - hand.winner] == 0
        if hand.actions[-1] == A_STOECK:
            by_stoeck += 1
            assert hand.stoeck[hand.winner] == 20
    if announce == "with-weis":  # announced before any trick is complete: ends it at once
        assert by_stoeck > 0


@pytest.mark.parametrize("name", sorted(ALL_RULES))
def test_same_rng_same_hand_as_reference_players(name: str) -> None:
    """The reference Round driven by the same random players plays the very same hand."""
    rules = ALL_RULES[name]
    sim = FastSim(rules)
    for seed in range(150):
        hand = sim.play(random.Random(seed))
        rng = random.Random(seed)
        hands = deal(rng)
        assert hands == hand.hands
        rnd = play_round_randomly(Round(rules, hands), rng)
        assert list(rnd.actions) == hand.actions
        assert rnd.credited == hand.credited


def _one_suit_deal(holder: int) -> list[int]:
    """Seat ``holder`` holds all nine Schellen; the other 27 cards go round in order."""
    hands = [0, 0, 0, 0]
    hands[holder] = 0x1FF
    others = [s for s in range(4) if s != holder]
    for i, card in enumerate(range(9, 36)):
        hands[others[i // 9]] |= 1 << card
    return hands


@pytest.mark.parametrize("kontermatch", ["match", "double", "bonus"])
def test_all_trumps_in_one_hand_take_every_trick(kontermatch: str) -> None:
    """With all nine trumps a seat wins every trick it plays: a Match, or a Kontermatch when
    the other team chose, scored as the rules say."""
    rules = RuleSet(kontermatch=kontermatch, kontermatch_bonus=60)  # type: ignore[arg-type]
    sim = FastSim(rules)
    checked = 0
    for seed in range(400):
        # Seat 1 holds the trumps; seat 0 chooses first, so team 0 usually chooses.
        trace: list[int] = []
        hand = sim.play(random.Random(seed), _one_suit_deal(1), forehand=0, trace=trace)
        if hand.contract != Contract.SCHELLEN:
            continue
        checked += 1
        rnd = replay_and_compare(rules, hand, trace)
        assert hand.trick_points == (0, 157)
        kontra = rnd.chooser & 1 == 0
        if not kontra:
            expected = rules.match_bonus
        elif kontermatch == "double":
            expected = 157
        elif kontermatch == "bonus":
            expected = 60
        else:
            expected = rules.match_bonus
        assert hand.match_bonus == (0, expected)
    assert checked > 10


def test_misere_gives_card_points_to_the_other_team() -> None:
    rules = RuleSet(extra_contracts=frozenset({Contract.MISERE}))
    sim = FastSim(rules)
    checked = 0
    for seed in range(300):
        hand = sim.play(random.Random(seed), _one_suit_deal(2), forehand=0)
        if hand.contract != Contract.MISERE:
            continue
        checked += 1
        rnd = Round(rules, hand.hands, hand.forehand)
        for a in hand.actions:
            rnd.push(a)
        # Each team receives the points of the tricks the other team took, last trick too.
        taken = [0, 0]
        for _, cards, winner in rnd.tricks():
            taken[winner & 1] += sum(rnd.points_of(c) for c in cards)
        taken[rnd.trick_winners[-1] & 1] += rules.last_trick_bonus
        assert hand.trick_points == (taken[1], taken[0])
    assert checked > 5


class Steered(random.Random):
    """A random source that makes the uniformly random players pick given choices: each value
    ``(i + 0.5) / n`` picks the ``i``-th of ``n`` sorted legal actions."""

    def __init__(self, values: list[float]) -> None:
        super().__init__(0)
        self.values = values
        self.used = 0

    def random(self) -> float:
        v = self.values[self.used]
        self.used += 1
        return v


def steered_hand(rules: RuleSet, contract: int, rng: random.Random) -> tuple[Round, list[float]]:
    """A reference hand of ``contract`` on a deal skewed towards a random team, which plays to
    take every trick; with the choices as values for :class:`Steered`."""
    team = rng.randrange(2)
    forehand = 2 * rng.randrange(2) + (team ^ rng.randrange(2))
    rnd = Round(rules, skewed_deal(rng, contract, team), forehand)
    values: list[float] = []
    while not rnd.is_over:
        legal = rnd.legal_actions()
        if rnd.phase == "choose":
            a = A_PUSH if (A_PUSH in legal and not rnd.pushed and rng.random() < 0.3) else (
                A_CHOOSE + contract)
        elif rnd.phase == "play":
            a = greedy_card(rnd, team, rng)
        else:  # Weis and Stöck decisions at random
            a = rng.choice(legal)
        values.append((legal.index(a) + 0.5) / len(legal))
        rnd.push(a)
    return rnd, values


@pytest.mark.parametrize("contract", CONTRACTS)
@pytest.mark.parametrize("kontermatch", KONTERMATCH)
@pytest.mark.parametrize("weis", [False, True])
def test_match_and_kontermatch_of_every_contract_as_the_reference_scores_them(
    kontermatch: str, contract: int, weis: bool
) -> None:
    """Steered to hands where one team takes every trick: the fast path plays the same hand as
    the reference and scores the Match or Kontermatch the same, in every contract."""
    rules = SCORING[kontermatch].replace(weis=weis)
    sim = FastSim(rules)
    rng = random.Random(f"steer:{kontermatch}:{contract}:{weis}")
    seen = {"match": 0, "kontermatch": 0}
    for _ in range(40):
        rnd, values = steered_hand(rules, contract, rng)
        trace: list[int] = []
        steer = Steered(values)
        hand = sim.play(steer, rnd.initial_hands, rnd.forehand, trace=trace)
        assert steer.used == len(values)
        assert hand.actions == list(rnd.actions)
        replay_and_compare(rules, hand, trace)
        hs = rnd.hand_score()
        if hs["match"] >= 0:
            seen["kontermatch" if hs["kontermatch"] else "match"] += 1
    assert seen["match"] > 0 and seen["kontermatch"] > 0
