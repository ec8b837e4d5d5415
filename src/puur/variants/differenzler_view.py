"""What one Differenzler seat (or a spectator) may know, and its tensor encoding.

Besides the public view of every trick hand (:mod:`puur.variants.view`) a seat knows its own
cards, the card turned for trumps (it stays in the dealer's hand until played), its own forecast,
the other forecasts once the rules show them (at the end of the hand, or as they are announced
with ``forecast = "open"``), who has already forecast, the points each player has taken so far
and the penalty totals before the hand.

Tensor layout (version :data:`OBS_VERSION`, :data:`OBS_SIZE` floats; seats relative to the
observer, 0 = the observer, then in playing order; a three-player table leaves the fourth seat's
slots at zero):

=========  ================================================================
0-35       own hand
36-179     cards played, 36 per relative seat
180-323    the current trick, 36 per relative seat
324-329    the mode (4 suits, Obenabe, Undenufe)
330-365    the turned card (none when trumps were drawn)
366-473    cards known in another seat's hand, 36 per relative seat 1-3
474-477    the leader of the current trick
478-481    the dealer
482-485    phase: forecast, weis, play, stoeck
486-489    forecasts known to the observer / 157
490-493    1 where that forecast is known
494-497    points made so far / 157
498-501    penalty totals before the hand / 157
502        tricks played / tricks in a hand
503        hands left / hands in a game
504        1 with open forecasts
=========  ================================================================
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Final, TypedDict

from puur.cards import bits
from puur.hand import OVER
from puur.variants.view import (
    TableView,
    card_planes,
    check_seat,
    seat_fields,
    table_view,
)
from puur.weis import Meld

if TYPE_CHECKING:
    from puur.variants.differenzler_hand import DifferenzlerHand
    from puur.variants.differenzler_rules import DifferenzlerRules

__all__ = [
    "OBS_SIZE", "OBS_VERSION", "DifferenzlerObservation", "DifferenzlerOwn", "DifferenzlerPanel",
    "observe",
]

OBS_VERSION: Final = 1
OBS_SIZE: Final = 505
NUM_ACTIONS: Final = 212
_PHASES: Final = ("forecast", "weis", "play", "stoeck")


class DifferenzlerPanel(TypedDict):
    """What the whole table sees of a Differenzler hand (:meth:`DifferenzlerObservation.panel`)."""

    #: ``hidden`` (forecasts shown at the end of the hand) or ``open`` (announced in turn).
    forecast: str
    #: Each player's forecast where everyone may know it (open, or the hand is over), else None.
    forecasts: list[int | None]
    #: Which players have forecast already.
    forecast_done: list[bool]
    #: The points each player has made so far this hand.
    made: list[int]
    #: Each player's penalty total before this hand.
    totals: list[int]
    #: Each player's penalty for this hand once it is over, else None.
    penalties: list[int] | None
    #: Hands in the game, and the bonus taken off an exact forecast.
    hands: int
    exact_bonus: int


class DifferenzlerOwn(TypedDict):
    """What only the observer sees (:meth:`DifferenzlerObservation.own`)."""

    #: The observer's own forecast (None before it forecast, and for a spectator).
    forecast: int | None


@dataclass(frozen=True)
class DifferenzlerObservation:
    """One seat's view of a Differenzler hand. Card sets are raw 36-bit masks."""

    seat: int
    rules: DifferenzlerRules
    num_seats: int
    phase: str
    to_move: int
    dealer: int
    hand: int
    hand_sizes: tuple[int, ...]
    contract: int
    trump: int
    mode: int
    #: The card turned for trumps (-1 when trumps were drawn).
    turned: int
    trick_no: int
    leader: int
    trick: tuple[tuple[int, int], ...]
    history: tuple[tuple[int, int], ...]
    trick_winners: tuple[int, ...]
    #: Forecasts the observer may see (-1 where unknown or not yet made).
    forecasts: tuple[int, ...]
    #: Which players have forecast already.
    forecast_done: tuple[bool, ...]
    #: Points made so far by each player.
    made: tuple[int, ...]
    #: Penalty totals before this hand; ``penalties`` of this hand once it is over.
    totals: tuple[int, ...]
    penalties: tuple[int, ...]
    hand_no: int
    weis_announced: tuple[tuple[tuple[int, int], ...], ...]
    weis_shown: tuple[tuple[Meld, ...], ...]
    weis_seat: int
    stoeck_seat: int
    known: tuple[int, ...]
    weis_options: tuple[tuple[Meld, ...], ...] = ()
    legal_actions: tuple[int, ...] = ()

    def known_cards(self, seat: int) -> int:
        """Cards of ``seat`` known to the observer and not yet played (own hand for itself)."""
        return self.hand if seat == self.seat else self.known[seat]

    def played_by(self, seat: int) -> int:
        """Mask of the cards ``seat`` has played."""
        m = 0
        for s, c in self.history:
            if s == seat:
                m |= 1 << c
        return m

    def panel(self) -> DifferenzlerPanel:
        """The public part of the hand as plain data: the same for every observer, a spectator
        included (a forecast only where everyone may know it)."""
        over = self.phase == OVER
        public = over or self.rules.forecast == "open"
        return {
            "forecast": self.rules.forecast,
            "forecasts": [f if public and f >= 0 else None for f in self.forecasts],
            "forecast_done": list(self.forecast_done),
            "made": list(self.made),
            "totals": list(self.totals),
            "penalties": list(self.penalties) if over else None,
            "hands": self.rules.hands,
            "exact_bonus": self.rules.exact_bonus,
        }

    def own(self) -> DifferenzlerOwn:
        """The observer's own part as plain data: its forecast."""
        mine = self.forecasts[self.seat] if self.seat >= 0 else -1
        return {"forecast": mine if mine >= 0 else None}

    def action_mask(self) -> list[int]:
        """1 for each legal action of the observer (all 0 when it is not its turn)."""
        mask = [0] * NUM_ACTIONS
        for a in self.legal_actions:
            mask[a] = 1
        return mask

    def to_tensor(self) -> list[float]:
        """A flat vector of :data:`OBS_SIZE` floats (layout in the module text)."""
        n = self.num_seats
        me = self.seat if self.seat >= 0 else 0

        def rel(s: int) -> int:
            return (s - me) % n

        v = card_planes(self.seat, n, self.hand, self.history, self.trick, OBS_SIZE, 180)
        v[324 + self.mode] = 1.0
        if self.turned >= 0:
            v[330 + self.turned] = 1.0
        for s in range(n):
            r = rel(s)
            if r:
                for c in bits(self.known[s]):
                    v[366 + 36 * (r - 1) + c] = 1.0
            if self.forecasts[s] >= 0:
                v[486 + r] = self.forecasts[s] / 157.0
                v[490 + r] = 1.0
            v[494 + r] = self.made[s] / 157.0
            v[498 + r] = self.totals[s] / 157.0
        v[474 + rel(self.leader)] = 1.0
        v[478 + rel(self.dealer)] = 1.0
        if self.phase in _PHASES:
            v[482 + _PHASES.index(self.phase)] = 1.0
        v[502] = self.trick_no / (36 // n)
        v[503] = (self.rules.hands - self.hand_no) / self.rules.hands
        v[504] = 1.0 if self.rules.forecast == "open" else 0.0
        return v


def observe(hand: DifferenzlerHand, seat: int) -> DifferenzlerObservation:
    """The observation of ``seat`` (``-1``: a spectator) in ``hand``."""
    check_seat(hand, seat)
    n = hand.num_seats
    extra = [0] * n
    if hand.turned >= 0:
        extra[hand.dealer] = 1 << hand.turned
    view: TableView = table_view(hand, seat, tuple(extra))
    over = hand.phase == OVER
    open_ = hand.options.forecast == "open"
    forecasts = tuple(
        f if (s == seat or over or open_) else -1 for s, f in enumerate(hand.forecasts)
    )
    return DifferenzlerObservation(
        **seat_fields(hand, seat, view),
        contract=hand.contract,
        turned=hand.turned,
        forecasts=forecasts,
        forecast_done=tuple(f >= 0 for f in hand.forecasts),
        made=hand.credited,
        totals=hand.totals,
        penalties=hand.penalties(),
    )
