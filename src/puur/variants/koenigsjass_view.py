"""What one Königsjass seat (or a spectator) may know, and its tensor encoding.

Besides the public view of every trick hand (:mod:`puur.variants.view`) a seat knows its own
cards, the turned card and where it lies (on the talon, or in the hand of whoever took it: the
player who exchanged the trump 6 for it, or the swapper who took the talon), the trump 6 and
where it lies once it was exchanged, every word said before the card play (keep, swap, exchange
and pass are said aloud), the points of every player in this hand and the game totals before
it. The talon's face-down cards and the dead hand are secret: only the swapper knows the hand
he put down (and, having taken it, what the talon held). Whether a seat *could* exchange the 6
is its own secret: every seat is asked the same questions, and only the seat to move sees its
legal actions.

For the resampling of the search the cards in no hand are *piles*: ``piles`` gives the size of
the talon and of the dead hand as they lie now and ``pile_known`` the cards of each the observer
knows.

Tensor layout (version :data:`OBS_VERSION`, :data:`OBS_SIZE` floats; seats relative to the
observer, 0 = the observer, then in seat order; a spectator counts from seat 0):

=========  ================================================================
0-35       own hand
36-143     cards played, 36 per relative seat
144-251    the current trick, 36 per relative seat
252-255    the trump suit (none with Obenabe or Undenufe)
256-261    the mode of play (four suits, Obenabe, Undenufe)
262-297    the turned card
298-369    cards known in another seat's hand, 36 per relative seat 1-2
370-405    cards known in the talon
406-441    cards known in the dead hand
442-444    the leader of the current trick
445-447    the dealer
448-452    phase: swap, exchange, weis, play, stoeck
453-455    the swapper
456-458    the seat that exchanged the trump 6
459-461    points in this hand so far / 157
462-464    game total before the hand / target
465        tricks played / 9
466-467    cards in the talon / 9, cards in the dead hand / 9
=========  ================================================================
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Final

from puur.cards import bits, format_card
from puur.variants.koenigsjass_hand import NUM_ACTIONS, WORDS
from puur.variants.view import SPECTATOR, SeatView, card_planes, table_view
from puur.weis import Meld

if TYPE_CHECKING:
    from puur.variants.koenigsjass_hand import KoenigsjassHand
    from puur.variants.koenigsjass_rules import KoenigsjassRules

__all__ = ["OBS_SIZE", "OBS_VERSION", "KoenigsjassObservation", "observe"]

OBS_VERSION: Final = 1
OBS_SIZE: Final = 468
_PHASES: Final = ("swap", "exchange", "weis", "play", "stoeck")


@dataclass(frozen=True)
class KoenigsjassObservation(SeatView):
    """One seat's view of a Königsjass hand. Card sets are raw 36-bit masks."""

    NUM_ACTIONS: ClassVar[int] = NUM_ACTIONS

    seat: int
    rules: KoenigsjassRules
    num_seats: int
    phase: str
    to_move: int
    dealer: int
    hand: int
    hand_sizes: tuple[int, ...]
    trump: int
    mode: int
    #: The card turned for trumps, the seat holding it now (-1: in no hand) and the trump 6
    #: (-1 without trumps).
    turned: int
    turned_seat: int
    six: int
    #: Who exchanged the trump 6 and who swapped (-1: nobody); every word said before the
    #: card play as (seat, action).
    robber: int
    swapper: int
    words: tuple[tuple[int, int], ...]
    trick_no: int
    num_tricks: int
    leader: int
    trick: tuple[tuple[int, int], ...]
    history: tuple[tuple[int, int], ...]
    trick_winners: tuple[int, ...]
    trick_values: tuple[int, ...]
    #: Each player's points in the hand so far, and the game totals before the hand.
    made: tuple[int, ...]
    totals: tuple[int, ...]
    #: The player who reached the target in this hand (-1: nobody yet).
    winner: int
    hand_no: int
    weis_announced: tuple[tuple[tuple[int, int], ...], ...]
    weis_shown: tuple[tuple[Meld, ...], ...]
    weis_seat: int
    stoeck_seat: int
    known: tuple[int, ...]
    #: Sizes of the talon and the dead hand now, and the cards of each the observer knows.
    piles: tuple[int, ...] = ()
    pile_known: tuple[int, ...] = ()
    out_of_play: int = 0
    weis_options: tuple[tuple[Meld, ...], ...] = ()
    legal_actions: tuple[int, ...] = ()

    @property
    def contract(self) -> int:
        """The mode of play the turned card gave (its suit, or Obenabe / Undenufe)."""
        return self.mode

    @property
    def in_play(self) -> tuple[int, ...]:
        """The seats that play the tricks: all three."""
        return tuple(range(self.num_seats))

    def dealt_known(self, seat: int) -> int:
        """Cards of the hand ``seat`` was *dealt* that the observer knows (it may hold others
        now: the turned card it took for the trump 6, or the talon it swapped for)."""
        six = 1 << self.six if self.six >= 0 else 0
        if seat == self.swapper:
            held = self.pile_known[1] if seat == self.seat else 0
            if seat == self.robber:  # exchanged before the swap: the 6 was his
                held = held & ~(1 << self.turned) | six
            return held
        held = self.known_cards(seat) | self.played_by(seat)
        if seat == self.robber:
            held = held & ~(1 << self.turned) | six
        return held

    def talon_up(self) -> int:
        """The card lying face up on the talon (the turned card, or the trump 6 put there for
        it); -1 once the talon was taken."""
        up = self.pile_known[0] if self.pile_known else 0
        return up.bit_length() - 1

    def panel(self) -> dict[str, Any]:
        """The public part of the hand as plain data, the same for every observer."""
        up = self.talon_up()
        return {
            "turned": format_card(self.turned),
            "turned_seat": self.turned_seat if self.turned_seat >= 0 else None,
            "talon_up": format_card(up) if up >= 0 else None,
            "robber": self.robber if self.robber >= 0 else None,
            "swapper": self.swapper if self.swapper >= 0 else None,
            "words": [[s, WORDS[a]] for s, a in self.words],
            "piles": list(self.piles),
            "made": list(self.made),
            "totals": list(self.totals),
            "running": [t + m for t, m in zip(self.totals, self.made, strict=True)],
            "target": self.rules.target,
            "winner": self.winner if self.winner >= 0 else None,
        }

    def to_tensor(self) -> list[float]:
        """A flat vector of :data:`OBS_SIZE` floats (layout in the module text)."""
        n = self.num_seats
        me = self.seat if self.seat >= 0 else 0

        def rel(s: int) -> int:
            return (s - me) % n

        v = card_planes(self.seat, n, self.hand, self.history, self.trick, OBS_SIZE, 144)
        if self.trump >= 0:
            v[252 + self.trump] = 1.0
        v[256 + self.mode] = 1.0
        v[262 + self.turned] = 1.0
        for s in range(n):
            r = rel(s)
            if r:
                for c in bits(self.known[s]):
                    v[298 + 36 * (r - 1) + c] = 1.0
            v[459 + r] = self.made[s] / 157.0
            v[462 + r] = self.totals[s] / self.rules.target
        for k, base in enumerate((370, 406)):
            for c in bits(self.pile_known[k]):
                v[base + c] = 1.0
        v[442 + rel(self.leader)] = 1.0
        v[445 + rel(self.dealer)] = 1.0
        if self.phase in _PHASES:
            v[448 + _PHASES.index(self.phase)] = 1.0
        if self.swapper >= 0:
            v[453 + rel(self.swapper)] = 1.0
        if self.robber >= 0:
            v[456 + rel(self.robber)] = 1.0
        v[465] = self.trick_no / self.num_tricks
        v[466] = self.piles[0] / 9.0
        v[467] = self.piles[1] / 9.0
        return v


def observe(hand: KoenigsjassHand, seat: int) -> KoenigsjassObservation:
    """The observation of ``seat`` (``-1``: a spectator) in ``hand``."""
    n = hand.num_seats
    if type(seat) is not int or not SPECTATOR <= seat < n:
        raise ValueError(f"seat must be -1 (a spectator) or 0..{n - 1}, not {seat!r}")
    public = hand.public_cards()
    view = table_view(hand, seat, tuple(h & public for h in hand.hands))
    talon, dead = hand.piles
    dead_known = dead if seat >= 0 and seat == hand.swapper else dead & public
    holder = next((s for s in range(n) if hand.hands[s] >> hand.turned & 1), -1)
    my_turn = seat >= 0 and hand.to_move == seat and not hand.is_over
    return KoenigsjassObservation(
        seat=seat,
        rules=hand.options,
        num_seats=n,
        phase=view.phase,
        to_move=hand.to_move,
        dealer=hand.dealer,
        hand=hand.hands[seat] if seat >= 0 else 0,
        hand_sizes=tuple(h.bit_count() for h in hand.hands),
        trump=hand.trump,
        mode=hand.mode,
        turned=hand.turned,
        turned_seat=holder,
        six=hand.six,
        robber=hand.robber,
        swapper=hand.swapper,
        words=hand.words,
        trick_no=hand.trick_no,
        num_tricks=hand.num_tricks,
        leader=hand.leader,
        trick=view.trick,
        history=view.history,
        trick_winners=hand.trick_winners,
        trick_values=hand.trick_values,
        made=hand.credited,
        totals=hand.totals,
        winner=hand.winner,
        hand_no=hand.hand_no,
        weis_announced=view.weis_announced,
        weis_shown=view.weis_shown,
        weis_seat=view.weis_seat,
        stoeck_seat=view.stoeck_seat,
        known=view.known,
        piles=(talon.bit_count(), dead.bit_count()),
        pile_known=(talon & public, dead_known),
        out_of_play=0,
        weis_options=tuple(hand.weis_options(seat)) if my_turn and hand.phase == "weis" else (),
        legal_actions=tuple(hand.legal_actions()) if my_turn else (),
    )
