"""How the terminal shows Sechser (``docs/variants/sechser.md``): Schieber's Jasstafel and hand
summary (no multiplier, no Striche) over six tricks, with who dealt and that twelve cards lie
dead; a replay opens the dead cards (:meth:`puur.variants.sechser.SechserVariant.open_piles`).

Everything comes from the human's :class:`~puur.variants.sechser_view.SechserObservation` and
the public facts of finished hands.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from puur.i18n import t
from puur.tui.faces import SchieberFace
from puur.tui.render import seat_name

if TYPE_CHECKING:
    from puur.tui.session import PlaySession

__all__ = ["SechserFace"]


class SechserFace(SchieberFace):
    """Sechser: Schieber's slate over six tricks, with the dealer and the dead cards."""

    key = "sechser"

    def intro(self, session: PlaySession, lang: str) -> str:
        return (f"Puur — Sechser. {seat_name(0, lang)}; {t('partner', lang)}: "
                f"{seat_name(2, lang)}. {t('lobby.target', lang)}: {session.rules.target}. "
                + t("sx.intro_words", lang))

    def status(self, session: PlaySession, obs: Any, lang: str, deck: str) -> tuple[str, str]:
        line1, line2 = super().status(session, obs, lang, deck)
        return line1, line2 + " — " + t("sx.dealer", lang, seat=seat_name(obs.dealer, lang))

    def state_lines(self, session: PlaySession, obs: Any, lang: str, deck: str) -> list[str]:
        lines = super().state_lines(session, obs, lang, deck)
        lines[0] += " | " + t("sx.dealer", lang, seat=seat_name(obs.dealer, lang))
        return lines
