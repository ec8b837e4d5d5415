"""What the table shows: four seats, the trick, the hand, the scores and the log, drawn from the
human's observation (the play itself is :class:`puur.tui.table.GameScreen`).

Laid out for an 80x24 terminal first: under 112 columns the side panel gives way to the log
under the hand and the scores stay in the status line; under 34 lines the borders go. From 112
columns the Jasstafel and the log stand beside the table. The seats' texts are fitted to their
width (the player's name moves or goes where there is no room).

The log keeps its entries as events and notes (:mod:`puur.tui.notes`), not as text, so that it
can be written again in another language or deck.
"""

from __future__ import annotations

from rich.markup import escape
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Grid, Horizontal, Vertical
from textual.events import Resize
from textual.geometry import Size
from textual.screen import Screen
from textual.widgets import Footer, RichLog, Static

from puur.i18n import t, tn
from puur.tui.notes import LogEntry, Note, render_entry
from puur.tui.render import (
    card_markup,
    contract_name,
    hand_points_text,
    player_label,
    seat_name,
    sort_hand,
    team_name,
)
from puur.tui.session import HUMAN, PlaySession
from puur.tui.widgets import CardWidget, SeatPanel, tafel_renderable

__all__ = ["TableView"]

_EVENT_STYLES = {"trick": "bold", "hand_over": "bold cyan", "game_over": "bold green",
                 "weis_best": "magenta", "stoeck": "magenta", "weis": "magenta",
                 "choose": "cyan", "push": "cyan", "push_back": "cyan"}


class TableView(Screen[None]):
    """The table as drawn; :meth:`refresh_table` redraws what changed."""

    DEFAULT_CSS = """
    TableView { layout: horizontal; }
    #main { width: 1fr; }
    #side { width: 36; border-left: solid $primary; }
    #status { height: 2; padding: 0 1; background: $boost; }
    #table { grid-size: 3 3; grid-columns: 1fr 32 1fr; grid-rows: 5 7 5; height: 17; }
    SeatPanel { border: round $panel-lighten-2; padding: 0 1; height: 100%; }
    SeatPanel.to-move { border: heavy $warning; background: $warning 15%; }
    #trick { border: round $primary; content-align: center middle; height: 100%;
             text-align: center; }
    #hand { height: 6; padding: 0 1; }
    .card { width: 7; height: 4; border: round #8a8a8a; background: #f6f1e3; margin: 0 1 0 0;
            content-align: center middle; text-align: center; }
    .card.legal { border: round #2e7d32; }
    .card.legal:focus { border: heavy #1565c0; background: #fffbe8; }
    .card.illegal { background: #6b6b6b; color: #303030; border: round #444444; }
    .card.hint { border: double #ff6f00; }
    #prompt { height: 2; padding: 0 1; text-style: bold; }
    #log { height: 1fr; }
    #scores { height: auto; padding: 0 1; }
    /* Under 112 columns: the log under the hand, the scores in the status line. */
    TableView.-narrow { layout: vertical; }
    TableView.-narrow #main { width: 100%; height: auto; }
    TableView.-narrow #side { width: 100%; height: 1fr; border-left: none;
                               background: $surface; }
    TableView.-narrow #scores { display: none; }
    TableView.-narrow #log { padding: 0 1; }
    TableView.-narrow #table { grid-columns: 1fr 30 1fr; }
    /* Under 34 lines (80x24): no borders, one line of prompt. */
    TableView.-short #table { grid-rows: 3 4 3; height: 10; }
    TableView.-short SeatPanel { border: none; padding: 0 1; background: $boost; }
    TableView.-short SeatPanel.to-move { border: none; background: $warning 30%; }
    TableView.-short #trick { border: none; }
    TableView.-short #prompt { height: 1; }
    TableView.-short #hand { height: 4; }
    """
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (112, "-wide")]  # noqa: RUF012 (Textual's API)
    VERTICAL_BREAKPOINTS = [(0, "-short"), (34, "-tall")]  # noqa: RUF012

    def __init__(self) -> None:
        super().__init__()
        #: Everything the log shows, as events and notes (written again on a language switch).
        self.entries: list[LogEntry] = []
        self._drawn: dict[str, str] = {}

    @property
    def session(self) -> PlaySession:
        """The app's game."""
        s = self.app.session  # type: ignore[attr-defined]
        assert isinstance(s, PlaySession)
        return s

    @property
    def lang(self) -> str:
        """The interface language."""
        return str(self.app.settings.lang)  # type: ignore[attr-defined]

    @property
    def deck(self) -> str:
        """The deck style."""
        return str(self.app.settings.deck)  # type: ignore[attr-defined]

    def compose(self) -> ComposeResult:
        with Vertical(id="main"):
            yield Static(id="status")
            with Grid(id="table"):
                yield Static()
                yield SeatPanel(id="seat-2")
                yield Static()
                yield SeatPanel(id="seat-3")
                yield Static(id="trick")
                yield SeatPanel(id="seat-1")
                yield Static()
                yield SeatPanel(id="seat-0")
                yield Static()
            yield Static(id="prompt")
            with Horizontal(id="hand"):
                for i in range(9):
                    yield CardWidget(i)
        with Vertical(id="side"):
            yield Static(id="scores")
            # The log scrolls with the mouse; the arrow keys stay the hand's.
            log = RichLog(id="log", markup=True, wrap=True, min_width=20)
            log.can_focus = False
            yield log
        # The command palette (ctrl+p) stays, but its footer entry would push Quit out of an
        # 80-column footer.
        yield Footer(compact=True, show_command_palette=False)

    def on_resize(self, _event: Resize) -> None:
        """The seats' texts and the log's lines depend on the width: draw them again once the
        new layout is in place."""
        self._drawn.clear()
        self.call_after_refresh(self._redraw_all)

    def _redraw_all(self) -> None:
        self.refresh_table()
        self.redraw_log()

    # -----------------------------------------------------------------------------------------
    # Drawing

    def refresh_table(self) -> None:
        """Redraw everything from the human's observation."""
        lang, deck = self.lang, self.deck
        s = self.session
        obs = s.observation()
        g = s.game
        line1 = (t("hand_no", lang, n=g.hand_no) + "   " + t(
            "score_line", lang, team0=team_name(0, lang), team1=team_name(1, lang),
            s0=g.scores[0], s1=g.scores[1], target=g.rules.target) + "   "
            + hand_points_text(obs.credited, lang))
        if obs.contract < 0:
            line2 = t("no_contract", lang)
        else:
            line2 = t("contract_by", lang, contract=contract_name(obs.contract, deck, lang),
                      mult=obs.rules.multiplier(obs.contract), seat=seat_name(obs.chooser, lang))
            if obs.pushed:
                line2 += " — " + t("pushed_by", lang, seat=seat_name(obs.forehand, lang))
        self._update("#status", f"{line1}\n{line2}")
        to_move = -1 if obs.phase == "over" else obs.to_move
        for seat in range(4):
            panel = self.query_one(f"#seat-{seat}", SeatPanel)
            panel.set_class(seat == to_move, "to-move")
            self._update(f"#seat-{seat}", self._seat_text(seat, to_move, panel.content_size))
        self._update("#trick", self._trick_text())
        self._draw_hand()
        if s.is_over:
            prompt = t("gameover", lang)
        elif s.human_to_move() and obs.phase == "play":
            prompt = t("your_turn_play", lang)
        elif s.human_to_move():
            prompt = ""
        else:
            prompt = t("waiting", lang, seat=seat_name(obs.to_move, lang))
        self._update("#prompt", prompt)
        self._update("#scores", tafel_renderable(g.scores, g.striche(), lang, width=16).markup)

    def _seat_text(self, seat: int, to_move: int, size: Size) -> str:
        # Lines that fit the panel: the seat (▶ on its turn, ★ when it chose the contract) and
        # its player where there is room, cards left and who leads, the Weis and Stöck it
        # announced.
        width, height = size.width, size.height
        lang = self.lang
        s = self.session
        obs = s.observation()
        head = seat_name(seat, lang)
        if seat == 2:
            head += f" ({t('partner', lang)})"
        if obs.chooser == seat:
            head += " ★"
        marker = "[b reverse]▶[/] " if seat == to_move else ""
        used = len(head) + (2 if marker else 0)
        who = player_label(s.player_name, lang) if seat == HUMAN else s.bot_names[seat - 1]
        counts = [tn("cards.count", obs.hand_sizes[seat], lang)]
        if obs.phase != "over" and seat == obs.leader:
            counts.append(t("leads", lang))
        line1 = f"{marker}[bold]{escape(head)}[/]"
        line2 = "  ".join(counts)
        ann: list[str] = []
        if obs.weis_announced[seat]:
            ann.append("Weis " + "+".join(str(p) for p, _n in obs.weis_announced[seat]))
        if obs.stoeck_seat == seat:
            ann.append("Stöck")
        player = f"[dim]{escape(who)}[/]"
        lines = [line1, line2]
        if width <= 0 or used + 2 + len(who) <= width:
            lines[0] += "  " + player
        elif len(line2) + 2 + len(who) <= width:
            lines[1] += "  " + player
        elif len(who) <= width and height >= 3 + bool(ann):
            lines.append(player)
        if ann:
            lines.append("[magenta]" + "  ".join(ann) + "[/]")
        return "\n".join(lines)

    def _trick_text(self) -> str:
        lang, deck = self.lang, self.deck
        obs = self.session.observation()
        pos: dict[int, str] = {}
        caption = t("replay.step", lang, n=min(obs.trick_no + 1, 9))
        if obs.trick:
            for seat, c in obs.trick:
                pos[seat] = card_markup(c, deck)
        elif obs.trick_winners:
            # The trick just taken stays on the table until the next card is led.
            k = len(obs.trick_winners) - 1
            for seat, c in obs.history[4 * k:4 * k + 4]:
                pos[seat] = card_markup(c, deck)
            caption = t("trick_by", lang, who=seat_name(obs.trick_winners[k], lang,
                                                                 mark_you=False))
        elif self.session.game.hand_no > 1 and obs.phase == "choose":
            caption = t("hand_no", lang, n=self.session.game.hand_no)

        def cell(seat: int) -> str:
            return pos.get(seat, "[dim]·[/]")

        return f"{cell(2)}\n{cell(3)}      {cell(1)}\n{cell(0)}\n[i]{caption}[/]"

    def _draw_hand(self) -> None:
        deck = self.deck
        s = self.session
        obs = s.observation()
        legal = set(obs.legal_actions) if s.human_to_move() and obs.phase == "play" else set()
        cards = sort_hand(obs.hand, obs.trump)
        focused_card = getattr(self.focused, "card", None)
        slots = list(self.query(CardWidget))
        for i, w in enumerate(slots):
            c = cards[i] if i < len(cards) else -1
            w.show(c, deck, c in legal)
        if isinstance(self.focused, CardWidget) and self.focused.legal and (
                self.focused.card == focused_card):
            return
        target = next((w for w in slots if w.legal), None)
        if target is not None:
            target.focus()

    def _update(self, selector: str, markup: str) -> None:
        # Redraw a part of the table only when its text changed.
        if self._drawn.get(selector) != markup:
            self._drawn[selector] = markup
            self.query_one(selector, Static).update(Text.from_markup(markup))

    # -----------------------------------------------------------------------------------------
    # The log

    def _entry_text(self, entry: LogEntry) -> Text:
        text = render_entry(entry, self.deck, self.lang, markup=True)
        style = entry.style if isinstance(entry, Note) else _EVENT_STYLES.get(entry.kind, "")
        return Text.from_markup(f"[{style}]{text}[/]" if style else text)

    def add_entry(self, entry: LogEntry) -> None:
        """Add an event or a note to the log."""
        self.entries.append(entry)
        self.query_one("#log", RichLog).write(self._entry_text(entry), animate=False)

    def redraw_log(self) -> None:
        """Write the whole log again (in the current language and deck)."""
        log = self.query_one("#log", RichLog)
        log.clear()
        for entry in self.entries:
            log.write(self._entry_text(entry), animate=False)
