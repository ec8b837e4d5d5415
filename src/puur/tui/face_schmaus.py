"""How the terminal shows Schmaus (``docs/variants/schmaus.md``): the trumps and the turned
card, the stock (how many cards are left and the card face up at its bottom) or, once it is
drawn, that suit must be followed, who exchanged the trump 6, each player's points in the hand
and his game total against the target, and who reached it.

It is Königsjass's face (:class:`puur.tui.face_koenigsjass.KoenigsjassFace`: the same totals,
sheet and summaries) with the stock in place of the talon. Everything comes from the human's
:class:`~puur.variants.schmaus_view.SchmausObservation`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from puur.i18n import t
from puur.tui.face_koenigsjass import KoenigsjassFace
from puur.tui.render import card_markup, card_text, seat_name

if TYPE_CHECKING:
    from puur.tui.session import PlaySession

__all__ = ["SchmausFace"]


class SchmausFace(KoenigsjassFace):
    """Schmaus: two alone, the stock, the first to the target wins at once."""

    key = "schmaus"

    def intro(self, session: PlaySession, lang: str) -> str:
        return super().intro(session, lang) + " " + t("sm.intro", lang)

    def talon(self, obs: Any, lang: str, deck: str, markup: bool) -> str:
        """The stock with its face-up bottom card, or that it is drawn; who exchanged the trump
        6."""
        if obs.bottom >= 0:
            card = (card_markup(obs.bottom, deck) if markup
                    else card_text(obs.bottom, deck, lang))
            out = t("sm.stock", lang, count=obs.stock_left, card=card)
        else:
            out = t("sm.strict", lang)
        if obs.robber >= 0:
            out += "; " + t("kg.robbed", lang, seat=seat_name(obs.robber, lang,
                                                              seats=obs.num_seats))
        return out
