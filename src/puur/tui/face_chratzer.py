"""How the terminal shows Chratzer (``docs/variants/chratzer.md``): the trumps and the trump
cards turned, the pot and a trick's share, who chratzt, who came along and who sits out, each
player's tricks and promise and his chip balance, and at the end of a deal what it paid.

Everything comes from the human's :class:`~puur.variants.chratzer_view.ChratzerObservation`
and, for finished deals, their observations (what a finished deal paid is public).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from puur.i18n import t
from puur.tui.events import HUMAN
from puur.tui.faces import Grid, GridFace, grid_markup
from puur.tui.notes import Note, note
from puur.tui.render import card_markup, card_text, contract_name, seat_name
from puur.variants.chratzer_hand import A_WEG

if TYPE_CHECKING:
    from puur.tui.session import PlaySession

__all__ = ["ChratzerFace"]


def _names(n: int, lang: str) -> list[str]:
    return [seat_name(s, lang, mark_you=False, seats=n) for s in range(n)]


def _role(obs: Any, seat: int, lang: str) -> str:
    """Where a player stands in the deal: the Chratzer, came along, out, or still to speak."""
    if seat == obs.chratzer:
        return t("cz.role_chratzer", lang)
    if seat in obs.joined:
        return t("cz.role_forced" if seat == obs.forced else "cz.role_metcho", lang)
    word = obs.said[seat]
    if word == A_WEG and (obs.chratzer >= 0 or obs.phase == "over"):
        return t("cz.role_weg", lang)
    return t("cz.role_wait", lang)


class ChratzerFace(GridFace):
    """Chratzer: chratze for two tricks, come along for one, a quarter of the pot a trick."""

    key = "chratzer"
    narrow_scores = True
    help_score_key = "help.score_chratzer"
    help_sheet_key = "help.sheet_chratzer"

    def intro(self, session: PlaySession, lang: str) -> str:
        r = session.rules
        return super().intro(session, lang) + " " + t("cz.intro", lang, ante=r.ante,
                                                       deals=r.game_deals)

    def trumps(self, obs: Any, lang: str, deck: str, markup: bool) -> str:
        """The trumps, the card that made them and who deals."""
        c = obs.turned
        card = card_markup(c, deck) if markup else card_text(c, deck, lang)
        return t("cz.trumps", lang, contract=contract_name(obs.trump, deck, lang), card=card,
                 seat=seat_name(obs.dealer, lang, seats=obs.num_seats), turn=len(obs.turned_cards),
                 tries=obs.rules.tries)

    def _pot(self, obs: Any, lang: str) -> str:
        return t("cz.pot", lang, pot=obs.pot, share=obs.pot // 4)

    def _mine(self, obs: Any, lang: str) -> str:
        me = obs.seat if obs.seat >= 0 else HUMAN
        return t("cz.mine", lang, role=_role(obs, me, lang), tricks=obs.tricks[me],
                 balance=obs.totals[me] + obs.result[me])

    def status(self, session: PlaySession, obs: Any, lang: str, deck: str) -> tuple[str, str]:
        line1 = (t("hand_no", lang, n=obs.hand_no) + "   " + self.trumps(obs, lang, deck, True)
                 + "   " + self._pot(obs, lang))
        return line1, self._mine(obs, lang)

    def decision_text(self, obs: Any, lang: str) -> str:
        """The pot and, once there is one, the Chratzer and who came along."""
        out = self._pot(obs, lang)
        if obs.chratzer >= 0:
            out += "\n" + t("cz.chratzer_is", lang,
                            seat=seat_name(obs.chratzer, lang, seats=obs.num_seats))
        return out

    def player_grid(self, obs: Any, lang: str) -> Grid:
        """Each player's part in the deal, tricks and promise, and balance."""
        rows = [[name, _role(obs, s, lang), str(obs.tricks[s]), str(obs.promise(s) or "–"),
                 str(obs.totals[s] + obs.result[s])]
                for s, name in enumerate(_names(obs.num_seats, lang))]
        return Grid([t("mo.player", lang), t("hj.in_hand", lang), t("cz.tricks", lang),
                     t("cz.promise", lang), t("cz.chips", lang)], rows)

    def scores(self, session: PlaySession, lang: str, deck: str, width: int) -> str:
        obs = session.observation()
        return (grid_markup(self.player_grid(obs, lang), width) + "\n"
                + self._pot(obs, lang))

    def summary_grid(self, game: Any, hand_no: int, lang: str, deck: str,
                     brief: bool = False) -> Grid:
        rd = game.rounds[hand_no - 1]
        obs = rd.observation(HUMAN)
        head = ["", *_names(obs.num_seats, lang)]
        rows = [[t("hj.in_hand", lang), *(_role(obs, s, lang) for s in range(obs.num_seats))],
                [t("cz.tricks", lang), *(str(k) for k in obs.tricks)],
                [t("cz.deal", lang), *(f"{r:+d}" for r in obs.result)],
                [t("cz.chips", lang), *(str(a + b) for a, b in zip(obs.totals, obs.result,
                                                                    strict=True))]]
        notes = [self.trumps(obs, lang, deck, markup=False), self._pot(obs, lang)]
        if obs.chratzer < 0:
            notes.append(t("cz.nobody", lang))
        elif not rd.num_tricks:
            notes.append(t("cz.alone", lang))
        notes.append(t("cz.carry", lang, carry=obs.carry))
        return Grid(head, rows, notes)

    def hand_total_line(self, game: Any, hand_no: int, lang: str, deck: str) -> str:
        rd = game.rounds[hand_no - 1]
        if not rd.is_over:
            return ""
        names = _names(rd.num_seats, lang)
        each = ", ".join(f"{name} {r:+d}" for name, r in zip(names, rd.result(), strict=True))
        return "  " + t("cz.hand_chips", lang, each=each, carry=rd.carry)

    def sheet_grid(self, game: Any, lang: str, deck: str) -> Grid:
        head = ["", *_names(game.num_seats, lang), t("cz.pot_word", lang)]
        rows = [[t("hand_no", lang, n=rd.hand_no), *(f"{r:+d}" for r in rd.result()),
                 str(rd.carry)] for rd in game.rounds if rd.is_over]
        rows.append([t("cz.chips", lang), *(str(v) for v in game.scores), str(game.pot)])
        return Grid(head, rows)

    def score_line(self, game: Any, lang: str) -> str:
        n = game.num_seats
        each = ", ".join(f"{seat_name(s, lang, seats=n)} {v}" for s, v in enumerate(game.scores))
        return t("cz.totals", lang, each=each, pot=game.pot, played=game.played_deals(),
                 deals=game.rules.game_deals)

    def state_lines(self, session: PlaySession, obs: Any, lang: str, deck: str) -> list[str]:
        n = obs.num_seats
        roles = ", ".join(f"{seat_name(s, lang, seats=n)} {_role(obs, s, lang)}"
                          for s in range(n))
        return [t("hand_no", lang, n=obs.hand_no) + " — " + self.trumps(obs, lang, deck, False)
                + " — " + self._pot(obs, lang), roles + " — " + self._mine(obs, lang)]

    def hint_note(self, session: PlaySession, obs: Any, action: Any, value: float | None,
                  raw: int) -> Note:
        # The search's value is the chips the deal is expected to bring the seat.
        if value is None:
            return note("hint_plain", style="orange1", action=action)
        return note("cz.hint", style="orange1", action=action, value=f"{value:+.1f}")

    def replay_points(self, rd: Any, lang: str) -> str:
        tricks = ", ".join(f"{name} {k}" for name, k in
                           zip(_names(rd.num_seats, lang), rd.tricks_won, strict=True))
        return t("pair", lang, a=t("cz.tricks", lang), b=tricks)

    def replay_info(self, rd: Any, lang: str, deck: str) -> str:
        return self.trumps(rd.observation(-1), lang, deck, markup=True)


