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
from puur.hand import TrickHand
from puur.notation import NotationError, format_deal, parse_deal
from puur.notation import format_action as _format_action
from puur.notation import parse_action as _parse_action
from puur.options import OptionInfo
from puur.round import Round
from puur.rules import PRESETS, RuleSet, rules_from_dict, rules_to_dict
from puur.variants.base import ActionSpace, Variant

__all__ = [
    "VARIANT",
    "ForehandDealRecords",
    "SchieberVariant",
    "format_forehand_hand",
    "parse_forehand_hand",
]

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


def parse_forehand_hand(text: str) -> tuple[int, tuple[int, ...]]:
    """Read ``FOREHAND HAND / HAND / HAND / HAND`` (the ``hand`` line of Schieber and of the
    variants dealt as Schieber); ``ValueError`` saying what is wrong."""
    parts = text.split(maxsplit=1)
    if len(parts) < 2:
        raise ValueError("'hand' needs a number, the forehand and the deal")
    if not parts[0].isdigit():
        raise ValueError(f"'hand' needs whole numbers, got {parts[0]!r}")
    fh = int(parts[0])
    try:
        deal = parse_deal(parts[1])
    except NotationError as e:
        raise ValueError(str(e)) from None
    if fh not in (0, 1, 2, 3):
        raise ValueError(f"forehand must be a seat 0..3, not {fh}")
    return fh, deal


def format_forehand_hand(forehand: int, hands: tuple[int, ...]) -> str:
    """``FOREHAND HAND / HAND / HAND / HAND``."""
    return f"{forehand} {format_deal(hands)}"


def check_forehand(game: Any, index: int, text: str) -> None:
    """The forehand a ``hand`` line names must be the game's: the start card's holder in the
    first hand, then the next seat each hand."""
    fh, _deal = parse_forehand_hand(text)
    actual = game.rounds[index].forehand
    if fh != actual:
        if index == 0:
            raise ValueError(f"the start card's holder is seat {actual}, not {fh}")
        raise ValueError(f"hand {index + 1} must start with seat {actual}, not {fh}")


class ForehandDealRecords:
    """The ``hand`` line of Schieber and of the variants dealt as Schieber: the forehand and the
    four hands."""

    def format_hand(self, game: Any, index: int) -> str:
        """The forehand and the deal."""
        rd = game.rounds[index]
        return format_forehand_hand(rd.forehand, rd.initial_hands)

    def parse_hand(self, rules: Any, text: str) -> tuple[int, ...]:
        """The four hands of ``FOREHAND DEAL``."""
        return parse_forehand_hand(text)[1]

    def check_hand(self, game: Any, index: int, text: str) -> None:
        """The forehand named must be the game's."""
        check_forehand(game, index, text)


class SchieberVariant(ForehandDealRecords, Variant):
    """The static description of Schieber."""

    key = "schieber"
    name = "Schieber"
    aliases = ("schieberjass", "schieber-jass", "jass")
    summary = "two teams of two: choose trumps or push to your partner; first to the target"
    players = (4,)
    sides_text = "two teams of two, partners opposite"
    open_solver = True

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

    def format_action(self, hand: TrickHand, action: int) -> str:
        """The notation token (:func:`puur.notation.format_action`)."""
        assert isinstance(hand, Round)
        return _format_action(hand, action)

    def parse_action(self, hand: TrickHand, token: str) -> int:
        """The action of a notation token (:func:`puur.notation.parse_action`)."""
        assert isinstance(hand, Round)
        return _parse_action(hand, token)

    def hand_scores(self, game: Any, index: int) -> tuple[int, ...]:
        """Both teams' totals after hand ``index``."""
        start, rd = game.start_scores[index], game.rounds[index]
        return (start[0] + rd.credited[0], start[1] + rd.credited[1])

    def format_result(self, game: Any) -> str:
        """``WINNER REASON A B``: the winning team, what brought it to the target, the scores."""
        a, b = game.scores
        return f"{game.winner} {game.end_reason} {a} {b}"

    def hand_data(self, game: Any, index: int) -> dict[str, Any]:
        """The hand's breakdown per team (:meth:`puur.round.Round.hand_score`; the Match team
        ``None`` when there was none)."""
        score: dict[str, Any] = game.rounds[index].hand_score()
        if score["match"] < 0:
            score["match"] = None
        return score

    def result_data(self, game: Any) -> dict[str, Any]:
        """The team that reached the target, what brought it there (``stoeck``, ``weis``,
        ``trick``, ``last`` or ``match``), the scores, places and Striche."""
        return {"winner": game.winner, "reason": game.end_reason, "scores": list(game.scores),
                "places": list(game.standings()), "striche": list(game.striche())}


VARIANT: Final = SchieberVariant()
