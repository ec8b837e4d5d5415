"""How the terminal shows Molotow (``docs/variants/molotow.md``): whether trumps are fixed yet
and by whom, each player's score in the hand so far and his game total (fewest points win),
and at the end of a hand the card points, table Weis, own Weis, Stöck and score of each player
(family B: card points, Striche and Nuller).

Everything comes from the human's :class:`~puur.variants.molotow_view.MolotowObservation` and,
for finished hands, their observations (everything of a finished hand is public).
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

__all__ = ["MolotowFace"]


def _names(n: int, lang: str) -> list[str]:
    return [seat_name(s, lang, mark_you=False, seats=n) for s in range(n)]


class MolotowFace(GridFace):
    """Molotow: trumps by the first discard, points against the taker, everyone alone."""

    key = "molotow"
    narrow_scores = True
    help_score_key = "help.score_molotow"
    help_sheet_key = "help.sheet_molotow"

    def intro(self, session: PlaySession, lang: str) -> str:
        return super().intro(session, lang) + " " + t(
            "intro.hands", lang, hands=tn("hands.count", session.rules.hands, lang))

    def trumps(self, obs: Any, lang: str, deck: str, markup: bool) -> str:
        """Whether trumps are fixed, by which card and whose (or who deals, before)."""
        n = obs.num_seats
        if obs.trump < 0:
            return t("mo.no_trumps", lang, seat=seat_name(obs.dealer, lang, seats=n))
        card = (card_markup(obs.trump_card, deck) if markup
                else card_text(obs.trump_card, deck, lang))
        return t("mo.trumps_fixed", lang, contract=contract_name(obs.trump, deck, lang),
                 seat=seat_name(obs.trump_seat, lang, seats=n), card=card)

    def _mine(self, obs: Any, lang: str) -> str:
        me = obs.seat if obs.seat >= 0 else HUMAN
        key = "mo.mine" if obs.rules.family_a else "mo.mine_marks"
        return t(key, lang, score=obs.made[me], total=obs.totals[me])

    def status(self, session: PlaySession, obs: Any, lang: str, deck: str) -> tuple[str, str]:
        line1 = (t("hand_of", lang, hand=obs.hand_no, hands=obs.rules.hands) + "   "
                 + self.trumps(obs, lang, deck, markup=True))
        return line1, self._mine(obs, lang)

    def player_grid(self, obs: Any, lang: str) -> Grid:
        """Each player's score in the hand so far and his total (this hand's added once it is
        over)."""
        rows = [[name, str(obs.made[s]), str(obs.totals[s] + obs.result[s])]
                for s, name in enumerate(_names(obs.num_seats, lang))]
        return Grid([t("mo.player", lang), t("mo.hand", lang), t("mo.total", lang)], rows)

    def scores(self, session: PlaySession, lang: str, deck: str, width: int) -> str:
        return grid_markup(self.player_grid(session.observation(), lang), width)

    def summary_grid(self, game: Any, hand_no: int, lang: str, deck: str,
                     brief: bool = False) -> Grid:
        rd = game.rounds[hand_no - 1]
        obs = rd.observation(HUMAN)
        head = ["", *_names(obs.num_seats, lang)]
        rows = [[t("mo.card_points", lang), *(str(p) for p in rd.trick_points)]]
        if obs.rules.family_a:
            rows += [[t("mo.table_weis", lang), *(str(p) for p in rd.table_weis)],
                     [t("mo.weis", lang), *(str(-p) for p in rd.weis_points())],
                     [t("mo.stoeck", lang), *(str(-p) for p in rd.stoeck_points())]]
        else:
            rows += [[t("mo.striche", lang), *(str(m[0]) for m in obs.marks)],
                     [t("mo.nuller", lang), *(str(m[1]) for m in obs.marks)]]
        rows += [[t("mo.score", lang), *(str(r) for r in obs.result)],
                 [t("mo.total", lang), *(str(a + b) for a, b in zip(obs.totals, obs.result,
                                                                     strict=True))]]
        return Grid(head, rows, [self.trumps(obs, lang, deck, markup=False)])

    def hand_total_line(self, game: Any, hand_no: int, lang: str, deck: str) -> str:
        rd = game.rounds[hand_no - 1]
        if not rd.is_over:
            return ""
        names = _names(rd.num_seats, lang)
        each = ", ".join(f"{name} {r}" for name, r in zip(names, rd.result(), strict=True))
        return "  " + t("mo.hand_scores", lang, each=each)

    def sheet_grid(self, game: Any, lang: str, deck: str) -> Grid:
        head = ["", *_names(game.num_seats, lang)]
        rows = [[t("hand_no", lang, n=rd.hand_no), *(str(r) for r in rd.result())]
                for rd in game.rounds if rd.is_over]
        rows.append([t("mo.total", lang), *(str(v) for v in game.scores)])
        return Grid(head, rows)

    def score_line(self, game: Any, lang: str) -> str:
        n = game.num_seats
        each = ", ".join(f"{seat_name(s, lang, seats=n)} {v}" for s, v in enumerate(game.scores))
        return t("mo.totals", lang, each=each, hand=game.hand_no, hands=game.rules.hands)

    def state_lines(self, session: PlaySession, obs: Any, lang: str, deck: str) -> list[str]:
        n = obs.num_seats
        made = ", ".join(f"{seat_name(s, lang, seats=n)} {obs.made[s]}" for s in range(n))
        return [t("hand_of", lang, hand=obs.hand_no, hands=obs.rules.hands) + " — "
                + self.trumps(obs, lang, deck, markup=False),
                t("pair", lang, a=t("mo.hand", lang), b=made) + " — " + self._mine(obs, lang)]

    def hint_note(self, session: PlaySession, obs: Any, action: Any, value: float | None,
                  raw: int) -> Note:
        # The search's value is minus what the hand adds to the seat's total.
        if value is None or not obs.rules.family_a:
            return note("hint_plain", style="orange1", action=action)
        return note("hint.points", style="orange1", action=action, value=str(round(-value)))

    def replay_points(self, rd: Any, lang: str) -> str:
        made = ", ".join(f"{name} {m}" for name, m in
                         zip(_names(rd.num_seats, lang), rd.credited, strict=True))
        return t("pair", lang, a=t("mo.hand", lang), b=made)

    def replay_info(self, rd: Any, lang: str, deck: str) -> str:
        return self.trumps(rd.observation(-1), lang, deck, markup=True)
