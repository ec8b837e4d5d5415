#!/usr/bin/env python3
"""Golden playthroughs: seeded games per rule preset and variant, traced action by action.

Each file ``tests/golden/<name>.txt`` holds complete games played by seeded random bots under
one rule set: every action with the seat to move, its legal actions, the action taken and the
game scores after it, then a summary of every hand and the game's result. Schieber has a file
per preset (and one with the house options); every other variant a file per preset, named
``<variant>-<preset>.txt``. Any change in the engine's behaviour (legal moves, trick winners,
Weis, Stöck, scoring, game end) changes a file.

    python scripts/golden.py            regenerate the files
    python scripts/golden.py --check    regenerate in memory; exit 1 with a diff on any change

The test suite runs the same check (``tests/engine/test_golden.py``). The files are generated,
never edited by hand. See docs/records.md ("Golden playthroughs").
"""

from __future__ import annotations

import argparse
import difflib
import json
import sys
from collections.abc import Callable, Iterator
from functools import partial
from pathlib import Path

from puur.bots.base import RandomBot
from puur.contracts import Contract, format_contract
from puur.game import Game
from puur.notation import format_action, format_deal
from puur.round import Round
from puur.rules import PRESETS, RuleSet, rules_to_dict
from puur.variants import Variant, variants

GOLDEN_DIR = Path(__file__).resolve().parent.parent / "tests" / "golden"
GAMES_PER_FILE = 2

# Every preset, plus one rule set with the house rules that change the flow of a hand switched
# on (push back, Stöck with the Weis, Stöck-Stich-Weis, extra contracts, Kreuzweis, …).
RULE_SETS: dict[str, RuleSet] = {
    **PRESETS,
    "house-options": RuleSet(
        name="house-options",
        push_back=True,
        extra_contracts=frozenset({Contract.MISERE, Contract.SLALOM, Contract.SLALOM_UNDE}),
        large_weis=True,
        weis_four_low=True,
        kreuzweis=True,
        stoeck_announce="with-weis",
        kontermatch="double",
        multipliers=(2, 1, 2, 1, 3, 4, 1, 3, 3),
        target=1500,
        count_order="stoeck-stich-weis",
        striche=True,
        strich_match=1,
    ),
}


def _hand_summary(index: int, rd: Round) -> str:
    if rd.contract < 0:
        return f"hand {index}: no contract"
    hs = rd.hand_score()
    weis = "-" if rd.weis_seat < 0 else f"seat {rd.weis_seat}"
    stoeck = f"seat {rd.stoeck_seat}" if rd.stoeck_state == 1 else "-"
    match = "-" if hs["match"] < 0 else ("kontermatch " if hs["kontermatch"] else "") + str(
        hs["match"]
    )
    winners = "".join(str(w) for w in rd.trick_winners)
    return (
        f"hand {index}: {format_contract(rd.contract)} by seat {rd.chooser}"
        f"{' (pushed)' if rd.pushed else ''} x{rd.multiplier}; tricks {winners}; "
        f"trick points {hs['trick_points'][0]} {hs['trick_points'][1]}; "
        f"weis {hs['weis'][0]} {hs['weis'][1]} ({weis}); "
        f"stoeck {hs['stoeck'][0]} {hs['stoeck'][1]} ({stoeck}); match {match}; "
        f"credited {rd.credited[0]} {rd.credited[1]}"
    )


def trace_game(rules: RuleSet, seed: str) -> Iterator[str]:
    """The lines of one traced game."""
    game = Game(rules, seed=seed)
    bots = [RandomBot(seed=sum(map(ord, seed)) * 4 + s) for s in range(4)]
    yield f"== game seed {seed}"
    hand_index = 0
    while not game.is_over:
        rd = game.round
        if len(game.rounds) != hand_index:
            hand_index = len(game.rounds)
            yield f"-- hand {hand_index} forehand {rd.forehand}: {format_deal(rd.initial_hands)}"
        seat = rd.to_move
        obs = rd.observation(seat)
        legal = " ".join(format_action(rd, a) for a in obs.legal_actions)
        action = bots[seat].act(obs)
        token = format_action(rd, action)
        game.push(action)
        a, b = game.scores
        yield f"s{seat} [{legal}] {token} | {a} {b}"
        if rd.is_over:
            yield _hand_summary(hand_index, rd)
    a, b = game.scores
    sa, sb = game.striche()
    yield (
        f"== result winner {game.winner} reason {game.end_reason} scores {a} {b} "
        f"striche {sa} {sb} hands {len(game.rounds)}"
    )


def trace_variant_game(variant: Variant, rules: object, seed: str) -> Iterator[str]:
    """The lines of one traced game of a variant other than Schieber."""
    game = variant.new_game(rules, seed=seed)
    bots = [RandomBot(seed=sum(map(ord, seed)) * 8 + s) for s in range(game.num_seats)]
    yield f"== game seed {seed}"
    hand_index = 0
    while not game.is_over:
        rd = game.round
        if len(game.rounds) != hand_index:
            hand_index = len(game.rounds)
            yield f"-- hand {hand_index} {variant.format_hand(game, hand_index - 1)}"
        seat = rd.to_move
        obs = rd.observation(seat)
        legal = " ".join(variant.format_action(rd, a) for a in obs.legal_actions)
        if len(obs.legal_actions) > 24:  # a forecast: 158 figures
            first, last = obs.legal_actions[0], obs.legal_actions[-1]
            legal = f"{variant.format_action(rd, first)} .. {variant.format_action(rd, last)}"
        action = bots[seat].act(obs)
        token = variant.format_action(rd, action)
        game.push(action)
        yield f"s{seat} [{legal}] {token} | {' '.join(map(str, game.scores))}"
        if rd.is_over:
            yield f"hand {hand_index}: " + json.dumps(rd.summary(), sort_keys=True)
    yield f"== result {variant.format_result(game)} hands {len(game.rounds)}"


def render_variant(variant: Variant, preset: str) -> str:
    """The full text of one golden file of a variant (one game)."""
    rules = variant.preset(preset)
    lines = [
        f"# Puur golden playthrough: {variant.name}, preset {preset!r}, 1 game, random bots.",
        "# Generated by scripts/golden.py; do not edit. Line format: "
        "s<seat> [<legal actions>] <action> | <game scores>",
        "rules " + json.dumps(variant.rules_to_dict(rules), sort_keys=True, ensure_ascii=False),
    ]
    lines.extend(trace_variant_game(variant, rules, f"golden-{variant.key}-{preset}"))
    return "\n".join(lines) + "\n"


def render(name: str, rules: RuleSet) -> str:
    """The full text of one golden file."""
    lines = [
        f"# Puur golden playthrough: rule set {name!r}, {GAMES_PER_FILE} games, random bots.",
        "# Generated by scripts/golden.py; do not edit. Line format: "
        "s<seat> [<legal actions>] <action> | <game scores>",
        "rules " + json.dumps(rules_to_dict(rules), sort_keys=True, ensure_ascii=False),
    ]
    for g in range(1, GAMES_PER_FILE + 1):
        lines.extend(trace_game(rules, f"golden-{name}-{g}"))
    return "\n".join(lines) + "\n"


def generators() -> dict[Path, Callable[[], str]]:
    """Every golden file and how to generate its content."""
    files: dict[Path, Callable[[], str]] = {
        GOLDEN_DIR / f"{name}.txt": partial(render, name, rules)
        for name, rules in RULE_SETS.items()}
    for v in variants():
        if v.key == "schieber":
            continue
        for preset in v.presets:
            files[GOLDEN_DIR / f"{v.key}-{preset}.txt"] = partial(render_variant, v, preset)
    return files


def expected_files() -> dict[Path, str]:
    """Every golden file and its content, generated in memory."""
    return {path: make() for path, make in generators().items()}


def differences(files: dict[Path, str], stale: bool = True) -> str:
    """A unified diff of every golden file that differs from ``files`` (a fresh generation),
    and (``stale``) a line for each file no longer produced; empty when everything matches."""
    out: list[str] = []
    for path, text in files.items():
        old = path.read_text(encoding="utf-8") if path.exists() else ""
        if old != text:
            out.extend(
                difflib.unified_diff(
                    old.splitlines(keepends=True), text.splitlines(keepends=True),
                    fromfile=f"{path.name} (committed)", tofile=f"{path.name} (engine now)",
                    n=2,
                )
            )
    for path in sorted(set(GOLDEN_DIR.glob("*.txt")) - set(files) if stale else ()):
        out.append(f"{path.name}: not produced by scripts/golden.py any more\n")
    return "".join(out)


REGENERATE = ("golden playthroughs differ: if the change is intended, run "
              "'python scripts/golden.py' and commit tests/golden/ with it")


def check() -> int:
    """Compare the files with a fresh generation; print a unified diff of any difference."""
    files = expected_files()
    diff = differences(files)
    if diff:
        sys.stdout.write(diff)
        print(REGENERATE, file=sys.stderr)
        return 1
    print(f"golden playthroughs: {len(files)} files match")
    return 0


def main(argv: list[str] | None = None) -> int:
    """Regenerate the golden files, or check them with ``--check``."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--check", action="store_true",
                        help="compare with the committed files; exit 1 with a diff on change")
    args = parser.parse_args(argv)
    if args.check:
        return check()
    GOLDEN_DIR.mkdir(parents=True, exist_ok=True)
    for path, text in expected_files().items():
        path.write_text(text, encoding="utf-8")
        print(f"wrote {path.relative_to(GOLDEN_DIR.parent.parent)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
