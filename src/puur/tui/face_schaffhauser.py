"""How the terminal shows Schaffhauser (``docs/variants/schaffhauser.md``): the game of the
series and its König (★), the trump card the dealer turned (it is his), the König's choice to
play or decline, the two columns against their targets (the König's 350, the Bauern's 1000)
and the series table: each game's König, who won it and its columns, and the games each player
has won. At the end of a hand the points of both columns by kind (tricks, Weis, Stöck, a Match,
a declined hand) and the totals after it.

Everything comes from the human's
:class:`~puur.variants.schaffhauser_view.SchaffhauserObservation` and, for finished hands and
games, the public facts of the game (every hand of Schaffhauser is public once over).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from puur.i18n import t
from puur.tui.faces import Grid, GridFace, grid_markup
from puur.tui.notes import Note, note
from puur.tui.render import card_markup, card_text, contract_name, seat_name

if TYPE_CHECKING:
    from puur.tui.session import PlaySession

__all__ = ["SchaffhauserFace"]

#: The kinds of credit a hand's rows add up, in the order of the summary.
_KINDS = (("trick", "bi.tricks"), ("weis", "bi.weis"), ("stoeck", "bi.stoeck"),
          ("match", "bi.match"), ("declined", "bi.declined_row"))


def _seat(s: int, lang: str, mark_you: bool = True) -> str:
    return seat_name(s, lang, mark_you=mark_you, seats=3)


def _side(side: int, lang: str) -> str:
    return t("bi.koenig_col" if side == 0 else "bi.bauern_col", lang)


class SchaffhauserFace(GridFace):
    """Schaffhauser: the König alone against two for a game, three games a series."""

    key = "schaffhauser"
    narrow_scores = True

    def intro(self, session: PlaySession, lang: str) -> str:
        rules = session.rules
        return super().intro(session, lang) + " " + t(
            "sh.intro", lang, koenig=rules.koenig_target, target=rules.target, games=rules.games)

    def seat_mark(self, obs: Any, seat: int) -> str:
        """★ on the König."""
        return " ★" if seat == obs.koenig else ""

    # -----------------------------------------------------------------------------------------
    # What the hand in play is

    def game_text(self, obs: Any, lang: str, mark_you: bool = True) -> str:
        """The game of the series and its König."""
        return t("sh.game", lang, game=obs.game_no, games=obs.rules.games,
                 seat=_seat(obs.koenig, lang, mark_you))

    def trump_text(self, obs: Any, lang: str, deck: str, markup: bool,
                   mark_you: bool = True) -> str:
        """The trumps and the card the dealer turned for them."""
        card = card_markup(obs.turned, deck) if markup else card_text(obs.turned, deck, lang)
        out = t("sh.turned", lang, contract=contract_name(obs.contract, deck, lang), card=card,
                seat=_seat(obs.dealer, lang, mark_you))
        if obs.declined:
            out += " — " + t("bi.declined", lang)
        return out

    def columns_text(self, obs: Any, lang: str) -> str:
        """Both columns of the game against their targets (the hand in play counted)."""
        k, b = obs.totals[0] + obs.team_points[0], obs.totals[1] + obs.team_points[1]
        return t("sh.columns", lang, koenig=k, need=obs.targets[0], bauern=b,
                 target=obs.targets[1])

    def status(self, session: PlaySession, obs: Any, lang: str, deck: str) -> tuple[str, str]:
        line1 = (t("hand_no", lang, n=obs.hand_no) + "   " + self.game_text(obs, lang)
                 + "   " + self.columns_text(obs, lang))
        return line1, self.trump_text(obs, lang, deck, markup=True)

    def state_lines(self, session: PlaySession, obs: Any, lang: str, deck: str) -> list[str]:
        return [t("hand_no", lang, n=obs.hand_no) + " — " + self.game_text(obs, lang),
                self.columns_text(obs, lang), self.trump_text(obs, lang, deck, markup=False)]

    def decision_text(self, obs: Any, lang: str) -> str:
        """The decline question: what declining gives the Bauern, and where the game stands."""
        return t("bi.declined", lang) + "\n" + self.columns_text(obs, lang)

    # -----------------------------------------------------------------------------------------
    # The score panel, the hand summary, the sheet

    def column_grid(self, obs: Any, lang: str) -> Grid:
        """Each column's points in this hand, its total and its target."""
        k, b = obs.totals[0] + obs.team_points[0], obs.totals[1] + obs.team_points[1]
        rows = [[t("bi.koenig_col", lang), str(obs.team_points[0]), str(k), str(obs.targets[0])],
                [t("bi.bauern_col", lang), str(obs.team_points[1]), str(b), str(obs.targets[1])]]
        return Grid(["", t("bi.hand", lang), t("bi.total", lang), t("bi.target", lang)], rows,
                    [self.game_text(obs, lang)])

    def series_grid(self, game: Any, lang: str) -> Grid:
        """The series so far: each game's König, winner and columns; the games each won."""
        rows = []
        for i, (koenig, won, kc, bc) in enumerate(game.games(), start=1):
            rows.append([t("sh.game_label", lang, game=i), _seat(koenig, lang, mark_you=False),
                         _side(won, lang), f"{kc} / {bc}"])
        wins = ", ".join(f"{_seat(s, lang, mark_you=False)} {w}"
                         for s, w in enumerate(game.scores))
        head = ["", t("bi.koenig_col", lang), t("sh.winner", lang), t("sh.points", lang)]
        return Grid(head, rows, [t("sh.games_won", lang, wins=wins)])

    def scores(self, session: PlaySession, lang: str, deck: str, width: int) -> str:
        obs = session.observation()
        return (grid_markup(self.column_grid(obs, lang), width) + "\n\n"
                + grid_markup(self.series_grid(session.game, lang), width))

    def summary_grid(self, game: Any, hand_no: int, lang: str, deck: str,
                     brief: bool = False) -> Grid:
        rd = game.rounds[hand_no - 1]
        obs = rd.observation(-1)
        head = ["", t("bi.koenig_col", lang), t("bi.bauern_col", lang)]
        sums: dict[str, list[int]] = {}
        for seat, points, kind in rd.credits:
            key = "trick" if kind == "last" else kind
            sums.setdefault(key, [0, 0])[rd.team(seat)] += points
        rows = [[t(label, lang), *(str(v) for v in sums[kind])]
                for kind, label in _KINDS if kind in sums]
        k, b = rd.totals[0] + rd.team_points[0], rd.totals[1] + rd.team_points[1]
        rows += [[t("bi.hand", lang), *(str(p) for p in rd.team_points)],
                 [t("bi.total", lang), str(k), str(b)]]
        before = [self.game_text(obs, lang, mark_you=False),
                  self.trump_text(obs, lang, deck, markup=False, mark_you=False)]
        if rd.winner >= 0:
            before.append(self.game_won_text(rd, lang))
        return Grid(head, rows, before)

    def game_won_text(self, rd: Any, lang: str) -> str:
        """Who won the game a hand ended."""
        if rd.winner == 0:
            return t("sh.won_koenig", lang, seat=_seat(rd.koenig, lang, mark_you=False),
                     need=rd.targets[0])
        return t("bi.won_bauern", lang, target=rd.targets[1])

    def hand_total_line(self, game: Any, hand_no: int, lang: str, deck: str) -> str:
        rd = game.rounds[hand_no - 1]
        if not rd.is_over:
            return ""
        k, b = rd.team_points
        return "  " + t("bi.hand_line", lang, koenig=k, bauern=b)

    def sheet_grid(self, game: Any, lang: str, deck: str) -> Grid:
        """The hands of the game in play, its totals and targets, then the series."""
        head = ["", t("bi.koenig_col", lang), t("bi.bauern_col", lang)]
        now = game.round.game_no
        rows = [[t("hand_no", lang, n=rd.hand_no), *(str(p) for p in rd.team_points)]
                for rd in game.rounds if rd.is_over and rd.game_no == now]
        k, b = game.columns()
        rows.append([t("bi.total", lang), str(k), str(b)])
        rows.append([t("bi.target", lang), *(str(x) for x in game.round.targets)])
        series = self.series_grid(game, lang)
        before = [t("sh.game", lang, game=now, games=game.rules.games,
                    seat=_seat(game.round.koenig, lang, mark_you=False))]
        before += [" — ".join(row) for row in series.rows] + series.before
        return Grid(head, rows, before)

    def score_line(self, game: Any, lang: str) -> str:
        k, b = game.columns()
        r = game.round
        wins = ", ".join(f"{_seat(s, lang, mark_you=False)} {w}"
                         for s, w in enumerate(game.scores))
        return (t("sh.columns", lang, koenig=k, need=r.targets[0], bauern=b,
                  target=r.targets[1]) + " — " + t("sh.games_won", lang, wins=wins))

    # -----------------------------------------------------------------------------------------
    # The hint, the end, the replay

    def hint_note(self, session: PlaySession, obs: Any, action: Any, value: float | None,
                  raw: int) -> Note:
        # The search's value of a card: the hand's progress of the seat's column less the other's.
        if value is None or obs.phase != "play":
            return note("hint_plain", style="orange1", action=action)
        return note("bi.hint", style="orange1", action=action, value=f"{value:+.0f}")

    def final_text(self, game: Any, lang: str) -> str:
        best = max(game.scores)
        who = ", ".join(_seat(s, lang, mark_you=False)
                        for s, w in enumerate(game.scores) if w == best)
        return (self.game_won_text(game.round, lang) + " — "
                + t("sh.series_won", lang, who=who, won=best, games=game.rules.games))

    def replay_points(self, rd: Any, lang: str) -> str:
        k, b = rd.team_points
        return t("bi.hand_line", lang, koenig=k, bauern=b)

    def replay_info(self, rd: Any, lang: str, deck: str) -> str:
        obs = rd.observation(-1)
        return (self.game_text(obs, lang, mark_you=False) + "   "
                + self.trump_text(obs, lang, deck, markup=True, mark_you=False))
