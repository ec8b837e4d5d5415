"""How the terminal shows Zuger (``docs/variants/zuger.md``): the trumps and the turned card, the
dealer sitting the hand out, who stays, goes home or says maybe, the settlement, each player's
points in the hand and his written total, and at the end of a hand what everyone wrote.

Everything comes from the human's :class:`~puur.variants.zuger_view.ZugerObservation` and, for
finished hands, their observations (what a finished hand wrote is public).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from puur.i18n import t
from puur.tui.events import HUMAN
from puur.tui.faces import Grid, GridFace, grid_markup
from puur.tui.notes import Note, note
from puur.tui.render import card_markup, card_text, contract_name, seat_name
from puur.variants.zuger_hand import A_HOME, A_MAYBE, A_STAY
from puur.variants.zuger_rules import END_AT, settlement

if TYPE_CHECKING:
    from puur.tui.session import PlaySession

__all__ = ["ZugerFace"]

_SAID = {A_STAY: "zg.role_stay", A_HOME: "zg.role_home", A_MAYBE: "zg.role_maybe"}


def _names(n: int, lang: str) -> list[str]:
    return [seat_name(s, lang, mark_you=False, seats=n) for s in range(n)]


def role(obs: Any, seat: int, lang: str) -> str:
    """Where a player stands in the hand: sitting out, still to speak, his word, and once the
    declaring is over whether he plays, settled, stays alone or went home."""
    if seat == obs.sitting_out:
        return t("zg.role_out", lang)
    if obs.phase in ("force", "declare"):
        return t(_SAID.get(obs.said[seat], "zg.role_wait"), lang)
    if seat not in obs.staying:
        return t("zg.role_home", lang)
    if obs.settled:
        return t("zg.role_settled", lang)
    if len(obs.staying) == 1:
        return t("zg.role_alone", lang)
    return t("zg.role_play", lang)


class ZugerFace(GridFace):
    """Zuger: stay, go home or maybe; points written in tens; 100 ends the game."""

    key = "zuger"
    narrow_scores = True
    help_score_key = "help.score_zuger"
    help_sheet_key = "help.sheet_zuger"

    def intro(self, session: PlaySession, lang: str) -> str:
        r = session.rules
        key = "zg.intro_sum" if r.end == "sum_reaches_100" else "zg.intro_player"
        out = super().intro(session, lang) + " " + t(key, lang, target=END_AT)
        if r.players == 4:
            out += " " + t("zg.intro_dealer", lang, bonus=r.dealer_bonus)
        return out

    def trumps(self, obs: Any, lang: str, deck: str, markup: bool) -> str:
        """The trumps, the turned card and who deals."""
        card = card_markup(obs.turned, deck) if markup else card_text(obs.turned, deck, lang)
        return t("hj.trumps", lang, contract=contract_name(obs.trump, deck, lang), card=card,
                 seat=seat_name(obs.dealer, lang, seats=obs.num_seats))

    def _mine(self, obs: Any, lang: str) -> str:
        me = obs.seat if obs.seat >= 0 else HUMAN
        return t("zg.mine", lang, role=role(obs, me, lang), score=obs.made[me],
                 total=obs.totals[me] + obs.result[me], target=END_AT)

    def offer(self, obs: Any, lang: str) -> str:
        """The settlement offered to the human (empty outside the settling)."""
        if obs.phase != "settle" or obs.seat < 0:
            return ""
        other = next(s for s in obs.staying if s != obs.seat)
        return t("zg.offer", lang, points=settlement(obs.own_weis), weis=obs.own_weis,
                 seat=seat_name(other, lang, seats=obs.num_seats))

    def decision_text(self, obs: Any, lang: str) -> str:
        """The settlement offered, or who is near the end when the human may force play."""
        if obs.phase == "force":
            return t("zg.force_prompt", lang)
        return self.offer(obs, lang)

    def status(self, session: PlaySession, obs: Any, lang: str, deck: str) -> tuple[str, str]:
        line1 = t("hand_no", lang, n=obs.hand_no) + "   " + self.trumps(obs, lang, deck, True)
        offer = self.offer(obs, lang)
        return line1, self._mine(obs, lang) + (f"   {offer}" if offer else "")

    def player_grid(self, obs: Any, lang: str) -> Grid:
        """Each player's part in the hand, points so far and written total."""
        rows = [[name, role(obs, s, lang), str(obs.made[s]), str(obs.totals[s] + obs.result[s])]
                for s, name in enumerate(_names(obs.num_seats, lang))]
        return Grid([t("mo.player", lang), t("hj.in_hand", lang), t("mo.hand", lang),
                     t("zg.total", lang)], rows)

    def scores(self, session: PlaySession, lang: str, deck: str, width: int) -> str:
        return grid_markup(self.player_grid(session.observation(), lang), width)

    def summary_grid(self, game: Any, hand_no: int, lang: str, deck: str,
                     brief: bool = False) -> Grid:
        rd = game.rounds[hand_no - 1]
        obs = rd.observation(HUMAN)
        n = obs.num_seats
        head = ["", *_names(n, lang)]
        rows = [[t("hj.in_hand", lang), *(role(obs, s, lang) for s in range(n))],
                [t("mo.hand", lang), *(str(p) for p in obs.made)],
                [t("zg.written", lang), *(f"{r:+d}" for r in obs.result)],
                [t("zg.total", lang), *(str(a + b) for a, b in zip(obs.totals, obs.result,
                                                                    strict=True))]]
        notes = [self.trumps(obs, lang, deck, markup=False)]
        if obs.redealt:
            notes.append(t("zg.redeal", lang))
        elif obs.settled:
            notes.append(t("zg.settled", lang))
        elif len(obs.staying) == 1:
            notes.append(t("zg.alone", lang, seat=seat_name(obs.staying[0], lang, seats=n)))
        elif obs.forced:
            notes.append(t("zg.forced", lang, seat=seat_name(obs.forcer, lang, seats=n)))
        return Grid(head, rows, notes)

    def hand_total_line(self, game: Any, hand_no: int, lang: str, deck: str) -> str:
        rd = game.rounds[hand_no - 1]
        if not rd.is_over:
            return ""
        names = _names(rd.num_seats, lang)
        each = ", ".join(f"{name} {r:+d}" for name, r in zip(names, rd.result(), strict=True))
        return "  " + t("zg.hand_written", lang, each=each)

    def sheet_grid(self, game: Any, lang: str, deck: str) -> Grid:
        head = ["", *_names(game.num_seats, lang)]
        rows = [[t("hand_no", lang, n=rd.hand_no), *(f"{r:+d}" for r in rd.result())]
                for rd in game.rounds if rd.is_over and not rd.redealt]
        rows.append([t("zg.total", lang), *(str(v) for v in game.scores)])
        return Grid(head, rows)

    def score_line(self, game: Any, lang: str) -> str:
        n = game.num_seats
        each = ", ".join(f"{seat_name(s, lang, seats=n)} {v}" for s, v in enumerate(game.scores))
        return t("zg.totals", lang, each=each, target=END_AT)

    def state_lines(self, session: PlaySession, obs: Any, lang: str, deck: str) -> list[str]:
        n = obs.num_seats
        roles = ", ".join(f"{seat_name(s, lang, seats=n)} {role(obs, s, lang)}"
                          for s in range(n))
        lines = [t("hand_no", lang, n=obs.hand_no) + " — " + self.trumps(obs, lang, deck, False),
                 roles + " — " + self._mine(obs, lang)]
        offer = self.offer(obs, lang)
        return [*lines, offer] if offer else lines

    def hint_note(self, session: PlaySession, obs: Any, action: Any, value: float | None,
                  raw: int) -> Note:
        # The search's value is the written points the hand is expected to bring.
        if value is None:
            return note("hint_plain", style="orange1", action=action)
        return note("zg.hint", style="orange1", action=action, value=f"{value:+.1f}")

    def replay_points(self, rd: Any, lang: str) -> str:
        made = ", ".join(f"{name} {m}" for name, m in
                         zip(_names(rd.num_seats, lang), rd.credited, strict=True))
        return t("pair", lang, a=t("mo.hand", lang), b=made)

    def replay_info(self, rd: Any, lang: str, deck: str) -> str:
        return self.trumps(rd.observation(-1), lang, deck, markup=True)
