"""``puur demo``: the players are chosen on the command line and checked; the teams have one
name everywhere."""

from __future__ import annotations

from pathlib import Path

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


# ---------------------------------------------------------------------------------------------
# The other variants


@pytest.mark.parametrize("key, options, seats", [
    ("differenzler", {"hands": 2}, 4),
    ("differenzler", {"players": 3, "hands": 1}, 3),
    ("coiffeur", {"sheet": "custom", "custom_rows": "free:1 obe:2"}, 4),
])
def test_the_demo_plays_every_variant(key: str, options: dict[str, object], seats: int) -> None:
    from puur.demo import run_variant_demo
    from puur.variants import get

    v = get(key)
    rules = v.rules_from_dict({"preset": next(iter(v.presets)), **options})
    lines: list[str] = []
    names = ["rules", "random", "rules", "random"][:seats]
    game = run_variant_demo(v, rules, seed=4, players=names, echo=lines.append)
    assert game.is_over and game.num_seats == seats
    text = "\n".join(lines)
    assert lines[0].startswith(f"Puur demo — {v.name}")
    assert sum(1 for line in lines if line.startswith("Hand ")) == game.hand_no
    assert any(line.startswith("Game over: First place: ") for line in lines)
    assert "Score sheet:" in text and "  Total: " in text
    if key == "differenzler":
        assert lines[1].startswith("Players: South (rules), East (random)")
        assert text.count("  Penalty: ") == game.hand_no and "turned card" in text
        assert ("North" in text) == (seats == 4)
    else:
        assert lines[1] == "Us = South/North (rules, rules) vs Them = East/West (random, random)"
        assert text.count("  Written: ") == game.hand_no


def test_the_demo_command_for_a_variant(capsys: pytest.CaptureFixture[str],
                                        tmp_path: Path) -> None:
    assert main(["demo", "--variant", "differenzler", "--rules", "three", "--players",
                 "rules,random,rules", "--seed", "2", "--deck", "french"]) == 0
    out = capsys.readouterr().out
    assert "Players: South (rules), East (random), West (rules)" in out
    rules = tmp_path / "short.toml"
    rules.write_text('preset = "short"\nhands = 1\n', encoding="utf-8")
    assert main(["demo", "--variant", "differenzler", "--rules", str(rules)]) == 0
    out = capsys.readouterr().out
    assert "Hand 1" in out and "Hand 2" not in out


@pytest.mark.parametrize("argv, message", [
    (["--variant", "differenzler", "--rules", "three", "--players", "rules,random,rules,random"],
     "give one player for all three seats or three separated by commas (South, East, West)"),
    (["--variant", "nobody"], "unknown variant 'nobody'"),
    (["--variant", "coiffeur", "--target", "300"], "--target and --multipliers are Schieber's"),
    (["--variant", "coiffeur", "--rules", "family"], "coiffeur has no preset or rule file"),
])
def test_bad_variant_demos_are_clear_errors(argv: list[str], message: str,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        main(["demo", *argv])
    err = capsys.readouterr().err + str(exc.value.code)
    assert message in err
