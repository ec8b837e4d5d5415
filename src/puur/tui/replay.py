"""The replay screen of ``puur play --replay FILE``: a saved game of any variant move by move
with every hand open (only a record may show them), and the piles face down outside the
hands (a blind, a dead hand, a talon nobody took): ``→``/``Space`` next move, ``←`` back,
``n``/``p`` next or previous hand, ``q`` quit.
"""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingsMap
from textual.screen import Screen
from textual.widgets import Footer, RichLog, Static

from puur.i18n import t
from puur.record import GameRecord, replay
from puur.tui.faces import face_for
from puur.tui.render import card_markup, replay_action_text, seat_name, sort_hand
from puur.variants import get

__all__ = ["ReplayScreen"]

#: The words of the piles a replay opens (cards face down outside the hands).
_PILES = {"blind": "hj.blind", "dead": "hj.dead", "talon": "bi.talon_label",
          "dead_cards": "sx.dead_pile", "reserve": "rj.pile_reserve", "stock": "sm.pile_stock"}


class ReplayScreen(Screen[None]):
    """A saved game move by move, all four hands open."""

    DEFAULT_CSS = """
    ReplayScreen #r-status { height: auto; padding: 0 1; background: $boost; }
    ReplayScreen #r-hands { height: auto; padding: 0 1; }
    ReplayScreen #r-trick { height: auto; padding: 0 1; border: round $primary; }
    ReplayScreen #r-log { height: 1fr; }
    """

    def __init__(self, record: GameRecord) -> None:
        super().__init__()
        self.record = record
        self.hand = 1
        self.move = 0
        self._install_bindings("en")

    def _install_bindings(self, lang: str) -> None:
        self._bindings = BindingsMap([
            Binding("right", "step(1)", t("next", lang), key_display="→"),
            Binding("space", "step(1)", t("next", lang), show=False),
            Binding("left", "step(-1)", t("prev", lang), key_display="←"),
            Binding("n", "hand(1)", t("next_hand", lang)),
            Binding("p", "hand(-1)", t("prev_hand", lang)),
            Binding("q,escape", "quit", t("key.quit", lang)),
        ])

    def compose(self) -> ComposeResult:
        yield Static(id="r-status")
        yield Static(id="r-hands")
        yield Static(id="r-trick")
        # The log scrolls with the mouse; the arrow keys stay the replay's.
        log = RichLog(id="r-log", markup=True, wrap=True, min_width=20)
        log.can_focus = False
        yield log
        yield Footer(compact=True, show_command_palette=False)

    def on_mount(self) -> None:
        """Draw the start of the first hand; keys in the chosen language."""
        self._install_bindings(self.app.settings.lang)  # type: ignore[attr-defined]
        self.refresh_bindings()
        self.redraw()

    def game(self) -> Any:
        """The game up to the current move."""
        return replay(self.record, self.hand, self.move)

    def redraw(self) -> None:
        """Show the position after ``move`` moves of ``hand``."""
        lang, deck = self.app.settings.lang, self.app.settings.deck  # type: ignore[attr-defined]
        g = self.game()
        variant = get(self.record.variant)
        face = face_for(variant.key)
        rd = g.rounds[self.hand - 1]
        n = rd.num_seats
        moves = len(self.record.actions[self.hand - 1])
        head = t("replay.title", lang, hand=self.hand, move=self.move, moves=moves)
        info = face.replay_info(rd, lang, deck)
        # The keys are in the footer, in the chosen language.
        self.query_one("#r-status", Static).update(
            Text.from_markup(f"{head}   {info}" if info else head))
        lines = []
        for s in range(n):
            cards = " ".join(card_markup(c, deck) for c in sort_hand(rd.hands[s], rd.trump))
            marker = "▶ " if rd.to_move == s and not rd.is_over else "  "
            name = seat_name(s, lang, mark_you=False, seats=n)
            lines.append(f"{marker}[bold]{name:<8}[/] {cards}")
        for pile, mask in variant.open_piles(rd).items():
            if mask:
                shown = " ".join(card_markup(c, deck) for c in sort_hand(mask, rd.trump))
                lines.append(f"  [dim]{t(_PILES[pile], lang):<8}[/] {shown}")
        self.query_one("#r-hands", Static).update(Text.from_markup("\n".join(lines)))
        trick = rd.current_trick()
        if not trick and rd.trick_winners:
            leader, taken, winner = rd.tricks()[-1]
            trick = list(zip(rd.trick_seats(leader), taken, strict=True))
            tail = "  → " + seat_name(winner, lang, mark_you=False, seats=n)
        else:
            tail = ""
        self.query_one("#r-trick", Static).update(Text.from_markup(
            "  ".join(f"{seat_name(s, lang, mark_you=False, seats=n)}: {card_markup(c, deck)}"
                      for s, c in trick) + tail + "   " + face.replay_points(rd, lang)))
        log = self.query_one("#r-log", RichLog)
        log.clear()
        probe = replay(self.record, self.hand, 0).rounds[self.hand - 1]
        for a in self.record.actions[self.hand - 1][:self.move]:
            log.write(Text.from_markup(replay_action_text(probe, a, deck, lang, markup=True,
                                                          variant=variant)), animate=False)
            probe.push(a)

    def action_step(self, step: int) -> None:
        """One move forward or back (crossing into the next or previous hand)."""
        moves = len(self.record.actions[self.hand - 1])
        m = self.move + step
        if m > moves:
            if self.hand < len(self.record.actions):
                self.hand, m = self.hand + 1, 0
            else:
                m = moves
        elif m < 0:
            if self.hand > 1:
                self.hand -= 1
                m = len(self.record.actions[self.hand - 1])
            else:
                m = 0
        self.move = m
        self.redraw()

    def action_hand(self, step: int) -> None:
        """Jump to the start of the next or previous hand."""
        self.hand = min(max(self.hand + step, 1), len(self.record.actions))
        self.move = 0
        self.redraw()

    def action_quit(self) -> None:
        """Leave the replay."""
        self.app.exit(0)
