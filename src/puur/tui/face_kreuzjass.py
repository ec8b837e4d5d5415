"""How the terminal shows Kreuzjass (``docs/variants/kreuzjass.md``): Schieber's Jasstafel and
hand summary (no multiplier, no Striche), with Vorarlberg's words for what was named — Bock for
Obenabe, Gais for Undenufe, Slalom and which way first — who named it and whether it was pushed;
in hand 1, that the Weli holder names a suit; where trumps are cut, the bottom card that gave
them and who dealt it.

Everything comes from the human's :class:`~puur.variants.kreuzjass_view.KreuzjassObservation`
and the public facts of finished hands.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from puur.contracts import Contract
from puur.i18n import t
from puur.tui.faces import SchieberFace
from puur.tui.render import card_text, contract_name, hand_points_text, seat_name

if TYPE_CHECKING:
    from puur.tui.session import PlaySession

__all__ = ["KreuzjassFace", "kreuzjass_contract_name"]

_WORDS: dict[int, str] = {Contract.OBENABE: "kj.bock", Contract.UNDENUFE: "kj.gais",
          Contract.SLALOM: "kj.slalom_bock", Contract.SLALOM_UNDE: "kj.slalom_gais"}


def kreuzjass_contract_name(contract: int, deck: str, lang: str) -> str:
    """A contract in Vorarlberg's words: the trump suit, Bock, Gais, Slalom (which way first)."""
    key = _WORDS.get(contract)
    return t(key, lang) if key else contract_name(contract, deck, lang)


def contract_line(hand: Any, deck: str, lang: str, mark_you: bool = True) -> str:
    """What was named this hand (``hand``: an observation or the hand itself), by whom; the
    first letter capitalised (a translated suit name is written as inside a sentence)."""
    line = _contract_line(hand, deck, lang, mark_you)
    return line[:1].upper() + line[1:]


def _contract_line(hand: Any, deck: str, lang: str, mark_you: bool) -> str:
    def seat(s: int) -> str:
        return seat_name(s, lang, mark_you=mark_you)

    if hand.turned >= 0:
        return t("kj.cut", lang, card=card_text(hand.turned, deck, lang), seat=seat(hand.dealer),
                 contract=kreuzjass_contract_name(hand.contract, deck, lang))
    if hand.contract < 0:
        if hand.weli_hand:
            return t("kj.weli_names", lang, seat=seat(hand.forehand))
        return t("no_contract", lang)
    line = t("kj.named_by", lang, contract=kreuzjass_contract_name(hand.contract, deck, lang),
             seat=seat(hand.chooser))
    if hand.pushed:
        line += " — " + t("pushed_by", lang, seat=seat(hand.forehand))
    return line


class KreuzjassFace(SchieberFace):
    """Kreuzjass: Schieber's slate with Vorarlberg's contracts."""

    key = "kreuzjass"
    contract_words = _WORDS

    def intro(self, session: PlaySession, lang: str) -> str:
        return (f"Puur — Kreuzjass. {seat_name(0, lang)}; {t('partner', lang)}: "
                f"{seat_name(2, lang)}. {t('lobby.target', lang)}: {session.rules.target}. "
                + t("kj.intro_words", lang))

    def status(self, session: PlaySession, obs: Any, lang: str, deck: str) -> tuple[str, str]:
        g = session.game
        line1 = (t("hand_no", lang, n=g.hand_no) + "   " + self.score_line(g, lang) + "   "
                 + hand_points_text(obs.credited, lang))
        return line1, contract_line(obs, deck, lang)

    def state_lines(self, session: PlaySession, obs: Any, lang: str, deck: str) -> list[str]:
        return [t("hand_no", lang, n=session.game.hand_no) + " — " + contract_line(obs, deck, lang)
                + " | " + hand_points_text(obs.credited, lang)]

    def summary_lines(self, game: Any, hand_no: int, lang: str, deck: str,
                      brief: bool = False) -> list[str]:
        rd = game.rounds[hand_no - 1]
        return [contract_line(rd, deck, lang, mark_you=False),
                *super().summary_lines(game, hand_no, lang, deck, brief)]

    def replay_info(self, rd: Any, lang: str, deck: str) -> str:
        if rd.contract < 0:
            return ""
        return contract_line(rd, deck, lang, mark_you=False)
