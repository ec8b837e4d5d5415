"""One hand of Hindersi: the deal, the turned trump card, the card play, each player's points.

Every card is dealt (four players 9 each in threes, three 12 each in fours), packets round the
table from the seat after the dealer, who receives the last card: it is shown and its suit is
trumps, and it stays in the dealer's hand (nobody robs it). The Vorhand leads trick 1; the
tricks are Schieber's, with the chosen undertrump rule. With ``weis`` the small Weis are
declared in trick 1 and the best Weis at the table is credited to its holder as minus points;
there is no Stöck. :meth:`HindersiHand.points` is each player's score of the hand
(:func:`~puur.variants.hindersi_rules.hand_points`: the card points taken, the all-tricks rule,
less the Weis). The hand that ends a round (the one dealt by the last player of the round)
also gives the round's marks (:func:`~puur.variants.hindersi_rules.round_marks`), which are
:meth:`HindersiHand.result`: what the hand adds to each player's net Striche.

Action ids (stable): 0-35 play a card; 36 keep quiet about a Weis and 37-51 declare one
(``weis`` only); 52 and 53 are Stöck's ids, never legal (Hindersi has no Stöck).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from puur.cards import NUM_CARDS
from puur.deal import check_hands, deal_packets, shuffled
from puur.hand import OVER, TrickHand
from puur.variants.hindersi_rules import HindersiRules, hand_points, packet_size, round_marks
from puur.weis import split_points

__all__ = ["A_STOECK", "A_STOECK_NO", "A_WEIS", "NUM_ACTIONS", "HindersiDeal", "HindersiHand",
           "check_deal", "deal_hindersi"]

A_WEIS: Final = 36
A_STOECK: Final = 52
A_STOECK_NO: Final = 53
NUM_ACTIONS: Final = 54


@dataclass(frozen=True)
class HindersiDeal:
    """One deal: the hands (seat 0 first), the dealer and his last card, turned for trumps."""

    hands: tuple[int, ...]
    dealer: int
    turned: int


def deal_hindersi(rules: HindersiRules, seed: int | str, dealer: int) -> HindersiDeal:
    """Shuffle from ``seed`` and deal for ``dealer``: packets round the table from the seat
    after the dealer, who gets the last card; it is turned for trumps."""
    n = rules.players
    order = shuffled(seed)
    hands = deal_packets(order, n, NUM_CARDS // n, packet_size(n), (dealer + 1) % n)
    return HindersiDeal(tuple(hands), dealer, order[-1])


def check_deal(rules: HindersiRules, d: object) -> HindersiDeal:
    """Check a deal against the rules (``ValueError`` saying what is wrong)."""
    if not isinstance(d, HindersiDeal):
        raise ValueError(f"not a Hindersi deal: {d!r}")
    n = rules.players
    hands = check_hands(d.hands, n, NUM_CARDS // n)
    if type(d.dealer) is not int or not 0 <= d.dealer < n:
        raise ValueError(f"the dealer must be a seat 0..{n - 1}")
    if type(d.turned) is not int or not 0 <= d.turned < NUM_CARDS:
        raise ValueError(f"the turned card is a card, not {d.turned!r}")
    if not hands[d.dealer] >> d.turned & 1:
        raise ValueError("the turned card is the dealer's last card: it must be in his hand")
    return HindersiDeal(hands, d.dealer, d.turned)


class HindersiHand(TrickHand):
    """One hand of Hindersi, led by the seat after the dealer."""

    A_WEIS = A_WEIS
    A_STOECK = A_STOECK
    A_STOECK_NO = A_STOECK_NO
    NUM_ACTIONS = NUM_ACTIONS

    def __init__(self, options: HindersiRules, deal: HindersiDeal, hand_no: int = 1,
                 totals: tuple[int, ...] | None = None,
                 round_before: tuple[int, ...] | None = None) -> None:
        deal = check_deal(options, deal)
        n = options.players
        vorhand = (deal.dealer + 1) % n
        super().__init__(
            options.trick_rules(), deal.hands, vorhand, tuple(range(n)), options.play_rule()
        )
        self.options: HindersiRules = options
        self.deal: HindersiDeal = deal
        self.dealer: int = deal.dealer
        self.vorhand: int = vorhand
        self.hand_no: int = hand_no
        self.turned: int = deal.turned
        #: Each player's net Striche (Striche less Nuller) before this hand.
        self.totals: tuple[int, ...] = totals or (0,) * n
        #: Each player's points in the round so far, before this hand.
        self.round_before: tuple[int, ...] = round_before or (0,) * n
        #: The round this hand belongs to (1-based), its place in it, and whether it ends it.
        per = options.hands_per_round
        self.round_no: int = (hand_no - 1) // per + 1
        self.hand_in_round: int = (hand_no - 1) % per + 1
        self.ends_round: bool = self.hand_in_round == per
        self._start_play(deal.turned // 9, deal.turned // 9, vorhand)

    # -----------------------------------------------------------------------------------------
    # Weis as minus points

    def _credit_weis(self) -> None:
        if self.weis_seat >= 0:
            s = self.weis_seat
            self._credit(self.sides[s], -split_points(self.declared[s]), "weis")

    # -----------------------------------------------------------------------------------------
    # Scores

    @property
    def contract(self) -> int:
        """The trump suit (turned)."""
        return self.trump

    def weis_points(self) -> tuple[int, ...]:
        """The Weis points taken off each seat's score (once trick 1 is over)."""
        out = [0] * self.num_seats
        for side, pts, kind in self.credits:
            if kind == "weis":
                out[side] -= pts
        return tuple(out)

    def match_seat(self) -> int:
        """The seat that took every trick (when the option counts it), or -1."""
        if self.phase != OVER or not self.options.match:
            return -1
        return next((s for s, k in enumerate(self.tricks_won) if k == self.num_tricks), -1)

    def points(self) -> tuple[int, ...]:
        """Each seat's score of the hand once it is over (zeros before)."""
        if self.phase != OVER:
            return (0,) * self.num_seats
        return hand_points(self.trick_points, self.tricks_won, self.weis_points(),
                           self.options.match)

    def round_points(self) -> tuple[int, ...]:
        """Each seat's points in the round so far, this hand included once it is over."""
        return tuple(a + b for a, b in zip(self.round_before, self.points(), strict=True))

    def marks(self) -> tuple[int, ...]:
        """The round's marks (+1 Strich, -1 Nuller) once the hand that ends it is over, else
        zeros."""
        if self.phase != OVER or not self.ends_round:
            return (0,) * self.num_seats
        return round_marks(self.round_points(), self.options.ties)

    def result(self) -> tuple[int, ...]:
        """What the hand adds to each seat's net Striche (zeros but for the last hand of a
        round)."""
        return self.marks()

    def summary(self) -> dict[str, Any]:
        """The trick summary with the trumps, the Weis, the points and the round's marks."""
        out = super().summary()
        out.update(dealer=self.dealer, turned=self.turned, round=self.round_no,
                   weis=list(self.weis_points()), match_seat=self.match_seat(),
                   points=list(self.points()), round_points=list(self.round_points()),
                   marks=list(self.marks()) if self.ends_round else None)
        return out

    def seat_values(self) -> tuple[float, ...]:
        """What each seat wants to maximise: its marks once a round ends, and minus its points
        of the hand (which decide the marks)."""
        marks = self.marks()
        return tuple(float(m) - p / 1000.0 for m, p in zip(marks, self.points(), strict=True))

    def observation(self, seat: int) -> Any:
        """What ``seat`` may know now (``-1``: a spectator)."""
        from puur.variants.hindersi_view import observe

        return observe(self, seat)
