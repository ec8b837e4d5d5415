"""What one seat may know, and its tensor encoding.

An :class:`Observation` is built from a :class:`~puur.round.Round` for one seat (or for a
spectator, seat ``-1``, who holds no cards) and holds only:
the seat's own hand, the public history (contract, who chose and whether it was pushed, every
card played, who won each trick), the Weis as the table learns them, Stöck once announced, the
points credited, and (for the seat to move) the legal actions. Another seat's unplayed cards
appear only when the rules show them: the Weis of the team holding the best Weis after trick 1,
and the King and Ober of trumps when Stöck is announced with the Weis. While another seat
decides whether to declare a Weis (or Stöck with the Weis), the observer sees an ordinary turn
to play: the question alone would reveal that the seat holds one.

Weis are public in two steps: while trick 1 runs, each declaration shows its melds' points and
lengths (what players say aloud); once trick 1 is over, the winning team's melds are shown card
by card. The other team's cards are never shown.

The tensor layout (:meth:`Observation.to_tensor`, version :data:`OBS_VERSION`) is documented in
``docs/observation.md``. Seats in the tensor are *relative*: 0 is the observer, 1 the next seat,
2 the partner, 3 the seat before.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final

from puur._checks import seat_arg, show
from puur.actions import NUM_ACTIONS
from puur.cards import SUIT_MASK, bits
from puur.round import Round
from puur.rules import RuleSet
from puur.weis import STOECK_CARDS, Meld

__all__ = ["OBS_SIZE", "OBS_VERSION", "Observation", "ObservationError", "observe"]

OBS_VERSION: Final = 1
OBS_SIZE: Final = 495

_PHASES: Final = ("choose", "weis", "play", "stoeck")


class ObservationError(ValueError):
    """A bad argument: a seat outside 0..3, something that is not a :class:`Round`."""


def _seat(seat: object) -> int:
    return seat_arg(seat, ObservationError)


@dataclass(frozen=True)
class Observation:
    """One seat's view of a hand. Card sets are raw 36-bit masks."""

    seat: int
    rules: RuleSet
    phase: str
    to_move: int
    forehand: int
    hand: int
    hand_sizes: tuple[int, int, int, int]
    contract: int
    chooser: int
    pushed: bool
    pushed_back: bool
    trump: int
    mode: int
    trick_no: int
    leader: int
    #: The current trick as (seat, card).
    trick: tuple[tuple[int, int], ...]
    #: Every card played so far, in order, as (seat, card).
    history: tuple[tuple[int, int], ...]
    trick_winners: tuple[int, ...]
    #: Per seat: (points, length) of each declared meld, as announced in trick 1, best first.
    weis_announced: tuple[tuple[tuple[int, int], ...], ...]
    #: Per seat: the melds shown card by card (own declaration, or the best team's after trick 1).
    weis_shown: tuple[tuple[Meld, ...], ...]
    #: The seat holding the best Weis (-1 until trick 1 is over, or when none was declared).
    weis_seat: int
    #: The seat that announced Stöck, or -1.
    stoeck_seat: int
    #: Points credited this hand (multiplied), per team.
    credited: tuple[int, ...]
    #: Points of both teams before this hand (0, 0 outside a game).
    game_scores: tuple[int, ...]
    #: The seat's own Weis splits (best first) while it may still declare.
    weis_options: tuple[tuple[Meld, ...], ...] = ()
    legal_actions: tuple[int, ...] = field(default=())

    @property
    def team(self) -> int:
        """The observer's team."""
        return self.seat & 1

    def known_cards(self, seat: int) -> int:
        """Cards of ``seat`` known to the observer and not yet played (own hand for itself)."""
        if _seat(seat) == self.seat:
            return self.hand
        played = 0
        for _s, c in self.history:
            played |= 1 << c
        known = 0
        for m in self.weis_shown[seat]:
            known |= m.cards
        if self.stoeck_seat == seat and self.trump >= 0:
            known |= STOECK_CARDS[self.trump]
        return known & ~played

    def played_by(self, seat: int) -> int:
        """Mask of the cards ``seat`` has played."""
        _seat(seat)
        m = 0
        for s, c in self.history:
            if s == seat:
                m |= 1 << c
        return m

    def action_mask(self) -> list[int]:
        """1 for each legal action of the observer (all 0 when it is not its turn)."""
        mask = [0] * NUM_ACTIONS
        for a in self.legal_actions:
            mask[a] = 1
        return mask

    def to_tensor(self) -> list[float]:
        """A flat vector of :data:`OBS_SIZE` floats (layout in ``docs/observation.md``)."""
        v = [0.0] * OBS_SIZE
        me = self.seat if self.seat >= 0 else 0  # a spectator sees the table from seat 0

        def rel(s: int) -> int:
            return (s - me) % 4

        for c in bits(self.hand):
            v[c] = 1.0
        for s, c in self.history:
            v[36 + 36 * rel(s) + c] = 1.0
        for s, c in self.trick:
            v[180 + 36 * rel(s) + c] = 1.0
        if self.contract >= 0:
            v[324 + self.contract] = 1.0
            v[333 + rel(self.chooser)] = 1.0
        v[337] = 1.0 if self.pushed else 0.0
        v[338 + rel(self.leader)] = 1.0
        if self.phase in _PHASES:
            v[342 + _PHASES.index(self.phase)] = 1.0
        if self.stoeck_seat >= 0:
            v[346 + rel(self.stoeck_seat)] = 1.0
        for s in range(4):
            if s != me:
                # Relative seats 1..3 only (the own hand is at 0..35): 350..457.
                for c in bits(self.known_cards(s)):
                    v[350 + 36 * (rel(s) - 1) + c] = 1.0
            v[486 + rel(s)] = sum(p for p, _n in self.weis_announced[s]) / 100.0
        t = me & 1
        v[490] = self.credited[t] / 157.0
        v[491] = self.credited[1 - t] / 157.0
        target = float(self.rules.target)
        v[492] = self.game_scores[t] / target
        v[493] = self.game_scores[1 - t] / target
        v[494] = self.trick_no / 9.0
        return v


_NEW = object.__new__


def observe(rnd: Round, seat: int) -> Observation:
    """The :class:`Observation` of ``seat`` in ``rnd``."""
    if not isinstance(rnd, Round):
        raise ObservationError(f"not a Round: {show(rnd)}")
    if seat != -1 or type(seat) is not int:
        seat = _seat(seat)
    # Card i of the hand is card i % 4 of trick i // 4, led by the winner of the trick before.
    leaders = (rnd.first_leader, *rnd.trick_winners)
    history = tuple([((leaders[i >> 2] + (i & 3)) & 3, c) for i, c in enumerate(rnd.played)])
    # Best first: the order of the melds in a split follows their suits, which stay hidden.
    declared = rnd.declared
    announced = tuple(
        tuple(sorted([(m.points, m.length) for m in declared[s]], reverse=True))
        if declared[s] else ()
        for s in range(4)
    )
    trick1_over = len(rnd.trick_winners) > 0
    shown: list[tuple[Meld, ...]] = []
    for s in range(4):
        if s == seat or (trick1_over and rnd.weis_seat >= 0 and (s & 1) == (rnd.weis_seat & 1)):
            shown.append(rnd.declared[s])
        else:
            shown.append(())
    stoeck_seat = rnd.stoeck_seat if rnd.stoeck_state == 1 else -1
    my_turn = seat >= 0 and rnd.to_move == seat and rnd.phase != "over"
    # Another seat deciding on Weis (or on Stöck with the Weis) must look like an ordinary
    # turn to play: the bare question would tell that it holds a Weis or the Stöck.
    phase = rnd.phase
    if not my_turn and (phase == "weis" or (phase == "stoeck" and rnd.trick_no == 0
                                            and rnd.rules.stoeck_announce == "with-weis")):
        phase = "play"
    opts: tuple[tuple[Meld, ...], ...] = ()
    if my_turn and rnd.phase == "weis":
        opts = tuple(rnd._weis_options(seat))
    gs = rnd.game_scores or (0, 0)
    # The fields are set straight into a new instance, as the frozen dataclass would set them
    # one by one through object.__setattr__ (a few times dearer; a server builds every seat's
    # observation after every action). Every field is given, so it equals Observation(...).
    obs = _NEW(Observation)
    obs.__dict__.update(
        seat=seat,
        rules=rnd.rules,
        phase=phase,
        to_move=rnd.to_move,
        forehand=rnd.forehand,
        hand=rnd.hands[seat] if seat >= 0 else 0,
        hand_sizes=(
            rnd.hands[0].bit_count(), rnd.hands[1].bit_count(),
            rnd.hands[2].bit_count(), rnd.hands[3].bit_count(),
        ),
        contract=rnd.contract,
        chooser=rnd.chooser,
        pushed=rnd.pushed,
        pushed_back=rnd.pushed_back,
        trump=rnd.trump,
        mode=rnd.mode,
        trick_no=rnd.trick_no,
        leader=rnd.leader,
        trick=tuple(rnd.current_trick()),
        history=history,
        trick_winners=rnd.trick_winners,
        weis_announced=announced,
        weis_shown=tuple(shown),
        weis_seat=rnd.weis_seat if trick1_over else -1,
        stoeck_seat=stoeck_seat,
        credited=rnd.credited,
        game_scores=gs,
        weis_options=opts,
        legal_actions=tuple(rnd.legal_actions()) if my_turn else (),
    )
    return obs


assert SUIT_MASK[3] >> 27 == 0x1FF
