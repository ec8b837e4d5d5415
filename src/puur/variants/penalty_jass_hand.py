"""One hand of the penalty-point Jass: the deal, the lead, the declaration, the penalty points.

Four players get nine cards each, in packets of three round the table from the seat after the
dealer. The first hand is led by the holder of the start card (the Eicheln 10, the Banner);
every later hand by the seat after the one that led the hand before (the game passes it in).
The card play is Molotow's first discard (:class:`puur.variants.molotow_hand.MolotowHand`,
without Weis, Stöck or table Weis) under the strict rule throughout: everyone must follow suit
if he can; the first card played by a player who cannot follow makes its suit trumps and counts
as a trump in its own trick; a player void in the suit led may play any card, before trumps
and after.

A player dealt the penalty card as his only card of its suit may declare it (with the option
``declare_bare``): he is asked, in trick 1 before his first card, whether to declare it or keep
quiet. The question is his alone: another seat sees an ordinary turn to play, and learns the
card's holder only from a declaration. Once declared, the card costs its taker
``bare_points`` (2) instead of 1.

Card points are kept in the tricks' values (157 in all) but count for nothing: each seat's
``credited`` points are its penalty points of the hand so far (trick 1, the trick holding the
penalty card, the last trick), and :meth:`PenaltyJassHand.result` gives them once the hand is
over (lower is better).

Action ids (stable): 0-35 play a card; 36 declare the penalty card; 37 keep quiet.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar, Final

from puur.cards import NUM_CARDS, SUIT_MASK
from puur.contracts import MODE_OBENABE
from puur.hand import OVER, PLAY
from puur.variants.molotow_hand import MolotowDeal, MolotowHand, deal_molotow
from puur.variants.molotow_hand import check_deal as check_molotow_deal
from puur.variants.penalty_jass_rules import PLAYERS, PenaltyJassRules

__all__ = ["A_DECLARE", "A_QUIET", "DECLARE", "NUM_ACTIONS", "PenaltyJassDeal",
           "PenaltyJassHand", "check_deal", "deal_penalty_jass", "holder_of"]

#: The phase in which the holder of the bare penalty card declares it or keeps quiet.
DECLARE: Final = "bare_card"
A_DECLARE: Final = NUM_CARDS
A_QUIET: Final = NUM_CARDS + 1
NUM_ACTIONS: Final = NUM_CARDS + 2
#: The kinds of credit that are penalty points (every other credit is card points).
_PENALTY_KINDS: Final = frozenset({"first_trick", "penalty_card", "last_trick"})


@dataclass(frozen=True)
class PenaltyJassDeal:
    """One deal: the four hands (seat 0 first) and the dealer."""

    hands: tuple[int, ...]
    dealer: int


def deal_penalty_jass(rules: PenaltyJassRules, seed: int | str, dealer: int) -> PenaltyJassDeal:
    """Shuffle from ``seed`` and deal nine cards each in threes for ``dealer``."""
    d = deal_molotow(rules.molotow_rules(), seed, dealer)
    return PenaltyJassDeal(d.hands, d.dealer)


def check_deal(rules: PenaltyJassRules, d: object) -> PenaltyJassDeal:
    """Check a deal against the rules (``ValueError`` saying what is wrong)."""
    if not isinstance(d, PenaltyJassDeal):
        raise ValueError(f"not a penalty-point Jass deal: {d!r}")
    m = check_molotow_deal(rules.molotow_rules(), MolotowDeal(d.hands, d.dealer))
    return PenaltyJassDeal(m.hands, m.dealer)


def holder_of(hands: tuple[int, ...], card: int) -> int:
    """The seat dealt ``card`` (every card is dealt)."""
    return next(s for s, h in enumerate(hands) if h >> card & 1)


class PenaltyJassHand(MolotowHand):
    """One hand of the penalty-point Jass.

    ``leader`` leads trick 1; ``None`` (hand 1) gives the lead to the holder of the start
    card."""

    A_WEIS = NUM_ACTIONS
    A_STOECK = NUM_ACTIONS + 16
    A_STOECK_NO = NUM_ACTIONS + 17
    NUM_ACTIONS = NUM_ACTIONS

    #: Decisions the table learns of only with the seat's next card (a declaration) or not at
    #: all (keeping quiet): the question alone would tell who holds the card bare.
    SECRET_ACTIONS: ClassVar[frozenset[int]] = frozenset({A_DECLARE, A_QUIET})

    #: The seat dealt the penalty card bare that may still declare it (-1: none).
    blank_seat: int = -1

    def __init__(self, options: PenaltyJassRules, deal: PenaltyJassDeal, hand_no: int = 1,
                 totals: tuple[int, ...] | None = None, leader: int | None = None) -> None:
        deal = check_deal(options, deal)
        if leader is not None and (type(leader) is not int or not 0 <= leader < PLAYERS):
            raise ValueError(f"the leader must be a seat 0..{PLAYERS - 1}, not {leader!r}")
        super().__init__(options.molotow_rules(), MolotowDeal(deal.hands, deal.dealer),
                         hand_no, totals)
        #: The penalty-point options (``options`` holds the Molotow card play they stand for).
        self.penalty: PenaltyJassRules = options
        self.deal: PenaltyJassDeal = deal  # type: ignore[assignment]
        #: True when the start card gave the lead (its holder is known to the table).
        self.led_by_start_card: bool = leader is None
        if leader is None:
            leader = holder_of(deal.hands, options.lead_card)
        self.play_rule = options.play_rule()
        self._schieber_play = False
        card = options.penalty_card
        self.penalty_card: int = card
        suit = SUIT_MASK[card // 9]
        self.blank_seat = next(
            (s for s, h in enumerate(deal.hands) if h & suit == 1 << card), -1,
        ) if options.declare_bare else -1
        #: The seat that declared the penalty card (-1: nobody), and whether the question is
        #: behind its holder.
        self.declared_seat: int = -1
        self.declare_done: bool = False
        self.opener = leader
        self.vorhand = leader
        self._start_play(MODE_OBENABE, -1, leader)

    # -----------------------------------------------------------------------------------------
    # The declaration

    def _enter_turn(self) -> None:
        super()._enter_turn()
        if (self.phase == PLAY and self.trick_no == 0 and self.to_move == self.blank_seat
                and not self.declare_done):
            self.phase = DECLARE

    def _phase_actions(self) -> list[int]:
        return [A_DECLARE, A_QUIET] if self.phase == DECLARE else []

    def _apply_phase(self, action: int) -> None:
        if action == A_DECLARE:
            self.declared_seat = self.to_move
        self.declare_done = True
        self.phase = PLAY

    def told(self, action: int) -> dict[str, Any] | None:
        """What the table learns of this seat's secret decision ``action`` with its next card:
        the declaration (as the protocol's ``declare`` word); nothing of keeping quiet."""
        return {"type": "declare", "word": "bare"} if action == A_DECLARE else None

    def action_text(self, action: int) -> str:
        """A short English text of ``action`` (``ValueError`` when it is not one)."""
        if action == A_DECLARE:
            return "declare"
        if action == A_QUIET:
            return "keep quiet"
        return super().action_text(action)

    # -----------------------------------------------------------------------------------------
    # Penalty points instead of card points

    def _credit(self, side: int, points: int, kind: str) -> None:
        # Card points stay in the tricks' values; only penalty points are credited.
        if kind in _PENALTY_KINDS:
            super()._credit(side, points, kind)

    def _after_card(self) -> None:
        complete = len(self.trick) == len(self.playing) and self.phase != OVER
        cards = self.trick
        super()._after_card()
        if not complete:
            return
        t = len(self.trick_winners) - 1
        winner = self.trick_winners[-1]
        if t == 0:
            self._credit(winner, 1, "first_trick")
        if self.penalty_card in cards:
            self._credit(winner, self.card_price, "penalty_card")
        if t == self.num_tricks - 1:
            self._credit(winner, 1, "last_trick")

    @property
    def card_price(self) -> int:
        """What the penalty card costs its taker: 1, or ``bare_points`` once declared."""
        return self.penalty.bare_points if self.declared_seat >= 0 else 1

    def taker(self, kind: str) -> int:
        """The seat charged with a kind of penalty (``first_trick``, ``penalty_card``,
        ``last_trick``) so far, or -1."""
        return next((s for s, _p, k in self.credits if k == kind), -1)

    def result(self) -> tuple[int, ...]:
        """Each seat's penalty points of the hand once it is over (zeros before)."""
        if self.phase != OVER:
            return (0,) * self.num_seats
        return self.credited

    def summary(self) -> dict[str, Any]:
        """The trick summary with the trumps, who paid which penalty (and what the penalty
        card cost), the declaration and the result."""
        out = super().summary()
        for key in ("table_weis", "weis", "stoeck"):
            out.pop(key, None)
        out.update(first_trick=self.taker("first_trick"),
                   penalty_card=self.taker("penalty_card"),
                   last_trick=self.taker("last_trick"), declared_seat=self.declared_seat,
                   card_price=self.card_price, penalties=list(self.credited))
        return out

    def seat_values(self) -> tuple[float, ...]:
        """What each seat wants to maximise: minus its penalty points of the hand."""
        return tuple(-float(r) for r in self.result())

    def observation(self, seat: int) -> Any:
        """What ``seat`` may know now (``-1``: a spectator)."""
        from puur.variants.penalty_jass_view import observe

        return observe(self, seat)

