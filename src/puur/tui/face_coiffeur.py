"""How the terminal shows Coiffeur (``docs/variants/coiffeur.md``): the sheet with both teams'
columns (each row's discipline and multiplier, what is written and what is still open), the row
chosen this hand and how it is played, who chose it and how often it was pushed on, and at the
end of a hand what the choosing team writes.

Everything comes from the human's :class:`~puur.variants.coiffeur_view.CoiffeurObservation`
(the sheet is public) and the public facts of finished hands.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from puur.bots.variant_coiffeur import BASELINE
from puur.i18n import t, tn
from puur.tui.events import HUMAN
from puur.tui.faces import Grid, GridFace, grid_markup
from puur.tui.moves import decode, variant_of
from puur.tui.notes import Note, Row, Team, note, render_arg
from puur.tui.render import hand_points_text, row_name, seat_name, team_name

if TYPE_CHECKING:
    from puur.tui.session import PlaySession

__all__ = ["CoiffeurFace"]


def _totals(sheet: Any) -> tuple[int, ...]:
    return tuple(sum(v for v in col if v is not None) for col in sheet)


class CoiffeurFace(GridFace):
    """Coiffeur: the score sheet of both teams."""

    key = "coiffeur"
    help_key = "help.answer_coiffeur"
    help_score_key = "help.score_teams"

    def hand_total_line(self, game: Any, hand_no: int, lang: str, deck: str) -> str:
        rd = game.rounds[hand_no - 1]
        if not rd.is_over:
            return ""
        discipline, mult = rd.sheet_rows[rd.row].discipline, rd.sheet_rows[rd.row].multiplier
        return "  " + t("ev.written", lang, points=rd.row_value(),
                        team=team_name(game.sides[rd.chooser], lang),
                        row=row_name(rd.row, discipline, mult, deck, lang))

    def _chosen(self, obs: Any, lang: str, deck: str, mark_you: bool = True) -> str:
        """The row chosen and how it is played, by whom, how often it was pushed on."""
        if obs.row < 0:
            line = t("row.none", lang)
        else:
            discipline, mult = obs.sheet_rows[obs.row]
            row = render_arg(Row(obs.row, discipline, mult, obs.contract), deck, lang)
            line = t("row.by", lang, row=row,
                     seat=seat_name(obs.chooser, lang, mark_you=mark_you))
        if obs.pushes:
            line += " — " + tn("pushes.count", obs.pushes, lang)
        return line

    def _score(self, totals: tuple[int, ...], lang: str) -> str:
        return t("team_score", lang, team0=team_name(0, lang), team1=team_name(1, lang),
                 s0=totals[0], s1=totals[1])

    def status(self, session: PlaySession, obs: Any, lang: str, deck: str) -> tuple[str, str]:
        line1 = (t("hand_no", lang, n=obs.hand_no) + "   " + self._score(_totals(obs.sheet), lang)
                 + "   " + hand_points_text(obs.credited, lang))
        return line1, self._chosen(obs, lang, deck)

    def _sheet_rows(self, rows: Any, sheet: Any, lang: str, deck: str,
                    playing: int = -1) -> list[list[str]]:
        out = []
        for r, (discipline, mult) in enumerate(rows):
            name = row_name(r, discipline, mult, deck, lang)
            cells = ["·" if v is None else str(v) for v in (sheet[0][r], sheet[1][r])]
            out.append([("▶ " if r == playing else "") + name, *cells])
        return out

    def scores(self, session: PlaySession, lang: str, deck: str, width: int) -> str:
        obs = session.observation()
        rows = self._sheet_rows(obs.sheet_rows, obs.sheet, lang, deck, obs.row)
        total = [t("sheet.total", lang), *(str(v) for v in _totals(obs.sheet))]
        grid = Grid(["", team_name(0, lang), team_name(1, lang)], [*rows, total])
        return grid_markup(grid, width)

    def sheet_grid(self, game: Any, lang: str, deck: str) -> Grid:
        rows = [(r.discipline, r.multiplier) for r in game.rows]
        playing = -1 if game.round.is_over else game.round.row
        body = self._sheet_rows(rows, game.sheet, lang, deck, playing)
        total = [t("sheet.total", lang), *(str(v) for v in game.scores)]
        return Grid(["", team_name(0, lang), team_name(1, lang)], [*body, total])

    def summary_grid(self, game: Any, hand_no: int, lang: str, deck: str,
                     brief: bool = False) -> Grid:
        rd = game.rounds[hand_no - 1]
        obs = rd.observation(HUMAN)
        sheet = game.sheets[hand_no] if hand_no < len(game.sheets) else game.sheet
        rows = [[t("summary.tricks", lang), *(str(p) for p in rd.trick_points)]]
        for kind, key in (("weis", "summary.weis"), ("stoeck", "summary.stoeck")):
            pts = [sum(p for side, p, k in rd.credits if side == team and k == kind)
                   for team in (0, 1)]
            if any(pts):
                rows.append([t(key, lang), *(str(p) for p in pts)])
        team = game.sides[obs.chooser]
        written = ["—", "—"]
        written[team] = str(rd.row_value())
        rows.append([t("sheet.written", lang), *written])
        if not brief:
            rows.append(["", "", ""])
            rows += self._sheet_rows(obs.sheet_rows, sheet, lang, deck)
        rows.append([t("sheet.total", lang), *(str(v) for v in _totals(sheet))])
        return Grid(["", team_name(0, lang), team_name(1, lang)], rows,
                    [self._chosen(obs, lang, deck)])

    def score_line(self, game: Any, lang: str) -> str:
        return self._score(tuple(game.scores), lang)

    def state_lines(self, session: PlaySession, obs: Any, lang: str, deck: str) -> list[str]:
        return [t("hand_no", lang, n=obs.hand_no) + " — " + self._score(_totals(obs.sheet), lang)
                + " | " + hand_points_text(obs.credited, lang),
                self._chosen(obs, lang, deck)]

    def hint_note(self, session: PlaySession, obs: Any, action: Any, value: float | None,
                  raw: int) -> Note:
        # The search values a row by what it writes less what an ordinary hand would write in
        # it (puur.bots.variant_coiffeur: the row's baseline times its multiplier), for the
        # choosing team and against it for the other: the baseline added back is the row value
        # the search expects.
        move = decode(variant_of(obs), raw)
        row, mine = -1, True
        if move.kind == "row":
            row = move.value
        elif obs.row >= 0:
            row = obs.row
            mine = session.sides[obs.chooser] == session.sides[HUMAN]
        if value is None or row < 0:
            return note("hint_plain", style="orange1", action=action)
        discipline, mult = obs.sheet_rows[row]
        expected = (value if mine else -value) + mult * BASELINE[discipline]
        team = session.sides[HUMAN] if mine else 1 - session.sides[HUMAN]
        return note("hint.row", style="orange1", action=action, value=str(round(expected)),
                    team=Team(team),
                    row=Row(row, discipline, mult))

    def replay_info(self, rd: Any, lang: str, deck: str) -> str:
        return self._chosen(rd.observation(-1), lang, deck, mark_you=False)
