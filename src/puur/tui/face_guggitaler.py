"""How the terminal shows Guggitaler (``docs/variants/guggitaler.md``): the deal of six and
what its taker pays, each player's penalty in the deal and his total (fewest points win), the
Domino's four suit rows on the table in place of a trick, and the sheet of the six deals with
each player's penalties and his Domino credit.

Everything comes from the human's :class:`~puur.variants.guggitaler_view.GuggitalerObservation`
and, for finished deals, their observations (everything of a finished deal is public).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from puur.i18n import t
from puur.tui.events import HUMAN
from puur.tui.faces import Grid, GridFace, grid_markup
from puur.tui.notes import Note, note
from puur.tui.render import card_markup, card_text, seat_name, suit_name

if TYPE_CHECKING:
    from puur.tui.session import PlaySession
    from puur.variants.guggitaler_rules import Penalty

__all__ = ["GuggitalerFace", "domino_rows", "penalty_text"]

_DEALS = 6


def _names(n: int, lang: str) -> list[str]:
    return [seat_name(s, lang, mark_you=False, seats=n) for s in range(n)]


def penalty_text(p: Penalty | None, deck: str, lang: str) -> str:
    """What the taker pays in a deal (the Domino: how it is played), and the suit not led."""
    if p is None:
        return t("gg.pen.domino", lang)
    costs = sorted({v for v in p.cards if v})
    if p.name == "all":
        text = t("gg.pen.all", lang)
    elif p.name == "tricks":
        text = t("gg.pen.tricks", lang, points=p.per_trick)
    elif p.name == "last":
        text = t("gg.pen.last", lang, points=p.last)
    elif p.name == "king":
        card = next(c for c, v in enumerate(p.cards) if v)
        text = t("gg.pen.king", lang, points=costs[0], card=card_text(card, deck, lang))
    else:
        text = t(f"gg.pen.{p.name}", lang, points=costs[0] if costs else 0)
    banned = [s for s in range(4) if p.lead_ban >> (9 * s) & 1]
    if banned:
        text += "; " + t("gg.no_lead", lang, suit=", ".join(suit_name(s, deck, lang)
                                                           for s in banned))
    return text


def domino_rows(obs: Any, deck: str, lang: str, markup: bool) -> list[str]:
    """The four suit rows of the Domino, lowest card first ("·" for a suit not started)."""
    out = []
    for s, (lo, hi) in enumerate(obs.table):
        if lo < 0:
            cards = "·"
        elif markup:
            cards = " ".join(card_markup(9 * s + r, deck) for r in range(lo, hi + 1))
        else:
            cards = " ".join(card_text(9 * s + r, deck, lang).split()[-1]
                             for r in range(lo, hi + 1))
        out.append(f"{suit_name(s, deck, lang)}: {cards}")
    return out


class GuggitalerFace(GridFace):
    """Guggitaler: five deals of penalties and a Domino, everyone alone."""

    key = "guggitaler"
    narrow_scores = True
    help_score_key = "help.score_guggitaler"
    help_sheet_key = "help.sheet_guggitaler"

    def intro(self, session: PlaySession, lang: str) -> str:
        return super().intro(session, lang) + " " + t("gg.intro", lang)

    def _deal_line(self, obs: Any, lang: str, deck: str) -> str:
        return t("gg.deal", lang, deal=obs.hand_no, deals=_DEALS,
                 penalty=penalty_text(obs.penalty, deck, lang))

    def _mine(self, obs: Any, lang: str) -> str:
        me = obs.seat if obs.seat >= 0 else HUMAN
        if obs.is_domino:
            out = ", ".join(seat_name(s, lang, mark_you=False, seats=obs.num_seats)
                            for s in obs.out_order) or "–"
            return t("gg.mine_domino", lang, total=obs.totals[me], out=out)
        return t("gg.mine", lang, score=obs.made[me], total=obs.totals[me])

    def status(self, session: PlaySession, obs: Any, lang: str, deck: str) -> tuple[str, str]:
        return self._deal_line(obs, lang, deck), self._mine(obs, lang)

    def table_text(self, obs: Any, lang: str, deck: str) -> str | None:
        """The Domino's rows in place of the trick (None in a deal of tricks)."""
        if not obs.is_domino:
            return None
        rows = domino_rows(obs, deck, lang, markup=True)
        caption = t("gg.domino_caption", lang)
        if obs.open_rank >= 0:
            rank = card_text(obs.open_rank, deck, lang).split()[-1]
            caption += " — " + t("gg.opens", lang, rank=rank)
        return "\n".join(rows) + f"\n[i]{caption}[/]"

    def decision_text(self, obs: Any, lang: str) -> str:
        """The Domino's question: the rows on the table and what may be laid."""
        if not obs.is_domino:
            return ""
        return "\n".join([*domino_rows(obs, "swiss", lang, markup=False),
                          t("gg.decide", lang)])

    def player_grid(self, obs: Any, lang: str) -> Grid:
        """Each player's penalty (or credit) in the deal so far and his total."""
        rows = [[name, str(obs.made[s]), str(obs.totals[s] + obs.result[s])]
                for s, name in enumerate(_names(obs.num_seats, lang))]
        head = t("gg.credit" if obs.is_domino else "gg.deal_col", lang)
        return Grid([t("mo.player", lang), head, t("mo.total", lang)], rows)

    def scores(self, session: PlaySession, lang: str, deck: str, width: int) -> str:
        return grid_markup(self.player_grid(session.observation(), lang), width)

    def summary_grid(self, game: Any, hand_no: int, lang: str, deck: str,
                     brief: bool = False) -> Grid:
        rd = game.rounds[hand_no - 1]
        obs = rd.observation(HUMAN)
        head = ["", *_names(obs.num_seats, lang)]
        label = t("gg.credit" if obs.is_domino else "gg.penalty", lang)
        rows = [[label, *(str(c) for c in rd.credited)],
                [t("mo.total", lang), *(str(a + b) for a, b in zip(obs.totals, obs.result,
                                                                     strict=True))]]
        before = [self._deal_line(obs, lang, deck)]
        if obs.is_domino:
            names = _names(obs.num_seats, lang)
            before.append(t("gg.out_order", lang,
                            order=", ".join(names[s] for s in obs.out_order)))
        return Grid(head, rows, before)

    def sheet_grid(self, game: Any, lang: str, deck: str) -> Grid:
        """The six deals, each player's penalty in each, the Domino credit, the totals."""
        head = ["", *_names(game.num_seats, lang)]
        rows = []
        for rd in game.rounds:
            if not rd.is_over:
                continue
            if rd.is_domino:
                rows.append([t("gg.credit", lang), *(str(-r) for r in rd.result())])
            else:
                rows.append([t("gg.deal_no", lang, deal=rd.hand_no),
                             *(str(r) for r in rd.result())])
        rows.append([t("mo.total", lang), *(str(v) for v in game.scores)])
        return Grid(head, rows)

    def score_line(self, game: Any, lang: str) -> str:
        n = game.num_seats
        each = ", ".join(f"{seat_name(s, lang, seats=n)} {v}" for s, v in enumerate(game.scores))
        return t("gg.totals", lang, each=each, hand=game.hand_no, hands=_DEALS)

    def state_lines(self, session: PlaySession, obs: Any, lang: str, deck: str) -> list[str]:
        out = [self._deal_line(obs, lang, deck), self._mine(obs, lang)]
        if obs.is_domino:
            out += ["  " + row for row in domino_rows(obs, deck, lang, markup=False)]
            if obs.legal_actions:
                out.append(t("gg.decide", lang))
        return out

    def hint_note(self, session: PlaySession, obs: Any, action: Any, value: float | None,
                  raw: int) -> Note:
        # The search's value is minus what the deal adds to the seat's total.
        if value is None:
            return note("hint_plain", style="orange1", action=action)
        return note("hint.points", style="orange1", action=action, value=str(round(-value)))

    def replay_points(self, rd: Any, lang: str) -> str:
        made = ", ".join(f"{name} {m}" for name, m in
                         zip(_names(rd.num_seats, lang), rd.credited, strict=True))
        return t("pair", lang, a=t("gg.deal_col", lang), b=made)

    def replay_info(self, rd: Any, lang: str, deck: str) -> str:
        return self._deal_line(rd.observation(-1), lang, deck)
