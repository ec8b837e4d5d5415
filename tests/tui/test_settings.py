"""Settings are remembered in a JSON file under $XDG_CONFIG_HOME/puur."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from puur.rules import PRESETS
from puur.tui.settings import Settings, SettingsError, load_settings, save_settings, settings_path


def test_path_follows_xdg(private_config: Path) -> None:
    assert settings_path() == private_config / "puur" / "settings.json"


def test_round_trip() -> None:
    s = Settings(rules=PRESETS["standard-2500"].replace(push_back=True), deck="french",
                 lang="it", bots=["random", "rules", "random"], delay=0.2, name="Anna")
    path = save_settings(s)
    loaded, problems = load_settings()
    assert path.exists() and problems == []
    assert loaded == s


def test_missing_file_gives_defaults() -> None:
    s, problems = load_settings()
    assert problems == [] and s == Settings()


def test_damaged_file_is_reported_and_defaults_used() -> None:
    settings_path().parent.mkdir(parents=True)
    settings_path().write_text("{not json", encoding="utf-8")
    s, problems = load_settings()
    assert s == Settings() and "not valid JSON" in problems[0]


def test_bad_values_fall_back_one_by_one() -> None:
    settings_path().parent.mkdir(parents=True)
    data = Settings(lang="de").to_dict()
    data["deck"] = "tarot"
    data["rules"]["target"] = -5
    settings_path().write_text(json.dumps(data), encoding="utf-8")
    s, problems = load_settings()
    assert s.lang == "de"  # the good value stays
    assert s.deck == "swiss" and s.rules == Settings().rules
    assert any("deck" in p for p in problems) and any("target" in p for p in problems)


def test_save_refuses_bad_settings() -> None:
    with pytest.raises(SettingsError, match="language"):
        save_settings(Settings(lang="xx"))
    assert not settings_path().exists()
