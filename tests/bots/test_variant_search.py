"""The variant search: legal through whole games of every variant, decisions that follow the
cards, values that are the variant's own, and Schieber left to its own search."""

from __future__ import annotations

import random
from typing import Any

import pytest

from puur.actions import A_PUSH
from puur.bots import RandomBot, SearchBot, make_bot
from puur.bots.variant_coiffeur import BASELINE
from puur.bots.variant_differenzler import DifferenzlerModel
from puur.bots.variant_policy import default_action, play_out
from puur.bots.variant_search import VariantSearch, _maxn, model_for
from puur.bots.worlds import WorldSampler
from puur.cards import CardSet, parse_card
from puur.observation import Observation
from puur.variants import get, variants
from puur.variants.coiffeur import A_ROW, ROW_SLOTS, CoiffeurHand, CoiffeurRules
from puur.variants.differenzler import (
    A_FORECAST,
    DifferenzlerDeal,
    DifferenzlerHand,
    DifferenzlerRules,
)


def mask(text: str) -> int:
    return CardSet.from_text(text).bits


def play_game(game: Any, bots: list[Any]) -> Any:
    steps = 0
    while not game.is_over:
        seat = game.to_move
        obs = game.observation(seat)
        a = bots[seat].act(obs)
        assert a in obs.legal_actions
        game.push(a)
        steps += 1
        assert steps < 5_000
    return game


@pytest.mark.parametrize("key", ["differenzler", "coiffeur"])
def test_plays_a_whole_game_legally(key: str) -> None:
    v = get(key)
    rules = v.preset("short") if key == "differenzler" else v.default_rules()
    game = v.new_game(rules, seed=f"whole-{key}")
    bots = [make_bot("search", budget=60, seed=s, samples=2) for s in range(game.num_seats)]
    play_game(game, bots)
    assert game.is_over and min(game.standings()) == 1


@pytest.mark.parametrize(("key", "preset"), [(v.key, p) for v in variants() for p in v.presets])
def test_plays_a_hand_of_every_preset_legally(key: str, preset: str) -> None:
    v = get(key)
    game = v.new_game(v.preset(preset), seed=f"hand-{preset}")
    search = VariantSearch(budget=60, seed=1, max_worlds=2)
    first = game.round
    while first is game.round and not game.is_over:
        obs = game.observation(game.to_move)
        a = search.act(obs)
        assert a in obs.legal_actions
        game.push(a)
    assert first.is_over


#: Options laid over every preset of a variant: Weis and Stöck (both announcements), long
#: sequences, fours of low cards and Kreuzweis, hidden and open forecasts, drawn trumps, a turned
#: 6 or Ace for Undenufe or Obenabe, Schieber's undertrump rule, the Coiffeur sheet's extras.
OVERLAYS: dict[str, list[dict[str, Any]]] = {
    "differenzler": [
        {"weis": True, "stoeck": True, "forecast": "hidden"},
        {"weis": True, "stoeck": True, "stoeck_announce": "with-weis", "forecast": "open"},
        {"weis": True, "large_weis": True, "weis_four_low": True, "kreuzweis": True,
         "trump": "random", "exact_bonus": 10},
        {"turned_card_modes": True, "undertrump": "forbidden", "stoeck": True,
         "exact_bonus_zero_forecast": "always", "tie_break": "most_exact"},
    ],
    "coiffeur": [
        {"weis": True, "stoeck": True, "stoeck_announce": "with-weis"},
        {"weis": True, "large_weis": True, "weis_four_low": True, "kreuzweis": True},
        {"misere": True, "free_allows_slalom": True, "slalom_values": "obenabe", "stoeck": True,
         "match": "flat"},
    ],
}
OPTION_CASES = [(key, preset, i) for key, sets in OVERLAYS.items()
                for preset in get(key).presets for i in range(len(sets))]


@pytest.mark.parametrize(("key", "preset", "overlay"), OPTION_CASES)
def test_search_plays_whole_hands_under_every_preset_and_option(
    key: str, preset: str, overlay: int
) -> None:
    v = get(key)
    options = OVERLAYS[key][overlay]
    rules = v.rules_from_dict({"preset": preset, **options})
    weis = bool(options.get("weis"))
    declared = 0
    for seed in range(8):  # with Weis on, until a hand in which one was declared
        game = v.new_game(rules, seed=f"opt-{preset}-{seed}")
        bots = [make_bot("search", budget=60, seed=s, samples=2) for s in range(game.num_seats)]
        hand = game.round
        while hand is game.round and not game.is_over:
            obs = game.observation(game.to_move)
            a = bots[game.to_move].act(obs)
            assert a in obs.legal_actions
            game.push(a)
        assert hand.is_over
        declared += sum(1 for d in hand.declared if d)
        if declared or not weis:
            break
    assert declared if weis else declared == 0


def test_schieber_stays_with_its_own_search() -> None:
    game = get("schieber").new_game(seed=3)
    obs = game.observation(game.to_move)
    assert type(obs) is Observation and model_for(obs).own_search
    bot = SearchBot(budget=600, seed=1, max_deals=3)  # deals, not time (a cold JIT)
    bot.ranked(obs)
    assert bot.last_deals == 3 and bot.variants.last_worlds == 0
    # Every other variant goes to the variant search.
    d = get("differenzler").new_game(seed=3)
    bot.ranked(d.observation(d.to_move))
    assert bot.variants.last_worlds == 3 == bot.last_deals


def test_ranked_lists_every_legal_action_best_first() -> None:
    game = get("differenzler").new_game(seed=5)
    obs = game.observation(game.to_move)
    ranked = VariantSearch(budget=60, seed=2, max_worlds=4).ranked(obs)
    assert sorted(a for a, _v in ranked) == sorted(obs.legal_actions)
    assert len(ranked) == 158
    # The evaluated actions come first, best first, then the rest by their first estimate.
    for game_key in ("coiffeur", "schieber"):
        g = get(game_key).new_game(seed=5)
        o = g.observation(g.to_move)
        r = VariantSearch(budget=60, seed=2, max_worlds=3).ranked(o)
        assert sorted(a for a, _v in r) == sorted(o.legal_actions)
        values = [v for _a, v in r]
        rises = [i for i in range(1, len(values)) if values[i] > values[i - 1]]
        assert len(rises) <= 1
    values = [v for _a, v in ranked]
    assert len([i for i in range(1, 158) if values[i] > values[i - 1]]) <= 1


def test_bad_options_and_turns_are_refused() -> None:
    with pytest.raises(ValueError):
        VariantSearch(budget=0)
    with pytest.raises(ValueError):
        VariantSearch(exact_tricks=4)
    with pytest.raises(ValueError):
        VariantSearch(max_worlds=0)
    with pytest.raises(ValueError):
        SearchBot(exact_tricks=-1)
    game = get("coiffeur").new_game(seed=1)
    other = (game.to_move + 1) % 4
    with pytest.raises(ValueError, match="turn"):
        VariantSearch(budget=1).ranked(game.observation(other))


def _differenzler_hand(
    hands: list[str], dealer: int, turned: str, forecasts: tuple[int, ...] = ()
) -> DifferenzlerHand:
    v = get("differenzler")
    card = parse_card(turned)
    deal = DifferenzlerDeal(tuple(mask(h) for h in hands), dealer, card, card // 9)
    hand = DifferenzlerHand(v.preset("standard"), deal)
    for f in forecasts:
        hand.push(A_FORECAST + f)
    return hand


def test_forecasts_follow_the_strength_of_the_hand() -> None:
    # Seat 3 deals and turns D6: Schellen trumps. Seat 0 forecasts first.
    strong = _differenzler_hand([
        "DJ D9 DA DK DQ DT HA SA CA",
        "H6 H7 H8 H9 HT HJ HQ HK S6",
        "S7 S8 S9 ST SJ SQ SK C6 C7",
        "D6 D7 D8 C8 C9 CT CJ CQ CK",
    ], 3, "D6")
    weak = _differenzler_hand([
        "H6 H7 H8 S6 S7 S8 C6 C7 C8",
        "DJ D9 DA DK DQ DT HA SA CA",
        "H9 HT HJ HQ HK S9 ST SJ SQ",
        "D6 D7 D8 SK C9 CT CJ CQ CK",
    ], 3, "D6")
    picks = []
    for hand in (strong, weak):
        search = VariantSearch(budget=60, seed=3, max_worlds=16)
        picks.append(search.act(hand.observation(0)) - A_FORECAST)
    assert picks[0] > 90 and picks[1] < 25


def test_the_forecast_minimises_the_penalty_over_its_candidates() -> None:
    game = get("differenzler").new_game(seed=12)
    obs = game.observation(game.to_move)
    search = VariantSearch(budget=60, seed=4, max_worlds=10)
    ranked = search.ranked(obs)
    best, value = ranked[0]
    # Re-evaluate the top candidates on fresh worlds: the chosen one is not clearly worse.
    model = model_for(obs)
    sampler = WorldSampler(obs, model)
    rng = random.Random(9)
    worlds = [sampler.sample(rng) for _ in range(30)]
    mean = {a: sum(search.evaluate(w, a, model)[obs.seat] for w in worlds) / 30
            for a, _v in ranked[:5]}
    assert mean[best] >= max(mean.values()) - 6
    assert value <= 0  # minus a penalty


@pytest.mark.parametrize(("forecast", "card"), [(0, "S6"), (60, "SA")])
def test_a_seat_takes_a_trick_only_while_it_needs_the_points(forecast: int, card: str) -> None:
    # Seat 0 deals and turns H6: Rosen trumps. Seats 1-3 play S8 S9 ST; seat 0, last, holds
    # SA (takes 21 points) and S6 (loses).
    hand = _differenzler_hand([
        "H6 SA S6 C6 C7 C8 D6 D7 D8",
        "S8 H7 H8 C9 CT CJ D9 DT DJ",
        "S9 H9 HT CQ CK CA DQ DK DA",
        "ST SJ SQ SK HJ HQ HK HA S7",
    ], 0, "H6", forecasts=(40, 40, 40, forecast))
    for c in ("S8", "S9", "ST"):
        hand.push(parse_card(c))
    assert default_action(hand, DifferenzlerModel()) == parse_card(card)
    obs = hand.observation(0)
    assert VariantSearch(budget=60, seed=1, max_worlds=8).act(obs) == parse_card(card)


def test_exact_endgame_is_the_mean_over_worlds_of_every_seat_playing_its_best() -> None:
    v = get("differenzler")
    game = v.new_game(seed=21)
    rng = random.Random(2)
    hand = game.round
    while hand.num_tricks - hand.trick_no > 2 or hand.phase != "play":
        game.push(rng.choice(game.legal_actions()))
    obs = hand.observation(hand.to_move)
    assert len(obs.legal_actions) > 1
    search = VariantSearch(budget=60, rng=random.Random(5), max_worlds=12, exact_tricks=2)
    ranked = dict(search.ranked(obs))
    model = model_for(obs)
    rng2 = random.Random(5)
    sampler = WorldSampler(obs, model)
    worlds = [sampler.sample(rng2) for _ in range(12)]
    for a in obs.legal_actions:
        exact = []
        for w in worlds:
            h = w.copy()
            h.push_unchecked(a)
            exact.append(_maxn(h, model)[obs.seat])
        assert ranked[a] == pytest.approx(sum(exact) / 12)


def test_same_observation_same_decision_whatever_the_hidden_cards() -> None:
    """Two real deals that differ only in cards the seat cannot see give the same ranking."""
    v = get("coiffeur")
    deal = v.new_game(seed=30).deal_for(0)
    other = list(deal)
    x, y = max(CardSet(deal[1])), max(CardSet(deal[3]))  # swap a card between the opponents
    other[1] = (deal[1] & ~(1 << x)) | (1 << y)
    other[3] = (deal[3] & ~(1 << y)) | (1 << x)
    empty = (None,) * 8
    choices = []
    for hands in (tuple(deal), tuple(other)):
        hand = CoiffeurHand(v.default_rules(), hands, 0, (empty, empty))
        choices.append(VariantSearch(budget=60, seed=7, max_worlds=4).ranked(hand.observation(0)))
    assert choices[0] == choices[1]


def test_coiffeur_fills_a_high_row_with_a_strong_hand_and_a_low_one_with_a_weak_hand() -> None:
    v = get("coiffeur")
    empty = (None,) * 8
    strong = tuple(mask(t) for t in (
        "CJ C9 CA CK CQ CT DA HA SA",
        "D6 D7 D8 D9 DT DJ DQ DK H6",
        "H7 H8 H9 HT HJ HQ HK S6 S7",
        "S8 S9 ST SJ SQ SK C6 C7 C8",
    ))
    weak = tuple(mask(t) for t in (
        "D8 DT H8 HT S8 ST C8 CT H9",
        "D6 D7 D9 DJ DQ DK DA H6 H7",
        "HJ HQ HK HA S6 S7 S9 SJ SQ",
        "SK SA C6 C7 C9 CJ CQ CK CA",
    ))
    picks = []
    for hands in (strong, weak):
        hand = CoiffeurHand(v.default_rules(), hands, 0, (empty, empty))
        picks.append(VariantSearch(budget=60, seed=1, max_worlds=8).act(hand.observation(0)))
    assert picks[0] != A_PUSH and (picks[0] - A_ROW) // ROW_SLOTS >= 5  # ×6 or more
    assert picks[1] == A_PUSH or (picks[1] - A_ROW) // ROW_SLOTS <= 2  # ×3 or less


def test_beats_random_players_on_differenzler_and_coiffeur() -> None:
    """Mean penalty per hand and Coiffeur share: reproducible (a fixed number of worlds)."""
    v = get("differenzler")
    search_pen = random_pen = 0
    for seed in range(2):
        game = v.new_game(DifferenzlerRules(name="two", hands=2), seed=seed)
        bots: list[Any] = [
            VariantSearch(budget=60, seed=s, max_worlds=3) if s % 2 == seed % 2
            else RandomBot(seed=s) for s in range(4)
        ]
        play_game(game, bots)
        for s in range(4):
            if s % 2 == seed % 2:
                search_pen += game.scores[s]
            else:
                random_pen += game.scores[s]
    assert search_pen < 0.6 * random_pen
    # Coiffeur on a short sheet: the search's team against random players, mirrored.
    c = get("coiffeur")
    rules = CoiffeurRules(name="short", sheet="custom", custom_rows="C:1 free:2 unde:3")
    ours = theirs = 0
    for swap in (0, 1):
        game = c.new_game(rules, seed="short-sheet")
        team_bots: list[Any] = [
            VariantSearch(budget=60, seed=s, max_worlds=3) if s % 2 == swap
            else RandomBot(seed=s) for s in range(4)
        ]
        play_game(game, team_bots)
        ours += game.scores[swap]
        theirs += game.scores[1 - swap]
    assert ours > 1.3 * theirs


def test_rows_of_one_contract_share_a_play_out_and_score_as_their_own() -> None:
    v = get("coiffeur")
    game = v.new_game(seed=41)
    obs = game.observation(game.to_move)
    model = model_for(obs)
    world = WorldSampler(obs, model).sample(random.Random(3))
    by_contract: dict[Any, list[int]] = {}
    for a in obs.legal_actions:
        by_contract.setdefault(model.same_play(obs, a), []).append(a)
    group = max(by_contract.values(), key=len)
    assert len(group) == 3  # Eicheln: its own row and the two free rows
    search = VariantSearch(budget=60, seed=1)
    shared = search.evaluate_group(world, group, model)
    for a in group:
        alone = search.evaluate(world, a, model)
        assert shared[a] == alone
        h = world.copy()
        h.push_unchecked(a)
        play_out(h, model)
        assert isinstance(h, CoiffeurHand)
        row = h.sheet_rows[h.row]
        base = model.values(h)[h.chooser] + row.multiplier * BASELINE[row.discipline]
        assert base == h.seat_values()[h.chooser] == h.row_value()


def test_schieber_seat_values_are_the_team_difference() -> None:
    game = get("schieber").new_game(get("schieber").preset("bare"), seed=8)
    hand = game.round
    rng = random.Random(8)
    while not hand.is_over:
        game.push(rng.choice(game.legal_actions()))
    a, b = hand.credited
    assert hand.seat_values() == (a - b, b - a, a - b, b - a) and a + b == 157
