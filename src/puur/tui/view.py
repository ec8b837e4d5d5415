"""What the table shows: the seats (four, or three at a Differenzler table of three: East and
West beside the human), the trick, the hand, the scores and the log, drawn from the human's
observation (the play itself is :class:`puur.tui.table.GameScreen`); the variant's scores come
from its face (:mod:`puur.tui.faces`).

Laid out for an 80x24 terminal first: under 112 columns the side panel gives way to the log
under the hand and the scores stay in the status line (where everyone plays alone, each player's
numbers stand beside the log); under 34 lines the borders go. From 112 columns the score panel
(the Jasstafel, the Coiffeur sheet, the players' numbers) and the log stand beside the table.
The seats' texts are fitted to their width (the player's name moves or goes where there is no
room). A hand of twelve cards is drawn with narrower cards.

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
from puur.tui.faces import Face, face_for
from puur.tui.notes import LogEntry, Note, render_entry
from puur.tui.render import card_markup, playable_cards, player_label, seat_name, sort_hand
from puur.tui.session import HUMAN, PlaySession, seat_positions
from puur.tui.widgets import CardWidget, SeatPanel

__all__ = ["TableView"]

_EVENT_STYLES = {"trick": "bold", "hand_over": "bold cyan", "game_over": "bold green",
                 "weis_best": "magenta", "stoeck": "magenta", "weis": "magenta",
                 "choose": "cyan", "push": "cyan", "push_back": "cyan", "push_on": "cyan",
                 "row": "cyan", "forecast": "cyan", "penalties": "bold cyan",
                 "written": "bold cyan", "result": "bold green"}
#: The most cards a hand holds (twelve at a table of three).
MAX_CARDS = 12


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
    /* Twelve cards: narrower cards so that they fit 80 columns. */
    #hand.-twelve .card { width: 5; }
    /* Everyone alone: each player's numbers beside the log on a narrow screen. */
    TableView.-narrow.-scores-beside #side { layout: horizontal; }
    TableView.-narrow.-scores-beside #scores { display: block; width: auto; dock: right;
                                                border-left: solid $primary; }
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

    @property
    def face(self) -> Face:
        """How the game's variant shows its scores."""
        return face_for(self.session.variant.key)

    def compose(self) -> ComposeResult:
        n = self.session.num_seats
        # The grid's cells in reading order; each seat at its place round the table.
        at = {pos: seat for seat, pos in enumerate(seat_positions(n))}

        def place(pos: int) -> Static:
            return SeatPanel(id=f"seat-{at[pos]}") if pos in at else Static()

        with Vertical(id="main"):
            yield Static(id="status")
            with Grid(id="table"):
                yield place(5)
                yield place(2)
                yield place(4)
                yield place(3)
                yield Static(id="trick")
                yield place(1)
                yield place(6)
                yield place(0)
                yield Static()
            yield Static(id="prompt")
            cards = 36 // n
            with Horizontal(id="hand", classes="-twelve" if cards > 9 else ""):
                for i in range(cards):
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

    def on_mount(self) -> None:
        """The variant's score panel stands beside the log on a narrow screen when it asks."""
        self.set_class(self.face.narrow_scores, "-scores-beside")

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
        line1, line2 = self.face.status(s, obs, lang, deck)
        self._update("#status", f"{line1}\n{line2}")
        to_move = -1 if obs.phase == "over" else obs.to_move
        for seat in range(s.num_seats):
            panel = self.query_one(f"#seat-{seat}", SeatPanel)
            panel.set_class(seat == to_move, "to-move")
            self._update(f"#seat-{seat}", self._seat_text(seat, to_move, panel.content_size))
        self._update("#trick", self._trick_text())
        self._draw_hand()
        if s.is_over:
            prompt = t("gameover", lang)
        elif s.human_to_move() and obs.phase == "play":
            twelve = len(self.query(CardWidget)) > 9
            prompt = t("your_turn_play12" if twelve else "your_turn_play", lang)
        elif s.human_to_move():
            prompt = ""
        else:
            prompt = t("waiting", lang, seat=seat_name(obs.to_move, lang, seats=s.num_seats))
        self._update("#prompt", prompt)
        scores = self.query_one("#scores", Static)
        self._update("#scores", self.face.scores(s, lang, deck, scores.content_size.width or 34))

    def _seat_text(self, seat: int, to_move: int, size: Size) -> str:
        # Lines that fit the panel: the seat (▶ on its turn, ★ when it chose the contract) and
        # its player where there is room, cards left and who leads, the Weis and Stöck it
        # announced.
        width, height = size.width, size.height
        lang = self.lang
        s = self.session
        n = s.num_seats
        obs = s.observation()
        head = seat_name(seat, lang, seats=n)
        if seat != HUMAN and not s.alone and s.sides[seat] == s.sides[HUMAN]:
            head += f" ({t('partner', lang)})"
        head += self.face.seat_mark(obs, seat)
        marker = "[b reverse]▶[/] " if seat == to_move else ""
        used = len(head) + (2 if marker else 0)
        who = player_label(s.player_name, lang) if seat == HUMAN else s.player(seat)
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
        s = self.session
        n = s.num_seats
        obs = s.observation()
        own = self.face.table_text(obs, lang, deck)
        if own is not None:
            return own
        pos: dict[int, str] = {}
        places = seat_positions(n)
        caption = t("replay.step", lang, n=min(obs.trick_no + 1, 36 // n))
        if obs.trick:
            for seat, c in obs.trick:
                pos[places[seat]] = card_markup(c, deck)
        elif obs.trick_winners:
            # The trick just taken stays on the table until the next card is led.
            k = len(obs.trick_winners) - 1
            for seat, c in obs.history[n * k:n * k + n]:
                pos[places[seat]] = card_markup(c, deck)
            caption = t("trick_by", lang, who=seat_name(obs.trick_winners[k], lang,
                                                        mark_you=False, seats=n))
        elif s.game.hand_no > 1 and obs.phase in ("choose", "forecast"):
            caption = t("hand_no", lang, n=s.game.hand_no)

        def cell(p: int) -> str:
            return pos.get(p, "[dim]·[/]" if p in places else " ")

        top = f"{cell(5)}   {cell(2)}   {cell(4)}" if n >= 5 else cell(2)
        bottom = f"{cell(6)}   {cell(0)}" if n >= 7 else cell(0)
        return f"{top}\n{cell(3)}      {cell(1)}\n{bottom}\n[i]{caption}[/]"

    def _draw_hand(self) -> None:
        deck = self.deck
        s = self.session
        obs = s.observation()
        legal = set(obs.legal_actions) if s.human_to_move() and obs.phase == "play" else set()
        cards = sort_hand(playable_cards(obs), obs.trump)
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
