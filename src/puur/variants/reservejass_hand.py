"""One hand of Reservejass: the deal of four hands, the choice or the swap, the card play.

Three players, each alone, and a fourth hand face down, the *reserve*: nine cards each in
packets of three from the Vorhand, the reserve getting its packet after the dealer's. The
Vorhand is the *chooser*: he names the mode of play (``choose:C``, a trump suit, Obenabe or
Undenufe), or first says ``reserve`` (while ``reserve_swap`` allows it): he takes the reserve
unseen and puts his own hand down, *dead*; nobody sees it again, he neither, and he must then
choose. With ``others_swap`` the other two are asked in turn, once the mode is named, whether
they ``keep`` or take the ``reserve`` while it still lies. The chooser leads and the three play
the tricks as in Schieber.

A seat's ``credited`` points are its points of the hand: card points, Stöck, the best Weis (its
holder's alone), the last trick's 5 and, with ``match_bonus``, 100 for all nine tricks. The
nine cards in no hand score for nobody, so the three share 157 less their card points
(:func:`~puur.variants.reservejass_rules.hand_total`). The game's totals (``totals``) make the
target check: the first player to reach the target wins the moment his points fall, in the
count order, and the hand stops there.

Action ids (stable): 0-35 play a card; 36 keep quiet about a Weis and 37-51 declare one; 52 and
53 announce Stöck or keep quiet; 54-59 choose a mode (54 + mode: the four suits, 58 Obenabe,
59 Undenufe); 60 swap for the reserve (the word ``reserve``); 61 keep.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from puur.cards import NUM_CARDS
from puur.contracts import format_contract
from puur.deal import shuffled
from puur.hand import IllegalActionError, TrickHand
from puur.variants.reservejass_rules import ReservejassRules, hand_total

__all__ = ["A_CHOOSE", "A_KEEP", "A_STOECK", "A_STOECK_NO", "A_SWAP", "A_WEIS", "NUM_ACTIONS",
           "PER_SEAT", "RESERVE", "SEATS", "TAKE", "WORDS", "ReservejassDeal", "ReservejassHand",
           "check_deal", "deal_reservejass"]

A_WEIS: Final = 36
A_STOECK: Final = 52
A_STOECK_NO: Final = 53
A_CHOOSE: Final = 54
A_SWAP: Final = 60
A_KEEP: Final = 61
NUM_ACTIONS: Final = 62
#: The phases before the card play: the chooser names the mode or swaps for the reserve; with
#: ``others_swap`` the other two keep their hands or take the reserve.
RESERVE: Final = "reserve"
TAKE: Final = "take"
#: The words: swapping one's hand for the reserve (``reserve``), keeping it.
WORDS: Final = {A_SWAP: "reserve", A_KEEP: "keep"}
SEATS: Final = 3
PER_SEAT: Final = 9


@dataclass(frozen=True)
class ReservejassDeal:
    """One deal: the three hands (seat 0 first), the dealer and the reserve."""

    hands: tuple[int, ...]
    dealer: int
    reserve: int


def deal_reservejass(seed: int | str, dealer: int) -> ReservejassDeal:
    """Shuffle from ``seed`` and deal for ``dealer``: packets of three round the table from the
    Vorhand, the reserve's after the dealer's, three rounds."""
    order = shuffled(seed)
    piles = [0] * (SEATS + 1)
    pos = 0
    for _ in range(3):
        for k in range(1, SEATS + 2):
            s = (dealer + k) % SEATS if k <= SEATS else SEATS
            for c in order[pos:pos + 3]:
                piles[s] |= 1 << c
            pos += 3
    return ReservejassDeal(tuple(piles[:SEATS]), dealer, piles[SEATS])


def check_deal(d: object) -> ReservejassDeal:
    """Check a deal (``ValueError`` saying what is wrong)."""
    if not isinstance(d, ReservejassDeal):
        raise ValueError(f"not a Reservejass deal: {d!r}")
    if not isinstance(d.hands, tuple) or len(d.hands) != SEATS:
        raise ValueError("a Reservejass deal has three hands")
    seen = 0
    for x in (*d.hands, d.reserve):
        if type(x) is not int or not 0 <= x < 1 << NUM_CARDS:
            raise ValueError(f"not a card set: {x!r}")
        if seen & x:
            raise ValueError("a card is dealt twice")
        seen |= x
        if x.bit_count() != PER_SEAT:
            raise ValueError("each player and the reserve get nine cards")
    if type(d.dealer) is not int or not 0 <= d.dealer < SEATS:
        raise ValueError(f"the dealer must be a seat 0..2, not {d.dealer!r}")
    return d


class ReservejassHand(TrickHand):
    """One hand of Reservejass (see the module text)."""

    A_WEIS = A_WEIS
    A_STOECK = A_STOECK
    A_STOECK_NO = A_STOECK_NO
    NUM_ACTIONS = NUM_ACTIONS

    def __init__(self, options: ReservejassRules, deal: ReservejassDeal, hand_no: int = 1,
                 totals: tuple[int, ...] | None = None) -> None:
        deal = check_deal(deal)
        totals = totals or (0,) * SEATS
        order = tuple((deal.dealer + k) % SEATS for k in (1, 2, 3))
        super().__init__(options.trick_rules(), deal.hands, order[0], tuple(range(SEATS)),
                         options.play_rule(), game_scores=totals)
        self.options: ReservejassRules = options
        self.deal: ReservejassDeal = deal
        self.dealer: int = deal.dealer
        self.hand_no: int = hand_no
        #: Each player's game total before this hand.
        self.totals: tuple[int, ...] = totals
        #: The seats in speaking order, the Vorhand (the chooser) first.
        self.order: tuple[int, ...] = order
        self.vorhand: int = order[0]
        self.chooser: int = order[0]
        self.num_tricks = PER_SEAT
        #: The mode named (-1 until the choice).
        self.contract: int = -1
        #: The reserve as it lies (empty once taken) and the dead hand (empty before a swap).
        self.reserve: int = deal.reserve
        self.dead: int = 0
        #: Who swapped (-1: nobody), and every word before the card play as (seat, action).
        self.swapper: int = -1
        self.words: tuple[tuple[int, int], ...] = ()
        #: The seats still to say keep or swap (``others_swap``).
        self.asking: tuple[int, ...] = ()
        self.phase = RESERVE
        self.to_move = self.chooser

    # -----------------------------------------------------------------------------------------
    # Before the card play

    def _phase_actions(self) -> list[int]:
        if self.phase == RESERVE:
            out = [A_CHOOSE + c for c in self.options.contracts()]
            if self.options.reserve_swap and self.swapper < 0:
                out.append(A_SWAP)
            return out
        if self.phase == TAKE:
            return [A_SWAP, A_KEEP]
        return []

    def _apply_phase(self, action: int) -> None:
        seat = self.to_move
        if self.phase == RESERVE:
            self.words = (*self.words, (seat, action))
            if action == A_SWAP:
                self._swap(seat)
                return  # he must now choose
            self.contract = action - A_CHOOSE
            if self.options.others_swap and self.swapper < 0:
                self.asking = self.order[1:]
                self.phase = TAKE
                self.to_move = self.asking[0]
                return
            self._start_cards()
            return
        if self.phase != TAKE:
            raise IllegalActionError(f"no action is expected in phase {self.phase!r}",
                                     "unknown_action")
        self.words = (*self.words, (seat, action))
        if action == A_SWAP:
            self._swap(seat)
            self._start_cards()
            return
        self.asking = self.asking[1:]
        if self.asking:
            self.to_move = self.asking[0]
            return
        self._start_cards()

    def _swap(self, seat: int) -> None:
        """``seat`` takes the reserve and puts its hand down, dead."""
        h = list(self.hands)
        h[seat], self.reserve, self.dead = self.reserve, 0, h[seat]
        self.hands = tuple(h)
        self.initial_hands = self.hands
        self.swapper = seat

    def _start_cards(self) -> None:
        self.asking = ()
        c = self.contract
        self._start_play(c, c if c < 4 else -1, self.chooser)

    # -----------------------------------------------------------------------------------------
    # Scoring

    def _on_last_trick(self, side: int) -> None:
        if self.options.match_bonus and self.tricks_won[side] == self.num_tricks:
            self._credit(side, 100, "match")

    @property
    def piles(self) -> tuple[int, int]:
        """The cards lying in no hand: the reserve and the dead hand, as they lie now."""
        return self.reserve, self.dead

    @property
    def out_of_play(self) -> int:
        """The nine cards in no hand: the reserve, or the dead hand after a swap."""
        return self.reserve | self.dead

    def shared_points(self) -> int:
        """The card points the three share in this hand (-1 before the choice)."""
        return hand_total(self.out_of_play, self.contract) if self.contract >= 0 else -1

    def scores_after(self) -> tuple[int, ...]:
        """Each player's game total with this hand's points so far."""
        return tuple(t + c for t, c in zip(self.totals, self.credited, strict=True))

    def result(self) -> tuple[int, ...]:
        """Each player's points of the hand (so far)."""
        return self.credited

    def action_text(self, action: int) -> str:
        """A short English text of ``action``."""
        if type(action) is int and action in WORDS:
            return WORDS[action]
        if type(action) is int and A_CHOOSE <= action < A_SWAP:
            return f"choose {format_contract(action - A_CHOOSE)}"
        return super().action_text(action)

    def summary(self) -> dict[str, Any]:
        """The trick summary with the choice, the swap and the totals."""
        out = super().summary()
        out.update(
            dealer=self.dealer, chooser=self.chooser, contract=self.contract,
            swapper=self.swapper, shared=self.shared_points(),
            totals=list(self.scores_after()), winner=self.winner,
            tricks_played=len(self.trick_winners),
        )
        return out

    def seat_values(self) -> tuple[float, ...]:
        """What each seat wants to maximise: its points of the hand, and a win outright."""
        return tuple(float(self.credited[s]) + (1000.0 if self.winner == s else 0.0)
                     for s in range(SEATS))

    def observation(self, seat: int) -> Any:
        """What ``seat`` may know now (``-1``: a spectator)."""
        from puur.variants.reservejass_view import observe

        return observe(self, seat)
