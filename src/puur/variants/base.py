"""What every variant is and offers: the static description and the game it plays.

A :class:`Variant` is a small object with a stable key, a name, aliases and a one-line summary;
the player counts it allows and how seats form sides; its deck; its option set with named
presets; its action space (stable integer ids, each with a name, so that a new contract or bid
never renumbers the others); its observation layout and version; and :meth:`Variant.new_game`,
which starts a game. Outer layers (bots, arena, terminal, web, research adapters) ask these
questions and never branch on a variant's name.

A game (:class:`VariantGame`) has the contract Schieber's :class:`~puur.game.Game` has always had:
``legal_actions()``, ``push(action)``, ``pop()``, ``to_move``, ``is_over``, ``round`` (the hand
in play) and ``observation(seat)``, plus per-side ``scores`` and ``standings()``.

The shared action tokens (cards, Weis, Stöck) of every trick-taking hand are here too.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Final, Protocol, runtime_checkable

from puur.cards import CardError, format_card, parse_card, parse_cards
from puur.contracts import ContractError, parse_contract
from puur.hand import TrickHand
from puur.options import OptionError, OptionInfo, Options

__all__ = [
    "ActionSpace",
    "HandObservation",
    "OptionsVariant",
    "Variant",
    "VariantError",
    "VariantGame",
    "format_places",
    "format_trick_action",
    "parse_call_token",
    "parse_trick_action",
    "rank_sides",
]


#: Keys of a hand summary that name a seat (``-1`` where none applies).
_SEAT_KEYS: Final = frozenset({"chooser", "weis_seat", "stoeck_seat", "match", "dealer"})


class VariantError(ValueError):
    """An unknown variant, a bad player count or a rule set of another variant."""


@dataclass(frozen=True)
class ActionSpace:
    """The integer ids of a variant's actions and their names (``names[id]``)."""

    names: tuple[str, ...]

    @property
    def size(self) -> int:
        """The number of actions (the length of an action mask)."""
        return len(self.names)

    def name(self, action: int) -> str:
        """The name of an action id (``ValueError`` outside the space)."""
        if type(action) is not int or not 0 <= action < len(self.names):
            raise ValueError(f"not an action id: {action!r}")
        return self.names[action]

    def id(self, name: str) -> int:
        """The id of an action name (``ValueError`` when there is none)."""
        try:
            return self.names.index(name)
        except ValueError:
            raise ValueError(f"no action named {name!r}") from None


@runtime_checkable
class HandObservation(Protocol):
    """What bots and interfaces use of every variant's observation of one seat."""

    seat: int
    phase: str
    to_move: int
    hand: int
    legal_actions: tuple[int, ...]

    def to_tensor(self) -> list[float]:
        """The observation as a flat vector (layout documented per variant)."""
        ...

    def action_mask(self) -> list[int]:
        """1 for each legal action of the observer."""
        ...


@runtime_checkable
class VariantGame(Protocol):
    """The game of any variant, as outer layers drive it."""

    rules: Any
    seed: int | str

    @property
    def variant(self) -> Variant:
        """The variant this game plays."""
        ...

    @property
    def num_seats(self) -> int:
        """The number of seats at the table."""
        ...

    @property
    def sides(self) -> tuple[int, ...]:
        """The side of each seat (teams, or one side per player)."""
        ...

    @property
    def round(self) -> TrickHand:
        """The hand in play (the last one once the game is over)."""
        ...

    @property
    def is_over(self) -> bool:
        """True once the game has ended."""
        ...

    @property
    def to_move(self) -> int:
        """The seat to act."""
        ...

    @property
    def scores(self) -> tuple[int, ...]:
        """Each side's game total now (what the score sheet shows)."""
        ...

    def legal_actions(self) -> list[int]:
        """The legal actions of the seat to move (empty once the game is over)."""
        ...

    def push(self, action: int) -> None:
        """Apply an action (an illegal one raises and changes nothing)."""
        ...

    def pop(self) -> int:
        """Undo the last action."""
        ...

    def observation(self, seat: int) -> Any:
        """What ``seat`` may know now."""
        ...

    def standings(self) -> tuple[int, ...]:
        """The place of each side (1 is first; equal places are shared)."""
        ...

    def summary(self) -> dict[str, Any]:
        """Plain data: scores, hands played, places, the end."""
        ...


def format_places(game: Any) -> str:
    """``PLACE … / SCORE …``: each side's place and game total (the ``result`` of a record)."""
    places = " ".join(str(p) for p in game.standings())
    scores = " ".join(str(v) for v in game.scores)
    return f"{places} / {scores}"


def rank_sides(keys: Sequence[Any]) -> tuple[int, ...]:
    """Places from sort keys (lower key = better place); equal keys share a place.

    >>> rank_sides([88, 61, 61, 140])
    (3, 1, 1, 4)
    """
    return tuple(1 + sum(1 for other in keys if other < k) for k in keys)


class Variant(ABC):
    """The static description of one game of the family."""

    #: The stable key (``differenzler``), the name shown, other names it is found by.
    key: ClassVar[str]
    name: ClassVar[str]
    aliases: ClassVar[tuple[str, ...]] = ()
    #: One line: what the game is.
    summary: ClassVar[str]
    #: The player counts the variant allows; the first is the default.
    players: ClassVar[tuple[int, ...]]
    #: How seats form sides, in words (``"two teams of two"``, ``"each alone"``).
    sides_text: ClassVar[str]
    #: Cards in the deck.
    deck: ClassVar[int] = 36
    #: The layout version of the variant's observations.
    obs_version: ClassVar[int] = 1
    #: What a side's score is called, and whether the lower score is the better one.
    score_name: ClassVar[str] = "points"
    lower_is_better: ClassVar[bool] = False
    #: The card play is Schieber's, so that the double-dummy solver's values are the hand's
    #: (the coach solves such hands exactly, cards open).
    open_solver: ClassVar[bool] = False

    @property
    @abstractmethod
    def presets(self) -> Mapping[str, Any]:
        """Named option sets; the first is the default."""

    @abstractmethod
    def describe_options(self) -> list[OptionInfo]:
        """Every option with its kind, default and accepted values."""

    @abstractmethod
    def rules_from_dict(self, data: Mapping[str, Any]) -> Any:
        """An option set from plain data (a ``preset`` key starts from that preset)."""

    @abstractmethod
    def rules_to_dict(self, rules: Any) -> dict[str, Any]:
        """Plain data of an option set, with its version."""

    @abstractmethod
    def is_rules(self, rules: Any) -> bool:
        """Whether ``rules`` is an option set of this variant."""

    @abstractmethod
    def num_seats(self, rules: Any) -> int:
        """The number of seats a game under ``rules`` has."""

    @abstractmethod
    def action_space(self, rules: Any) -> ActionSpace:
        """The action ids and names under ``rules``."""

    @abstractmethod
    def new_game(
        self, rules: Any = None, seed: int | str | None = None, deals: list[Any] | None = None
    ) -> VariantGame:
        """A new game (deals shuffled from ``seed``, or the ``deals`` given)."""

    # -----------------------------------------------------------------------------------------
    # Records (puur.record): how a hand's first line and its actions are written and read.

    @abstractmethod
    def format_action(self, hand: TrickHand, action: int) -> str:
        """The record token of ``action`` in ``hand`` (before it is pushed)."""

    @abstractmethod
    def parse_action(self, hand: TrickHand, token: str) -> int:
        """The action a record token names in ``hand`` (``ValueError`` naming the token)."""

    @abstractmethod
    def format_hand(self, game: Any, index: int) -> str:
        """What follows ``hand N`` in a record for hand ``index`` (0-based) of ``game``."""

    @abstractmethod
    def parse_hand(self, rules: Any, text: str) -> Any:
        """The deal of a ``hand`` line's text (``ValueError`` saying what is wrong)."""

    @abstractmethod
    def check_hand(self, game: Any, index: int, text: str) -> None:
        """Check the parts of a ``hand`` line that follow from the game (who starts, who deals)
        once its deal is in place (``ValueError`` saying what differs)."""

    @abstractmethod
    def hand_scores(self, game: Any, index: int) -> tuple[int, ...]:
        """Each side's game total after hand ``index`` (0-based) is over."""

    @abstractmethod
    def format_result(self, game: Any) -> str:
        """What follows ``result`` once ``game`` is over."""

    def with_hands(self, deal: Any, hands: tuple[int, ...]) -> Any:
        """A deal like ``deal`` with other hands (for tests and search that redeal hidden
        cards); a deal is its hands unless the variant's deals carry more."""
        return tuple(hands)

    def hands_of(self, deal: Any) -> tuple[int, ...]:
        """The hands of a deal."""
        return tuple(deal)

    def default_deck(self, rules: Any) -> str:
        """The deck style a table of this variant shows unless a player picks another (a key
        of :data:`puur.cards.DECK_STYLES`)."""
        return "swiss"

    def default_rules(self) -> Any:
        """The first preset."""
        return next(iter(self.presets.values()))

    def preset(self, name: str) -> Any:
        """A preset by name (``VariantError`` naming the known ones)."""
        try:
            return self.presets[name]
        except KeyError:
            raise VariantError(
                f"{self.key} has no preset {name!r}; presets: {', '.join(self.presets)}"
            ) from None

    def check_rules(self, rules: Any) -> Any:
        """``rules``, or the default when ``None``; a rule set of another variant is refused."""
        if rules is None:
            return self.default_rules()
        if not self.is_rules(rules):
            raise VariantError(f"{self.key} cannot be played with {type(rules).__name__}")
        return rules

    def info(self) -> dict[str, Any]:
        """The description as plain data (for listings and the web lobby)."""
        return {
            "key": self.key, "name": self.name, "aliases": list(self.aliases),
            "summary": self.summary, "players": list(self.players), "sides": self.sides_text,
            "deck": self.deck, "presets": list(self.presets),
            "options": [o.as_dict() for o in self.describe_options()],
            "score_name": self.score_name, "lower_is_better": self.lower_is_better,
        }

    # -----------------------------------------------------------------------------------------
    # Interfaces (puur.variants.json_view): what the table is shown of hands and games.

    def hides_action(self, rules: Any, action: int) -> bool:
        """Whether the rules hide what ``action`` is from the other seats when it is made (they
        learn only that the seat acted, and of what kind: a hidden forecast); none by default.
        Decisions whose mere existence is secret (a Weis) are the trick hand's own, see
        :func:`puur.variants.json_actions.is_secret`."""
        return False

    def open_piles(self, hand: Any) -> dict[str, int]:
        """The cards lying face down outside the players' hands as ``hand`` stands (once it
        is over: as it ended), by pile (``blind``, ``dead``, ``talon``, ``dead_cards``), for a
        replay that opens every card; none by default."""
        return {}

    def hand_data(self, game: Any, index: int) -> dict[str, Any]:
        """Plain data of hand ``index`` (0-based) of ``game`` once it is over: what it scored
        (the hand's ``summary()`` by default, with a seat that does not apply as ``None``)."""
        return {k: (None if k in _SEAT_KEYS and v == -1 else v)
                for k, v in game.rounds[index].summary().items()}

    def result_data(self, game: Any) -> dict[str, Any]:
        """Plain data of a finished game: ``winner`` (the side placed first alone, else
        ``None``), ``reason`` (what ended it, or ``None``), ``scores`` and ``places`` per side,
        ``striche`` (``None`` where the variant keeps none)."""
        places = list(game.standings())
        first = [side for side, p in enumerate(places) if p == 1]
        return {"winner": first[0] if len(first) == 1 else None, "reason": None,
                "scores": list(game.scores), "places": places, "striche": None}

    def __repr__(self) -> str:
        return f"<Variant {self.key}>"


class OptionsVariant(Variant):
    """A variant whose options are an :class:`~puur.options.Options` class with presets."""

    options_class: ClassVar[type[Options]]
    preset_table: ClassVar[Mapping[str, Options]]

    @property
    def presets(self) -> Mapping[str, Any]:
        """The named option sets of the variant (the first is the default)."""
        return self.preset_table

    def describe_options(self) -> list[OptionInfo]:
        """Every option with its kind, default and accepted values."""
        return [o for o in self.options_class.describe() if o.name != "name"]

    def rules_from_dict(self, data: Mapping[str, Any]) -> Any:
        """An option set from plain data; a ``preset`` key starts from that preset. Bad data
        raises :class:`~puur.options.OptionError`."""
        if not isinstance(data, Mapping):
            raise OptionError("an option set must be a mapping of option names to values")
        data = dict(data)
        base = None
        if "preset" in data:
            name = data.pop("preset")
            if not isinstance(name, str) or name not in self.preset_table:
                raise OptionError(
                    f"option 'preset': unknown preset {name!r} "
                    f"(one of {', '.join(self.preset_table)})"
                )
            base = self.preset_table[name]
        return self.options_class.from_dict(data, base)

    def rules_to_dict(self, rules: Any) -> dict[str, Any]:
        """Plain data of an option set, with its version."""
        return dict(self.check_rules(rules).to_dict())

    def is_rules(self, rules: Any) -> bool:
        """Whether ``rules`` is an option set of this variant."""
        return isinstance(rules, self.options_class)


# ---------------------------------------------------------------------------------------------
# Tokens shared by every trick-taking hand: cards, Weis, Stöck.


def format_trick_action(hand: TrickHand, action: int) -> str | None:
    """The token of a card, Weis or Stöck action in ``hand`` (before it is pushed), or ``None``
    when ``action`` is none of those."""
    if type(action) is not int:
        return None
    if 0 <= action < 36:
        return format_card(action)
    if action == hand.A_STOECK:
        return "stoeck"
    if action == hand.A_STOECK_NO:
        return "stoeck:-"
    k = action - hand.A_WEIS
    if k == 0:
        return "weis:-"
    if 0 < k <= 15:
        opts = hand.weis_options(hand.to_move)
        if k <= len(opts):
            return "weis:" + "/".join(
                ".".join(format_card(c) for c in m.card_list()) for m in opts[k - 1]
            )
    return None


def parse_trick_action(hand: TrickHand, token: str) -> int | None:
    """The card, Weis or Stöck action a token names in ``hand``, or ``None`` when it names
    none of those. ``ValueError`` for a Weis the seat cannot declare."""
    t = token.strip()
    low = t.lower()
    if low == "stoeck":
        return hand.A_STOECK
    if low in ("stoeck:-", "stoeck:no"):
        return hand.A_STOECK_NO
    if low.startswith("weis:"):
        body = t[5:]
        if body in ("-", ""):
            return hand.A_WEIS
        try:
            wanted = sorted(
                sum(1 << c for c in parse_cards(m.replace(".", " "))) for m in body.split("/")
            )
        except CardError as e:
            raise ValueError(f"bad Weis {token!r}: {e}") from None
        for k, split in enumerate(hand.weis_options(hand.to_move), start=1):
            if sorted(m.cards for m in split) == wanted:
                return hand.A_WEIS + k
        raise ValueError(f"seat {hand.to_move} cannot declare the Weis {token!r}")
    try:
        return parse_card(t)
    except CardError:
        return None


def parse_call_token(token: str, game: str) -> tuple[str, int] | None:
    """The call an auction's token names: ``("bid", points)`` for ``bid:N``, ``("choose",
    contract)`` for ``choose:C`` (a suit, Obenabe or Undenufe: the contracts an auction's
    winner names in ``game``); ``None`` for any other token. ``ValueError`` for a bad one.

    >>> parse_call_token("bid:120", "Bieter"), parse_call_token("choose:obe", "Bieter")
    (('bid', 120), ('choose', 4))
    """
    kind, _sep, arg = token.strip().partition(":")
    kind = kind.lower()
    if kind == "bid":
        if not (arg.isascii() and arg.isdigit()):
            raise ValueError("a bid is a number")
        return kind, int(arg)
    if kind == "choose":
        try:
            c = parse_contract(arg)
        except ContractError as e:
            raise ValueError(str(e)) from None
        if c > 5:
            raise ValueError(f"{game} is played in a suit, Obenabe or Undenufe")
        return kind, c
    return None
