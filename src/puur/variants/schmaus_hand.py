"""One hand of Schmaus: the deal, the stock, the trump-6 exchange, the rising Weis, two phases.

Two players, each alone, get nine cards each in packets of three from the non-dealer; the
eighteen left are the stock, whose top card is turned for trumps and put face up at its bottom
(the last card to be drawn). The non-dealer leads trick 1, not with a trump
(``no_trump_first_lead``). Tricks 1-9 are the *stock phase*: any card may be played, and after
each trick the winner draws the stock's top card, then the loser the next (a drawn card is seen
by its drawer alone; the face-up card at the bottom, drawn by the loser of trick 9, is seen by
both). Tricks 10-18 are the *strict phase*: follow suit, void a trump (the Puur exempt).

Before his card to any of tricks 1-9 the holder of the trump 6 may ``exchange`` it for the
card at the bottom of the stock (the 6 then lies there face up) or ``pass``; the question is
his secret (the table sees an ordinary turn), the exchange is public. Before his card to any of
tricks 1-10 a player may declare one Weis (a four of a kind or a longest sequence of his
cards) higher than the last one he declared; a declared Weis is shown. Of the Weis declared in
one trick only the higher scores, at the end of the trick (before the trick's points, or after
them with ``count_order = "stoeck-stich-weis"``); a Weis grown out of an earlier one of the
same player scores in full (or, with ``grown_weis = "difference"``, only what it adds). Stöck
counts for a player who holds the King and Ober of trumps together, announced with the second.
The last trick scores 5 more, and a player who takes all of tricks 10-18 scores 100 more
(``march_bonus``).

A seat's ``credited`` points are its points of the hand; the game's totals (``totals``) make the
target check: the first player to reach the target wins the moment his points fall, and the
hand stops there.

The stock draws are chance events, not actions: the deal fixes the stock's order, so a record
(the deal and the players' actions) replays every draw.

Action ids (stable): 0-35 play a card; 36 keep quiet about a Weis and 37-51 declare one; 52 and
53 announce Stöck or keep quiet; 54 exchange the trump 6, 55 pass (keep it).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar, Final

from puur.cards import NUM_CARDS, SUIT_MASK
from puur.deal import shuffled
from puur.hand import MAX_WEIS_OPTIONS, OVER, PLAY, WEIS, IllegalActionError, TrickHand
from puur.variants.koenigsjass_rules import turned_mode
from puur.variants.schmaus_rules import (
    STOCK_TRICKS,
    WEIS_TRICKS,
    SchmausRules,
    grown_points,
    rising_melds,
    trick_weis_winner,
)
from puur.weis import STOECK_CARDS, Meld

__all__ = ["A_EXCHANGE", "A_PASS", "A_STOECK", "A_STOECK_NO", "A_WEIS", "EXCHANGE",
           "NUM_ACTIONS", "PER_SEAT", "SEATS", "STOCK", "WORDS", "SchmausDeal", "SchmausHand",
           "check_deal", "deal_schmaus"]

A_WEIS: Final = 36
A_STOECK: Final = 52
A_STOECK_NO: Final = 53
A_EXCHANGE: Final = 54
A_PASS: Final = 55
NUM_ACTIONS: Final = 56
#: The question before a card whether to exchange the trump 6.
EXCHANGE: Final = "exchange"
WORDS: Final = {A_EXCHANGE: "exchange", A_PASS: "pass"}
SEATS: Final = 2
PER_SEAT: Final = 9
STOCK: Final = 18
TRICKS: Final = 18


@dataclass(frozen=True)
class SchmausDeal:
    """One deal: the two hands (seat 0 first), the dealer and the stock in drawing order; its
    last card is the one turned for trumps (it lies face up at the bottom)."""

    hands: tuple[int, ...]
    dealer: int
    stock: tuple[int, ...]

    @property
    def turned(self) -> int:
        """The card turned for trumps."""
        return self.stock[-1]


def deal_schmaus(seed: int | str, dealer: int) -> SchmausDeal:
    """Shuffle from ``seed`` and deal for ``dealer``: packets of three, the non-dealer first,
    three rounds; of the eighteen left the top card is turned and put at the bottom."""
    order = shuffled(seed)
    hands = [0, 0]
    pos = 0
    for _ in range(3):
        for s in (1 - dealer, dealer):
            for c in order[pos:pos + 3]:
                hands[s] |= 1 << c
            pos += 3
    rest = order[pos:]
    return SchmausDeal(tuple(hands), dealer, (*rest[1:], rest[0]))


def check_deal(d: object) -> SchmausDeal:
    """Check a deal (``ValueError`` saying what is wrong)."""
    if not isinstance(d, SchmausDeal):
        raise ValueError(f"not a Schmaus deal: {d!r}")
    if not isinstance(d.hands, tuple) or len(d.hands) != SEATS:
        raise ValueError("a Schmaus deal has two hands")
    if not isinstance(d.stock, tuple) or len(d.stock) != STOCK:
        raise ValueError("the Schmaus stock holds eighteen cards")
    seen = 0
    for x in d.hands:
        if type(x) is not int or not 0 <= x < 1 << NUM_CARDS:
            raise ValueError(f"not a card set: {x!r}")
        if x.bit_count() != PER_SEAT:
            raise ValueError("each player gets nine cards")
        if seen & x:
            raise ValueError("a card is dealt twice")
        seen |= x
    for c in d.stock:
        if type(c) is not int or not 0 <= c < NUM_CARDS:
            raise ValueError(f"not a card: {c!r}")
        if seen >> c & 1:
            raise ValueError("a card is dealt twice")
        seen |= 1 << c
    if type(d.dealer) is not int or not 0 <= d.dealer < SEATS:
        raise ValueError(f"the dealer must be a seat 0..1, not {d.dealer!r}")
    return d


class SchmausHand(TrickHand):
    """One hand of Schmaus (see the module text)."""

    A_WEIS = A_WEIS
    A_STOECK = A_STOECK
    A_STOECK_NO = A_STOECK_NO
    NUM_ACTIONS = NUM_ACTIONS
    #: Passing (keeping the trump 6) tells that the seat holds it: the table never hears of it.
    SECRET_ACTIONS = frozenset({A_PASS})
    #: A Weis may be declared before a card to any of the first ten tricks.
    WEIS_TRICKS: ClassVar[int] = WEIS_TRICKS

    def __init__(self, options: SchmausRules, deal: SchmausDeal, hand_no: int = 1,
                 totals: tuple[int, ...] | None = None) -> None:
        deal = check_deal(deal)
        totals = totals or (0,) * SEATS
        self.vorhand: int = 1 - deal.dealer
        super().__init__(options.trick_rules(), deal.hands, self.vorhand, (0, 1),
                         options.play_rule(0), game_scores=totals)
        self.options: SchmausRules = options
        self.deal: SchmausDeal = deal
        self.dealer: int = deal.dealer
        self.hand_no: int = hand_no
        #: Each player's game total before this hand.
        self.totals: tuple[int, ...] = totals
        self.num_tricks = TRICKS
        mode, trump = turned_mode(deal.turned, options.turned_card_modes)
        self.turned: int = deal.turned
        #: The trump 6 (-1 without trumps).
        self.six: int = 9 * trump if trump >= 0 else -1
        #: The stock as it lies now, in drawing order (its last card face up), and how many of
        #: its cards are drawn.
        self.stock: tuple[int, ...] = deal.stock
        self.stock_pos: int = 0
        #: The cards each player drew, in order.
        self.drawn: tuple[tuple[int, ...], ...] = ((), ())
        #: Who exchanged the trump 6 (-1: nobody) and in which trick (0-based).
        self.robber: int = -1
        self.rob_trick: int = -1
        #: Every Weis declared, as (trick, seat, meld), and what each one scored.
        self.weis_log: tuple[tuple[int, int, Meld], ...] = ()
        self.weis_scored: tuple[tuple[int, int, int], ...] = ()  # (trick, seat, points)
        #: Every public action as (seat, action, cards): cards, exchanges, and each Weis as
        #: ``A_WEIS + 1`` with its cards (its number among the options is the seat's own).
        self.log: tuple[tuple[int, int, int], ...] = ()
        #: (``initial_hands`` are the cards each player has held in this hand so far, played
        #: or not: dealt, drawn, or taken for the trump 6; the deal keeps the hands as dealt.)
        self._asked: int = 0  # bits 0-1 exchange asked this trick, 2-3 Weis asked
        self._settled: int = 0  # tricks whose draws are done
        self._start_play(mode, trump, self.vorhand)

    # -----------------------------------------------------------------------------------------
    # Queries

    @property
    def stock_left(self) -> int:
        """The cards still in the stock."""
        return STOCK - self.stock_pos

    @property
    def bottom(self) -> int:
        """The face-up card at the bottom of the stock (the turned card, or the trump 6 put
        there for it); -1 once the stock is drawn."""
        return self.stock[-1] if self.stock_pos < STOCK else -1

    def stock_mask(self) -> int:
        """The cards in the stock now."""
        m = 0
        for c in self.stock[self.stock_pos:]:
            m |= 1 << c
        return m

    @property
    def piles(self) -> tuple[int]:
        """The cards lying in no hand: the stock as it lies now."""
        return (self.stock_mask(),)

    def public_cards(self) -> int:
        """The cards whose place the whole table knows: the turned card, and the trump 6 once
        it was exchanged for it."""
        out = 1 << self.turned
        if self.robber >= 0:
            out |= 1 << self.six
        return out

    def may_exchange(self, seat: int) -> bool:
        """Whether ``seat`` may exchange the trump 6 now (a secret of that seat)."""
        return (self.options.rob and self.six >= 0 and self.robber < 0
                and self.trick_no < STOCK_TRICKS and self.turned != self.six
                and bool(self.hands[seat] >> self.six & 1))

    def declared_by(self, seat: int) -> tuple[Meld, ...]:
        """The Weis ``seat`` declared, in order (``declared[seat]`` too)."""
        return self.declared[seat]

    def _weis_options(self, seat: int) -> list[tuple[Meld, ...]]:
        if not self.options.weis or self.trick_no >= WEIS_TRICKS:
            return []
        before = self.declared_by(seat)
        melds = rising_melds(self.hands[seat], self.rules, before[-1] if before else None,
                             self.mode, self.trump, self.options.four_nines)
        return [(m,) for m in melds[:MAX_WEIS_OPTIONS]]

    def _lead_ban(self) -> int:
        if self.trick_no == 0 and self.options.no_trump_first_lead and self.trump >= 0:
            return SUIT_MASK[self.trump]
        return 0

    def _phase_actions(self) -> list[int]:
        if self.phase == EXCHANGE:
            return [A_EXCHANGE, A_PASS]
        return []

    def action_text(self, action: int) -> str:
        """A short English text of ``action``."""
        if type(action) is int and action in WORDS:
            return WORDS[action]
        return super().action_text(action)

    # -----------------------------------------------------------------------------------------
    # The turn, the exchange, the Weis

    def _enter_turn(self) -> None:
        if not self.trick and self.trick_no > self._settled:
            self._settle()
            if self.phase == OVER:
                return
        seat = self.to_move
        if not self._asked >> seat & 1:
            if self.may_exchange(seat):
                self.phase = EXCHANGE
                return
            self._asked |= 1 << seat
        if not self._asked >> (2 + seat) & 1:
            if self._weis_options(seat):
                self.phase = WEIS
                return
            self._asked |= 1 << (2 + seat)
        self.phase = PLAY

    def _apply_phase(self, action: int) -> None:
        if self.phase != EXCHANGE:
            raise IllegalActionError(f"no action is expected in phase {self.phase!r}",
                                     "unknown_action")
        seat = self.to_move
        self._asked |= 1 << seat
        if action == A_EXCHANGE:
            six, t = 1 << self.six, 1 << self.turned
            h = list(self.hands)
            h[seat] = h[seat] & ~six | t
            self.hands = tuple(h)
            ih = list(self.initial_hands)
            ih[seat] = ih[seat] & ~six | t
            self.initial_hands = tuple(ih)
            self.stock = (*self.stock[:-1], self.six)
            self.robber = seat
            self.rob_trick = self.trick_no
            self.log = (*self.log, (seat, action, 0))
            self._asked &= ~(1 << (2 + seat))  # a new card may make a new Weis
            self._find_stoeck()
        self._enter_turn()

    def _weis(self, a: int) -> None:
        seat = self.to_move
        k = a - A_WEIS
        if k:
            (meld,) = self._weis_options(seat)[k - 1]
            self.weis_log = (*self.weis_log, (self.trick_no, seat, meld))
            d = list(self.declared)
            d[seat] = (*d[seat], meld)
            self.declared = tuple(d)
            self.log = (*self.log, (seat, A_WEIS + 1, meld.cards))
        self._asked |= 1 << (2 + seat)
        self._enter_turn()

    def _play(self, card: int) -> None:
        self.log = (*self.log, (self.to_move, card, 0))
        super()._play(card)

    def _after_card(self) -> None:
        if len(self.trick) < SEATS:
            self.to_move = self.seat_after[self.to_move]
            self._enter_turn()
            return
        if self.rules.count_order == "stoeck-weis-stich":
            self._score_weis(self.trick_no)
            if self.phase == OVER:
                return
        super()._after_card()

    def _score_weis(self, trick: int) -> None:
        """Credit the higher Weis declared in ``trick`` to its holder."""
        this = [(s, m) for t, s, m in self.weis_log if t == trick]
        at = trick_weis_winner(this, self.mode, self.trump)
        if at < 0:
            return
        seat, meld = this[at]
        before = tuple(m for t, s, m in self.weis_log if s == seat and t < trick)
        pts = grown_points(meld, before, self.options.grown_weis)
        self.weis_scored = (*self.weis_scored, (trick, seat, pts))
        if pts:
            self._credit(seat, pts, "weis")

    def _credit_weis(self) -> None:
        """Nothing at the end of the hand: each trick's Weis counted with its trick."""

    def _settle(self) -> None:
        """After trick ``trick_no - 1``: its Weis (in the Stöck-Stich-Weis order), the draws
        (the winner first), the strict phase once the stock is empty."""
        t = self.trick_no - 1
        self._settled = self.trick_no
        self._asked = 0
        if self.rules.count_order != "stoeck-weis-stich":
            self._score_weis(t)
            if self.phase == OVER:
                return
        if t < STOCK_TRICKS:
            winner = self.trick_winners[t]
            h = list(self.hands)
            ih = list(self.initial_hands)
            d = [list(x) for x in self.drawn]
            for seat in (winner, 1 - winner):
                c = self.stock[self.stock_pos]
                self.stock_pos += 1
                h[seat] |= 1 << c
                ih[seat] |= 1 << c
                d[seat].append(c)
            self.hands = tuple(h)
            self.initial_hands = tuple(ih)
            self.drawn = tuple(tuple(x) for x in d)
            self._find_stoeck()
        self.play_rule = self.options.play_rule(self.trick_no)

    def _find_stoeck(self) -> None:
        if self.stoeck_seat >= 0 or self.trump < 0 or not self.rules.stoeck:
            return
        sc = STOECK_CARDS[self.trump]
        for s in range(SEATS):
            if self.hands[s] & sc == sc:
                self.stoeck_seat = s

    # -----------------------------------------------------------------------------------------
    # Scoring

    def _on_last_trick(self, side: int) -> None:
        if self.options.march_bonus and all(w == side for w in self.trick_winners[STOCK_TRICKS:]):
            self._credit(side, 100, "march")

    def result(self) -> tuple[int, ...]:
        """Each player's points of this hand."""
        return self.credited

    def scores_after(self) -> tuple[int, ...]:
        """Each player's game total with this hand's points so far."""
        return tuple(t + c for t, c in zip(self.totals, self.credited, strict=True))

    def summary(self) -> dict[str, Any]:
        """The trick summary with the trumps, the exchange, the Weis and the totals."""
        out = super().summary()
        out.update(
            dealer=self.dealer, turned=self.turned, mode=self.mode, robber=self.robber,
            weis=[[t, s, m.card_list(), p] for (t, s, m), p in zip(
                self.weis_log, self._weis_points_by_log(), strict=True)],
            totals=list(self.scores_after()), winner=self.winner,
            tricks_played=len(self.trick_winners),
        )
        return out

    def _weis_points_by_log(self) -> list[int]:
        """What each declared Weis scored (0: the other player's was higher, or not yet)."""
        scored = {(t, s): p for t, s, p in self.weis_scored}
        return [scored.get((t, s), 0) for t, s, _m in self.weis_log]

    def seat_values(self) -> tuple[float, ...]:
        """What each seat wants to maximise: its points less the other's, and a win outright."""
        c = self.credited
        return tuple(float(c[s] - c[1 - s]) + (1000.0 if self.winner == s else 0.0)
                     for s in range(SEATS))

    def observation(self, seat: int) -> Any:
        """What ``seat`` may know now (``-1``: a spectator)."""
        from puur.variants.schmaus_view import observe

        return observe(self, seat)
