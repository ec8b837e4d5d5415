"""How the terminal shows Reservejass (``docs/variants/reservejass.md``): who chooses and the
mode he named, the reserve face down (its size) or, after a swap, who took it and the dead
hand's size, each player's points in the hand and his game total against the target, and who
reached it.

The face is Königsjass's (:class:`~puur.tui.face_koenigsjass.KoenigsjassFace`: three alone, the
totals against the target, the hand summary and the sheet) with the choice and the reserve in
place of the turned card and the talon. Everything comes from the human's
:class:`~puur.variants.reservejass_view.ReservejassObservation` and, for finished hands, their
observations (what a finished hand scored is public).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from puur.i18n import t
from puur.tui.face_koenigsjass import KoenigsjassFace
from puur.tui.render import contract_name, seat_name

if TYPE_CHECKING:
    from puur.tui.session import PlaySession

__all__ = ["ReservejassFace"]


class ReservejassFace(KoenigsjassFace):
    """Reservejass: three alone, the reserve, the first to the target wins at once."""

    key = "reservejass"

    def intro(self, session: PlaySession, lang: str) -> str:
        return (super(KoenigsjassFace, self).intro(session, lang) + " "
                + t("rj.intro", lang, target=session.rules.target))

    def trumps(self, obs: Any, lang: str, deck: str, markup: bool) -> str:
        """The mode named and by whom, or who chooses."""
        seat = seat_name(obs.chooser, lang, seats=obs.num_seats)
        if obs.contract < 0:
            return t("rj.chooses", lang, seat=seat)
        return t("rj.mode", lang, contract=contract_name(obs.contract, deck, lang), seat=seat)

    def talon(self, obs: Any, lang: str, deck: str, markup: bool) -> str:
        """The reserve face down, or who took it and the dead hand."""
        if obs.swapper >= 0:
            return t("rj.swapped", lang, seat=seat_name(obs.swapper, lang, seats=obs.num_seats),
                     count=obs.piles[1])
        return t("rj.reserve", lang, count=obs.piles[0])
