"""How the terminal shows Handjass (``docs/variants/handjass.md``): the trumps and the turned
card, who plays, who dropped out of the hand and who has left the game, each player's points in
the hand and his Striche, Nuller and net, and at the end of a hand who got a Strich or a Nuller.

Everything comes from the human's :class:`~puur.variants.handjass_view.HandjassObservation` and,
for finished hands, their observations (what a finished hand scored is public).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from puur.i18n import t
from puur.tui.events import HUMAN
from puur.tui.faces import Grid, GridFace, grid_markup
from puur.tui.notes import Note, note
from puur.tui.render import card_markup, card_text, contract_name, seat_name
from puur.variants.handjass_hand import A_DROP, A_MAYBE, A_PLAY, A_SWAP

if TYPE_CHECKING:
    from puur.tui.session import PlaySession

__all__ = ["HandjassFace"]

_ROLES = {A_PLAY: "hj.role_play", A_DROP: "hj.role_drop", A_SWAP: "hj.role_swap",
          A_MAYBE: "hj.role_maybe"}


def _names(n: int, lang: str) -> list[str]:
    return [seat_name(s, lang, mark_you=False, seats=n) for s in range(n)]


def _role(obs: Any, seat: int, lang: str) -> str:
    """Where a player stands in the hand: out of the game, dropped, swapped, playing, or still
    to speak."""
    if seat not in obs.active:
        return t("hj.role_left", lang)
    word = obs.said[seat]
    return t(_ROLES.get(word, "hj.role_wait"), lang)


class HandjassFace(GridFace):
    """Handjass: play or drop, Striche for the best totals, the last one left loses."""

    key = "handjass"
    narrow_scores = True
    help_score_key = "help.score_handjass"
    help_sheet_key = "help.sheet_handjass"

    def intro(self, session: PlaySession, lang: str) -> str:
        r = session.rules
        key = "hj.intro_elimination" if r.end == "elimination" else "hj.intro_first"
        return super().intro(session, lang) + " " + t(key, lang, target=r.target,
                                                       minimum=r.minimum)

    def trumps(self, obs: Any, lang: str, deck: str, markup: bool) -> str:
        """The trumps, the turned card and who deals."""
        card = card_markup(obs.turned, deck) if markup else card_text(obs.turned, deck, lang)
        return t("hj.trumps", lang, contract=contract_name(obs.trump, deck, lang), card=card,
                 seat=seat_name(obs.dealer, lang, seats=obs.num_seats))

    def _mine(self, obs: Any, lang: str) -> str:
        me = obs.seat if obs.seat >= 0 else HUMAN
        return t("hj.mine", lang, role=_role(obs, me, lang), score=obs.made[me],
                 net=obs.totals[me] + obs.result[me], target=obs.rules.target)

    def status(self, session: PlaySession, obs: Any, lang: str, deck: str) -> tuple[str, str]:
        line1 = t("hand_no", lang, n=obs.hand_no) + "   " + self.trumps(obs, lang, deck, True)
        return line1, self._mine(obs, lang)

    def player_grid(self, obs: Any, marks: tuple[tuple[int, int], ...], lang: str) -> Grid:
        """Each player's part in the hand, points so far, Striche and Nuller of the game
        (``marks``) and net."""
        rows = []
        for s, name in enumerate(_names(obs.num_seats, lang)):
            st, nu = marks[s]
            rows.append([name, _role(obs, s, lang), str(obs.made[s]), str(st), str(nu),
                         str(obs.totals[s] + obs.result[s])])
        return Grid([t("mo.player", lang), t("hj.in_hand", lang), t("mo.hand", lang),
                     t("mo.striche", lang), t("mo.nuller", lang), t("hj.net", lang)], rows)

    def scores(self, session: PlaySession, lang: str, deck: str, width: int) -> str:
        marks = session.game.marks()
        return grid_markup(self.player_grid(session.observation(), marks, lang), width)

    def summary_grid(self, game: Any, hand_no: int, lang: str, deck: str,
                     brief: bool = False) -> Grid:
        rd = game.rounds[hand_no - 1]
        obs = rd.observation(HUMAN)
        head = ["", *_names(obs.num_seats, lang)]
        rows = [[t("hj.in_hand", lang), *(_role(obs, s, lang) for s in range(obs.num_seats))],
                [t("mo.hand", lang), *(str(p) for p in obs.made)],
                [t("mo.striche", lang), *(str(m[0]) for m in obs.marks)],
                [t("mo.nuller", lang), *(str(m[1]) for m in obs.marks)],
                [t("hj.net", lang), *(str(a + b) for a, b in zip(obs.totals, obs.result,
                                                                   strict=True))]]
        notes = [self.trumps(obs, lang, deck, markup=False)]
        if not rd.num_tricks:
            notes.append(t("hj.no_play", lang))
        return Grid(head, rows, notes)

    def hand_total_line(self, game: Any, hand_no: int, lang: str, deck: str) -> str:
        rd = game.rounds[hand_no - 1]
        if not rd.is_over:
            return ""
        names = _names(rd.num_seats, lang)
        each = ", ".join(f"{name} {r:+d}" for name, r in zip(names, rd.result(), strict=True))
        return "  " + t("hj.hand_marks", lang, each=each)

    def sheet_grid(self, game: Any, lang: str, deck: str) -> Grid:
        head = ["", *_names(game.num_seats, lang)]
        rows = [[t("hand_no", lang, n=rd.hand_no), *(f"{r:+d}" if s in rd.active else "–"
                                                   for s, r in enumerate(rd.result()))]
                for rd in game.rounds if rd.is_over]
        rows.append([t("hj.net", lang), *(str(v) for v in game.scores)])
        return Grid(head, rows)

    def score_line(self, game: Any, lang: str) -> str:
        n = game.num_seats
        left = game.left_after()
        each = ", ".join(
            f"{seat_name(s, lang, seats=n)} {v}" + (f" ({t('hj.role_left', lang)})"
                                                    if left[s] else "")
            for s, v in enumerate(game.scores))
        return t("hj.totals", lang, each=each, target=game.rules.target)

    def state_lines(self, session: PlaySession, obs: Any, lang: str, deck: str) -> list[str]:
        n = obs.num_seats
        roles = ", ".join(f"{seat_name(s, lang, seats=n)} {_role(obs, s, lang)}"
                          for s in range(n))
        return [t("hand_no", lang, n=obs.hand_no) + " — " + self.trumps(obs, lang, deck, False),
                roles + " — " + self._mine(obs, lang)]

    def hint_note(self, session: PlaySession, obs: Any, action: Any, value: float | None,
                  raw: int) -> Note:
        # The search's value is the net Striche the hand is expected to bring.
        if value is None:
            return note("hint_plain", style="orange1", action=action)
        return note("hj.hint", style="orange1", action=action, value=f"{value:+.1f}")

    def replay_points(self, rd: Any, lang: str) -> str:
        made = ", ".join(f"{name} {m}" for name, m in
                         zip(_names(rd.num_seats, lang), rd.credited, strict=True))
        return t("pair", lang, a=t("mo.hand", lang), b=made)

    def replay_info(self, rd: Any, lang: str, deck: str) -> str:
        return self.trumps(rd.observation(-1), lang, deck, markup=True)
