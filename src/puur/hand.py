"""The shared hand of every trick-taking variant: seats, sides, tricks, Weis, Stöck, credits.

:class:`TrickHand` plays the tricks of one hand for any number of seats grouped into *sides*
(two fixed teams in Schieber and Coiffeur, one side per seat in Differenzler). It keeps the deal,
the trick in progress, who took which trick, the card points each side took, the Weis declared
in trick 1 and Stöck, and it *credits* points to sides as they fall: Stöck when announced, the
Weis at the end of trick 1 (or after the last trick, with ``count_order = "stoeck-stich-weis"``),
trick points as tricks are taken. Inside a game with a target (``game_scores`` given) the hand
stops the moment a side reaches it (rule book §2.10).

A variant subclasses it and adds what comes before the card play (choosing a contract, pushing,
forecasting, bidding) and its own scoring through a few hooks:

* :meth:`_phase_actions` and :meth:`_apply_phase` for its own phases;
* :meth:`_start_play` once the mode of play is fixed (sets up Stöck and the first turn);
* :meth:`_taker_side` (who is credited with a trick: Misère gives it to the other side),
  :meth:`_mode_for_trick` (Slalom and Guschti change the mode trick by trick),
  :meth:`_points_mode` (a table may value such tricks all as Obenabe) and
  :meth:`_on_last_trick` (Match bonuses).

Every action is an integer; the variant's action space fixes the numbers (cards are always
0-35). ``push(action)`` checks and applies one, ``pop()`` undoes the last one instantly (a
snapshot of the state's few fields is kept), ``push_unchecked(action)`` skips the check for
trusted callers such as search.
"""

from __future__ import annotations

from typing import Any, ClassVar, Final, Self

from puur._checks import show
from puur.cards import NUM_CARDS, format_card
from puur.contracts import POINTS, STRENGTH
from puur.rules import RuleSet
from puur.tricks import SCHIEBER, PlayRule, legal_cards, legal_under
from puur.weis import STOECK_CARDS, Meld, _weis_options, _weis_winner, split_points

__all__ = ["HandError", "IllegalActionError", "TrickHand", "cards_of", "may_hold_weis"]

CHOOSE: Final = "choose"
WEIS: Final = "weis"
PLAY: Final = "play"
STOECK: Final = "stoeck"
OVER: Final = "over"

MAX_WEIS_OPTIONS: Final = 15

_SUIT_OF: Final = tuple(c // 9 for c in range(NUM_CARDS))
# For each suit, the cards of every 9-bit pattern of that suit, lowest first.
_SUIT_CARDS: Final = tuple(
    tuple(tuple(9 * s + r for r in range(9) if p >> r & 1) for p in range(512)) for s in range(4)
)
# Bits where a three-card run inside one suit may start (ranks 6 to Ober of each suit).
_RUN3_START: Final = sum(0x7F << (9 * s) for s in range(4))


def cards_of(mask: int) -> list[int]:
    """The cards of a raw mask in increasing order (:func:`puur.cards.bits` by table lookup, for
    the legal actions of every card played)."""
    t0, t1, t2, t3 = _SUIT_CARDS
    return [*t0[mask & 0x1FF], *t1[mask >> 9 & 0x1FF], *t2[mask >> 18 & 0x1FF], *t3[mask >> 27]]


def may_hold_weis(hand: int) -> bool:
    """False when ``hand`` holds neither three cards in a row of one suit nor four of a kind, so
    it cannot hold a Weis (a cheap test before the full search)."""
    return bool(
        hand & (hand >> 1) & (hand >> 2) & _RUN3_START
        or hand & (hand >> 9) & (hand >> 18) & (hand >> 27) & 0x1FF
    )


class HandError(ValueError):
    """A bad argument to a hand (a deal that does not fit, a seat out of range …)."""


class IllegalActionError(HandError):
    """An action that is not legal in the current state; the state is unchanged.

    The message is for people; ``reason`` is for programs, one of :data:`REASONS`:
    ``"unknown_action"`` (not an action at all: a wrong type or a number outside the action
    space), ``"not_legal"`` (an action, but not one the seat to
    move may take now), ``"over"`` (the hand or the game is over), ``"bad_deal"`` (a deal set
    into a game that cannot take it). The engine applies an action for the seat to move and
    never sees who sent it, so whose turn it is is for the caller to check.

    >>> from puur.round import Round
    >>> r = Round.deal(seed=1)
    >>> try:
    ...     r.push(200)
    ... except IllegalActionError as e:
    ...     e.reason
    'unknown_action'
    """

    REASONS: ClassVar[tuple[str, ...]] = ("unknown_action", "not_legal", "over", "bad_deal")

    def __init__(self, message: str, reason: str = "not_legal") -> None:
        if reason not in self.REASONS:
            raise ValueError(f"unknown reason {reason!r}; one of {', '.join(self.REASONS)}")
        super().__init__(message)
        #: Why the action was refused, for programs (one of :data:`REASONS`).
        self.reason: str = reason

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (str(self), self.reason))


class TrickHand:
    """One hand of tricks for ``len(hands)`` seats grouped into ``sides``.

    ``rules`` is the Schieber-style rule set that governs the trick phase (Weis, Stöck, the
    last trick, the count order and the target); a variant derives it from its own options.
    ``sides[seat]`` is the side of each seat (0 .. number of sides - 1). ``first`` leads trick 1.
    ``game_scores`` (each side's points before this hand) switches on the target check.
    """

    #: Action numbers of the Weis and Stöck decisions in the variant's action space.
    A_WEIS: ClassVar[int] = 46
    A_STOECK: ClassVar[int] = 62
    A_STOECK_NO: ClassVar[int] = 63
    #: The number of actions of the variant's action space (the length of a legal mask).
    NUM_ACTIONS: ClassVar[int] = 64
    #: A variant's own actions that the table learns of only with the seat's next card, as
    #: a Weis decision: answers to a question only some seats are asked (none by default).
    SECRET_ACTIONS: ClassVar[frozenset[int]] = frozenset()

    def __init__(
        self,
        rules: RuleSet,
        hands: tuple[int, ...],
        first: int,
        sides: tuple[int, ...],
        play_rule: PlayRule = SCHIEBER,
        game_scores: tuple[int, ...] | None = None,
    ) -> None:
        n = len(hands)
        num_sides = max(sides) + 1
        self.rules: RuleSet = rules
        self.initial_hands: tuple[int, ...] = hands
        self.num_seats: int = n
        self.sides: tuple[int, ...] = sides
        self.num_sides: int = num_sides
        self.play_rule: PlayRule = play_rule
        self._schieber_play: bool = play_rule == SCHIEBER
        self.num_tricks: int = hands[0].bit_count()
        #: The seats that play the tricks, in seat order (every seat unless the variant lets
        #: seats drop out of a hand), and the seat after each one among them.
        self.playing: tuple[int, ...] = tuple(range(n))
        self.seat_after: tuple[int, ...] = tuple((s + 1) % n for s in range(n))
        #: The seat that acts first in the hand (it never changes).
        self.opener: int = first
        #: The seat that leads trick 1 (the first in playing order for the Weis comparison).
        self.first_leader: int = first
        self.game_scores: tuple[int, ...] | None = game_scores
        self._stack: list[dict[str, Any]] = []
        zeros = (0,) * num_sides
        # Everything below changes with play and is restored by pop().
        self.hands: tuple[int, ...] = hands
        self.phase: str = PLAY
        self.to_move: int = first
        self.trump: int = -1
        self.mode: int = 4
        self.multiplier: int = 1
        self.trick_no: int = 0
        self.leader: int = first
        self.trick: tuple[int, ...] = ()
        self.best_card: int = -1
        self.best_seat: int = -1
        self.best_trump: int = -1
        self.played: tuple[int, ...] = ()
        self.trick_winners: tuple[int, ...] = ()
        #: The card points of each trick taken (the last trick's bonus included) and the mode
        #: that valued it.
        self.trick_values: tuple[int, ...] = ()
        self.trick_modes: tuple[int, ...] = ()
        self.trick_points: tuple[int, ...] = zeros
        self.tricks_won: tuple[int, ...] = zeros
        self.declared: tuple[tuple[Meld, ...], ...] = ((),) * n
        self.weis_done: int = 0  # bit per seat: the Weis decision is behind it
        self.weis_seat: int = -1  # holder of the best Weis once trick 1 is over
        self.stoeck_seat: int = -1
        self.stoeck_state: int = 0  # 0 not yet, 1 announced, 2 kept quiet
        self.credits: tuple[tuple[int, int, str], ...] = ()
        self.credited: tuple[int, ...] = zeros
        self.winner: int = -1  # the side that reached the target (game over) or -1
        self.actions: tuple[int, ...] = ()
        self._options_cache: dict[int, list[tuple[Meld, ...]]] = {}

    def copy(self) -> Self:
        """An independent copy of the current state (the undo history is not copied)."""
        other = type(self).__new__(type(self))
        other.__dict__ = self.__dict__.copy()
        other._stack = []
        return other

    # -----------------------------------------------------------------------------------------
    # Queries

    @property
    def is_over(self) -> bool:
        """True once every trick is played or the game's target was reached."""
        return self.phase == OVER

    def team_of(self, seat: int) -> int:
        """The side of ``seat``."""
        return self.sides[seat]

    def hand(self, seat: int) -> int:
        """The cards ``seat`` still holds (raw mask)."""
        return self.hands[seat]

    def weis_options(self, seat: int) -> list[tuple[Meld, ...]]:
        """The Weis splits ``seat`` may declare, best first (empty if none or Weis are off)."""
        if type(seat) is not int or not 0 <= seat < self.num_seats:
            raise HandError(f"seat must be 0..{self.num_seats - 1}, not {seat!r}")
        return list(self._weis_options(seat))

    def _weis_options(self, seat: int) -> list[tuple[Meld, ...]]:
        opts = self._options_cache.get(seat)
        if opts is None:
            if not self.rules.weis or not may_hold_weis(self.initial_hands[seat]):
                opts = []
            else:
                opts = _weis_options(self.initial_hands[seat], self.rules, self.mode, self.trump)
                del opts[MAX_WEIS_OPTIONS:]
            self._options_cache[seat] = opts
        return opts

    def _legal_mask(self, seat: int) -> int:
        lead = _SUIT_OF[self.trick[0]] if self.trick else -1
        if self._schieber_play:
            return legal_cards(self.hands[seat], lead, self.best_trump, self.trump)
        return legal_under(
            self.play_rule, self.hands[seat], lead, self.best_trump, self.trump, self._lead_ban()
        )

    def _lead_ban(self) -> int:
        """Cards that may not be led while the leader holds another card (none by default)."""
        return 0

    def legal_cards(self) -> int:
        """Mask of the cards the player to move may play (0 outside the card play)."""
        if self.phase != PLAY:
            return 0
        return self._legal_mask(self.to_move)

    def legal_actions(self) -> list[int]:
        """The legal actions of the player to move, as sorted integers."""
        ph = self.phase
        if ph == PLAY:
            return cards_of(self._legal_mask(self.to_move))
        if ph == WEIS:
            n = len(self._weis_options(self.to_move))
            return list(range(self.A_WEIS, self.A_WEIS + n + 1))
        if ph == STOECK:
            return [self.A_STOECK, self.A_STOECK_NO]
        if ph == OVER:
            return []
        return self._phase_actions()

    def legal_mask(self) -> list[bool]:
        """A boolean mask over all of the variant's actions."""
        mask = [False] * self.NUM_ACTIONS
        for a in self.legal_actions():
            mask[a] = True
        return mask

    def is_legal(self, action: int) -> bool:
        """Whether ``action`` is legal now."""
        if self.phase == PLAY:
            return (
                type(action) is int
                and 0 <= action < NUM_CARDS
                and bool(self.legal_cards() >> action & 1)
            )
        return action in self.legal_actions()

    def points_of(self, card: int) -> int:
        """Card points of ``card`` in the current trick's mode."""
        return POINTS[self.mode][card]

    def set_playing(self, seats: tuple[int, ...]) -> None:
        """Let only ``seats`` (in seat order, two or more) play the tricks: the others sit the
        hand out (for a variant in which players drop out; call before :meth:`_start_play`)."""
        n = self.num_seats
        order = tuple(sorted(set(seats)))
        if len(order) < 2 or order[0] < 0 or order[-1] >= n:
            raise HandError(f"at least two seats of 0..{n - 1} must play, not {seats!r}")
        self.playing = order
        after = list(self.seat_after)
        for i, s in enumerate(order):
            after[s] = order[(i + 1) % len(order)]
        self.seat_after = tuple(after)

    def trick_seats(self, leader: int) -> tuple[int, ...]:
        """The seats of one trick led by ``leader``, in playing order."""
        out = [leader]
        after = self.seat_after
        for _ in range(len(self.playing) - 1):
            out.append(after[out[-1]])
        return tuple(out)

    def current_trick(self) -> list[tuple[int, int]]:
        """The current trick as ``(seat, card)`` pairs in playing order."""
        return list(zip(self.trick_seats(self.leader), self.trick, strict=False))

    def tricks(self) -> list[tuple[int, list[int], int]]:
        """The completed tricks as ``(leader, cards, winner)``."""
        out: list[tuple[int, list[int], int]] = []
        leader = self.first_leader
        n = len(self.playing)
        for t, winner in enumerate(self.trick_winners):
            out.append((leader, list(self.played[n * t:n * t + n]), winner))
            leader = winner
        return out

    def history(self) -> list[tuple[int, int]]:
        """Every card played so far as ``(seat, card)`` in playing order."""
        n = len(self.playing)
        out: list[tuple[int, int]] = []
        seats = self.trick_seats(self.first_leader)
        for i, c in enumerate(self.played):
            t, k = divmod(i, n)
            if k == 0 and t > 0:
                seats = self.trick_seats(self.trick_winners[t - 1])
            out.append((seats[k], c))
        return out

    def observation(self, seat: int) -> Any:
        """What ``seat`` may know now; every variant's hand builds its own observation."""
        raise HandError(f"{type(self).__name__} builds no observation")

    def summary(self) -> dict[str, Any]:
        """Plain data of the hand so far: who took each trick, each trick's points, each side's
        card points and credited points (variants add what they score)."""
        return {
            "tricks": list(self.trick_winners),
            "trick_values": list(self.trick_values),
            "trick_points": list(self.trick_points),
            "credited": list(self.credited),
            "weis_seat": self.weis_seat,
            "stoeck_seat": self.stoeck_seat if self.stoeck_state == 1 else -1,
        }

    # -----------------------------------------------------------------------------------------
    # Play

    def push(self, action: int) -> None:
        """Apply the integer ``action``. An illegal action raises :class:`IllegalActionError`
        and changes nothing."""
        if type(action) is not int:
            raise IllegalActionError(f"an action is a whole number, not {show(action)}",
                                     "unknown_action")
        if self.phase == PLAY:
            # The common case, checked on the mask without building the legal list.
            if not (0 <= action < NUM_CARDS and self._legal_mask(self.to_move) >> action & 1):
                raise IllegalActionError(*self._why_illegal(action))
        elif action not in self.legal_actions():
            raise IllegalActionError(*self._why_illegal(action))
        self.push_unchecked(action)

    def push_unchecked(self, action: int) -> None:
        """Apply the integer ``action`` without checking that it is legal.

        For trusted callers such as search, which take their actions from
        :meth:`legal_actions` or :meth:`legal_cards`; :meth:`pop` undoes it as it undoes
        :meth:`push`. An illegal action here leaves the hand in a state the rules cannot
        reach, so anything from outside (players, files, the network) goes through :meth:`push`.
        """
        self._stack.append(self.__dict__.copy())
        self.actions = (*self.actions, action)
        ph = self.phase
        if ph == PLAY:
            self._play(action)
        elif ph == WEIS:
            self._weis(action)
        elif ph == STOECK:
            self._stoeck(action)
        else:
            self._apply_phase(action)

    def pop(self) -> int:
        """Undo the last action and return it."""
        if not self._stack:
            raise IndexError("no action to undo")
        a = self.actions[-1]
        stack = self._stack
        self.__dict__ = stack.pop()
        self._stack = stack
        return a

    def _why_illegal(self, a: int) -> tuple[str, str]:
        """The message and the reason code of refusing ``a``."""
        if self.phase == OVER:
            return "the hand is over", "over"
        legal = ", ".join(self.action_text(x) for x in self.legal_actions())
        try:
            what = self.action_text(a)
        except ValueError:
            return f"not an action here: {show(a)}; legal: {legal}", "unknown_action"
        return f"seat {self.to_move} may not {what!r} now; legal: {legal}", "not_legal"

    def action_text(self, action: int) -> str:
        """A short English text of ``action`` (``ValueError`` when it is not one); variants
        name their own actions."""
        if type(action) is not int or not 0 <= action < self.NUM_ACTIONS:
            raise ValueError(f"not an action number: {action!r}")
        if action < NUM_CARDS:
            return format_card(action)
        if self.A_WEIS <= action < self.A_WEIS + 1 + MAX_WEIS_OPTIONS:
            k = action - self.A_WEIS
            return f"weis {k}" if k else "weis quiet"
        if action == self.A_STOECK:
            return "stoeck"
        if action == self.A_STOECK_NO:
            return "stoeck quiet"
        return f"action {action}"

    # -----------------------------------------------------------------------------------------
    # Hooks for variants

    def _phase_actions(self) -> list[int]:
        """The legal actions in a phase of the variant's own (before the card play)."""
        return []

    def _apply_phase(self, action: int) -> None:
        """Apply an action of a phase of the variant's own."""
        raise IllegalActionError(f"no action is expected in phase {self.phase!r}",
                                 "unknown_action")

    def _taker_side(self, winner: int) -> int:
        """The side credited with a trick ``winner`` took (its own side by default)."""
        return self.sides[winner]

    def _mode_for_trick(self, trick_no: int) -> int:
        """The mode in force for trick ``trick_no`` (the same mode all hand by default)."""
        return self.mode

    def _points_mode(self) -> int:
        """The mode whose card points value the current trick (the mode of play by default)."""
        return self.mode

    def _on_last_trick(self, side: int) -> None:
        """Called after the last trick is credited to ``side`` (Match bonuses go here)."""

    # -----------------------------------------------------------------------------------------
    # The card play

    def _start_play(self, mode: int, trump: int, leader: int) -> None:
        """Fix the mode of play and give the lead: finds the Stöck holder and enters the first
        turn (Weis and Stöck questions come before a seat's first card)."""
        self.trump = trump
        self.mode = mode
        self._options_cache = {}
        if trump >= 0 and self.rules.stoeck:
            sc = STOECK_CARDS[trump]
            for s in range(self.num_seats):
                if self.initial_hands[s] & sc == sc:
                    self.stoeck_seat = s
        self.to_move = leader
        self.leader = leader
        self.first_leader = leader
        self._enter_turn()

    def _enter_turn(self) -> None:
        seat = self.to_move
        if self.trick_no == 0:
            if not self.weis_done >> seat & 1:
                if self._weis_options(seat):
                    self.phase = WEIS
                    return
                self.weis_done |= 1 << seat
            if (
                self.stoeck_seat == seat
                and self.stoeck_state == 0
                and self.rules.stoeck_announce == "with-weis"
            ):
                self.phase = STOECK
                return
        self.phase = PLAY

    def _weis(self, a: int) -> None:
        seat = self.to_move
        k = a - self.A_WEIS
        if k:
            d = list(self.declared)
            d[seat] = self._weis_options(seat)[k - 1]
            self.declared = tuple(d)
        self.weis_done |= 1 << seat
        self._enter_turn()

    def _stoeck(self, a: int) -> None:
        seat = self.to_move
        if a == self.A_STOECK:
            self.stoeck_state = 1
            self._credit(self.sides[seat], 20 * self.multiplier, "stoeck")
            if self.phase == OVER:
                return
        else:
            self.stoeck_state = 2
        if self.rules.stoeck_announce == "with-weis":
            self.phase = PLAY  # announced before this seat's first card
            return
        self._after_card()

    def _play(self, card: int) -> None:
        seat = self.to_move
        h = list(self.hands)
        h[seat] &= ~(1 << card)
        self.hands = tuple(h)
        self.trick = (*self.trick, card)
        self.played = (*self.played, card)
        strength = STRENGTH[self.mode]
        cs = _SUIT_OF[card]
        best = self.best_card
        if best < 0:
            self.best_card, self.best_seat = card, seat
        elif cs == _SUIT_OF[best]:
            if strength[card] > strength[best]:
                self.best_card, self.best_seat = card, seat
        elif cs == self.trump:
            self.best_card, self.best_seat = card, seat
        if cs == self.trump and (
            self.best_trump < 0 or strength[card] > strength[self.best_trump]
        ):
            self.best_trump = card
        if (
            seat == self.stoeck_seat
            and self.stoeck_state == 0
            and self.rules.stoeck_announce == "second-card"
        ):
            sc = STOECK_CARDS[self.trump]
            if (1 << card) & sc and not (h[seat] & sc):
                self.phase = STOECK
                return
        self._after_card()

    def _after_card(self) -> None:
        if len(self.trick) < len(self.playing):
            self.to_move = self.seat_after[self.to_move]
            if self.trick_no == 0:
                self._enter_turn()  # Weis and Stöck decisions come before a first card
            else:
                self.phase = PLAY
            return
        # The trick is complete.
        winner = self.best_seat
        t = self.trick_no
        pmode = self._points_mode()
        points = POINTS[pmode]
        pts = 0
        for c in self.trick:
            pts += points[c]
        self.trick_winners = (*self.trick_winners, winner)
        last = t == self.num_tricks - 1
        if last:
            pts += self.rules.last_trick_bonus
        self.trick_values = (*self.trick_values, pts)
        self.trick_modes = (*self.trick_modes, pmode)
        side = self._taker_side(winner)
        tp = list(self.trick_points)
        tp[side] += pts
        self.trick_points = tuple(tp)
        tw = list(self.tricks_won)
        tw[self.sides[winner]] += 1
        self.tricks_won = tuple(tw)
        order_sws = self.rules.count_order == "stoeck-weis-stich"
        if t == 0:
            self.weis_seat = _weis_winner(self.declared, self.first_leader, self.mode, self.trump)
            if order_sws:
                self._credit_weis()
                if self.phase == OVER:
                    return
        self.trick = ()
        self.best_card = self.best_seat = self.best_trump = -1
        self.trick_no = t + 1
        self.leader = winner
        self.to_move = winner
        self._credit(side, pts * self.multiplier, "last" if last else "trick")
        if self.phase == OVER:
            return
        if last:
            self._on_last_trick(side)
            if self.phase == OVER:
                return
            if not order_sws:
                self._credit_weis()
            self.phase = OVER
            return
        self.mode = self._mode_for_trick(self.trick_no)
        self._enter_turn()

    def _credit_weis(self) -> None:
        if self.weis_seat < 0:
            return
        side = self.sides[self.weis_seat]
        total = 0
        for s in range(self.num_seats):
            if self.sides[s] == side:
                total += split_points(self.declared[s])
        if total:
            self._credit(side, total * self.multiplier, "weis")

    def _credit(self, side: int, points: int, kind: str) -> None:
        self.credits = (*self.credits, (side, points, kind))
        c = list(self.credited)
        c[side] += points
        self.credited = tuple(c)
        gs = self.game_scores
        if gs is not None and gs[side] + c[side] >= self.rules.target:
            self.winner = side
            self.phase = OVER
