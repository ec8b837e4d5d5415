"""How the terminal shows Hindersi (``docs/variants/hindersi.md``): the trumps and the turned
card, the round and the hand in it, each player's points in the hand and in the round and his
net Striche, and at the end of a hand its points, a player who took every trick and, closing a
round, its marks.

Everything comes from the human's :class:`~puur.variants.hindersi_view.HindersiObservation`
and, for finished hands, their observations (everything of a finished hand is public).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from puur.i18n import t, tn
from puur.tui.events import HUMAN
from puur.tui.faces import Grid, GridFace, grid_markup
from puur.tui.notes import Note, note
from puur.tui.render import card_text, seat_name, suit_name

if TYPE_CHECKING:
    from puur.tui.session import PlaySession

__all__ = ["HindersiFace"]


def _names(n: int, lang: str) -> list[str]:
    return [seat_name(s, lang, mark_you=False, seats=n) for s in range(n)]


class HindersiFace(GridFace):
    """Hindersi: turned trumps, the fewest points of a round win Striche, everyone alone."""

    key = "hindersi"
    narrow_scores = True
    help_score_key = "help.score_hindersi"
    help_sheet_key = "help.sheet_hindersi"

    def intro(self, session: PlaySession, lang: str) -> str:
        rules = session.rules
        return super().intro(session, lang) + " " + t(
            "intro.hands", lang, hands=tn("hands.count", rules.hands, lang))

    def trumps(self, obs: Any, lang: str, deck: str) -> str:
        """The trumps, the turned card, who deals, the round and the hand in it."""
        return t("hi.trumps", lang, suit=suit_name(obs.trump, deck, lang),
                 card=card_text(obs.turned, deck, lang),
                 seat=seat_name(obs.dealer, lang, seats=obs.num_seats),
                 round=obs.round_no, rounds=obs.rules.game_rounds, hand=obs.hand_in_round,
                 per=obs.rules.hands_per_round)

    def _mine(self, obs: Any, lang: str) -> str:
        me = obs.seat if obs.seat >= 0 else HUMAN
        return t("hi.mine", lang, made=obs.made[me], round=obs.round_before[me],
                 net=obs.totals[me])

    def status(self, session: PlaySession, obs: Any, lang: str, deck: str) -> tuple[str, str]:
        return self.trumps(obs, lang, deck), self._mine(obs, lang)

    def player_grid(self, obs: Any, lang: str) -> Grid:
        """Each player's points in the hand, in the round and his net Striche (this hand's
        marks added once it is over)."""
        over = obs.phase == "over"
        rows = [[name, str(obs.points[s] if over else obs.made[s]),
                 str(obs.round_before[s] + (obs.points[s] if over else obs.made[s])),
                 str(obs.totals[s] + obs.result[s])]
                for s, name in enumerate(_names(obs.num_seats, lang))]
        return Grid([t("hi.player", lang), t("hi.points", lang), t("hi.round", lang),
                     t("hi.net", lang)], rows)

    def scores(self, session: PlaySession, lang: str, deck: str, width: int) -> str:
        return grid_markup(self.player_grid(session.observation(), lang), width)

    def _match_note(self, obs: Any, lang: str) -> list[str]:
        if obs.match_seat < 0:
            return []
        return [t("hi.match", lang, seat=seat_name(obs.match_seat, lang, seats=obs.num_seats))]

    def summary_grid(self, game: Any, hand_no: int, lang: str, deck: str,
                     brief: bool = False) -> Grid:
        rd = game.rounds[hand_no - 1]
        obs = rd.observation(HUMAN)
        head = ["", *_names(obs.num_seats, lang)]
        rows = [[t("hi.points", lang), *(str(p) for p in obs.points)],
                [t("hi.round", lang), *(str(a + b) for a, b in zip(obs.round_before, obs.points,
                                                                   strict=True))]]
        if obs.ends_round:
            rows.append([t("hi.marks", lang), *(f"{m:+d}" for m in obs.result)])
        rows.append([t("hi.net", lang), *(str(a + b) for a, b in zip(obs.totals, obs.result,
                                                                     strict=True))])
        return Grid(head, rows, [self.trumps(obs, lang, deck), *self._match_note(obs, lang)])

    def hand_total_line(self, game: Any, hand_no: int, lang: str, deck: str) -> str:
        rd = game.rounds[hand_no - 1]
        if not rd.is_over:
            return ""
        names = _names(rd.num_seats, lang)
        each = ", ".join(f"{name} {p}" for name, p in zip(names, rd.points(), strict=True))
        return "  " + t("hi.hand_scores", lang, each=each)

    def sheet_grid(self, game: Any, lang: str, deck: str) -> Grid:
        head = ["", *_names(game.num_seats, lang)]
        rows = []
        for rd in game.rounds:
            if not rd.is_over:
                continue
            rows.append([t("hand_no", lang, n=rd.hand_no), *(str(p) for p in rd.points())])
            if rd.ends_round:
                rows.append([t("hi.marks", lang), *(f"{m:+d}" for m in rd.marks())])
        rows.append([t("hi.net", lang), *(str(v) for v in game.scores)])
        return Grid(head, rows)

    def score_line(self, game: Any, lang: str) -> str:
        n = game.num_seats
        each = ", ".join(f"{seat_name(s, lang, seats=n)} {v}"
                         for s, v in enumerate(game.scores))
        return t("hi.totals", lang, each=each, hand=game.hand_no, hands=game.rules.hands)

    def state_lines(self, session: PlaySession, obs: Any, lang: str, deck: str) -> list[str]:
        n = obs.num_seats
        made = ", ".join(f"{seat_name(s, lang, seats=n)} {obs.made[s]}" for s in range(n))
        return [self.trumps(obs, lang, deck),
                t("pair", lang, a=t("hi.points", lang), b=made) + " — " + self._mine(obs, lang)]

    def hint_note(self, session: PlaySession, obs: Any, action: Any, value: float | None,
                  raw: int) -> Note:
        # The search's value mixes the round's marks and the hand's points: no single figure.
        return note("hint_plain", style="orange1", action=action)

    def replay_points(self, rd: Any, lang: str) -> str:
        made = ", ".join(f"{name} {m}" for name, m in
                         zip(_names(rd.num_seats, lang), rd.credited, strict=True))
        return t("pair", lang, a=t("hi.points", lang), b=made)

    def replay_info(self, rd: Any, lang: str, deck: str) -> str:
        return self.trumps(rd.observation(-1), lang, deck)
