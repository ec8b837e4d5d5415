"""How the terminal shows each variant's scores: the status lines, the score panel, the hand
summary, the score sheet (``t`` / ``tafel``), the hint's meaning and the end of the game.

A :class:`Face` reads the human's observation and the public facts of the game (what every
player may see: the sheet, the penalties of finished hands, the totals) and puts them into words
and tables; it decides no rule. :func:`face_for` finds the face of a game's variant
(:data:`FACES`, one entry per variant). Tables are :class:`Grid` values that the full-screen game
draws with Rich and the line mode writes as lines, so both say the same.

Schieber's face keeps its Jasstafel and hand summary (:mod:`puur.tui.render`,
:mod:`puur.tui.widgets`); Differenzler's and Coiffeur's are in their own modules.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar

from rich.console import RenderableType
from rich.markup import escape
from rich.table import Table
from rich.text import Text

from puur.i18n import t
from puur.tui.events import Event
from puur.tui.notes import Note, note
from puur.tui.render import (
    contract_name,
    hand_points_text,
    match_line,
    observation_summary,
    result_text,
    seat_name,
    summary_rows,
    tafel_lines,
    team_name,
    winner_text,
)

if TYPE_CHECKING:
    from puur.tui.session import PlaySession

__all__ = ["FACES", "Face", "Grid", "GridFace", "SchieberFace", "face_for", "grid_lines",
           "grid_table"]


@dataclass
class Grid:
    """A small table: column heads (the first is the row labels'), rows of cells, and lines
    said before it (``Match for Us!``)."""

    head: list[str]
    rows: list[list[str]]
    before: list[str] = field(default_factory=list)


def grid_table(grid: Grid) -> Table:
    """A grid as a Rich table (numbers to the right)."""
    table = Table(show_header=True, box=None, padding=(0, 2 if len(grid.head) <= 3 else 1))
    for i, head in enumerate(grid.head):
        table.add_column(escape(head), justify="right" if i else "left")
    for row in grid.rows:
        table.add_row(*(escape(c) for c in row))
    if not grid.before:
        return table
    outer = Table.grid(padding=(1, 0))
    for line in grid.before:
        outer.add_row(Text(line, style="bold magenta"))
    outer.add_row(table)
    return outer


def grid_lines(grid: Grid) -> list[str]:
    """A grid as lines of the line mode: ``  Label: Head value, Head value``."""
    out = list(grid.before)
    for row in grid.rows:
        if not any(row):
            continue
        cells = ", ".join(f"{h} {c}" for h, c in zip(grid.head[1:], row[1:], strict=True))
        out.append(f"  {row[0]}: {cells}")
    return out


def grid_markup(grid: Grid, width: int) -> str:
    """A grid as aligned markup lines fitting ``width`` (the score panel): heads in bold."""
    cols = len(grid.head)
    widths = [max(len(r[i]) for r in [grid.head, *grid.rows]) for i in range(cols)]
    gap = 2 if sum(widths) + 2 * (cols - 1) <= width else 1
    lines = []
    for k, row in enumerate([grid.head, *grid.rows]):
        cells = [row[0].ljust(widths[0])] + [c.rjust(w) for c, w in
                                             zip(row[1:], widths[1:], strict=True)]
        line = escape((" " * gap).join(cells).rstrip())
        lines.append(f"[b]{line}[/]" if k == 0 else line)
    return "\n".join(lines)


class Face(ABC):
    """What the terminal shows of one variant's scores (see the module text)."""

    key: ClassVar[str]
    #: The text of ``t``'s footer entry and the title of its box.
    sheet_key: ClassVar[str] = "key.sheet"
    sheet_title: ClassVar[str] = "sheet.title"
    #: Show the score panel beside the log on a narrow screen (everyone alone: each player's
    #: numbers; Schieber and Coiffeur keep the scores in the status lines there).
    narrow_scores: ClassVar[bool] = False
    #: The line mode's texts: how to answer, the commands, what ``score`` and ``tafel`` show.
    help_key: ClassVar[str] = "help.answer"
    commands_key: ClassVar[str] = "help.commands_sheet"
    help_score_key: ClassVar[str] = "help.score"
    help_sheet_key: ClassVar[str] = "help.sheet"
    #: Catalogue keys of the variant's own names of contracts (Kreuzjass's Bock for
    #: Obenabe); every other contract keeps its usual name.
    contract_words: ClassVar[Mapping[int, str]] = {}
    #: An auction of many numeric bids: asked for in a number field beside buttons for pass
    #: and the bids in words (Pandur), not as one button per bid.
    bid_field: ClassVar[bool] = False

    def intro(self, session: PlaySession, lang: str) -> str:
        """The line mode's first line: the game, where the human sits, with whom."""
        n = session.num_seats
        you = seat_name(0, lang, seats=n)
        if session.alone:
            others = ", ".join(seat_name(s, lang, seats=n) for s in range(1, n))
            return f"Puur — {session.variant.name}. " + t("intro.alone", lang, you=you,
                                                           others=others)
        partner = next(s for s in range(1, n) if session.sides[s] == session.sides[0])
        return (f"Puur — {session.variant.name}. {you}; {t('partner', lang)}: "
                f"{seat_name(partner, lang, seats=n)}.")

    @abstractmethod
    def hand_total_line(self, game: Any, hand_no: int, lang: str, deck: str) -> str:
        """One line at the end of a hand in the line mode's replay (``""`` while the hand is
        not over)."""

    @abstractmethod
    def summary(self, game: Any, hand_no: int, lang: str, deck: str) -> RenderableType:
        """The box at the end of hand ``hand_no``."""

    @abstractmethod
    def summary_lines(self, game: Any, hand_no: int, lang: str, deck: str,
                      brief: bool = False) -> list[str]:
        """The end of hand ``hand_no`` for the line mode (``brief``: without the sheet)."""

    @abstractmethod
    def sheet(self, game: Any, lang: str, deck: str) -> RenderableType:
        """The score sheet of the game so far (``t``)."""

    @abstractmethod
    def sheet_lines(self, game: Any, lang: str, deck: str) -> list[str]:
        """The score sheet for the line mode (``tafel``)."""

    @abstractmethod
    def status(self, session: PlaySession, obs: Any, lang: str, deck: str) -> tuple[str, str]:
        """The two status lines over the table (markup)."""

    def seat_mark(self, obs: Any, seat: int) -> str:
        """A mark behind the seat's name: ★ on the seat that chose the contract."""
        return " ★" if getattr(obs, "chooser", -1) == seat else ""

    @abstractmethod
    def scores(self, session: PlaySession, lang: str, deck: str, width: int) -> str:
        """The score panel (markup): the Jasstafel, the sheet, each player's numbers."""

    @abstractmethod
    def score_line(self, game: Any, lang: str) -> str:
        """Every side's total in one line (``score``)."""

    @abstractmethod
    def state_lines(self, session: PlaySession, obs: Any, lang: str, deck: str) -> list[str]:
        """What the line mode says before a decision about the hand in play."""

    def hint_note(self, session: PlaySession, obs: Any, action: Any, value: float | None,
                  raw: int) -> Note:
        """The hint ``action`` (as a note argument; ``raw`` its id) and what ``value`` means."""
        return note("hint_plain", style="orange1", action=action)

    def decision_text(self, obs: Any, lang: str) -> str:
        """What a dialog of the variant's own decision says before the hand (an offer to
        answer); nothing by default."""
        return ""

    def final_text(self, game: Any, lang: str) -> str:
        """Who won, once the game is over."""
        ev = Event("result", values=tuple(game.scores), places=tuple(game.standings()),
                   reason=game.variant.score_name,
                   alone=len(set(game.sides)) == game.num_seats, seats=game.num_seats)
        return result_text(ev, lang)

    def table_text(self, obs: Any, lang: str, deck: str) -> str | None:
        """What lies on the table in place of the trick (markup), for a deal without tricks
        (Guggitaler's Domino); None shows the trick."""
        return None

    @abstractmethod
    def replay_info(self, rd: Any, lang: str, deck: str) -> str:
        """The replay's status: the contract (or row, or trumps) of the hand shown (markup)."""

    def replay_points(self, rd: Any, lang: str) -> str:
        """The points made in the hand shown so far (every side's)."""
        return hand_points_text(rd.credited, lang)


class GridFace(Face):
    """A face whose end-of-hand box and score sheet are tables (:class:`Grid`): everyone's
    numbers per hand, or the sheet's rows; the terminal draws them as boxes, the line mode as
    lines."""

    def hand_total_line(self, game: Any, hand_no: int, lang: str, deck: str) -> str:
        """One line at the end of a hand in the line mode's replay (``""`` while the hand is
        not over)."""
        if not game.rounds[hand_no - 1].is_over:
            return ""
        return "  " + grid_lines(self.summary_grid(game, hand_no, lang, deck))[-1].strip()

    def summary(self, game: Any, hand_no: int, lang: str, deck: str) -> RenderableType:
        """The box at the end of hand ``hand_no``."""
        return grid_table(self.summary_grid(game, hand_no, lang, deck))

    def summary_lines(self, game: Any, hand_no: int, lang: str, deck: str,
                      brief: bool = False) -> list[str]:
        """The end of hand ``hand_no`` for the line mode (``brief``: without the sheet)."""
        return grid_lines(self.summary_grid(game, hand_no, lang, deck, brief))

    @abstractmethod
    def summary_grid(self, game: Any, hand_no: int, lang: str, deck: str,
                     brief: bool = False) -> Grid:
        """The end of hand ``hand_no`` as a table (``brief``: without the whole sheet)."""

    def sheet(self, game: Any, lang: str, deck: str) -> RenderableType:
        """The score sheet of the game so far (``t``)."""
        return grid_table(self.sheet_grid(game, lang, deck))

    def sheet_lines(self, game: Any, lang: str, deck: str) -> list[str]:
        """The score sheet for the line mode (``tafel``)."""
        return grid_lines(self.sheet_grid(game, lang, deck))

    @abstractmethod
    def sheet_grid(self, game: Any, lang: str, deck: str) -> Grid:
        """The score sheet as a table."""


class SchieberFace(Face):
    """Schieber: the target, the Jasstafel and the hand summary of the rule book (§2.7,
    §2.11)."""

    key = "schieber"
    sheet_key = "key.tafel"
    sheet_title = "jasstafel"
    commands_key = "help.commands"
    help_sheet_key = "help.tafel"

    def intro(self, session: PlaySession, lang: str) -> str:
        return (f"Puur — Schieber. {seat_name(0, lang)}; {t('partner', lang)}: "
                f"{seat_name(2, lang)}. {t('lobby.target', lang)}: {session.rules.target}.")

    def hand_total_line(self, game: Any, hand_no: int, lang: str, deck: str) -> str:
        hs = game.rounds[hand_no - 1].hand_score()
        return f"  {t('summary.total', lang)}: {hs['total'][0]} : {hs['total'][1]}"

    def status(self, session: PlaySession, obs: Any, lang: str, deck: str) -> tuple[str, str]:
        g = session.game
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
        return line1, line2

    def scores(self, session: PlaySession, lang: str, deck: str, width: int) -> str:
        from puur.tui.widgets import tafel_renderable

        g = session.game
        return tafel_renderable(g.scores, g.striche(), lang, width=16).markup

    def summary(self, game: Any, hand_no: int, lang: str, deck: str) -> RenderableType:
        from puur.tui.widgets import summary_renderable

        return summary_renderable(game, hand_no, lang)

    def summary_lines(self, game: Any, hand_no: int, lang: str, deck: str,
                      brief: bool = False) -> list[str]:
        rd = game.rounds[hand_no - 1]
        start = game.start_scores[hand_no - 1]
        out = []
        ml = match_line(rd, lang)
        if ml:
            out.append(ml)
        for label, us, them in summary_rows(rd, start, lang):
            out.append(f"  {label}: {team_name(0, lang)} {us}, {team_name(1, lang)} {them}")
        return out if brief else out + self.tafel_lines(game, lang, hand_no)

    def sheet(self, game: Any, lang: str, deck: str) -> RenderableType:
        from puur.tui.widgets import tafel_renderable

        return tafel_renderable(game.scores, game.striche(), lang)

    def sheet_lines(self, game: Any, lang: str, deck: str) -> list[str]:
        return self.tafel_lines(game, lang)

    def tafel_lines(self, game: Any, lang: str, hand_no: int | None = None) -> list[str]:
        """Both halves of the slate for the scores after ``hand_no`` (now by default)."""
        if hand_no is None:
            scores = game.scores
        else:
            rd = game.rounds[hand_no - 1]
            st = game.start_scores[hand_no - 1]
            scores = (st[0] + rd.credited[0], st[1] + rd.credited[1])
        striche = game.striche()
        out = [t("jasstafel", lang) + ":"]
        for team in (0, 1):
            for line in tafel_lines(scores[team], team_name(team, lang), lang, striche[team]):
                out.append("  " + line)
        return out

    def score_line(self, game: Any, lang: str) -> str:
        return t("score_line", lang, team0=team_name(0, lang), team1=team_name(1, lang),
                 s0=game.scores[0], s1=game.scores[1], target=game.rules.target)

    def state_lines(self, session: PlaySession, obs: Any, lang: str, deck: str) -> list[str]:
        return [t("hand_no", lang, n=session.game.hand_no) + " — "
                + " | ".join(observation_summary(obs, deck, lang))]

    def hint_note(self, session: PlaySession, obs: Any, action: Any, value: float | None,
                  raw: int) -> Note:
        if value is not None and obs.phase == "play":
            return note("hint.play", style="orange1", action=action, value=f"{value:.0f}")
        if value is not None and obs.phase == "choose":
            return note("hint.choose", style="orange1", action=action, value=f"{value:+.0f}")
        return note("hint_plain", style="orange1", action=action)

    def final_text(self, game: Any, lang: str) -> str:
        return winner_text(game.winner, game.scores[game.winner], game.end_reason, lang)

    def replay_info(self, rd: Any, lang: str, deck: str) -> str:
        if rd.contract < 0:
            return ""
        return t("contract_by", lang, contract=contract_name(rd.contract, deck, lang),
                 mult=rd.multiplier, seat=seat_name(rd.chooser, lang, mark_you=False))


def _faces() -> dict[str, Face]:
    from puur.tui.face_bieter import BieterFace
    from puur.tui.face_chratzer import ChratzerFace
    from puur.tui.face_coiffeur import CoiffeurFace
    from puur.tui.face_darts import DartsFace
    from puur.tui.face_differenzler import DifferenzlerFace
    from puur.tui.face_fahnder import FahnderFace
    from puur.tui.face_guggitaler import GuggitalerFace
    from puur.tui.face_handjass import HandjassFace
    from puur.tui.face_hindersi import HindersiFace
    from puur.tui.face_koenigsjass import KoenigsjassFace
    from puur.tui.face_kreuzjass import KreuzjassFace
    from puur.tui.face_mittlere import MittlereFace
    from puur.tui.face_molotow import MolotowFace
    from puur.tui.face_offener_jass import OffenerJassFace
    from puur.tui.face_pandur import PandurFace
    from puur.tui.face_penalty_jass import PenaltyJassFace
    from puur.tui.face_reservejass import ReservejassFace
    from puur.tui.face_schaffhauser import SchaffhauserFace
    from puur.tui.face_schaggi_haas import SchaggiHaasFace
    from puur.tui.face_schellenjass import SchellenjassFace
    from puur.tui.face_schmaus import SchmausFace
    from puur.tui.face_sechser import SechserFace
    from puur.tui.face_sidi_barrani import SidiBarraniFace
    from puur.tui.face_zuger import ZugerFace

    return {f.key: f for f in (SchieberFace(), DifferenzlerFace(), CoiffeurFace(), MolotowFace(),
                               HandjassFace(), BieterFace(), SidiBarraniFace(), KreuzjassFace(),
                               ZugerFace(), GuggitalerFace(), SchellenjassFace(), FahnderFace(),
                               KoenigsjassFace(), SchaffhauserFace(), MittlereFace(),
                               HindersiFace(), SchaggiHaasFace(), ReservejassFace(), SechserFace(),
                               PenaltyJassFace(), OffenerJassFace(), DartsFace(), PandurFace(),
                               SchmausFace(), ChratzerFace())}


FACES: dict[str, Face] = {}
"""The face of each variant by its key (filled on first use)."""


def face_for(variant_key: str) -> Face:
    """The face of a variant (``KeyError`` naming the variants the terminal can show)."""
    if not FACES:
        FACES.update(_faces())
    try:
        return FACES[variant_key]
    except KeyError:
        raise KeyError(f"the terminal cannot show {variant_key!r}; it shows "
                       f"{', '.join(FACES)}") from None


def contract_key(variant_key: str, contract: int) -> str:
    """The catalogue key of the variant's own name of ``contract`` ("" for the usual name)."""
    return face_for(variant_key).contract_words.get(contract, "") if contract >= 0 else ""
