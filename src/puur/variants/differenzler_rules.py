"""Differenzler's options, presets and action ids (the rules: ``docs/variants/differenzler.md``).

Action ids (stable): 0-35 play a card; 36-193 forecast 0-157; 194 keep quiet about a Weis and
195-209 declare one (only with ``weis`` on); 210 and 211 announce Stöck or keep quiet (only with
``stoeck`` on). Every name here is importable from :mod:`puur.variants.differenzler` too.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import ClassVar, Final

from puur.cards import NUM_CARDS, format_card
from puur.options import Options, option
from puur.rules import RuleSet
from puur.tricks import PlayRule
from puur.variants.base import ActionSpace

__all__ = [
    "ACTIONS",
    "A_FORECAST",
    "A_STOECK",
    "A_STOECK_NO",
    "A_WEIS",
    "FORECAST",
    "MAX_FORECAST",
    "NUM_ACTIONS",
    "PRESETS",
    "DifferenzlerRules",
    "action_names",
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


def action_names() -> tuple[str, ...]:
    """The name of every action id."""
    names = [format_card(c) for c in range(NUM_CARDS)]
    names += [f"forecast:{f}" for f in range(MAX_FORECAST + 1)]
    names += ["weis:-"] + [f"weis:{k}" for k in range(1, 16)]
    names += ["stoeck", "stoeck:-"]
    assert len(names) == NUM_ACTIONS
    return tuple(names)


ACTIONS: Final = ActionSpace(action_names())
