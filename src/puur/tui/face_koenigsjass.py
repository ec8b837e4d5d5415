"""How the terminal shows Königsjass (``docs/variants/koenigsjass.md``): the trumps and the
turned card, the talon (its size and the card face up on it) or, after a swap, who took it and
the dead hand's size, who exchanged the trump 6, each player's points in the hand and his game
total against the target, and who reached it.

Everything comes from the human's
:class:`~puur.variants.koenigsjass_view.KoenigsjassObservation` and, for finished hands, their
observations (what a finished hand scored is public).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from puur.i18n import t
from puur.tui.events import HUMAN
from puur.tui.faces import Grid, GridFace, grid_markup
from puur.tui.notes import Note, note
from puur.tui.render import card_markup, card_text, contract_name, seat_name

if TYPE_CHECKING:
    from puur.tui.session import PlaySession

__all__ = ["KoenigsjassFace"]


def _names(n: int, lang: str) -> list[str]:
    return [seat_name(s, lang, mark_you=False, seats=n) for s in range(n)]


class KoenigsjassFace(GridFace):
    """Königsjass: three alone, the talon, the first to the target wins at once."""

    key = "koenigsjass"
    narrow_scores = True
    help_score_key = "help.score_koenigsjass"
    help_sheet_key = "help.sheet_koenigsjass"

    def intro(self, session: PlaySession, lang: str) -> str:
        return super().intro(session, lang) + " " + t("kg.intro", lang,
                                                       target=session.rules.target)

    def trumps(self, obs: Any, lang: str, deck: str, markup: bool) -> str:
        """The trumps, the turned card and who deals."""
        card = card_markup(obs.turned, deck) if markup else card_text(obs.turned, deck, lang)
        return t("hj.trumps", lang, contract=contract_name(obs.mode, deck, lang), card=card,
                 seat=seat_name(obs.dealer, lang, seats=obs.num_seats))

    def talon(self, obs: Any, lang: str, deck: str, markup: bool) -> str:
        """The talon with its face-up card, or who took it and the dead hand; who exchanged the
        trump 6."""
        n = obs.num_seats
        if obs.swapper >= 0:
            out = t("kg.taken", lang, seat=seat_name(obs.swapper, lang, seats=n),
                    count=obs.piles[1])
        else:
            up = obs.talon_up()
            card = "–" if up < 0 else card_markup(up, deck) if markup else card_text(up, deck,
                                                                                      lang)
            out = t("kg.talon", lang, count=obs.piles[0], card=card)
        if obs.robber >= 0:
            out += "; " + t("kg.robbed", lang, seat=seat_name(obs.robber, lang, seats=n))
        return out

    def _mine(self, obs: Any, lang: str) -> str:
        me = obs.seat if obs.seat >= 0 else HUMAN
        return t("kg.mine", lang, score=obs.made[me], total=obs.totals[me] + obs.made[me],
                 target=obs.rules.target)

    def status(self, session: PlaySession, obs: Any, lang: str, deck: str) -> tuple[str, str]:
        line1 = (t("hand_no", lang, n=obs.hand_no) + "   " + self.trumps(obs, lang, deck, True)
                 + "   " + self.talon(obs, lang, deck, True))
        return line1, self._mine(obs, lang)

    def player_grid(self, obs: Any, lang: str) -> Grid:
        """Each player's points in the hand so far and his running total."""
        rows = [[name, str(obs.made[s]), str(obs.totals[s] + obs.made[s])]
                for s, name in enumerate(_names(obs.num_seats, lang))]
        return Grid([t("mo.player", lang), t("mo.hand", lang),
                     t("kg.total_of", lang, target=obs.rules.target)], rows)

    def scores(self, session: PlaySession, lang: str, deck: str, width: int) -> str:
        return grid_markup(self.player_grid(session.observation(), lang), width)

    def summary_grid(self, game: Any, hand_no: int, lang: str, deck: str,
                     brief: bool = False) -> Grid:
        rd = game.rounds[hand_no - 1]
        obs = rd.observation(HUMAN)
        n = obs.num_seats
        head = ["", *_names(n, lang)]
        rows = [[t("mo.card_points", lang), *(str(p) for p in rd.trick_points)],
                [t("mo.hand", lang), *(str(p) for p in obs.made)],
                [t("mo.total", lang), *(str(v) for v in rd.scores_after())]]
        notes = [self.trumps(obs, lang, deck, markup=False),
                 self.talon(obs, lang, deck, markup=False)]
        if rd.winner >= 0:
            notes.append(t("kg.winner", lang, seat=seat_name(rd.winner, lang, seats=n),
                           target=obs.rules.target, trick=len(rd.trick_winners)))
        return Grid(head, rows, notes)

    def hand_total_line(self, game: Any, hand_no: int, lang: str, deck: str) -> str:
        rd = game.rounds[hand_no - 1]
        if not rd.is_over:
            return ""
        names = _names(rd.num_seats, lang)
        each = ", ".join(f"{name} +{m}" for name, m in zip(names, rd.credited, strict=True))
        return "  " + t("mo.hand_scores", lang, each=each)

    def sheet_grid(self, game: Any, lang: str, deck: str) -> Grid:
        head = ["", *_names(game.num_seats, lang)]
        rows = [[t("hand_no", lang, n=rd.hand_no), *(str(v) for v in rd.scores_after())]
                for rd in game.rounds if rd.is_over]
        rows.append([t("mo.total", lang), *(str(v) for v in game.scores)])
        return Grid(head, rows)

    def score_line(self, game: Any, lang: str) -> str:
        n = game.num_seats
        each = ", ".join(f"{seat_name(s, lang, seats=n)} {v}" for s, v in enumerate(game.scores))
        return t("kg.totals", lang, each=each, target=game.rules.target)

    def state_lines(self, session: PlaySession, obs: Any, lang: str, deck: str) -> list[str]:
        n = obs.num_seats
        made = ", ".join(f"{seat_name(s, lang, seats=n)} {obs.made[s]}" for s in range(n))
        return [t("hand_no", lang, n=obs.hand_no) + " — " + self.trumps(obs, lang, deck, False)
                + " — " + self.talon(obs, lang, deck, False),
                t("pair", lang, a=t("mo.hand", lang), b=made) + " — " + self._mine(obs, lang)]

    def decision_text(self, obs: Any, lang: str) -> str:
        deck = "swiss"
        return self.trumps(obs, lang, deck, False) + " — " + self.talon(obs, lang, deck, False)

    def hint_note(self, session: PlaySession, obs: Any, action: Any, value: float | None,
                  raw: int) -> Note:
        # The search's value is the seat's points of the hand (and a win).
        if value is None:
            return note("hint_plain", style="orange1", action=action)
        return note("hint.points", style="orange1", action=action, value=str(round(value)))

    def replay_points(self, rd: Any, lang: str) -> str:
        made = ", ".join(f"{name} {m}" for name, m in
                         zip(_names(rd.num_seats, lang), rd.credited, strict=True))
        return t("pair", lang, a=t("mo.hand", lang), b=made)

    def replay_info(self, rd: Any, lang: str, deck: str) -> str:
        return self.trumps(rd.observation(-1), lang, deck, markup=True)
