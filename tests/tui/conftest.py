"""Shared helpers for the terminal-game tests: a private settings directory, crafted deals,
settings for the app, playing a legal card through the pilot, a text export of the screen for
snapshots, and games of every variant played to their end."""

from __future__ import annotations

import io
import random
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot

from puur.cards import parse_cards
from puur.game import Game
from puur.rules import PRESETS, RuleSet
from puur.tui.session import PlaySession
from puur.tui.settings import Settings
from puur.variants import Variant, variants


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


async def play_until_over(pilot: Pilot[int], session: PlaySession, steps: int = 1500) -> None:
    """Play the full-screen game to its end: the first legal card when the human plays, the
    first choice of a dialog, Enter on a box, until the game-over box."""
    from puur.tui.app import GameScreen, InfoScreen

    app = pilot.app
    await pilot.pause()
    for _ in range(steps):
        scr = app.screen
        if isinstance(scr, InfoScreen):
            if scr.kind == "game-over":
                return
            await pilot.press("enter")
        elif isinstance(scr, GameScreen):
            if session.human_to_move() and session.observation().phase == "play":
                await play_first_legal(pilot)
                continue
            await pilot.pause()
        else:
            await pilot.press("1")
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


# ---------------------------------------------------------------------------------------------
# The other variants: short games for whole-game tests.

def variant_rules(key: str, **options: object) -> object:
    """A rule set of variant ``key`` from its first preset with ``options`` changed."""
    from puur.variants import get

    v = get(key)
    return v.rules_from_dict({**v.rules_to_dict(v.default_rules()), **options})


#: Differenzler in two hands, at four and at three; Coiffeur on a sheet of a free row and
#: Obenabe (four hands); Coiffeur's ten rows with Slalom and Guschti.
DIFFERENZLER = variant_rules("differenzler", hands=2)
DIFFERENZLER_THREE = variant_rules("differenzler", players=3, hands=1)
COIFFEUR = variant_rules("coiffeur", sheet="custom", custom_rows="free:1 obe:2")
COIFFEUR_TEN = variant_rules("coiffeur", sheet="ten")


def variant_session(rules: object, seed: int = 1, hint_bot: str | None = None) -> PlaySession:
    """A session of ``rules`` (any variant) against random players."""
    from puur.tui.session import variant_of_rules

    n = variant_of_rules(rules).num_seats(rules)
    return PlaySession(rules, ["random"] * (n - 1), seed=seed, hint_bot=hint_bot)


def variant_settings(rules: object, **kw: object) -> Settings:
    """Settings for the app playing ``rules`` (any variant): random players, no delay."""
    from puur.tui.session import variant_of_rules

    base: dict[str, object] = {"rules": rules, "variant": variant_of_rules(rules).key,
                               "bots": ["random"] * 3, "delay": 0.0}
    base.update(kw)
    return Settings(**base)  # type: ignore[arg-type]


def first_answer(prompt: str, legal: str) -> str:
    """An answer of the line mode from its prompt and legal line: a forecast of 40, the first
    open row (or the first way to play it), else the first choice."""
    if prompt == "? forecast":
        return "40"
    if prompt == "? row":
        first = legal.removeprefix("Legal: ").split("=", 1)[0]
        return first
    return "1"


class Answers:
    """Standard input of the line mode that answers each prompt as :func:`first_answer` does,
    reading what the game wrote to ``out`` (at most ``limit`` answers, then the end)."""

    def __init__(self, out: io.StringIO, script: list[str] | None = None,
                 limit: int = 2000) -> None:
        self.out = out
        self.script = list(script or [])
        self.limit = limit

    def readline(self) -> str:
        if self.script:
            return self.script.pop(0) + "\n"
        if self.limit <= 0:
            return ""
        self.limit -= 1
        lines = self.out.getvalue().splitlines()
        prompt = lines[-1] if lines else ""
        legal = next((line for line in reversed(lines) if line.startswith("Legal: ")), "")
        return first_answer(prompt, legal) + "\n"


# ---------------------------------------------------------------------------------------------
# Every variant played to its end (the labels of the terminal and the web app)


#: The roles only some variants have, and the variants whose texts may name them.
ROLES = {"König": {"bieter", "schaffhauser", "koenigsjass"}, "Bauern": {"bieter", "schaffhauser"},
         "soloist": {"pandur"}}


def foreign_roles(text: str, variant: str) -> list[str]:
    """The roles ``text`` names that ``variant`` has none of."""
    return [role for role, owners in ROLES.items() if role in text and variant not in owners]


def played_to_the_end(v: Variant, preset: str, seed: int) -> Any:
    """A game of ``preset`` of ``v`` played to its end by random moves."""
    rng = random.Random(seed)
    game = v.new_game(v.preset(preset), seed=seed)
    while not game.is_over:
        game.push(rng.choice(game.legal_actions()))
    return game


@cache
def finished_games() -> list[tuple[Variant, Any]]:
    """Three games of each preset of each variant, played to their end."""
    return [(v, played_to_the_end(v, p, seed)) for v in variants() for p in v.presets
            for seed in range(3)]
