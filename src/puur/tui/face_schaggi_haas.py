"""How the terminal shows Schaggi Haas (``docs/variants/schaggi_haas.md``): the trumps and the
turned card, the stock with the card face up on it, whose Besser packet still lies and how many
cards each player has put down, who robbed with the trump 6, each player's points in the hand
and his game total against the target, and who reached it. The table of two sits South and
North (:func:`puur.tui.session.seat_positions`).

Everything comes from the human's
:class:`~puur.variants.schaggi_haas_view.SchaggiHaasObservation` and, for finished hands, their
observations (what a finished hand scored is public). The rest of the face is Königsjass's: both
games add each player's own points towards a target reached in the middle of a hand.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from puur.i18n import t
from puur.tui.face_koenigsjass import KoenigsjassFace
from puur.tui.render import card_markup, card_text, seat_name

if TYPE_CHECKING:
    from puur.tui.session import PlaySession

__all__ = ["SchaggiHaasFace"]


class SchaggiHaasFace(KoenigsjassFace):
    """Schaggi Haas: two alone, the Besser packets, the stock, the first to the target."""

    key = "schaggi_haas"
    help_score_key = "help.score_schaggi_haas"
    help_sheet_key = "help.sheet_schaggi_haas"

    def intro(self, session: PlaySession, lang: str) -> str:
        return super().intro(session, lang) + " " + t("schaggi.intro", lang)

    def talon(self, obs: Any, lang: str, deck: str, markup: bool) -> str:
        """The stock with its face-up card, the Besser packets and the cards put down, and
        who robbed with the trump 6."""
        up = obs.face_up
        card = card_markup(up, deck) if markup else card_text(up, deck, lang)
        parts = [t("schaggi.stock", lang, card=card)]
        for s in range(2):
            name = seat_name(s, lang, seats=2)
            if obs.besser_lying[s] and obs.phase in ("bessern", "discard", "rob"):
                parts.append(t("schaggi.besser_lying", lang, seat=name))
            if obs.put_down[s]:
                parts.append(t("schaggi.put_down", lang, seat=name, count=obs.put_down[s]))
        if obs.robber >= 0:
            parts.append(t("kg.robbed", lang, seat=seat_name(obs.robber, lang, seats=2)))
        return "; ".join(parts)
