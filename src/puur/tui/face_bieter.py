"""How the terminal shows Bieter (``docs/variants/bieter.md``): the auction (the highest bid
and who holds it), the König and his bid, the contract (named by the König in the first hand,
turned by the dealer later), the talon's face-up cards and the called card, and the two
columns against their targets: the König's bid, the Bauern's 1000. At the end of a hand the
points of both columns by kind (tricks, Weis, Stöck, the König's discards, a Match, a declined
hand) and the totals after it.

Everything comes from the human's :class:`~puur.variants.bieter_view.BieterObservation` and,
for finished hands, their spectator's observations (a finished hand is public, the König's
discards only as points). With five players the hand's columns stay hidden until the called
card falls, as the observation hides them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from puur.cards import bits
from puur.i18n import t
from puur.tui.faces import Grid, GridFace, grid_markup
from puur.tui.notes import Note, note
from puur.tui.render import card_markup, card_text, contract_name, seat_name

if TYPE_CHECKING:
    from puur.tui.session import PlaySession

__all__ = ["BieterFace"]

#: The kinds of credit a hand's rows add up, in the order of the summary.
_KINDS = (("trick", "bi.tricks"), ("weis", "bi.weis"), ("stoeck", "bi.stoeck"),
          ("talon", "bi.talon"), ("match", "bi.match"), ("declined", "bi.declined_row"))


def _seat(s: int, obs: Any, lang: str, mark_you: bool = True) -> str:
    return seat_name(s, lang, mark_you=mark_you, seats=obs.num_seats)


class BieterFace(GridFace):
    """Bieter: the König alone (or with a called partner) against the others."""

    key = "bieter"
    bid_field = True  # a number field for the numeric bids, not a button for each
    narrow_scores = True

    def intro(self, session: PlaySession, lang: str) -> str:
        return super().intro(session, lang) + " " + t(
            "bi.intro", lang, target=session.rules.target)

    def seat_mark(self, obs: Any, seat: int) -> str:
        """★ on the König, ☆ on his partner once known."""
        if seat == obs.koenig:
            return " ★"
        return " ☆" if seat == obs.partner else ""

    # -----------------------------------------------------------------------------------------
    # What the hand in play is

    def auction_text(self, obs: Any, lang: str) -> str:
        """The auction as it stands, or the König and his bid."""
        if obs.koenig >= 0:
            return t("bi.koenig", lang, seat=_seat(obs.koenig, obs, lang), bid=obs.bid)
        best = max(obs.bids)
        if not best:
            return t("bi.no_bid", lang, seat=_seat(obs.to_move, obs, lang))
        holder = obs.bids.index(best)
        return t("bi.auction", lang, bid=best, seat=_seat(holder, obs, lang))

    def contract_text(self, obs: Any, lang: str, deck: str, markup: bool) -> str:
        """The contract and where it came from, the talon and the called card."""
        parts: list[str] = []
        if obs.contract >= 0:
            what = contract_name(obs.contract, deck, lang)
            if obs.turned >= 0:
                card = (card_markup(obs.turned, deck) if markup
                        else card_text(obs.turned, deck, lang))
                parts.append(t("bi.contract_turned", lang, contract=what, card=card,
                               seat=_seat(obs.dealer, obs, lang)))
            else:
                parts.append(t("bi.contract_named", lang, contract=what,
                               seat=_seat(obs.koenig, obs, lang)))
        if obs.talon_up:
            cards = " ".join(card_markup(c, deck) if markup else card_text(c, deck, lang)
                             for c in bits(obs.talon_up))
            parts.append(t("bi.talon_up", lang, cards=cards))
        if obs.called >= 0:
            card = (card_markup(obs.called, deck) if markup
                    else card_text(obs.called, deck, lang))
            parts.append(t("bi.called", lang, card=card))
            if obs.partner >= 0:
                parts.append(t("bi.partner", lang, seat=_seat(obs.partner, obs, lang)))
        return " — ".join(parts)

    def columns_text(self, obs: Any, lang: str) -> str:
        """Both columns against their targets (the hand in play counted while public)."""
        k, b = obs.totals
        if obs.team_points:
            k, b = k + obs.team_points[0], b + obs.team_points[1]
        return t("bi.columns", lang, koenig=k, bid=obs.bid or "-", bauern=b,
                 target=obs.targets[1])

    def status(self, session: PlaySession, obs: Any, lang: str, deck: str) -> tuple[str, str]:
        line1 = (t("hand_no", lang, n=obs.hand_no) + "   " + self.auction_text(obs, lang)
                 + "   " + self.columns_text(obs, lang))
        return line1, self.contract_text(obs, lang, deck, markup=True)

    def state_lines(self, session: PlaySession, obs: Any, lang: str, deck: str) -> list[str]:
        out = [t("hand_no", lang, n=obs.hand_no) + " — " + self.auction_text(obs, lang),
               self.columns_text(obs, lang)]
        contract = self.contract_text(obs, lang, deck, markup=False)
        return [*out, contract] if contract else out

    # -----------------------------------------------------------------------------------------
    # The score panel, the hand summary, the sheet

    def column_grid(self, obs: Any, lang: str) -> Grid:
        """Each column's points in this hand (while public), its total and its target."""
        hand = [str(p) for p in obs.team_points] if obs.team_points else ["-", "-"]
        k, b = obs.totals
        if obs.team_points:
            k, b = k + obs.team_points[0], b + obs.team_points[1]
        rows = [[t("bi.koenig_col", lang), hand[0], str(k), str(obs.bid or "-")],
                [t("bi.bauern_col", lang), hand[1], str(b), str(obs.targets[1])]]
        return Grid(["", t("bi.hand", lang), t("bi.total", lang), t("bi.target", lang)], rows)

    def scores(self, session: PlaySession, lang: str, deck: str, width: int) -> str:
        return grid_markup(self.column_grid(session.observation(), lang), width)

    def summary_grid(self, game: Any, hand_no: int, lang: str, deck: str,
                     brief: bool = False) -> Grid:
        rd = game.rounds[hand_no - 1]
        obs = rd.observation(-1)
        head = ["", t("bi.koenig_col", lang), t("bi.bauern_col", lang)]
        if rd.thrown_in:
            return Grid(head, [], [t("bi.thrown_in", lang)])
        sums: dict[str, list[int]] = {}
        for seat, points, kind in rd.credits:
            key = "trick" if kind == "last" else kind
            sums.setdefault(key, [0, 0])[rd.team(seat)] += points
        rows = [[t(label, lang), *(str(v) for v in sums[kind])]
                for kind, label in _KINDS if kind in sums]
        k, b = rd.totals[0] + rd.team_points[0], rd.totals[1] + rd.team_points[1]
        rows += [[t("bi.hand", lang), *(str(p) for p in rd.team_points)],
                 [t("bi.total", lang), str(k), str(b)]]
        before = [self.auction_text(obs, lang)]
        contract = self.contract_text(obs, lang, deck, markup=False)
        if contract:
            before.append(contract)
        if rd.declined:
            before.append(t("bi.declined", lang))
        return Grid(head, rows, before)

    def hand_total_line(self, game: Any, hand_no: int, lang: str, deck: str) -> str:
        rd = game.rounds[hand_no - 1]
        if not rd.is_over:
            return ""
        if rd.thrown_in:
            return "  " + t("bi.thrown_in", lang)
        k, b = rd.team_points
        return "  " + t("bi.hand_line", lang, koenig=k, bauern=b)

    def sheet_grid(self, game: Any, lang: str, deck: str) -> Grid:
        head = ["", t("bi.koenig_col", lang), t("bi.bauern_col", lang)]
        rows = [[t("hand_no", lang, n=rd.hand_no), *(str(p) for p in rd.team_points)]
                for rd in game.rounds if rd.is_over and not rd.thrown_in]
        k, b = game.columns()
        rows.append([t("bi.total", lang), str(k), str(b)])
        rows.append([t("bi.target", lang), str(game.round.bid or "-"), str(game.rules.target)])
        return Grid(head, rows)

    def score_line(self, game: Any, lang: str) -> str:
        k, b = game.columns()
        return t("bi.columns", lang, koenig=k, bid=game.round.bid or "-", bauern=b,
                 target=game.rules.target)

    # -----------------------------------------------------------------------------------------
    # The hint, the end, the replay

    def hint_note(self, session: PlaySession, obs: Any, action: Any, value: float | None,
                  raw: int) -> Note:
        # The search's value of a card is the hand's column difference for the seat.
        if value is None or obs.phase != "play":
            return note("hint_plain", style="orange1", action=action)
        return note("bi.hint", style="orange1", action=action, value=f"{value:+.0f}")

    def final_text(self, game: Any, lang: str) -> str:
        r = game.round
        if game.winning_side == 0:
            return t("bi.won_koenig", lang, seat=seat_name(r.koenig, lang, seats=r.num_seats),
                     bid=r.bid)
        return t("bi.won_bauern", lang, target=game.rules.target)

    def replay_points(self, rd: Any, lang: str) -> str:
        points = rd.observation(-1).team_points  # hidden while a partner is secret
        if not points:
            return ""
        return t("bi.hand_line", lang, koenig=points[0], bauern=points[1])

    def replay_info(self, rd: Any, lang: str, deck: str) -> str:
        obs = rd.observation(-1)
        return self.auction_text(obs, lang) + "   " + self.contract_text(obs, lang, deck,
                                                                          markup=True)

