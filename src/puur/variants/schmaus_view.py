"""What one Schmaus seat (or a spectator) may know, and its tensor encoding.

Besides the public view of every trick hand (:mod:`puur.variants.view`) a seat knows its own
cards, the cards it was dealt and each card it drew, the turned card and where it lies (face up
at the bottom of the stock, or in the hand of whoever took it: the player who exchanged the
trump 6 for it, or the loser of trick 9, who draws it), the trump 6 and where it lies once it
was exchanged, every Weis declared (shown card by card) and what each scored, the number of
cards left in the stock, the points of both players in this hand and the game totals before
it. The stock's face-down cards and the other player's draws are secret; so is the question
whether to exchange the trump 6 (the table sees an ordinary turn) and whether a player keeps a
Weis quiet.

For the resampling of the search the stock is a *pile*: ``piles`` gives its size and
``pile_known`` the card face up at its bottom; ``log`` lists every public action in order
(cards, exchanges, Weis with their cards) so that a world can be replayed.

Tensor layout (version :data:`OBS_VERSION`, :data:`OBS_SIZE` floats; seats relative to the
observer, 0 = the observer, 1 = the other player; a spectator counts from seat 0):

=========  ================================================================
0-35       own hand
36-107     cards played, 36 per relative seat
108-179    the current trick, 36 per relative seat
180-183    the trump suit (none with Obenabe or Undenufe)
184-189    the mode of play (four suits, Obenabe, Undenufe)
190-225    the turned card
226-261    cards known in the other player's hand
262-333    cards of the Weis declared, 36 per relative seat
334-369    the card face up at the bottom of the stock
370-371    the leader of the current trick
372-373    the dealer
374-377    phase: exchange, weis, play, stoeck
378-379    the seat that exchanged the trump 6
380-381    points in this hand so far / 157
382-383    game total before the hand / target
384        tricks played / 18
385        cards in the stock / 18
=========  ================================================================
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Final

from puur.cards import bits, format_card
from puur.variants.schmaus_hand import EXCHANGE, NUM_ACTIONS, STOCK
from puur.variants.view import (
    SeatView,
    announcement,
    card_planes,
    check_seat,
    seat_fields,
    table_view,
)
from puur.weis import Meld, stoeck_cards

if TYPE_CHECKING:
    from puur.variants.schmaus_hand import SchmausHand
    from puur.variants.schmaus_rules import SchmausRules

__all__ = ["OBS_SIZE", "OBS_VERSION", "SchmausObservation", "observe"]

OBS_VERSION: Final = 1
OBS_SIZE: Final = 386
_PHASES: Final = (EXCHANGE, "weis", "play", "stoeck")


@dataclass(frozen=True)
class SchmausObservation(SeatView):
    """One seat's view of a Schmaus hand. Card sets are raw 36-bit masks."""

    NUM_ACTIONS: ClassVar[int] = NUM_ACTIONS

    seat: int
    rules: SchmausRules
    num_seats: int
    phase: str
    to_move: int
    dealer: int
    hand: int
    hand_sizes: tuple[int, ...]
    trump: int
    mode: int
    trick_no: int
    leader: int
    trick: tuple[tuple[int, int], ...]
    history: tuple[tuple[int, int], ...]
    trick_winners: tuple[int, ...]
    hand_no: int
    weis_announced: tuple[tuple[tuple[int, int], ...], ...]
    weis_shown: tuple[tuple[Meld, ...], ...]
    weis_seat: int
    stoeck_seat: int
    known: tuple[int, ...]
    weis_options: tuple[tuple[Meld, ...], ...]
    legal_actions: tuple[int, ...]
    #: The card turned for trumps, the trump 6 (-1 without trumps), the card face up at the
    #: bottom of the stock (-1 once drawn) and the cards left in the stock.
    turned: int
    six: int
    bottom: int
    stock_left: int
    #: Who exchanged the trump 6 (-1: nobody) and in which trick (0-based).
    robber: int
    rob_trick: int
    #: The observer's own dealt hand and its draws in order (nothing for a spectator).
    dealt: int
    drawn: tuple[int, ...]
    #: Every public action in order as (seat, action, cards of a Weis), and each Weis
    #: declared as (trick, seat, meld) with what it scored.
    log: tuple[tuple[int, int, int], ...]
    weis_log: tuple[tuple[int, int, Meld], ...]
    weis_points: tuple[int, ...]
    num_tricks: int
    trick_values: tuple[int, ...]
    #: Each player's points in the hand so far, and the game totals before the hand.
    made: tuple[int, ...]
    totals: tuple[int, ...]
    #: The player who reached the target in this hand (-1: nobody yet).
    winner: int
    piles: tuple[int, ...] = ()
    pile_known: tuple[int, ...] = ()
    out_of_play: int = 0

    @property
    def contract(self) -> int:
        """The mode of play the turned card gave (its suit, or Obenabe / Undenufe)."""
        return self.mode

    @property
    def in_play(self) -> tuple[int, ...]:
        """The seats that play the tricks: both."""
        return (0, 1)

    def dealt_known(self, seat: int) -> int:
        """Cards of the hand ``seat`` was *dealt* that the observer knows: its own, and of the
        other player what he played, showed or gave away before his first draw."""
        if seat == self.seat:
            return self.dealt
        out = 0
        for s, c in self.history[:2]:
            if s == seat:
                out |= 1 << c
        for t, s, m in self.weis_log:
            if t == 0 and s == seat:
                out |= m.cards
        if self.robber == seat and self.rob_trick == 0:
            out = out & ~(1 << self.turned) | 1 << self.six
        return out

    def panel(self) -> dict[str, Any]:
        """The public part of the hand as plain data, the same for every observer."""
        return {
            "turned": format_card(self.turned),
            "stock_bottom": format_card(self.bottom) if self.bottom >= 0 else None,
            "stock_left": self.stock_left,
            "robber": self.robber if self.robber >= 0 else None,
            "weis": [[s, [format_card(c) for c in m.card_list()], p]
                     for (_t, s, m), p in zip(self.weis_log, self.weis_points, strict=True)],
            "made": list(self.made),
            "totals": list(self.totals),
            "running": [t + m for t, m in zip(self.totals, self.made, strict=True)],
            "target": self.rules.target,
            "winner": self.winner if self.winner >= 0 else None,
        }

    def to_tensor(self) -> list[float]:
        """A flat vector of :data:`OBS_SIZE` floats (layout in the module text)."""
        me = self.seat if self.seat >= 0 else 0

        def rel(s: int) -> int:
            return (s - me) % 2

        v = card_planes(self.seat, 2, self.hand, self.history, self.trick, OBS_SIZE, 108)
        if self.trump >= 0:
            v[180 + self.trump] = 1.0
        v[184 + self.mode] = 1.0
        v[190 + self.turned] = 1.0
        for c in bits(self.known[1 - me]):
            v[226 + c] = 1.0
        for _t, s, m in self.weis_log:
            for c in m.card_list():
                v[262 + 36 * rel(s) + c] = 1.0
        if self.bottom >= 0:
            v[334 + self.bottom] = 1.0
        v[370 + rel(self.leader)] = 1.0
        v[372 + rel(self.dealer)] = 1.0
        if self.phase in _PHASES:
            v[374 + _PHASES.index(self.phase)] = 1.0
        if self.robber >= 0:
            v[378 + rel(self.robber)] = 1.0
        for s in range(2):
            v[380 + rel(s)] = self.made[s] / 157.0
            v[382 + rel(s)] = self.totals[s] / self.rules.target
        v[384] = self.trick_no / self.num_tricks
        v[385] = self.stock_left / STOCK
        return v


def observe(hand: SchmausHand, seat: int) -> SchmausObservation:
    """The observation of ``seat`` (``-1``: a spectator) in ``hand``."""
    check_seat(hand, seat)
    shown = tuple(hand.declared_by(s) for s in range(2))
    public = hand.public_cards()
    stoeck = stoeck_cards(hand.trump) if hand.stoeck_state == 1 else 0
    known = []
    for s in range(2):
        # Where the table knows these cards to be: a shown Weis stays in its holder's hand
        # until played (or, the 6, exchanged), Stöck too.
        k = public | (stoeck if s == hand.stoeck_seat else 0)
        for m in shown[s]:
            k |= m.cards
        known.append(k & hand.hands[s])
    view = table_view(hand, seat)
    fields = seat_fields(hand, seat, view)
    fields["known"] = tuple(known)
    if fields["phase"] == EXCHANGE and hand.to_move != seat:
        fields["phase"] = "play"
    bottom = hand.bottom
    fields.update(
        weis_announced=tuple(announcement(m) for m in shown),
        weis_shown=shown,
        weis_seat=-1,
        turned=hand.turned,
        six=hand.six,
        bottom=bottom,
        stock_left=hand.stock_left,
        robber=hand.robber,
        rob_trick=hand.rob_trick,
        dealt=hand.deal.hands[seat] if seat >= 0 else 0,
        drawn=hand.drawn[seat] if seat >= 0 else (),
        log=hand.log,
        weis_log=hand.weis_log,
        weis_points=tuple(hand._weis_points_by_log()),
        num_tricks=hand.num_tricks,
        trick_values=hand.trick_values,
        made=hand.credited,
        totals=hand.totals,
        winner=hand.winner,
        piles=(hand.stock_left,),
        pile_known=((1 << bottom) if bottom >= 0 else 0,),
    )
    return SchmausObservation(**fields)

