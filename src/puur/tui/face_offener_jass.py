"""How the terminal shows Offener Jass (``docs/variants/offener_jass.md``): the auction (the
highest bid and who holds it), the contract, both players' six positions on the table (the
face-up card, ``▒`` where a face-down card still lies under it or alone, ``·`` where nothing is
left), the card points taken against the bid and both totals against the target. At the end of
a hand the card points, whether the bid was made and what each player wrote.

The human's own face-up cards are played like the cards of his hand: the hand row of the
terminal shows both (:func:`puur.tui.render.playable_cards`). Everything comes from the
human's :class:`~puur.variants.offener_jass_view.OffenerJassObservation` and, for finished
hands, their observations (what a finished hand scored is public).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from puur.i18n import t
from puur.tui.events import HUMAN
from puur.tui.faces import Grid, GridFace, grid_markup
from puur.tui.notes import Note, note
from puur.tui.render import card_markup, card_symbol_text, contract_name, seat_name

if TYPE_CHECKING:
    from puur.tui.session import PlaySession

__all__ = ["OffenerJassFace", "table_row"]

#: The marks of a position: a face-down card lies there; nothing is left.
COVERED = "▒"
EMPTY = "·"


def _name(seat: int, lang: str) -> str:
    return seat_name(seat, lang, mark_you=False, seats=2)


def table_row(obs: Any, seat: int, deck: str, markup: bool) -> str:
    """The six positions of ``seat``: each face-up card, with ``▒`` behind it while a
    face-down card lies under it; ``▒`` alone for a face-down card whose card on top was
    played in this trick; ``·`` for an empty position."""
    out = []
    for c, under in zip(obs.table[seat], obs.covered[seat], strict=True):
        mark = COVERED if under else " "
        if c < 0:
            out.append((COVERED if under else EMPTY) + "  ")
        else:
            face = card_markup(c, deck) if markup else card_symbol_text(c, deck)
            out.append(face + mark)
    return " ".join(out)


class OffenerJassFace(GridFace):
    """Offener Jass: two alone, six in hand and twelve on the table, an auction for trumps."""

    key = "offener_jass"
    narrow_scores = True

    def intro(self, session: PlaySession, lang: str) -> str:
        return super().intro(session, lang) + " " + t("oj.intro", lang,
                                                       target=session.rules.target)

    # -----------------------------------------------------------------------------------------
    # What the hand in play is

    def auction_text(self, obs: Any, lang: str) -> str:
        """The auction as it stands, or the bidder and his bid."""
        if obs.bidder < 0:
            return t("bi.no_bid", lang, seat=_name(obs.to_move, lang))
        key = "sb.declarer" if obs.contract >= 0 else "bi.auction"
        return t(key, lang, seat=_name(obs.bidder, lang), bid=obs.bid)

    def contract_text(self, obs: Any, lang: str, deck: str) -> str:
        """The contract and who named it, or ``""`` before it is named."""
        if obs.contract < 0:
            return ""
        return t("bi.contract_named", lang, contract=contract_name(obs.contract, deck, lang),
                 seat=_name(obs.bidder, lang))

    def taken_text(self, obs: Any, lang: str) -> str:
        """The card points each player took in this hand so far."""
        each = ", ".join(f"{_name(s, lang)} {obs.taken[s]}" for s in range(2))
        return t("pair", lang, a=t("mo.card_points", lang), b=each)

    def totals_text(self, scores: tuple[int, ...], target: int, lang: str) -> str:
        """Both totals and the target."""
        each = ", ".join(f"{_name(s, lang)} {v}" for s, v in enumerate(scores))
        return t("kg.totals", lang, each=each, target=target)

    def table_lines(self, obs: Any, lang: str, deck: str, markup: bool) -> list[str]:
        """Both players' rows of six positions, the opponent first."""
        return [f"{_name(s, lang)}: {table_row(obs, s, deck, markup)}" for s in (1, 0)]

    def status(self, session: PlaySession, obs: Any, lang: str, deck: str) -> tuple[str, str]:
        g = session.game
        line1 = (t("hand_no", lang, n=obs.hand_no) + "   " + self.auction_text(obs, lang)
                 + "   " + self.totals_text(g.scores, g.rules.target, lang))
        line2 = self.contract_text(obs, lang, deck)
        if obs.contract >= 0:
            line2 += "   " + self.taken_text(obs, lang)
        return line1, line2

    def state_lines(self, session: PlaySession, obs: Any, lang: str, deck: str) -> list[str]:
        g = session.game
        out = [t("hand_no", lang, n=obs.hand_no) + " — " + self.auction_text(obs, lang),
               self.totals_text(g.scores, g.rules.target, lang)]
        contract = self.contract_text(obs, lang, deck)
        if contract:
            out.append(contract + " — " + self.taken_text(obs, lang))
        out.append(t("oj.table", lang))
        return out + ["  " + line for line in self.table_lines(obs, lang, deck, False)]

    # -----------------------------------------------------------------------------------------
    # The score panel, the hand summary, the sheet

    def scores(self, session: PlaySession, lang: str, deck: str, width: int) -> str:
        g = session.game
        obs = session.observation()
        rows = [[_name(s, lang), str(obs.taken[s]), str(g.scores[s])] for s in range(2)]
        rows.append([t("bi.target", lang), "", str(g.rules.target)])
        grid = grid_markup(Grid(["", t("mo.card_points", lang), t("bi.total", lang)], rows),
                           width)
        table = "\n".join(self.table_lines(obs, lang, deck, True))
        return f"{grid}\n\n{t('oj.table', lang)}\n{table}"

    def result_text(self, rd: Any, lang: str) -> str:
        """Whether the bid was made, and what was written ("" before the hand is over)."""
        if rd.made is None:
            return ""
        mine, other = rd.bidder, 1 - rd.bidder
        written = rd.result()
        if rd.made >= rd.bid:
            return t("oj.made", lang, seat=_name(mine, lang), bid=rd.bid, points=rd.made,
                     written=written[mine])
        return t("oj.failed", lang, seat=_name(mine, lang), bid=rd.bid, points=rd.made,
                 other=_name(other, lang), written=written[other])

    def summary_grid(self, game: Any, hand_no: int, lang: str, deck: str,
                     brief: bool = False) -> Grid:
        rd = game.rounds[hand_no - 1]
        obs = rd.observation(HUMAN)
        head = ["", *(_name(s, lang) for s in range(2))]
        rows = [[t("mo.card_points", lang), *(str(p) for p in rd.trick_points)],
                [t("bi.hand", lang), *(str(p) for p in rd.result())],
                [t("bi.total", lang), *(str(v) for v in rd.scores_after())]]
        notes = [self.auction_text(obs, lang)]
        contract = self.contract_text(obs, lang, deck)
        if contract:
            notes.append(contract)
        result = self.result_text(rd, lang)
        if result:
            notes.append(result)
        return Grid(head, rows, notes)

    def hand_total_line(self, game: Any, hand_no: int, lang: str, deck: str) -> str:
        rd = game.rounds[hand_no - 1]
        return "  " + self.result_text(rd, lang) if rd.is_over else ""

    def sheet_grid(self, game: Any, lang: str, deck: str) -> Grid:
        head = ["", *(_name(s, lang) for s in range(2))]
        rows = [[t("hand_no", lang, n=rd.hand_no), *(str(v) for v in rd.result())]
                for rd in game.rounds if rd.is_over]
        rows.append([t("bi.total", lang), *(str(v) for v in game.scores)])
        return Grid(head, rows, [f"{t('bi.target', lang)}: {game.rules.target}"])

    def score_line(self, game: Any, lang: str) -> str:
        return self.totals_text(game.scores, game.rules.target, lang)

    def decision_text(self, obs: Any, lang: str) -> str:
        """The auction so far and both rows on the table, over the bid and contract
        dialogs."""
        return "\n".join([self.auction_text(obs, lang),
                          *self.table_lines(obs, lang, "swiss", markup=True)])

    # -----------------------------------------------------------------------------------------
    # The hint, the end, the replay

    def hint_note(self, session: PlaySession, obs: Any, action: Any, value: float | None,
                  raw: int) -> Note:
        # The search's value of a card is what the seat writes less what the other writes; the
        # bids and the contract are the rule player's, without a value.
        if value is None or obs.phase != "play":
            return note("hint_plain", style="orange1", action=action)
        return note("hint.points", style="orange1", action=action, value=f"{value:+.0f}")

    def final_text(self, game: Any, lang: str) -> str:
        w = game.winner
        return t("oj.won", lang, seat=_name(w, lang), points=game.scores[w],
                 target=game.rules.target)

    def replay_points(self, rd: Any, lang: str) -> str:
        return self.taken_text(rd.observation(-1), lang)

    def replay_info(self, rd: Any, lang: str, deck: str) -> str:
        obs = rd.observation(-1)
        contract = self.contract_text(obs, lang, deck)
        return self.auction_text(obs, lang) + ("   " + contract if contract else "")
