"""What one Schaffhauser seat (or a spectator) may know, and its tensor encoding.

Besides the public view of every trick hand (:mod:`puur.variants.view`) a seat knows its own
cards; the König of the game; the card the dealer turned for trumps (it stays in the dealer's
hand until he plays it); whether the König declined; the game's two columns before the hand and
what each needs; the hand's points per seat; and the series so far (which games are over, who
was König, which side won and with what columns; the game of this hand too once it ends it).
The side holding the best Weis shows all its Weis once trick 1 is over (both Bauern's, as
partners in Schieber, or the König's). Nothing else is secret: every other seat's cards are
hidden, and a Weis kept quiet stays unknown.

Tensor layout (version :data:`OBS_VERSION`, :data:`OBS_SIZE` floats; seats relative to the
observer, 0 = the observer, then in playing order):

=========  ================================================================
0-35       own hand
36-143     cards played, 36 per relative seat
144-251    the current trick, 36 per relative seat
252-257    the contract: 4 suits, Obenabe, Undenufe
258-293    the card turned for trumps
294-365    cards known in another seat's hand, 36 per relative seat 1-2
366-368    the König; 369-371 the dealer; 372-374 the leader
375-378    phase: decline, weis, play, stoeck
379-380    the König's column / his target, the Bauern's / theirs (before the hand)
381-382    the hand's points of both columns / 157
383        tricks played / tricks in a hand
384        the game of the series / games in the series
385-387    games won in the series per relative seat / games in the series
=========  ================================================================
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Final

from puur.cards import format_card
from puur.contracts import format_contract
from puur.hand import OVER
from puur.variants.schaffhauser_rules import NUM_ACTIONS, series_wins
from puur.variants.view import SPECTATOR, SeatView, card_planes, table_view
from puur.weis import Meld

if TYPE_CHECKING:
    from puur.variants.schaffhauser_hand import SchaffhauserHand
    from puur.variants.schaffhauser_rules import SchaffhauserRules

__all__ = ["OBS_SIZE", "OBS_VERSION", "SchaffhauserObservation", "observe"]

OBS_VERSION: Final = 1
OBS_SIZE: Final = 388
_PHASES: Final = ("decline", "weis", "play", "stoeck")


@dataclass(frozen=True)
class SchaffhauserObservation(SeatView):
    """One seat's view of a Schaffhauser hand. Card sets are raw 36-bit masks."""

    NUM_ACTIONS: ClassVar[int] = NUM_ACTIONS

    seat: int
    rules: SchaffhauserRules
    num_seats: int
    phase: str
    to_move: int
    dealer: int
    hand: int
    hand_sizes: tuple[int, ...]
    hand_no: int
    #: The König of this game, the game of the series (1-based) and the games already over
    #: ((König, winning side: 0 the König, 1 the Bauern, the König's column, the Bauern's)).
    koenig: int
    game_no: int
    past: tuple[tuple[int, int, int, int], ...]
    #: The contract the turned card gives, the trump suit (-1 without) and the turned card.
    contract: int
    trump: int
    mode: int
    turned: int
    declined: bool
    #: The side that reached its target in this hand (0 the König, 1 the Bauern), or -1.
    winner: int
    trick_no: int
    num_tricks: int
    leader: int
    trick: tuple[tuple[int, int], ...]
    history: tuple[tuple[int, int], ...]
    trick_winners: tuple[int, ...]
    trick_values: tuple[int, ...]
    #: Points credited to each seat in this hand (tricks, Weis, Stöck: all public).
    made: tuple[int, ...]
    #: The hand's (König, Bauern) points, the columns before this hand and what each needs.
    team_points: tuple[int, int]
    totals: tuple[int, int]
    targets: tuple[int, int]
    weis_announced: tuple[tuple[tuple[int, int], ...], ...]
    weis_shown: tuple[tuple[Meld, ...], ...]
    weis_seat: int
    stoeck_seat: int
    known: tuple[int, ...]
    out_of_play: int = 0
    weis_options: tuple[tuple[Meld, ...], ...] = ()
    legal_actions: tuple[int, ...] = ()

    def side_of(self, seat: int) -> int:
        """0 for the König, 1 for the two Bauern."""
        return 0 if seat == self.koenig else 1

    def games_over(self) -> tuple[tuple[int, int, int, int], ...]:
        """The games of the series over: :attr:`past`, and this game once this hand ended it."""
        if self.winner < 0:
            return self.past
        k, b = self.totals
        return (*self.past, (self.koenig, self.winner, k + self.team_points[0],
                             b + self.team_points[1]))

    def series(self) -> tuple[int, ...]:
        """Each player's series score from the games over."""
        return series_wins(self.games_over(), self.rules.ranking, self.num_seats)

    def panel(self) -> dict[str, Any]:
        """The public part of the hand as plain data, the same for every observer. Its
        distinctive field is ``series`` (the games of the series so far)."""
        return {
            "koenig": self.koenig,
            "turned": format_card(self.turned),
            "dealer": self.dealer,
            "declined": self.declined,
            "decline_allowed": self.rules.decline,
            "totals": list(self.totals),
            "targets": list(self.targets),
            "team_points": list(self.team_points),
            "game_no": self.game_no,
            "games": self.rules.games,
            "series": [{"koenig": k, "won": w, "columns": [kc, bc]}
                       for k, w, kc, bc in self.games_over()],
            "series_scores": list(self.series()),
            "ranking": self.rules.ranking,
        }

    def own(self) -> dict[str, Any]:
        """Nothing of a Schaffhauser hand is this seat's alone beyond its cards."""
        return {}

    def to_tensor(self) -> list[float]:
        """A flat vector of :data:`OBS_SIZE` floats (layout in the module text)."""
        n = self.num_seats
        me = self.seat if self.seat >= 0 else 0

        def rel(s: int) -> int:
            return (s - me) % n

        v = card_planes(self.seat, n, self.hand, self.history, self.trick, OBS_SIZE, 144)
        v[252 + self.contract] = 1.0
        v[258 + self.turned] = 1.0
        for s in range(n):
            r = rel(s)
            if r:
                k = self.known[s]
                for c in range(36):
                    if k >> c & 1:
                        v[294 + 36 * (r - 1) + c] = 1.0
        v[366 + rel(self.koenig)] = 1.0
        v[369 + rel(self.dealer)] = 1.0
        v[372 + rel(self.leader)] = 1.0
        if self.phase in _PHASES:
            v[375 + _PHASES.index(self.phase)] = 1.0
        v[379] = self.totals[0] / self.targets[0]
        v[380] = self.totals[1] / self.targets[1]
        v[381] = self.team_points[0] / 157.0
        v[382] = self.team_points[1] / 157.0
        v[383] = self.trick_no / self.num_tricks
        games = self.rules.games
        v[384] = self.game_no / games
        for s, w in enumerate(self.series()):
            v[385 + rel(s)] = w / games
        return v

    def contract_text(self) -> str:
        """The contract's token."""
        return format_contract(self.contract)


def observe(hand: SchaffhauserHand, seat: int) -> SchaffhauserObservation:
    """The observation of ``seat`` (``-1``: a spectator) in ``hand``."""
    n = hand.num_seats
    if type(seat) is not int or not SPECTATOR <= seat < n:
        raise ValueError(f"seat must be -1 (a spectator) or 0..{n - 1}, not {seat!r}")
    extra = [0] * n
    extra[hand.dealer] = 1 << hand.turned
    view = table_view(hand, seat, tuple(extra))
    shown = view.weis_shown
    known = view.known
    if hand.trick_winners and hand.weis_seat >= 0:
        # The side of the best Weis shows all of its Weis (both Bauern's, or the König's).
        team = hand.team(hand.weis_seat)
        played = sum(1 << c for c in hand.played)
        shown = tuple(d if s == seat or hand.team(s) == team else ()
                      for s, d in enumerate(hand.declared))
        known = tuple((k | sum(m.cards for m in shown[s])) & ~played
                      for s, k in enumerate(known))
    my_turn = seat >= 0 and hand.to_move == seat and hand.phase != OVER
    return SchaffhauserObservation(
        seat=seat,
        rules=hand.options,
        num_seats=n,
        phase=view.phase,
        to_move=hand.to_move,
        dealer=hand.dealer,
        hand=hand.hands[seat] if seat >= 0 else 0,
        hand_sizes=tuple(h.bit_count() for h in hand.hands),
        hand_no=hand.hand_no,
        koenig=hand.koenig,
        game_no=hand.game_no,
        past=hand.past,
        contract=hand.contract,
        trump=hand.trump if hand.phase != "decline" else (hand.contract if hand.contract < 4
                                                          else -1),
        mode=hand.contract,
        turned=hand.turned,
        declined=hand.declined,
        winner=hand.winner,
        trick_no=hand.trick_no,
        num_tricks=hand.num_tricks,
        leader=hand.leader,
        trick=view.trick,
        history=view.history,
        trick_winners=hand.trick_winners,
        trick_values=hand.trick_values,
        made=hand.credited,
        team_points=hand.team_points,
        totals=hand.totals,
        targets=hand.targets,
        weis_announced=view.weis_announced,
        weis_shown=shown,
        weis_seat=view.weis_seat,
        stoeck_seat=view.stoeck_seat,
        known=known,
        weis_options=tuple(hand.weis_options(seat)) if my_turn and hand.phase == "weis" else (),
        legal_actions=tuple(hand.legal_actions()) if my_turn else (),
    )
