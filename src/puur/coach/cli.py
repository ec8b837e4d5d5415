"""The ``puur analyse`` subcommand: every decision of a recorded game with what it cost.

``puur analyse RECORD [--hand N ...] [--seat S ...] [--budget SECONDS] [--exact-tricks K]
[--seed S] [--all] [--json FILE] [--quiet]``. See ``docs/coach.md``.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from puur.cli import COMMANDS
from puur.coach import Decision, HandReport, analyse_record, default_exact_tricks
from puur.record import RecordError, read_record

__all__ = ["add_arguments", "format_decision", "format_hand", "run"]


def add_arguments(p: argparse.ArgumentParser) -> None:
    """The coach's options."""
    p.add_argument("record", type=Path, help="a game record (.puur), as puur play saves it")
    p.add_argument("--hand", type=int, action="append", default=None, metavar="N",
                   help="only hand N (1-based; repeat for more; default every hand)")
    p.add_argument("--seat", type=int, action="append", default=None, metavar="S",
                   help="only the decisions of seat S (0 = South; repeat for more)")
    p.add_argument("--budget", type=float, default=0.15,
                   help="seconds of search per decision (default 0.15)")
    p.add_argument("--exact-tricks", type=int, default=None, metavar="K",
                   help="solve exactly, cards open, from K tricks left (default "
                        f"{default_exact_tricks()} here; 0: never)")
    p.add_argument("--seed", type=int, default=0, help="the search's seed (default 0)")
    p.add_argument("--all", action="store_true",
                   help="list every decision, not only those that cost points")
    p.add_argument("--json", type=Path, default=None, metavar="FILE",
                   help="also write the whole analysis as JSON")
    p.add_argument("--quiet", action="store_true", help="print only the totals")


def format_decision(d: Decision) -> str:
    """One line: the decision, the best action by each judge and the losses."""
    where = f"T{d.trick_no + 1}" if d.phase == "play" else d.phase
    line = f"  {where:<7} seat {d.seat}  {d.token:<10}"
    if d.forced:
        return line + " forced"
    if d.exact:
        mark = "" if d.exact_loss else " ✓"
        line += f" open: best {d.exact_best} {d.exact[0][1]}, loss {d.exact_loss}{mark};"
    if d.search:
        loss = d.search_loss if d.search_loss is not None else 0.0
        line += f" search: best {d.search_best} {d.search[0][1]:.1f}, expected loss {loss:.1f}"
    return line


def format_hand(report: HandReport, seats: list[int], every: bool) -> list[str]:
    """The lines of one hand: its decisions (those that cost, or all) and each seat's sums."""
    lines = [f"hand {report.hand_no} ({report.seconds:.1f} s)"]
    for d in report.decisions:
        costly = bool(d.exact_loss) or (d.search_loss or 0.0) >= 0.5
        if every or costly:
            lines.append(format_decision(d))
    for s in seats:
        tot = report.totals(s)
        if tot["decisions"]:
            lines.append(f"  seat {s}: {tot['decisions']} decisions, expected loss "
                         f"{tot['search_loss']:.1f}; cards open {tot['exact_loss']} points "
                         f"over {tot['exact_decisions']}")
    return lines


def run(args: argparse.Namespace) -> int:
    """Analyse the record; print the report (and write ``--json``)."""
    try:
        record = read_record(args.record)
    except (OSError, RecordError) as e:
        print(f"puur analyse: cannot read {args.record}: {e}", file=sys.stderr)
        return 2
    if not args.budget > 0 or args.budget > 60:
        print("puur analyse: --budget must be more than 0 and at most 60 seconds",
              file=sys.stderr)
        return 2
    n = len(record.seats) or 4
    seats = sorted(set(args.seat)) if args.seat else list(range(n))

    def show(report: HandReport) -> None:
        if not args.quiet:
            print("\n".join(format_hand(report, seats, args.all)), flush=True)

    try:
        reports = analyse_record(record, hands=args.hand, seats=args.seat, budget=args.budget,
                                 exact_tricks=args.exact_tricks, seed=args.seed, progress=show)
    except (RecordError, ValueError) as e:
        print(f"puur analyse: {e}", file=sys.stderr)
        return 2
    totals: dict[int, dict[str, Any]] = {}
    for r in reports:
        for s in seats:
            t = r.totals(s)
            acc = totals.setdefault(s, {"decisions": 0, "search_loss": 0.0, "exact_loss": 0,
                                        "exact_decisions": 0})
            for k in acc:
                acc[k] += t[k]
    print("totals")
    for s, t in totals.items():
        per = t["exact_loss"] / t["exact_decisions"] if t["exact_decisions"] else 0.0
        print(f"  seat {s}: {t['decisions']} decisions, expected loss "
              f"{t['search_loss']:.1f}; cards open {t['exact_loss']} points over "
              f"{t['exact_decisions']} ({per:.2f} a decision)")
    if args.json is not None:
        data = {"record": str(args.record), "variant": record.variant or "schieber",
                "budget": args.budget, "seed": args.seed,
                "hands": [r.to_dict(seats) for r in reports],
                "totals": [{"seat": s, **t} for s, t in totals.items()]}
        try:
            args.json.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n",
                                 encoding="utf-8")
        except OSError as e:
            print(f"puur analyse: cannot write {args.json}: {e}", file=sys.stderr)
            return 2
    return 0


COMMANDS["analyse"] = ("the coach: every decision of a recorded game with what it cost",
                       add_arguments, run)
