"""What one Sechser seat (or a spectator) may know, and its tensor encoding.

A Sechser observation is Schieber's (:class:`puur.observation.Observation`: the own hand, the
public history, who named trumps and whether it was pushed, Weis and Stöck as the table learns
them, both teams' points before the hand) plus the hand number, the dealer and the size of the
dead pile: the twelve cards dealt to nobody are never shown while the game runs, so for every
seat they are unseen cards like the other seats' (``piles``; the search deals them as a pile).

Tensor layout (version :data:`OBS_VERSION`, :data:`OBS_SIZE` floats): the 495 floats of
Schieber's layout (``docs/observation.md``; its trick count is divided by 9), then

=========  ================================================================
495-498    the dealer, relative to the observer
499        the tricks played, divided by 6
=========  ================================================================
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final

from puur.observation import Observation
from puur.observation import observe as observe_schieber
from puur.variants.sechser_rules import HAND_SIZE

if TYPE_CHECKING:
    from puur.variants.sechser_hand import SechserHand
    from puur.variants.sechser_rules import SechserRules

__all__ = ["OBS_SIZE", "OBS_VERSION", "SechserObservation", "observe"]

OBS_VERSION: Final = 1
OBS_SIZE: Final = 500
NUM_ACTIONS: Final = 64
_BASE: Final = 495
#: The cards dealt to nobody.
DEAD_CARDS: Final = 36 - 4 * HAND_SIZE


@dataclass(frozen=True)
class SechserObservation(Observation):
    """One seat's view of a Sechser hand."""

    options: SechserRules | None = None
    hand_no: int = 1
    dealer: int = 0
    #: The size of each pile of cards in no hand: the dead cards, never shown.
    piles: tuple[int, ...] = (DEAD_CARDS,)
    #: The cards of each pile the observer knows: none.
    pile_known: tuple[int, ...] = (0,)

    def panel(self) -> dict[str, Any]:
        """The public part of the hand as plain data, the same for every observer: how many
        cards each seat was dealt and how many lie dead (``dead_cards``, the field the web page
        knows the panel by), the dealer and the Match bonus."""
        return {
            "dead_cards": self.piles[0], "hand_cards": HAND_SIZE, "dealer": self.dealer,
            "match_bonus": self.rules.match_bonus,
        }

    def action_mask(self) -> list[int]:
        """1 for each legal action of the observer (all 0 when it is not its turn)."""
        mask = [0] * NUM_ACTIONS
        for a in self.legal_actions:
            mask[a] = 1
        return mask

    def to_tensor(self) -> list[float]:
        """A flat vector of :data:`OBS_SIZE` floats (layout in the module text)."""
        v = Observation.to_tensor(self)
        v.extend([0.0] * (OBS_SIZE - _BASE))
        me = self.seat if self.seat >= 0 else 0
        v[_BASE + (self.dealer - me) % 4] = 1.0
        v[_BASE + 4] = self.trick_no / HAND_SIZE
        return v


def observe(hand: SechserHand, seat: int) -> SechserObservation:
    """The observation of ``seat`` in ``hand``."""
    base = observe_schieber(hand, seat)
    fields = {f.name: getattr(base, f.name) for f in dataclasses.fields(Observation)}
    return SechserObservation(
        **fields, options=hand.options, hand_no=hand.hand_no, dealer=hand.dealer,
    )
