"""One hand of Molotow: the deal, trumps fixed by the first discard, the scores of the hand.

The hand starts in Obenabe without trumps and everyone must follow suit. The first card played
by a player who cannot follow fixes its suit as trumps for the rest of the hand; it counts as a
trump in its own trick. From then on the tricks follow Schieber's rules (a trump may be played
instead of following) with the undertrump rule of the options. The tricks taken before are
valued again at once in the new contract, so ``trick_values`` always hold what the tricks are
worth in the contract the hand ends in (Obenabe if nobody ever fails to follow).

In family A (``scoring = "points"``) each seat's ``credited`` points are its hand score as it
stands: card points plus the table Weis of its tricks, less its own Weis (at the end of trick 1)
and its Stöck. In family B they are the card points alone, and :meth:`MolotowHand.marks` gives
the Striche and Nuller once the hand is over.

Action ids (stable): 0-35 play a card; 36 keep quiet about a Weis and 37-51 declare one; 52 and
53 announce Stöck or keep quiet.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from puur.cards import NUM_CARDS
from puur.contracts import MODE_OBENABE, POINTS, format_contract
from puur.deal import check_hands, deal_packets, shuffled
from puur.hand import OVER, TrickHand
from puur.variants.molotow_rules import (
    REMOVED_AT_FIVE,
    MolotowRules,
    deal_shape,
    marks,
    table_weis,
)
from puur.weis import STOECK_CARDS, split_points

__all__ = ["A_STOECK", "A_STOECK_NO", "A_WEIS", "NUM_ACTIONS", "MolotowDeal", "MolotowHand",
           "check_deal", "deal_molotow"]

A_WEIS: Final = 36
A_STOECK: Final = 52
A_STOECK_NO: Final = 53
NUM_ACTIONS: Final = 54

_SUIT_OF: Final = tuple(c // 9 for c in range(NUM_CARDS))


@dataclass(frozen=True)
class MolotowDeal:
    """One deal: the hands (seat 0 first) and the dealer."""

    hands: tuple[int, ...]
    dealer: int


def deal_molotow(rules: MolotowRules, seed: int | str, dealer: int) -> MolotowDeal:
    """Shuffle from ``seed`` and deal for ``dealer``: packets round the table from the seat
    after the dealer (12 cards in fours to three players, 9 in threes to four, 3 + 4 to five
    with the Schilten 6 left out, 6 in threes to six)."""
    n = rules.players
    order = shuffled(seed)
    if n == 5:
        order.remove(REMOVED_AT_FIVE)
    _per_seat, packets = deal_shape(n)
    hands = [0] * n
    pos = 0
    for size in packets:
        part = deal_packets(order[pos:pos + n * size], n, size, size, (dealer + 1) % n)
        hands = [h | p for h, p in zip(hands, part, strict=True)]
        pos += n * size
    return MolotowDeal(tuple(hands), dealer)


def check_deal(rules: MolotowRules, d: object) -> MolotowDeal:
    """Check a deal against the rules (``ValueError`` saying what is wrong)."""
    if not isinstance(d, MolotowDeal):
        raise ValueError(f"not a Molotow deal: {d!r}")
    n = rules.players
    per_seat, _packets = deal_shape(n)
    hands = check_hands(d.hands, n, per_seat)
    if n == 5 and any(h >> REMOVED_AT_FIVE & 1 for h in hands):
        raise ValueError("with five players the Schilten 6 is left out of the deal")
    if type(d.dealer) is not int or not 0 <= d.dealer < n:
        raise ValueError(f"the dealer must be a seat 0..{n - 1}")
    return MolotowDeal(hands, d.dealer)


class MolotowHand(TrickHand):
    """One hand of Molotow, led by the seat after the dealer."""

    A_WEIS = A_WEIS
    A_STOECK = A_STOECK
    A_STOECK_NO = A_STOECK_NO
    NUM_ACTIONS = NUM_ACTIONS

    def __init__(self, options: MolotowRules, deal: MolotowDeal, hand_no: int = 1,
                 totals: tuple[int, ...] | None = None) -> None:
        deal = check_deal(options, deal)
        n = options.players
        vorhand = (deal.dealer + 1) % n
        super().__init__(
            options.trick_rules(), deal.hands, vorhand, tuple(range(n)), options.play_rule()
        )
        self.options: MolotowRules = options
        self.deal: MolotowDeal = deal
        self.dealer: int = deal.dealer
        self.vorhand: int = vorhand
        self.hand_no: int = hand_no
        #: Each player's game total before this hand.
        self.totals: tuple[int, ...] = totals or (0,) * n
        #: The card that fixed trumps and who played it (-1 while there are none).
        self.trump_card: int = -1
        self.trump_seat: int = -1
        #: The table Weis each seat has added to its score, and the trick each one lay in.
        self.table_weis: tuple[int, ...] = (0,) * n
        self.table_weis_tricks: tuple[tuple[int, int, int], ...] = ()
        # Weis are declared in natural order, before there are trumps: fix every seat's options
        # now, whatever the trumps become during trick 1.
        self._start_play(MODE_OBENABE, -1, vorhand)
        for s in range(n):
            self._weis_options(s)

    # -----------------------------------------------------------------------------------------
    # Trumps by the first discard

    def _play(self, card: int) -> None:
        if self.trump < 0 and self.trick and _SUIT_OF[card] != _SUIT_OF[self.trick[0]]:
            self._fix_trumps(card)
        super()._play(card)

    def _fix_trumps(self, card: int) -> None:
        suit = _SUIT_OF[card]
        self.trump = suit
        self.mode = suit
        self.trump_card = card
        self.trump_seat = self.to_move
        if self.rules.stoeck:
            sc = STOECK_CARDS[suit]
            for s, held in enumerate(self.hands):
                if s == self.to_move and not self.options.stoeck_fixing_card:
                    held &= ~(1 << card)
                if held & sc == sc:
                    self.stoeck_seat = s
        # The tricks already taken are worth what they are worth in the new contract.
        n = self.num_seats
        points = POINTS[suit]
        values = list(self.trick_values)
        for t, winner in enumerate(self.trick_winners):
            value = sum(points[c] for c in self.played[n * t:n * t + n])
            diff = value - values[t]
            values[t] = value
            if diff:
                tp = list(self.trick_points)
                tp[self.sides[winner]] += diff
                self.trick_points = tuple(tp)
                self._credit(self.sides[winner], diff, "revalue")
        self.trick_values = tuple(values)
        self.trick_modes = (suit,) * len(values)

    # -----------------------------------------------------------------------------------------
    # Weis, Stöck and table Weis as minus and plus points

    def _credit(self, side: int, points: int, kind: str) -> None:
        super()._credit(side, -points if kind == "stoeck" else points, kind)

    def _credit_weis(self) -> None:
        if self.options.best_weis_only:
            if self.weis_seat >= 0:
                s = self.weis_seat
                self._credit(self.sides[s], -split_points(self.declared[s]), "weis")
            return
        for s in range(self.num_seats):
            pts = split_points(self.declared[s])
            if pts:
                self._credit(self.sides[s], -pts, "weis")

    def _after_card(self) -> None:
        n = self.num_seats
        complete = len(self.trick) == n and self.phase != OVER
        cards = self.trick
        super()._after_card()
        o = self.options
        if not (complete and o.family_a and o.table_weis):
            return
        pts = table_weis(cards, fours=o.table_weis_four_of_a_kind, large=o.large_weis)
        if pts:
            winner = self.trick_winners[-1]
            tw = list(self.table_weis)
            tw[winner] += pts
            self.table_weis = tuple(tw)
            self.table_weis_tricks = (*self.table_weis_tricks,
                                      (len(self.trick_winners) - 1, winner, pts))
            self._credit(self.sides[winner], pts, "table")

    @property
    def contract(self) -> int:
        """The contract as it stands: the trump suit, or Obenabe while there is none."""
        return self.trump if self.trump >= 0 else MODE_OBENABE

    # -----------------------------------------------------------------------------------------
    # Scores

    def weis_points(self) -> tuple[int, ...]:
        """Each seat's own hand Weis taken off its score (once trick 1 is over)."""
        out = [0] * self.num_seats
        for side, pts, kind in self.credits:
            if kind == "weis":
                out[side] -= pts
        return tuple(out)

    def stoeck_points(self) -> tuple[int, ...]:
        """20 for the seat that announced Stöck, 0 for the others."""
        out = [0] * self.num_seats
        if self.stoeck_state == 1:
            out[self.stoeck_seat] = 20
        return tuple(out)

    def marks(self) -> tuple[tuple[int, int], ...]:
        """Family B: each seat's (Striche, Nuller) once the hand is over, else none."""
        if self.phase != OVER or self.options.family_a:
            return ((0, 0),) * self.num_seats
        return marks(self.trick_points, self.options.striche_ties)

    def result(self) -> tuple[int, ...]:
        """What the hand adds to each seat's game total once it is over (zeros before): the
        hand score in family A (twice on the last hand with ``last_hand_double``), Nuller less
        Striche in family B. Lower is better in both."""
        if self.phase != OVER:
            return (0,) * self.num_seats
        if not self.options.family_a:
            return tuple(nu - st for st, nu in self.marks())
        double = self.options.last_hand_double and self.hand_no == self.options.hands
        return tuple(c * (2 if double else 1) for c in self.credited)

    def summary(self) -> dict[str, Any]:
        """The trick summary with the trumps, table Weis, Weis, Stöck, marks and the result."""
        out = super().summary()
        out.update(
            contract=format_contract(self.contract),
            trump_card=self.trump_card, trump_seat=self.trump_seat,
            table_weis=list(self.table_weis), weis=list(self.weis_points()),
            stoeck=list(self.stoeck_points()), result=list(self.result()),
        )
        if not self.options.family_a:
            out["marks"] = [list(m) for m in self.marks()]
        return out

    def seat_values(self) -> tuple[float, ...]:
        """What each seat wants to maximise: minus what the hand adds to its total."""
        return tuple(-float(r) for r in self.result())

    def observation(self, seat: int) -> Any:
        """What ``seat`` may know now (``-1``: a spectator)."""
        from puur.variants.molotow_view import observe

        return observe(self, seat)
