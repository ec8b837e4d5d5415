"""One hand of Schieber: deal, choose or push, Weis, Stöck, nine tricks, scoring (RULES.md §2).

A :class:`Round` is its rules, its deal, its forehand (the *Vorhand*, who chooses first and leads
trick 1) and its list of actions. ``push(action)`` applies one action, ``pop()`` undoes the last
one instantly (a snapshot of the few fields is kept), ``legal_actions()`` lists what the player
to move may do; ``push_unchecked(action)`` skips the legality check for trusted callers such
as search. Points are *credited* as they fall, in the order of ``rules.count_order`` and
multiplied by the contract's multiplier, into :attr:`Round.credits`; when the round is played
inside a game (``game_scores`` given), it stops the moment a team reaches the target.

Decision points, in order: the forehand chooses or pushes (the partner chooses, or pushes back
when ``push_back`` is on); during trick 1 each player with a Weis in hand declares or keeps
quiet just before playing the first card (and, with ``stoeck_announce = "with-weis"``, says
whether to announce Stöck); then cards are played; with ``stoeck_announce = "second-card"``
the holder of Stöck says whether to announce it right after playing the second of the two.

>>> from puur.round import Round
>>> r = Round.deal(seed=1)
>>> r.phase, len(r.legal_actions()) > 1
('choose', True)
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, Final, Literal

from puur._checks import is_int, is_int_in, scores_arg, seat_arg, show
from puur.actions import (
    A_CHOOSE,
    A_PUSH,
    A_STOECK,
    A_STOECK_NO,
    A_WEIS,
    MAX_WEIS_OPTIONS,
    NUM_ACTIONS,
    Action,
    Choose,
    DeclareWeis,
    Play,
    Push,
    Stoeck,
    decode,
    encode,
)
from puur.cards import NUM_CARDS, format_card
from puur.contracts import MODES, POINTS, STRENGTH, Contract, format_contract
from puur.deal import (
    DealError,
    _cards_of,
    _may_hold_weis,
    check_deal,
    deal_hands,
    legal_cards,
)
from puur.rules import RuleSet, rules_or_default
from puur.weis import STOECK_CARDS, Meld, _weis_options, _weis_winner

__all__ = [
    "IllegalActionError",
    "Round",
    "RoundError",
    "check_deal",
    "deal_hands",
    "legal_cards",
]

Phase = Literal["choose", "weis", "play", "stoeck", "over"]
CreditKind = Literal["stoeck", "weis", "trick", "last", "match"]

CHOOSE: Final = "choose"
WEIS: Final = "weis"
PLAY: Final = "play"
STOECK: Final = "stoeck"
OVER: Final = "over"

_SUIT_OF: Final = tuple(c // 9 for c in range(NUM_CARDS))


class RoundError(ValueError):
    """A bad argument to a :class:`Round` or a function of this module (a deal that is not four
    hands of nine cards, a seat outside 0..3, rules that are not a ``RuleSet`` …)."""


class IllegalActionError(RoundError):
    """An action that is not legal in the current state; the state is unchanged."""


def _seat(seat: object, what: str = "seat") -> int:
    return seat_arg(seat, RoundError, what)


class Round:
    """One hand. Build it with :meth:`deal` or directly from four hands.

    ``hands`` are raw 36-bit masks (seat 0..3); ``forehand`` chooses first and leads trick 1.
    ``game_scores`` (the teams' points before this hand) switches on the game-end check against
    ``rules.target``.
    """

    def __init__(
        self,
        rules: RuleSet | None = None,
        hands: list[int] | tuple[int, ...] | None = None,
        forehand: int | None = None,
        game_scores: tuple[int, int] | None = None,
    ) -> None:
        rules = rules_or_default(rules, RoundError)
        if hands is None:
            raise RoundError("a round needs four hands; use Round.deal() to shuffle")
        try:
            hands = check_deal(hands)
        except DealError as e:
            raise RoundError(str(e)) from None
        if forehand is None:
            forehand = next(s for s in range(4) if hands[s] >> rules.start_card & 1)
        forehand = _seat(forehand, "forehand")
        game_scores = scores_arg(game_scores, RoundError)
        self.rules: RuleSet = rules
        self.initial_hands: tuple[int, ...] = hands
        self.forehand: int = forehand
        self.game_scores: tuple[int, int] | None = game_scores
        self._stack: list[dict[str, Any]] = []
        # Everything below changes with play and is restored by pop().
        self.hands: tuple[int, ...] = hands
        self.phase: str = CHOOSE
        self.to_move: int = forehand
        self.pushed: bool = False
        self.pushed_back: bool = False
        self.chooser: int = -1
        self.contract: int = -1
        self.trump: int = -1
        self.mode: int = 4
        self.multiplier: int = 1
        self.trick_no: int = 0
        self.leader: int = forehand
        self.trick: tuple[int, ...] = ()
        self.best_card: int = -1
        self.best_seat: int = -1
        self.best_trump: int = -1
        self.played: tuple[int, ...] = ()
        self.trick_winners: tuple[int, ...] = ()
        self.trick_points: tuple[int, int] = (0, 0)
        self.tricks_won: tuple[int, int] = (0, 0)
        self.declared: tuple[tuple[Meld, ...], ...] = ((), (), (), ())
        self.weis_done: int = 0  # bit per seat: the Weis decision is behind it
        self.weis_seat: int = -1  # holder of the best Weis once trick 1 is over
        self.stoeck_seat: int = -1
        self.stoeck_state: int = 0  # 0 not yet, 1 announced, 2 kept quiet
        self.credits: tuple[tuple[int, int, str], ...] = ()
        self.credited: tuple[int, int] = (0, 0)
        self.winner: int = -1  # the team that reached the target (game over) or -1
        self.actions: tuple[int, ...] = ()
        self._options_cache: dict[int, list[tuple[Meld, ...]]] = {}

    # -----------------------------------------------------------------------------------------
    # Construction

    @classmethod
    def deal(
        cls,
        rules: RuleSet | None = None,
        seed: int | str | None = None,
        forehand: int | None = None,
        game_scores: tuple[int, int] | None = None,
        rng: random.Random | None = None,
    ) -> Round:
        """Shuffle from ``seed`` (or ``rng``) and deal. Without ``forehand``, the holder of the
        start card chooses."""
        # Every argument is checked before anything is drawn from rng.
        rules = rules_or_default(rules, RoundError)
        if forehand is not None:
            _seat(forehand, "forehand")
        scores_arg(game_scores, RoundError)
        try:
            hands = deal_hands(seed, rng)
        except DealError as e:
            raise RoundError(str(e)) from None
        return cls(rules, hands, forehand, game_scores)

    def copy(self) -> Round:
        """An independent copy of the current state (the undo history is not copied)."""
        other = Round.__new__(Round)
        other.__dict__ = self.__dict__.copy()
        other._stack = []
        return other

    # -----------------------------------------------------------------------------------------
    # Queries

    @property
    def is_over(self) -> bool:
        """True once nine tricks are played or the game's target was reached."""
        return self.phase == OVER

    def team_of(self, seat: int) -> int:
        """Team 0 is seats 0 and 2, team 1 seats 1 and 3."""
        return _seat(seat) & 1

    @property
    def declarer_team(self) -> int:
        """The team that chose the contract (-1 before the choice)."""
        return -1 if self.chooser < 0 else self.chooser & 1

    def hand(self, seat: int) -> int:
        """The cards ``seat`` still holds (raw mask)."""
        return self.hands[_seat(seat)]

    def weis_options(self, seat: int) -> list[tuple[Meld, ...]]:
        """The Weis splits ``seat`` may declare, best first (empty if none or Weis are off)."""
        return list(self._weis_options(_seat(seat)))

    def _weis_options(self, seat: int) -> list[tuple[Meld, ...]]:
        opts = self._options_cache.get(seat)
        if opts is None:
            if not self.rules.weis or not _may_hold_weis(self.initial_hands[seat]):
                opts = []
            else:
                opts = _weis_options(self.initial_hands[seat], self.rules, self.mode, self.trump)
                del opts[MAX_WEIS_OPTIONS:]
            self._options_cache[seat] = opts
        return opts

    def legal_cards(self) -> int:
        """Mask of the cards the player to move may play (0 outside the card play)."""
        if self.phase != PLAY:
            return 0
        lead = _SUIT_OF[self.trick[0]] if self.trick else -1
        return legal_cards(self.hands[self.to_move], lead, self.best_trump, self.trump)

    def legal_actions(self) -> list[int]:
        """The legal actions of the player to move, as sorted integers."""
        ph = self.phase
        if ph == PLAY:
            lead = _SUIT_OF[self.trick[0]] if self.trick else -1
            return _cards_of(
                legal_cards(self.hands[self.to_move], lead, self.best_trump, self.trump)
            )
        if ph == CHOOSE:
            acts = [A_CHOOSE + c for c in self.rules.contracts()]
            if not self.pushed or (self.rules.push_back and not self.pushed_back):
                acts.append(A_PUSH)
            return acts
        if ph == WEIS:
            n = len(self._weis_options(self.to_move))
            return list(range(A_WEIS, A_WEIS + n + 1))
        if ph == STOECK:
            return [A_STOECK, A_STOECK_NO]
        return []

    def observation(self, seat: int) -> Observation:
        """What ``seat`` may know now (see :mod:`puur.observation`)."""
        return _observe(self, _seat(seat))

    def legal_mask(self) -> list[bool]:
        """A boolean mask over all :data:`~puur.actions.NUM_ACTIONS` actions."""
        mask = [False] * NUM_ACTIONS
        for a in self.legal_actions():
            mask[a] = True
        return mask

    def is_legal(self, action: int) -> bool:
        """Whether ``action`` is legal now (anything that is not an action number is not)."""
        if not is_int(action):
            return False
        if self.phase == PLAY:
            return 0 <= action < NUM_CARDS and bool(self.legal_cards() >> action & 1)
        return action in self.legal_actions()

    def points_of(self, card: int) -> int:
        """Card points of ``card`` in the current trick's mode."""
        if not is_int_in(card, 0, NUM_CARDS - 1):
            raise RoundError(f"not a card: {show(card)} (a card is a whole number 0..35)")
        return POINTS[self.mode][card]

    def current_trick(self) -> list[tuple[int, int]]:
        """The current trick as ``(seat, card)`` pairs in playing order."""
        return [((self.leader + i) % 4, c) for i, c in enumerate(self.trick)]

    def tricks(self) -> list[tuple[int, list[int], int]]:
        """The completed tricks as ``(leader, cards, winner)``."""
        out: list[tuple[int, list[int], int]] = []
        leader = self.forehand
        for t, winner in enumerate(self.trick_winners):
            out.append((leader, list(self.played[4 * t:4 * t + 4]), winner))
            leader = winner
        return out

    def hand_score(self) -> dict[str, Any]:
        """A breakdown of the hand for each team (before and after the multiplier).

        Keys: ``trick_points``, ``match_bonus``, ``weis``, ``stoeck`` (lists of two, before the
        multiplier), ``multiplier``, ``total`` (credited points), ``match`` (team or -1),
        ``kontermatch`` (bool).
        """
        mult = self.multiplier
        out: dict[str, Any] = {
            "trick_points": [0, 0], "match_bonus": [0, 0], "weis": [0, 0], "stoeck": [0, 0],
            "multiplier": mult, "total": list(self.credited), "match": -1, "kontermatch": False,
        }
        for team, pts, kind in self.credits:
            raw = pts // mult
            key = {"trick": "trick_points", "last": "trick_points", "match": "match_bonus",
                   "weis": "weis", "stoeck": "stoeck"}[kind]
            out[key][team] += raw
        if len(self.trick_winners) == 9:
            teams = {w & 1 for w in self.trick_winners}
            if len(teams) == 1:
                t = teams.pop()
                out["match"] = t
                out["kontermatch"] = t != self.declarer_team
        return out

    # -----------------------------------------------------------------------------------------
    # Play

    def push(self, action: int | Action) -> None:
        """Apply ``action`` (an integer or a typed action). An illegal action, or anything that
        is not an action, raises :class:`IllegalActionError` and changes nothing."""
        a = action if type(action) is int else _action_number(action)
        if self.phase == PLAY:
            # The common case, checked on the mask without building the legal list.
            lead = _SUIT_OF[self.trick[0]] if self.trick else -1
            mask = legal_cards(self.hands[self.to_move], lead, self.best_trump, self.trump)
            if not (0 <= a < NUM_CARDS and mask >> a & 1):
                raise IllegalActionError(self._why_illegal(a))
        elif a not in self.legal_actions():
            raise IllegalActionError(self._why_illegal(a))
        self.push_unchecked(a)

    def push_unchecked(self, action: int) -> None:
        """Apply the integer ``action`` without checking that it is legal.

        For trusted callers such as search, which take their actions from
        :meth:`legal_actions` or :meth:`legal_cards` and need every microsecond; :meth:`pop`
        undoes it as it undoes :meth:`push`. An illegal action here leaves the round in a state
        the rules cannot reach, so anything from outside (players, files, the network) goes
        through :meth:`push`.
        """
        self._stack.append(self.__dict__.copy())
        self.actions = (*self.actions, action)
        ph = self.phase
        if ph == PLAY:
            self._play(action)
        elif ph == CHOOSE:
            self._choose(action)
        elif ph == WEIS:
            self._weis(action)
        else:
            self._stoeck(action)

    def pop(self) -> int:
        """Undo the last action and return it."""
        if not self._stack:
            raise IndexError("no action to undo")
        a = self.actions[-1]
        stack = self._stack
        self.__dict__ = stack.pop()
        self._stack = stack
        return a

    def _why_illegal(self, a: int) -> str:
        if self.phase == OVER:
            return "the hand is over"
        try:
            what = str(decode(a))
        except ValueError:
            return f"not an action: {show(a)}"
        legal = ", ".join(str(decode(x)) for x in self.legal_actions())
        return f"seat {self.to_move} may not {what!r} now; legal: {legal}"

    def _choose(self, a: int) -> None:
        if a == A_PUSH:
            if self.pushed:
                self.pushed_back = True
                self.to_move = self.forehand
            else:
                self.pushed = True
                self.to_move = (self.forehand + 2) % 4
            return
        c = a - A_CHOOSE
        self.chooser = self.to_move
        self.contract = c
        self.trump = c if c < 4 else -1
        self.mode = MODES[c][0]
        self.multiplier = self.rules.multipliers[c]
        self._options_cache = {}
        if self.trump >= 0 and self.rules.stoeck:
            sc = STOECK_CARDS[self.trump]
            for s in range(4):
                if self.initial_hands[s] & sc == sc:
                    self.stoeck_seat = s
        self.to_move = self.forehand
        self.leader = self.forehand
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
        k = a - A_WEIS
        if k:
            d = list(self.declared)
            d[seat] = self._weis_options(seat)[k - 1]
            self.declared = tuple(d)
        self.weis_done |= 1 << seat
        self._enter_turn()

    def _stoeck(self, a: int) -> None:
        seat = self.to_move
        if a == A_STOECK:
            self.stoeck_state = 1
            self._credit(seat & 1, 20 * self.multiplier, "stoeck")
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
        if len(self.trick) < 4:
            self.to_move = (self.to_move + 1) % 4
            if self.trick_no == 0:
                self._enter_turn()  # Weis and Stöck decisions come before a first card
            else:
                self.phase = PLAY
            return
        # The trick is complete.
        winner = self.best_seat
        team = winner & 1
        t = self.trick_no
        points = POINTS[self.mode]
        pts = 0
        for c in self.trick:
            pts += points[c]
        self.trick_winners = (*self.trick_winners, winner)
        last = t == 8
        if last:
            pts += self.rules.last_trick_bonus
        if self.contract == Contract.MISERE:
            team ^= 1  # the points go to the other team
        tp = list(self.trick_points)
        tp[team] += pts
        self.trick_points = (tp[0], tp[1])
        tw = list(self.tricks_won)
        tw[winner & 1] += 1
        self.tricks_won = (tw[0], tw[1])
        order_sws = self.rules.count_order == "stoeck-weis-stich"
        if t == 0:
            self.weis_seat = _weis_winner(self.declared, self.forehand, self.mode, self.trump)
            if order_sws:
                self._credit_weis()
                if self.phase == OVER:
                    return
        self.trick = ()
        self.best_card = self.best_seat = self.best_trump = -1
        self.trick_no = t + 1
        self.leader = winner
        self.to_move = winner
        self._credit(team, pts * self.multiplier, "last" if last else "trick")
        if self.phase == OVER:
            return
        if last:
            if tw[0] == 9 or tw[1] == 9:
                self._credit_match(team)
                if self.phase == OVER:
                    return
            if not order_sws:
                self._credit_weis()
            self.phase = OVER
            return
        self.mode = MODES[self.contract][self.trick_no]
        self._enter_turn()

    def _credit_match(self, team: int) -> None:
        taker = self.tricks_won.index(9)
        if taker != self.declarer_team:
            km = self.rules.kontermatch
            if km == "double":
                bonus = self.trick_points[team]
            elif km == "bonus":
                bonus = self.rules.kontermatch_bonus
            else:
                bonus = self.rules.match_bonus
        else:
            bonus = self.rules.match_bonus
        if bonus:
            self._credit(team, bonus * self.multiplier, "match")

    def _credit_weis(self) -> None:
        if self.weis_seat < 0:
            return
        team = self.weis_seat & 1
        total = sum(m.points for m in self.declared[team]) + sum(
            m.points for m in self.declared[team + 2])
        if total:
            self._credit(team, total * self.multiplier, "weis")

    def _credit(self, team: int, points: int, kind: str) -> None:
        self.credits = (*self.credits, (team, points, kind))
        c = list(self.credited)
        c[team] += points
        self.credited = (c[0], c[1])
        gs = self.game_scores
        if gs is not None and gs[team] + c[team] >= self.rules.target:
            self.winner = team
            self.phase = OVER

    # -----------------------------------------------------------------------------------------
    # Text

    def describe(self) -> str:
        """A short human-readable summary of the state."""
        parts = [f"phase={self.phase}", f"forehand={self.forehand}"]
        if self.contract >= 0:
            parts.append(f"contract={format_contract(self.contract)} by seat {self.chooser}"
                         + (" (pushed)" if self.pushed else ""))
        parts.append(f"trick={self.trick_no + 1 if self.phase != OVER else 9}")
        if self.trick:
            parts.append("cards=" + " ".join(format_card(c) for c in self.trick))
        parts.append(f"credited={self.credited[0]}:{self.credited[1]}")
        return " ".join(parts)

    def __repr__(self) -> str:
        return f"<Round {self.describe()}>"


def _action_number(action: object) -> int:
    """The integer of an action given as an ``int`` subclass or a typed action; anything else
    (a ``bool``, a token string …) raises :class:`IllegalActionError`."""
    if is_int(action):
        return int(action)
    if isinstance(action, Play | Choose | Push | DeclareWeis | Stoeck):
        return encode(action)
    raise IllegalActionError(
        f"not an action: {show(action)} (an action number or a typed action; parse notation "
        "tokens with puur.notation.parse_action)"
    )


def _observe(rnd: Round, seat: int) -> Observation:
    from puur.observation import observe

    return observe(rnd, seat)


if TYPE_CHECKING:
    from puur.observation import Observation
