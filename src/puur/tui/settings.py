"""Settings of the terminal game, remembered between runs in a small JSON file.

The file is ``$XDG_CONFIG_HOME/puur/settings.json`` (``~/.config/puur/settings.json`` when the
variable is unset). It holds the variant played (``variant``, a key of :mod:`puur.variants`) and
its rule set (``rules``: every option, as the variant's ``rules_to_dict`` writes it), the rule
sets last used for the other variants (``other_rules``, by key), the deck style, the language,
the three computer players (East, North, West; a table of three uses the first two), the bot
delay and the player's name. A missing file gives the defaults; a damaged file or a bad value is
reported and the defaults are used for what cannot be read, so a bad file never stops the game.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from puur.cards import DECK_STYLES
from puur.i18n import LANGUAGES
from puur.rules import PRESETS
from puur.tui.session import available_bots, default_bot_name
from puur.variants import Variant, VariantError, get

__all__ = [
    "Settings",
    "SettingsError",
    "default_save_path",
    "load_settings",
    "save_settings",
    "settings_path",
]

SETTINGS_VERSION = 1


class SettingsError(ValueError):
    """A settings value that cannot be used; the message names it."""


def _default_bots() -> list[str]:
    return [default_bot_name()] * 3


@dataclass
class Settings:
    """Everything the setup screen and the command-line flags choose."""

    rules: Any = field(default_factory=lambda: PRESETS["family"])
    deck: str = "swiss"
    lang: str = "en"
    #: Computer players of East, North (the partner) and West; a table of three uses the
    #: first two (East and West).
    bots: list[str] = field(default_factory=_default_bots)
    #: Seconds between two computer moves in the full-screen game.
    delay: float = 0.6
    name: str = "human"
    #: The variant played (its key) and the rule sets last used for the others.
    variant: str = "schieber"
    other_rules: dict[str, Any] = field(default_factory=dict)

    @property
    def game(self) -> Variant:
        """The variant played."""
        return get(self.variant)

    def seat_bots(self) -> list[str]:
        """The computer players of the seats after the human's at this variant's table (a
        table of more than four repeats the three chosen ones in turn)."""
        n = self.game.num_seats(self.rules) - 1
        return [self.bots[i % len(self.bots)] for i in range(n)]

    def switch_variant(self, key: str) -> None:
        """Play ``key`` from now on, with the rule set last used for it (its first preset the
        first time); the current variant's rule set is kept for a later switch back. A deck
        left at the current variant's own deck becomes the new variant's (Kreuzjass is shown
        with the Salzburg pack); a deck the player picked stays."""
        target = get(key)
        if target.key == self.variant:
            return
        own_deck = self.deck == self.game.default_deck(self.rules)
        self.other_rules[self.variant] = self.rules
        self.variant = target.key
        self.rules = self.other_rules.pop(target.key, None) or target.default_rules()
        if own_deck:
            self.deck = target.default_deck(self.rules)

    def validate(self) -> None:
        """Raise :class:`SettingsError` naming the first bad value."""
        try:
            game = get(self.variant)
        except VariantError as e:
            raise SettingsError(str(e)) from None
        if not game.is_rules(self.rules):
            raise SettingsError(f"the rule set is not one of {game.key}")
        if self.deck not in DECK_STYLES:
            raise SettingsError(f"deck must be one of {', '.join(DECK_STYLES)}, not {self.deck!r}")
        if self.lang not in LANGUAGES:
            raise SettingsError(
                f"language must be one of {', '.join(LANGUAGES)}, not {self.lang!r}"
            )
        if len(self.bots) != 3:
            raise SettingsError("three computer players are needed (East, North, West)")
        known = available_bots()
        for b in self.bots:
            if b not in known:
                raise SettingsError(f"unknown computer player {b!r}; known: {', '.join(known)}")
        if not 0 <= self.delay <= 10:
            raise SettingsError("the delay must be between 0 and 10 seconds")

    def to_dict(self) -> dict[str, Any]:
        """Plain data for the JSON file."""
        return {
            "version": SETTINGS_VERSION,
            "variant": self.variant,
            "rules": self.game.rules_to_dict(self.rules),
            "other_rules": {k: get(k).rules_to_dict(r) for k, r in self.other_rules.items()},
            "deck": self.deck,
            "lang": self.lang,
            "bots": list(self.bots),
            "delay": self.delay,
            "name": self.name,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> tuple[Settings, list[str]]:
        """Settings from plain data, and the problems found (their values are left default)."""
        out = cls()
        problems: list[str] = []
        if not isinstance(data, dict):
            return out, ["the settings file does not hold a JSON object"]
        if "variant" in data:
            try:
                out.variant = get(data["variant"]).key
            except VariantError as e:
                problems.append(f"variant: {e}")
        if "rules" in data:
            try:
                out.rules = out.game.rules_from_dict(data["rules"])
            except ValueError as e:  # RuleError, OptionError
                problems.append(f"rules: {e}")
        else:
            out.rules = out.game.default_rules()
        others = data.get("other_rules", {})
        if not isinstance(others, dict):
            problems.append("other_rules: must map variants to rule sets")
            others = {}
        for key, rules in others.items():
            try:
                v = get(key)
                if v.key != out.variant:
                    out.other_rules[v.key] = v.rules_from_dict(rules)
            except ValueError as e:  # VariantError, RuleError, OptionError
                problems.append(f"other_rules: {key}: {e}")
        for key, kind in (("deck", str), ("lang", str), ("name", str)):
            if key in data:
                if isinstance(data[key], kind):
                    setattr(out, key, data[key])
                else:
                    problems.append(f"{key}: must be text")
        if "delay" in data:
            v = data["delay"]
            if isinstance(v, int | float) and not isinstance(v, bool):
                out.delay = float(v)
            else:
                problems.append("delay: must be a number of seconds")
        if "bots" in data:
            v = data["bots"]
            if isinstance(v, list) and all(isinstance(b, str) for b in v):
                out.bots = list(v)
            else:
                problems.append("bots: must be a list of three names")
        # Values that do not fit fall back one by one.
        defaults = cls()
        for key in ("deck", "lang", "bots", "delay"):
            trial = cls(**{**out.__dict__})
            for other in ("deck", "lang", "bots", "delay"):
                if other != key:
                    setattr(trial, other, getattr(defaults, other))
            try:
                trial.validate()
            except SettingsError as e:
                problems.append(str(e))
                setattr(out, key, getattr(defaults, key))
        return out, problems


def settings_path() -> Path:
    """Where the settings live: ``$XDG_CONFIG_HOME/puur/settings.json`` or
    ``~/.config/puur/settings.json``."""
    base = os.environ.get("XDG_CONFIG_HOME") or str(Path.home() / ".config")
    return Path(base) / "puur" / "settings.json"


def default_save_path() -> Path:
    """Where the game is saved when no file is named: next to the settings file."""
    return settings_path().parent / "saved-game.puur"


def load_settings(path: Path | None = None) -> tuple[Settings, list[str]]:
    """The saved settings (defaults when there are none) and any problems found reading them."""
    p = path or settings_path()
    try:
        text = p.read_text(encoding="utf-8")
    except FileNotFoundError:
        return Settings(), []
    except OSError as e:
        return Settings(), [f"cannot read {p}: {e.strerror}"]
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        return Settings(), [f"{p} is not valid JSON: {e.msg}"]
    return Settings.from_dict(data)


def save_settings(settings: Settings, path: Path | None = None) -> Path:
    """Write ``settings`` (validated first) and return the path."""
    settings.validate()
    p = path or settings_path()
    p.parent.mkdir(parents=True, exist_ok=True)
    tmp = p.with_suffix(".tmp")
    tmp.write_text(json.dumps(settings.to_dict(), indent=2, ensure_ascii=False) + "\n",
                   encoding="utf-8")
    tmp.replace(p)
    return p
