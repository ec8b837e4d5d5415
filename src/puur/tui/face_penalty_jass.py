"""How the terminal shows the Strafpunktjass (``docs/variants/penalty_jass.md``): the penalty
card and whether it was declared, whether trumps are fixed yet and by whom (as Molotow), each
player's penalty points in the hand so far and in the game (the first to the limit loses), and
at the end of a hand who paid for trick 1, the penalty card and the last trick.

Everything comes from the human's
:class:`~puur.variants.penalty_jass_view.PenaltyJassObservation` and, for finished hands, their
observations (everything of a finished hand is public).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from puur.i18n import t
from puur.tui.events import HUMAN
from puur.tui.face_molotow import MolotowFace
from puur.tui.faces import Face, Grid
from puur.tui.notes import Note, note
from puur.tui.render import card_markup, card_text, seat_name

if TYPE_CHECKING:
    from puur.tui.session import PlaySession

__all__ = ["PenaltyJassFace"]


def _names(n: int, lang: str) -> list[str]:
    return [seat_name(s, lang, mark_you=False, seats=n) for s in range(n)]


class PenaltyJassFace(MolotowFace):
    """The Strafpunktjass: Molotow's trumps by the first discard, three penalty points a hand."""

    key = "penalty_jass"
    help_score_key = "help.score_penalty_jass"
    help_sheet_key = "help.sheet_penalty_jass"

    def intro(self, session: PlaySession, lang: str) -> str:
        return Face.intro(self, session, lang) + " " + t("pj.intro", lang,
                                                          limit=session.rules.penalty_limit)

    def card_line(self, obs: Any, lang: str, deck: str, markup: bool) -> str:
        """The penalty card, and who declared it bare."""
        card = (card_markup(obs.rules.penalty_card, deck) if markup
                else card_text(obs.rules.penalty_card, deck, lang))
        if obs.declared_seat >= 0:
            return t("pj.card_declared", lang, card=card, points=obs.rules.bare_points,
                     seat=seat_name(obs.declared_seat, lang, seats=obs.num_seats))
        return t("pj.card", lang, card=card)

    def trumps(self, obs: Any, lang: str, deck: str, markup: bool) -> str:
        if obs.trump < 0:
            return t("pj.no_trumps", lang)
        return super().trumps(obs, lang, deck, markup)

    def _mine(self, obs: Any, lang: str) -> str:
        me = obs.seat if obs.seat >= 0 else HUMAN
        return t("pj.mine", lang, score=obs.penalties[me], total=obs.totals[me],
                 limit=obs.rules.penalty_limit)

    def status(self, session: PlaySession, obs: Any, lang: str, deck: str) -> tuple[str, str]:
        line1 = (t("hand_no", lang, n=obs.hand_no) + "   " + self.card_line(obs, lang, deck, True)
                 + "   " + self.trumps(obs, lang, deck, markup=True))
        return line1, self._mine(obs, lang)

    def player_grid(self, obs: Any, lang: str) -> Grid:
        """Each player's penalty points in the hand so far and in the game."""
        rows = [[name, str(obs.penalties[s]), str(obs.totals[s] + obs.result[s])]
                for s, name in enumerate(_names(obs.num_seats, lang))]
        return Grid([t("mo.player", lang), t("mo.hand", lang), t("mo.total", lang)], rows)

    def summary_grid(self, game: Any, hand_no: int, lang: str, deck: str,
                     brief: bool = False) -> Grid:
        rd = game.rounds[hand_no - 1]
        obs = rd.observation(HUMAN)
        n = obs.num_seats
        head = ["", *_names(n, lang)]

        def row(label: str, kind: str) -> list[str]:
            return [label, *(str(p) for p in _paid(rd, kind, n))]

        rows = [row(t("pj.first_trick", lang), "first_trick"),
                row(t("pj.penalty_card", lang), "penalty_card"),
                row(t("pj.last_trick", lang), "last_trick"),
                [t("mo.score", lang), *(str(r) for r in obs.result)],
                [t("mo.total", lang), *(str(a + b) for a, b in zip(obs.totals, obs.result,
                                                                    strict=True))]]
        return Grid(head, rows, [self.card_line(obs, lang, deck, markup=False) + " — "
                                 + self.trumps(obs, lang, deck, markup=False)])

    def score_line(self, game: Any, lang: str) -> str:
        n = game.num_seats
        each = ", ".join(f"{seat_name(s, lang, seats=n)} {v}" for s, v in enumerate(game.scores))
        return t("pj.totals", lang, each=each, limit=game.rules.penalty_limit)

    def state_lines(self, session: PlaySession, obs: Any, lang: str, deck: str) -> list[str]:
        n = obs.num_seats
        paid = ", ".join(f"{seat_name(s, lang, seats=n)} {obs.penalties[s]}" for s in range(n))
        return [t("hand_no", lang, n=obs.hand_no) + " — " + self.card_line(obs, lang, deck, False)
                + " — " + self.trumps(obs, lang, deck, markup=False),
                t("pair", lang, a=t("mo.hand", lang), b=paid) + " — " + self._mine(obs, lang)]

    def decision_text(self, obs: Any, lang: str) -> str:
        """The declaration's question: the card and what declaring it changes."""
        return t("pj.ask", lang, points=obs.rules.bare_points)

    def hint_note(self, session: PlaySession, obs: Any, action: Any, value: float | None,
                  raw: int) -> Note:
        # The search's value is minus the seat's penalty points of the hand.
        if value is None:
            return note("hint_plain", style="orange1", action=action)
        return note("hint.penalty_jass", style="orange1", action=action, value=f"{-value:.1f}")

    def final_text(self, game: Any, lang: str) -> str:
        n = game.num_seats
        lost = game.losers()
        if not lost:
            return super().final_text(game, lang)
        names = ", ".join(seat_name(s, lang, seats=n) for s in lost)
        return t("pj.lost", lang, seat=names, points=game.scores[lost[0]],
                 limit=game.rules.penalty_limit)


def _paid(rd: Any, kind: str, n: int) -> list[int]:
    """What each seat paid in hand ``rd`` for one kind of penalty."""
    out = [0] * n
    for side, points, k in rd.credits:
        if k == kind:
            out[side] += points
    return out
