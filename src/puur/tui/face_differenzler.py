"""How the terminal shows Differenzler (``docs/variants/differenzler.md``): the trumps and the
card turned for them, each player's forecast as the rules show it (hidden until the end of the
hand by default: only who has forecast), the points each has made so far, the penalty totals,
and at the end of a hand each forecast, the points made and the penalty.

Everything comes from the human's :class:`~puur.variants.differenzler_view.DifferenzlerObservation`
and, for finished hands, their observations (everything of a finished hand is public).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from puur.i18n import t, tn
from puur.tui.events import HUMAN
from puur.tui.faces import Grid, GridFace, grid_markup
from puur.tui.notes import Note, note
from puur.tui.render import card_markup, card_text, contract_name, seat_name

if TYPE_CHECKING:
    from puur.tui.session import PlaySession

__all__ = ["DifferenzlerFace"]


def _forecast_cell(obs: Any, seat: int, lang: str) -> str:
    """A forecast as the observer knows it: the figure, ✓ when made but hidden, · not yet."""
    if obs.forecasts[seat] >= 0:
        return str(obs.forecasts[seat])
    return "✓" if obs.forecast_done[seat] else "·"


def _forecast_word(obs: Any, seat: int, lang: str) -> str:
    """The same in words, for the line mode."""
    if obs.forecasts[seat] >= 0:
        return str(obs.forecasts[seat])
    return t("dz.hidden" if obs.forecast_done[seat] else "dz.not_yet", lang)


class DifferenzlerFace(GridFace):
    """Differenzler: forecasts, points made and penalties, everyone alone."""

    key = "differenzler"
    narrow_scores = True
    help_key = "help.answer_differenzler"
    help_score_key = "help.score_penalties"
    help_sheet_key = "help.sheet_penalties"

    def intro(self, session: PlaySession, lang: str) -> str:
        return super().intro(session, lang) + " " + t(
            "intro.hands", lang, hands=tn("hands.count", session.rules.hands, lang))

    def hand_total_line(self, game: Any, hand_no: int, lang: str, deck: str) -> str:
        if not game.rounds[hand_no - 1].is_over:
            return ""
        obs = game.rounds[hand_no - 1].observation(HUMAN)
        n = obs.num_seats
        each = ", ".join(f"{seat_name(s, lang, mark_you=False, seats=n)} {p}"
                         for s, p in enumerate(obs.penalties))
        return "  " + t("ev.penalties", lang, each=each)

    def _trumps(self, obs: Any, lang: str, deck: str, markup: bool) -> str:
        n = obs.num_seats
        dealer = seat_name(obs.dealer, lang, seats=n)
        what = contract_name(obs.contract, deck, lang)
        if obs.turned < 0:
            return t("dz.trumps_drawn", lang, contract=what, seat=dealer)
        card = card_markup(obs.turned, deck) if markup else card_text(obs.turned, deck, lang)
        return t("dz.trumps_turned", lang, contract=what, card=card, seat=dealer)

    def _mine(self, obs: Any, lang: str) -> str:
        """The human's forecast and how far the points made are from it."""
        me = obs.seat if obs.seat >= 0 else HUMAN
        forecast, made = obs.forecasts[me], obs.made[me]
        if forecast < 0:
            return t("dz.no_forecast", lang)
        if made < forecast:
            return t("dz.to_make", lang, forecast=forecast, missing=forecast - made)
        if made == forecast:
            return t("dz.on_it", lang, forecast=forecast)
        return t("dz.over", lang, forecast=forecast, over=made - forecast)

    def status(self, session: PlaySession, obs: Any, lang: str, deck: str) -> tuple[str, str]:
        line1 = (t("hand_of", lang, hand=obs.hand_no, hands=obs.rules.hands) + "   "
                 + self._trumps(obs, lang, deck, markup=True))
        return line1, self._mine(obs, lang)

    def player_grid(self, obs: Any, lang: str, words: bool = False) -> Grid:
        """Each player's forecast, points made and penalty total (this hand's penalty added
        once it is over)."""
        n = obs.num_seats
        over = obs.phase == "over"
        rows = []
        for s in range(n):
            total = obs.totals[s] + (obs.penalties[s] if over else 0)
            cell = _forecast_word(obs, s, lang) if words else _forecast_cell(obs, s, lang)
            rows.append([seat_name(s, lang, mark_you=False, seats=n), cell, str(obs.made[s]),
                         str(total)])
        return Grid([t("dz.player", lang), t("dz.forecast", lang), t("dz.made", lang),
                     t("dz.total", lang)], rows)

    def scores(self, session: PlaySession, lang: str, deck: str, width: int) -> str:
        return grid_markup(self.player_grid(session.observation(), lang), width)

    def summary_grid(self, game: Any, hand_no: int, lang: str, deck: str,
                     brief: bool = False) -> Grid:
        obs = game.rounds[hand_no - 1].observation(HUMAN)
        n = obs.num_seats
        head = [""] + [seat_name(s, lang, mark_you=False, seats=n) for s in range(n)]
        rows = [
            [t("dz.forecast", lang), *(str(f) for f in obs.forecasts)],
            [t("dz.made", lang), *(str(m) for m in obs.made)],
            [t("dz.penalty", lang), *(str(p) for p in obs.penalties)],
            [t("dz.total", lang), *(str(a + b) for a, b in zip(obs.totals, obs.penalties,
                                                                strict=True))],
        ]
        return Grid(head, rows, [self._trumps(obs, lang, deck, markup=False)])

    def sheet_grid(self, game: Any, lang: str, deck: str) -> Grid:
        n = game.num_seats
        head = [""] + [seat_name(s, lang, mark_you=False, seats=n) for s in range(n)]
        rows = []
        for rd in game.rounds:
            if rd.is_over:
                obs = rd.observation(HUMAN)
                rows.append([t("hand_no", lang, n=obs.hand_no), *(str(p) for p in obs.penalties)])
        rows.append([t("dz.total", lang), *(str(v) for v in game.scores)])
        return Grid(head, rows)

    def score_line(self, game: Any, lang: str) -> str:
        n = game.num_seats
        each = ", ".join(f"{seat_name(s, lang, seats=n)} {v}" for s, v in enumerate(game.scores))
        return t("dz.totals", lang, each=each, hand=game.hand_no, hands=game.rules.hands)

    def state_lines(self, session: PlaySession, obs: Any, lang: str, deck: str) -> list[str]:
        n = obs.num_seats
        forecasts = ", ".join(f"{seat_name(s, lang, seats=n)} {_forecast_word(obs, s, lang)}"
                              for s in range(n))
        made = ", ".join(f"{seat_name(s, lang, seats=n)} {obs.made[s]}" for s in range(n))
        return [t("hand_of", lang, hand=obs.hand_no, hands=obs.rules.hands) + " — "
                + self._trumps(obs, lang, deck, markup=False),
                t("pair", lang, a=t("dz.forecast", lang), b=forecasts),
                t("pair", lang, a=t("dz.made", lang), b=made) + " — " + self._mine(obs, lang)]

    def hint_note(self, session: PlaySession, obs: Any, action: Any, value: float | None,
                  raw: int) -> Note:
        # The search's value is minus the penalty it expects for the seat.
        if value is None:
            return note("hint_plain", style="orange1", action=action)
        return note("hint.penalty", style="orange1", action=action, value=str(round(-value)))

    def replay_points(self, rd: Any, lang: str) -> str:
        n = rd.num_seats
        made = ", ".join(f"{seat_name(s, lang, mark_you=False, seats=n)} {m}"
                         for s, m in enumerate(rd.made))
        return t("pair", lang, a=t("dz.made", lang), b=made)

    def replay_info(self, rd: Any, lang: str, deck: str) -> str:
        obs = rd.observation(-1)
        line = self._trumps(obs, lang, deck, markup=True)
        n = rd.num_seats
        made = ", ".join(f"{seat_name(s, lang, mark_you=False, seats=n)} {f}"
                         for s, f in enumerate(rd.forecasts) if f >= 0)
        if made:
            line += "   " + t("pair", lang, a=t("dz.forecast", lang), b=made)
        return line
