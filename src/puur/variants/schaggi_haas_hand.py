"""One hand of Schaggi Haas: the deal, Bessern, the trump 6 taking the face-up card, the tricks.

Two players, each alone. The dealer gives twelve cards each in three packets of four (the
non-dealer first), turns the 25th card face up for trumps, gives each player four face-down
*Besser* cards (the non-dealer's first) and lays the last three face down on the face-up card:
those three and the face-up card are the dead *stock*. Before trick 1 each player in turn, the
non-dealer first, says ``keep`` or ``besser``: a player who besserns puts four of his cards down
face down, one at a time, and then takes his four Besser cards (``bessern = "take-first"``: he
takes them first and puts down any four of his sixteen). His discards and every Besser packet
nobody took score for nobody; nobody sees a Besser packet until its owner takes it, and only the
discarder sees his discards. Then (``rob_order = "before-bessern"``: before) each player in
turn is asked whether he takes the face-up card for the trump 6 (``rob`` or ``pass``): every
seat is asked whatever it holds, so only the seat itself knows whether it could. The 6 then
lies face up on the stock. The non-dealer leads and the two play twelve tricks as in Schieber.

A seat's ``credited`` points are its points of the hand: card points, Stöck, the best Weis (its
holder's alone), the last trick's 5 and, with ``match_bonus``, 100 for all twelve tricks. The
game's totals (``totals``) make the target check: the first player to reach the target wins the
moment his points fall, in the count order, and the hand stops there.

Action ids (stable): 0-35 play a card; 36 keep quiet about a Weis and 37-51 declare one; 52 and
53 announce Stöck or keep quiet; 54 keep, 55 besser, 56 rob (the trump 6 takes the face-up
card), 57 pass; 58-93 put down card 0-35.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from puur.cards import NUM_CARDS, format_card
from puur.deal import shuffled
from puur.hand import IllegalActionError, TrickHand
from puur.variants.schaggi_haas_rules import SchaggiHaasRules, cut_dealer, turned_mode

__all__ = ["A_BESSER", "A_DISCARD", "A_KEEP", "A_PASS", "A_ROB", "A_STOECK", "A_STOECK_NO",
           "A_WEIS", "BESSERN", "DISCARD", "NUM_ACTIONS", "ROB", "WORDS", "SchaggiHaasDeal",
           "SchaggiHaasHand", "check_deal", "deal_schaggi_haas"]

A_WEIS: Final = 36
A_STOECK: Final = 52
A_STOECK_NO: Final = 53
A_KEEP: Final = 54
A_BESSER: Final = 55
A_ROB: Final = 56
A_PASS: Final = 57
A_DISCARD: Final = 58
NUM_ACTIONS: Final = A_DISCARD + NUM_CARDS
#: The phases before the card play.
BESSERN: Final = "bessern"
DISCARD: Final = "discard"
ROB: Final = "rob"
WORDS: Final = {A_KEEP: "keep", A_BESSER: "besser", A_ROB: "rob", A_PASS: "pass"}
SEATS: Final = 2
PER_SEAT: Final = 12
BESSER_SIZE: Final = 4
STOCK_SIZE: Final = 3


@dataclass(frozen=True)
class SchaggiHaasDeal:
    """One deal: the two hands (seat 0 first), the dealer, the face-up card, each seat's four
    Besser cards, the three face-down cards of the stock and the cut that chose the dealer
    (seat 0's card, seat 1's card; empty when the deal passes from hand to hand)."""

    hands: tuple[int, ...]
    dealer: int
    turned: int
    besser: tuple[int, ...]
    stock: int
    cut: tuple[int, ...] = ()


def deal_schaggi_haas(seed: int | str, dealer: int,
                      cut: tuple[int, ...] = ()) -> SchaggiHaasDeal:
    """Shuffle from ``seed`` and deal for ``dealer``: three packets of four to each player,
    the non-dealer first; the 25th card face up; four Besser cards each; three to the stock."""
    order = shuffled(seed)
    hands = [0, 0]
    pos = 0
    for _ in range(3):
        for s in (1 - dealer, dealer):
            for c in order[pos:pos + 4]:
                hands[s] |= 1 << c
            pos += 4
    turned = order[pos]
    pos += 1
    besser = [0, 0]
    for s in (1 - dealer, dealer):
        besser[s] = sum(1 << c for c in order[pos:pos + 4])
        pos += 4
    stock = sum(1 << c for c in order[pos:])
    return SchaggiHaasDeal(tuple(hands), dealer, turned, tuple(besser), stock, cut)


def _card_set(x: object) -> int:
    if type(x) is not int or not 0 <= x < 1 << NUM_CARDS:
        raise ValueError(f"not a card set: {x!r}")
    return x


def check_deal(d: object) -> SchaggiHaasDeal:
    """Check a deal (``ValueError`` saying what is wrong)."""
    if not isinstance(d, SchaggiHaasDeal):
        raise ValueError(f"not a Schaggi Haas deal: {d!r}")
    if not isinstance(d.hands, tuple) or len(d.hands) != SEATS:
        raise ValueError("a Schaggi Haas deal has two hands")
    if not isinstance(d.besser, tuple) or len(d.besser) != SEATS:
        raise ValueError("a Schaggi Haas deal has two Besser packets")
    if type(d.turned) is not int or not 0 <= d.turned < NUM_CARDS:
        raise ValueError(f"not a card: {d.turned!r}")
    seen = 0
    for x, size, what in ((d.hands[0], PER_SEAT, "each player gets twelve cards"),
                          (d.hands[1], PER_SEAT, "each player gets twelve cards"),
                          (d.besser[0], BESSER_SIZE, "each Besser packet has four cards"),
                          (d.besser[1], BESSER_SIZE, "each Besser packet has four cards"),
                          (d.stock, STOCK_SIZE, "the stock has three face-down cards"),
                          (1 << d.turned, 1, "")):
        if seen & _card_set(x):
            raise ValueError("a card is dealt twice")
        seen |= x
        if x.bit_count() != size:
            raise ValueError(what)
    if type(d.dealer) is not int or not 0 <= d.dealer < SEATS:
        raise ValueError(f"the dealer must be a seat 0..1, not {d.dealer!r}")
    if not isinstance(d.cut, tuple) or len(d.cut) not in (0, 2):
        raise ValueError("a cut is two cards, seat 0's and seat 1's")
    if d.cut:
        if any(type(c) is not int or not 0 <= c < NUM_CARDS for c in d.cut):
            raise ValueError(f"not a cut: {d.cut!r}")
        if cut_dealer((d.cut[0], d.cut[1])) != d.dealer:
            raise ValueError("the lower card of the cut deals")
    return d


class SchaggiHaasHand(TrickHand):
    """One hand of Schaggi Haas (see the module text)."""

    A_WEIS = A_WEIS
    A_STOECK = A_STOECK
    A_STOECK_NO = A_STOECK_NO
    NUM_ACTIONS = NUM_ACTIONS

    def __init__(self, options: SchaggiHaasRules, deal: SchaggiHaasDeal, hand_no: int = 1,
                 totals: tuple[int, ...] | None = None) -> None:
        deal = check_deal(deal)
        if bool(deal.cut) != (options.deal_by == "cut"):
            raise ValueError("a cut chooses the dealer of every deal" if options.deal_by == "cut"
                             else "the deal passes from hand to hand: a deal has no cut")
        totals = totals or (0,) * SEATS
        order = (1 - deal.dealer, deal.dealer)
        super().__init__(options.trick_rules(), deal.hands, order[0], (0, 1),
                         options.play_rule(), game_scores=totals)
        self.options: SchaggiHaasRules = options
        self.deal: SchaggiHaasDeal = deal
        self.dealer: int = deal.dealer
        self.hand_no: int = hand_no
        #: Each player's game total before this hand.
        self.totals: tuple[int, ...] = totals
        #: The seats in speaking order, the non-dealer first.
        self.order: tuple[int, ...] = order
        self.num_tricks = PER_SEAT
        self.mode, self.trump = turned_mode(deal.turned, options.turned_card_modes)
        self.turned: int = deal.turned
        #: The trump 6 (-1 without trumps).
        self.six: int = 9 * self.trump if self.trump >= 0 else -1
        #: The Besser packets still lying (0 once taken), each seat's discards, the stock (its
        #: three face-down cards and the face-up card, the trump 6 after a rob).
        self.besser: tuple[int, ...] = deal.besser
        self.discards: tuple[int, ...] = (0, 0)
        self.stock: int = deal.stock | 1 << deal.turned
        #: Who took the face-up card for the trump 6 (-1: nobody), who bessered, and every
        #: word said before the card play as (seat, action) (the discards are not words).
        self.robber: int = -1
        self.bessered: tuple[bool, ...] = (False, False)
        self.words: tuple[tuple[int, int], ...] = ()
        #: (``initial_hands`` are the hands as held now before the card play, and from its
        #: start on: after Bessern and the rob; the deal keeps them as dealt.)
        stages = []
        if options.bessern != "off":
            stages.append(BESSERN)
        if self.rob_open():
            stages.insert(0 if options.rob_order == "before-bessern" else len(stages), ROB)
        #: The phases still to come before the card play, and the seats still to speak in
        #: the current one.
        self.stages: tuple[str, ...] = tuple(stages)
        self.asking: tuple[int, ...] = order
        self._next_stage()

    # -----------------------------------------------------------------------------------------
    # Before the card play

    def rob_open(self) -> bool:
        """Whether the trump 6 may still take the face-up card (public: the option, a trump
        suit, no rob yet, and the face-up card is not the 6 itself)."""
        return (self.options.rob and self.trump >= 0 and self.robber < 0
                and self.turned != self.six)

    def _next_stage(self) -> None:
        """Start the next phase before the card play, or the card play."""
        if not self.stages:
            self.asking = ()
            self._start_play(self.mode, self.trump, self.order[0])
            return
        self.phase, self.stages = self.stages[0], self.stages[1:]
        self.asking = self.order
        self.to_move = self.order[0]

    def _next_seat(self) -> None:
        self.asking = self.asking[1:]
        if self.phase == ROB and not self.rob_open():
            self.asking = ()
        if self.asking:
            self.phase = ROB if self.phase == ROB else BESSERN
            self.to_move = self.asking[0]
        else:
            self._next_stage()

    def _phase_actions(self) -> list[int]:
        seat = self.to_move
        if self.phase == BESSERN:
            return [A_KEEP, A_BESSER]
        if self.phase == ROB:
            return [A_ROB, A_PASS] if self.hands[seat] >> self.six & 1 else [A_PASS]
        if self.phase == DISCARD:
            return [A_DISCARD + c for c in range(NUM_CARDS) if self.hands[seat] >> c & 1]
        return []

    def _apply_phase(self, action: int) -> None:
        seat = self.to_move
        if self.phase == DISCARD:
            card = 1 << (action - A_DISCARD)
            h, d = list(self.hands), list(self.discards)
            h[seat] &= ~card
            d[seat] |= card
            self.hands, self.discards = tuple(h), tuple(d)
            self.initial_hands = self.hands
            if d[seat].bit_count() < BESSER_SIZE:
                return
            if self.options.bessern == "discard-first":
                self._take(seat)
            self._next_seat()
            return
        if self.phase not in (BESSERN, ROB):
            raise IllegalActionError(f"no action is expected in phase {self.phase!r}",
                                     "unknown_action")
        self.words = (*self.words, (seat, action))
        if action == A_BESSER:
            b = list(self.bessered)
            b[seat] = True
            self.bessered = tuple(b)
            if self.options.bessern == "take-first":
                self._take(seat)
            self.phase = DISCARD
            return
        if action == A_ROB:
            six, up = 1 << self.six, 1 << self.turned
            h = list(self.hands)
            h[seat] = h[seat] & ~six | up
            self.hands = self.initial_hands = tuple(h)
            self.stock = self.stock & ~up | six
            self.robber = seat
        self._next_seat()

    def _take(self, seat: int) -> None:
        """``seat`` takes up his Besser packet."""
        h, b = list(self.hands), list(self.besser)
        h[seat] |= b[seat]
        b[seat] = 0
        self.hands, self.besser = tuple(h), tuple(b)
        self.initial_hands = self.hands

    # -----------------------------------------------------------------------------------------
    # Scoring and what the table sees

    def _on_last_trick(self, side: int) -> None:
        if self.options.match_bonus and self.tricks_won[side] == self.num_tricks:
            self._credit(side, 100, "match")

    @property
    def dead(self) -> int:
        """Every card in no hand now: the stock, the Besser packets lying, the discards."""
        return self.stock | self.besser[0] | self.besser[1] | self.discards[0] | self.discards[1]

    @property
    def piles(self) -> tuple[int]:
        """The cards in no hand, as one pile: the dead cards."""
        return (self.dead,)

    def face_up(self) -> int:
        """The card lying face up on the stock: the turned card, or the trump 6 after a rob."""
        return self.six if self.robber >= 0 else self.turned

    def turned_seen_with(self) -> int:
        """The seat the table knows to hold the face-up card it took for the trump 6 (-1: none,
        or it may have gone down with a card that seat put down after the rob)."""
        if self.robber < 0:
            return -1
        if self.discards[self.robber] and self.options.rob_order == "before-bessern":
            return -1
        return self.robber

    def scores_after(self) -> tuple[int, ...]:
        """Each player's game total with this hand's points so far."""
        return tuple(t + c for t, c in zip(self.totals, self.credited, strict=True))

    def action_text(self, action: int) -> str:
        """A short English text of ``action``."""
        if type(action) is int and action in WORDS:
            return WORDS[action]
        if type(action) is int and A_DISCARD <= action < NUM_ACTIONS:
            return f"put down {format_card(action - A_DISCARD)}"
        return super().action_text(action)

    def summary(self) -> dict[str, Any]:
        """The trick summary with the trumps, Bessern, the rob and the totals."""
        out = super().summary()
        out.update(
            dealer=self.dealer, turned=self.turned, mode=self.mode, robber=self.robber,
            bessered=list(self.bessered), totals=list(self.scores_after()), winner=self.winner,
            tricks_played=len(self.trick_winners), cut=list(self.deal.cut),
        )
        return out

    def seat_values(self) -> tuple[float, ...]:
        """What each seat wants to maximise: its points of the hand, and a win outright."""
        return tuple(float(self.credited[s]) + (1000.0 if self.winner == s else 0.0)
                     for s in range(SEATS))

    def observation(self, seat: int) -> Any:
        """What ``seat`` may know now (``-1``: a spectator)."""
        from puur.variants.schaggi_haas_view import observe

        return observe(self, seat)
