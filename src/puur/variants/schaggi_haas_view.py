"""What one Schaggi Haas seat (or a spectator) may know, and its tensor encoding.

Besides the public view of every trick hand (:mod:`puur.variants.view`) a seat knows its own
cards, the face-up card and the cut, every word said before the card play (``keep``,
``besser``, ``rob`` and ``pass`` are said aloud), that a player puts four cards down (not which:
only the discarder knows his discards), whose Besser packet still lies, the trump 6 on the stock
and the face-up card in the robber's hand after a rob (until the robber may have put it down
when bessering after the rob), the points of both players in this hand and the totals before it.
Nobody sees a Besser packet before its owner takes it (then only he), nor the stock's three
face-down cards. Whether a seat *could* rob is its own secret: both seats are asked the same
question, and only the seat to move sees its legal actions.

For the resampling of the search every card in no hand lies in one *pile*, the dead cards:
``piles`` gives its size and ``pile_known`` the cards of it the observer knows (the face-up card
and his own discards).

Tensor layout (version :data:`OBS_VERSION`, :data:`OBS_SIZE` floats; seats relative to the
observer, 0 = the observer, 1 = the other player; a spectator counts from seat 0):

=========  ================================================================
0-35       own hand
36-107     cards played, 36 per relative seat
108-179    the current trick, 36 per relative seat
180-183    the trump suit (none with Obenabe or Undenufe)
184-189    the mode of play (four suits, Obenabe, Undenufe)
190-225    the turned card
226-261    the card face up on the stock now
262-297    cards known in the other player's hand
298-333    own discards
334-335    the leader of the current trick
336-337    the dealer
338-343    phase: bessern, discard, rob, weis, play, stoeck
344-345    the seat that robbed
346-347    the seats that bessered
348-349    points in this hand so far / 157
350-351    game total before the hand / target
352        tricks played / 12
353-354    the seat's Besser packet still lies
=========  ================================================================
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Final

from puur.cards import bits, format_card
from puur.variants.schaggi_haas_hand import NUM_ACTIONS, WORDS
from puur.variants.view import SeatView, card_planes, check_seat, seat_fields, table_view
from puur.weis import Meld

if TYPE_CHECKING:
    from puur.variants.schaggi_haas_hand import SchaggiHaasHand
    from puur.variants.schaggi_haas_rules import SchaggiHaasRules

__all__ = ["OBS_SIZE", "OBS_VERSION", "SchaggiHaasObservation", "observe"]

OBS_VERSION: Final = 1
OBS_SIZE: Final = 355
_PHASES: Final = ("bessern", "discard", "rob", "weis", "play", "stoeck")


@dataclass(frozen=True)
class SchaggiHaasObservation(SeatView):
    """One seat's view of a Schaggi Haas hand. Card sets are raw 36-bit masks."""

    NUM_ACTIONS: ClassVar[int] = NUM_ACTIONS

    seat: int
    rules: SchaggiHaasRules
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
    #: The card turned for trumps, the card face up on the stock now (the trump 6 after a
    #: rob), the trump 6 (-1 without trumps) and the cut (seat 0's card, seat 1's; empty when
    #: the deal passes from hand to hand).
    turned: int
    face_up: int
    six: int
    cut: tuple[int, ...]
    #: Who robbed (-1: nobody), who bessered, whose Besser packet still lies, each seat's
    #: number of cards put down, and every word before the card play as (seat, action).
    robber: int
    bessered: tuple[bool, ...]
    besser_lying: tuple[bool, ...]
    put_down: tuple[int, ...]
    words: tuple[tuple[int, int], ...]
    num_tricks: int
    trick_values: tuple[int, ...]
    #: Each player's points in the hand so far, the game totals before it, and the player
    #: who reached the target in this hand (-1: nobody yet).
    made: tuple[int, ...]
    totals: tuple[int, ...]
    winner: int
    #: The observer's own discards (none for a spectator).
    discarded: int = 0
    #: The size of the pile of dead cards and the cards of it the observer knows.
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
        """The seats that play the tricks: both."""
        return (0, 1)

    @property
    def table_cards(self) -> int:
        """The card face up on the stock."""
        return 1 << self.face_up

    @property
    def named_cards(self) -> int:
        """The two cards of the cut: shown to both before the deal, then shuffled in, so the
        table knows them without knowing where they lie."""
        out = 0
        for c in self.cut:
            out |= 1 << c
        return out

    @property
    def set_aside(self) -> int:
        """The observer's own discards."""
        return self.discarded

    def dealt_known(self, seat: int) -> int:
        """Cards of the hand ``seat`` was *dealt* that the observer knows: its own hand (with
        its discards, less its Besser cards) for itself; for the other what it played and
        showed, less the face-up card it robbed (its trump 6 instead). The cards a player
        played may also be Besser cards."""
        held = self.known_cards(seat) | self.played_by(seat)
        if seat == self.seat:
            held |= self.discarded
        if seat == self.robber:
            held = held & ~(1 << self.turned) | 1 << self.six
        return held

    def panel(self) -> dict[str, Any]:
        """The public part of the hand as plain data, the same for every observer."""
        return {
            "besser_lying": list(self.besser_lying),
            "turned": format_card(self.turned),
            "face_up": format_card(self.face_up),
            "cut": [format_card(c) for c in self.cut],
            "robber": self.robber if self.robber >= 0 else None,
            "bessered": list(self.bessered),
            "put_down": list(self.put_down),
            "words": [[s, WORDS[a]] for s, a in self.words],
            "said": self.said(),
            "made": list(self.made),
            "totals": list(self.totals),
            "running": [t + m for t, m in zip(self.totals, self.made, strict=True)],
            "target": self.rules.target,
            "winner": self.winner if self.winner >= 0 else None,
        }

    def said(self) -> list[str | None]:
        """Each seat's last word before the card play (``None`` once it has begun)."""
        out: list[str | None] = [None, None]
        if self.phase in ("bessern", "discard", "rob"):
            for s, a in self.words:
                out[s] = WORDS[a]
        return out

    def own(self) -> dict[str, Any]:
        """What only this seat knows: the cards it put down."""
        return {"put_down": [format_card(c) for c in bits(self.discarded)]}

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
        v[226 + self.face_up] = 1.0
        for c in bits(self.known[1 - me]):
            v[262 + c] = 1.0
        for c in bits(self.discarded):
            v[298 + c] = 1.0
        v[334 + rel(self.leader)] = 1.0
        v[336 + rel(self.dealer)] = 1.0
        if self.phase in _PHASES:
            v[338 + _PHASES.index(self.phase)] = 1.0
        if self.robber >= 0:
            v[344 + rel(self.robber)] = 1.0
        for s in range(2):
            r = rel(s)
            v[346 + r] = float(self.bessered[s])
            v[348 + r] = self.made[s] / 157.0
            v[350 + r] = self.totals[s] / self.rules.target
            v[353 + r] = float(self.besser_lying[s])
        v[352] = self.trick_no / self.num_tricks
        return v


def observe(hand: SchaggiHaasHand, seat: int) -> SchaggiHaasObservation:
    """The observation of ``seat`` (``-1``: a spectator) in ``hand``."""
    check_seat(hand, seat)
    holder = hand.turned_seen_with()
    extra = tuple((1 << hand.turned) if s == holder else 0 for s in range(2))
    view = table_view(hand, seat, extra)
    discarded = hand.discards[seat] if seat >= 0 else 0
    fields = seat_fields(hand, seat, view)
    return SchaggiHaasObservation(
        **fields,
        turned=hand.turned,
        face_up=hand.face_up(),
        six=hand.six,
        cut=hand.deal.cut,
        robber=hand.robber,
        bessered=hand.bessered,
        besser_lying=tuple(b != 0 for b in hand.besser),
        put_down=tuple(d.bit_count() for d in hand.discards),
        words=hand.words,
        num_tricks=hand.num_tricks,
        trick_values=hand.trick_values,
        made=hand.credited,
        totals=hand.totals,
        winner=hand.winner,
        discarded=discarded,
        piles=(hand.dead.bit_count(),),
        pile_known=(1 << hand.face_up() | discarded,),
        out_of_play=0,
    )
