"""How the terminal shows Sidi Barrani (``docs/variants/sidi_barrani.md``): the auction (the
highest bid and who holds it, a double), the declarer with his bid and contract, both teams'
points against the target. At the end of a hand each team's points by kind (card points, the
bid, Weis, Stöck), whether the bid was made, and the totals after it.

Everything comes from the human's
:class:`~puur.variants.sidi_barrani_view.SidiBarraniObservation` and, for finished hands, the
hand's public record (the auction and every credit are public).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from puur.i18n import t
from puur.tui.faces import Grid, GridFace, grid_markup
from puur.tui.notes import Note, note
from puur.tui.render import contract_name, hand_points_text, seat_name, team_name

if TYPE_CHECKING:
    from puur.tui.session import PlaySession

__all__ = ["SidiBarraniFace"]

#: The kinds of credit a hand's rows add up, in the order of the summary.
_KINDS = (("trick", "bi.tricks"), ("bid", "sb.bid_row"), ("weis", "bi.weis"),
          ("stoeck", "bi.stoeck"))


class SidiBarraniFace(GridFace):
    """Sidi Barrani: two teams bid card points for the contract."""

    key = "sidi_barrani"

    def intro(self, session: PlaySession, lang: str) -> str:
        return super().intro(session, lang) + " " + t(
            "sb.intro", lang, target=session.rules.target)

    # -----------------------------------------------------------------------------------------
    # What the hand in play is

    def auction_text(self, obs: Any, lang: str) -> str:
        """The auction as it stands, or the declarer and his bid (and who doubled it)."""
        if obs.bidder < 0:
            if obs.thrown_in:
                return t("sb.thrown_in", lang)
            return t("bi.no_bid", lang, seat=seat_name(obs.to_move, lang))
        key = "sb.declarer" if obs.chooser >= 0 else "bi.auction"
        text = t(key, lang, seat=seat_name(obs.bidder, lang), bid=obs.bid)
        if obs.doubled:
            text += " — " + t("sb.doubled", lang, seat=seat_name(obs.doubler, lang))
        return text

    def contract_text(self, obs: Any, lang: str, deck: str) -> str:
        """The contract and its declarer, or ``""`` before it is named."""
        if obs.contract < 0:
            return ""
        return t("bi.contract_named", lang, contract=contract_name(obs.contract, deck, lang),
                 seat=seat_name(obs.chooser, lang))

    def score_text(self, scores: tuple[int, ...], target: int, lang: str) -> str:
        """Both teams' totals and the target."""
        return t("score_line", lang, team0=team_name(0, lang), team1=team_name(1, lang),
                 s0=scores[0], s1=scores[1], target=target)

    def status(self, session: PlaySession, obs: Any, lang: str, deck: str) -> tuple[str, str]:
        g = session.game
        line1 = (t("hand_no", lang, n=obs.hand_no) + "   " + self.auction_text(obs, lang)
                 + "   " + self.score_text(g.scores, g.rules.target, lang))
        line2 = self.contract_text(obs, lang, deck)
        if obs.contract >= 0:
            line2 += "   " + hand_points_text(obs.credited, lang)
        return line1, line2

    def state_lines(self, session: PlaySession, obs: Any, lang: str, deck: str) -> list[str]:
        g = session.game
        out = [t("hand_no", lang, n=obs.hand_no) + " — " + self.auction_text(obs, lang),
               self.score_text(g.scores, g.rules.target, lang)]
        contract = self.contract_text(obs, lang, deck)
        return [*out, contract] if contract else out

    # -----------------------------------------------------------------------------------------
    # The score panel, the hand summary, the sheet

    def scores(self, session: PlaySession, lang: str, deck: str, width: int) -> str:
        g = session.game
        obs = session.observation()
        rows = [[team_name(k, lang), str(obs.credited[k]), str(g.scores[k])] for k in (0, 1)]
        rows.append([t("bi.target", lang), "", str(g.rules.target)])
        return grid_markup(Grid(["", t("bi.hand", lang), t("bi.total", lang)], rows), width)

    def summary_grid(self, game: Any, hand_no: int, lang: str, deck: str,
                     brief: bool = False) -> Grid:
        rd = game.rounds[hand_no - 1]
        obs = rd.observation(-1)
        head = ["", team_name(0, lang), team_name(1, lang)]
        if rd.thrown_in:
            return Grid(head, [], [t("sb.thrown_in", lang)])
        sums: dict[str, list[int]] = {}
        for team, points, kind in rd.credits:
            key = "trick" if kind == "last" else kind
            sums.setdefault(key, [0, 0])[team] += points
        rows = [[t(label, lang), *(str(v) for v in sums[kind])]
                for kind, label in _KINDS if kind in sums]
        totals = [rd.totals[k] + rd.credited[k] for k in (0, 1)]
        rows += [[t("bi.hand", lang), *(str(p) for p in rd.credited)],
                 [t("bi.total", lang), *(str(v) for v in totals)]]
        before = [self.auction_text(obs, lang)]
        contract = self.contract_text(obs, lang, deck)
        if contract:
            before.append(contract)
        if rd.made is not None:
            team = rd.chooser & 1
            before.append(t("sb.made" if rd.made else "sb.failed", lang,
                            team=team_name(team, lang), bid=rd.bid,
                            points=rd.trick_points[team]))
        return Grid(head, rows, before)

    def sheet_grid(self, game: Any, lang: str, deck: str) -> Grid:
        head = ["", team_name(0, lang), team_name(1, lang)]
        rows = [[t("hand_no", lang, n=rd.hand_no), *(str(p) for p in rd.credited)]
                for rd in game.rounds if rd.is_over and not rd.thrown_in]
        rows.append([t("bi.total", lang), *(str(v) for v in game.scores)])
        return Grid(head, rows, [f"{t('bi.target', lang)}: {game.rules.target}"])

    def score_line(self, game: Any, lang: str) -> str:
        return self.score_text(game.scores, game.rules.target, lang)

    # -----------------------------------------------------------------------------------------
    # The hint, the end, the replay

    def hint_note(self, session: PlaySession, obs: Any, action: Any, value: float | None,
                  raw: int) -> Note:
        # The search's value of a card is the hand's points difference (its calls and contract
        # are the rule player's, without a value).
        if value is None or obs.phase != "play":
            return note("hint_plain", style="orange1", action=action)
        return note("bi.hint", style="orange1", action=action, value=f"{value:+.0f}")

    def final_text(self, game: Any, lang: str) -> str:
        w = game.winner
        return t("sb.won", lang, team=team_name(w, lang), points=game.scores[w],
                 target=game.rules.target)

    def replay_info(self, rd: Any, lang: str, deck: str) -> str:
        obs = rd.observation(-1)
        contract = self.contract_text(obs, lang, deck)
        return self.auction_text(obs, lang) + ("   " + contract if contract else "")
