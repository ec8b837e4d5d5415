"""Shared helpers for the terminal-game tests: a private settings directory, crafted deals,
settings for the app, playing a legal card through the pilot, and a text export of the screen
for snapshots."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from textual.pilot import Pilot

from puur.cards import parse_cards
from puur.game import Game
from puur.rules import PRESETS, RuleSet
from puur.tui.settings import Settings


@pytest.fixture(autouse=True)
def private_config(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Every test gets its own settings directory."""
    cfg = tmp_path / "config"
    monkeypatch.setenv("XDG_CONFIG_HOME", str(cfg))
    return cfg


@pytest.fixture
def anyio_backend() -> str:
    """The app tests run on asyncio (Textual's loop)."""
    return "asyncio"


FAST = PRESETS["family"].replace(target=300)


def deal_with(seat0: str) -> tuple[int, ...]:
    """A deal where seat 0 holds ``seat0`` and the other cards go round in order."""
    mine = parse_cards(seat0)
    assert len(mine) == 9
    rest = [c for c in range(36) if c not in mine]
    hands = [sum(1 << c for c in mine), 0, 0, 0]
    for i, c in enumerate(rest):
        hands[1 + i % 3] |= 1 << c
    return tuple(hands)


# South holds the start card D7, a three-card sequence D6 D7 D8 (Weis 20) and the King and Ober
# of Rosen (Stöck when Rosen are trumps).
WEIS_STOECK = "D6 D7 D8 HQ HK H6 S6 C6 C8"


def crafted_game(rules: RuleSet = FAST, seat0: str = WEIS_STOECK) -> Game:
    """A game whose first deal is :func:`deal_with` ``seat0``."""
    return Game(rules, seed=11, deals=[deal_with(seat0)])


def app_settings(**kw: object) -> Settings:
    """Settings for the app under test: the fast rules, random players, no delay."""
    base: dict[str, object] = {"rules": FAST, "bots": ["random"] * 3, "delay": 0.0}
    base.update(kw)
    return Settings(**base)  # type: ignore[arg-type]


async def play_first_legal(pilot: Pilot[int]) -> None:
    """Press the number of the first card the human may play."""
    from puur.tui.app import CardWidget, GameScreen

    scr = pilot.app.screen
    assert isinstance(scr, GameScreen)
    n = next(i for i, w in enumerate(scr.query(CardWidget), start=1) if w.legal)
    await pilot.press(str(n))
    await pilot.pause()


def screen_text(app: object) -> str:
    """The current screen as plain text (deterministic, for snapshots)."""
    from rich.console import Console

    width, height = app.size  # type: ignore[attr-defined]
    console = Console(width=width, height=height, file=io.StringIO(), force_terminal=True,
                      color_system="truecolor", record=True, legacy_windows=False,
                      safe_box=False)
    screen = app.screen  # type: ignore[attr-defined]
    console.print(screen._compositor.render_update(
        full=True, screen_stack=app._background_screens, simplify=True))  # type: ignore[attr-defined]
    return "\n".join(line.rstrip() for line in console.export_text().splitlines())
