"""What one Bieter seat (or a spectator) may know, and its tensor encoding.

Besides the public view of every trick hand (:mod:`puur.variants.view`) a seat knows its own
cards; the auction (every bid and pass, who is König and for how much); the contract and the
card the dealer turned for it (it stays in the dealer's hand); the talon's three face-up cards
(before and after the König takes them: whether he keeps or discards them stays his secret); the
game's two columns before the hand, and the hand's points per seat. Only the König knows his
discards (the others see how many he has laid down). With five players the called card is
public, its holder is not: only the holder himself knows he is the partner until the card is
played, and until then the columns of the hand are not shown (they would tell who took points
for whom). In the three-player game the side holding the best Weis shows all its Weis once
trick 1 is over (both Bauern's, as partners in Schieber); with five only the best Weis counts
and shows, its holder's.

Tensor layout (version :data:`OBS_VERSION`, :data:`OBS_SIZE` floats; seats relative to the
observer, 0 = the observer, then in playing order; a table of three leaves the slots of seats
3 and 4 at zero):

=========  ================================================================
0-35       own hand
36-215     cards played, 36 per relative seat (5 seats)
216-395    the current trick, 36 per relative seat
396-401    the contract: 4 suits, Obenabe, Undenufe (none before it is named)
402-437    the card turned for trumps
438-473    the talon's face-up cards
474-509    own discards (the König)
510-545    the called card (five players)
546-725    cards known in another seat's hand, 36 per relative seat 1-4 (726-729 unused)
730-734    the König; 735-739 the partner (once known); 740-744 the dealer; 745-749 the leader
750-757    phase: bid, discard, contract, decline, call, weis, play, stoeck
758        the highest bid / 1000
759-760    the König's and the Bauern's columns before the hand / 1000
761-762    the hand's points of both columns / 157 (zero while they are hidden)
763-767    seats that passed in the auction
768        tricks played / tricks in a hand
769        1 in the hand that opened with the auction
=========  ================================================================
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Final

from puur.cards import bits, format_card
from puur.contracts import format_contract
from puur.hand import OVER
from puur.variants.bieter_rules import NUM_ACTIONS, REMOVED_AT_FIVE
from puur.variants.view import SeatView, card_planes, check_seat, seat_fields, table_view
from puur.weis import Meld

if TYPE_CHECKING:
    from puur.variants.bieter_hand import BieterHand
    from puur.variants.bieter_rules import BieterRules

__all__ = ["OBS_SIZE", "OBS_VERSION", "BieterObservation", "observe"]

OBS_VERSION: Final = 1
OBS_SIZE: Final = 770
_PHASES: Final = ("bid", "discard", "contract", "decline", "call", "weis", "play", "stoeck")


@dataclass(frozen=True)
class BieterObservation(SeatView):
    """One seat's view of a Bieter hand. Card sets are raw 36-bit masks."""

    NUM_ACTIONS: ClassVar[int] = NUM_ACTIONS

    seat: int
    rules: BieterRules
    num_seats: int
    phase: str
    to_move: int
    dealer: int
    hand: int
    hand_sizes: tuple[int, ...]
    hand_no: int
    #: True in the hand that opened with the auction (the König names the contract, leads).
    first: bool
    #: The auction: each seat's last bid (0: none), the seats that passed (bits), every call in
    #: order ((seat, bid), 0 for a pass), the König
    #: (-1 until the auction is over) and the bid he plays for.
    bids: tuple[int, ...]
    passed: int
    auction: tuple[tuple[int, int], ...]
    koenig: int
    bid: int
    #: The contract (-1 until named), the trump suit (-1 without) and the turned card.
    contract: int
    trump: int
    mode: int
    turned: int
    #: The talon's face-up cards, whether the König has taken the talon, how many cards he has
    #: discarded, and the discards themselves (the König's own view only, else 0).
    talon_up: int
    talon_taken: bool
    num_discarded: int
    discards: int
    declined: bool
    thrown_in: bool
    #: Five players: the called card (-1 before the call) and its holder (-1 while unknown to
    #: the observer).
    called: int
    partner: int
    trick_no: int
    num_tricks: int
    leader: int
    trick: tuple[tuple[int, int], ...]
    history: tuple[tuple[int, int], ...]
    trick_winners: tuple[int, ...]
    trick_values: tuple[int, ...]
    #: Points credited to each seat in this hand (tricks, Weis, Stöck: all public).
    made: tuple[int, ...]
    #: The hand's (König, Bauern) points, or () while they are hidden (five players).
    team_points: tuple[int, ...]
    #: The (König, Bauern) columns before this hand and what each needs.
    totals: tuple[int, int]
    targets: tuple[int, int]
    weis_announced: tuple[tuple[tuple[int, int], ...], ...]
    weis_shown: tuple[tuple[Meld, ...], ...]
    weis_seat: int
    stoeck_seat: int
    known: tuple[int, ...]
    #: Cards the observer knows are in nobody's hand (the Schilten 6 with five players, the
    #: talon before it is taken, the König's own discards).
    out_of_play: int = 0
    weis_options: tuple[tuple[Meld, ...], ...] = ()
    legal_actions: tuple[int, ...] = ()

    @property
    def table_cards(self) -> int:
        """The talon's face-up cards, public before and after the König takes them."""
        return self.talon_up

    @property
    def named_cards(self) -> int:
        """The called card (five players), named to all, its holder secret."""
        return 1 << self.called if self.called >= 0 else 0

    @property
    def set_aside(self) -> int:
        """The König's own discards (his view only)."""
        return self.discards

    def side_of(self, seat: int) -> int:
        """0 for the König (and the partner, when known), 1 for the others, -1 before the
        auction is over or for a seat whose side the observer does not know (five players)."""
        if self.koenig < 0:
            return -1
        if seat == self.koenig or seat == self.partner:
            return 0
        if self.num_seats == 5 and self.partner < 0 and seat != self.seat:
            return -1
        return 1

    def panel(self) -> dict[str, Any]:
        """The public part of the hand as plain data, the same for every observer."""
        return {
            "koenig": self.koenig if self.koenig >= 0 else None,
            "bid": self.bid or None,
            "bids": list(self.bids),
            "passed": [s for s in range(self.num_seats) if self.passed >> s & 1],
            "first": self.first,
            "totals": list(self.totals),
            "targets": list(self.targets),
            "team_points": list(self.team_points) or None,
            "talon_up": [format_card(c) for c in bits(self.talon_up)],
            "talon_taken": self.talon_taken,
            "discarded": self.num_discarded,
            "called": format_card(self.called) if self.called >= 0 else None,
            "partner": (self.partner if self.partner >= 0 and self.partner_public() else None),
            "declined": self.declined,
            "thrown_in": self.thrown_in,
        }

    def partner_public(self) -> bool:
        """True once the called card has been played (or the hand is over)."""
        return self.phase == OVER or any(c == self.called for _s, c in self.history)

    def own(self) -> dict[str, Any]:
        """What only this seat knows: the König's discards, the partner's own secret."""
        return {
            "discards": [format_card(c) for c in bits(self.discards)],
            "partner": self.partner == self.seat and self.seat >= 0,
        }

    def to_tensor(self) -> list[float]:
        """A flat vector of :data:`OBS_SIZE` floats (layout in the module text)."""
        n = self.num_seats
        me = self.seat if self.seat >= 0 else 0

        def rel(s: int) -> int:
            return (s - me) % n

        v = card_planes(self.seat, n, self.hand, self.history, self.trick, OBS_SIZE, 216)
        if self.contract >= 0:
            v[396 + self.contract] = 1.0
        if self.turned >= 0:
            v[402 + self.turned] = 1.0
        for c in bits(self.talon_up):
            v[438 + c] = 1.0
        for c in bits(self.discards):
            v[474 + c] = 1.0
        if self.called >= 0:
            v[510 + self.called] = 1.0
        for s in range(n):
            r = rel(s)
            if r:
                for c in bits(self.known[s]):
                    v[546 + 36 * (r - 1) + c] = 1.0
            if self.passed >> s & 1:
                v[763 + r] = 1.0
        if self.koenig >= 0:
            v[730 + rel(self.koenig)] = 1.0
        if self.partner >= 0:
            v[735 + rel(self.partner)] = 1.0
        v[740 + rel(self.dealer)] = 1.0
        v[745 + rel(self.leader)] = 1.0
        if self.phase in _PHASES:
            v[750 + _PHASES.index(self.phase)] = 1.0
        v[758] = max(self.bids) / 1000.0
        v[759] = self.totals[0] / 1000.0
        v[760] = self.totals[1] / 1000.0
        if self.team_points:
            v[761] = self.team_points[0] / 157.0
            v[762] = self.team_points[1] / 157.0
        v[768] = self.trick_no / self.num_tricks
        v[769] = 1.0 if self.first else 0.0
        return v

    def contract_text(self) -> str:
        """The contract's token, or ``-`` before it is named."""
        return format_contract(self.contract) if self.contract >= 0 else "-"


def observe(hand: BieterHand, seat: int) -> BieterObservation:
    """The observation of ``seat`` (``-1``: a spectator) in ``hand``."""
    check_seat(hand, seat)
    n = hand.num_seats
    extra = [0] * n
    if hand.turned >= 0:
        extra[hand.dealer] = 1 << hand.turned
    view = table_view(hand, seat, tuple(extra))
    shown = view.weis_shown
    known = view.known
    if hand.trick_winners and hand.weis_seat >= 0 and hand.options.players == 3:
        # The side of the best Weis shows all of its Weis (both Bauern's, or the König's).
        team = hand.team(hand.weis_seat)
        played = sum(1 << c for c in hand.played)
        shown = tuple(d if s == seat or hand.team(s) == team else ()
                      for s, d in enumerate(hand.declared))
        known = tuple((k | sum(m.cards for m in shown[s])) & ~played
                      for s, k in enumerate(known))
    over = hand.phase == OVER
    public_partner = over or hand.revealed
    partner = hand.partner if hand.partner >= 0 and (public_partner or seat == hand.partner) \
        else -1
    five = hand.options.players == 5
    team_points: tuple[int, ...] = hand.team_points if not five or public_partner else ()
    me_koenig = seat >= 0 and seat == hand.koenig
    out = 1 << REMOVED_AT_FIVE if five else 0
    if not hand.talon_taken:
        out |= hand.deal.talon_up
    if me_koenig:
        out |= hand.discards
    fields = seat_fields(hand, seat, view)
    fields.update(
        mode=hand.mode if hand.contract >= 0 else -1,
        weis_shown=shown,
        known=known,
    )
    return BieterObservation(
        **fields,
        first=hand.first,
        bids=hand.bids,
        passed=hand.passed,
        auction=hand.auction,
        koenig=hand.koenig,
        bid=hand.bid,
        contract=hand.contract,
        turned=hand.turned,
        talon_up=hand.deal.talon_up,
        talon_taken=hand.talon_taken,
        num_discarded=hand.discards.bit_count(),
        discards=hand.discards if me_koenig else 0,
        declined=hand.declined,
        thrown_in=hand.thrown_in,
        called=hand.called,
        partner=partner,
        num_tricks=hand.num_tricks,
        trick_values=hand.trick_values,
        made=hand.credited,
        team_points=team_points,
        totals=hand.totals,
        targets=hand.targets,
        out_of_play=out,
    )
