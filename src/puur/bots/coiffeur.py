"""The Coiffeur rule player: the right row for the hand, then Schieber's card play.

**Choosing a row.** For every contract the hand may be played as, it counts likely tricks as
the Schieber rule player does (:func:`puur.bots.rules.contract_tricks`) and turns them into the
points the choosing team is likely to write per unit of multiplier (a linear model per kind of
contract, fitted on simulated hands: ``benchmarks/coiffeur_rows.py --fit``; a Match's 257 and
the kinks of strong hands are in the fit). Each open row of its team's column has a *par*: what
an ordinary hand is worth in that row (the mean, over a fixed sample of random hands, of the best
contract the row allows; a free row's par is high, since any suit or Obenabe/Undenufe may be
named). The row it takes is the one where the hand beats par by the most points once
multiplied: a strong hand goes into a high multiplier, a hand good only for its suit into that
suit's row, and the free rows are kept for hands that need them.

**Pushing.** When no row is worth it - the hand is below par everywhere by more than a margin -
it pushes. The margin depends on who gets the choice: pushing hands the choice to the next seat
that may still choose, normally an opponent (it then takes a clearly bad hand to push); when
that seat is the partner (the opponents' column is full) it pushes any hand below par; when the
push brings the choice back to an opponent who must then choose, it pushes unless its hand is
clearly good. After four pushes the Vorhand must choose and takes the row that loses least.

**Card play, Weis and Stöck** are the Schieber rule player's (:func:`puur.bots.rules.play_card`;
each trick in its own mode in Slalom and Guschti, every trick valued as Obenabe where the table
counts them so; in Misère it avoids points). Weis as Schieber (they also block the other
team's); Stöck only for the choosing team, the only one it counts for.
"""

from __future__ import annotations

import random
from functools import lru_cache
from typing import Any, Final

from puur.actions import A_PUSH, A_STOECK, A_STOECK_NO
from puur.bots.rules import contract_tricks, declare_weis, play_card, register_rule_player
from puur.contracts import MODE_OBENABE, MODE_UNDENUFE, POINTS, Contract
from puur.round import deal_hands
from puur.variants.coiffeur import A_ROW, ROW_SLOTS
from puur.variants.coiffeur_view import CoiffeurObservation

__all__ = [
    "CONTRACT_MODELS",
    "CoiffeurPlayer",
    "contract_features",
    "contract_group",
    "contract_values",
    "row_par",
    "slalom_points_mode",
]

#: Coefficients per kind of contract of :func:`contract_features`: the points the choosing team
#: writes per unit of multiplier. Fitted by ``benchmarks/coiffeur_rows.py --fit`` (least squares
#: on simulated hands played by this player).
CONTRACT_MODELS: Final[dict[str, tuple[float, ...]]] = {
    "trump": (52.7, 14.37, 70.58),
    "obe": (56.12, 11.89, 7.87),
    "unde": (57.61, 11.7, 21.33),
    "slalom": (50.01, 18.29, 11.23),
    "slalom-unde": (51.69, 12.76, 18.1),
    "guschti": (51.38, 18.41, 9.3),
    "guschti-unde": (59.31, 8.12, 13.44),
    "misere": (92.24, -5.63, -0.26),
}
#: The most a row can write per unit of multiplier (a Match), where the fit is cut off.
_MAX_VALUE: Final = 257.0

#: How far below par (in points once multiplied) the best row may be before the hand is pushed,
#: by who gets the choice: the next opponent (who may push on), the partner, an opponent who
#: must choose.
PUSH_MARGIN: Final = {"opponent": 15.0, "partner": 0.0, "forced": 0.0}

_PAR_SAMPLE: Final = 400


def contract_group(contract: int) -> str:
    """The kind of contract a model is fitted for: ``trump``, ``obe``, ``unde``, ``misere`` or
    the Slalom or Guschti variant's token."""
    if contract < 4:
        return "trump"
    return {
        Contract.OBENABE: "obe", Contract.UNDENUFE: "unde", Contract.MISERE: "misere",
        Contract.SLALOM: "slalom", Contract.SLALOM_UNDE: "slalom-unde",
        Contract.GUSCHTI: "guschti", Contract.GUSCHTI_UNDE: "guschti-unde",
    }[Contract(contract)]


def contract_features(
    hand: int, contract: int, tricks: dict[int, tuple[float, bool]]
) -> list[float]:
    """The inputs of the model of ``contract`` for ``hand`` (``tricks`` from
    :func:`~puur.bots.rules.contract_tricks`)."""
    if contract < 6:
        est = tricks[contract][0]
        return [1.0, est, max(0.0, est - 5.0)]
    obe, unde = tricks[MODE_OBENABE][0], tricks[MODE_UNDENUFE][0]
    if contract == Contract.MISERE:
        return [1.0, obe, sum(POINTS[MODE_OBENABE][c] for c in range(36) if hand >> c & 1)]
    return [1.0, obe, unde]


def contract_values(hand: int, contracts: tuple[int, ...], stoeck: bool) -> dict[int, float]:
    """The points per unit of multiplier the choosing team is likely to write with ``hand``
    in each of ``contracts``."""
    tricks = contract_tricks(hand, stoeck)
    out: dict[int, float] = {}
    for c in contracts:
        coef = CONTRACT_MODELS[contract_group(c)]
        feats = contract_features(hand, c, tricks)
        out[c] = min(_MAX_VALUE, sum(a * x for a, x in zip(coef, feats, strict=True)))
    return out


@lru_cache(maxsize=64)
def row_par(contracts: tuple[int, ...], stoeck: bool) -> float:
    """What an ordinary hand is worth in a row that may be played as ``contracts``: the mean,
    over a fixed sample of random hands, of its best contract's value."""
    rng = random.Random("coiffeur-par")
    total = 0.0
    for _ in range(_PAR_SAMPLE):
        hand = deal_hands(rng=rng)[0]
        total += max(contract_values(hand, contracts, stoeck).values())
    return total / _PAR_SAMPLE


def _row_of(action: int) -> tuple[int, int]:
    return divmod(action - A_ROW, ROW_SLOTS)


def _next_chooser(obs: CoiffeurObservation) -> tuple[int, bool]:
    """The seat a push hands the choice to, and whether that seat must then choose."""
    eligible = [s for k in range(4) if obs.open_rows((s := (obs.forehand + k) % 4) & 1)]
    i = eligible.index(obs.seat)
    forced = obs.pushes + 1 >= len(eligible)
    return eligible[(i + 1) % len(eligible)], forced


def choose_row(obs: CoiffeurObservation) -> int:
    """The row (as an action) the seat takes, or :data:`~puur.actions.A_PUSH`."""
    assert obs.options is not None
    options = obs.options
    stoeck = options.stoeck
    rows = options.rows()
    legal = obs.legal_actions
    choices = [a for a in legal if a >= A_ROW]
    contracts = tuple(sorted({_row_of(a)[1] for a in choices}))
    values = contract_values(obs.hand, contracts, stoeck)
    best, best_adv = choices[0], -1e18
    for a in choices:
        r, c = _row_of(a)
        par = row_par(tuple(options.contracts_of(rows[r])), stoeck)
        adv = (values[c] - par) * rows[r].multiplier
        if adv > best_adv:
            best, best_adv = a, adv
    if A_PUSH in legal:
        nxt, forced = _next_chooser(obs)
        who = "partner" if nxt & 1 == obs.seat & 1 else "forced" if forced else "opponent"
        if best_adv < -PUSH_MARGIN[who]:
            return A_PUSH
    return best


def slalom_points_mode(obs: Any) -> int | None:
    """Obenabe where the table values every Slalom and Guschti trick as Obenabe (``obs``: an
    observation whose ``options`` have ``slalom_values``: Coiffeur's, Kreuzjass's)."""
    if (
        obs.options is not None and obs.options.slalom_values == "obenabe"
        and obs.contract >= Contract.SLALOM
    ):
        return MODE_OBENABE
    return None


class CoiffeurPlayer:
    """The Coiffeur rule player (deterministic)."""

    name = "rules"

    def act(self, obs: CoiffeurObservation) -> int:
        """The rule player's action for the seat to move in ``obs``."""
        legal = obs.legal_actions
        if not legal:
            raise ValueError("the observation has no legal action: it is not this seat's turn")
        if len(legal) == 1:
            return legal[0]
        if obs.phase == "choose":
            action = choose_row(obs)
        elif obs.phase == "weis":
            action = declare_weis(obs)
        elif obs.phase == "stoeck":
            ours = obs.chooser >= 0 and obs.chooser & 1 == obs.seat & 1
            action = A_STOECK if ours else A_STOECK_NO
        else:
            action = play_card(obs, slalom_points_mode(obs))
        return action if action in legal else legal[0]


register_rule_player(CoiffeurObservation, CoiffeurPlayer().act)
