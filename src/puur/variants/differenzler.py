"""Differenzler: each player alone forecasts his own card points and pays the difference.

Rules (``docs/variants/differenzler.md``): four players (three as an option), each alone; all 36
cards are dealt (9 each in packets of three, or 12 each in packets of four); the dealer's last
card is shown and its suit is trumps (or a suit drawn at random); each player forecasts the card
points he will take, 0-157, hidden until the end of the hand (or openly, in turn); play follows
Schieber's trick rules except that a player who cannot follow may undertrump; the penalty of a
hand is the distance between forecast and points made (less a bonus for an exact forecast, when
the table plays one); after the agreed number of hands the lowest total wins.

Action ids (stable): 0-35 play a card; 36-193 forecast 0-157; 194 keep quiet about a Weis and
195-209 declare one (only with ``weis`` on); 210 and 211 announce Stöck or keep quiet (only with
``stoeck`` on).
"""

from __future__ import annotations

import dataclasses
import random
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, ClassVar, Final

from puur.cards import NUM_CARDS, Rank, format_card, parse_card, rank_of, suit_of
from puur.contracts import CONTRACT_TOKENS, MODE_OBENABE, MODE_UNDENUFE, format_contract
from puur.deal import check_hands, deal_packets, shuffled
from puur.hand import OVER, IllegalActionError, TrickHand
from puur.options import Options, option
from puur.rules import RuleSet
from puur.tricks import PlayRule
from puur.variants.base import (
    ActionSpace,
    OptionsVariant,
    format_places,
    format_trick_action,
    parse_trick_action,
    rank_sides,
)
from puur.variants.series import SeriesGame

__all__ = [
    "A_FORECAST",
    "FORECAST",
    "PRESETS",
    "DifferenzlerDeal",
    "DifferenzlerGame",
    "DifferenzlerHand",
    "DifferenzlerRules",
    "deal_differenzler",
    "penalty",
]

A_FORECAST: Final = 36
MAX_FORECAST: Final = 157
A_WEIS: Final = 194
A_STOECK: Final = 210
A_STOECK_NO: Final = 211
NUM_ACTIONS: Final = 212

FORECAST: Final = "forecast"


@dataclass(frozen=True)
class DifferenzlerRules(Options):
    """Every Differenzler option with its default."""

    VARIANT: ClassVar[str] = "differenzler"

    players: int = option(4, choices=(4, 3), doc="players at the table, each alone")
    forecast: str = option(
        "hidden", choices=("hidden", "open"),
        doc="forecasts are shown at the end of the hand, or announced in turn",
    )
    trump: str = option(
        "dealer_last_card", choices=("dealer_last_card", "random"),
        doc="trumps: the suit of the dealer's last card, shown to all, or a suit drawn at random",
    )
    turned_card_modes: bool = option(
        False, doc="a turned 6 means Undenufe and a turned Ace Obenabe (dealer's card only)",
    )
    exact_bonus: int = option(
        0, lo=0, hi=157, doc="taken off the penalty of an exact forecast (totals may fall below 0)",
    )
    exact_bonus_zero_forecast: str = option(
        "requires_trick", choices=("requires_trick", "never", "always"),
        doc="whether an exact forecast of 0 earns the bonus: with a trick taken, never, always",
    )
    hands: int = option(12, lo=1, hi=1000, doc="hands in a game")
    undertrump: str = option(
        "when_void", choices=("when_void", "forbidden"),
        doc="a player who cannot follow may undertrump, or not (Schieber's rule)",
    )
    weis: bool = option(False, doc="Weis are declared in trick 1 and add to the points made")
    stoeck: bool = option(False, doc="Stöck (King and Ober of trumps) add 20 to the points made")
    large_weis: bool = option(False, doc="long sequences: 6 = 150 ... 9 = 300 (with weis)")
    weis_four_low: bool = option(False, doc="four 8s, 7s or 6s count 100 (with weis)")
    kreuzweis: bool = option(False, doc="one card may serve in a sequence and a four (with weis)")
    stoeck_announce: str = option(
        "second-card", choices=("second-card", "with-weis"),
        doc="Stöck is announced with the second of the two cards, or with the Weis in trick 1",
    )
    tie_break: str = option(
        "shared", choices=("shared", "most_exact"),
        doc="equal totals share the place, or more exact forecasts rank higher",
    )

    def trick_rules(self) -> RuleSet:
        """The rule set of the card play: Weis and Stöck as chosen, no Match bonus (what
        :mod:`puur.weis` and the trick engine read; the same object for equal options)."""
        return _trick_rules(self)

    def play_rule(self) -> PlayRule:
        """Schieber's trick rules with the chosen undertrump rule."""
        return PlayRule("schieber", self.undertrump)  # type: ignore[arg-type]


@lru_cache(maxsize=64)
def _trick_rules(o: DifferenzlerRules) -> RuleSet:
    return RuleSet(
        name=f"differenzler-{o.name}", weis=o.weis, stoeck=o.stoeck, large_weis=o.large_weis,
        weis_four_low=o.weis_four_low, kreuzweis=o.kreuzweis,
        stoeck_announce=o.stoeck_announce,  # type: ignore[arg-type]
        match_bonus=0,
    )


PRESETS: Final[dict[str, DifferenzlerRules]] = {
    "standard": DifferenzlerRules(name="standard"),
    "exact-bonus": DifferenzlerRules(name="exact-bonus", exact_bonus=10),
    "short": DifferenzlerRules(name="short", hands=8),
    "open": DifferenzlerRules(name="open", forecast="open"),
    "random-trumps": DifferenzlerRules(name="random-trumps", trump="random"),
    "three": DifferenzlerRules(name="three", players=3),
}
"""``standard``: the rule book's defaults (4 players, hidden forecasts, the dealer's last card,
12 hands, no bonus); ``exact-bonus``: 10 off for an exact forecast; ``short``: 8 hands, as on
television; ``open``: forecasts announced in turn; ``random-trumps``: a suit drawn at random, as
online tables do; ``three``: three players with 12 cards each."""


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


class DifferenzlerGame(SeriesGame[DifferenzlerHand]):
    """A game of Differenzler: the agreed number of hands, the dealer moving one seat a hand."""

    def __init__(
        self,
        rules: DifferenzlerRules | None = None,
        seed: int | str | None = None,
        deals: list[DifferenzlerDeal] | None = None,
    ) -> None:
        rules = VARIANT.check_rules(rules)
        self.rules: DifferenzlerRules = rules
        self.seed: int | str = seed if seed is not None else random.randrange(2**63)
        self._deals: list[DifferenzlerDeal] = list(deals or [])
        n = rules.players
        self.first_dealer: int = (
            self._deals[0].dealer if self._deals
            else random.Random(f"{self.seed}:dealer").randrange(n)
        )
        self.rounds: list[DifferenzlerHand] = []
        self._start_hand((0,) * n)

    @property
    def variant(self) -> DifferenzlerVariant:
        """The Differenzler variant."""
        return VARIANT

    @property
    def num_seats(self) -> int:
        """Three or four players."""
        return self.rules.players

    @property
    def sides(self) -> tuple[int, ...]:
        """Each player is a side of his own."""
        return tuple(range(self.rules.players))

    def deal_for(self, index: int) -> DifferenzlerDeal:
        """The deal of hand ``index`` (given, or shuffled from the seed)."""
        if index < len(self._deals):
            return self._deals[index]
        dealer = (self.first_dealer + index) % self.rules.players
        d = deal_differenzler(self.rules, f"{self.seed}:{index}", dealer)
        self._deals.append(d)
        return d

    def _start_hand(self, totals: tuple[int, ...]) -> None:
        index = len(self.rounds)
        self.rounds.append(DifferenzlerHand(self.rules, self.deal_for(index), index + 1, totals))

    def _next_hand(self) -> None:
        self._start_hand(self.scores)

    def set_deal(self, deal: DifferenzlerDeal) -> None:
        """Replace the deal of the current hand before its first action (used by records); the
        dealer must be the one whose turn it is."""
        r = self.round
        if r.actions or self.is_over:
            raise IllegalActionError("the deal can only be set before the hand's first action")
        index = len(self.rounds) - 1
        if not isinstance(deal, DifferenzlerDeal):
            raise IllegalActionError(f"not a Differenzler deal: {deal!r}")
        if index and deal.dealer != r.dealer:
            raise IllegalActionError(
                f"hand {index + 1} is dealt by seat {r.dealer}, not {deal.dealer}")
        try:
            self.rounds[index] = DifferenzlerHand(self.rules, deal, r.hand_no, r.totals)
        except ValueError as e:
            raise IllegalActionError(str(e)) from None
        if index == 0:
            self.first_dealer = deal.dealer
        self._deals[index] = deal

    @property
    def scores(self) -> tuple[int, ...]:
        """Each player's penalty total, the current hand included once it is over."""
        r = self.round
        return tuple(t + p for t, p in zip(r.totals, r.penalties(), strict=True))

    def exact_counts(self) -> tuple[int, ...]:
        """How many exact forecasts each player has made."""
        out = [0] * self.rules.players
        for r in self.rounds:
            for s, hit in enumerate(r.exact()):
                out[s] += hit
        return tuple(out)

    @property
    def is_over(self) -> bool:
        """True once the last hand is played."""
        return len(self.rounds) == self.rules.hands and self.round.is_over





    def standings(self) -> tuple[int, ...]:
        """Places by penalty total, lowest first; equal totals share a place unless
        ``tie_break = "most_exact"`` ranks more exact forecasts higher."""
        scores = self.scores
        if self.rules.tie_break == "most_exact":
            exact = self.exact_counts()
            return rank_sides([(scores[s], -exact[s]) for s in range(self.num_seats)])
        return rank_sides(list(scores))

    def summary(self) -> dict[str, Any]:
        """Plain data: penalty totals, hands played, places, exact forecasts."""
        return {
            "variant": "differenzler",
            "scores": list(self.scores),
            "hands": len(self.rounds),
            "places": list(self.standings()),
            "exact": list(self.exact_counts()),
            "over": self.is_over,
        }


# ---------------------------------------------------------------------------------------------
# Notation


def action_names() -> tuple[str, ...]:
    """The name of every action id."""
    names = [format_card(c) for c in range(NUM_CARDS)]
    names += [f"forecast:{f}" for f in range(MAX_FORECAST + 1)]
    names += ["weis:-"] + [f"weis:{k}" for k in range(1, 16)]
    names += ["stoeck", "stoeck:-"]
    assert len(names) == NUM_ACTIONS
    return tuple(names)


ACTIONS: Final = ActionSpace(action_names())


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


class DifferenzlerVariant(OptionsVariant):
    """The static description of Differenzler."""

    key = "differenzler"
    name = "Differenzler"
    aliases = ("differenzler-jass", "differenz")
    summary = "each alone: forecast your own card points, the difference is your penalty"
    players = (4, 3)
    sides_text = "each alone"
    score_name = "penalty"
    lower_is_better = True
    options_class = DifferenzlerRules
    preset_table = PRESETS

    def num_seats(self, rules: Any) -> int:
        """Four, or three with ``players = 3``."""
        return int(self.check_rules(rules).players)

    def hides_action(self, rules: Any, action: int) -> bool:
        """A forecast is hidden from the others until the hand is over (``forecast = "hidden"``):
        they learn only that the seat has forecast."""
        return bool(self.check_rules(rules).forecast == "hidden"
                    and type(action) is int and A_FORECAST <= action <= A_FORECAST + MAX_FORECAST)

    def action_space(self, rules: Any) -> ActionSpace:
        """Cards, forecasts 0-157, Weis and Stöck (the same ids under every option)."""
        return ACTIONS

    def with_hands(self, deal: Any, hands: tuple[int, ...]) -> DifferenzlerDeal:
        """The same dealer and trumps with other hands."""
        if not isinstance(deal, DifferenzlerDeal):
            raise TypeError(f"not a Differenzler deal: {deal!r}")
        return dataclasses.replace(deal, hands=tuple(hands))

    def hands_of(self, deal: Any) -> tuple[int, ...]:
        """The hands of a Differenzler deal."""
        return tuple(deal.hands)

    def new_game(
        self, rules: Any = None, seed: int | str | None = None, deals: list[Any] | None = None
    ) -> DifferenzlerGame:
        """A new game of Differenzler."""
        return DifferenzlerGame(rules, seed, deals)

    def format_action(self, hand: TrickHand, action: int) -> str:
        """``forecast:N``, or a card, Weis or Stöck token."""
        tok = format_trick_action(hand, action)
        return tok if tok is not None else hand.action_text(action)

    def parse_action(self, hand: TrickHand, token: str) -> int:
        """The action of a record token (``ValueError`` naming a bad one)."""
        t = token.strip().lower()
        if t.startswith("forecast:"):
            f = t[9:]
            if not (f.isascii() and f.isdigit() and int(f) <= MAX_FORECAST):
                raise ValueError(f"bad action {token!r}: a forecast is 0..{MAX_FORECAST}")
            return A_FORECAST + int(f)
        a = parse_trick_action(hand, token)
        if a is None:
            raise ValueError(f"bad action {token!r}: expected a card, forecast:N, weis or stoeck")
        return a

    def format_hand(self, game: Any, index: int) -> str:
        """The dealer, the turned card (or drawn suit) and the hands."""
        return format_deal_line(game.rounds[index].deal)

    def parse_hand(self, rules: Any, text: str) -> DifferenzlerDeal:
        """A deal of ``DEALER TRUMP HAND / …``."""
        return parse_deal_line(self.check_rules(rules), text)

    def check_hand(self, game: Any, index: int, text: str) -> None:
        """The dealer named must be the game's (the seat after the last hand's dealer)."""
        named = parse_deal_line(game.rules, text).dealer
        actual = game.rounds[index].dealer
        if named != actual:
            raise ValueError(f"hand {index + 1} is dealt by seat {actual}, not {named}")

    def hand_scores(self, game: Any, index: int) -> tuple[int, ...]:
        """Each player's penalty total after hand ``index``."""
        r = game.rounds[index]
        return tuple(t + p for t, p in zip(r.totals, r.penalties(), strict=True))

    def format_result(self, game: Any) -> str:
        """``PLACE … / TOTAL …``."""
        return format_places(game)


VARIANT: Final = DifferenzlerVariant()
