"""What one Kreuzjass seat (or a spectator) may know, and its tensor encoding.

A Kreuzjass observation is Schieber's (:class:`puur.observation.Observation`: the own hand, the
public history, who named trumps and whether it was pushed, Weis and Stöck as the table learns
them, both teams' points before the hand) plus the hand number, the dealer and, where trumps
are cut, the pack's bottom card: it is shown to the whole table, so every seat knows the dealer
holds it until he plays it. Where trumps are named, the bottom card is never shown.

Tensor layout (version :data:`OBS_VERSION`, :data:`OBS_SIZE` floats): the 495 floats of
Schieber's layout (``docs/observation.md``; the chooser slots stay empty where the cut gave
trumps), then

=========  ================================================================
495-530    the bottom card shown for trumps (cut tables)
531-534    the dealer, relative to the observer
535        1 in the Weli hand (hand 1 of a choosing table: a suit only, no push)
536        1 where trumps are cut
=========  ================================================================
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

from puur.observation import Observation
from puur.observation import observe as observe_schieber
from puur.variants.kreuzjass_rules import WELI

if TYPE_CHECKING:
    from puur.variants.kreuzjass_hand import KreuzjassHand
    from puur.variants.kreuzjass_rules import KreuzjassRules

__all__ = ["OBS_SIZE", "OBS_VERSION", "KreuzjassObservation", "observe"]

OBS_VERSION: Final = 1
OBS_SIZE: Final = 537
NUM_ACTIONS: Final = 64
_BASE: Final = 495


@dataclass(frozen=True)
class KreuzjassObservation(Observation):
    """One seat's view of a Kreuzjass hand."""

    options: KreuzjassRules | None = None
    hand_no: int = 1
    dealer: int = 0
    #: The pack's bottom card shown for trumps (-1 where trumps are named).
    turned: int = -1
    #: Whether this is the Weli hand (hand 1 of a choosing table).
    weli_hand: bool = False

    def known_cards(self, seat: int) -> int:
        """Schieber's known cards, the shown bottom card in the dealer's hand and, in the Weli
        hand, the Weli in the hand of the seat that names trumps (until they are played)."""
        known = super().known_cards(seat)
        if seat == self.seat:
            return known
        played = 0
        for _s, c in self.history:
            played |= 1 << c
        if seat == self.dealer and self.turned >= 0:
            known |= 1 << self.turned
        if seat == self.forehand and self.weli_hand:
            known |= 1 << WELI
        return known & ~played

    def action_mask(self) -> list[int]:
        """1 for each legal action of the observer (all 0 when it is not its turn)."""
        mask = [0] * NUM_ACTIONS
        for a in self.legal_actions:
            mask[a] = 1
        return mask

    def to_tensor(self) -> list[float]:
        """A flat vector of :data:`OBS_SIZE` floats (layout in the module text)."""
        base = self if self.chooser >= 0 else dataclasses.replace(self, contract=-1)
        v = Observation.to_tensor(base)
        if self.chooser < 0 and self.contract >= 0:
            v[324 + self.contract] = 1.0
        v.extend([0.0] * (OBS_SIZE - _BASE))
        me = self.seat if self.seat >= 0 else 0
        if self.turned >= 0:
            v[_BASE + self.turned] = 1.0
        v[_BASE + 36 + (self.dealer - me) % 4] = 1.0
        v[_BASE + 40] = 1.0 if self.weli_hand else 0.0
        v[_BASE + 41] = 1.0 if self.turned >= 0 else 0.0
        return v


def observe(hand: KreuzjassHand, seat: int) -> KreuzjassObservation:
    """The observation of ``seat`` in ``hand``."""
    base = observe_schieber(hand, seat)
    fields = {f.name: getattr(base, f.name) for f in dataclasses.fields(Observation)}
    return KreuzjassObservation(
        **fields,
        options=hand.options,
        hand_no=hand.hand_no,
        dealer=hand.dealer,
        turned=hand.turned,
        weli_hand=hand.weli_hand,
    )
