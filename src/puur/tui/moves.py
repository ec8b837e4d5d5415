"""What an action of any variant is, read from the variant's own action space.

Every variant names its action ids (:meth:`puur.variants.base.Variant.action_space`): cards by
their code (``HJ``), and the other actions ``KIND`` or ``KIND:ARG``: ``choose:H`` (Schieber),
``push``, ``weis:quiet`` or ``weis:-`` and ``weis:K`` (the K-th split offered), ``stoeck`` and
``stoeck:quiet`` or ``stoeck:-``, ``forecast:N`` (Differenzler), ``row:R:X`` (Coiffeur: row R,
1-based, played as contract X), ``pass``, ``bid:N``, ``discard:CARD``, ``call:CARD``,
``decline`` and ``accept`` (Bieter), ``double`` (Sidi Barrani). The terminal reads these
names to tell what an action does; it never numbers the actions itself.

>>> from puur.variants import get
>>> decode(get("coiffeur"), 64 + 16 * 2 + 1)
Move(kind='row', value=2, contract=1)
>>> decode(get("differenzler"), 36 + 40)
Move(kind='forecast', value=40, contract=-1)
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from puur.cards import NUM_CARDS, parse_card
from puur.contracts import CONTRACT_TOKENS
from puur.variants import Variant, variants

__all__ = ["BID_WORDS", "DECLARE_WORDS", "Move", "action_of", "ask_kind", "decode", "find",
           "row_groups", "variant_of"]

#: The words of a declaring phase (Handjass: whether a player plays the hand; Zuger: stay, go home,
#: and the answers to forcing and to the settlement; Königsjass: keep or swap the hand, exchange
#: the trump 6 or pass; Schaggi Haas: besser, rob; Reservejass: swap the hand for the reserve;
#: Strafpunktjass: declare the bare penalty card or keep quiet; Chratzer: chratze, weg, metcho), in
#: id order.
DECLARE_WORDS = ("play", "drop", "swap", "maybe", "stay", "home", "accept", "refuse", "force",
                 "noforce", "keep", "exchange", "pass", "besser", "rob", "reserve", "bare",
                 "quiet", "chratze", "weg", "metcho")

#: The bids of an auction that are words, not points (Pandur's special bids), in id order.
BID_WORDS = ("misere", "trumpf-misere", "pandur", "trumpf-pandur")


@dataclass(frozen=True)
class Move:
    """One action in words the terminal can tell: ``kind`` is ``card`` (``value`` the card),
    ``choose`` (``contract``), ``push``, ``weis`` (``value`` the split offered, 0 to keep
    quiet), ``stoeck`` (``value`` 1 to announce, 0 to keep quiet), ``forecast`` (``value`` the
    points), ``row`` (``value`` the row, 0-based, played as ``contract``), ``declare``
    (``value`` the word of :data:`DECLARE_WORDS`), ``pass``, ``bid`` (``value`` the points),
    ``bid_word`` (``value`` the bid of :data:`BID_WORDS`),
    ``discard`` and ``call`` (``value`` the card), ``decline``, ``accept``, ``double`` or
    ``other``."""

    kind: str
    value: int = -1
    contract: int = -1


@cache
def _moves(variant: Variant) -> tuple[Move, ...]:
    space = variant.action_space(variant.default_rules())
    return tuple(_read(a, name) for a, name in enumerate(space.names))


def _read(action: int, name: str) -> Move:
    if action < NUM_CARDS:
        return Move("card", action)
    kind, _sep, arg = name.partition(":")
    if kind == "choose" and arg in CONTRACT_TOKENS:
        return Move("choose", contract=CONTRACT_TOKENS.index(arg))
    if kind == "push" and not arg:
        return Move("push")
    if kind == "weis":
        return Move("weis", int(arg) if arg.isdigit() else 0)
    if kind == "stoeck":
        return Move("stoeck", 0 if arg else 1)
    if kind == "forecast" and arg.isdigit():
        return Move("forecast", int(arg))
    if kind == "declare" and arg in DECLARE_WORDS:
        return Move("declare", DECLARE_WORDS.index(arg))
    if kind == "row":
        row, _sep, con = arg.partition(":")
        if row.isdigit() and con in CONTRACT_TOKENS:
            return Move("row", int(row) - 1, CONTRACT_TOKENS.index(con))
    if kind == "bid" and arg.isdigit():
        return Move("bid", int(arg))
    if kind == "bid" and arg in BID_WORDS:
        return Move("bid_word", BID_WORDS.index(arg))
    if kind in ("pass", "decline", "accept", "double") and not arg:
        return Move(kind)
    if kind in ("discard", "call") and arg:
        return Move(kind, parse_card(arg))
    return Move("other", action)


def decode(variant: Variant, action: int) -> Move:
    """What ``action`` of ``variant`` does (``other`` for an id the variant leaves unused)."""
    moves = _moves(variant)
    if type(action) is not int or not 0 <= action < len(moves):
        return Move("other", -1)
    return moves[action]


def action_of(variant: Variant, move: Move) -> int:
    """The id of the action ``move`` is in ``variant`` (legal or not), or -1 when it has none."""
    try:
        return _moves(variant).index(move)
    except ValueError:
        return -1


def find(variant: Variant, legal: Any, kind: str, value: int = -1, contract: int = -1) -> int:
    """The legal action of ``kind`` (with ``value`` and ``contract`` where given), or -1."""
    for a in legal:
        m = decode(variant, a)
        if m.kind == kind and value in (-1, m.value) and contract in (-1, m.contract):
            return int(a)
    return -1


@cache
def _by_observation() -> dict[type, Variant]:
    # Each variant's observations have a type of their own: a spectator's view of a new game
    # tells which.
    return {type(v.new_game(seed=0).observation(-1)): v for v in reversed(variants())}


def variant_of(obs: Any) -> Variant:
    """The variant an observation belongs to (``ValueError`` for an unknown kind)."""
    try:
        return _by_observation()[type(obs)]
    except KeyError:
        raise ValueError(f"no variant observes with {type(obs).__name__}") from None


def ask_kind(obs: Any) -> str:
    """What the seat of ``obs`` is asked now, from its legal actions: ``forecast`` (a number),
    ``row`` (a row of the score sheet and how to play it, or push), ``choose`` (a contract or
    push), ``weis``, ``stoeck``, ``play``; ``""`` when it is not its turn."""
    if not obs.legal_actions:
        return ""
    kinds = {decode(variant_of(obs), a).kind for a in obs.legal_actions}
    for kind in ("forecast", "row"):
        if kind in kinds:
            return kind
    return str(obs.phase)


def row_groups(obs: Any) -> list[tuple[int, list[int]]]:
    """The legal row choices grouped by row (in the sheet's order): each open row with the
    actions that play it one way or another; push, where legal, is the group of row -1."""
    variant = variant_of(obs)
    groups: dict[int, list[int]] = {}
    push: list[int] = []
    for a in obs.legal_actions:
        m = decode(variant, a)
        if m.kind == "row":
            groups.setdefault(m.value, []).append(int(a))
        elif m.kind == "push":
            push.append(int(a))
    out = sorted(groups.items())
    return out + ([(-1, push)] if push else [])
