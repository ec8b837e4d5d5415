"""One hand of Königsjass: the deal, the trump-6 exchange, the swap, the card play.

Three players, each alone, get nine cards each in packets of three from the Vorhand; the nine
left are the talon, whose top card is turned and makes trumps. Then each player in turn from the
Vorhand says ``keep`` or, while nobody has, ``swap`` (he takes the talon, the face-up card
with it, and puts his own hand down: it is *dead*, scores for nobody and is seen by nobody but
him). At his turn the holder of the trump 6 may first ``exchange`` it for the turned card,
wherever that lies (on the talon, where the 6 then lies face up, or in the swapper's hand).
Seats that spoke before a swap are asked once more, in order, whether they exchange
(``exchange`` or ``pass``), so that the exchange stays open until the first lead. Every seat is
asked the same questions whatever it holds: only the seat itself sees whether it could
exchange. The Vorhand then leads and the three play the tricks as in Schieber.

A seat's ``credited`` points are its points of the hand: card points, Stöck, the best Weis (its
holder's alone), the last trick's 5 and, with ``match_bonus``, 100 for all nine tricks. The
game's totals (``totals``) make the target check: the first player to reach the target wins the
moment his points fall, in the count order, and the hand stops there.

Action ids (stable): 0-35 play a card; 36 keep quiet about a Weis and 37-51 declare one; 52 and
53 announce Stöck or keep quiet; 54 keep, 55 swap, 56 exchange the trump 6, 57 pass (no
exchange).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from puur.cards import NUM_CARDS
from puur.deal import shuffled
from puur.hand import IllegalActionError, TrickHand
from puur.variants.koenigsjass_rules import KoenigsjassRules, turned_mode

__all__ = ["A_EXCHANGE", "A_KEEP", "A_PASS", "A_STOECK", "A_STOECK_NO", "A_SWAP", "A_WEIS",
           "EXCHANGE", "NUM_ACTIONS", "SWAP", "WORDS", "KoenigsjassDeal", "KoenigsjassHand",
           "check_deal", "deal_koenigsjass"]

A_WEIS: Final = 36
A_STOECK: Final = 52
A_STOECK_NO: Final = 53
A_KEEP: Final = 54
A_SWAP: Final = 55
A_EXCHANGE: Final = 56
A_PASS: Final = 57
NUM_ACTIONS: Final = 58
#: The phases before the card play: keep or swap (and exchange), then the last exchange round.
SWAP: Final = "swap"
EXCHANGE: Final = "exchange"
WORDS: Final = {A_KEEP: "keep", A_SWAP: "swap", A_EXCHANGE: "exchange", A_PASS: "pass"}
SEATS: Final = 3
PER_SEAT: Final = 9


@dataclass(frozen=True)
class KoenigsjassDeal:
    """One deal: the three hands (seat 0 first), the dealer, the talon and its top card, turned
    for trumps."""

    hands: tuple[int, ...]
    dealer: int
    talon: int
    turned: int


def deal_koenigsjass(seed: int | str, dealer: int) -> KoenigsjassDeal:
    """Shuffle from ``seed`` and deal for ``dealer``: packets of three round the table from the
    Vorhand, three rounds; the nine cards left are the talon, its last card on top, turned."""
    order = shuffled(seed)
    hands = [0] * SEATS
    pos = 0
    for _ in range(3):
        for k in range(1, SEATS + 1):
            s = (dealer + k) % SEATS
            for c in order[pos:pos + 3]:
                hands[s] |= 1 << c
            pos += 3
    talon = order[pos:]
    return KoenigsjassDeal(tuple(hands), dealer, sum(1 << c for c in talon), talon[-1])


def check_deal(d: object) -> KoenigsjassDeal:
    """Check a deal (``ValueError`` saying what is wrong)."""
    if not isinstance(d, KoenigsjassDeal):
        raise ValueError(f"not a Königsjass deal: {d!r}")
    if not isinstance(d.hands, tuple) or len(d.hands) != SEATS:
        raise ValueError("a Königsjass deal has three hands")
    seen = 0
    for x in (*d.hands, d.talon):
        if type(x) is not int or not 0 <= x < 1 << NUM_CARDS:
            raise ValueError(f"not a card set: {x!r}")
        if seen & x:
            raise ValueError("a card is dealt twice")
        seen |= x
        if x.bit_count() != PER_SEAT:
            raise ValueError("each player and the talon get nine cards")
    if type(d.dealer) is not int or not 0 <= d.dealer < SEATS:
        raise ValueError(f"the dealer must be a seat 0..2, not {d.dealer!r}")
    if type(d.turned) is not int or not 0 <= d.turned < NUM_CARDS or not d.talon >> d.turned & 1:
        raise ValueError("the turned card must lie in the talon")
    return d


class KoenigsjassHand(TrickHand):
    """One hand of Königsjass (see the module text)."""

    A_WEIS = A_WEIS
    A_STOECK = A_STOECK
    A_STOECK_NO = A_STOECK_NO
    NUM_ACTIONS = NUM_ACTIONS

    def __init__(self, options: KoenigsjassRules, deal: KoenigsjassDeal, hand_no: int = 1,
                 totals: tuple[int, ...] | None = None) -> None:
        deal = check_deal(deal)
        totals = totals or (0,) * SEATS
        order = tuple((deal.dealer + k) % SEATS for k in (1, 2, 3))
        super().__init__(options.trick_rules(), deal.hands, order[0], tuple(range(SEATS)),
                         options.play_rule(), game_scores=totals)
        self.options: KoenigsjassRules = options
        self.deal: KoenigsjassDeal = deal
        self.dealer: int = deal.dealer
        self.hand_no: int = hand_no
        #: Each player's game total before this hand.
        self.totals: tuple[int, ...] = totals
        #: The seats in speaking order, the Vorhand first.
        self.order: tuple[int, ...] = order
        self.vorhand: int = order[0]
        self.num_tricks = PER_SEAT
        self.mode, self.trump = turned_mode(deal.turned, options.turned_card_modes)
        self.turned: int = deal.turned
        #: The trump 6 (-1 without trumps).
        self.six: int = 9 * self.trump if self.trump >= 0 else -1
        #: The cards in the talon and in the dead hand now (the talon is empty after a swap).
        self.talon: int = deal.talon
        self.dead: int = 0
        #: Who exchanged the trump 6 and who swapped (-1: nobody), and every word before the
        #: card play as (seat, action).
        self.robber: int = -1
        self.swapper: int = -1
        self.words: tuple[tuple[int, int], ...] = ()
        #: (``initial_hands`` are the hands as held from the start of the hand: after the
        #: exchange and the swap; the deal keeps them as dealt.)
        #: The seats still to answer the last exchange question.
        self.asking: tuple[int, ...] = ()
        self.phase = SWAP
        self.to_move = self.vorhand

    # -----------------------------------------------------------------------------------------
    # Before the card play

    def exchange_open(self) -> bool:
        """Whether an exchange of the trump 6 may still happen (public: no exchange yet, a
        trump suit, and the turned card is not the 6 itself)."""
        return (self.options.rob and self.trump >= 0 and self.robber < 0
                and self.turned != self.six)

    def may_exchange(self, seat: int) -> bool:
        """Whether ``seat`` may exchange the trump 6 now: it holds the 6, and the turned card
        lies on the talon or in another player's hand (a secret of that seat)."""
        if not self.exchange_open() or not self.hands[seat] >> self.six & 1:
            return False
        return not self.hands[seat] >> self.turned & 1 and not self.dead >> self.turned & 1

    def _phase_actions(self) -> list[int]:
        seat = self.to_move
        if self.phase == SWAP:
            out = [A_KEEP]
            if self.options.swap and self.swapper < 0:
                out.append(A_SWAP)
        elif self.phase == EXCHANGE:
            out = [A_PASS]
        else:
            return []
        if self.may_exchange(seat):
            out.append(A_EXCHANGE)
        return sorted(out)

    def _apply_phase(self, action: int) -> None:
        if self.phase not in (SWAP, EXCHANGE):
            raise IllegalActionError(f"no action is expected in phase {self.phase!r}",
                                     "unknown_action")
        seat = self.to_move
        self.words = (*self.words, (seat, action))
        if action == A_EXCHANGE:
            self._exchange(seat)
            if self.phase == SWAP:
                return  # the seat still says keep or swap
            self._start_cards()
            return
        if action == A_SWAP:
            h = list(self.hands)
            h[seat], self.talon, self.dead = self.talon, 0, h[seat]
            self.hands = tuple(h)
            self.initial_hands = self.hands
            self.swapper = seat
        if self.phase == SWAP:
            i = self.order.index(seat)
            if i + 1 < SEATS:
                self.to_move = self.order[i + 1]
                return
            if self.swapper >= 0 and self.exchange_open():
                self.asking = self.order[:self.order.index(self.swapper)]
            if self.asking:
                self.phase = EXCHANGE
                self.to_move = self.asking[0]
                return
            self._start_cards()
            return
        self.asking = self.asking[1:]
        if self.asking:
            self.to_move = self.asking[0]
            return
        self._start_cards()

    def _exchange(self, seat: int) -> None:
        """The 6 goes where the turned card lay, the turned card into ``seat``'s hand."""
        six, t = 1 << self.six, 1 << self.turned
        h = list(self.hands)
        h[seat] = h[seat] & ~six | t
        if self.talon & t:
            self.talon = self.talon & ~t | six
        else:
            holder = next(s for s in range(SEATS) if h[s] & t and s != seat)
            h[holder] = h[holder] & ~t | six
        self.hands = tuple(h)
        self.initial_hands = self.hands
        self.robber = seat

    def _start_cards(self) -> None:
        self.asking = ()
        self._start_play(self.mode, self.trump, self.vorhand)

    # -----------------------------------------------------------------------------------------
    # Scoring

    def _on_last_trick(self, side: int) -> None:
        if self.options.match_bonus and self.tricks_won[side] == self.num_tricks:
            self._credit(side, 100, "match")

    @property
    def piles(self) -> tuple[int, int]:
        """The cards lying in no hand: the talon and the dead hand, as they lie now."""
        return self.talon, self.dead

    def public_cards(self) -> int:
        """The cards whose place the whole table knows: the turned card, and the trump 6 once
        it was exchanged for it."""
        out = 1 << self.turned
        if self.robber >= 0:
            out |= 1 << self.six
        return out

    def scores_after(self) -> tuple[int, ...]:
        """Each player's game total with this hand's points so far."""
        return tuple(t + c for t, c in zip(self.totals, self.credited, strict=True))

    def action_text(self, action: int) -> str:
        """A short English text of ``action``."""
        if type(action) is int and action in WORDS:
            return WORDS[action]
        return super().action_text(action)

    def summary(self) -> dict[str, Any]:
        """The trick summary with the trumps, the exchange, the swap and the totals."""
        out = super().summary()
        out.update(
            dealer=self.dealer, turned=self.turned, mode=self.mode, robber=self.robber,
            swapper=self.swapper, totals=list(self.scores_after()), winner=self.winner,
            tricks_played=len(self.trick_winners),
        )
        return out

    def seat_values(self) -> tuple[float, ...]:
        """What each seat wants to maximise: its points of the hand, and a win outright."""
        return tuple(float(self.credited[s]) + (1000.0 if self.winner == s else 0.0)
                     for s in range(SEATS))

    def observation(self, seat: int) -> Any:
        """What ``seat`` may know now (``-1``: a spectator)."""
        from puur.variants.koenigsjass_view import observe

        return observe(self, seat)

