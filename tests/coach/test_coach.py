"""The coach (``puur analyse``): every decision of a record judged, cards open where the solver
reaches and from the player's seat by the search; bad input refused."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import puur.bots  # noqa: F401  (registers the rule player)
from puur.bots.base import make_bot
from puur.bots.dds import analyse
from puur.cli import main
from puur.coach import EXACT_COMPILED, EXACT_PURE, analyse_record, default_exact_tricks
from puur.game import Game
from puur.record import RecordError, read_record, write_record
from puur.variants import get

FAST = 0.02


def blunder_record(tmp_path: Path) -> tuple[Path, int, int]:
    """A Schieber hand played by the rule player, except that with four tricks left one seat
    plays its worst card (cards open) where that costs points. Returns the record, the action's
    index in the hand and the points it lost."""
    for seed in range(40):
        g = Game(seed=seed)
        bots = [make_bot("rules", seed=s) for s in range(4)]
        index = -1
        lost = 0
        while g.hand_no == 1:
            rd = g.round
            if index < 0 and rd.phase == "play" and rd.trick_no == 5 and not rd.trick:
                vals = analyse(rd)
                if vals[0][1] > vals[-1][1]:
                    index, lost = len(rd.actions), vals[0][1] - vals[-1][1]
                    g.push(vals[-1][0])
                    continue
            g.push(bots[rd.to_move].act(g.observation(rd.to_move)))
        if index >= 0:
            path = tmp_path / "blunder.puur"
            write_record(g, path)
            return path, index, lost
    raise AssertionError("no seed gave a costly card")


def test_a_card_that_costs_points_cards_open_is_found(tmp_path: Path) -> None:
    path, index, lost = blunder_record(tmp_path)
    rec = read_record(path)
    [report] = analyse_record(rec, hands=[1], budget=FAST, exact_tricks=4)
    d = next(x for x in report.decisions if x.index == index)
    assert d.exact_loss == lost > 0
    assert d.exact[0][1] - dict(d.exact)[d.token] == lost
    assert d.search and d.search_loss is not None and d.search_loss >= 0
    # Every decision of the hand is there once, in order; forced ones cost nothing.
    assert [x.index for x in report.decisions] == list(range(len(rec.actions[0])))
    for x in report.decisions:
        assert x.exact_loss is None or x.exact_loss >= 0
        if x.forced:
            assert not x.search and x.exact_loss is None
        if x.exact:  # cards open only from four tricks left, in the card play
            assert x.phase == "play" and 9 - x.trick_no <= 4
    assert report.totals(d.seat)["exact_loss"] >= lost


def test_the_exact_values_are_the_solvers_on_the_position(tmp_path: Path) -> None:
    path, _index, _lost = blunder_record(tmp_path)
    rec = read_record(path)
    [report] = analyse_record(rec, hands=[1], seats=[1], budget=FAST, exact_tricks=3)
    g = Game(rec.rules, seed=rec.seed, deals=rec.deals)
    judged = {d.index: d for d in report.decisions}
    assert judged and all(d.seat == 1 for d in judged.values())
    for i, a in enumerate(rec.actions[0]):
        d = judged.get(i)
        if d is not None and d.exact:
            want = {get("schieber").format_action(g.round, c): v for c, v in analyse(g.round)}
            assert dict(d.exact) == want
            assert d.exact_best in want and want[d.exact_best] == max(want.values())
        g.push(a)


def test_contracts_and_pushes_are_judged_by_the_search(tmp_path: Path) -> None:
    path, _index, _lost = blunder_record(tmp_path)
    [report] = analyse_record(read_record(path), hands=[1], budget=FAST, exact_tricks=0)
    choices = [d for d in report.decisions if d.phase == "choose"]
    assert choices
    for d in choices:
        tokens = [a for a, _v in d.search]
        assert d.token in tokens and any(t.startswith("choose:") for t in tokens)
        assert not d.exact and d.exact_loss is None


def test_a_variant_is_judged_from_the_seat_only(tmp_path: Path) -> None:
    v = get("differenzler")
    g = v.new_game(seed=4)
    bots = [make_bot("random", seed=s) for s in range(4)]
    while g.hand_no == 1 and not g.is_over:
        g.push(bots[g.to_move].act(g.observation(g.to_move)))
    write_record(g, tmp_path / "d.puur")
    [report] = analyse_record(read_record(tmp_path / "d.puur"), hands=[1], budget=FAST)
    judged = [d for d in report.decisions if not d.forced]
    assert judged and all(not d.exact for d in judged)  # no cards-open yardstick here
    assert {d.phase for d in judged} >= {"forecast", "play"}


def test_the_command_prints_and_writes_json(tmp_path: Path, capsys: Any) -> None:
    path, index, lost = blunder_record(tmp_path)
    out = tmp_path / "a.json"
    code = main(["analyse", str(path), "--hand", "1", "--budget", str(FAST),
                 "--exact-tricks", "4", "--json", str(out)])
    text = capsys.readouterr().out
    assert code == 0 and "hand 1" in text and "totals" in text
    assert f"loss {lost}" in text
    data = json.loads(out.read_text(encoding="utf-8"))
    [hand] = data["hands"]
    d = next(x for x in hand["decisions"] if x["index"] == index)
    assert d["exact_loss"] == lost and data["variant"] == "schieber"
    assert sum(t["exact_loss"] for t in data["totals"]) >= lost


@pytest.mark.parametrize(("args", "message"), [
    (["--hand", "9"], "not a hand of the record"),
    (["--seat", "4"], "seats must be 0..3"),
    (["--budget", "0"], "--budget must be"),
    (["--exact-tricks", "10"], "exact_tricks must be 0..9"),
])
def test_bad_arguments_are_refused(tmp_path: Path, capsys: Any, args: list[str],
                                   message: str) -> None:
    path, _i, _l = blunder_record(tmp_path)
    assert main(["analyse", str(path), *args]) == 2
    assert message in capsys.readouterr().err


def test_a_bad_record_is_refused(tmp_path: Path, capsys: Any) -> None:
    bad = tmp_path / "bad.puur"
    bad.write_text("puur-record 1\nrules {}\nhand 1 0 nonsense\n", encoding="utf-8")
    assert main(["analyse", str(bad)]) == 2
    assert "cannot read" in capsys.readouterr().err
    assert main(["analyse", str(tmp_path / "missing.puur")]) == 2
    path, _i, _l = blunder_record(tmp_path)
    rec = read_record(path)
    rec.actions[0][5] = 35 - rec.actions[0][5] % 36  # a card the seat does not hold
    with pytest.raises(RecordError):
        analyse_record(rec, hands=[1], budget=FAST, exact_tricks=0)


def test_the_default_exact_depth_follows_the_compiled_solver(monkeypatch: Any) -> None:
    from puur import compiled

    monkeypatch.setattr(compiled, "available", lambda: False)
    assert default_exact_tricks() == EXACT_PURE
    monkeypatch.setattr(compiled, "available", lambda: True)
    assert default_exact_tricks() == EXACT_COMPILED
