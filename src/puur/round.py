"""One hand of Schieber: deal, choose or push, Weis, Stöck, nine tricks, scoring (rule book §2).

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
from puur.contracts import MODES, POINTS, Contract, format_contract
from puur.deal import DealError, check_deal, deal_hands
from puur.hand import CHOOSE, OVER, HandError, IllegalActionError, TrickHand
from puur.rules import RuleSet, rules_or_default
from puur.tricks import legal_cards
from puur.weis import Meld

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

_TEAMS: Final = (0, 1, 0, 1)

RoundError = HandError
"""A bad argument to a :class:`Round` or a function of this module (a deal that is not four
hands of nine cards, a seat outside 0..3, rules that are not a ``RuleSet`` …);
:class:`IllegalActionError` is one."""


def _seat(seat: object, what: str = "seat") -> int:
    return seat_arg(seat, RoundError, what)


class Round(TrickHand):
    """One hand of Schieber. Build it with :meth:`deal` or directly from four hands.

    ``hands`` are raw 36-bit masks (seat 0..3); ``forehand`` chooses first and leads trick 1.
    ``game_scores`` (the teams' points before this hand) switches on the game-end check against
    ``rules.target``.
    """

    A_WEIS = A_WEIS
    A_STOECK = A_STOECK
    A_STOECK_NO = A_STOECK_NO
    NUM_ACTIONS = NUM_ACTIONS

    def __init__(
        self,
        rules: RuleSet | None = None,
        hands: list[int] | tuple[int, ...] | None = None,
        forehand: int | None = None,
        game_scores: tuple[int, ...] | None = None,
    ) -> None:
        rules = rules_or_default(rules, RoundError)
        if hands is None:
            raise RoundError("a round needs four hands; use Round.deal() to shuffle")
        try:
            hands = self._checked_deal(hands)
        except DealError as e:
            raise RoundError(str(e)) from None
        if forehand is None:
            forehand = next(s for s in range(4) if hands[s] >> rules.start_card & 1)
        forehand = _seat(forehand, "forehand")
        game_scores = scores_arg(game_scores, RoundError)
        super().__init__(rules, hands, forehand, _TEAMS, game_scores=game_scores)
        #: The seat that chooses first (and leads trick 1).
        self.forehand: int = forehand
        self.phase = CHOOSE
        self.pushed: bool = False
        self.pushed_back: bool = False
        self.chooser: int = -1
        self.contract: int = -1

    @staticmethod
    def _checked_deal(hands: list[int] | tuple[int, ...]) -> tuple[int, ...]:
        """The hands as a tuple once checked (four hands of nine; a hand dealt otherwise, as
        six cards each, checks its own sizes): :class:`~puur.deal.DealError` if they do not
        fit."""
        return check_deal(hands)

    # -----------------------------------------------------------------------------------------
    # Construction

    @classmethod
    def deal(
        cls,
        rules: RuleSet | None = None,
        seed: int | str | None = None,
        forehand: int | None = None,
        game_scores: tuple[int, ...] | None = None,
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

    # -----------------------------------------------------------------------------------------
    # Queries

    def team_of(self, seat: int) -> int:
        """Team 0 is seats 0 and 2, team 1 seats 1 and 3."""
        return _seat(seat) & 1

    def hand(self, seat: int) -> int:
        """The cards ``seat`` still holds (raw mask)."""
        return self.hands[_seat(seat)]

    def weis_options(self, seat: int) -> list[tuple[Meld, ...]]:
        """The Weis splits ``seat`` may declare, best first (empty if none or Weis are off)."""
        return list(self._weis_options(_seat(seat)))

    def is_legal(self, action: int) -> bool:
        """Whether ``action`` is legal now (anything that is not an action number is not)."""
        if not is_int(action):
            return False
        return super().is_legal(int(action))

    def points_of(self, card: int) -> int:
        """Card points of ``card`` in the current trick's mode."""
        if not is_int_in(card, 0, NUM_CARDS - 1):
            raise RoundError(f"not a card: {show(card)} (a card is a whole number 0..35)")
        return POINTS[self.mode][card]

    @property
    def declarer_team(self) -> int:
        """The team that chose the contract (-1 before the choice)."""
        return -1 if self.chooser < 0 else self.chooser & 1

    def seat_values(self) -> tuple[float, ...]:
        """What each seat wants to maximise: its team's points credited in this hand less the
        other team's."""
        a, b = self.credited
        return (float(a - b), float(b - a), float(a - b), float(b - a))

    def _phase_actions(self) -> list[int]:
        acts = [A_CHOOSE + c for c in self.rules.contracts()]
        if not self.pushed or (self.rules.push_back and not self.pushed_back):
            acts.append(A_PUSH)
        return acts

    def observation(self, seat: int) -> Observation:
        """What ``seat`` may know now (``-1``: a spectator; see :mod:`puur.observation`)."""
        if seat != -1 or type(seat) is not int:
            seat = _seat(seat)
        return _observe(self, seat)

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
        if len(self.trick_winners) == self.num_tricks:
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
        super().push(action if type(action) is int else _action_number(action))

    def action_text(self, action: int) -> str:
        """The notation-like text of ``action`` (``ValueError`` when it is not one)."""
        return str(decode(action))

    def _apply_phase(self, a: int) -> None:
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
        self.multiplier = self.rules.multipliers[c]
        self._start_play(MODES[c][0], c if c < 4 else -1, self.forehand)

    def _taker_side(self, winner: int) -> int:
        if self.contract == Contract.MISERE:
            return (winner & 1) ^ 1  # the points go to the other team
        return winner & 1

    def _mode_for_trick(self, trick_no: int) -> int:
        return MODES[self.contract][trick_no]

    def _on_last_trick(self, side: int) -> None:
        tw = self.tricks_won
        if self.num_tricks in tw:
            self._credit_match(side)

    def _credit_match(self, team: int) -> None:
        taker = self.tricks_won.index(self.num_tricks)
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

    # -----------------------------------------------------------------------------------------
    # Text

    def describe(self) -> str:
        """A short human-readable summary of the state."""
        parts = [f"phase={self.phase}", f"forehand={self.forehand}"]
        if self.contract >= 0:
            parts.append(f"contract={format_contract(self.contract)} by seat {self.chooser}"
                         + (" (pushed)" if self.pushed else ""))
        parts.append(f"trick={self.trick_no + 1 if self.phase != OVER else self.num_tricks}")
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
        "tokens with puur.notation.parse_action)", "unknown_action"
    )


def _observe(rnd: Round, seat: int) -> Observation:
    from puur.observation import observe

    return observe(rnd, seat)


if TYPE_CHECKING:
    from puur.observation import Observation
