"""``puur play`` flags: every setup choice has one, and given flags are remembered."""

from __future__ import annotations

import argparse
import io
from pathlib import Path

import pytest

from puur.cli import main
from puur.tui.cli import add_play_arguments, settings_from_args
from puur.tui.session import PlaySession
from puur.tui.settings import Settings, SettingsError, load_settings


def _args(*argv: str) -> argparse.Namespace:
    p = argparse.ArgumentParser()
    add_play_arguments(p)
    return p.parse_args(list(argv))


def test_flags_override_the_remembered_settings() -> None:
    base = Settings(lang="it", deck="french")
    s = settings_from_args(_args("--rules", "standard-2500", "--target", "1500", "--push-back",
                                 "--large-weis", "--count-order", "stoeck-stich-weis",
                                 "--set", "kontermatch=double", "--set", "match_bonus=150",
                                 "--deck", "swiss", "--north", "rules", "--delay", "0.1"), base)
    r = s.rules
    assert (r.target, r.push_back, r.large_weis, r.count_order) == (
        1500, True, True, "stoeck-stich-weis")
    assert r.kontermatch == "double" and r.match_bonus == 150 and r.multipliers[4] == 3
    assert s.deck == "swiss" and s.lang == "it" and s.bots[1] == "rules" and s.delay == 0.1


def test_no_flags_keep_everything() -> None:
    base = Settings(lang="fr")
    assert settings_from_args(_args(), base) == base


@pytest.mark.parametrize("argv, message", [
    (("--set", "nonsense=1"), "no such option"),
    (("--set", "target"), "OPTION=VALUE"),
    (("--target", "0"), "target"),
    (("--rules", "no-such-file.toml"), "no preset or rule file"),
])
def test_bad_flags_are_clear_errors(argv: tuple[str, ...], message: str) -> None:
    with pytest.raises(SettingsError, match=message):
        settings_from_args(_args(*argv), Settings())


def test_plain_run_remembers_flags(monkeypatch: pytest.MonkeyPatch,
                                   capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("quit\n"))
    code = main(["play", "--plain", "--lang", "de", "--deck", "french", "--target", "700",
                 "--bots", "random", "--seed", "3"])
    assert code == 4
    out = capsys.readouterr().out
    assert "Partie abgebrochen" in out
    saved, problems = load_settings()
    assert not problems and saved.lang == "de" and saved.deck == "french"
    assert saved.rules.target == 700 and saved.bots == ["random"] * 3
    # The next run starts from what was remembered.
    monkeypatch.setattr("sys.stdin", io.StringIO("score\n"))
    assert main(["play", "--plain", "--no-remember"]) == 3
    assert "(Ziel 700)" in capsys.readouterr().out


def test_resume_and_replay_flags(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                 capsys: pytest.CaptureFixture[str]) -> None:
    s = PlaySession(bots=["random"] * 3, seed=6)
    s.run_bots()
    path = s.save(tmp_path / "g.puur")
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    assert main(["play", "--plain", "--resume", str(path), "--no-remember"]) == 3
    assert "? " in capsys.readouterr().out
    assert main(["play", "--plain", "--replay", str(path), "--no-remember"]) == 0
    assert "Hand 1" in capsys.readouterr().out
    bad = tmp_path / "bad.puur"
    bad.write_text("puur-record 1\nrules {}\nhand 1 0 D6\n", encoding="utf-8")
    assert main(["play", "--plain", "--resume", str(bad), "--no-remember"]) == 2
    assert "cannot resume" in capsys.readouterr().err


def test_play_help_points_to_the_rule_book() -> None:
    p = argparse.ArgumentParser()
    add_play_arguments(p)
    text = " ".join(p.format_help().split())
    assert "docs/rulebook.md" in text and "RULES.md" not in text


def test_a_variant_with_its_preset_and_options_is_remembered(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    base = Settings()
    s = settings_from_args(_args("--variant", "differenzler", "--rules", "three",
                                 "--set", "hands=3", "--weis"), base)
    assert s.variant == "differenzler" and s.seat_bots() == s.bots[:2]
    assert (s.rules.players, s.rules.hands, s.rules.weis, s.rules.name) == (3, 3, True, "custom")
    assert s.other_rules["schieber"] == base.rules  # kept for a switch back
    back = settings_from_args(_args("--variant", "schieber"), s)
    assert back.rules == base.rules and back.other_rules["differenzler"] == s.rules
    # A plain run remembers the variant; the next run without --variant plays it again.
    monkeypatch.setattr("sys.stdin", io.StringIO("quit\n"))
    assert main(["play", "--plain", "--variant", "coiffeur", "--rules", "ten", "--bots",
                 "random", "--seed", "1"]) == 4
    assert "Puur — Coiffeur." in capsys.readouterr().out
    saved, problems = load_settings()
    assert not problems and saved.variant == "coiffeur" and saved.rules.sheet == "ten"
    monkeypatch.setattr("sys.stdin", io.StringIO("quit\n"))
    assert main(["play", "--plain", "--no-remember"]) == 4
    assert "Puur — Coiffeur." in capsys.readouterr().out


@pytest.mark.parametrize("argv, message", [
    (("--variant", "nobody"), "unknown variant 'nobody'"),
    (("--variant", "differenzler", "--target", "300"), "option 'target': no such option"),
    (("--variant", "differenzler", "--set", "hands=0"), "option 'hands'"),
    (("--variant", "coiffeur", "--rules", "family"), "coiffeur has no preset or rule file"),
])
def test_bad_variant_flags_are_clear_errors(argv: tuple[str, ...], message: str) -> None:
    with pytest.raises(SettingsError, match=message):
        settings_from_args(_args(*argv), Settings())


def test_a_settings_file_with_a_variant(tmp_path: Path) -> None:
    from puur.tui.settings import save_settings
    from puur.variants import get

    s = Settings()
    s.switch_variant("differenzler")
    s.rules = get("differenzler").preset("open")
    path = save_settings(s, tmp_path / "settings.json")
    loaded, problems = load_settings(path)
    assert not problems and loaded == s
    path.write_text('{"variant": "nobody", "rules": {"hands": 2}}', encoding="utf-8")
    loaded, problems = load_settings(path)
    assert loaded.variant == "schieber" and loaded.rules == Settings().rules
    assert any("unknown variant" in p for p in problems)
