"""Schieber, the standard game, as the first variant of the registry.

Schieber's hand is :class:`puur.round.Round`, its game :class:`puur.game.Game`, its options
:class:`puur.rules.RuleSet` with the presets of :data:`puur.rules.PRESETS`; this module only
describes them to the registry. Its action ids are those of :mod:`puur.actions` (0-35 cards,
36-44 contracts, 45 push, 46-61 Weis, 62-63 Stöck), kept stable for records and learners.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from puur.actions import NUM_ACTIONS, decode
from puur.cards import format_card
from puur.contracts import CONTRACT_TOKENS, SCHIEBER_CONTRACTS
from puur.game import Game
from puur.options import OptionInfo
from puur.rules import PRESETS, RuleSet, rules_from_dict, rules_to_dict
from puur.variants.base import ActionSpace, Variant

__all__ = ["VARIANT", "SchieberVariant"]

_TOKENS: Final = CONTRACT_TOKENS[:SCHIEBER_CONTRACTS]


def _options() -> list[OptionInfo]:
    d = RuleSet()
    return [
        OptionInfo("start_card", "card", d.start_card,
                   "the holder of this card chooses in the first hand"),
        OptionInfo("push_back", "bool", d.push_back,
                   "after schieben the partner may push the choice back once"),
        OptionInfo("extra_contracts", "multi", [], "contracts besides suits, Obenabe, Undenufe",
                   choices=("misere", "slalom", "slalom-unde")),
        OptionInfo("weis", "bool", d.weis, "Weis (melds) are played"),
        OptionInfo("large_weis", "bool", d.large_weis,
                   "long sequences: 6 = 150, 7 = 200, 8 = 250, 9 = 300"),
        OptionInfo("weis_four_low", "bool", d.weis_four_low, "four 8s, 7s or 6s count 100"),
        OptionInfo("kreuzweis", "bool", d.kreuzweis,
                   "one card may serve in a sequence and a four of a kind"),
        OptionInfo("stoeck", "bool", d.stoeck, "King and Ober of trumps in one hand score 20"),
        OptionInfo("stoeck_announce", "choice", d.stoeck_announce,
                   "Stöck is announced with the second card, or with the Weis",
                   choices=("second-card", "with-weis")),
        OptionInfo("last_trick_bonus", "int", d.last_trick_bonus, "points of the last trick",
                   lo=0, hi=10_000),
        OptionInfo("match_bonus", "int", d.match_bonus, "extra points for a Match",
                   lo=0, hi=10_000),
        OptionInfo("kontermatch", "choice", d.kontermatch,
                   "a Match by the team that did not choose: as a Match, doubled, or a bonus",
                   choices=("match", "double", "bonus")),
        OptionInfo("kontermatch_bonus", "int", d.kontermatch_bonus,
                   "the bonus of kontermatch = bonus", lo=0, hi=10_000),
        OptionInfo("multipliers", "table", {t: 1 for t in _TOKENS},
                   "the multiplier of each contract", choices=_TOKENS, lo=1, hi=100),
        OptionInfo("target", "int", d.target, "points that end the game", lo=1, hi=1_000_000),
        OptionInfo("count_order", "choice", d.count_order,
                   "Stöck, Weis, then tricks as they fall; or the Weis after the last trick",
                   choices=("stoeck-weis-stich", "stoeck-stich-weis")),
        OptionInfo("striche", "bool", d.striche, "count Striche"),
        OptionInfo("strich_win", "int", d.strich_win, "Striche for winning the game",
                   lo=0, hi=10_000),
        OptionInfo("strich_bergpreis", "int", d.strich_bergpreis,
                   "Striche for first reaching half the target", lo=0, hi=10_000),
        OptionInfo("strich_schneider", "int", d.strich_schneider,
                   "extra Striche when the losers stay under half the target", lo=0, hi=10_000),
        OptionInfo("strich_match", "int", d.strich_match, "Striche for each Match",
                   lo=0, hi=10_000),
    ]


def _action_names() -> tuple[str, ...]:
    names = []
    for a in range(NUM_ACTIONS):
        act = decode(a)
        names.append(format_card(a) if a < 36 else str(act).replace(" ", ":"))
    return tuple(names)


_ACTIONS: Final = ActionSpace(_action_names())


class SchieberVariant(Variant):
    """The static description of Schieber."""

    key = "schieber"
    name = "Schieber"
    aliases = ("schieberjass", "schieber-jass", "jass")
    summary = "two teams of two: choose trumps or push to your partner; first to the target"
    players = (4,)
    sides_text = "two teams of two, partners opposite"

    @property
    def presets(self) -> Mapping[str, Any]:
        """The named rule sets of :data:`puur.rules.PRESETS` (``family`` first)."""
        return PRESETS

    def describe_options(self) -> list[OptionInfo]:
        """Every option of :class:`~puur.rules.RuleSet` with its default."""
        return _options()

    def rules_from_dict(self, data: Mapping[str, Any]) -> RuleSet:
        """A rule set from plain data (see :func:`puur.rules.rules_from_dict`)."""
        return rules_from_dict(data)

    def rules_to_dict(self, rules: Any) -> dict[str, Any]:
        """Plain data of a rule set (see :func:`puur.rules.rules_to_dict`)."""
        return rules_to_dict(self.check_rules(rules))

    def is_rules(self, rules: Any) -> bool:
        """Whether ``rules`` is a Schieber rule set."""
        return isinstance(rules, RuleSet)

    def num_seats(self, rules: Any) -> int:
        """Always four."""
        return 4

    def action_space(self, rules: Any) -> ActionSpace:
        """Cards, contracts, push, Weis and Stöck (:mod:`puur.actions`)."""
        return _ACTIONS

    def new_game(
        self, rules: Any = None, seed: int | str | None = None, deals: list[Any] | None = None
    ) -> Game:
        """A new game of Schieber."""
        return Game(self.check_rules(rules), seed, deals)


VARIANT: Final = SchieberVariant()
