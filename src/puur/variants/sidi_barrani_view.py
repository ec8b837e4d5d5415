"""What one Sidi Barrani seat (or a spectator) may know, and its tensor encoding.

A Sidi Barrani observation is Schieber's (:class:`puur.observation.Observation`: the own hand,
the public history, Weis and Stöck as the table learns them; ``chooser`` is the declarer) plus
the auction, which is public: every call in order (a bid, a pass, a double), the highest bid
and its bidder, whether and by whom it was doubled, the dealer, and both teams' points before
the hand with the target. Nothing of the auction is secret, so nothing of it is masked.

Tensor layout (version :data:`OBS_VERSION`, :data:`OBS_SIZE` floats; seats relative to the
observer): the 495 floats of Schieber's layout (``docs/observation.md``), then

=========  ================================================================
495        the highest bid / 157
496        1 when the bid is doubled
497-500    the highest bidder (the declarer once the auction is over)
501-504    the seat that doubled
505-508    the dealer
509-511    phase: bid, contract, double
512        passes in a row / 4
513-516    the last call of each seat: a bid / 157 (-1 for a pass or a double, 0 none)
=========  ================================================================
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final

from puur.observation import Observation
from puur.observation import observe as observe_schieber
from puur.variants.sidi_barrani_rules import DOUBLE, MAX_BID, NUM_ACTIONS

if TYPE_CHECKING:
    from puur.variants.sidi_barrani_hand import SidiBarraniHand
    from puur.variants.sidi_barrani_rules import SidiBarraniRules

__all__ = ["OBS_SIZE", "OBS_VERSION", "SidiBarraniObservation", "observe"]

OBS_VERSION: Final = 1
OBS_SIZE: Final = 517
_BASE: Final = 495
_PHASES: Final = ("bid", "contract", "double")


@dataclass(frozen=True)
class SidiBarraniObservation(Observation):
    """One seat's view of a Sidi Barrani hand (``chooser`` is the declarer)."""

    options: SidiBarraniRules | None = None
    dealer: int = 0
    hand_no: int = 1
    #: Every call of the auction in order: (seat, bid points; 0 a pass, -1 a double).
    calls: tuple[tuple[int, int], ...] = ()
    bid: int = 0
    bidder: int = -1
    passes: int = 0
    doubled: bool = False
    doubler: int = -1
    thrown_in: bool = False
    #: Both teams' points before this hand.
    totals: tuple[int, int] = (0, 0)

    def action_mask(self) -> list[int]:
        """1 for each legal action of the observer (all 0 when it is not its turn)."""
        mask = [0] * NUM_ACTIONS
        for a in self.legal_actions:
            mask[a] = 1
        return mask

    def is_opponent(self, seat: int) -> bool:
        """Whether ``seat`` plays against the highest bidder."""
        return self.bidder >= 0 and (seat - self.bidder) % 2 == 1

    def panel(self) -> dict[str, Any]:
        """The auction and the score as plain data: the same for every observer."""
        return {
            "calls": [{"seat": s, "call": "pass" if v == 0 else "double" if v == DOUBLE
                       else "bid", "value": v if v > 0 else None} for s, v in self.calls],
            "bid": self.bid or None,
            "bidder": self.bidder if self.bidder >= 0 else None,
            "declarer": self.chooser if self.chooser >= 0 else None,
            "doubled": self.doubled,
            "doubler": self.doubler if self.doubler >= 0 else None,
            "thrown_in": self.thrown_in,
            "totals": list(self.totals),
            "target": self.rules.target,
        }

    def to_tensor(self) -> list[float]:
        """A flat vector of :data:`OBS_SIZE` floats (layout in the module text)."""
        v = Observation.to_tensor(self)
        v.extend([0.0] * (OBS_SIZE - _BASE))
        me = self.seat if self.seat >= 0 else 0

        def rel(s: int) -> int:
            return (s - me) % 4

        v[495] = self.bid / MAX_BID
        v[496] = 1.0 if self.doubled else 0.0
        if self.bidder >= 0:
            v[497 + rel(self.bidder)] = 1.0
        if self.doubler >= 0:
            v[501 + rel(self.doubler)] = 1.0
        v[505 + rel(self.dealer)] = 1.0
        if self.phase in _PHASES:
            v[509 + _PHASES.index(self.phase)] = 1.0
        v[512] = self.passes / 4.0
        for s, call in self.calls:
            v[513 + rel(s)] = call / MAX_BID if call > 0 else -1.0
        return v


def observe(hand: SidiBarraniHand, seat: int) -> SidiBarraniObservation:
    """The observation of ``seat`` (``-1``: a spectator) in ``hand``."""
    base = observe_schieber(hand, seat)
    fields = {f.name: getattr(base, f.name) for f in dataclasses.fields(Observation)}
    return SidiBarraniObservation(
        **fields,
        options=hand.options,
        dealer=hand.dealer,
        hand_no=hand.hand_no,
        calls=hand.calls,
        bid=hand.bid,
        bidder=hand.bidder,
        passes=hand.passes,
        doubled=hand.doubled,
        doubler=hand.doubler,
        thrown_in=hand.thrown_in,
        totals=hand.totals,
    )
