"""The Differenzler rule player: forecast the points the hand will take, then steer to them.

**Forecast.** It counts the hand as a club player does - the top trumps (Puur, Nell, Ace), the
other trumps and their length, side aces, kings beside their ace or guarded, long suits headed
by the ace, voids to ruff with, the points it holds, whether it leads first or holds the card
turned for trumps - and turns the count into points with a linear model fitted on simulated
hands (per table size, for a trump game and for Obenabe/Undenufe). The fit minimises the mean
absolute error, the figure Differenzler scores, so it forecasts the median rather than the mean
(``benchmarks/differenzler_forecast.py`` refits the model and measures the error).

**Card play.** For each card it may play it estimates the chance of taking the trick
(:mod:`puur.bots.knowledge`: who may still beat it), the trick's points if it does, and the
points its remaining cards are likely to take later; it plays the card with the lowest
expected penalty ``E|forecast - made - this trick - later|``, the later points being uncertain
(a normal spread that narrows as the tricks run out). Short of the forecast this wins tricks
and takes points; at or above it, it ducks, throws away its winners and lets the others take
the points. Weis and Stöck, when the table counts them, are declared by the same measure.

Everything comes from the seat's observation; the other hands are never seen.
"""

from __future__ import annotations

import math
from typing import Final

from puur.bots.knowledge import HIGHER, SUIT, Know, beats, know
from puur.bots.rules import register_rule_player
from puur.cards import NUM_CARDS, SUIT_MASK, bits
from puur.contracts import POINTS, STRENGTH
from puur.variants.differenzler import (
    A_FORECAST,
    A_STOECK,
    A_STOECK_NO,
    A_WEIS,
    MAX_FORECAST,
)
from puur.variants.differenzler_view import DifferenzlerObservation
from puur.weis import split_points, weis_options

__all__ = [
    "FEATURES",
    "FORECAST_MODELS",
    "DifferenzlerPlayer",
    "expected_penalty",
    "forecast_features",
    "forecast_points",
    "kept_worth",
    "later_points",
]

#: The names of the forecast features, in the order of :func:`forecast_features`.
FEATURES: Final = (
    "one", "trump_top1", "trump_top2", "trump_top3", "trump_rest", "trump_long", "side_top",
    "side_second_with_top", "side_second_guarded", "side_top_three", "side_long", "voids",
    "points", "dealer", "vorhand",
)

#: Coefficients of the forecast per (players, "trump" or "nt"), fitted by
#: ``benchmarks/differenzler_forecast.py --fit`` (least absolute deviations on simulated hands
#: played by this player).
FORECAST_MODELS: Final[dict[tuple[int, str], tuple[float, ...]]] = {
    (4, "trump"): (-11.72, 34.85, 30.55, 24.55, 10.84, 14.6, 5.22, 2.94, 3.38, 3.29, -1.68,
                   -4.82, 0.08, -1.09, 1.0),
    (4, "nt"): (-1.72, 0.0, 0.0, 0.0, 0.0, 0.0, 22.49, 18.76, 13.4, 17.28, -13.45, 0.0, 0.08,
                4.45, -0.22),
    (3, "trump"): (-13.92, 30.29, 25.64, 23.17, 13.38, 8.52, 11.26, 4.67, 4.01, 0.78, -1.95,
                   -4.1, -0.11, -2.02, 0.82),
    (3, "nt"): (-10.1, 0.0, 0.0, 0.0, 0.0, 0.0, 19.89, 12.95, 15.58, 5.53, -0.93, 0.0, 0.28,
                3.36, -1.56),
}

#: Later points = LATER[0] * (the worth of the cards kept) + LATER[1] per trick still to come
#: (fitted with the forecast).
LATER: tuple[float, float] = (0.801, 0.082)
#: The spread of the later points: SPREAD[0] + SPREAD[1] * sqrt(tricks still to come).
SPREAD: tuple[float, float] = (1.75, 6.33)
_Know = Know[DifferenzlerObservation]
#: Points each card still to come adds to a trick, on average (152 card points / 36 cards).
_PER_CARD: Final = 152 / 36


# ---------------------------------------------------------------------------------------------
# The forecast


def _order(mode: int, suit: int) -> list[int]:
    """The cards of ``suit``, strongest first, in ``mode``."""
    return sorted(range(9 * suit, 9 * suit + 9), key=lambda c: -STRENGTH[mode][c])


def forecast_features(
    hand: int, mode: int, trump: int, dealer: bool, vorhand: bool
) -> list[float]:
    """The counts the forecast is made of (:data:`FEATURES`), for ``hand`` in ``mode``."""
    f = [0.0] * len(FEATURES)
    f[0] = 1.0
    n_trumps = 0
    if trump >= 0:
        top = _order(mode, trump)
        n_trumps = (hand & SUIT_MASK[trump]).bit_count()
        for i in range(3):
            f[1 + i] = float(hand >> top[i] & 1)
        f[4] = n_trumps - f[1] - f[2] - f[3]
        f[5] = max(0, n_trumps - 3)
    for s in range(4):
        if s == trump:
            continue
        order = _order(mode, s)
        held = [hand >> c & 1 for c in order]
        length = sum(held)
        if held[0]:
            f[6] += 1
            f[7] += held[1]
            f[9] += held[1] and held[2]
            f[10] += max(0, length - 3)
        elif held[1] and length >= 2:
            f[8] += 1
        if length == 0 and n_trumps:
            f[11] += 1
    f[12] = float(sum(POINTS[mode][c] for c in bits(hand)))
    f[13] = float(dealer)
    f[14] = float(vorhand)
    return f


def forecast_points(obs: DifferenzlerObservation) -> float:
    """The points the seat expects to take this hand (before it plays a card)."""
    n = obs.num_seats
    kind = "trump" if obs.trump >= 0 else "nt"
    coef = FORECAST_MODELS[(n, kind)]
    feats = forecast_features(
        obs.hand, obs.mode, obs.trump, obs.seat == obs.dealer and obs.turned >= 0,
        obs.seat == (obs.dealer + 1) % n,
    )
    est = sum(c * x for c, x in zip(coef, feats, strict=True))
    est += _bonus_points(obs)
    return min(float(MAX_FORECAST), max(0.0, est))


def _bonus_points(obs: DifferenzlerObservation) -> float:
    """Stöck and Weis the seat expects to score, where the table counts them."""
    rules = obs.rules
    extra = 0.0
    if rules.stoeck and obs.trump >= 0:
        ko = (1 << (9 * obs.trump + 6)) | (1 << (9 * obs.trump + 7))
        if obs.hand & ko == ko:
            extra += 20.0
    if rules.weis:
        opts = weis_options(obs.hand, rules.trick_rules(), obs.mode, obs.trump)
        if opts:
            extra += 0.5 * split_points(opts[0])
    return extra


# ---------------------------------------------------------------------------------------------
# Steering the card play


def expected_penalty(gap: float, spread: float) -> float:
    """``E|gap + e|`` for a normal error ``e`` of standard deviation ``spread``: the expected
    distance to the forecast when ``gap`` points are missing and the later points are known
    only to within ``spread``."""
    if spread <= 0:
        return abs(gap)
    z = gap / (spread * math.sqrt(2.0))
    return spread * math.sqrt(2.0 / math.pi) * math.exp(-z * z) + gap * math.erf(z)


def _win_chance(k: _Know, card: int, lead_suit: int, later: list[int]) -> float:
    """Probability that ``card``, best in the trick, is still best after ``later`` play."""
    p = 1.0
    for s in later:
        p *= 1.0 - k.beat_prob(s, card, lead_suit)
    return p


def _card_worth(k: _Know, card: int, n_trumps: int, per_trick: float) -> float:
    """What ``card`` is likely to take later: the chance that it wins a trick times the
    trick's points."""
    s = SUIT[card]
    above = (HIGHER[k.mode][card] & ~k.played & ~k.hand).bit_count()
    if s == k.trump:
        f = (1.0, 0.6, 0.35)[above] if above < 3 else (0.3 if n_trumps >= 3 else 0.15)
    elif above == 0:
        f = 1.0 if not k.opp_trumps() else 0.65
    elif above == 1 and (k.hand & SUIT_MASK[s]).bit_count() >= 2:
        f = 0.25
    else:
        f = 0.03
    return f * (per_trick + POINTS[k.mode][card])


def kept_worth(k: _Know, rest: int) -> float:
    """The sum of what each card of ``rest`` is likely to take later (before calibration)."""
    per_trick = (k.num_seats - 1) * _PER_CARD
    n_trumps = (rest & k.tmask).bit_count()
    return sum(_card_worth(k, c, n_trumps, per_trick) for c in bits(rest))


def later_points(k: _Know, rest: int, tricks_after: int) -> float:
    """The points the cards ``rest`` are likely to take in the ``tricks_after`` tricks still to
    come after this one."""
    if tricks_after <= 0:
        return 0.0
    return LATER[0] * kept_worth(k, rest) + LATER[1] * tricks_after


def _trick_state(k: _Know) -> tuple[int, int, int]:
    """(lead suit, best card, points in the trick) of the trick in play."""
    trick = k.obs.trick
    lead = SUIT[trick[0][1]]
    best = trick[0][1]
    pts = 0
    for _seat, card in trick:
        pts += POINTS[k.mode][card]
        if card != best and beats(card, best, k.trump, k.mode):
            best = card
    return lead, best, pts


def _play(obs: DifferenzlerObservation) -> int:
    legal = [a for a in obs.legal_actions if a < NUM_CARDS]
    if len(legal) == 1:
        return legal[0]
    n = obs.num_seats
    k = know(obs, tuple(range(n)))
    me = obs.seat
    need = obs.forecasts[me] - obs.made[me]
    tricks = NUM_CARDS // n
    after = tricks - obs.trick_no - 1
    spread = SPREAD[0] + SPREAD[1] * math.sqrt(after)
    later_seats = [(me + i) % n for i in range(1, n - len(obs.trick))]
    bonus = obs.rules.trick_rules().last_trick_bonus if after == 0 else 0
    more = _PER_CARD * len(later_seats) + bonus
    if obs.trick:
        lead, best, pts = _trick_state(k)
    else:
        lead, best, pts = -1, -1, 0
    best_card, best_cost = legal[0], math.inf
    for c in legal:
        suit = SUIT[c] if lead < 0 else lead
        p = 0.0
        if best < 0 or beats(c, best, k.trump, k.mode):
            p = _win_chance(k, c, suit, later_seats)
        value = pts + POINTS[k.mode][c] + more
        later = later_points(k, k.hand & ~(1 << c), after)
        cost = (p * expected_penalty(need - value - later, spread)
                + (1.0 - p) * expected_penalty(need - later, spread))
        # Tie-break: the weaker card, so that equal choices keep strength in hand.
        cost += STRENGTH[k.mode][c] * 1e-4
        if cost < best_cost:
            best_card, best_cost = c, cost
    return best_card


def _extra_choice(obs: DifferenzlerObservation, points: float, yes: int, no: int) -> int:
    """Declare ``points`` more (Weis, Stöck) when that brings the hand nearer the forecast."""
    n = obs.num_seats
    k = know(obs, tuple(range(n)))
    after = NUM_CARDS // n - obs.trick_no
    need = obs.forecasts[obs.seat] - obs.made[obs.seat] - later_points(k, obs.hand, after)
    spread = SPREAD[0] + SPREAD[1] * math.sqrt(after)
    if expected_penalty(need - points, spread) < expected_penalty(need, spread):
        return yes
    return no


def _weis(obs: DifferenzlerObservation) -> int:
    if not obs.weis_options:
        return A_WEIS
    mine = max((m.points, m.length) for m in obs.weis_options[0])
    others = [w for s in range(obs.num_seats) if s != obs.seat for w in obs.weis_announced[s]]
    # A Weis counts only when it is the best one of the table.
    chance = 0.0 if others and max(others) > mine else (0.9 if others else 0.6)
    points = chance * split_points(obs.weis_options[0])
    return _extra_choice(obs, points, A_WEIS + 1, A_WEIS)


class DifferenzlerPlayer:
    """The Differenzler rule player (deterministic)."""

    name = "rules"

    def act(self, obs: DifferenzlerObservation) -> int:
        """The rule player's action for the seat to move in ``obs``."""
        legal = obs.legal_actions
        if not legal:
            raise ValueError("the observation has no legal action: it is not this seat's turn")
        if len(legal) == 1:
            return legal[0]
        if obs.phase == "forecast":
            action = A_FORECAST + round(forecast_points(obs))
        elif obs.phase == "weis":
            action = _weis(obs)
        elif obs.phase == "stoeck":
            action = _extra_choice(obs, 20.0, A_STOECK, A_STOECK_NO)
        else:
            action = _play(obs)
        return action if action in legal else legal[0]


register_rule_player(DifferenzlerObservation, DifferenzlerPlayer().act)
