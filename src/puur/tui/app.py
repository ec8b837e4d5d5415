"""The full-screen terminal game (Textual) for every variant of :mod:`puur.variants`: setup, the
table, every decision dialog, the hand summary with the Jasstafel or the variant's score sheet,
game end, hint, undo, save/resume and replay (rule book §2, ``docs/rulebook.md``, and each
variant's page in ``docs/variants/``).

The app shows the human (seat 0, South) only their own observation and public events from
:class:`~puur.tui.session.PlaySession`; legal actions, trick winners and scores all come from
the engine. The replay screen of a finished or saved record is the one place where every hand
is shown, as the record holds them.

Screens: :class:`~puur.tui.setup.SetupScreen`, :class:`~puur.tui.table.GameScreen` (drawn by
:class:`~puur.tui.view.TableView`), :class:`~puur.tui.replay.ReplayScreen`; boxes and widgets
are in :mod:`puur.tui.widgets`. Every screen is laid out for an 80x24 terminal first.

Simplifications: the human always sits South (seat 0), with North as partner in a team game;
undo reaches back to the human's last card of the hand in play only (not into a finished
hand).

Keyboard: the footer lists the keys; ``1``-``9`` play the n-th card of the hand, arrows move the
focus and Enter plays the focused card; every card and button also answers a mouse click.
"""

from __future__ import annotations

from pathlib import Path

from textual.app import App

from puur.i18n import t
from puur.record import GameRecord
from puur.tui.replay import ReplayScreen
from puur.tui.session import PlaySession
from puur.tui.settings import Settings, SettingsError, default_save_path, save_settings
from puur.tui.setup import SetupScreen
from puur.tui.table import GameScreen
from puur.tui.widgets import CardWidget, ChoiceDialog, InfoScreen

__all__ = ["CardWidget", "ChoiceDialog", "GameScreen", "InfoScreen", "PuurApp", "ReplayScreen",
           "SetupScreen"]


class PuurApp(App[int]):
    """``puur play`` in full screen."""

    TITLE = "Puur — Schieber"
    CSS = """
    Screen { background: #14361f; }
    """

    def __init__(
        self,
        settings: Settings,
        session: PlaySession | None = None,
        seed: int | None = None,
        save_path: Path | None = None,
        setup: bool = True,
        remember: bool = True,
        replay: GameRecord | None = None,
        settings_file: Path | None = None,
    ) -> None:
        super().__init__()
        self.settings = settings
        self.session = session
        self.seed = seed
        self.save_path = save_path or default_save_path()
        self.show_setup = setup
        self.remember = remember
        self.replay_record = replay
        self.settings_file = settings_file

    def on_mount(self) -> None:
        """Open the replay, the setup screen or the table."""
        if self.replay_record is not None:
            self.push_screen(ReplayScreen(self.replay_record))
        elif self.show_setup and self.session is None:
            self.push_screen(SetupScreen())
        else:
            self.start_game()

    def remember_settings(self) -> None:
        """Write the settings file (unless told not to)."""
        if not self.remember:
            return
        try:
            save_settings(self.settings, self.settings_file)
        except (OSError, SettingsError) as e:
            self.notify(t("settings_not_saved", self.settings.lang, error=str(e)),
                        severity="warning")

    def start_game(self) -> None:
        """Open the table with the session given, or a new game from the settings."""
        if self.session is None:
            s = self.settings
            self.session = PlaySession(s.rules, s.seat_bots(), seed=self.seed,
                                       player_name=s.name)
        self.title = f"Puur — {self.session.variant.name}"
        if isinstance(self.screen, SetupScreen):
            self.switch_screen(GameScreen())
        else:
            self.push_screen(GameScreen())

    async def action_quit(self) -> None:
        """``ctrl+q``: during a game the same as ``q`` (asks before an unsaved game is left)."""
        game = next((s for s in self.screen_stack if isinstance(s, GameScreen)), None)
        if game is None or self.session is None:
            self.exit(0)
        else:
            game.action_quit()

    def new_game(self) -> None:
        """Back to the setup screen for another game."""
        self.session = None
        self.seed = None
        self.switch_screen(SetupScreen())
