"""What a seat knows about the cards, for the rule players of every trick-taking variant.

From one seat's observation alone (its own hand, the public history, the cards the rules
showed) :func:`know` derives, for any number of seats grouped into sides: the cards played,
the suits each seat showed void in (a seat that did not follow trumps may still hold the Puur),
the cards each other seat may still hold and how many of its cards are unknown, and, at a table
of two teams of two, the partner's discard signals (``docs/bots-rules.md``). :class:`Know`
answers the questions the card play asks: the chance that a seat holds one of some cards, that
it can beat the trick's best card, whether a card is *Bock* (the highest of its suit still out).

Each past trick is read in the mode it was played in (Slalom and Guschti change the mode trick
by trick). Probabilities treat the unseen cards as spread uniformly over the hands that may
hold them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Generic, Protocol, TypeVar

from puur.cards import ALL_CARDS, NUM_CARDS, SUIT_MASK
from puur.contracts import MODE_OBENABE, MODE_UNDENUFE, POINTS, PUUR, STRENGTH, contract_mode

__all__ = [
    "HIGHER",
    "CardView",
    "Know",
    "beats",
    "is_small",
    "know",
    "no_none",
    "steady_mode",
    "top_two",
    "trick_mode",
    "unblocks",
]

SUIT: Final = tuple(c // 9 for c in range(NUM_CARDS))
RANK: Final = tuple(c % 9 for c in range(NUM_CARDS))
_ACE: Final = 8
_SIX: Final = 0
#: Contracts from this one on change their mode trick by trick (Slalom, Guschti).
_CHANGING: Final = 7


class CardView(Protocol):
    """The parts of a seat's observation the card knowledge reads (every variant has them)."""

    @property
    def seat(self) -> int: ...
    @property
    def hand(self) -> int: ...
    @property
    def contract(self) -> int: ...
    @property
    def mode(self) -> int: ...
    @property
    def trump(self) -> int: ...
    @property
    def trick_no(self) -> int: ...
    @property
    def history(self) -> tuple[tuple[int, int], ...]: ...
    @property
    def trick(self) -> tuple[tuple[int, int], ...]: ...
    @property
    def hand_sizes(self) -> tuple[int, ...]: ...

    def known_cards(self, seat: int) -> int:
        """Cards of ``seat`` the observer knows and that are not yet played."""
        ...


ObsT = TypeVar("ObsT", bound=CardView)


def _build_higher() -> tuple[tuple[int, ...], ...]:
    """``HIGHER[mode][card]``: the cards of the same suit that beat ``card`` in that mode."""
    out: list[tuple[int, ...]] = []
    for mode in range(6):
        row: list[int] = []
        for c in range(NUM_CARDS):
            m = 0
            for d in range(9 * SUIT[c], 9 * SUIT[c] + 9):
                if STRENGTH[mode][d] > STRENGTH[mode][c]:
                    m |= 1 << d
            row.append(m)
        out.append(tuple(row))
    return tuple(out)


HIGHER: Final = _build_higher()


def is_small(mode: int, trump: int, card: int) -> bool:
    """Whether ``card`` is a *small* card for the discard signals: one of the three weakest
    ranks of a non-trump suit (6 7 8; A K O in Undenufe). Trumps are never signals."""
    if SUIT[card] == trump:
        return False
    r = RANK[card]
    return r >= 6 if mode == MODE_UNDENUFE else r <= 2


def no_none(u: int, m: int, k: int) -> float:
    """Probability that none of ``m`` marked cards is among ``k`` drawn from ``u``."""
    if m <= 0 or k <= 0:
        return 1.0
    if k > u - m:
        return 0.0
    p = 1.0
    for i in range(k):
        p *= (u - m - i) / (u - i)
    return p


def trick_mode(contract: int, mode: int, trick: int) -> int:
    """The mode trick ``trick`` of the hand is played in (``mode`` before a contract is set)."""
    return contract_mode(contract, trick) if contract >= 0 else mode


def steady_mode(contract: int) -> bool:
    """Whether every trick of ``contract`` is played in one mode (not Slalom or Guschti)."""
    return contract < _CHANGING


def top_two(mode: int, suit: int) -> tuple[int, int]:
    """The highest and second-highest card of ``suit`` in a no-trump mode."""
    if mode == MODE_UNDENUFE:
        return 9 * suit + _SIX, 9 * suit + _SIX + 1
    return 9 * suit + _ACE, 9 * suit + _ACE - 1


def unblocks(mode: int, trick: tuple[tuple[int, int], ...], partner: int) -> bool:
    """Whether ``partner`` played the suit's second card under its top card led to the trick."""
    if mode not in (MODE_OBENABE, MODE_UNDENUFE):
        return False
    top, second = top_two(mode, SUIT[trick[0][1]])
    return trick[0][1] == top and any(s == partner and c == second for s, c in trick)


def beats(card: int, best: int, trump: int, mode: int) -> bool:
    """Whether ``card`` beats ``best`` (the best card of the trick so far)."""
    if SUIT[card] == SUIT[best]:
        return STRENGTH[mode][card] > STRENGTH[mode][best]
    return SUIT[card] == trump


@dataclass
class Know(Generic[ObsT]):
    """Everything the seat derives from its observation for one card decision."""

    obs: ObsT
    mode: int
    #: The mode whose card points value the trick (the mode of play unless the table values
    #: Slalom and Guschti tricks all as Obenabe).
    pmode: int
    trump: int
    tmask: int
    hand: int
    played: int
    #: The side of each seat.
    sides: tuple[int, ...]
    #: Per seat: the cards it may still hold (own hand exact; others: shown cards plus the
    #: unseen cards of suits it did not show void in).
    possible: list[int]
    #: Per seat: cards it is known to hold (shown by Weis or Stöck; own hand for itself).
    known: list[int]
    #: Per seat: number of its cards not known to the observer.
    hidden_count: list[int]
    #: Per seat: bitmask of suits it showed void in.
    void: list[int]
    #: Suits the partner asked for (anziehen) and refused (verwerfen), as suit bitmasks.
    wants: int
    refuses: int

    @property
    def seat(self) -> int:
        return self.obs.seat

    @property
    def num_seats(self) -> int:
        return len(self.sides)

    @property
    def partner(self) -> int:
        """The seat opposite (the partner at a table of two teams of two)."""
        return (self.obs.seat + 2) % 4

    def holds_prob(self, seat: int, cards: int) -> float:
        """Probability that ``seat`` holds at least one of ``cards``."""
        if seat == self.seat:
            return 1.0 if self.hand & cards else 0.0
        if self.known[seat] & cards:
            return 1.0
        pool = self.possible[seat] & ~self.known[seat]
        cand = cards & pool
        if not cand:
            return 0.0
        # A card that no other hidden hand may hold must be here.
        others = 0
        for s in range(len(self.sides)):
            if s != seat and s != self.seat:
                others |= self.possible[s]
        if cand & ~others:
            return 1.0
        return 1.0 - no_none(pool.bit_count(), cand.bit_count(), self.hidden_count[seat])

    def beat_prob(self, seat: int, card: int, lead_suit: int) -> float:
        """Probability that ``seat`` can and will beat ``card`` (the trick's best so far)."""
        higher = HIGHER[self.mode][card] & self.possible[seat]
        p_high = self.holds_prob(seat, higher) if higher else 0.0
        if self.trump < 0 or SUIT[card] == self.trump:
            return p_high
        trumps = self.possible[seat] & self.tmask
        if not trumps:
            return p_high
        p_trump = self.holds_prob(seat, trumps)
        if self.void[seat] >> lead_suit & 1:
            p_void = 1.0
        else:
            suit_cards = self.possible[seat] & SUIT_MASK[lead_suit]
            p_void = 1.0 - self.holds_prob(seat, suit_cards) if suit_cards else 1.0
        # A player who can follow ruffs only sometimes (when the trick is worth it).
        p_ruff = p_trump * (p_void + (1.0 - p_void) * 0.05)
        return 1.0 - (1.0 - p_high) * (1.0 - p_ruff)

    def future_modes(self) -> list[tuple[int, float]]:
        """The modes of the tricks after this one, each with its share of them (the mode of
        play alone for a contract of one mode)."""
        contract = self.obs.contract
        if steady_mode(contract):
            return [(self.mode, 1.0)]
        first = self.obs.trick_no + 1
        last = NUM_CARDS // len(self.sides)
        if first >= last:
            return [(self.mode, 1.0)]
        counts: dict[int, int] = {}
        for t in range(first, last):
            m = contract_mode(contract, t)
            counts[m] = counts.get(m, 0) + 1
        return [(m, c / (last - first)) for m, c in counts.items()]

    def is_bock(self, card: int) -> bool:
        """No card still out (not played, not in the own hand) beats ``card`` in its suit."""
        return not (HIGHER[self.mode][card] & ~self.played & ~self.hand)

    def opp_trumps(self) -> int:
        """Trumps a seat of another side may still hold."""
        if self.trump < 0:
            return 0
        mine = self.sides[self.seat]
        out = 0
        for s, side in enumerate(self.sides):
            if side != mine:
                out |= self.possible[s]
        return out & self.tmask


def know(obs: ObsT, sides: tuple[int, ...], points_mode: int | None = None) -> Know[ObsT]:
    """What ``obs``'s seat knows, at a table whose seats form ``sides``; ``points_mode`` values
    the tricks in another mode than the one they are played in. The partner's signals are read
    at a table of two teams of two in a contract of one mode."""
    n = len(sides)
    me = obs.seat
    trump = obs.trump
    tmask = SUIT_MASK[trump] if trump >= 0 else 0
    played = 0
    void = [0] * n
    puur_only = [False] * n  # did not follow trumps: may still hold the Puur alone
    wants = refuses = 0
    signalled = False
    teams = n == 4 and sides == (0, 1, 0, 1)
    signals = teams and steady_mode(obs.contract)
    partner = (me + 2) % 4 if teams else -1
    hist = obs.history
    for start in range(0, len(hist), n):
        trick = hist[start:start + n]
        mode = trick_mode(obs.contract, obs.mode, start // n)
        lead = SUIT[trick[0][1]]
        best_seat, best = trick[0]
        for seat, card in trick:
            played |= 1 << card
            cs = SUIT[card]
            if cs != lead:
                if lead == trump:
                    void[seat] |= 1 << trump
                    puur_only[seat] = True
                elif cs != trump:
                    void[seat] |= 1 << lead
                    # The partner's first discard on a trick our side does not hold: a signal.
                    if signals and seat == partner and not signalled and (
                        sides[best_seat] != sides[me] or POINTS[mode][card] < 10
                    ):
                        signalled = True
                        if is_small(mode, trump, card):
                            wants |= 1 << cs
                        else:
                            refuses |= 1 << cs
            if seat != best_seat and beats(card, best, trump, mode):
                best_seat, best = seat, card
        # Obenabe/Undenufe: the partner dropped the second card under our top card - the suit
        # is ours, lead it again.
        if signals and trick[0][0] == me and len(trick) == n and unblocks(mode, trick, partner):
            wants |= 1 << lead
    unseen = ALL_CARDS & ~played & ~obs.hand
    known = [0] * n
    possible = [0] * n
    hidden = [0] * n
    shown = 0
    for s in range(n):
        if s == me:
            continue
        known[s] = obs.known_cards(s) & unseen
        shown |= known[s]
    free = unseen & ~shown
    for s in range(n):
        if s == me:
            known[s] = possible[s] = obs.hand
            continue
        allowed = free
        for suit in range(4):
            if void[s] >> suit & 1:
                allowed &= ~SUIT_MASK[suit]
                if suit == trump and puur_only[s]:
                    allowed |= free & PUUR[trump]
        possible[s] = allowed | known[s]
        hidden[s] = max(0, obs.hand_sizes[s] - known[s].bit_count())
    return Know(
        obs=obs, mode=obs.mode, pmode=obs.mode if points_mode is None else points_mode,
        trump=trump, tmask=tmask, hand=obs.hand, played=played,
        sides=sides, possible=possible, known=known, hidden_count=hidden, void=void,
        wants=wants, refuses=refuses,
    )
