"""Checks of what the server sends against the typed messages of :mod:`puur.server.protocol`.

:func:`conforms` holds a decoded JSON value to a type of the protocol: a ``TypedDict`` must have
every required key, no key it does not name, and each value of its type; ``Literal``, unions,
``list[...]``, ``dict[str, ...]`` and the plain types are checked as they read (a bool is no
int). :func:`check_message` picks the message's type by its ``type`` field, and holds a game's
``panel`` and ``own`` to the types the variant's observation gives them.
"""

from __future__ import annotations

import json
import types
from collections.abc import Callable
from functools import cache
from typing import (
    Any,
    Literal,
    TypedDict,
    Union,
    get_args,
    get_origin,
    get_type_hints,
    is_typeddict,
)

from puur.server import history_protocol, protocol


class _StateHead(TypedDict):
    """A state without its table and game (checked on their own)."""

    v: Literal[2]
    type: Literal["state"]
    you: protocol.You
    seq: int
    event: protocol.Event | None
    table: None
    game: None


MESSAGES: dict[str, Any] = {
    "state": protocol.StateMessage,
    "hand_over": protocol.HandOverMessage,
    "game_over": protocol.GameOverMessage,
    "error": protocol.ErrorMessage,
    "bot_welcome": protocol.BotWelcomeMessage,
    "pong": protocol.PongMessage,
    "meta": protocol.MetaMessage,
    "created": protocol.CreatedMessage,
    "joined": protocol.JoinedMessage,
    "tables": protocol.TablesMessage,
    "table": protocol.TableMessage,
    "games": history_protocol.GamesMessage,
    "share": history_protocol.ShareMessage,
    "replay": history_protocol.ReplayMessage,
    "analysis": history_protocol.AnalysisMessage,
}


@cache
def _hints(tp: Any) -> dict[str, Any]:
    return get_type_hints(tp)


Check = Callable[[Any, str], None]


def conforms(value: Any, tp: Any, path: str = "$") -> None:
    """Fail with the path of the first value that is not of type ``tp``."""
    _checker(tp)(value, path)


def _plain(kind: type, what: str) -> Check:
    exact = kind is int

    def check(value: Any, path: str) -> None:
        ok = type(value) is int if exact else (
            type(value) in (int, float) if kind is float else isinstance(value, kind))
        assert ok, f"{path}: {value!r} is not {what}"
    return check


@cache
def _checker(tp: Any) -> Check:
    """A function checking values of type ``tp`` (made once per type)."""
    if tp is Any:
        return lambda value, path: None
    if tp is None or tp is type(None):
        def null(value: Any, path: str) -> None:
            assert value is None, f"{path}: {value!r} is not null"
        return null
    if is_typeddict(tp):
        return _typed_dict(tp)
    origin = get_origin(tp)
    if origin is Literal:
        allowed = get_args(tp)

        def literal(value: Any, path: str) -> None:
            assert value in allowed and type(value) in {type(a) for a in allowed}, (
                f"{path}: {value!r} is not one of {allowed}")
        return literal
    if origin in (Union, types.UnionType):
        return _union(get_args(tp))
    if origin is list:
        item = _checker(get_args(tp)[0])

        def items(value: Any, path: str) -> None:
            assert isinstance(value, list), f"{path}: {value!r} is not a list"
            for i, v in enumerate(value):
                item(v, f"{path}[{i}]")
        return items
    if origin is tuple:  # a JSON array of fixed length, each place its own type
        places = [_checker(a) for a in get_args(tp)]

        def fixed(value: Any, path: str) -> None:
            assert isinstance(value, list) and len(value) == len(places), (
                f"{path}: {value!r} is not a list of {len(places)}")
            for i, (check, v) in enumerate(zip(places, value, strict=True)):
                check(v, f"{path}[{i}]")
        return fixed
    if origin is dict:
        entry = _checker(get_args(tp)[1])

        def entries(value: Any, path: str) -> None:
            assert isinstance(value, dict), f"{path}: {value!r} is not an object"
            for k, v in value.items():
                assert isinstance(k, str), f"{path}: key {k!r}"
                entry(v, f"{path}.{k}")
        return entries
    plain = {bool: "true or false", int: "a whole number", float: "a number", str: "text"}
    if tp in plain:
        return _plain(tp, plain[tp])
    raise AssertionError(f"no check for the type {tp!r}")


def _typed_dict(tp: Any) -> Check:
    fields = {k: _checker(t) for k, t in _hints(tp).items()}
    required = tp.__required_keys__
    name = tp.__name__

    def check(value: Any, path: str) -> None:
        assert isinstance(value, dict), f"{path}: {value!r} is not an object ({name})"
        missing = required - set(value)
        assert not missing, f"{path}: {name} lacks {sorted(missing)}"
        for key, v in value.items():
            field = fields.get(key)
            assert field is not None, f"{path}: {name} has no {key!r}"
            field(v, f"{path}.{key}")
    return check


def _union(arms: tuple[Any, ...]) -> Check:
    checks = [_checker(a) for a in arms]

    def check(value: Any, path: str) -> None:
        errors = []
        for c in checks:
            try:
                c(value, path)
                return
            except AssertionError as e:
                errors.append(str(e))
        raise AssertionError(" / ".join(errors))
    return check


#: Parts of messages already checked (a table summary repeats in every state).
_CHECKED: set[tuple[Any, str]] = set()


def _conforms_once(value: Any, tp: Any, path: str) -> None:
    key = (tp, json.dumps(value, sort_keys=True))
    if key not in _CHECKED:
        conforms(value, tp, path)
        if len(_CHECKED) > 100_000:
            _CHECKED.clear()
        _CHECKED.add(key)


def check_message(m: dict[str, Any], obs: Any = None) -> None:
    """Hold a decoded server message to its protocol type (``obs``: an observation of the game
    of a state, whose ``panel()`` and ``own()`` types the game's panels)."""
    tp = MESSAGES.get(m.get("type"))  # type: ignore[arg-type]
    assert tp is not None, f"an unknown message type: {m.get('type')!r}"
    if m["type"] == "state":
        hints = _hints(tp)
        _conforms_once(m["table"], hints["table"], "$.table")
        _conforms_once(m["game"], hints["game"], "$.game")
        conforms({**m, "table": None, "game": None}, _StateHead, "$")
    else:
        conforms(m, tp)
    game = m.get("game") if m["type"] == "state" else None
    if game is None or obs is None:
        return
    for key, method in (("panel", "panel"), ("own", "own")):
        fn = getattr(type(obs), method, None)
        if fn is None:
            assert game[key] == {}, f"$.game.{key}: the variant has none"
        elif game[key]:
            conforms(game[key], _hints(fn)["return"], f"$.game.{key}")
