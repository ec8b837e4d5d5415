"""How the terminal shows Pandur (``docs/variants/pandur.md``): the auction (the highest bid and
who holds it), the soloist's contract and what it is worth, the trumps (named, fixed by the
soloist's first card, or none), each player's part in the hand (soloist, against him, sitting
out, gone from the table) and the game points against the target. At the end of a hand: made or
failed, and who gained what.

Everything comes from the human's :class:`~puur.variants.pandur_view.PandurObservation` and,
for finished hands, their spectator's observations. The bid dialog is a number field for the
numeric bids beside buttons for pass and the special bids (:attr:`PandurFace.bid_field`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from puur.i18n import t
from puur.tui.events import HUMAN
from puur.tui.faces import Grid, GridFace, grid_markup
from puur.tui.notes import Note, note
from puur.tui.render import contract_name, seat_name
from puur.variants.pandur_rules import SPECIAL, bid_name, value

if TYPE_CHECKING:
    from puur.tui.session import PlaySession

__all__ = ["PandurFace", "bid_words"]


def bid_words(bid: int, lang: str) -> str:
    """A bid in words: its points, or the special bid's name."""
    return t(f"pd.bid.{SPECIAL[bid]}", lang) if bid in SPECIAL else bid_name(bid)


def _names(n: int, lang: str) -> list[str]:
    return [seat_name(s, lang, mark_you=False, seats=n) for s in range(n)]


def role(obs: Any, seat: int, lang: str) -> str:
    """Where a player stands: gone from the table, sitting out, his word in the auction, and
    once it is over soloist or against him."""
    if seat not in obs.at_table:
        return t("pd.role_left", lang)
    if seat not in obs.active:
        return t("pd.role_out", lang)
    if obs.soloist >= 0:
        return t("pd.role_solo" if seat == obs.soloist else "pd.role_against", lang)
    if obs.passed >> seat & 1:
        return t("pd.role_passed", lang)
    b = obs.bids[seat]
    return t("pd.role_bid", lang, bid=bid_words(b, lang)) if b is not None else \
        t("pd.role_wait", lang)


class PandurFace(GridFace):
    """Pandur: the soloist against the others; the last one left at the table loses."""

    key = "pandur"
    narrow_scores = True
    #: The bid dialog asks for a numeric bid in a number field (the ladder has 21 of them).
    bid_field = True

    def intro(self, session: PlaySession, lang: str) -> str:
        r = session.rules
        out = super().intro(session, lang) + " " + t("pd.intro", lang, target=r.target)
        return out + (" " + t("pd.intro_dealer", lang) if r.players == 4 else "")

    def seat_mark(self, obs: Any, seat: int) -> str:
        """★ on the soloist."""
        return " ★" if seat == obs.soloist else ""

    def contract_text(self, obs: Any, lang: str, deck: str) -> str:
        """The auction as it stands, or the soloist's contract, its value and the trumps."""
        n = obs.num_seats
        if obs.thrown_in:
            return t("bi.thrown_in", lang)
        if obs.soloist < 0:
            high = obs.high_bid
            if high is None:
                return t("pd.no_bid", lang)
            holder = next(s for s in range(n) if obs.bids[s] == high)
            return t("pd.auction", lang, bid=bid_words(high, lang),
                     seat=seat_name(holder, lang, seats=n))
        if obs.trump >= 0:
            trumps = t("pd.trumps", lang, contract=contract_name(obs.trump, deck, lang))
        elif obs.trumps_by_card:
            trumps = t("pd.trumps_by_card", lang)
        elif obs.phase == "trump":
            trumps = t("pd.trumps_to_name", lang)
        else:
            trumps = t("pd.no_trumps", lang)
        return t("pd.contract", lang, seat=seat_name(obs.soloist, lang, seats=n),
                 bid=bid_words(obs.bid, lang), value=value(obs.bid, obs.rules.scale),
                 points=obs.soloist_points()) + " — " + trumps

    def _mine(self, obs: Any, lang: str) -> str:
        me = obs.seat if obs.seat >= 0 else HUMAN
        return t("pd.mine", lang, role=role(obs, me, lang), total=obs.totals[me] + obs.result[me],
                 target=obs.rules.target)

    def decision_text(self, obs: Any, lang: str) -> str:
        """The auction as it stands."""
        return self.contract_text(obs, lang, "swiss")

    def status(self, session: PlaySession, obs: Any, lang: str, deck: str) -> tuple[str, str]:
        line1 = t("hand_no", lang, n=obs.hand_no) + "   " + self.contract_text(obs, lang, deck)
        return line1, self._mine(obs, lang)

    def player_grid(self, obs: Any, lang: str) -> Grid:
        """Each player's part in the hand, points so far and game points."""
        rows = [[name, role(obs, s, lang), str(obs.made[s]), str(obs.totals[s] + obs.result[s])]
                for s, name in enumerate(_names(obs.num_seats, lang))]
        return Grid([t("mo.player", lang), t("hj.in_hand", lang), t("mo.hand", lang),
                     t("zg.total", lang)], rows)

    def scores(self, session: PlaySession, lang: str, deck: str, width: int) -> str:
        return grid_markup(self.player_grid(session.observation(), lang), width)

    def outcome(self, rd: Any, lang: str) -> str:
        """Made or failed, with what it gave (empty while the hand runs or when thrown in)."""
        if not rd.is_over or rd.soloist < 0:
            return ""
        seat = seat_name(rd.soloist, lang, seats=rd.num_seats)
        key = "pd.made" if rd.is_made() else "pd.failed"
        return t(key, lang, seat=seat, bid=bid_words(rd.bid, lang), value=rd.contract_value)

    def summary_grid(self, game: Any, hand_no: int, lang: str, deck: str,
                     brief: bool = False) -> Grid:
        rd = game.rounds[hand_no - 1]
        obs = rd.observation(-1)
        n = obs.num_seats
        head = ["", *_names(n, lang)]
        if rd.thrown_in:
            return Grid(head, [], [t("bi.thrown_in", lang)])
        rows = [[t("hj.in_hand", lang), *(role(obs, s, lang) for s in range(n))],
                [t("mo.hand", lang), *(str(p) for p in obs.made)],
                [t("pd.gained", lang), *(f"+{r}" if r else "0" for r in obs.result)],
                [t("zg.total", lang), *(str(a + b) for a, b in zip(obs.totals, obs.result,
                                                                    strict=True))]]
        return Grid(head, rows, [self.contract_text(obs, lang, deck), self.outcome(rd, lang)])

    def hand_total_line(self, game: Any, hand_no: int, lang: str, deck: str) -> str:
        rd = game.rounds[hand_no - 1]
        if not rd.is_over:
            return ""
        return "  " + (t("bi.thrown_in", lang) if rd.thrown_in else self.outcome(rd, lang))

    def sheet_grid(self, game: Any, lang: str, deck: str) -> Grid:
        head = ["", *_names(game.num_seats, lang)]
        rows = [[t("hand_no", lang, n=rd.hand_no), *(f"+{r}" if r else "0" for r in rd.result())]
                for rd in game.rounds if rd.is_over and not rd.thrown_in]
        rows.append([t("zg.total", lang), *(str(v) for v in game.scores)])
        return Grid(head, rows)

    def score_line(self, game: Any, lang: str) -> str:
        n = game.num_seats
        each = ", ".join(f"{seat_name(s, lang, seats=n)} {v}" for s, v in enumerate(game.scores))
        return t("pd.totals", lang, each=each, target=game.rules.target)

    def state_lines(self, session: PlaySession, obs: Any, lang: str, deck: str) -> list[str]:
        n = obs.num_seats
        roles = ", ".join(f"{seat_name(s, lang, seats=n)} {role(obs, s, lang)}"
                          for s in range(n))
        return [t("hand_no", lang, n=obs.hand_no) + " — " + self.contract_text(obs, lang, deck),
                roles + " — " + self._mine(obs, lang)]

    def hint_note(self, session: PlaySession, obs: Any, action: Any, value: float | None,
                  raw: int) -> Note:
        # The search's value is the game points the hand is expected to bring the seat.
        if value is None:
            return note("hint_plain", style="orange1", action=action)
        return note("pd.hint", style="orange1", action=action, value=f"{value:+.1f}")

    def final_text(self, game: Any, lang: str) -> str:
        loser = game.loser()
        return t("pd.final", lang, seat=seat_name(loser, lang, seats=game.num_seats))

    def replay_points(self, rd: Any, lang: str) -> str:
        made = ", ".join(f"{name} {m}" for name, m in
                         zip(_names(rd.num_seats, lang), rd.credited, strict=True))
        return t("pair", lang, a=t("mo.hand", lang), b=made)

    def replay_info(self, rd: Any, lang: str, deck: str) -> str:
        return self.contract_text(rd.observation(-1), lang, deck)
