"""What the variant search knows of Differenzler: worlds, forecasts, values.

**Worlds.** A Differenzler world is a :class:`~puur.variants.differenzler.DifferenzlerHand` on a
sampled deal with the observed dealer, turned card (it stays with the dealer until played),
trumps, hand number and penalty totals; the forecasts made so far are pushed in turn from the
Vorhand, then the card play is replayed (:func:`puur.bots.worlds.replay_play`). A forecast the
seat may see (its own, an open one, all of them once the hand is over) is pushed as it is. A
*hidden* forecast is never read from the real hand (the observation does not hold it): it is
drawn from :func:`draw_forecast`, a plausible forecast for the cards the world gives that seat:
the :func:`forecast_estimate` of those cards plus a normal error of :data:`FORECAST_SD` points,
rounded and kept within 0-157.

**The estimate** is a linear model of the cards: one weight per card by its rank in the order
of the hand's mode (trumps, the plain suits beside trumps, or the suits without trumps), plus a
constant, fitted by least squares to the points each seat made in hands of the default policy
(``scripts/fit_variant_models.py``; the residual spread is :data:`FORECAST_SD`). It is also the
default policy's forecast in a play-out, and the starting point of the search's own forecast.

**The search's forecast** (:meth:`DifferenzlerModel.shortlist`): first the seat's hand is
played out from sampled worlds with the estimate as its forecast (up to half the budget); the
forecast with the smallest mean penalty against the points made there (the median, moved by an
exact bonus) gives the candidates: it and 3 and 6 points either side, and the estimate. Each
candidate is then evaluated like any other action, played out *as the forecast* (the seat
steers towards it) on the same worlds, and the one with the smallest mean penalty is chosen.
The other forecasts are ranked by their mean penalty against the first play-outs.

**Values.** A seat's value is minus its penalty (:meth:`DifferenzlerHand.seat_values`). In the
card play a seat wants a trick while it is short of its forecast by more than half the trick's
points, and wants none otherwise (:meth:`DifferenzlerModel.trick_gain`); the tricks of the
others are nothing to it.
"""

from __future__ import annotations

import random
from typing import Any, Final

from puur.bots.cardpool import InconsistentDealError
from puur.bots.worlds import VariantModel, replay_play
from puur.cards import NUM_CARDS
from puur.contracts import STRENGTH
from puur.hand import TrickHand, cards_of
from puur.rules import RuleSet
from puur.tricks import PlayRule
from puur.variants.differenzler import (
    A_FORECAST,
    FORECAST,
    MAX_FORECAST,
    DifferenzlerDeal,
    DifferenzlerHand,
)

__all__ = [
    "FORECAST_SD",
    "DifferenzlerModel",
    "draw_forecast",
    "forecast_estimate",
]

_SUIT_OF: Final = tuple(c // 9 for c in range(NUM_CARDS))

# Fitted weights (scripts/fit_variant_models.py, 4,000 hands, three rounds): per player count,
# the constant, then nine weights each (weakest card first) for trumps, plain cards beside
# trumps, and cards of a hand without trumps (Obenabe, Undenufe). Every hand holds the same
# number of cards, so the constant and the weights trade off: only their sums mean anything.
_Weights = tuple[float, tuple[float, ...], tuple[float, ...], tuple[float, ...]]
_WEIGHTS: Final[dict[int, _Weights]] = {
    4: (62.3,
        (4.2, 4.4, 5.1, 6.9, 6.2, 6.4, 12.4, 14.9, 20.4),
        (-9.3, -9.2, -8.3, -7.8, -10.8, -8.1, -7.7, -5.0, 8.4),
        (-6.7, -7.0, -7.5, -6.5, -7.6, -5.4, -3.1, 8.3, 12.4)),
    3: (70.1,
        (-0.7, 0.5, 0.3, 1.0, 0.9, 2.7, 9.5, 13.2, 19.3),
        (-6.9, -6.0, -6.1, -5.9, -9.4, -5.9, -5.4, 0.8, 11.4),
        (-4.8, -5.7, -6.4, -4.8, -6.3, -2.9, 2.2, 8.2, 7.1)),
}
#: The spread (points) of a plausible hidden forecast around the estimate.
FORECAST_SD: Final = 14.0  # residual spread of the fit: 14.3 (4 players), 13.0 (3)
#: Play-outs with the estimate as the seat's forecast (at most, and the share of the budget).
PROBE_COUNT: Final = 400
PROBE_SHARE: Final = 0.5
#: The forecasts evaluated with their own play-outs: steps around the probe's best.
CANDIDATE_STEPS: Final = (-6, -3, 0, 3, 6)


def _order_index() -> tuple[tuple[int, ...], ...]:
    """Per mode, each card's index (0 = weakest) in its suit's order."""
    out = []
    for mode in range(6):
        st = STRENGTH[mode]
        idx = [0] * NUM_CARDS
        for s in range(4):
            suit = sorted(range(9 * s, 9 * s + 9), key=lambda c: st[c])
            for i, c in enumerate(suit):
                idx[c] = i
        out.append(tuple(idx))
    return tuple(out)


_INDEX: Final = _order_index()


def forecast_features(hand: int, contract: int) -> list[int]:
    """Counts of the hand's cards per (kind, rank index): 27 features (see the module text)."""
    f = [0] * 27
    idx = _INDEX[contract]
    for c in cards_of(hand):
        if contract >= 4:
            kind = 2
        else:
            kind = 0 if _SUIT_OF[c] == contract else 1
        f[9 * kind + idx[c]] += 1
    return f


def forecast_estimate(hand: int, contract: int, players: int) -> float:
    """The points a seat holding ``hand`` (its cards at the start) can expect to make."""
    const, trump_w, plain_w, nt_w = _WEIGHTS[players]
    f = forecast_features(hand, contract)
    v = const
    for i in range(9):
        v += f[i] * trump_w[i] + f[9 + i] * plain_w[i] + f[18 + i] * nt_w[i]
    return v


def _clamp(x: float) -> int:
    return min(MAX_FORECAST, max(0, round(x)))


def draw_forecast(hand: int, contract: int, players: int, rng: random.Random) -> int:
    """A plausible forecast of a seat holding ``hand``: the estimate plus a normal error."""
    return _clamp(rng.gauss(forecast_estimate(hand, contract, players), FORECAST_SD))


class DifferenzlerModel(VariantModel):
    """Differenzler for the variant search (see the module text)."""

    key = "differenzler"

    def play_rule(self, obs: Any) -> PlayRule:
        """Schieber's rule with the table's undertrump option."""
        rule: PlayRule = obs.rules.play_rule()
        return rule

    def trick_rules(self, obs: Any) -> RuleSet:
        """The card play's rule set of the table's options (Weis and Stöck as chosen)."""
        rules: RuleSet = obs.rules.trick_rules()
        return rules

    def num_seats(self, obs: Any) -> int:
        """Three or four."""
        return int(obs.num_seats)

    def build(self, obs: Any, initial: tuple[int, ...], rng: random.Random,
              strict: bool) -> TrickHand:
        """The hand on ``initial``: known forecasts as seen, hidden ones drawn, then the play."""
        deal = DifferenzlerDeal(initial, obs.dealer, obs.turned, obs.contract)
        try:
            hand = DifferenzlerHand(obs.rules, deal, obs.hand_no, obs.totals)
        except ValueError as e:
            raise InconsistentDealError(str(e)) from None
        n = hand.num_seats
        for k in range(n):
            s = (hand.vorhand + k) % n
            if not obs.forecast_done[s]:
                break
            f = obs.forecasts[s]
            if f < 0:
                f = draw_forecast(initial[s], hand.contract, n, rng)
            hand.push(A_FORECAST + f)
        if hand.phase != FORECAST:
            replay_play(hand, obs, strict)
        return hand

    def trick_gain(self, hand: TrickHand, seat: int, taker: int, points: int) -> float:
        """How much closer to its forecast ``seat`` comes by taking the trick (its own tricks
        only)."""
        if taker != seat:
            return 0.0
        need = hand.forecasts[seat] - hand.credited[seat]  # type: ignore[attr-defined]
        return float(abs(need) - abs(need - points))

    def phase_action(self, hand: TrickHand) -> int:
        """The forecast: the estimate of the seat's cards."""
        s = hand.to_move
        est = forecast_estimate(hand.initial_hands[s], hand.contract,  # type: ignore[attr-defined]
                                hand.num_seats)
        return A_FORECAST + _clamp(est)

    def shortlist(self, obs: Any, search: Any) -> tuple[list[int], dict[int, float]]:
        """Forecasts to evaluate: around the best forecast for the points made in play-outs
        with the estimate; every forecast gets the mean distance to those points."""
        legal = list(obs.legal_actions)
        if obs.phase != FORECAST:
            return legal, {}
        est = A_FORECAST + _clamp(forecast_estimate(obs.hand, obs.contract, obs.num_seats))
        made = [h.credited[obs.seat] for h in search.probe(est, PROBE_COUNT, PROBE_SHARE)]
        bonus = obs.rules.exact_bonus
        score = {a: -sum(abs(a - A_FORECAST - m) - (bonus if a - A_FORECAST == m else 0)
                         for m in made) / len(made) for a in legal}
        best = max(score, key=lambda a: score[a])
        cands = sorted({est} | {min(max(best + d, A_FORECAST), A_FORECAST + MAX_FORECAST)
                                for d in CANDIDATE_STEPS})
        return cands, {a: v for a, v in score.items() if a not in cands}
