"""One hand of Zuger: the deal, the forcing, the declaring, the settling, the card play.

Three players are *active*: at a table of four every seat but the dealer's, at a table of three
all. They get 12 cards each in packets of 4 from the Vorhand; the bottom card of the pack (the
last card dealt, to the last active seat) is shown and makes trumps. Then:

* **Forcing** (``forcing``): when a player is within 14 of the end, the lowest player at the
  table (the first of them from the Vorhand when several are equal) says ``force`` (every active
  player plays, nobody goes home and nobody settles) or ``noforce``.
* **Declaring**: each active player in turn from the Vorhand says ``stay``, ``home`` (he sits
  the hand out and writes nothing) or ``maybe`` (he plays if somebody goes home, else he goes
  home too). Nobody staying: the hand is over without play and the next dealer deals. One: he
  writes ``alone_points`` without play.
* **Settling** (``negotiation = "fixed_offer"``): of exactly two who stay, the first from the
  Vorhand and then the other say ``accept`` or ``refuse`` to writing 7 each and half of his own
  Weis (:func:`~puur.variants.zuger_rules.settlement`); one refusal and they play.
* **Play**: the players in play play the tricks as Schieber, the first of them from the
  Vorhand leading; large Weis and Kreuzweis, best-Weis rule between the players, Stöck.

A seat's ``credited`` points are its card points, Stöck and Weis; :meth:`ZugerHand.written`
turns them into written points (:func:`~puur.variants.zuger_rules.written`), with the bonus of
the trump Under's holder at a table of three and the dealer's bonus at a table of four.

Action ids (stable): 0-35 play a card; 36 keep quiet about a Weis and 37-51 declare one; 52 and
53 announce Stöck or keep quiet; 54 stay, 55 home, 56 maybe; 57 accept, 58 refuse; 59 force,
60 noforce.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from puur.cards import NUM_CARDS, Rank
from puur.deal import deal_packets, shuffled
from puur.hand import OVER, IllegalActionError, TrickHand
from puur.variants.zuger_rules import (
    UNDER_BONUS,
    ZugerRules,
    forcing_open,
    settlement,
    written,
)
from puur.weis import split_points

__all__ = ["A_ACCEPT", "A_FORCE", "A_HOME", "A_MAYBE", "A_NOFORCE", "A_REFUSE", "A_STAY",
           "A_STOECK", "A_STOECK_NO", "A_WEIS", "DECLARE", "FORCE", "NUM_ACTIONS", "SETTLE",
           "WORDS", "ZugerDeal", "ZugerHand", "check_deal", "deal_zuger"]

A_WEIS: Final = 36
A_STOECK: Final = 52
A_STOECK_NO: Final = 53
A_STAY: Final = 54
A_HOME: Final = 55
A_MAYBE: Final = 56
A_ACCEPT: Final = 57
A_REFUSE: Final = 58
A_FORCE: Final = 59
A_NOFORCE: Final = 60
NUM_ACTIONS: Final = 61
#: The words of Zuger's own decisions, in id order from :data:`A_STAY`.
WORDS: Final = ("stay", "home", "maybe", "accept", "refuse", "force", "noforce")
#: The phases before the card play.
FORCE: Final = "force"
DECLARE: Final = "declare"
SETTLE: Final = "settle"


@dataclass(frozen=True)
class ZugerDeal:
    """One deal: the hands (seat 0 first; 0 for the dealer sitting out at a table of four),
    the dealer and the bottom card, shown for trumps (it lies in the last active seat's hand)."""

    hands: tuple[int, ...]
    dealer: int
    turned: int


def active_order(players: int, dealer: int) -> tuple[int, ...]:
    """The active seats from the Vorhand: everyone but the dealer at four, everyone at three."""
    order = tuple((dealer + k) % players for k in range(1, players + 1))
    return order[:-1] if players == 4 else order


def deal_zuger(rules: ZugerRules, seed: int | str, dealer: int) -> ZugerDeal:
    """Shuffle from ``seed`` and deal for ``dealer``: 12 cards each in packets of 4 to the
    active seats from the Vorhand; the last card (the bottom of the pack) is turned."""
    order = shuffled(seed)
    seats = active_order(rules.players, dealer)
    packets = deal_packets(order, 3, 12, 4, 0)
    hands = [0] * rules.players
    for k, s in enumerate(seats):
        hands[s] = packets[k]
    return ZugerDeal(tuple(hands), dealer, order[-1])


def check_deal(rules: ZugerRules, d: object) -> ZugerDeal:
    """Check a deal against the rules (``ValueError`` saying what is wrong)."""
    if not isinstance(d, ZugerDeal):
        raise ValueError(f"not a Zuger deal: {d!r}")
    n = rules.players
    if type(d.dealer) is not int or not 0 <= d.dealer < n:
        raise ValueError(f"the dealer is a seat 0..{n - 1}, not {d.dealer!r}")
    if not isinstance(d.hands, tuple) or len(d.hands) != n:
        raise ValueError(f"a Zuger deal has {n} hands (0 for the dealer sitting out)")
    seats = active_order(n, d.dealer)
    seen = 0
    for s, h in sorted(enumerate(d.hands), key=lambda sh: sh[0] in seats):
        if type(h) is not int or not 0 <= h < 1 << NUM_CARDS:
            raise ValueError(f"not a card set: {h!r}")
        want = 12 if s in seats else 0
        if h.bit_count() != want:
            raise ValueError(f"seat {s} gets 12 cards, not {h.bit_count()}" if want else
                             f"seat {s} deals and sits out: it gets no cards")
        if seen & h:
            raise ValueError("a card is dealt twice")
        seen |= h
    if type(d.turned) is not int or not 0 <= d.turned < NUM_CARDS:
        raise ValueError(f"not a card: {d.turned!r}")
    if not d.hands[seats[-1]] >> d.turned & 1:
        raise ValueError(f"the turned card is the last one dealt: it lies in seat {seats[-1]}'s "
                         "hand")
    return ZugerDeal(d.hands, d.dealer, d.turned)


class ZugerHand(TrickHand):
    """One hand of Zuger (see the module text)."""

    A_WEIS = A_WEIS
    A_STOECK = A_STOECK
    A_STOECK_NO = A_STOECK_NO
    NUM_ACTIONS = NUM_ACTIONS

    def __init__(self, options: ZugerRules, deal: ZugerDeal, hand_no: int = 1,
                 totals: tuple[int, ...] | None = None) -> None:
        deal = check_deal(options, deal)
        n = options.players
        order = active_order(n, deal.dealer)
        super().__init__(options.trick_rules(), deal.hands, order[0], tuple(range(n)),
                         options.play_rule())
        self.options: ZugerRules = options
        self.deal: ZugerDeal = deal
        self.dealer: int = deal.dealer
        self.hand_no: int = hand_no
        #: Each player's written total before this hand.
        self.totals: tuple[int, ...] = totals if totals is not None else (0,) * n
        #: The active seats in declaring order, the Vorhand first; the seat sitting out (-1:
        #: none, at a table of three).
        self.order: tuple[int, ...] = order
        self.active: tuple[int, ...] = tuple(sorted(order))
        self.sitting_out: int = deal.dealer if n == 4 else -1
        self.vorhand: int = order[0]
        self.num_tricks = 12
        self.turned: int = deal.turned
        self.turned_seat: int = order[-1]
        self.trump = self.mode = deal.turned // 9
        #: Each active seat's word of the declaring (-1 before it spoke), every word said in
        #: order (forcing and settling included), who may force (-1: nobody) and whether he did.
        self.said: tuple[int, ...] = (-1,) * n
        self.words: tuple[tuple[int, int], ...] = ()
        self.forcer: int = self._forcer()
        self.forced: bool = False
        #: The answers of the two who may settle (-1 before), and whether they settled.
        self.answers: tuple[int, ...] = (-1,) * n
        self.settled: bool = False
        #: The seats that take part in the hand after the declaring (empty before; one for a
        #: player alone, two who settled, or those playing the tricks).
        self.staying: tuple[int, ...] = ()
        self.phase = FORCE if self.forcer >= 0 else DECLARE
        self.to_move = self.forcer if self.forcer >= 0 else self.vorhand

    def _forcer(self) -> int:
        if not forcing_open(self.options, self.totals):
            return -1
        low = min(self.totals)
        table = (*self.order, *(s for s in range(self.num_seats) if s not in self.order))
        return next(s for s in table if self.totals[s] == low)

    # -----------------------------------------------------------------------------------------
    # Forcing, declaring, settling

    def _phase_actions(self) -> list[int]:
        if self.phase == FORCE:
            return [A_FORCE, A_NOFORCE]
        if self.phase == DECLARE:
            return [A_STAY, A_HOME, A_MAYBE]
        if self.phase == SETTLE:
            return [A_ACCEPT, A_REFUSE]
        return []

    def _apply_phase(self, action: int) -> None:
        if action not in self._phase_actions():
            raise IllegalActionError(f"no action {action!r} is expected in phase "
                                     f"{self.phase!r}", "unknown_action")
        seat = self.to_move
        self.words = (*self.words, (seat, action))
        if self.phase == FORCE:
            if action == A_FORCE:
                self.forced = True
                self.said = tuple(A_STAY if s in self.order else -1
                                  for s in range(self.num_seats))
                self._begin_play(self.order)
            else:
                self.phase = DECLARE
                self.to_move = self.vorhand
            return
        if self.phase == DECLARE:
            said = list(self.said)
            said[seat] = action
            self.said = tuple(said)
            rest = [s for s in self.order if self.said[s] < 0]
            if rest:
                self.to_move = rest[0]
            else:
                self._after_declaring()
            return
        answers = list(self.answers)
        answers[seat] = action
        self.answers = tuple(answers)
        if action == A_REFUSE:
            self._begin_play(self.staying)
            return
        rest = [s for s in self.staying if self.answers[s] < 0]
        if rest:
            self.to_move = rest[0]
            return
        self.settled = True
        self._end_without_play()

    def _after_declaring(self) -> None:
        someone_home = any(self.said[s] == A_HOME for s in self.order)
        keep = (A_STAY, A_MAYBE) if someone_home else (A_STAY,)
        staying = tuple(s for s in self.order if self.said[s] in keep)
        self.staying = staying
        if len(staying) < 2:
            self._end_without_play()
        elif len(staying) == 2 and self.options.negotiation == "fixed_offer":
            self.phase = SETTLE
            self.to_move = staying[0]
        else:
            self._begin_play(staying)

    def _end_without_play(self) -> None:
        self.playing = ()
        self.num_tricks = 0
        self.phase = OVER

    def _begin_play(self, seats: tuple[int, ...]) -> None:
        self.staying = seats
        self.set_playing(seats)
        self._start_play(self.trump, self.trump, seats[0])

    # -----------------------------------------------------------------------------------------
    # Scoring

    @property
    def redealt(self) -> bool:
        """True when nobody stayed: the hand is over without play and scores nothing."""
        return self.phase == OVER and not self.staying and not self.forced

    @property
    def ended_unplayed(self) -> bool:
        """True for a hand over before its first card (nobody stayed, one alone, a
        settlement)."""
        return self.phase == OVER and not self.num_tricks

    @property
    def in_play(self) -> tuple[int, ...]:
        """The seats playing the tricks (empty before the card play or without it)."""
        return self.playing if self.num_tricks and self.phase not in (FORCE, DECLARE, SETTLE) \
            else ()

    def gone_home(self) -> tuple[int, ...]:
        """The active seats that do not take part in the hand once the declaring is over (a
        "maybe" nobody needed included)."""
        if self.phase in (FORCE, DECLARE):
            return tuple(s for s in self.order if self.said[s] == A_HOME)
        return tuple(s for s in self.order if s not in self.staying)

    def own_weis(self, seat: int) -> int:
        """The points of the best Weis ``seat`` holds (what it settles on)."""
        opts = self._weis_options(seat)
        return split_points(opts[0]) if opts else 0

    def parts(self, seat: int) -> tuple[int, int, int]:
        """The card points, Weis and Stöck credited to ``seat`` so far."""
        weis = sum(p for side, p, kind in self.credits if side == seat and kind == "weis")
        stoeck = sum(p for side, p, kind in self.credits if side == seat and kind == "stoeck")
        return self.trick_points[seat], weis, stoeck

    def under_holder(self) -> int:
        """The seat dealt the trump Under (the Puur)."""
        under = 9 * self.trump + Rank.UNDER
        return next((s for s, h in enumerate(self.deal.hands) if h >> under & 1), -1)

    def written(self) -> tuple[int, ...]:
        """What each seat writes for this hand once it is over (zeros before and for a hand
        nobody stayed in)."""
        n = self.num_seats
        out = [0] * n
        if self.phase != OVER or self.redealt:
            return tuple(out)
        if self.sitting_out >= 0:
            out[self.sitting_out] += self.options.dealer_bonus
        if self.settled:
            for s in self.staying:
                out[s] += settlement(self.own_weis(s))
            return tuple(out)
        if not self.num_tricks:
            out[self.staying[0]] += self.options.alone_points
            return tuple(out)
        under = self.under_holder()
        for s in self.playing:
            cards, weis, stoeck = self.parts(s)
            out[s] += written(cards, weis, stoeck, self.tricks_won[s], self.num_tricks)
            if self.options.players == 3 and self.tricks_won[s] == 0 and under in self.playing:
                out[under] += UNDER_BONUS
        return tuple(out)

    def result(self) -> tuple[int, ...]:
        """What the hand adds to each seat's total (zeros before it is over)."""
        return self.written()

    def action_text(self, action: int) -> str:
        """A short English text of ``action``."""
        if type(action) is int and A_STAY <= action < A_STAY + len(WORDS):
            return WORDS[action - A_STAY]
        return super().action_text(action)

    def summary(self) -> dict[str, Any]:
        """The trick summary with the declaring, the trumps, Weis, Stöck and what each wrote."""
        out = super().summary()
        out.update(
            dealer=self.dealer, turned=self.turned, sitting_out=self.sitting_out,
            forced=self.forced, settled=self.settled, redealt=self.redealt,
            said=[WORDS[a - A_STAY] if a >= 0 else None for a in self.said],
            staying=list(self.staying), in_play=list(self.in_play),
            written=list(self.written()),
        )
        return out

    def seat_values(self) -> tuple[float, ...]:
        """What each seat wants to maximise: its written points, and a little of its credited
        points (which decide close hands)."""
        res = self.written()
        return tuple(float(r) + self.credited[s] / 1000.0 for s, r in enumerate(res))

    def observation(self, seat: int) -> Any:
        """What ``seat`` may know now (``-1``: a spectator)."""
        from puur.variants.zuger_view import observe

        return observe(self, seat)
