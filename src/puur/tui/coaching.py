"""The coach in the terminal: after a hand, what each of the human's decisions cost
(``docs/coach.md``), in the chosen language and deck. The full-screen game offers it on the
hand's summary, the line mode as the command ``coach``.
"""

from __future__ import annotations

import io
from typing import TYPE_CHECKING, Any, Final

from puur.coach import Decision, HandReport, analyse_record
from puur.i18n import t, tn
from puur.record import read_record, replay
from puur.tui.notes import action_arg, render_arg

if TYPE_CHECKING:
    from puur.record import GameRecord
    from puur.tui.session import PlaySession

__all__ = ["COACH_BUDGET", "coach_hand", "coach_lines"]

#: The search's seconds a decision in the terminal's coach (a hand in one or two seconds).
COACH_BUDGET: Final = 0.1
#: The human's seat.
_HUMAN: Final = 0


def coach_hand(session: PlaySession, hand_no: int,
               budget: float = COACH_BUDGET) -> tuple[GameRecord, HandReport]:
    """The analysis of the human's decisions in finished hand ``hand_no`` of the session."""
    record = read_record(io.StringIO(session.record_text()))
    [report] = analyse_record(record, hands=[hand_no], seats=[_HUMAN], budget=budget)
    return record, report


def _said(record: GameRecord, d: Decision, action: int, deck: str, lang: str) -> str:
    """An action of the decision ``d`` in words, as the terminal names it elsewhere."""
    game = replay(record, d.hand_no, d.index)
    obs: Any = game.observation(d.seat)
    return render_arg(action_arg(action, obs), deck, lang)


def coach_lines(record: GameRecord, report: HandReport, lang: str, deck: str) -> list[str]:
    """The coach's lines for one hand: each decision of the human that was not forced, what
    the two judges say of it, and the sums."""
    lines: list[str] = []
    for d in report.decisions:
        if d.forced:
            continue
        what = _said(record, d, d.action, deck, lang)
        head = (t("coach.trick", lang, trick=d.trick_no + 1, what=what) if d.phase == "play"
                else t("coach.decision", lang, what=what))
        parts = [head]
        if d.exact_loss is not None:
            if d.exact_loss == 0:
                parts.append(t("coach.open_best", lang))
            else:
                best = _said(record, d, d.exact_best_action, deck, lang)
                parts.append(t("coach.open_loss", lang, best=best, loss=d.exact_loss))
        if d.search_loss is not None:
            if d.search_best_action == d.action or d.search_loss < 0.5:
                parts.append(t("coach.search_best", lang))
            else:
                best = _said(record, d, d.search_best_action, deck, lang)
                parts.append(t("coach.search_loss", lang, best=best,
                               loss=f"{d.search_loss:.1f}"))
        lines.append(" — ".join(parts))
    if not lines:
        return [t("coach.nothing", lang)]
    tot = report.totals(_HUMAN)
    lines.append("")
    lines.append(tn("coach.totals", tot["decisions"], lang, open=tot["exact_loss"],
                    judged=tot["exact_decisions"], search=f"{tot['search_loss']:.1f}"))
    return lines
