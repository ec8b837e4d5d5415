"""How the terminal shows Darts-Jass (``docs/variants/darts.md``): a darts board's count down —
each side's total, what it still needs to the target and a bar of the way done — the contract
and who chose it (and a push), the points taken in the hand, and at the end of a hand whether
the chooser made it, what each side scores (a bust with the exact finish) and what is left.

Everything comes from the human's :class:`~puur.variants.darts_view.DartsObservation` and the
public facts of finished hands (everything of a finished hand but the dead cards is public).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rich.markup import escape

from puur.i18n import t
from puur.tui.events import HUMAN
from puur.tui.faces import Grid, GridFace, grid_markup
from puur.tui.render import contract_name, seat_name, team_name
from puur.variants.darts_rules import remaining

if TYPE_CHECKING:
    from puur.tui.session import PlaySession

__all__ = ["DartsFace", "progress_bar"]

_BAR: int = 10


def progress_bar(total: int, target: int, width: int = _BAR) -> str:
    """The way to the target as a bar of ``width`` cells (full once it is reached).

    >>> progress_bar(150, 301), progress_bar(400, 301)
    ('████······', '██████████')
    """
    done = min(width, max(0, total) * width // max(target, 1))
    return "█" * done + "·" * (width - done)


def side_names(num_seats: int, lang: str) -> list[str]:
    """Us and Them with four players, else each player's seat."""
    if num_seats == 4:
        return [team_name(0, lang), team_name(1, lang)]
    return [seat_name(s, lang, mark_you=False, seats=num_seats) for s in range(num_seats)]


def board_line(rules: Any, lang: str) -> str:
    """``Darts to 301`` (and that it must be hit exactly)."""
    line = t("da.board", lang, target=rules.darts_target)
    return line + " " + t("da.exact", lang) if rules.darts_exact_finish else line


def contract_line(obs: Any, deck: str, lang: str) -> str:
    """What was chosen and by whom (a push named), or who is to choose."""
    n = obs.num_seats
    if obs.contract < 0:
        line = t("da.chooses", lang, seat=seat_name(obs.to_move, lang, seats=n))
    else:
        line = t("da.chosen", lang, contract=contract_name(obs.contract, deck, lang),
                 seat=seat_name(obs.chooser, lang, seats=n))
    if obs.pushed:
        line += " — " + t("pushed_by", lang, seat=seat_name(obs.vorhand, lang, seats=n))
    return line[:1].upper() + line[1:]


def _each(names: list[str], values: Any) -> str:
    return ", ".join(f"{name} {v}" for name, v in zip(names, values, strict=True))


class DartsFace(GridFace):
    """Darts-Jass: a race to the target shown as a darts board's count down."""

    key = "darts"
    narrow_scores = True
    help_score_key = "help.score_darts"
    help_sheet_key = "help.sheet_darts"

    def intro(self, session: PlaySession, lang: str) -> str:
        return super().intro(session, lang) + " " + board_line(session.rules, lang) + "."

    def _board(self, obs: Any, lang: str) -> Grid:
        """Per side: the total, what is left, the bar (this hand's result in once it is over)."""
        target = obs.rules.darts_target
        totals = [a + b for a, b in zip(obs.totals, obs.result, strict=True)]
        left = remaining(totals, target)
        rows = [[name, str(totals[s]), str(left[s]), progress_bar(totals[s], target)]
                for s, name in enumerate(side_names(obs.num_seats, lang))]
        return Grid([t("da.side", lang), t("da.total", lang), t("da.left", lang), ""], rows)

    def status(self, session: PlaySession, obs: Any, lang: str, deck: str) -> tuple[str, str]:
        names = side_names(obs.num_seats, lang)
        left = remaining(obs.totals, obs.rules.darts_target)
        line1 = (t("hand_no", lang, n=obs.hand_no) + "   " + board_line(obs.rules, lang) + ": "
                 + ", ".join(t("da.each", lang, name=name, total=obs.totals[s], left=left[s])
                             for s, name in enumerate(names)))
        line2 = (contract_line(obs, deck, lang) + "   "
                 + t("da.hand_points", lang, each=_each(names, obs.made)))
        return escape(line1), escape(line2)

    def scores(self, session: PlaySession, lang: str, deck: str, width: int) -> str:
        obs = session.observation()
        return (f"[b]{escape(board_line(obs.rules, lang))}[/]\n"
                + grid_markup(self._board(obs, lang), width))

    def _verdict(self, obs: Any, deck: str, lang: str) -> str:
        n = obs.num_seats
        c = obs.chooser_side
        made = all(obs.made[c] > x for s, x in enumerate(obs.made) if s != c)
        return t("da.made" if made else "da.failed", lang,
                 seat=seat_name(obs.chooser, lang, seats=n),
                 contract=contract_name(obs.contract, deck, lang))

    def summary_grid(self, game: Any, hand_no: int, lang: str, deck: str,
                     brief: bool = False) -> Grid:
        rd = game.rounds[hand_no - 1]
        obs = rd.observation(HUMAN)
        names = side_names(obs.num_seats, lang)
        target = obs.rules.darts_target
        after = [a + b for a, b in zip(obs.totals, obs.result, strict=True)]
        scored = [f"{r} ({t('da.bust', lang)})" if g > 0 and r == 0 else str(r)
                  for g, r in zip(obs.gains, obs.result, strict=True)]
        rows = [[t("da.taken", lang), *(str(p) for p in obs.made)],
                [t("da.scored", lang), *scored],
                [t("da.total", lang), *(str(a) for a in after)],
                [t("da.left", lang), *(str(x) for x in remaining(after, target))]]
        return Grid(["", *names], rows, [board_line(obs.rules, lang),
                                         self._verdict(obs, deck, lang)])

    def sheet_grid(self, game: Any, lang: str, deck: str) -> Grid:
        names = side_names(game.num_seats, lang)
        rows = [[t("hand_no", lang, n=rd.hand_no), *(str(r) for r in rd.result())]
                for rd in game.rounds if rd.is_over]
        rows.append([t("da.total", lang), *(str(v) for v in game.scores)])
        rows.append([t("da.left", lang), *(str(v) for v in game.remaining())])
        return Grid(["", *names], rows, [board_line(game.rules, lang)])

    def score_line(self, game: Any, lang: str) -> str:
        names = side_names(game.num_seats, lang)
        left = game.remaining()
        each = ", ".join(t("da.each", lang, name=name, total=game.scores[s], left=left[s])
                         for s, name in enumerate(names))
        return t("da.totals", lang, target=game.rules.darts_target, hand=game.hand_no,
                 each=each)

    def state_lines(self, session: PlaySession, obs: Any, lang: str, deck: str) -> list[str]:
        names = side_names(obs.num_seats, lang)
        return [contract_line(obs, deck, lang) + " — "
                + t("da.hand_points", lang, each=_each(names, obs.made)),
                self.score_line(session.game, lang)]

    def replay_points(self, rd: Any, lang: str) -> str:
        return t("da.hand_points", lang, each=_each(side_names(rd.num_seats, lang),
                                                     rd.credited))

    def replay_info(self, rd: Any, lang: str, deck: str) -> str:
        return escape(contract_line(rd.observation(-1), deck, lang))
