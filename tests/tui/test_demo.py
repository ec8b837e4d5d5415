"""``puur demo``: the players are chosen on the command line and checked; the teams have one
name everywhere."""

from __future__ import annotations

import pytest

from puur.cli import main
from puur.demo import TEAM_NAMES, parse_players, run_demo
from puur.rules import PRESETS

RULES = PRESETS["family"].replace(target=300)


def test_players_one_for_all_or_four() -> None:
    assert parse_players("rules") == ["rules"] * 4
    assert parse_players("rules, search:quick,random,rules") == [
        "rules", "search:quick", "random", "rules"]


@pytest.mark.parametrize("text, message", [
    ("rules,random", "four separated by commas"),
    ("rules,,random,rules", "four separated by commas"),
    ("rules,nobody,random,rules", "unknown player 'nobody'"),
    ("search:nonsense", "unknown player 'search:nonsense'"),
])
def test_bad_players_are_a_clear_error(text: str, message: str,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(ValueError, match=message):
        parse_players(text)
    with pytest.raises(SystemExit) as exc:
        main(["demo", "--players", text])
    assert exc.value.code == 2
    err = capsys.readouterr().err
    assert "--players" in err and message in err


def test_the_demo_plays_with_the_players_asked_for() -> None:
    lines: list[str] = []
    game = run_demo(RULES, seed=3, players=["rules", "random", "rules", "random"],
                    echo=lines.append)
    assert game.is_over
    assert lines[1] == "Teams: South/North (rules, rules) vs East/West (random, random)"
    text = "\n".join(lines)
    assert "team 1" not in text.lower() and "team 2" not in text.lower()
    assert any(name in line for line in lines if line.startswith("Game over")
               for name in TEAM_NAMES)


def test_the_best_weis_line_names_the_team_as_everywhere(
        capsys: pytest.CaptureFixture[str]) -> None:
    for seed in range(1, 30):
        assert main(["demo", "--players", "rules", "--seed", str(seed), "--target", "300"]) == 0
        out = capsys.readouterr().out
        weis = [line for line in out.splitlines() if "Best Weis:" in line]
        if weis:
            assert all(line.rstrip().endswith(("South/North scores it", "East/West scores it"))
                       for line in weis), weis
            return
    pytest.fail("no Weis in 30 demo games")


def test_demo_help_documents_the_players(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["demo", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert "--players NAMES" in text and "rules,search,random,rules" in text
