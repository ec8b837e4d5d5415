"""Fit the constants of the variant search's models from play-outs of the default policy.

Prints, ready to paste:

* Differenzler (``puur.bots.variant_differenzler``): the forecast estimate's weights per player
  count (least squares of the points each seat made on its 27 card features, a little ridge),
  and the spread of the residuals (``FORECAST_SD``). The play-outs' forecasts are the previous
  fit's estimates, so the fit is repeated ``--rounds`` times starting from the model in the code.
* Coiffeur (``puur.bots.variant_coiffeur``): per contract (the four suits pooled) the line
  ``points ≈ a + b × hand_strength`` of the choosing team's points against the chooser's hand
  estimate, and per
  discipline the baseline: the mean points of the choosing team when a random hand picks the
  discipline's contract with the best line.

Run from the repository root (one core; about a minute with the defaults)::

    .venv/bin/python scripts/fit_variant_models.py --hands 3000
"""

from __future__ import annotations

import argparse
import random
import statistics

from puur.bots import variant_coiffeur, variant_differenzler
from puur.bots.search import hand_strength
from puur.bots.variant_differenzler import DifferenzlerModel, forecast_features
from puur.bots.variant_policy import play_out
from puur.contracts import MODE_OBENABE, MODE_UNDENUFE
from puur.variants.coiffeur import DISCIPLINES, CoiffeurHand, CoiffeurRules, row_action
from puur.variants.differenzler import DifferenzlerHand, DifferenzlerRules, deal_differenzler


def solve(rows: list[list[float]], ys: list[float], ridge: float = 1.0) -> list[float]:
    """Least squares with a small ridge, by Gaussian elimination of the normal equations."""
    k = len(rows[0])
    a = [[0.0] * k for _ in range(k)]
    b = [0.0] * k
    for x, y in zip(rows, ys, strict=True):
        for i in range(k):
            if x[i]:
                b[i] += x[i] * y
                for j in range(k):
                    a[i][j] += x[i] * x[j]
    for i in range(1, k):  # no ridge on the constant
        a[i][i] += ridge
    for col in range(k):
        piv = max(range(col, k), key=lambda r: abs(a[r][col]))
        a[col], a[piv] = a[piv], a[col]
        b[col], b[piv] = b[piv], b[col]
        for r in range(k):
            if r != col and a[r][col]:
                f = a[r][col] / a[col][col]
                for j in range(col, k):
                    a[r][j] -= f * a[col][j]
                b[r] -= f * b[col]
    return [b[i] / a[i][i] for i in range(k)]


def fit_differenzler(players: int, hands: int, rounds: int, seed: str) -> None:
    # A turned Ace or 6 means Obenabe or Undenufe: a third of the hands is played so.
    rules = DifferenzlerRules(players=players, turned_card_modes=True)
    model = DifferenzlerModel()
    for rnd in range(rounds):
        xs: list[list[float]] = []
        ys: list[float] = []
        for i in range(hands):
            want = (-1, MODE_OBENABE, MODE_UNDENUFE)[i % 3]
            k = 0
            while True:
                deal = deal_differenzler(rules, f"{seed}:{rnd}:{i}:{k}", i % players)
                if (deal.contract < 4) == (want < 0) and (want < 0 or deal.contract == want):
                    break
                k += 1
            hand = DifferenzlerHand(rules, deal)
            while hand.phase == "forecast":
                hand.push(model.phase_action(hand))
            play_out(hand, model)
            for s in range(players):
                xs.append([1.0, *map(float, forecast_features(hand.initial_hands[s],
                                                             hand.contract))])
                ys.append(float(hand.credited[s]))
        w = solve(xs, ys)
        pred = [sum(a * b for a, b in zip(w, x, strict=True)) for x in xs]
        sd = statistics.pstdev([y - p for y, p in zip(ys, pred, strict=True)])
        table = (round(w[0], 1), tuple(round(v, 1) for v in w[1:10]),
                 tuple(round(v, 1) for v in w[10:19]), tuple(round(v, 1) for v in w[19:28]))
        variant_differenzler._WEIGHTS[players] = table  # type: ignore[index]
        print(f"differenzler players={players} round={rnd + 1}: sd={sd:.1f}")
    print(f"    {players}: {variant_differenzler._WEIGHTS[players]},")


def fit_coiffeur(hands: int, seed: str) -> None:
    rows = "D:1 H:1 S:1 C:1 obe:1 unde:1 slalom:1 guschti:1 misere:1"
    options = CoiffeurRules(sheet="custom", custom_rows=rows)
    row_of = {0: 0, 1: 1, 2: 2, 3: 3, 4: 4, 5: 5, 7: 6, 8: 6, 9: 7, 10: 7, 6: 8}
    empty = (None,) * 9
    model = variant_coiffeur.CoiffeurModel()
    data: list[tuple[int, list[float]]] = []  # chooser's hand, points per contract
    rng = random.Random(seed)
    for _ in range(hands):
        deck = list(range(36))
        rng.shuffle(deck)
        cards = tuple(sum(1 << c for c in deck[9 * s:9 * s + 9]) for s in range(4))
        pts = []
        for c in range(11):
            hand = CoiffeurHand(options, cards, 0, (empty, empty))
            hand.push(row_action(row_of[c], c))
            play_out(hand, model)
            pts.append(float(hand.trick_points[0]))
        data.append((cards[0], pts))
    lines = []
    for c in range(11):
        pooled = range(4) if c < 4 else (c,)  # the four suits are alike: one line
        xs = [[1.0, hand_strength(h, k)] for h, _p in data for k in pooled]
        ys = [p[k] for _h, p in data for k in pooled]
        a, b = solve(xs, ys, ridge=0.0)
        lines.append((round(a, 1), round(b, 1)))
    print("coiffeur lines:", tuple(lines))
    variant_coiffeur._LINE = tuple(lines)  # type: ignore[misc]
    base = {}
    for disc, contracts in DISCIPLINES.items():
        got = []
        for h, p in data:
            best = max(contracts, key=lambda c, h=h: variant_coiffeur.row_estimate(h, c))
            got.append(p[best])
        base[disc] = round(statistics.fmean(got), 1)
    suit = round(statistics.fmean(base[d] for d in "DHSC"), 1)
    base.update(dict.fromkeys("DHSC", suit))
    print("coiffeur baselines:", base)


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--hands", type=int, default=3000)
    p.add_argument("--rounds", type=int, default=2)
    p.add_argument("--seed", default="fit")
    p.add_argument("--only", choices=("differenzler", "coiffeur"), default=None)
    args = p.parse_args()
    if args.only in (None, "differenzler"):
        for players in (4, 3):
            fit_differenzler(players, args.hands, args.rounds, args.seed)
    if args.only in (None, "coiffeur"):
        fit_coiffeur(args.hands // 3, args.seed)


if __name__ == "__main__":
    main()
