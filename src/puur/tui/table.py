"""The play at the table of the full-screen game: computer moves (thought out in a worker thread),
the human's decisions in dialogs, hand summaries, game end, hint, undo, save and quit. What the
table shows is :class:`puur.tui.view.TableView`.

Undo takes back the human's last card of the hand also while a computer player is about to move
or thinking; that move is dropped. ``q`` (and ``ctrl+q``) leave at once when the game is over
or saved as it stands, and otherwise ask whether to save it first. A resumed game's log is
rebuilt from its record.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from rich.table import Table
from rich.text import Text
from textual.binding import Binding, BindingsMap
from textual.timer import Timer

from puur.cards import DECK_STYLES
from puur.i18n import LANGUAGES, t
from puur.tui.coaching import coach_hand, coach_lines
from puur.tui.decisions import (
    BACK,
    BID_NUMBER,
    bid_dialog,
    bid_number_dialog,
    choice_dialog,
    forecast_dialog,
    rows_dialog,
    ways_dialog,
)
from puur.tui.moves import ask_kind, find, variant_of
from puur.tui.notes import Note, action_arg, note, render_entry
from puur.tui.reasons import why_illegal
from puur.tui.render import card_markup, seat_name
from puur.tui.session import Event, SessionError
from puur.tui.view import TableView
from puur.tui.widgets import CardWidget, ChoiceDialog, InfoScreen, NumberDialog
from puur.variants.json_actions import is_secret

if TYPE_CHECKING:
    from puur.tui.app import PuurApp

__all__ = ["GameScreen"]

_QUIT_SAVE, _QUIT_DISCARD, _QUIT_STAY = 0, 1, 2
#: The keys that play the first, second … card of the hand (twelve at a table of three).
CARD_KEYS = "1234567890ab"


class GameScreen(TableView):
    """The table and the play: every decision, the keys, the computer players' moves."""

    def __init__(self) -> None:
        super().__init__()
        self._timer: Timer | None = None
        #: True while a computer player thinks in a worker thread.
        self._thinking = False
        #: Counts undos: a computer move decided before the last undo is dropped.
        self._epoch = 0
        self._pending_summary = 0
        self._dialog_open = False
        self._game_over_shown = False
        #: The card of the last hint (-1 before the first, or when it was no card).
        self.last_hint = -1
        self._install_bindings()

    def _install_bindings(self, lang: str = "en", sheet_key: str = "key.tafel") -> None:
        self._bindings = BindingsMap([
            Binding("h", "hint", t("key.hint", lang)),
            Binding("question_mark", "hint", show=False),
            Binding("u", "undo", t("key.undo", lang)),
            Binding("l", "last_trick", t("key.last", lang)),
            Binding("t", "tafel", t(sheet_key, lang)),
            Binding("s", "save", t("key.save", lang)),
            Binding("d", "toggle_deck", t("key.deck", lang)),
            Binding("g", "next_language", t("key.lang", lang)),
            Binding("q", "quit", t("key.quit", lang)),
            Binding("left", "focus_card(-1)", show=False),
            Binding("right", "focus_card(1)", show=False),
            *[Binding(key, f"play_nth({k})", show=False)
              for k, key in enumerate(CARD_KEYS, start=1)],
        ])

    def on_mount(self) -> None:
        """Show the table (and a resumed game's past in the log) and let play begin."""
        self._install_bindings(self.lang, self.face.sheet_key)
        self.refresh_bindings()
        for ev in self.session.history_events():
            self.add_entry(ev)
        self.refresh_table()
        self.call_after_refresh(self.advance)

    def log_events(self, events: list[Event]) -> None:
        """Write events to the log (and remember a finished hand for its summary)."""
        for ev in events:
            self.add_entry(ev)
            if ev.kind == "hand_over":
                self._pending_summary = ev.hand_no

    # -----------------------------------------------------------------------------------------
    # The flow of play

    def advance(self) -> None:
        """Move the game on: summary, game end, a decision of the human, or the bots."""
        if self._dialog_open:
            return
        s = self.session
        if s.is_over:
            self.refresh_table()
            self.show_game_over()
            return
        if self._pending_summary:
            n = self._pending_summary
            self._pending_summary = 0
            self.refresh_table()
            self.show_summary(n)
            return
        self.refresh_table()
        if s.human_to_move():
            self.ask_human()
            return
        delay = self.app.settings.delay  # type: ignore[attr-defined]
        if delay <= 0:
            while not s.is_over and not s.human_to_move() and not self._pending_summary:
                self.log_events(s.bot_step())
            self.advance()
        elif self._timer is None and not self._thinking:
            last = s.observation()
            pause = delay * 2.5 if (not last.trick and last.trick_winners) else delay
            self._timer = self.set_timer(pause, self._bot_tick)

    def _bot_tick(self) -> None:
        # A worker, not the timer's own callback: the screen's keys (undo, quit …) keep being
        # handled while the computer player thinks.
        self.run_worker(self._bot_move(), group="bot")

    async def _bot_move(self) -> None:
        s = self.session
        if self._dialog_open or s.is_over or s.human_to_move():
            self._timer = None
            self.advance()
            return
        epoch = self._epoch
        # The bot thinks in a worker thread on a frozen observation, so that the screen stays
        # responsive and an undo meanwhile cannot change what it reads.
        bot, obs = s.bot_turn()
        self._thinking = True
        try:
            action = await asyncio.to_thread(bot.act, obs)
        finally:
            self._thinking = False
        if s is not self.session:
            return  # a new game began meanwhile
        if epoch != self._epoch:
            self.advance()  # an undo came first: go on from where the game is now
            return
        self._timer = None
        # A secret decision (a Weis kept quiet or declared, a question only some seats are
        # asked) gets no pause of its own: the seat's card follows at once, so that the time
        # between two cards does not tell the human that it was asked.
        secret = is_secret(s.game.round, action)
        try:
            events = s.bot_apply(action, obs)
        except SessionError:
            events, secret = [], False
        self.log_events(events)
        if secret and not (self._dialog_open or s.is_over or s.human_to_move()
                           or self._pending_summary):
            self._bot_tick()
            return
        self.advance()

    def ask_human(self) -> None:
        """Open the dialog of the human's decision (card play needs none): a contract, a row of
        the sheet, a forecast, Weis or Stöck."""
        lang, deck = self.lang, self.deck
        obs = self.session.observation()
        kind = ask_kind(obs)
        if kind == "forecast":
            variant = variant_of(obs)
            self.open_dialog(forecast_dialog(obs, lang, deck), lambda value: find(
                variant, obs.legal_actions, "forecast", value))
        elif kind == "row":
            self.ask_row(obs)
        elif kind == "bid" and self.face.bid_field:
            self.ask_bid(obs)
        else:
            dialog = choice_dialog(obs, lang, deck)
            if dialog is not None:
                self.open_dialog(dialog)

    def ask_bid(self, obs: Any) -> None:
        """Pass, a bid in words, or a numeric bid typed into a number field."""
        lang, deck = self.lang, self.deck
        variant = variant_of(obs)

        def chosen(code: int) -> int | None:
            if code != BID_NUMBER:
                return code
            self.open_dialog(bid_number_dialog(obs, lang, deck), lambda value: find(
                variant, obs.legal_actions, "bid", value))
            return None

        self.open_dialog(bid_dialog(obs, lang, deck), chosen)

    def ask_row(self, obs: Any) -> None:
        """The row to play (or push on); a row with several ways to play it asks how next."""
        lang, deck = self.lang, self.deck

        def row_chosen(code: int) -> int | None:
            if code > BACK:
                return code
            row = -2 - code
            self.open_dialog(ways_dialog(obs, row, lang, deck), way_chosen)
            return None

        def way_chosen(code: int) -> int | None:
            if code == BACK:
                self.ask_row(obs)
                return None
            return code

        self.open_dialog(rows_dialog(obs, lang, deck), row_chosen)

    def hint_note(self, obs: Any) -> Note:
        """The hint for the position ``obs`` (may run in a worker thread: reads no widget)."""
        action, value = self.session.hint(obs)
        return self.face.hint_note(self.session, obs, action_arg(action, obs), value, action)

    def open_dialog(self, dialog: ChoiceDialog | NumberDialog,
                    answer: Callable[[int], int | None] | None = None) -> None:
        """Show a decision dialog; its answer (through ``answer`` where given: None when it
        opened another dialog) goes to the engine."""
        self._dialog_open = True
        obs = self.session.observation()
        lang, deck = self.lang, self.deck
        dialog.hint = lambda: render_entry(self.hint_note(obs), deck, lang, markup=True)
        dialog.hint_label = t("key.hint", lang)

        def done(value: int | None) -> None:
            self._dialog_open = False
            action = value if value is None or answer is None else answer(value)
            if self._dialog_open:
                return  # another dialog asks on
            if action is not None and action >= 0:
                self.human_act(action)
            else:
                self.advance()

        self.app.push_screen(dialog, done)

    def human_act(self, action: int) -> None:
        """The human's action through the session; an illegal one is refused by the engine,
        changes nothing and is answered with the reason."""
        s = self.session
        obs = s.observation()
        try:
            events = s.act(action)
        except SessionError:
            msg = note("not_legal", style="bold red", what=action_arg(action, obs),
                       why=why_illegal(obs, action))
            self.add_entry(msg)
            self.notify(Text.from_markup(render_entry(msg, self.deck, self.lang, True)).plain,
                        severity="warning")
            return
        self.log_events(events)
        self.advance()

    def show_summary(self, hand_no: int) -> None:
        """The summary of a finished hand with the Jasstafel."""
        lang = self.lang
        self._dialog_open = True

        screen = InfoScreen("summary", t("summary.hand", lang, n=hand_no),
                            self.face.summary(self.session.game, hand_no, lang, self.deck),
                            [("continue", t("continue", lang)), ("coach", t("coach.button", lang))])

        def done(_r: None) -> None:
            if screen.result == "coach":
                self.run_worker(self._coach(hand_no), group="coach")
                return
            self._dialog_open = False
            self.advance()

        self.app.push_screen(screen, done)

    async def _coach(self, hand_no: int) -> None:
        """The coach's box for finished hand ``hand_no`` (worked out in a thread), then play
        goes on."""
        lang = self.lang
        self.notify(t("coach.working", lang))
        session = self.session
        worker = self.run_worker(lambda: coach_hand(session, hand_no), thread=True)
        record, report = await worker.wait()
        body = Text("\n".join(coach_lines(record, report, lang, self.deck)))

        def done(_r: None) -> None:
            self._dialog_open = False
            self.advance()

        self.app.push_screen(InfoScreen("coach", t("coach.title", lang, hand=hand_no), body,
                                        [("continue", t("continue", lang))]), done)

    def show_game_over(self) -> None:
        """Who won, why, the last hand and the slate."""
        if self._game_over_shown:
            return
        self._game_over_shown = True
        lang = self.lang
        g = self.session.game
        head = Text(self.face.final_text(g, lang), style="bold green")
        body = Table.grid(padding=(1, 0))
        body.add_row(head)
        body.add_row(self.face.summary(g, g.hand_no, lang, self.deck))
        screen = InfoScreen("game-over", t("gameover", lang), body,
                            [("new", t("new_game", lang)), ("quit", t("key.quit", lang))])

        def done(_r: None) -> None:
            if screen.result == "quit":
                self.app.exit(0)
            else:
                self.app.new_game()  # type: ignore[attr-defined]

        self.app.push_screen(screen, done)

    # -----------------------------------------------------------------------------------------
    # Keys

    def on_card_widget_chosen(self, message: CardWidget.Chosen) -> None:
        """A card was clicked or picked with the keyboard."""
        s = self.session
        if self._dialog_open or s.is_over:
            return
        if not s.human_to_move() or s.observation().phase != "play":
            self.notify(t("waiting", self.lang, seat=seat_name(s.game.to_move, self.lang,
                                                               seats=s.num_seats)))
            return
        self.human_act(message.card)

    def action_play_nth(self, n: int) -> None:
        """Play the n-th card of the hand as shown (if legal)."""
        cards = list(self.query(CardWidget))
        if 1 <= n <= len(cards) and self.session.human_to_move():
            cards[n - 1].action_choose()

    def action_focus_card(self, step: int) -> None:
        """Move the focus to the next legal card."""
        cards = [c for c in self.query(CardWidget) if c.legal]
        if not cards:
            return
        cur = self.focused
        i = next((k for k, c in enumerate(cards) if c is cur), -1)
        cards[(i + step) % len(cards)].focus()

    def action_hint(self) -> None:
        """What the strongest computer player would play for you (it thinks in a thread; the
        keys stay live meanwhile)."""
        self.run_worker(self._hint(), group="hint", exclusive=True)

    async def _hint(self) -> None:
        lang = self.lang
        s = self.session
        if not s.human_to_move():
            self.notify(t("hint_none", lang))
            return
        before = s.observation()
        try:
            msg = await asyncio.to_thread(self.hint_note, before)
        except SessionError:
            self.notify(t("hint_none", lang))
            return
        if s is not self.session or s.observation() != before:
            return  # the game moved on while the hint was computed
        action = dict(msg.args)["action"]
        card = getattr(action, "card", -1)
        for w in self.query(CardWidget):
            w.set_class(w.card == card, "hint")
        self.add_entry(msg)
        self.notify(Text.from_markup(render_entry(msg, self.deck, lang, True)).plain,
                    title=t("key.hint", lang))
        self.last_hint = card if card >= 0 else -1

    def action_undo(self) -> None:
        """Take back your last card (and the computer's cards after it), also while a computer
        player is about to move or thinking: its move is dropped."""
        lang = self.lang
        s = self.session
        if self._dialog_open or not s.can_undo():
            self.notify(t("nothing_to_undo", lang))
            return
        self._epoch += 1
        if self._timer is not None:
            self._timer.stop()
            self._timer = None
        s.undo()
        self.add_entry(note("undone"))
        self.notify(t("undone", lang))
        self.advance()

    def action_last_trick(self) -> None:
        """Show the last trick taken."""
        lang, deck = self.lang, self.deck
        obs = self.session.observation()
        if not obs.trick_winners:
            prev = self.session.last_finished_observation()
            if prev is None or not prev.trick_winners:
                self.notify(t("no_last_trick", lang))
                return
            obs = prev
        k = len(obs.trick_winners) - 1
        n = self.session.num_seats
        body = "\n".join(f"{seat_name(s, lang, seats=n)}: {card_markup(c, deck)}"
                         for s, c in obs.history[n * k:n * k + n])
        body += "\n\n" + t("trick_by", lang, who=seat_name(obs.trick_winners[k], lang, seats=n))
        self.app.push_screen(InfoScreen("last", t("last_trick", lang) + f" ({k + 1})",
                                        Text.from_markup(body)))

    def action_tafel(self) -> None:
        """Show the score sheet now (Schieber: the Jasstafel)."""
        g = self.session.game
        face = self.face
        self.app.push_screen(InfoScreen("tafel", t(face.sheet_title, self.lang),
                                        face.sheet(g, self.lang, self.deck)))

    def save(self) -> bool:
        """Save the game as a record (resume with ``puur play --resume FILE``); False when it
        could not be written (the reason is shown)."""
        app: PuurApp = self.app  # type: ignore[assignment]
        try:
            path = self.session.save(app.save_path)
        except OSError as e:
            self.notify(t("save_failed", self.lang, error=e.strerror or str(e)),
                        severity="error")
            return False
        self.notify(t("saved", self.lang, path=path))
        return True

    def action_save(self) -> None:
        """Save the game (``s``)."""
        self.save()

    def action_toggle_deck(self) -> None:
        """Switch to the next deck style (Swiss German, French, Salzburg)."""
        app: PuurApp = self.app  # type: ignore[assignment]
        keys = list(DECK_STYLES)
        app.settings.deck = keys[(keys.index(app.settings.deck) + 1) % len(keys)]
        app.remember_settings()
        self.refresh_table()
        self.redraw_log()

    def action_next_language(self) -> None:
        """Switch to the next interface language."""
        app: PuurApp = self.app  # type: ignore[assignment]
        langs = list(LANGUAGES)
        app.settings.lang = langs[(langs.index(app.settings.lang) + 1) % len(langs)]
        app.remember_settings()
        self._install_bindings(app.settings.lang, self.face.sheet_key)
        self.refresh_bindings()
        self.refresh_table()
        self.redraw_log()

    def action_quit(self) -> None:
        """Leave: at once when the game is over or saved as it stands, otherwise after asking
        whether to save it first (``puur play --resume`` continues a saved game)."""
        s = self.session
        if s.is_over or s.is_saved():
            self.app.exit(0)
            return
        if any(isinstance(w, ChoiceDialog) and w.kind == "quit" for w in self.app.screen_stack):
            return
        app: PuurApp = self.app  # type: ignore[assignment]
        lang = self.lang
        was_open = self._dialog_open
        self._dialog_open = True
        dialog = ChoiceDialog("quit", t("quit.title", lang),
                              t("quit.text", lang, path=app.save_path),
                              [(_QUIT_SAVE, t("quit.save", lang)),
                               (_QUIT_DISCARD, t("quit.discard", lang)),
                               (_QUIT_STAY, t("quit.stay", lang))])

        def done(choice: int | None) -> None:
            self._dialog_open = was_open
            if choice == _QUIT_DISCARD or (choice == _QUIT_SAVE and self.save()):
                self.app.exit(0)
            elif not was_open:
                self.advance()

        self.app.push_screen(dialog, done)
