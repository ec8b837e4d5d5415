"""Arena matches: bot specs, mirrored deals and games, reproducibility, JSON, the command."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from puur.arena import (
    BotSpec,
    Progress,
    parse_bot_spec,
    play_deal_pair,
    play_game_pair,
    run_arena,
)
from puur.bots import BOTS, RandomBot
from puur.cli import main
from puur.observation import Observation
from puur.rules import PRESETS

BARE = PRESETS["bare"]
SHORT = PRESETS["family"].replace(target=300)  # short games for the tests


def test_parse_bot_spec_with_options() -> None:
    s = parse_bot_spec("random:seed=7,flag=true,ratio=0.5,mode=fast")
    assert s.name == "random"
    assert s.options == (("seed", 7), ("flag", True), ("ratio", 0.5), ("mode", "fast"))
    assert s.label == "random:seed=7,flag=true,ratio=0.5,mode=fast"
    assert parse_bot_spec(" rules ").options == ()


@pytest.mark.parametrize("text", ["", ":x=1", "nosuchbot", "rules:budget", "rules:=3",
                                  "rules:a=1,a=2", "rules:budget="])
def test_parse_bot_spec_rejects_bad_text(text: str) -> None:
    with pytest.raises(ValueError):
        parse_bot_spec(text)


class _BudgetBot:
    """A test bot that takes a time budget (like the search bot) and records it."""

    name = "budgeted"

    def __init__(self, budget: float = 1.0, seed: int | None = None) -> None:
        self.budget = budget
        self.inner = RandomBot(seed)

    def act(self, obs: Observation) -> int:
        return self.inner.act(obs)


def test_budget_goes_only_to_bots_that_take_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(BOTS, "budgeted", _BudgetBot)
    spec = parse_bot_spec("budgeted").with_default("budget", 0.25)
    assert spec.option("budget") == 0.25 and spec.label == "budgeted"
    bot = spec.make(1)
    assert isinstance(bot, _BudgetBot) and bot.budget == 0.25
    own = parse_bot_spec("budgeted:budget=2").with_default("budget", 0.25)
    assert own.option("budget") == 2
    assert parse_bot_spec("rules").with_default("budget", 0.25).options == ()
    res = run_arena(["budgeted", "random"], BARE, deals=1, seed=1, budget=0.5)
    assert res.to_dict()["specs"]["budgeted"] == "budgeted:budget=0.5"
    assert "budgeted = budgeted:budget=0.5" in res.report()


def test_bad_bot_option_is_a_clear_error() -> None:
    with pytest.raises(ValueError, match="rules:colour=red"):
        parse_bot_spec("rules:colour=red").make(0)


def test_mirrored_deals_are_the_same_cards_with_the_seats_swapped() -> None:
    a, b = BotSpec("rules"), BotSpec("random")
    pair = play_deal_pair(a, b, BARE, "mirror", 5, keep=True)
    r0, r1 = pair.rounds
    assert r0.initial_hands == r1.initial_hands
    assert r0.forehand == r1.forehand == 5 % 4
    assert pair.seats[0] == ["rules", "random", "rules", "random"]
    assert pair.seats[1] == ["random", "rules", "random", "rules"]
    # Points are reported from A's side: A was team 0 first, then team 1.
    assert pair.points[0] == (r0.credited[0], r0.credited[1])
    assert pair.points[1] == (r1.credited[1], r1.credited[0])
    assert sum(pair.points[0]) == sum(pair.points[1]) == 157  # bare: card points only


def test_mirrored_games_share_their_deals() -> None:
    pair = play_game_pair(BotSpec("rules"), BotSpec("random"), SHORT, "g", 0, keep=True)
    g0, g1 = pair.games
    assert g0.is_over and g1.is_over
    n = min(len(g0.rounds), len(g1.rounds))
    for i in range(n):
        assert g0.rounds[i].initial_hands == g1.rounds[i].initial_hands
        assert g0.rounds[i].forehand == g1.rounds[i].forehand
    assert pair.a_wins == (g0.winner == 0) + (g1.winner == 1)


def test_same_seed_same_result_whatever_the_workers() -> None:
    one = run_arena(["rules", "random"], BARE, deals=6, games=1, seed=11, workers=1)
    two = run_arena(["rules", "random"], BARE, deals=6, games=1, seed=11, workers=2)
    assert one.pairs[0].deals == two.pairs[0].deals
    assert one.pairs[0].games == two.pairs[0].games
    other = run_arena(["rules", "random"], BARE, deals=6, seed=12, workers=1)
    assert other.pairs[0].deals != one.pairs[0].deals


def test_rules_beats_random_and_the_report_adds_up() -> None:
    res = run_arena(["rules", "random"], BARE, deals=30, games=2, seed="t", workers=1)
    p = res.pairs[0]
    assert len(p.deals) == 30 and len(p.games) == 2
    assert all(sum(d) == 314 for d in p.deals)
    sh = p.share()
    assert sh is not None and sh.low < sh.value < sh.high
    assert sh.value > 0.55
    wr = p.win_rate()
    assert wr is not None and 0 <= wr.low <= wr.value <= wr.high <= 1
    t = res.timing("rules")
    assert t["decisions"] > 0 and t["mean_s"] > 0 and t["p95_s"] >= 0
    assert "rules vs random" in res.report()


def test_json_shape_and_round_robin_ratings() -> None:
    res = run_arena(["rules", "random", "random"], BARE, deals=4, games=1, seed=3, workers=1)
    assert res.bots == ["rules", "random", "random#2"]
    d = json.loads(json.dumps(res.to_dict()))
    assert d["version"] == 1 and d["seed"] == "3" and d["rules"]["name"] == "bare"
    assert len(d["matches"]) == 3
    m = d["matches"][0]
    assert set(m) == {"a", "b", "deals", "games"}
    assert set(m["deals"]) == {"pairs", "hands", "points", "share", "ci95"}
    assert m["deals"]["pairs"] == 4 and m["deals"]["hands"] == 8
    assert len(m["deals"]["ci95"]) == 2
    assert set(m["games"]) == {"pairs", "played", "won", "win_rate", "ci95", "hands"}
    assert sum(m["games"]["won"]) == m["games"]["played"] == 2
    assert set(d["timing"]) == {"rules", "random", "random#2"}
    assert d["specs"] == {"rules": "rules", "random": "random", "random#2": "random"}
    assert set(d["timing"]["rules"]) == {"decisions", "mean_s", "p95_s"}
    assert d["ratings"][0]["bot"] == "rules"


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_runs_under_every_preset(preset: str) -> None:
    res = run_arena(["rules", "random"], PRESETS[preset], deals=2, seed=preset, workers=1)
    p = res.pairs[0]
    assert len(p.deals) == 2 and all(sum(d) > 0 for d in p.deals)
    sh = p.share()
    assert sh is not None and 0.0 <= sh.value <= 1.0


def test_arena_rejects_bad_requests() -> None:
    with pytest.raises(ValueError):
        run_arena(["rules"], BARE, deals=1)
    with pytest.raises(ValueError):
        run_arena(["rules", "random"], BARE)
    with pytest.raises(ValueError):
        run_arena(["rules", "random"], BARE, deals=1, workers=0)
    with pytest.raises(ValueError):
        run_arena(["rules", "random"], BARE, deals=1, budget=-1)


def test_progress_bar_is_plain_text() -> None:
    out = io.StringIO()
    bar = Progress(4, stream=out)
    for _ in range(4):
        bar.update()
    bar.close()
    text = out.getvalue()
    assert "4/4" in text and "#" * 30 in text and text.endswith("\n")


def test_command_line_smoke(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "res.json"
    rc = main(["arena", "rules", "random", "--deals", "3", "--rules", "bare", "--seed", "5",
               "--workers", "1", "--json", str(out)])
    assert rc == 0
    cap = capsys.readouterr()
    assert "rules vs random: 3 mirrored deals" in cap.out
    assert "3/3" in cap.err  # the progress bar
    data = json.loads(out.read_text(encoding="utf-8"))
    assert data["matches"][0]["deals"]["pairs"] == 3
    rc = main(["arena", "rules", "nosuchbot", "--deals", "1", "--quiet"])
    assert rc == 2
    assert "unknown bot" in capsys.readouterr().err
