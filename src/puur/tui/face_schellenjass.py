"""How the terminal shows Schellenjass (``docs/variants/schellenjass.md``): the penalty suit
(named as the table's pack names it: Schellen, hearts, Schelle …), the penalty cards each
player has taken in the hand and his game total (fewest win; with Striche, the Striche so far
and the target), and at the end of a hand the penalty cards, a Turi and the score of each player.

Everything comes from the human's :class:`~puur.variants.schellenjass_view.SchellenjassObservation`
and, for finished hands, their observations (everything of a finished hand is public).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from puur.i18n import t, tn
from puur.tui.events import HUMAN
from puur.tui.faces import Grid, GridFace, grid_markup
from puur.tui.notes import Note, note
from puur.tui.render import seat_name, suit_name

if TYPE_CHECKING:
    from puur.tui.session import PlaySession

__all__ = ["SchellenjassFace"]


def _names(n: int, lang: str) -> list[str]:
    return [seat_name(s, lang, mark_you=False, seats=n) for s in range(n)]


def _striche(obs_or_game: Any) -> bool:
    return bool(obs_or_game.rules.scoring == "striche")


class SchellenjassFace(GridFace):
    """Schellenjass: no trumps, a point per penalty card taken, everyone alone."""

    key = "schellenjass"
    narrow_scores = True
    help_score_key = "help.score_schellenjass"
    help_sheet_key = "help.sheet_schellenjass"

    def intro(self, session: PlaySession, lang: str) -> str:
        rules = session.rules
        if rules.scoring == "striche":
            return super().intro(session, lang) + " " + t(
                "sj.intro_striche", lang, target=rules.striche_target)
        return super().intro(session, lang) + " " + t(
            "intro.hands", lang, hands=tn("hands.count", rules.hands, lang))

    def penalty(self, obs: Any, lang: str, deck: str) -> str:
        """The penalty suit and who deals."""
        return t("sj.penalty", lang, suit=suit_name(obs.penalty_suit, deck, lang),
                 seat=seat_name(obs.dealer, lang, seats=obs.num_seats))

    def _hand_no(self, obs: Any, lang: str) -> str:
        if _striche(obs):
            return t("hand_no", lang, n=obs.hand_no)
        return t("hand_of", lang, hand=obs.hand_no, hands=obs.rules.hands)

    def _mine(self, obs: Any, lang: str, deck: str) -> str:
        me = obs.seat if obs.seat >= 0 else HUMAN
        suit = suit_name(obs.penalty_suit, deck, lang)
        if _striche(obs):
            return t("sj.mine_striche", lang, suit=suit, taken=obs.taken[me],
                     total=obs.totals[me], target=obs.rules.striche_target)
        return t("sj.mine", lang, suit=suit, taken=obs.taken[me], total=obs.totals[me])

    def status(self, session: PlaySession, obs: Any, lang: str, deck: str) -> tuple[str, str]:
        line1 = self._hand_no(obs, lang) + "   " + self.penalty(obs, lang, deck)
        return line1, self._mine(obs, lang, deck)

    def player_grid(self, obs: Any, lang: str) -> Grid:
        """Each player's penalty cards in the hand so far and his total (this hand's added
        once it is over)."""
        rows = [[name, str(obs.taken[s]), str(obs.totals[s] + obs.result[s])]
                for s, name in enumerate(_names(obs.num_seats, lang))]
        total = t("sj.striche", lang) if _striche(obs) else t("sj.total", lang)
        return Grid([t("sj.player", lang), t("sj.taken", lang), total], rows)

    def scores(self, session: PlaySession, lang: str, deck: str, width: int) -> str:
        return grid_markup(self.player_grid(session.observation(), lang), width)

    def _turi_note(self, obs: Any, lang: str) -> list[str]:
        if obs.turi_seat < 0:
            return []
        who = seat_name(obs.turi_seat, lang, seats=obs.num_seats)
        return [t("sj.turi_striche" if _striche(obs) else "sj.turi", lang, seat=who)]

    def summary_grid(self, game: Any, hand_no: int, lang: str, deck: str,
                     brief: bool = False) -> Grid:
        rd = game.rounds[hand_no - 1]
        obs = rd.observation(HUMAN)
        head = ["", *_names(obs.num_seats, lang)]
        rows = [[t("sj.taken", lang), *(str(p) for p in obs.taken)],
                [t("sj.striche" if _striche(obs) else "sj.score", lang),
                 *(str(r) for r in obs.result)],
                [t("sj.total", lang), *(str(a + b) for a, b in zip(obs.totals, obs.result,
                                                                   strict=True))]]
        return Grid(head, rows, [self.penalty(obs, lang, deck), *self._turi_note(obs, lang)])

    def hand_total_line(self, game: Any, hand_no: int, lang: str, deck: str) -> str:
        rd = game.rounds[hand_no - 1]
        if not rd.is_over:
            return ""
        names = _names(rd.num_seats, lang)
        each = ", ".join(f"{name} {r}" for name, r in zip(names, rd.result(), strict=True))
        return "  " + t("sj.hand_scores", lang, each=each)

    def sheet_grid(self, game: Any, lang: str, deck: str) -> Grid:
        head = ["", *_names(game.num_seats, lang)]
        rows = [[t("hand_no", lang, n=rd.hand_no), *(str(r) for r in rd.result())]
                for rd in game.rounds if rd.is_over]
        rows.append([t("sj.total", lang), *(str(v) for v in game.totals())])
        return Grid(head, rows)

    def score_line(self, game: Any, lang: str) -> str:
        n = game.num_seats
        each = ", ".join(f"{seat_name(s, lang, seats=n)} {v}"
                         for s, v in enumerate(game.totals()))
        if _striche(game):
            return t("sj.totals_striche", lang, each=each, hand=game.hand_no,
                     target=game.rules.striche_target)
        return t("sj.totals", lang, each=each, hand=game.hand_no, hands=game.rules.hands)

    def state_lines(self, session: PlaySession, obs: Any, lang: str, deck: str) -> list[str]:
        n = obs.num_seats
        taken = ", ".join(f"{seat_name(s, lang, seats=n)} {obs.taken[s]}" for s in range(n))
        return [self._hand_no(obs, lang) + " — " + self.penalty(obs, lang, deck),
                t("pair", lang, a=t("sj.taken", lang), b=taken) + " — "
                + self._mine(obs, lang, deck)]

    def hint_note(self, session: PlaySession, obs: Any, action: Any, value: float | None,
                  raw: int) -> Note:
        # The search's value is minus the hand's penalty points for the seat.
        if value is None or _striche(obs):
            return note("hint_plain", style="orange1", action=action)
        return note("hint.points", style="orange1", action=action, value=str(round(-value)))

    def replay_points(self, rd: Any, lang: str) -> str:
        taken = ", ".join(f"{name} {m}" for name, m in
                          zip(_names(rd.num_seats, lang), rd.credited, strict=True))
        return t("pair", lang, a=t("sj.taken", lang), b=taken)

    def replay_info(self, rd: Any, lang: str, deck: str) -> str:
        return self.penalty(rd.observation(-1), lang, deck)
