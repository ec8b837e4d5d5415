"""The rule-player model of the others' card play (:mod:`puur.bots.inference`): the true deal
explains a rule player's cards better than sampled deals do, and single decisions are weighed
as the rule player would have made them."""

from __future__ import annotations

import random

import pytest

from puur.actions import A_CHOOSE
from puur.bots import SearchBot
from puur.bots.dds import Solver
from puur.bots.inference import RuleModel, RuleModelCache
from puur.bots.playout import Playout
from puur.bots.rules import RuleBot
from puur.bots.sampler import DealSampler, DealStream, is_consistent
from puur.bots.search import Plausibility, draw_plausible, play_likelihood
from puur.cards import CardSet, parse_card
from puur.contracts import MODE_OBENABE
from puur.observation import Observation
from puur.round import Round
from puur.rules import PRESETS, RuleSet


def cards(text: str) -> int:
    return CardSet.from_text(text).bits


def rule_positions(count: int, seed: int) -> list[tuple[Observation, tuple[int, ...]]]:
    """Positions of hands played by four rule players: (observation of the seat to move, the
    true current hands), from the second card of the first trick to the last trick."""
    rng = random.Random(seed)
    bot = RuleBot()
    out = []
    presets = ["bare", "family", "standard-2500"]
    for k in range(count):
        rnd = Round.deal(PRESETS[presets[k % 3]], seed=seed * 1000 + k)
        stop = rng.randrange(2, 34)
        while not rnd.is_over and not (rnd.phase == "play" and len(rnd.played) >= stop):
            rnd.push(bot.act(rnd.observation(rnd.to_move)))
        if rnd.is_over:
            continue
        out.append((rnd.observation(rnd.to_move), tuple(rnd.hands)))
    return out


def rank_among(weight: float, others: list[float]) -> float:
    """The share of ``others`` below ``weight`` (ties count half): 0.5 on average when
    ``weight`` is drawn like the others."""
    below = sum(w < weight for w in others) + 0.5 * sum(w == weight for w in others)
    return below / len(others)


def test_the_true_deal_of_rule_players_outranks_uniformly_sampled_deals() -> None:
    """Over random positions of rule players' hands the true deal's weight ranks far above the
    sampled deals' (uniform sampling ranks it 0.5 on average), and above where the play-out
    policy's likelihood ranks it."""
    rng = random.Random(11)
    rule_ranks, playout_ranks = [], []
    for obs, true in rule_positions(60, seed=3):
        sampler = DealSampler(obs)
        worlds = [sampler.sample(rng) for _ in range(20)]
        model = RuleModel(obs)
        rule_ranks.append(rank_among(model(true), [model(h) for h in worlds]))
        policy = Playout(obs.rules, obs.contract, obs.chooser & 1)
        playout_ranks.append(rank_among(play_likelihood(obs, true, policy),
                                        [play_likelihood(obs, h, policy) for h in worlds]))
    assert len(rule_ranks) >= 50
    rule_mean = sum(rule_ranks) / len(rule_ranks)
    playout_mean = sum(playout_ranks) / len(playout_ranks)
    # Standard error of a mean of 50+ uniform ranks is about 0.04: 0.75 is six of them away.
    assert rule_mean > 0.75
    assert rule_mean > playout_mean + 0.1


def test_on_the_true_deal_every_card_of_a_rule_player_is_its_choice() -> None:
    p = 0.7
    checked = 0
    for obs, true in rule_positions(15, seed=5):
        factors = RuleModel(obs, p)(true)
        choices = len(RuleModel(obs, p).factors(true))
        assert factors == pytest.approx(p ** choices)
        checked += choices > 0
    assert checked >= 10


def obenabe_trick() -> tuple[Observation, list[int]]:
    """Obenabe; seat 0 leads the ♥K, seat 1 plays the ♥7, seat 2 the ♥10, seat 3 the ♥6 (the
    trick goes to seat 0). Seat 1 observes; the real deal has the ♥A with seat 2."""
    hands = [cards("HK D6 D7 D8 S6 S7 S8 C6 C7"), cards("H7 H8 D9 DT S9 ST C8 C9 CT"),
             cards("HT HA H9 DJ DQ SJ SQ CJ CQ"), cards("H6 HJ HQ DK DA SK SA CK CA")]
    rnd = Round(RuleSet(), hands, forehand=0)
    rnd.push(A_CHOOSE + MODE_OBENABE)
    for card in ("HK", "H7", "HT", "H6"):
        while rnd.phase != "play":
            rnd.push(rnd.legal_actions()[0])  # no Weis
        rnd.push(parse_card(card))
    return rnd.observation(1), list(rnd.hands)


def test_a_seat_that_played_low_under_the_opponents_trick_while_holding_the_ace_is_unlikely(
) -> None:
    obs, real = obenabe_trick()
    ace, king = cards("HA"), cards("DK")
    swapped = list(real)  # the same deal with the ♥A moved from seat 2 to seat 3
    swapped[2] = swapped[2] & ~ace | king
    swapped[3] = swapped[3] & ~king | ace
    a, b = tuple(real), tuple(swapped)
    assert is_consistent(obs, a) and is_consistent(obs, b)
    model = RuleModel(obs, 0.6)
    # Seat 3 (history index 3) could have taken the ♥K and the ♥10 with the ♥A: the model gives
    # its ♥6 the probability of a card other than the rule player's, with four legal hearts.
    assert dict(model.factors(a))[3] == pytest.approx(0.6)
    assert dict(model.factors(b))[3] == pytest.approx(0.4 / 3)
    assert model(b) < model(a)


def test_forced_cards_carry_no_weight() -> None:
    obs, real = obenabe_trick()
    model = RuleModel(obs)
    # The same trick on a deal where seat 2 held the ♥10 as its only heart: its card was forced.
    forced = list(real)
    forced[2] = cards("DJ DQ DK DA SJ SQ CJ CQ")
    forced[3] = cards("H6 H9 HJ HQ HA SK SA CK CA") & ~cards("H6")
    assert is_consistent(obs, tuple(forced))
    # Seat 1 observes: its own card is never weighed.
    assert set(dict(model.factors(tuple(real)))) == {0, 2, 3}
    factors = dict(model.factors(tuple(forced)))
    assert set(factors) == {0, 3}
    assert model(tuple(forced)) == pytest.approx(factors[0] * factors[3])


def test_cached_decisions_give_the_same_weights() -> None:
    rng = random.Random(2)
    for obs, _true in rule_positions(6, seed=8):
        sampler = DealSampler(obs)
        worlds = [sampler.sample(rng) for _ in range(15)]
        fresh = [RuleModel(obs)(h) for h in worlds]
        cache = RuleModelCache()
        model = RuleModel(obs, cache=cache)
        assert [model(h) for h in worlds] == fresh
        again = RuleModel(obs, cache=cache)
        assert [again(h) for h in worlds] == fresh
        assert again.misses == 0


def test_bad_model_options_raise() -> None:
    with pytest.raises(ValueError):
        SearchBot(0.1, play_model="oracle")
    for p in (0.0, 1.0, -0.5, 2.0):
        with pytest.raises(ValueError):
            SearchBot(0.1, rule_p=p)
        with pytest.raises(ValueError):
            RuleModel(obenabe_trick()[0], p)


@pytest.mark.parametrize("play_model", ["rules", "playout"])
def test_late_card_values_are_the_means_weighted_by_the_model(play_model: str) -> None:
    rng = random.Random(6)
    checked = 0
    for seed in range(10):
        rnd = Round.deal(RuleSet(), seed=seed)
        rnd.push(A_CHOOSE + seed % 6)
        while not rnd.is_over and (rnd.trick_no < 6 or rnd.phase != "play"):
            rnd.push(rng.choice(rnd.legal_actions()))
        if rnd.is_over or len(rnd.legal_actions()) < 2:
            continue
        obs = rnd.observation(rnd.to_move)
        # The deals first: a first call of compiled code may compile it, which must not eat
        # into the bot's budget (it would stop after one deal).
        deal_rng = random.Random(seed)  # the bot's generator: it seeds the deals' stream
        sampler = DealStream(DealSampler(obs), deal_rng)
        plaus = Plausibility(obs)
        policy = Playout(obs.rules, obs.contract, obs.chooser & 1)
        model = RuleModel(obs)
        totals = dict.fromkeys(obs.legal_actions, 0.0)
        weights = 0.0
        for _ in range(6):
            hands = draw_plausible(sampler, plaus, deal_rng)
            taken = 0
            for w in obs.trick_winners:
                taken |= 1 << (w & 1)
            vals = Solver(obs.rules, obs.contract, obs.chooser & 1).values(
                hands, obs.leader, [c for _s, c in obs.trick], obs.trick_no, taken)
            weight = model(hands) if play_model == "rules" else play_likelihood(obs, hands,
                                                                                 policy)
            assert 0 < weight <= 1
            weights += weight
            for c in totals:
                totals[c] += weight * vals[c]
        bot = SearchBot(budget=600, seed=seed, max_deals=6, play_model=play_model)
        ranked = dict(bot.ranked(obs))
        assert bot.last_deals == 6
        assert ranked == pytest.approx({c: t / weights for c, t in totals.items()})
        checked += 1
    assert checked >= 5
