"""One deal of Chratzer: the antes, the turned trump cards, the chratzing, the coming along,
the four tricks and the chips.

Every player antes into the pot (which holds what the last deal left in it). Four cards each
in two packets of two from the seat after the dealer; after the first packet the dealer turns
the next card for trumps. From the dealer's next seat each says ``chratze`` (he will take two
tricks) or ``weg``; the first to chratze is the Chratzer. If nobody does, the dealer turns the
next card of the stock for new trumps and the table speaks again (``tries`` cards in all);
after the last one the deal is over without play, the pot stays, and the same dealer deals
again. Once there is a Chratzer, every other player in seat order after him says ``metcho``
(he will take a trick) or ``weg`` (he sits the deal out). Nobody comes along: the Chratzer
takes the pot without play (``alone = "takes_pot"``) or the dealer must come along
(``"dealer_plays"``). Otherwise the players in play play four tricks, the Chratzer leading,
under ``strict_must_trump``; each trick wins a quarter of the pot, and a player short of his
promise pays into the next pot (:func:`puur.variants.chratzer_rules.payout`).

Action ids (stable): 0-35 play a card; 36 chratze, 37 weg, 38 metcho.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from puur.cards import ALL_CARDS, NUM_CARDS
from puur.deal import shuffled
from puur.hand import OVER, IllegalActionError, TrickHand
from puur.variants.chratzer_rules import CARDS_EACH, ChratzerRules, Payout, payout

__all__ = ["A_CHRATZE", "A_METCHO", "A_WEG", "BID", "JOIN", "NUM_ACTIONS", "ChratzerDeal",
           "ChratzerHand", "check_deal", "deal_chratzer"]

A_CHRATZE: Final = 36
A_WEG: Final = 37
A_METCHO: Final = 38
NUM_ACTIONS: Final = 39
#: The phases before the card play: who chratzt, and who comes along.
BID: Final = "chratze"
JOIN: Final = "metcho"
WORDS: Final = {A_CHRATZE: "chratze", A_WEG: "weg", A_METCHO: "metcho"}
_NO_ACTION: Final = NUM_ACTIONS + 100


@dataclass(frozen=True)
class ChratzerDeal:
    """One deal: the hands (seat 0 first), the dealer and the cards the dealer turns for
    trumps, in order (the first after the first packet, then the next cards of the stock)."""

    hands: tuple[int, ...]
    dealer: int
    turned: tuple[int, ...]


def deal_chratzer(rules: ChratzerRules, seed: int | str, dealer: int) -> ChratzerDeal:
    """Shuffle from ``seed`` and deal for ``dealer``: a packet of two to each seat from the
    one after the dealer, the first trump card, the second packet, then the stock's next cards
    as the later trump cards."""
    n = rules.players
    order = shuffled(seed)
    hands = [0] * n
    pos = 0
    turned: list[int] = []
    for packet in range(CARDS_EACH // 2):
        for k in range(n):
            s = (dealer + 1 + k) % n
            hands[s] |= 1 << order[pos] | 1 << order[pos + 1]
            pos += 2
        if packet == 0:
            turned.append(order[pos])
            pos += 1
    turned.extend(order[pos:pos + rules.tries - 1])
    return ChratzerDeal(tuple(hands), dealer, tuple(turned))


def check_deal(rules: ChratzerRules, d: object) -> ChratzerDeal:
    """Check a deal against the rules (``ValueError`` saying what is wrong)."""
    if not isinstance(d, ChratzerDeal):
        raise ValueError(f"not a Chratzer deal: {d!r}")
    n = rules.players
    if not isinstance(d.hands, tuple) or len(d.hands) != n:
        raise ValueError(f"a Chratzer deal has {n} hands")
    for x in d.hands:
        if type(x) is not int or not 0 <= x < 1 << NUM_CARDS:
            raise ValueError(f"not a card set: {x!r}")
    if any(h.bit_count() != CARDS_EACH for h in d.hands):
        raise ValueError(f"each player gets {CARDS_EACH} cards")
    if type(d.dealer) is not int or not 0 <= d.dealer < n:
        raise ValueError(f"the dealer must be a seat 0-{n - 1}")
    if not isinstance(d.turned, tuple) or len(d.turned) != rules.tries:
        raise ValueError(f"the dealer turns {rules.tries} trump card(s)")
    seen = 0
    for h in d.hands:
        if seen & h:
            raise ValueError("a card is dealt twice")
        seen |= h
    for c in d.turned:
        if type(c) is not int or not 0 <= c < NUM_CARDS:
            raise ValueError(f"not a card: {c!r}")
        if seen >> c & 1:
            raise ValueError("a turned card lies in a hand or is turned twice")
        seen |= 1 << c
    return ChratzerDeal(d.hands, d.dealer, d.turned)


class ChratzerHand(TrickHand):
    """One deal of Chratzer (see the module text)."""

    A_WEIS = _NO_ACTION
    A_STOECK = _NO_ACTION + 16
    A_STOECK_NO = _NO_ACTION + 17
    NUM_ACTIONS = NUM_ACTIONS

    def __init__(self, options: ChratzerRules, deal: ChratzerDeal, hand_no: int = 1,
                 totals: tuple[int, ...] | None = None, carried: int = 0) -> None:
        deal = check_deal(options, deal)
        n = options.players
        self.order: tuple[int, ...] = tuple((deal.dealer + 1 + k) % n for k in range(n))
        super().__init__(options.trick_rules(), deal.hands, self.order[0], tuple(range(n)),
                         options.play_rule())
        self.options: ChratzerRules = options
        self.deal: ChratzerDeal = deal
        self.dealer: int = deal.dealer
        self.hand_no: int = hand_no
        #: Each player's chip balance before this deal.
        self.totals: tuple[int, ...] = totals or (0,) * n
        #: The chips the last deal left in the pot, and the pot this deal is played for.
        self.carried: int = carried
        self.pot: int = carried + n * options.ante
        self.vorhand: int = self.order[0]
        #: How many trump cards are turned so far (the trumps are the last one's suit).
        self.turns: int = 1
        self.trump = deal.turned[0] // 9
        self.mode = self.trump
        #: Every word in order as (seat, action), each seat's word of the current speaking
        #: round (-1: not yet), the Chratzer (-1: none yet) and the seats that came along.
        self.words: tuple[tuple[int, int], ...] = ()
        self.said: tuple[int, ...] = (-1,) * n
        self.chratzer: int = -1
        self.joined: tuple[int, ...] = ()
        #: The seat made to come along (``alone = "dealer_plays"``; -1: none).
        self.forced: int = -1
        self.phase = BID
        self.to_move = self.vorhand

    @property
    def turned(self) -> int:
        """The trump card lying face up now."""
        return self.deal.turned[self.turns - 1]

    @property
    def contract(self) -> int:
        """The trump suit (turned), for the replay's contract."""
        return self.trump

    @property
    def turned_cards(self) -> tuple[int, ...]:
        """The trump cards turned so far, in order."""
        return self.deal.turned[:self.turns]

    @property
    def piles(self) -> tuple[int, ...]:
        """The cards lying in no hand, face down: the stock (the trump cards not yet turned
        among them)."""
        out = ALL_CARDS
        for h in self.deal.hands:
            out &= ~h
        for c in self.turned_cards:
            out &= ~(1 << c)
        return (out,)

    # -----------------------------------------------------------------------------------------
    # Speaking

    def _phase_actions(self) -> list[int]:
        if self.phase == BID:
            return [A_CHRATZE, A_WEG]
        if self.phase == JOIN:
            return [A_WEG, A_METCHO]
        return []

    def _apply_phase(self, action: int) -> None:
        if self.phase not in (BID, JOIN):
            raise IllegalActionError(f"no action is expected in phase {self.phase!r}",
                                     "unknown_action")
        seat = self.to_move
        self.words = (*self.words, (seat, action))
        said = list(self.said)
        said[seat] = action
        self.said = tuple(said)
        if self.phase == BID:
            self._after_bid(seat, action)
        else:
            self._after_join(seat, action)

    def _after_bid(self, seat: int, action: int) -> None:
        n = self.num_seats
        if action == A_CHRATZE:
            self.chratzer = seat
            self.phase = JOIN
            self.to_move = (seat + 1) % n
            return
        i = self.order.index(seat)
        if i + 1 < n:
            self.to_move = self.order[i + 1]
            return
        if self.turns < len(self.deal.turned):
            self.turns += 1
            self.trump = self.turned // 9
            self.mode = self.trump
            self.said = (-1,) * n
            self.to_move = self.vorhand
            return
        self._end_without_play()

    def _after_join(self, seat: int, action: int) -> None:
        n = self.num_seats
        if action == A_METCHO:
            self.joined = (*self.joined, seat)
        nxt = (seat + 1) % n
        if nxt != self.chratzer:
            self.to_move = nxt
            return
        if not self.joined:
            if self.options.alone == "takes_pot":
                self._end_without_play()
                return
            d = self.dealer
            self.forced = d if d != self.chratzer else (d + 1) % n
            self.joined = (self.forced,)
        self.set_playing((self.chratzer, *self.joined))
        self._start_play(self.trump, self.trump, self.chratzer)

    def _end_without_play(self) -> None:
        self.playing = ()
        self.num_tricks = 0
        self.phase = OVER

    # -----------------------------------------------------------------------------------------
    # The chips

    @property
    def in_play(self) -> tuple[int, ...]:
        """The seats that play the tricks (empty before the speaking is over or without
        play)."""
        return self.playing if self.phase not in (BID, JOIN) and self.num_tricks else ()

    def promises(self) -> dict[int, int]:
        """The tricks each seat in play has promised."""
        return {s: self.options.promise(s == self.chratzer) for s in self.in_play}

    def tricks_of(self) -> tuple[int, ...]:
        """The tricks each seat has taken so far."""
        return tuple(self.tricks_won)

    def chips(self) -> Payout | None:
        """What the deal does with the chips once it is over (``None`` before)."""
        n = self.num_seats
        if self.phase != OVER:
            return None
        if self.chratzer < 0:
            return Payout((0,) * n, (0,) * n, self.pot)
        if not self.num_tricks:
            won = [0] * n
            won[self.chratzer] = self.pot
            return Payout(tuple(won), (0,) * n, 0)
        last = self.trick_winners[-1] if self.trick_winners else -1
        tw = self.tricks_won
        return payout(self.pot, {s: tw[s] for s in self.in_play}, self.promises(), n,
                      self.options.remainder, self.options.penalty, last)

    @property
    def carry(self) -> int:
        """The chips this deal leaves in the pot for the next (once it is over)."""
        p = self.chips()
        return p.carry if p is not None else self.pot

    def result(self) -> tuple[int, ...]:
        """What the deal adds to each balance once it is over (zeros before): winnings less
        the ante and any penalty."""
        p = self.chips()
        if p is None:
            return (0,) * self.num_seats
        a = self.options.ante
        return tuple(w - a - q for w, q in zip(p.won, p.paid, strict=True))

    @property
    def counts(self) -> bool:
        """True once someone chratzt (the deal counts toward the game's end)."""
        return self.chratzer >= 0

    def action_text(self, action: int) -> str:
        """A short English text of ``action``."""
        if type(action) is int and action in WORDS:
            return WORDS[action]
        return super().action_text(action)

    def summary(self) -> dict[str, Any]:
        """The trick summary with the speaking, the trumps, the pot and the chips."""
        out = super().summary()
        p = self.chips()
        out.update(
            dealer=self.dealer, turned=list(self.turned_cards), chratzer=self.chratzer,
            joined=list(self.joined), forced=self.forced, in_play=list(self.in_play),
            pot=self.pot, carry=self.carry, result=list(self.result()),
            won=list(p.won) if p else None, paid=list(p.paid) if p else None,
        )
        return out

    def seat_values(self) -> tuple[float, ...]:
        """What each seat wants to maximise: its chips won less paid in this deal."""
        return tuple(float(r) for r in self.result())

    def observation(self, seat: int) -> Any:
        """What ``seat`` may know now (``-1``: a spectator)."""
        from puur.variants.chratzer_view import observe

        return observe(self, seat)
