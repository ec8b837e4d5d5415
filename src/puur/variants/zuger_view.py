"""What one Zuger seat (or a spectator) may know, and its tensor encoding.

Besides the public view of every trick hand (:mod:`puur.variants.view`) a seat knows its own
cards, the bottom card turned for trumps and who holds it (the last active seat), who sits the
hand out, every word said aloud (forcing, the declaring, the answers to the settlement), who
plays, the points of every player in play so far and the totals before the hand. The hands of
the players who went home stay secret; so does the Weis of a player who settles, except for
the points it gives him once the hand is over (what he writes).

Tensor layout (version :data:`OBS_VERSION`, :data:`OBS_SIZE` floats; seats relative to the
observer, 0 = the observer, then in seat order; a table of three leaves the fourth slot at
zero):

=========  ================================================================
0-35       own hand
36-179     cards played, 36 per relative seat (4 seats)
180-323    the current trick, 36 per relative seat
324-327    the trump suit
328-363    the turned card
364-471    cards known in another seat's hand, 36 per relative seat 1-3
472-475    the leader of the current trick
476-479    the dealer
480-485    phase: force, declare, settle, weis, play, stoeck
486-489    said stay
490-493    said home
494-497    said maybe
498-501    accepted the settlement
502-505    in play
506-509    points in this hand so far / 157
510-513    total before the hand / 100
514        tricks played / 12
515        everyone was forced to play
=========  ================================================================
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Final

from puur.cards import bits, format_card
from puur.hand import OVER
from puur.variants.view import SeatView, card_planes, check_seat, seat_fields, table_view
from puur.variants.zuger_hand import (
    A_ACCEPT,
    A_HOME,
    A_MAYBE,
    A_STAY,
    NUM_ACTIONS,
    WORDS,
)
from puur.variants.zuger_rules import END_AT, settlement
from puur.weis import Meld

if TYPE_CHECKING:
    from puur.variants.zuger_hand import ZugerHand
    from puur.variants.zuger_rules import ZugerRules

__all__ = ["OBS_SIZE", "OBS_VERSION", "ZugerObservation", "observe"]

OBS_VERSION: Final = 1
OBS_SIZE: Final = 516
_PHASES: Final = ("force", "declare", "settle", "weis", "play", "stoeck")


def _word(a: int) -> str | None:
    return WORDS[a - A_STAY] if a >= 0 else None


@dataclass(frozen=True)
class ZugerObservation(SeatView):
    """One seat's view of a Zuger hand. Card sets are raw 36-bit masks."""

    NUM_ACTIONS: ClassVar[int] = NUM_ACTIONS

    seat: int
    rules: ZugerRules
    num_seats: int
    phase: str
    to_move: int
    dealer: int
    hand: int
    hand_sizes: tuple[int, ...]
    trump: int
    mode: int
    #: The card turned for trumps and the seat holding it.
    turned: int
    turned_seat: int
    #: The active seats (the dealer sits out at a table of four: ``sitting_out``, else -1),
    #: the Vorhand, and the seats playing the tricks (empty until the declaring is over).
    active: tuple[int, ...]
    sitting_out: int
    vorhand: int
    in_play: tuple[int, ...]
    #: Every word said as (seat, action); each seat's word of the declaring and answer to the
    #: settlement (-1: none); who may force (-1: nobody) and whether he did.
    words: tuple[tuple[int, int], ...]
    said: tuple[int, ...]
    answers: tuple[int, ...]
    forcer: int
    forced: bool
    #: The seats taking part after the declaring, whether they settled, whether nobody stayed.
    staying: tuple[int, ...]
    settled: bool
    redealt: bool
    trick_no: int
    num_tricks: int
    leader: int
    trick: tuple[tuple[int, int], ...]
    history: tuple[tuple[int, int], ...]
    trick_winners: tuple[int, ...]
    trick_values: tuple[int, ...]
    #: Each player's points in the hand so far (cards, Stöck, Weis once counted).
    made: tuple[int, ...]
    #: Totals before this hand; what the hand writes once it is over (zeros before).
    totals: tuple[int, ...]
    result: tuple[int, ...]
    hand_no: int
    weis_announced: tuple[tuple[tuple[int, int], ...], ...]
    weis_shown: tuple[tuple[Meld, ...], ...]
    weis_seat: int
    stoeck_seat: int
    known: tuple[int, ...]
    #: The points of the observer's own best Weis (what it would settle on; 0 for a spectator).
    own_weis: int = 0
    out_of_play: int = 0
    weis_options: tuple[tuple[Meld, ...], ...] = ()
    legal_actions: tuple[int, ...] = ()

    @property
    def contract(self) -> int:
        """The trump suit (turned)."""
        return self.trump

    def gone_home(self) -> tuple[int, ...]:
        """The active seats out of this hand (so far)."""
        if self.phase in ("force", "declare"):
            return tuple(s for s in self.active if self.said[s] == A_HOME)
        return tuple(s for s in self.active if s not in self.staying)

    def panel(self) -> dict[str, Any]:
        """The public part of the hand as plain data, the same for every observer."""
        over = self.phase == OVER
        return {
            "turned": format_card(self.turned),
            "turned_seat": self.turned_seat,
            "sitting_out": self.sitting_out if self.sitting_out >= 0 else None,
            "forcer": self.forcer if self.forcer >= 0 else None,
            "forced": self.forced,
            "said": [_word(a) for a in self.said],
            "answers": [_word(a) for a in self.answers],
            "active": list(self.active),
            "in_play": list(self.in_play),
            "staying": list(self.staying),
            "settled": self.settled,
            "redealt": self.redealt,
            "made": list(self.made),
            "totals": list(self.totals),
            "target": END_AT,
            "result": list(self.result) if over else None,
        }

    def own(self) -> dict[str, Any]:
        """What the observer alone knows beyond its cards: its own Weis and what it would write
        in a settlement (an active seat only)."""
        if self.seat < 0 or self.seat not in self.active:
            return {}
        return {"own_weis": self.own_weis, "settlement": settlement(self.own_weis)}

    def to_tensor(self) -> list[float]:
        """A flat vector of :data:`OBS_SIZE` floats (layout in the module text)."""
        n = self.num_seats
        me = self.seat if self.seat >= 0 else 0

        def rel(s: int) -> int:
            return (s - me) % n

        v = card_planes(self.seat, n, self.hand, self.history, self.trick, OBS_SIZE, 180)
        v[324 + self.trump] = 1.0
        v[328 + self.turned] = 1.0
        for s in range(n):
            r = rel(s)
            if r:
                for c in bits(self.known[s]):
                    v[364 + 36 * (r - 1) + c] = 1.0
            word = self.said[s]
            if word == A_STAY:
                v[486 + r] = 1.0
            elif word == A_HOME:
                v[490 + r] = 1.0
            elif word == A_MAYBE:
                v[494 + r] = 1.0
            if self.answers[s] == A_ACCEPT:
                v[498 + r] = 1.0
            if s in self.in_play:
                v[502 + r] = 1.0
            v[506 + r] = self.made[s] / 157.0
            v[510 + r] = self.totals[s] / END_AT
        v[472 + rel(self.leader)] = 1.0
        v[476 + rel(self.dealer)] = 1.0
        if self.phase in _PHASES:
            v[480 + _PHASES.index(self.phase)] = 1.0
        v[514] = self.trick_no / 12.0
        v[515] = 1.0 if self.forced else 0.0
        return v


def observe(hand: ZugerHand, seat: int) -> ZugerObservation:
    """The observation of ``seat`` (``-1``: a spectator) in ``hand``."""
    check_seat(hand, seat)
    n = hand.num_seats
    public = [0] * n
    public[hand.turned_seat] = 1 << hand.turned
    view = table_view(hand, seat, tuple(public))
    return ZugerObservation(
        **seat_fields(hand, seat, view),
        turned=hand.turned,
        turned_seat=hand.turned_seat,
        active=hand.active,
        sitting_out=hand.sitting_out,
        vorhand=hand.vorhand,
        in_play=hand.in_play,
        words=hand.words,
        said=hand.said,
        answers=hand.answers,
        forcer=hand.forcer,
        forced=hand.forced,
        staying=hand.staying,
        settled=hand.settled,
        redealt=hand.redealt,
        num_tricks=hand.num_tricks,
        trick_values=hand.trick_values,
        made=hand.credited,
        totals=hand.totals,
        result=hand.result(),
        own_weis=hand.own_weis(seat) if seat >= 0 and seat in hand.active else 0,
    )
