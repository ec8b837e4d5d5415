"""One hand of Differenzler: the deal, the forecasts, the card play and each player's penalty.

A deal (:class:`DifferenzlerDeal`) is shuffled from a seed (:func:`deal_differenzler`): all 36
cards in packets round the table from the seat after the dealer, the dealer's last card turned
for trumps (or a suit drawn). :class:`DifferenzlerHand` asks every player for a forecast in turn
from the Vorhand, then plays the tricks on the shared engine (:class:`~puur.hand.TrickHand`)
and scores :func:`penalty` per player. A deal's record line is :func:`format_deal_line`. Every
name here is importable from :mod:`puur.variants.differenzler` too.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from puur.cards import NUM_CARDS, Rank, format_card, parse_card, rank_of, suit_of
from puur.contracts import CONTRACT_TOKENS, MODE_OBENABE, MODE_UNDENUFE, format_contract
from puur.deal import check_hands, deal_packets, shuffled
from puur.hand import OVER, TrickHand
from puur.variants.differenzler_rules import (
    A_FORECAST,
    A_STOECK,
    A_STOECK_NO,
    A_WEIS,
    FORECAST,
    MAX_FORECAST,
    NUM_ACTIONS,
    DifferenzlerRules,
)

__all__ = [
    "DifferenzlerDeal",
    "DifferenzlerHand",
    "check_deal",
    "deal_differenzler",
    "format_deal_line",
    "parse_deal_line",
    "penalty",
]


@dataclass(frozen=True)
class DifferenzlerDeal:
    """One deal: the hands, the dealer, the card turned for trumps (-1 when drawn at random)
    and the contract it gives (a suit, or Obenabe/Undenufe with ``turned_card_modes``)."""

    hands: tuple[int, ...]
    dealer: int
    turned: int
    contract: int


def penalty(forecast: int, made: int, bonus: int = 0, exact: bool | None = None) -> int:
    """The penalty of one player: the distance between forecast and points made, less
    ``bonus`` for an exact forecast (``exact`` overrides whether it counts as one: a forecast of
    0 may need a trick taken).

    >>> [penalty(f, m) for f, m in [(40, 52), (30, 25), (60, 60), (27, 20)]]
    [12, 5, 0, 7]
    >>> penalty(60, 60, bonus=10)
    -10
    """
    hit = forecast == made if exact is None else exact
    return abs(forecast - made) - (bonus if hit else 0)


def _contract_of(turned: int, modes: bool) -> int:
    if modes and rank_of(turned) == Rank.SIX:
        return MODE_UNDENUFE
    if modes and rank_of(turned) == Rank.ACE:
        return MODE_OBENABE
    return suit_of(turned)


def deal_differenzler(
    rules: DifferenzlerRules, seed: int | str, dealer: int
) -> DifferenzlerDeal:
    """Shuffle from ``seed`` and deal for ``dealer``: packets round the table from the seat after
    the dealer, who receives the last card; it is turned for trumps (or a suit is drawn)."""
    n = rules.players
    order = shuffled(seed)
    hands = deal_packets(order, n, NUM_CARDS // n, 3 if n == 4 else 4, (dealer + 1) % n)
    if rules.trump == "dealer_last_card":
        turned = order[-1]
        contract = _contract_of(turned, rules.turned_card_modes)
        return DifferenzlerDeal(hands, dealer, turned, contract)
    suit = random.Random(f"{seed}:trump").randrange(4)
    return DifferenzlerDeal(hands, dealer, -1, suit)


def check_deal(rules: DifferenzlerRules, d: DifferenzlerDeal) -> DifferenzlerDeal:
    """Check a deal against the rules (``ValueError`` saying what is wrong)."""
    n = rules.players
    hands = check_hands(d.hands, n, NUM_CARDS // n)
    if type(d.dealer) is not int or not 0 <= d.dealer < n:
        raise ValueError(f"the dealer must be a seat 0..{n - 1}")
    if rules.trump == "dealer_last_card":
        if type(d.turned) is not int or not 0 <= d.turned < NUM_CARDS:
            raise ValueError("the turned card is missing")
        if not hands[d.dealer] >> d.turned & 1:
            raise ValueError("the turned card must be in the dealer's hand")
        if d.contract != _contract_of(d.turned, rules.turned_card_modes):
            raise ValueError("the contract does not follow from the turned card")
    elif d.turned != -1 or type(d.contract) is not int or not 0 <= d.contract < 4:
        raise ValueError("a drawn trump is a suit and turns no card")
    return DifferenzlerDeal(hands, d.dealer, d.turned, d.contract)


class DifferenzlerHand(TrickHand):
    """One hand of Differenzler: forecasts in turn from the Vorhand, then the card play."""

    A_WEIS = A_WEIS
    A_STOECK = A_STOECK
    A_STOECK_NO = A_STOECK_NO
    NUM_ACTIONS = NUM_ACTIONS

    def __init__(
        self, options: DifferenzlerRules, deal: DifferenzlerDeal, hand_no: int = 1,
        totals: tuple[int, ...] | None = None,
    ) -> None:
        deal = check_deal(options, deal)
        n = options.players
        vorhand = (deal.dealer + 1) % n
        super().__init__(
            options.trick_rules(), deal.hands, vorhand, tuple(range(n)), options.play_rule()
        )
        self.options: DifferenzlerRules = options
        self.deal: DifferenzlerDeal = deal
        self.dealer: int = deal.dealer
        self.vorhand: int = vorhand
        self.contract: int = deal.contract
        self.turned: int = deal.turned
        self.hand_no: int = hand_no
        #: Each player's penalty total before this hand.
        self.totals: tuple[int, ...] = totals or (0,) * n
        self.phase = FORECAST
        self.forecasts: tuple[int, ...] = (-1,) * n
        self.trump = deal.contract if deal.contract < 4 else -1
        self.mode = deal.contract

    # -----------------------------------------------------------------------------------------

    def _phase_actions(self) -> list[int]:
        return list(range(A_FORECAST, A_FORECAST + MAX_FORECAST + 1))

    def _apply_phase(self, action: int) -> None:
        f = list(self.forecasts)
        f[self.to_move] = action - A_FORECAST
        self.forecasts = tuple(f)
        nxt = (self.to_move + 1) % self.num_seats
        if nxt != self.vorhand:
            self.to_move = nxt
            return
        trump = self.contract if self.contract < 4 else -1
        self._start_play(self.contract, trump, self.vorhand)

    def action_text(self, action: int) -> str:
        """The notation token of ``action`` (``ValueError`` when it is not one)."""
        if type(action) is int and A_FORECAST <= action <= A_FORECAST + MAX_FORECAST:
            return f"forecast:{action - A_FORECAST}"
        return super().action_text(action)

    # -----------------------------------------------------------------------------------------
    # Scoring

    @property
    def made(self) -> tuple[int, ...]:
        """The points each player has made so far (card points, the last trick, and Weis and
        Stöck where they count)."""
        return self.credited

    def exact(self) -> tuple[bool, ...]:
        """Per player: the forecast was exact and earns the bonus (once the hand is over)."""
        if self.phase != OVER:
            return (False,) * self.num_seats
        zero = self.options.exact_bonus_zero_forecast
        out: list[bool] = []
        for s in range(self.num_seats):
            hit = self.forecasts[s] == self.credited[s]
            if hit and self.forecasts[s] == 0:
                hit = zero == "always" or (zero == "requires_trick" and self.tricks_won[s] > 0)
            out.append(hit)
        return tuple(out)

    def penalties(self) -> tuple[int, ...]:
        """Each player's penalty for the hand (zeros until it is over)."""
        if self.phase != OVER:
            return (0,) * self.num_seats
        exact = self.exact()
        return tuple(
            penalty(self.forecasts[s], self.credited[s], self.options.exact_bonus, exact[s])
            for s in range(self.num_seats)
        )

    def summary(self) -> dict[str, Any]:
        """The trick summary with the trumps, forecasts, points made and penalties."""
        out = super().summary()
        out.update(contract=format_contract(self.contract), forecasts=list(self.forecasts),
                   made=list(self.made), penalties=list(self.penalties()),
                   exact=list(self.exact()))
        return out

    def seat_values(self) -> tuple[float, ...]:
        """What each seat wants to maximise: minus its penalty (once the hand is over)."""
        return tuple(-float(p) for p in self.penalties())

    def observation(self, seat: int) -> Any:
        """What ``seat`` may know now (``-1``: a spectator)."""
        from puur.variants.differenzler_view import observe

        return observe(self, seat)


def format_deal_line(d: DifferenzlerDeal) -> str:
    """``DEALER TRUMP HAND / HAND / …``: the dealer, the turned card (or the drawn suit) and the
    hands, seat 0 first."""
    from puur.cards import bits, format_cards

    trump = format_card(d.turned) if d.turned >= 0 else format_contract(d.contract)
    return f"{d.dealer} {trump} " + " / ".join(format_cards(bits(h)) for h in d.hands)


def parse_deal_line(rules: DifferenzlerRules, text: str) -> DifferenzlerDeal:
    """Parse :func:`format_deal_line`'s text (``ValueError`` saying what is wrong)."""
    from puur.cards import parse_cards

    parts = text.split(None, 2)
    if len(parts) != 3 or not parts[0].isdigit():
        raise ValueError("a Differenzler deal reads 'DEALER TRUMP HAND / HAND / ...'")
    dealer = int(parts[0])
    tok = parts[1]
    if rules.trump == "dealer_last_card":
        turned = parse_card(tok)
        contract = _contract_of(turned, rules.turned_card_modes)
    else:
        if tok not in CONTRACT_TOKENS[:4]:
            raise ValueError(f"a drawn trump is a suit letter D H S C, not {tok!r}")
        turned, contract = -1, CONTRACT_TOKENS.index(tok)
    hands = []
    for p in parts[2].split("/"):
        m = 0
        for c in parse_cards(p):
            m |= 1 << c
        hands.append(m)
    return check_deal(rules, DifferenzlerDeal(tuple(hands), dealer, turned, contract))
