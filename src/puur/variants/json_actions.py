"""The actions of any variant as plain data, finding the action a client names, and the
decisions the table is not told of when they are made.

**Plain data of an action** (:func:`action_data`): its id in the variant's action space, its
name there (stable: ``forecast:42``, ``row:3:S``, ``weis:1``), its record token (``HJ``,
``forecast:42``, ``weis:H6.H7.H8``: the token of :mod:`puur.record`, which may depend on the
state, as a Weis names its cards) and a *typed form* read from the name::

    HJ              {"type": "play", "card": "HJ"}
    choose:H        {"type": "choose", "contract": "H"}
    push            {"type": "push"}
    weis:-, weis:k  {"type": "weis", "option": 0 | k}      (k: the k-th split offered)
    stoeck, stoeck:-{"type": "stoeck", "announce": true | false}
    forecast:N      {"type": "forecast", "value": N}
    row:R:C         {"type": "row", "row": R, "contract": "C"}
    declare:W       {"type": "declare", "word": "W"}            (Handjass: play, drop, ...)
    pass, bid:N     {"type": "pass"}, {"type": "bid", "value": N}
    bid:WORD        {"type": "bid", "word": "WORD"}    (Pandur: misere, trumpf-pandur, ...)
    discard:HJ      {"type": "discard", "card": "HJ"}  (call:HJ likewise)
    decline, accept {"type": "decline"}, {"type": "accept"}
    double          {"type": "double"}                 (Sidi Barrani)

A client names an action by its id, its name, its token or its typed form (:func:`find_action`);
the typed forms of Schieber are the messages clients have always sent.

**Secret decisions** (:func:`is_secret`). A seat is asked about its Weis (and, when Stöck is
announced with the Weis, about its Stöck) only because it holds one, so the table must not learn
of the decision, whichever it is, until the seat's next card: :func:`withheld` counts the
decisions not yet told, :func:`as_the_table_sees_it` shows the game without them, and
:func:`revealed` is what the card then makes public. A decision whose *content* the rules hide
but whose existence is public (a hidden Differenzler forecast: everyone sees that the seat
forecast) is told at once without its content (:func:`public_action`,
:meth:`~puur.variants.base.Variant.hides_action`).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from contextlib import contextmanager
from functools import lru_cache
from typing import Any, Final

from puur.hand import MAX_WEIS_OPTIONS, TrickHand
from puur.variants.base import ActionSpace, Variant, VariantGame
from puur.variants.view import announcement

__all__ = [
    "ActionError",
    "action_data",
    "actions_data",
    "announced",
    "as_the_table_sees_it",
    "find_action",
    "hand_rules",
    "is_secret",
    "public_action",
    "quiet_stoeck",
    "revealed",
    "typed_form",
    "withheld",
]

#: The typed form's fields of each kind of action name (``KIND:ARG:ARG``), in order.
_ARGS: Final[dict[str, tuple[tuple[str, type], ...]]] = {
    "choose": (("contract", str),),
    "push": (),
    "forecast": (("value", int),),
    "row": (("row", int), ("contract", str)),
    "declare": (("word", str),),
    "pass": (),
    "bid": (("value", int),),
    "discard": (("card", str),),
    "call": (("card", str),),
    "decline": (),
    "accept": (),
    "double": (),
}
#: The names a quiet Weis or Stöck has in the action spaces.
_QUIET: Final = ("-", "quiet")


class ActionError(ValueError):
    """A client's description of an action that names none of the variant's actions, or names
    two different ones."""


def typed_form(name: str) -> dict[str, Any] | None:
    """The typed form of an action name (``None`` for an unused id, named ``-``).

    >>> typed_form("row:3:S"), typed_form("weis:quiet"), typed_form("D6")
    ({'type': 'row', 'row': 3, 'contract': 'S'}, {'type': 'weis', 'option': 0}, \
{'type': 'play', 'card': 'D6'})
    """
    kind, _sep, rest = name.partition(":")
    if name == "-":
        return None
    if len(name) == 2 and not _sep:
        return {"type": "play", "card": name}
    if kind == "weis":
        return {"type": "weis", "option": 0 if rest in _QUIET else int(rest)}
    if kind == "stoeck":
        return {"type": "stoeck", "announce": rest not in _QUIET}
    fields = _ARGS.get(kind)
    args = rest.split(":") if rest else []
    if fields is None or len(args) != len(fields):
        return {"type": kind, "args": args}
    out: dict[str, Any] = {"type": kind}
    for (field, kind_of), arg in zip(fields, args, strict=True):
        if kind_of is int and not arg.isdigit():
            out["word"] = arg  # a bid that is a word, not points
            continue
        out[field] = int(arg) if kind_of is int else arg
    return out


def _key(form: Mapping[str, Any]) -> tuple[tuple[str, Any], ...]:
    # A form of a kind without named fields carries its arguments as a list.
    return tuple(sorted((k, tuple(v) if isinstance(v, list) else v) for k, v in form.items()))


@lru_cache(maxsize=32)
def _catalog(space: ActionSpace) -> tuple[tuple[dict[str, Any] | None, ...],
                                          dict[tuple[tuple[str, Any], ...], int]]:
    """Each id's typed form, and the id of each typed form, of an action space."""
    forms = tuple(typed_form(n) for n in space.names)
    return forms, {_key(f): a for a, f in enumerate(forms) if f is not None}


def action_data(variant: Variant, hand: TrickHand, action: int) -> dict[str, Any]:
    """The plain data of ``action`` in ``hand`` (before it is pushed): its typed form, ``id``,
    ``name`` and record ``token``."""
    return actions_data(variant, hand, (action,))[0]


def actions_data(variant: Variant, hand: TrickHand, actions: Iterable[int]) -> list[dict[str, Any]]:
    """:func:`action_data` of each of ``actions`` in ``hand`` (the action space looked up once)."""
    space = variant.action_space(hand_rules(hand))
    forms = _catalog(space)[0]
    names = space.names
    fmt = variant.format_action
    return [{**(forms[a] or {"type": "action"}), "id": a, "name": names[a],
             "token": fmt(hand, a)} for a in actions]


def hand_rules(hand: TrickHand) -> Any:
    """The variant's options a hand is played under (its trick rules for Schieber)."""
    return getattr(hand, "options", hand.rules)


def public_action(variant: Variant, rules: Any, data: dict[str, Any]) -> dict[str, Any]:
    """What the other seats are told of an action when it is made: all of it, or only its
    kind when the rules hide its content."""
    if variant.hides_action(rules, data["id"]):
        return {"type": data["type"]}
    return data


def find_action(
    variant: Variant, rules: Any, hand: TrickHand, *, id: int | None = None,
    name: str | None = None, token: str | None = None, form: Mapping[str, Any] | None = None,
) -> int:
    """The action a client names by any of its ``id``, ``name``, record ``token`` and typed
    ``form``; those given must agree. :class:`ActionError` saying what is wrong (whether the
    action is legal now is for the engine to say)."""
    space = variant.action_space(rules)
    forms, ids = _catalog(space)
    found: dict[str, int] = {}
    if id is not None:
        if type(id) is not int or not 0 <= id < space.size or forms[id] is None:
            raise ActionError(f"{variant.name} has no action {id!r} (ids 0..{space.size - 1})")
        found["id"] = id
    if name is not None:
        try:
            found["name"] = space.id(name)
        except ValueError:
            raise ActionError(f"{variant.name} has no action named {name[:40]!r}") from None
    if token is not None:
        try:
            found["token"] = variant.parse_action(hand, token)
        except ValueError as e:
            raise ActionError(str(e)) from None
        if not 0 <= found["token"] < space.size:
            raise ActionError(f"{variant.name} has no action {token[:40]!r}")
    if form is not None:
        a = ids.get(_key(form))
        if a is None:
            raise ActionError(f"{variant.name} has no action {_describe(form)}")
        found["form"] = a
    if not found:
        raise ActionError("an action needs an 'id', a 'name' or a 'token'")
    if len(set(found.values())) > 1:
        named = ", ".join(f"{k} {space.names[a]!r}" for k, a in found.items())
        raise ActionError(f"the fields name different actions: {named}")
    return next(iter(found.values()))


def _describe(form: Mapping[str, Any]) -> str:
    args = " ".join(f"{k}={v!r}" for k, v in form.items() if k != "type")
    return f"{form.get('type')!r} {args}".strip()


# ---------------------------------------------------------------------------------------------
# Secret decisions


def is_secret(hand: TrickHand, action: int) -> bool:
    """Whether ``action`` is a decision the table learns of only with the seat's next card: a
    Weis decision, a Stöck decision when Stöck is announced with the Weis, or one of the
    hand's own :attr:`~puur.hand.TrickHand.SECRET_ACTIONS`."""
    if hand.A_WEIS <= action <= hand.A_WEIS + MAX_WEIS_OPTIONS or action in hand.SECRET_ACTIONS:
        return True
    return (action in (hand.A_STOECK, hand.A_STOECK_NO)
            and hand.rules.stoeck_announce == "with-weis")


def withheld(game: VariantGame) -> int:
    """How many of the last actions are secret decisions the table has not been told yet (those
    of the seat to move, before its card); none once the game is over."""
    if game.is_over:
        return 0
    hand = game.round
    n = 0
    for a in reversed(hand.actions):
        if not is_secret(hand, a):
            break
        n += 1
    return n


@contextmanager
def as_the_table_sees_it(game: VariantGame) -> Iterator[VariantGame]:
    """``game`` without the decisions :func:`withheld` counts, for as long as the block runs
    (they are undone and then applied again)."""
    undone = [game.pop() for _ in range(withheld(game))]
    try:
        yield game
    finally:
        for a in reversed(undone):
            game.push(a)


def announced(hand: TrickHand, seat: int) -> list[dict[str, int]]:
    """Points and length of each meld ``seat`` declared, best first (the order of the melds in
    a split follows their suits, which stay hidden: :func:`puur.variants.view.announcement`)."""
    return [{"points": p, "length": n} for p, n in announcement(hand.declared[seat])]


def revealed(hand: TrickHand, seat: int, actions: list[int]) -> list[dict[str, Any]]:
    """What the table learns of ``seat``'s secret decisions ``actions`` in ``hand`` with its
    card: a declared Weis (points and length of each meld) and an announced Stöck; a seat that
    kept quiet reveals nothing."""
    out: list[dict[str, Any]] = []
    for a in actions:
        if hand.A_WEIS < a <= hand.A_WEIS + MAX_WEIS_OPTIONS:
            out.append({"type": "weis", "declared": announced(hand, seat)})
        elif a == hand.A_STOECK:
            out.append({"type": "stoeck", "announce": True})
        else:  # a variant's own secret decision (Strafpunktjass's declaration)
            told = getattr(hand, "told", None)
            said = told(a) if callable(told) else None
            if said is not None:
                out.append(said)
    return out


def quiet_stoeck(hand: TrickHand, action: int) -> bool:
    """Whether ``action`` keeps quiet about Stöck after the second card, which the table sees
    without being told (both cards are on the table)."""
    return action == hand.A_STOECK_NO and not is_secret(hand, action)
