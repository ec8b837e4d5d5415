"""The deals of Guggitaler: five deals of tricks with penalties, then the Domino.

A deal of tricks (:class:`GuggitalerHand`) is played out in full without trumps, in Obenabe
order, following suit strictly; the deal's :class:`~puur.variants.guggitaler_rules.Penalty`
says what each trick costs its taker and which suit may not be led while the leader holds
another. ``credited`` holds each seat's penalty in the deal so far; ``trick_points`` keep the
card points of the trick engine (they count for nothing here).

The Domino (:class:`DominoHand`) has no tricks. A seat lays one card on the table, or passes
when it has none it may lay: the card one rank above or below either end of a suit's row
(natural order, 6 lowest), or the opening card of a suit not yet started. With
``domino_open = "first_card"`` Vorhand lays any card and its rank opens every suit; with
``six`` or ``under`` that rank opens every suit from the start. An opening card dealt to nobody
(the removed card with five players) counts as lying on the table from the start. A seat that
has laid its last card is out and is skipped; the order of going out pays the credits.

Action ids (stable): 0-35 play or lay a card; 36 pass (Domino only).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import Any, Final

from puur.cards import ALL_CARDS, NUM_CARDS, Rank, format_card
from puur.contracts import MODE_OBENABE
from puur.deal import check_hands, deal_packets, shuffled
from puur.hand import OVER, HandError, TrickHand
from puur.variants.guggitaler_rules import (
    DOMINO,
    GuggitalerRules,
    Penalty,
    deal_shape,
    domino_credits,
    penalty_of_trick,
)

__all__ = ["A_PASS", "DOMINO_PHASE", "NUM_ACTIONS", "DominoHand", "GuggitalerDeal",
           "GuggitalerHand", "check_deal", "deal_guggitaler", "domino_layable"]

A_PASS: Final = 36
NUM_ACTIONS: Final = 37
DOMINO_PHASE: Final = "domino"
# Weis and Stöck never arise (no Weis, no trumps): their ids lie outside the action space.
_NO_ACTION: Final = 1000
_OPEN_RANK: Final = {"six": Rank.SIX, "under": Rank.UNDER}


@dataclass(frozen=True)
class GuggitalerDeal:
    """One deal: the hands (seat 0 first) and the dealer."""

    hands: tuple[int, ...]
    dealer: int


def deal_guggitaler(rules: GuggitalerRules, seed: int | str, dealer: int) -> GuggitalerDeal:
    """Shuffle from ``seed`` and deal for ``dealer``: packets round the table from the seat
    after the dealer (12 in fours to three, 9 in threes to four, 3 + 4 to five with the removed
    card left out)."""
    n = rules.players
    order = shuffled(seed)
    if n == 5:
        order.remove(rules.removed_card)
    _per_seat, packets = deal_shape(n)
    hands = [0] * n
    pos = 0
    for size in packets:
        part = deal_packets(order[pos:pos + n * size], n, size, size, (dealer + 1) % n)
        hands = [h | p for h, p in zip(hands, part, strict=True)]
        pos += n * size
    return GuggitalerDeal(tuple(hands), dealer)


def check_deal(rules: GuggitalerRules, d: object) -> GuggitalerDeal:
    """Check a deal against the rules (``ValueError`` saying what is wrong)."""
    if not isinstance(d, GuggitalerDeal):
        raise ValueError(f"not a Guggitaler deal: {d!r}")
    n = rules.players
    per_seat, _packets = deal_shape(n)
    hands = check_hands(d.hands, n, per_seat)
    if any(h & rules.removed for h in hands):
        raise ValueError(f"with five players {format_card(rules.removed_card)} is left out "
                         "of the deal")
    if type(d.dealer) is not int or not 0 <= d.dealer < n:
        raise ValueError(f"the dealer must be a seat 0..{n - 1}")
    return GuggitalerDeal(hands, d.dealer)


def _zeros(options: GuggitalerRules, hand_no: int) -> tuple[tuple[int, ...], ...]:
    return ((0,) * options.players,) * max(hand_no - 1, 0)


class _Deal(TrickHand, ABC):
    """What both kinds of deal share: the deal, the dealer, the totals before it."""

    A_WEIS = _NO_ACTION
    A_STOECK = _NO_ACTION + 16
    A_STOECK_NO = _NO_ACTION + 17
    NUM_ACTIONS = NUM_ACTIONS

    options: GuggitalerRules
    deal: GuggitalerDeal
    dealer: int
    vorhand: int
    hand_no: int
    totals: tuple[int, ...]

    def _setup(self, options: GuggitalerRules, deal: GuggitalerDeal, hand_no: int,
               totals: tuple[int, ...] | None, earlier: tuple[tuple[int, ...], ...]) -> None:
        if len(earlier) != hand_no - 1 or any(len(r) != options.players for r in earlier):
            raise HandError(f"deal {hand_no} follows {hand_no - 1} deals with a result for "
                            "every player")
        #: What each deal before this one added to every player's total (the score sheet).
        self.earlier: tuple[tuple[int, ...], ...] = earlier
        self.options = options
        self.deal = deal
        self.dealer = deal.dealer
        self.vorhand = (deal.dealer + 1) % options.players
        self.hand_no = hand_no
        #: Each player's game total before this deal.
        self.totals = totals or (0,) * options.players

    @property
    def is_domino(self) -> bool:
        """True for the Domino, the deal without tricks."""
        return self.hand_no == DOMINO + 1

    def action_text(self, action: int) -> str:
        """A card, or ``pass``."""
        if type(action) is not int or not 0 <= action < NUM_ACTIONS:
            raise ValueError(f"not an action number: {action!r}")
        return "pass" if action == A_PASS else format_card(action)

    @abstractmethod
    def result(self) -> tuple[int, ...]:
        """What the deal adds to each seat's game total once it is over (zeros before): a
        trick deal's penalties, the Domino's credits."""

    def seat_values(self) -> tuple[float, ...]:
        """What each seat wants to maximise: minus what the deal adds to its total."""
        return tuple(-float(r) for r in self.result())

    def observation(self, seat: int) -> Any:
        """What ``seat`` may know now (``-1``: a spectator)."""
        from puur.variants.guggitaler_view import observe

        return observe(self, seat)


class GuggitalerHand(_Deal):
    """One deal of tricks (deals 1 to 5), led by the seat after the dealer."""

    def __init__(self, options: GuggitalerRules, deal: GuggitalerDeal, hand_no: int = 1,
                 totals: tuple[int, ...] | None = None,
                 earlier: tuple[tuple[int, ...], ...] | None = None) -> None:
        deal = check_deal(options, deal)
        if not 1 <= hand_no <= DOMINO:
            raise HandError(f"deals 1 to {DOMINO} are played in tricks, not deal {hand_no}")
        n = options.players
        super().__init__(options.trick_rules(), deal.hands, (deal.dealer + 1) % n,
                         tuple(range(n)), options.play_rule())
        self._setup(options, deal, hand_no, totals,
                    earlier if earlier is not None else _zeros(options, hand_no))
        #: The penalty of this deal.
        self.penalty: Penalty = options.penalties()[hand_no - 1]
        #: What each trick taken cost its taker.
        self.trick_penalties: tuple[int, ...] = ()
        self._start_play(MODE_OBENABE, -1, self.vorhand)

    def _lead_ban(self) -> int:
        return self.penalty.lead_ban

    def _credit(self, side: int, points: int, kind: str) -> None:
        # The trick engine credits card points; the taker pays the deal's penalty instead.
        n = self.num_seats
        pen = penalty_of_trick(self.penalty, self.played[-n:], kind == "last")
        self.trick_penalties = (*self.trick_penalties, pen)
        super()._credit(side, pen, kind)

    def result(self) -> tuple[int, ...]:
        """Each seat's penalty once the deal is over (zeros before)."""
        return self.credited if self.phase == OVER else (0,) * self.num_seats

    def summary(self) -> dict[str, Any]:
        """The trick summary with the penalty's name and what each seat pays."""
        out = super().summary()
        out.update(deal=self.hand_no, penalty=self.penalty.name,
                   trick_penalties=list(self.trick_penalties), result=list(self.result()))
        return out


def domino_layable(table: tuple[tuple[int, int], ...], open_rank: int, removed: int) -> int:
    """The mask of cards that may be laid on ``table`` (per suit the lowest and highest rank
    laid, ``(-1, -1)`` for a suit not yet started) when ``open_rank`` opens every suit (-1: the
    first card laid opens, any card). ``removed`` cards are dealt to nobody: an opening card
    among them counts as lying on the table.

    >>> from puur.cards import format_cards, bits
    >>> format_cards(bits(domino_layable(((5, 5), (-1, -1), (-1, -1), (-1, -1)), 5, 0)))
    'DT DQ HJ SJ CJ'
    """
    if open_rank < 0:
        return ALL_CARDS & ~removed
    out = 0
    for s, (lo, hi) in enumerate(table):
        if lo < 0:
            c = 9 * s + open_rank
            if removed >> c & 1:
                lo = hi = open_rank
            else:
                out |= 1 << c
                continue
        if lo > 0:
            out |= 1 << (9 * s + lo - 1)
        if hi < 8:
            out |= 1 << (9 * s + hi + 1)
    return out & ~removed


class DominoHand(_Deal):
    """The Domino (deal 6): lay a card or pass, the order of going out pays credits."""

    #: No tricks: ``played`` holds the cards in the order they were laid, and there are no
    #: trick winners or trick values.
    has_tricks: Final = False

    def __init__(self, options: GuggitalerRules, deal: GuggitalerDeal, hand_no: int = DOMINO + 1,
                 totals: tuple[int, ...] | None = None,
                 earlier: tuple[tuple[int, ...], ...] | None = None) -> None:
        deal = check_deal(options, deal)
        if hand_no != DOMINO + 1:
            raise HandError(f"the Domino is deal {DOMINO + 1}, not deal {hand_no}")
        n = options.players
        super().__init__(options.trick_rules(), deal.hands, (deal.dealer + 1) % n,
                         tuple(range(n)), options.play_rule())
        self._setup(options, deal, hand_no, totals,
                    earlier if earlier is not None else _zeros(options, hand_no))
        self.phase = DOMINO_PHASE
        self.to_move = self.vorhand
        #: The rank that opens every suit (-1 until the first card with ``first_card``).
        self.open_rank: int = _OPEN_RANK.get(options.domino_open, -1)
        #: Per suit the lowest and highest rank on the table, (-1, -1) before it is started.
        self.table: tuple[tuple[int, int], ...] = ((-1, -1),) * 4
        #: Every card laid as (seat, card), and every pass as (seat, -1), in order.
        self.moves: tuple[tuple[int, int], ...] = ()
        #: The seats that went out, first out first.
        self.out_order: tuple[int, ...] = ()

    # -----------------------------------------------------------------------------------------
    # Queries

    def layable(self) -> int:
        """The mask of cards any seat may lay now."""
        return domino_layable(self.table, self.open_rank, self.options.removed)

    def legal_cards(self) -> int:
        """Mask of the cards the seat to move may lay (0 once the deal is over)."""
        if self.phase != DOMINO_PHASE:
            return 0
        return self.hands[self.to_move] & self.layable()

    def _phase_actions(self) -> list[int]:
        m = self.legal_cards()
        return [c for c in range(NUM_CARDS) if m >> c & 1] or [A_PASS]

    def is_legal(self, action: int) -> bool:
        """Whether ``action`` is legal now."""
        return type(action) is int and action in self.legal_actions()

    def history(self) -> list[tuple[int, int]]:
        """Every card laid as ``(seat, card)``, in order."""
        return [(s, c) for s, c in self.moves if c >= 0]

    def tricks(self) -> list[tuple[int, list[int], int]]:
        """No tricks in the Domino."""
        return []

    def current_trick(self) -> list[tuple[int, int]]:
        """No trick on the table in the Domino."""
        return []

    def rows(self) -> tuple[tuple[int, ...], ...]:
        """The cards of each suit's row on the table, lowest first."""
        return tuple(
            tuple(9 * s + r for r in range(lo, hi + 1)) if lo >= 0 else ()
            for s, (lo, hi) in enumerate(self.table)
        )

    # -----------------------------------------------------------------------------------------
    # Play

    def _apply_phase(self, action: int) -> None:
        seat = self.to_move
        if action == A_PASS:
            self.moves = (*self.moves, (seat, -1))
        else:
            self._lay(seat, action)
            if self.phase == OVER:
                return
        n = self.num_seats
        nxt = (seat + 1) % n
        while not self.hands[nxt]:
            nxt = (nxt + 1) % n
        self.to_move = nxt

    def _lay(self, seat: int, card: int) -> None:
        h = list(self.hands)
        h[seat] &= ~(1 << card)
        self.hands = tuple(h)
        self.played = (*self.played, card)
        self.moves = (*self.moves, (seat, card))
        suit, rank = divmod(card, 9)
        if self.open_rank < 0:
            self.open_rank = rank
        removed = self.options.removed
        table = list(self.table)
        for s in range(4):
            # An opening card dealt to nobody lies on the table from the start.
            if table[s][0] < 0 and removed >> (9 * s + self.open_rank) & 1:
                table[s] = (self.open_rank, self.open_rank)
        lo, hi = table[suit]
        table[suit] = (rank, rank) if lo < 0 else (min(lo, rank), max(hi, rank))
        self.table = tuple(table)
        if not h[seat]:
            self.out_order = (*self.out_order, seat)
            self.credited = self.credits_won()
            if len(self.out_order) == self.num_seats:
                self.phase = OVER

    # -----------------------------------------------------------------------------------------
    # Scores

    def credits_won(self) -> tuple[int, ...]:
        """Each seat's credit by the order of going out (0 for a seat not yet out)."""
        credits = self.options.credits()
        out = [0] * self.num_seats
        for place, seat in enumerate(self.out_order):
            out[seat] = credits[place]
        return tuple(out)

    def result(self) -> tuple[int, ...]:
        """What the Domino adds to each seat's total once it is over: minus its credit."""
        if self.phase != OVER:
            return (0,) * self.num_seats
        won = domino_credits(self.out_order, self.options.credits())
        return tuple(-c for c in won)

    def summary(self) -> dict[str, Any]:
        """The order of going out, each seat's credit and what the deal adds."""
        return {
            "deal": self.hand_no, "penalty": "domino", "tricks": [], "trick_values": [],
            "trick_points": list(self.trick_points), "credited": list(self.credited),
            "out_order": list(self.out_order), "passes": sum(1 for _s, c in self.moves if c < 0),
            "result": list(self.result()), "weis_seat": -1, "stoeck_seat": -1,
        }
