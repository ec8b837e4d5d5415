"""The Coiffeur rule player's row values: how well its model predicts what a row writes.

Run from the repository root::

    .venv/bin/python benchmarks/coiffeur_rows.py               # measure the model
    .venv/bin/python benchmarks/coiffeur_rows.py --fit         # refit it

For each deal (seeds ``"{seed}:{i}"``) and each contract of the family, the Vorhand names that
contract and four rule players play the hand; what the choosing team writes (per unit of
multiplier: its card points, 257 for a Match, nothing for a Kontermatch; in Misère the other
team's points) is compared with the model of :mod:`puur.bots.coiffeur`. ``--fit`` refits the
model per kind of contract by least squares (the row value is what counts, so the mean is the
target) and prints the new ``CONTRACT_MODELS``.

The last line is machine-readable: ``mean_error=E`` (the mean absolute error per unit of
multiplier over all contracts).
"""

from __future__ import annotations

import argparse
import platform
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

from puur.bots import RuleBot
from puur.bots import coiffeur as cf
from puur.bots.rules import contract_tricks
from puur.contracts import NUM_CONTRACTS
from puur.round import deal_hands
from puur.variants.coiffeur import CoiffeurHand, CoiffeurRules, row_action

#: One row per discipline, each x1, so that every contract can be named.
_ALL_ROWS = "C:1 H:1 S:1 D:1 obe:1 unde:1 slalom:1 guschti:1 misere:1"
_ROW_OF = {0: 3, 1: 1, 2: 2, 3: 0, 4: 4, 5: 5, 6: 8, 7: 6, 8: 6, 9: 7, 10: 7}


def play(deals: int, seed: str) -> dict[str, list[tuple[list[float], float]]]:
    """Rows of (features, value written per unit of multiplier) per kind of contract."""
    rules = CoiffeurRules(sheet="custom", custom_rows=_ALL_ROWS)
    empty = (None,) * len(rules.rows())
    bot = RuleBot()
    out: dict[str, list[tuple[list[float], float]]] = {}
    for i in range(deals):
        hands = tuple(deal_hands(f"{seed}:{i}"))
        tricks = contract_tricks(hands[0], rules.stoeck)
        for c in range(NUM_CONTRACTS):
            hand = CoiffeurHand(rules, hands, 0, (empty, empty))
            hand.push(row_action(_ROW_OF[c], c))
            while not hand.is_over:
                hand.push(bot.act(hand.observation(hand.to_move)))
            feats = cf.contract_features(hands[0], c, tricks)
            out.setdefault(cf.contract_group(c), []).append((feats, float(hand.row_value())))
    return out


def least_squares(xs: list[list[float]], ys: list[float]) -> list[float]:
    """Ordinary least squares by the normal equations (Gaussian elimination)."""
    d = len(xs[0])
    a = [[sum(x[i] * x[j] for x in xs) + (1e-6 if i == j else 0.0) for j in range(d)]
         for i in range(d)]
    b = [sum(x[i] * y for x, y in zip(xs, ys, strict=True)) for i in range(d)]
    for col in range(d):
        piv = max(range(col, d), key=lambda r: abs(a[r][col]))
        a[col], a[piv], b[col], b[piv] = a[piv], a[col], b[piv], b[col]
        for r in range(d):
            if r != col:
                f = a[r][col] / a[col][col]
                a[r] = [u - f * v for u, v in zip(a[r], a[col], strict=True)]
                b[r] -= f * b[col]
    return [b[i] / a[i][i] for i in range(d)]


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--deals", type=int, default=300)
    p.add_argument("--seed", default="rows")
    p.add_argument("--fit", action="store_true", help="refit the model and print it")
    args = p.parse_args(argv)
    print(f"machine: {platform.machine()}, Python {platform.python_version()}", file=sys.stderr)
    if args.fit:
        data = play(args.deals, f"fit:{args.seed}")
        for group, rows in data.items():
            coef = least_squares([r[0] for r in rows], [r[1] for r in rows])
            cf.CONTRACT_MODELS[group] = tuple(round(x, 2) for x in coef)
        print("CONTRACT_MODELS = {")
        for group, coef in cf.CONTRACT_MODELS.items():
            print(f"    {group!r}: {coef!r},")
        print("}")
    data = play(args.deals, args.seed)
    errors: list[float] = []
    for group, rows in data.items():
        coef = cf.CONTRACT_MODELS[group]
        errs = [abs(y - sum(a * x for a, x in zip(coef, f, strict=True))) for f, y in rows]
        mean_y = statistics.fmean(y for _f, y in rows)
        print(f"{group:>13}: {len(rows)} hands, mean written {mean_y:6.1f}, "
              f"mean error {statistics.fmean(errs):5.1f}")
        errors += errs
    print(f"mean_error={statistics.fmean(errors):.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
