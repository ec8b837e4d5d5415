"""How the terminal shows Mittlere (``docs/variants/mittlere.md``): whether trumps are fixed
yet and by whom (as Molotow), each player's card points and tricks in the hand so far and his
net count of Striche less Nuller (the best wins), and at the end of a hand the card points,
tricks, Striche and Nuller of each player.

Everything comes from the human's :class:`~puur.variants.mittlere_view.MittlereObservation`
and, for finished hands, their observations (everything of a finished hand is public).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from puur.i18n import t
from puur.tui.events import HUMAN
from puur.tui.face_molotow import MolotowFace
from puur.tui.faces import Grid
from puur.tui.notes import Note, note
from puur.tui.render import seat_name

if TYPE_CHECKING:
    from puur.tui.session import PlaySession

__all__ = ["MittlereFace"]


def _names(n: int, lang: str) -> list[str]:
    return [seat_name(s, lang, mark_you=False, seats=n) for s in range(n)]


class MittlereFace(MolotowFace):
    """Mittlere: Molotow's trumps by the first discard, marks against the middle total."""

    key = "mittlere"
    help_score_key = "help.score_mittlere"
    help_sheet_key = "help.sheet_mittlere"

    def _mine(self, obs: Any, lang: str) -> str:
        me = obs.seat if obs.seat >= 0 else HUMAN
        return t("mi.mine", lang, score=obs.made[me], tricks=obs.tricks[me],
                 total=obs.totals[me])

    def player_grid(self, obs: Any, lang: str) -> Grid:
        """Each player's card points and tricks in the hand so far and his net count (this
        hand's marks added once it is over)."""
        rows = [[name, str(obs.made[s]), str(obs.tricks[s]), str(obs.totals[s] + obs.result[s])]
                for s, name in enumerate(_names(obs.num_seats, lang))]
        return Grid([t("mo.player", lang), t("mo.hand", lang), t("mi.tricks", lang),
                     t("mo.total", lang)], rows)

    def summary_grid(self, game: Any, hand_no: int, lang: str, deck: str,
                     brief: bool = False) -> Grid:
        rd = game.rounds[hand_no - 1]
        obs = rd.observation(HUMAN)
        head = ["", *_names(obs.num_seats, lang)]
        rows = [[t("mo.card_points", lang), *(str(p) for p in rd.trick_points)],
                [t("mi.tricks", lang), *(str(k) for k in obs.tricks)],
                [t("mo.striche", lang), *(str(m[0]) for m in obs.marks)],
                [t("mo.nuller", lang), *(str(m[1]) for m in obs.marks)],
                [t("mo.score", lang), *(str(r) for r in obs.result)],
                [t("mo.total", lang), *(str(a + b) for a, b in zip(obs.totals, obs.result,
                                                                    strict=True))]]
        return Grid(head, rows, [self.trumps(obs, lang, deck, markup=False)])

    def hint_note(self, session: PlaySession, obs: Any, action: Any, value: float | None,
                  raw: int) -> Note:
        # The search's value is what the hand adds to the seat's net count.
        if value is None:
            return note("hint_plain", style="orange1", action=action)
        return note("hint.mittlere", style="orange1", action=action, value=f"{value:+.1f}")
