"""One hand of Handjass: the deal, robbing, the declaring, the card play and its Striche.

The hand is dealt to the players still at the table (the *active* seats; a seat that has left
the game holds no card). With a blind (two and three players) the top card of the blind is
turned for trumps and the holder of the trump 6 exchanges it for the turned card
(``rob``); otherwise the dealer's last card is shown and makes trumps. Then each active player
in turn from the Vorhand says ``play``, ``drop`` (his hand sits the deal out) or, with a blind,
``swap`` (he takes the blind, puts his own hand aside where it lay, and must play; one swap a
deal); with ``maybe`` he may say ``maybe`` and decide again once everyone else has spoken.
Nobody in: the hand is over without play (the next dealer deals). One in: he gets 2 Striche
without play. Otherwise the players in play play the tricks as Schieber, the first of them
from the Vorhand leading, the others sitting out (:meth:`TrickHand.set_playing`).

A seat's ``credited`` points are its total of the hand: card points, Stöck and, after the last
trick, the best Weis (only if its holder took a trick, unless ``weis_without_trick``).

Action ids (stable): 0-35 play a card; 36 keep quiet about a Weis and 37-51 declare one; 52 and
53 announce Stöck or keep quiet; 54 play, 55 drop, 56 swap, 57 maybe.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Final

from puur.cards import NUM_CARDS, Rank
from puur.deal import shuffled
from puur.hand import OVER, IllegalActionError, TrickHand
from puur.variants.handjass_rules import REMOVED_AT_FIVE, HandjassRules, layout, strokes

__all__ = ["A_DROP", "A_MAYBE", "A_PLAY", "A_STOECK", "A_STOECK_NO", "A_SWAP", "A_WEIS",
           "DECLARE", "NUM_ACTIONS", "HandjassDeal", "HandjassHand", "check_deal",
           "deal_handjass"]

A_WEIS: Final = 36
A_STOECK: Final = 52
A_STOECK_NO: Final = 53
A_PLAY: Final = 54
A_DROP: Final = 55
A_SWAP: Final = 56
A_MAYBE: Final = 57
NUM_ACTIONS: Final = 58
#: The declaring phase (play, drop, swap, maybe).
DECLARE: Final = "declare"
_WORDS: Final = {A_PLAY: "play", A_DROP: "drop", A_SWAP: "swap", A_MAYBE: "maybe"}


@dataclass(frozen=True)
class HandjassDeal:
    """One deal: the hands (seat 0 first; 0 for a seat that has left the game), the dealer,
    the blind and the dead hand (0 without), the card turned for trumps and the seats in the
    order of their cut cards, highest first (for ``tie = "cut"``)."""

    hands: tuple[int, ...]
    dealer: int
    turned: int
    blind: int = 0
    dead: int = 0
    cut: tuple[int, ...] = ()

    @property
    def active(self) -> tuple[int, ...]:
        """The seats dealt in (still at the table)."""
        return tuple(s for s, h in enumerate(self.hands) if h)


def _order_from(seats: tuple[int, ...], first_after: int, n: int) -> tuple[int, ...]:
    """``seats`` in playing order from the first one after seat ``first_after``."""
    return tuple(sorted(seats, key=lambda s: (s - first_after - 1) % n))


def deal_handjass(rules: HandjassRules, seed: int | str, dealer: int,
                  active: tuple[int, ...]) -> HandjassDeal:
    """Shuffle from ``seed`` and deal for ``dealer`` to the ``active`` seats: packets round the
    table from the active seat after the dealer; then the blind (its last card on top, turned)
    and the dead hand. Without a blind the dealer's last card is turned."""
    lay = layout(rules, len(active))
    order = shuffled(seed)
    if lay.active == 5:
        order.remove(REMOVED_AT_FIVE)
    seats = _order_from(active, dealer, rules.players)
    hands = [0] * rules.players
    pos = 0
    last = -1
    for size in lay.packets:
        for s in seats:
            for c in order[pos:pos + size]:
                hands[s] |= 1 << c
                last = c
            pos += size
    blind_cards = order[pos:pos + lay.blind]
    pos += lay.blind
    dead = sum(1 << c for c in order[pos:pos + lay.dead])
    turned = blind_cards[-1] if blind_cards else last
    cut = list(active)
    random.Random(f"{seed}:cut").shuffle(cut)
    return HandjassDeal(tuple(hands), dealer, turned, sum(1 << c for c in blind_cards), dead,
                        tuple(cut))


def check_deal(rules: HandjassRules, d: object) -> HandjassDeal:
    """Check a deal against the rules (``ValueError`` saying what is wrong)."""
    if not isinstance(d, HandjassDeal):
        raise ValueError(f"not a Handjass deal: {d!r}")
    n = rules.players
    if not isinstance(d.hands, tuple) or len(d.hands) != n:
        raise ValueError(f"a Handjass deal has {n} hands (0 for a seat out of the game)")
    for x in (*d.hands, d.blind, d.dead):
        if type(x) is not int or not 0 <= x < 1 << NUM_CARDS:
            raise ValueError(f"not a card set: {x!r}")
    active = d.active
    if len(active) < 2:
        raise ValueError("a Handjass hand is dealt to at least two players")
    lay = layout(rules, len(active))
    seen = 0
    for x in (*d.hands, d.blind, d.dead):
        if seen & x:
            raise ValueError("a card is dealt twice")
        seen |= x
    if any(d.hands[s].bit_count() != lay.per_seat for s in active):
        raise ValueError(f"with {len(active)} players each gets {lay.per_seat} cards")
    if d.blind.bit_count() != lay.blind or d.dead.bit_count() != lay.dead:
        raise ValueError(f"with {len(active)} players the blind has {lay.blind} cards and the "
                         f"dead hand {lay.dead}")
    if lay.active == 5 and seen >> REMOVED_AT_FIVE & 1:
        raise ValueError("with five players the Schilten 6 is left out of the deal")
    if type(d.dealer) is not int or d.dealer not in active:
        raise ValueError(f"the dealer must be a seat dealt in: {', '.join(map(str, active))}")
    if type(d.turned) is not int or not 0 <= d.turned < NUM_CARDS:
        raise ValueError(f"not a card: {d.turned!r}")
    holder = d.blind if lay.turned_in_blind else d.hands[d.dealer]
    if not holder >> d.turned & 1:
        raise ValueError("the turned card must lie " + (
            "in the blind" if lay.turned_in_blind else "in the dealer's hand"))
    if sorted(d.cut) != sorted(active):
        raise ValueError("the cut order names every seat dealt in once")
    return HandjassDeal(d.hands, d.dealer, d.turned, d.blind, d.dead, tuple(d.cut))


class HandjassHand(TrickHand):
    """One hand of Handjass (see the module text)."""

    A_WEIS = A_WEIS
    A_STOECK = A_STOECK
    A_STOECK_NO = A_STOECK_NO
    NUM_ACTIONS = NUM_ACTIONS

    def __init__(self, options: HandjassRules, deal: HandjassDeal, hand_no: int = 1,
                 totals: tuple[int, ...] | None = None) -> None:
        deal = check_deal(options, deal)
        n = options.players
        active = deal.active
        lay = layout(options, len(active))
        order = _order_from(active, deal.dealer, n)
        super().__init__(options.trick_rules(len(active)), deal.hands, order[0],
                         tuple(range(n)), options.play_rule())
        self.options: HandjassRules = options
        self.deal: HandjassDeal = deal
        self.layout = lay
        self.dealer: int = deal.dealer
        self.hand_no: int = hand_no
        #: Each player's net (Striche less Nuller) before this hand.
        self.totals: tuple[int, ...] = totals or (0,) * n
        self.active: tuple[int, ...] = active
        #: The active seats in declaring order, the Vorhand first.
        self.order: tuple[int, ...] = order
        self.vorhand: int = self.order[0]
        self.num_tricks = lay.per_seat
        trump = deal.turned // 9
        self.trump = trump
        self.mode = trump
        self.turned: int = deal.turned
        #: The cards lying in the blind and the dead hand now (the blind holds the swapper's
        #: own hand after a swap).
        self.blind: int = deal.blind
        self.dead: int = deal.dead
        #: The seat that exchanged the trump 6 for the turned card (-1: none).
        self.robber: int = -1
        six = 9 * trump + Rank.SIX
        if options.rob and lay.turned_in_blind and six != deal.turned:
            for s in active:
                if self.hands[s] >> six & 1:
                    self.robber = s
                    h = list(self.hands)
                    h[s] = h[s] & ~(1 << six) | 1 << deal.turned
                    self.hands = tuple(h)
                    self.blind = self.blind & ~(1 << deal.turned) | 1 << six
        #: The hands as they are held from the start of the hand: after the robbing and a swap
        #: (the deal keeps the hands as dealt).
        self.initial_hands = self.hands
        #: What each seat has said so far (its last word, -1 before it spoke), every word in
        #: order, and the seat that swapped with the blind (-1: none).
        self.said: tuple[int, ...] = (-1,) * n
        self.words: tuple[tuple[int, int], ...] = ()
        self.swapper: int = -1
        #: The marks of a hand that ends without card play (2 Striche for a lone player).
        self.marks_without_play: tuple[tuple[int, int], ...] = ((0, 0),) * n
        self.phase = DECLARE
        self.to_move = self.vorhand

    # -----------------------------------------------------------------------------------------
    # Declaring

    def _still_to_speak(self) -> list[int]:
        first = [s for s in self.order if self.said[s] < 0]
        if first:
            return first
        return [s for s in self.order if self.said[s] == A_MAYBE]

    def _phase_actions(self) -> list[int]:
        if self.phase != DECLARE:
            return []
        out = [A_PLAY, A_DROP]
        if self.layout.blind and self.swapper < 0:
            out.append(A_SWAP)
        if self.options.maybe and self.said[self.to_move] < 0:
            out.append(A_MAYBE)
        return out

    def _apply_phase(self, action: int) -> None:
        if self.phase != DECLARE:
            raise IllegalActionError(f"no action is expected in phase {self.phase!r}",
                                     "unknown_action")
        seat = self.to_move
        said = list(self.said)
        said[seat] = action
        self.said = tuple(said)
        self.words = (*self.words, (seat, action))
        if action == A_SWAP:
            self.swapper = seat
            h = list(self.hands)
            h[seat], self.blind = self.blind, h[seat]
            self.hands = tuple(h)
            self.initial_hands = self.hands
        rest = self._still_to_speak()
        if rest:
            self.to_move = rest[0]
            return
        self._after_declaring()

    def _after_declaring(self) -> None:
        inn = tuple(s for s in self.order if self.said[s] in (A_PLAY, A_SWAP))
        if len(inn) < 2:
            if inn:
                m = list(self.marks_without_play)
                m[inn[0]] = (2, 0)
                self.marks_without_play = tuple(m)
            self.playing = ()
            self.num_tricks = 0
            self.phase = OVER
            return
        self.set_playing(inn)
        self._start_play(self.trump, self.trump, inn[0])

    # -----------------------------------------------------------------------------------------
    # Weis and scoring

    def _credit_weis(self) -> None:
        ws = self.weis_seat
        if ws >= 0 and (self.options.weis_without_trick or self.tricks_won[ws] > 0):
            super()._credit_weis()

    @property
    def piles(self) -> tuple[int, ...]:
        """The cards lying in no hand, as they lie now: the blind and the dead hand (none
        without a blind)."""
        return (self.blind, self.dead) if self.layout.blind else ()

    @property
    def in_play(self) -> tuple[int, ...]:
        """The seats that play the tricks (empty before the declaring is over or without play)."""
        return self.playing if self.phase != DECLARE and self.num_tricks else ()

    def marks(self) -> tuple[tuple[int, int], ...]:
        """Each seat's (Striche, Nuller) once the hand is over, else none."""
        if self.phase != OVER:
            return ((0, 0),) * self.num_seats
        if not self.num_tricks:
            return self.marks_without_play
        got = strokes({s: self.credited[s] for s in self.playing},
                      self.options.strokes_per_hand,
                      self.options.minimum_for(len(self.active)), self.options.tie,
                      self.deal.cut)
        return tuple(got.get(s, (0, 0)) for s in range(self.num_seats))

    def result(self) -> tuple[int, ...]:
        """What the hand adds to each seat's net once it is over (zeros before)."""
        return tuple(a - b for a, b in self.marks())

    def dropped(self) -> tuple[int, ...]:
        """The seats that dropped out of this hand (so far)."""
        return tuple(s for s in self.order if self.said[s] == A_DROP)

    def action_text(self, action: int) -> str:
        """A short English text of ``action``."""
        if type(action) is int and action in _WORDS:
            return _WORDS[action]
        return super().action_text(action)

    def summary(self) -> dict[str, Any]:
        """The trick summary with the declaring, the trumps, Weis, Stöck, marks and result."""
        out = super().summary()
        out.update(
            dealer=self.dealer, turned=self.turned, robber=self.robber, swapper=self.swapper,
            said=[_WORDS.get(a, None) for a in self.said], in_play=list(self.in_play),
            marks=[list(m) for m in self.marks()], result=list(self.result()),
        )
        return out

    def seat_values(self) -> tuple[float, ...]:
        """What each seat wants to maximise: its net change, and a little of its total (which
        decides close places)."""
        res = self.result()
        return tuple(float(r) + self.credited[s] / 1000.0 for s, r in enumerate(res))

    def observation(self, seat: int) -> Any:
        """What ``seat`` may know now (``-1``: a spectator)."""
        from puur.variants.handjass_view import observe

        return observe(self, seat)
