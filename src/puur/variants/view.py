"""What the table sees of any trick-taking hand: the parts every variant's observation shares.

* The cards played, who played them and who took each trick are public.
* Weis become public in two steps: while trick 1 runs each declaration shows its melds' points
  and lengths (what a player says aloud), best first (:func:`announcement`: by points, then
  length; the order of a split's melds follows their suits, which stay hidden); once trick 1
  is over, the melds of the side holding
  the best Weis are shown card by card. The other sides' cards are never shown.
* Stöck is public once announced (and with it the King and Ober of trumps, if not yet played).
* While another seat decides whether to declare a Weis (or Stöck with the Weis), the observer
  sees an ordinary turn to play: the question alone would tell that it holds one.

A *spectator* is seat ``-1``: it sees everything public and no hand.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, ClassVar, Final

from puur.cards import bits
from puur.hand import OVER, STOECK, WEIS, TrickHand
from puur.weis import Meld, stoeck_cards

__all__ = [
    "SPECTATOR", "SeatView", "TableView", "announcement", "card_planes", "check_seat",
    "seat_fields", "table_view",
]

SPECTATOR: Final = -1


class SeatView:
    """What a variant's observation answers the same way as every other (a base of its frozen
    dataclass): the cards a seat is known to hold, the cards it played, the action mask."""

    #: The length of the variant's action mask.
    NUM_ACTIONS: ClassVar[int]
    seat: int
    hand: int
    known: tuple[int, ...]
    history: tuple[tuple[int, int], ...]
    legal_actions: tuple[int, ...]

    def known_cards(self, seat: int) -> int:
        """Cards of ``seat`` known to the observer and not yet played (own hand for itself)."""
        return self.hand if seat == self.seat else self.known[seat]

    @property
    def table_cards(self) -> int:
        """Cards lying face up on the table outside every hand, public to all (a talon's open
        cards); none by default."""
        return 0

    @property
    def named_cards(self) -> int:
        """Cards named to the table without telling who holds them (a called partner's card);
        none by default."""
        return 0

    @property
    def set_aside(self) -> int:
        """Cards the observer itself has laid aside face down, known to it alone (a König's
        discards); none by default."""
        return 0

    def played_by(self, seat: int) -> int:
        """Mask of the cards ``seat`` has played."""
        m = 0
        for s, c in self.history:
            if s == seat:
                m |= 1 << c
        return m

    def action_mask(self) -> list[int]:
        """1 for each legal action of the observer (all 0 when it is not its turn)."""
        mask = [0] * self.NUM_ACTIONS
        for a in self.legal_actions:
            mask[a] = 1
        return mask


@dataclass(frozen=True)
class TableView:
    """The public part of a hand, and the phase as ``seat`` may see it."""

    phase: str
    history: tuple[tuple[int, int], ...]
    trick: tuple[tuple[int, int], ...]
    #: Per seat: (points, length) of each declared meld, as announced in trick 1, best first.
    weis_announced: tuple[tuple[tuple[int, int], ...], ...]
    #: Per seat: the melds shown card by card (own declaration, or the best side's after trick 1).
    weis_shown: tuple[tuple[Meld, ...], ...]
    #: The seat holding the best Weis (-1 until trick 1 is over, or when none was declared).
    weis_seat: int
    #: The seat that announced Stöck, or -1.
    stoeck_seat: int
    #: Cards of each seat that the table knows and that are not yet played.
    known: tuple[int, ...]


def announcement(melds: Iterable[Meld]) -> tuple[tuple[int, int], ...]:
    """What the table hears of a declaration: (points, length) of each meld, best first (most
    points, then the longest), whatever order the melds came in. Schieber's observation, the
    views of every variant, the server and the bots all read Weis in this order.

    >>> from puur.weis import find_melds
    >>> from puur.cards import CardSet
    >>> from puur.rules import RuleSet
    >>> melds = find_melds(CardSet.from_text("D6 D7 D8 H6 H7 H8 H9").bits, RuleSet())
    >>> [(m.points, m.length) for m in melds], announcement(melds)
    ([(20, 3), (50, 4)], ((50, 4), (20, 3)))
    """
    return tuple(sorted(((m.points, m.length) for m in melds), reverse=True))


def table_view(hand: TrickHand, seat: int, extra_known: tuple[int, ...] = ()) -> TableView:
    """The public view of ``hand`` for ``seat`` (``-1``: a spectator). ``extra_known[s]`` adds
    cards the variant shows of seat ``s`` (a card turned for trumps)."""
    n = hand.num_seats
    history = tuple(hand.history())
    played = 0
    for c in hand.played:
        played |= 1 << c
    announced = tuple(announcement(hand.declared[s]) for s in range(n))
    trick1_over = len(hand.trick_winners) > 0
    best_side = hand.sides[hand.weis_seat] if trick1_over and hand.weis_seat >= 0 else -1
    shown = tuple(
        hand.declared[s] if s == seat or hand.sides[s] == best_side else () for s in range(n)
    )
    stoeck_seat = hand.stoeck_seat if hand.stoeck_state == 1 else -1
    known: list[int] = []
    for s in range(n):
        k = extra_known[s] if s < len(extra_known) else 0
        for m in shown[s]:
            k |= m.cards
        if s == stoeck_seat and hand.trump >= 0:
            k |= stoeck_cards(hand.trump)
        known.append(k & ~played)
    phase = hand.phase
    my_turn = hand.to_move == seat
    if not my_turn and (phase == WEIS or (phase == STOECK and hand.trick_no == 0
                                          and hand.rules.stoeck_announce == "with-weis")):
        phase = "play"
    return TableView(
        phase=phase,
        history=history,
        trick=tuple(hand.current_trick()),
        weis_announced=announced,
        weis_shown=shown,
        weis_seat=hand.weis_seat if trick1_over else -1,
        stoeck_seat=stoeck_seat,
        known=tuple(known),
    )


def card_planes(
    seat: int, num_seats: int, hand: int, history: Iterable[tuple[int, int]],
    trick: Iterable[tuple[int, int]], size: int, trick_at: int,
) -> list[float]:
    """A tensor of ``size`` floats holding the cards every variant's tensor starts with: the
    seat's hand at 0-35, each card played this hand at ``36 + 36 r + card`` and each card of the
    trick on the table at ``trick_at + 36 r + card``, where ``r`` is the player's seat counted
    from the observer's (a spectator counts from seat 0). The rest is left at 0."""
    v = [0.0] * size
    me = seat if seat >= 0 else 0
    for c in bits(hand):
        v[c] = 1.0
    for s, c in history:
        v[36 + 36 * ((s - me) % num_seats) + c] = 1.0
    for s, c in trick:
        v[trick_at + 36 * ((s - me) % num_seats) + c] = 1.0
    return v


def check_seat(hand: TrickHand, seat: object) -> None:
    """``ValueError`` unless ``seat`` is ``-1`` (a spectator) or a seat of ``hand``."""
    n = hand.num_seats
    if type(seat) is not int or not SPECTATOR <= seat < n:
        raise ValueError(f"seat must be -1 (a spectator) or 0..{n - 1}, not {seat!r}")


def seat_fields(hand: Any, seat: int, view: TableView) -> dict[str, Any]:
    """The fields a variant's observation shares with every other, as keywords: the seat, the
    rules, the deal's public facts, the trick in play and the history, the Weis and Stöck the
    table knows (``view``), and the seat's Weis options and legal actions when it is its turn.
    A variant adds its own fields and replaces any of these it shows otherwise."""
    my_turn = seat >= 0 and hand.to_move == seat and hand.phase != OVER
    return {
        "seat": seat,
        "rules": hand.options,
        "num_seats": hand.num_seats,
        "phase": view.phase,
        "to_move": hand.to_move,
        "dealer": hand.dealer,
        "hand": hand.hands[seat] if seat >= 0 else 0,
        "hand_sizes": tuple(h.bit_count() for h in hand.hands),
        "trump": hand.trump,
        "mode": hand.mode,
        "trick_no": hand.trick_no,
        "leader": hand.leader,
        "trick": view.trick,
        "history": view.history,
        "trick_winners": hand.trick_winners,
        "hand_no": hand.hand_no,
        "weis_announced": view.weis_announced,
        "weis_shown": view.weis_shown,
        "weis_seat": view.weis_seat,
        "stoeck_seat": view.stoeck_seat,
        "known": view.known,
        "weis_options": tuple(hand.weis_options(seat)) if my_turn and hand.phase == WEIS else (),
        "legal_actions": tuple(hand.legal_actions()) if my_turn else (),
    }
