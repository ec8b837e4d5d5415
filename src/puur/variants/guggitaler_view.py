"""What one Guggitaler seat (or a spectator) may know, and its tensor encoding.

A seat knows its own cards, the deal number and its penalty (what each trick and each card
costs, the suit that may not be led), every card played and who played it, who took each
trick, each player's penalty in the deal so far and the game totals before it. In the Domino
it sees the four rows on the table, every pass (a pass proves that the seat held none of the
cards it could have laid: the history shows it to everyone alike), the seats that went out and
in which order. Cards dealt to nobody (the removed card with five players) are in
``out_of_play``.

Tensor layout (version :data:`OBS_VERSION`, :data:`OBS_SIZE` floats; seats relative to the
observer, 0 = the observer, then in playing order; a smaller table leaves the slots of the
missing seats at zero):

=========  ================================================================
0-35       own hand
36-215     cards played or laid, 36 per relative seat (5 seats)
216-395    the current trick, 36 per relative seat
396-401    the deal (1-6)
402-437    what each card taken costs in this deal / 50
438-439    what each trick, the last trick cost / 50
440-443    the suits that may not be led
444-448    the leader of the current trick (the seat to move in the Domino)
449-453    the dealer
454-458    penalty in this deal so far / 100
459-463    game totals before the deal / 100
464-468    cards left in each hand / 12
469-473    Domino: place in the order of going out / players (0: not out)
474-477    Domino: the suits started
478        Domino: the opening rank / 8 (0 before it is known)
479        Domino: 1 once the opening rank is known
480        tricks played / tricks in a deal
481-516    cards dealt to nobody
517-552    Domino: cards that may be laid now
=========  ================================================================
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Final

from puur.cards import ALL_CARDS, bits, format_card
from puur.contracts import MODE_OBENABE
from puur.hand import OVER
from puur.variants.view import SPECTATOR, SeatView, card_planes, table_view
from puur.weis import Meld

if TYPE_CHECKING:
    from puur.variants.guggitaler_hand import _Deal
    from puur.variants.guggitaler_rules import GuggitalerRules, Penalty

__all__ = ["OBS_SIZE", "OBS_VERSION", "GuggitalerObservation", "observe"]

OBS_VERSION: Final = 1
OBS_SIZE: Final = 553
NUM_ACTIONS: Final = 37


@dataclass(frozen=True)
class GuggitalerObservation(SeatView):
    """One seat's view of a Guggitaler deal. Card sets are raw 36-bit masks."""

    NUM_ACTIONS: ClassVar[int] = NUM_ACTIONS

    seat: int
    rules: GuggitalerRules
    num_seats: int
    phase: str
    to_move: int
    dealer: int
    hand: int
    hand_sizes: tuple[int, ...]
    #: The deal (1-6; 6 is the Domino) and its penalty (``None`` in the Domino).
    hand_no: int
    penalty: Penalty | None
    trick_no: int
    leader: int
    trick: tuple[tuple[int, int], ...]
    history: tuple[tuple[int, int], ...]
    trick_winners: tuple[int, ...]
    #: Each player's penalty in this deal so far (the Domino: the credit won so far).
    made: tuple[int, ...]
    #: Game totals before this deal; what the deal adds once it is over (zeros before).
    totals: tuple[int, ...]
    result: tuple[int, ...]
    known: tuple[int, ...]
    #: What each earlier deal added to every player's total (the score sheet so far).
    earlier: tuple[tuple[int, ...], ...]
    #: The Domino: per suit the lowest and highest rank laid ((-1, -1): not started), the
    #: opening rank (-1 until known), every move as (seat, card or -1 for a pass), the seats
    #: out in order.
    table: tuple[tuple[int, int], ...] = ((-1, -1),) * 4
    open_rank: int = -1
    moves: tuple[tuple[int, int], ...] = ()
    out_order: tuple[int, ...] = ()
    layable: int = 0
    #: What each trick taken cost its taker.
    trick_penalties: tuple[int, ...] = ()
    #: No trumps, no Weis, no Stöck: the fields every trick view has, empty.
    trump: int = -1
    weis_announced: tuple[tuple[tuple[int, int], ...], ...] = ()
    weis_shown: tuple[tuple[Meld, ...], ...] = ()
    weis_options: tuple[tuple[Meld, ...], ...] = ()
    weis_seat: int = -1
    stoeck_seat: int = -1
    #: Cards dealt to nobody (the removed card with five players).
    out_of_play: int = 0
    legal_actions: tuple[int, ...] = ()

    @property
    def is_domino(self) -> bool:
        """True in the Domino (deal 6)."""
        return self.penalty is None

    @property
    def contract(self) -> int:
        """Obenabe in the deals of tricks; none (-1) in the Domino."""
        return -1 if self.penalty is None else MODE_OBENABE

    @property
    def mode(self) -> int:
        """The order of play: Obenabe (-1 in the Domino)."""
        return self.contract

    def panel(self) -> dict[str, Any]:
        """The public part of the deal as plain data, the same for every observer: the deal,
        its penalty, each player's penalty or credit in it and total before it, the Domino's
        rows and order of going out, and once the deal is over what it adds."""
        p = self.penalty
        costs = sorted({v for v in p.cards if v}) if p is not None else []
        king = [c for c, v in enumerate(p.cards) if v] if p is not None and p.name == "king" else []
        return {
            "guggitaler_deal": self.hand_no,
            "deals": 6,
            "penalty": p.name if p is not None else "domino",
            "per_trick": p.per_trick if p is not None else 0,
            "per_card": costs[0] if costs else 0,
            "last": p.last if p is not None else 0,
            "king": format_card(king[0]) if king else None,
            "lead_ban": [s for s in range(4) if p is not None and p.lead_ban >> (9 * s) & 1],
            "earlier": [list(r) for r in self.earlier],
            "made": list(self.made),
            "trick_penalties": list(self.trick_penalties),
            "totals": list(self.totals),
            "result": list(self.result) if self.phase == OVER else None,
            "rows": [[format_card(9 * s + r) for r in range(lo, hi + 1)] if lo >= 0 else []
                     for s, (lo, hi) in enumerate(self.table)],
            "out_order": list(self.out_order),
            "passes": [s for s, c in self.moves if c < 0],
        }

    def to_tensor(self) -> list[float]:
        """A flat vector of :data:`OBS_SIZE` floats (layout in the module text)."""
        n = self.num_seats
        me = self.seat if self.seat >= 0 else 0

        def rel(s: int) -> int:
            return (s - me) % n

        v = card_planes(self.seat, n, self.hand, self.history, self.trick, OBS_SIZE, 216)
        v[395 + self.hand_no] = 1.0
        p = self.penalty
        if p is not None:
            for c, cost in enumerate(p.cards):
                v[402 + c] = cost / 50.0
            v[438] = p.per_trick / 50.0
            v[439] = p.last / 50.0
            for s in range(4):
                if p.lead_ban >> (9 * s) & 1:
                    v[440 + s] = 1.0
        v[444 + rel(self.leader)] = 1.0
        v[449 + rel(self.dealer)] = 1.0
        for s in range(n):
            r = rel(s)
            v[454 + r] = self.made[s] / 100.0
            v[459 + r] = self.totals[s] / 100.0
            v[464 + r] = self.hand_sizes[s] / 12.0
        for place, s in enumerate(self.out_order, start=1):
            v[469 + rel(s)] = place / n
        for s, (lo, _hi) in enumerate(self.table):
            if lo >= 0:
                v[474 + s] = 1.0
        if self.open_rank >= 0:
            v[478] = self.open_rank / 8.0
            v[479] = 1.0
        dealt = ALL_CARDS & ~self.out_of_play
        v[480] = self.trick_no / (dealt.bit_count() // n)
        for c in bits(self.out_of_play):
            v[481 + c] = 1.0
        for c in bits(self.layable):
            v[517 + c] = 1.0
        return v


def observe(hand: _Deal, seat: int) -> GuggitalerObservation:
    """The observation of ``seat`` (``-1``: a spectator) in ``hand``."""
    from puur.variants.guggitaler_hand import DominoHand, GuggitalerHand

    n = hand.num_seats
    if type(seat) is not int or not SPECTATOR <= seat < n:
        raise ValueError(f"seat must be -1 (a spectator) or 0..{n - 1}, not {seat!r}")
    view = table_view(hand, seat)
    my_turn = seat >= 0 and hand.to_move == seat and hand.phase != OVER
    domino: dict[str, Any] = {}
    if isinstance(hand, DominoHand):
        domino = {"table": hand.table, "open_rank": hand.open_rank, "moves": hand.moves,
                  "out_order": hand.out_order,
                  "layable": hand.layable() if hand.phase != OVER else 0}
    return GuggitalerObservation(
        seat=seat,
        rules=hand.options,
        num_seats=n,
        phase=view.phase,
        to_move=hand.to_move,
        dealer=hand.dealer,
        hand=hand.hands[seat] if seat >= 0 else 0,
        hand_sizes=tuple(h.bit_count() for h in hand.hands),
        hand_no=hand.hand_no,
        penalty=hand.penalty if isinstance(hand, GuggitalerHand) else None,
        trick_no=hand.trick_no,
        leader=hand.to_move if isinstance(hand, DominoHand) else hand.leader,
        trick=view.trick,
        history=view.history,
        trick_winners=hand.trick_winners,
        made=hand.credited,
        totals=hand.totals,
        result=hand.result(),
        known=view.known,
        earlier=hand.earlier,
        trick_penalties=getattr(hand, "trick_penalties", ()),
        weis_announced=((),) * n,
        weis_shown=((),) * n,
        out_of_play=ALL_CARDS & ~sum(hand.initial_hands),
        legal_actions=tuple(hand.legal_actions()) if my_turn else (),
        **domino,
    )
