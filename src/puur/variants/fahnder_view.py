"""What one Fahnder seat (or a spectator) may know, and its tensor encoding.

Besides the public view of every trick hand (:mod:`puur.variants.view`: the cards played, who
took each trick) a seat knows its own cards; the auction (every bid and pass, in order), the
Fahnder and his bid; the contract and the called card; each seat's marks before the hand. Who
holds the called card is public at once with ``partner_reveal = immediate`` (and so the card
is known to be in his hand); with ``on_play`` only its holder knows it until the card is
played (a Fahnder who called his own card knows he plays alone), and until then the pair's
card points are not shown either (they would tell who took points for whom). The points each
seat has taken are public (the tricks are).

Tensor layout (version :data:`OBS_VERSION`, :data:`OBS_SIZE` floats; seats relative to the
observer, 0 = the observer, then in playing order):

=========  ================================================================
0-35       own hand
36-179     cards played, 36 per relative seat
180-323    the current trick, 36 per relative seat
324-329    the contract: 4 suits, Obenabe, Undenufe (none before it is named)
330-365    the called card
366-473    cards known in another seat's hand, 36 per relative seat 1-3
474-477    the Fahnder (the highest bidder during the auction)
478-481    the partner (once known to the observer)
482-485    the dealer
486-489    the leader
490-493    phase: bid, contract, call, play
494        the highest bid / 157
495        passes in a row / 4
496-499    each seat's last call: a bid / 157, -1 for a pass, 0 none
500-503    points each seat has taken in this hand / 157
504-507    each seat's net marks before the hand / 20
508        hands played / hands in a game
509        1 when the observer knows the Fahnder plays alone
=========  ================================================================
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Final

from puur.cards import format_card
from puur.contracts import format_contract
from puur.hand import OVER
from puur.variants.fahnder_rules import MAX_BID, NUM_ACTIONS
from puur.variants.view import SPECTATOR, SeatView, card_planes, table_view

if TYPE_CHECKING:
    from puur.variants.fahnder_hand import FahnderHand
    from puur.variants.fahnder_rules import FahnderRules

__all__ = ["OBS_SIZE", "OBS_VERSION", "FahnderObservation", "observe"]

OBS_VERSION: Final = 1
OBS_SIZE: Final = 510
_PHASES: Final = ("bid", "contract", "call", "play")


@dataclass(frozen=True)
class FahnderObservation(SeatView):
    """One seat's view of a Fahnder hand. Card sets are raw 36-bit masks."""

    NUM_ACTIONS: ClassVar[int] = NUM_ACTIONS

    seat: int
    rules: FahnderRules
    num_seats: int
    phase: str
    to_move: int
    dealer: int
    hand: int
    hand_sizes: tuple[int, ...]
    hand_no: int
    #: The auction: every call in order ((seat, bid), 0 for a pass), the highest bid, its
    #: bidder and the passes in a row since.
    calls: tuple[tuple[int, int], ...]
    bid: int
    bidder: int
    passes: int
    thrown_in: bool
    #: The Fahnder (-1 until the auction is over; also ``chooser``), the contract (-1 until
    #: named), the trump suit and mode, the called card (-1 before the call).
    fahnder: int
    chooser: int
    contract: int
    trump: int
    mode: int
    called: int
    #: The holder of the called card, -1 while the observer does not know him.
    partner: int
    trick_no: int
    num_tricks: int
    leader: int
    trick: tuple[tuple[int, int], ...]
    history: tuple[tuple[int, int], ...]
    trick_winners: tuple[int, ...]
    trick_values: tuple[int, ...]
    #: Card points each seat has taken in this hand (public: the tricks are).
    made: tuple[int, ...]
    #: The (pair, others) card points, or () while the partner is secret to the table.
    team_points: tuple[int, ...]
    #: What each seat wrote in this hand (zeros until it is over) and each seat's net marks
    #: before it.
    marks: tuple[int, ...]
    totals: tuple[int, ...]
    known: tuple[int, ...]
    weis_announced: tuple[tuple[tuple[int, int], ...], ...]
    weis_shown: tuple[tuple[Any, ...], ...]
    weis_seat: int = -1
    stoeck_seat: int = -1
    out_of_play: int = 0
    weis_options: tuple[tuple[Any, ...], ...] = ()
    legal_actions: tuple[int, ...] = ()

    @property
    def named_cards(self) -> int:
        """The called card, named to all (its holder may be secret)."""
        return 1 << self.called if self.called >= 0 else 0

    @property
    def partner_public(self) -> bool:
        """True once the whole table knows who holds the called card."""
        if self.called < 0:
            return False
        return (self.rules.partner_reveal == "immediate" or self.phase == OVER
                or any(c == self.called for _s, c in self.history))

    @property
    def koenig(self) -> int:
        """The Fahnder, under the name Bieter's card play reads (the seat that won the
        auction and plays for its bid)."""
        return self.fahnder

    @property
    def alone(self) -> bool:
        """True when the observer knows the Fahnder plays alone."""
        return self.partner >= 0 and self.partner == self.fahnder

    def side_of(self, seat: int) -> int:
        """0 for the Fahnder (and the partner, when known), 1 for the others, -1 before the
        auction is over or for a seat whose side the observer does not know."""
        if self.fahnder < 0:
            return -1
        if seat == self.fahnder or seat == self.partner:
            return 0
        if self.partner < 0 and self.called >= 0 and seat != self.seat:
            return -1
        return 1

    def panel(self) -> dict[str, Any]:
        """The public part of the hand as plain data, the same for every observer."""
        public = self.partner_public
        return {
            "fahnder": self.fahnder if self.fahnder >= 0 else None,
            "bid": self.bid or None,
            "bidder": self.bidder if self.bidder >= 0 else None,
            "calls": [{"seat": s, "call": "bid" if v else "pass", "value": v or None}
                      for s, v in self.calls],
            "bids": [max((v for s2, v in self.calls if s2 == s), default=0) for s in range(4)],
            "last_call": [next((("bid" if v else "pass") for s2, v in reversed(self.calls)
                                if s2 == s), None) for s in range(4)],
            "called": format_card(self.called) if self.called >= 0 else None,
            "partner": self.partner if public else None,
            "alone": (self.partner == self.fahnder) if public else None,
            "team_points": list(self.team_points) or None,
            "made": list(self.made),
            "marks": list(self.marks),
            "totals": list(self.totals),
            "scoring": self.rules.scoring,
            "hands": self.rules.hands,
            "thrown_in": self.thrown_in,
        }

    def own(self) -> dict[str, Any]:
        """What only this seat knows: that it holds the called card while that is secret."""
        return {"partner": self.seat >= 0 and self.partner == self.seat
                and self.seat != self.fahnder}

    def to_tensor(self) -> list[float]:
        """A flat vector of :data:`OBS_SIZE` floats (layout in the module text)."""
        me = self.seat if self.seat >= 0 else 0

        def rel(s: int) -> int:
            return (s - me) % 4

        v = card_planes(self.seat, 4, self.hand, self.history, self.trick, OBS_SIZE, 180)
        if self.contract >= 0:
            v[324 + self.contract] = 1.0
        if self.called >= 0:
            v[330 + self.called] = 1.0
        for s in range(4):
            r = rel(s)
            if r:
                for c in range(36):
                    if self.known[s] >> c & 1:
                        v[366 + 36 * (r - 1) + c] = 1.0
            v[500 + r] = self.made[s] / 157.0
            v[504 + r] = self.totals[s] / 20.0
        lead = self.fahnder if self.fahnder >= 0 else self.bidder
        if lead >= 0:
            v[474 + rel(lead)] = 1.0
        if self.partner >= 0:
            v[478 + rel(self.partner)] = 1.0
        v[482 + rel(self.dealer)] = 1.0
        v[486 + rel(self.leader)] = 1.0
        if self.phase in _PHASES:
            v[490 + _PHASES.index(self.phase)] = 1.0
        v[494] = self.bid / MAX_BID
        v[495] = self.passes / 4.0
        for s, call in self.calls:
            v[496 + rel(s)] = call / MAX_BID if call else -1.0
        v[508] = (self.hand_no - 1) / self.rules.hands
        v[509] = 1.0 if self.alone else 0.0
        return v

    def contract_text(self) -> str:
        """The contract's token, or ``-`` before it is named."""
        return format_contract(self.contract) if self.contract >= 0 else "-"


def observe(hand: FahnderHand, seat: int) -> FahnderObservation:
    """The observation of ``seat`` (``-1``: a spectator) in ``hand``."""
    if type(seat) is not int or not SPECTATOR <= seat < 4:
        raise ValueError(f"seat must be -1 (a spectator) or 0..3, not {seat!r}")
    public = hand.partner_public
    knows = hand.partner >= 0 and (public or seat == hand.partner)
    extra = [0] * 4
    if knows and not hand.revealed:
        extra[hand.partner] = 1 << hand.called
    view = table_view(hand, seat, tuple(extra))
    over = hand.phase == OVER
    my_turn = seat >= 0 and hand.to_move == seat and not over
    return FahnderObservation(
        seat=seat,
        rules=hand.options,
        num_seats=4,
        phase=view.phase,
        to_move=hand.to_move,
        dealer=hand.dealer,
        hand=hand.hands[seat] if seat >= 0 else 0,
        hand_sizes=tuple(h.bit_count() for h in hand.hands),
        hand_no=hand.hand_no,
        calls=hand.calls,
        bid=hand.bid,
        bidder=hand.bidder,
        passes=hand.passes,
        thrown_in=hand.thrown_in,
        fahnder=hand.fahnder,
        chooser=hand.fahnder,
        contract=hand.contract,
        trump=hand.trump,
        mode=hand.mode if hand.contract >= 0 else -1,
        called=hand.called,
        partner=hand.partner if knows else -1,
        trick_no=hand.trick_no,
        num_tricks=hand.num_tricks,
        leader=hand.leader,
        trick=view.trick,
        history=view.history,
        trick_winners=hand.trick_winners,
        trick_values=hand.trick_values,
        made=hand.credited,
        team_points=hand.team_points() if public else (),
        marks=hand.marks,
        totals=hand.totals,
        known=view.known,
        weis_announced=view.weis_announced,
        weis_shown=view.weis_shown,
        legal_actions=tuple(hand.legal_actions()) if my_turn else (),
    )
