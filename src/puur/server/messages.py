"""Typed, versioned client messages of the WebSocket (docs/protocol.md, version 2).

Every message a client sends over the WebSocket is parsed here into a frozen dataclass, or
refused with a :class:`~puur.server.protocol.ProtocolError` carrying the protocol's error code.
Nothing else in the server reads raw client JSON (HTTP bodies: :mod:`puur.server.bodies`).
Whatever the bytes, parsing either succeeds or raises ``ProtocolError``; free text (``ref``, an
action's name or token) may hold no control or invisible formatting character.

An action names one of the variant's actions (:mod:`puur.variants.json_actions`): by its
``id`` in the variant's action space, its ``name`` there, its record ``token``, or its typed
form (``play``, ``choose``, ``push``, ``weis``, ``stoeck`` as clients of Schieber have always
sent them, ``forecast``, ``row``). A typed message may carry ``id``, ``name`` and ``token`` too
(the legal actions listed in a state are such messages), and then all must name the same
action. Which action that is in the table's variant, and whether it is legal, the table decides
with the engine.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from puur.cards import CardError, format_card, parse_card
from puur.contracts import ContractError, format_contract, parse_contract
from puur.hand import MAX_WEIS_OPTIONS
from puur.server.bodies import (
    DECKS,
    LANGUAGES,
    STRENGTHS,
    CreateTable,
    JoinTable,
    SeatSpec,
    check_version,
    free_text,
    load_object,
    parse_create,
    parse_join,
)
from puur.server.protocol import PROTOCOL_VERSION, ProtocolError, error_json

__all__ = [
    "BOT_VERSION",
    "DECKS",
    "LANGUAGES",
    "PROTOCOL_VERSION",
    "STRENGTHS",
    "ActionMessage",
    "Back",
    "BotHello",
    "ClientMessage",
    "CreateTable",
    "Hello",
    "JoinTable",
    "Ping",
    "ProtocolError",
    "Rematch",
    "SeatSpec",
    "error_json",
    "parse_client_message",
    "parse_create",
    "parse_join",
]

MAX_REF: Final = 64
#: The longest action name or record token a client may send (a Weis token names its cards).
MAX_TOKEN: Final = 200
#: The largest number an action message may carry (an id, a forecast, a row).
MAX_NUMBER: Final = 10_000
#: The largest ``seq`` an action may name (more steps than any game has).
MAX_SEQ: Final = 10_000_000
#: The version of the bot part of the protocol (``bot_hello``, docs/protocol.md, *Bots*).
BOT_VERSION: Final = 1
#: The longest ``client`` a bot may name itself with in its hello.
MAX_CLIENT: Final = 80


@dataclass(frozen=True)
class Hello:
    """Open a session: as a seat (``token``) or as a spectator."""

    token: str | None
    spectate: bool
    ref: str | int | None = None


@dataclass(frozen=True)
class BotHello:
    """Open a session as an outside program at a bot seat (``token``: its bot token), speaking
    version ``bot_version`` of the bot part; ``client`` names the program (for the log)."""

    token: str
    bot_version: int
    client: str | None = None
    ref: str | int | None = None


@dataclass(frozen=True)
class ActionMessage:
    """One game action as the client named it: its typed ``form`` (``type`` and that type's
    fields, empty for a message of type ``action``) and any of ``id``, ``name``, ``token``.
    The table finds the action in its variant (:func:`puur.variants.json_actions.find_action`).
    """

    kind: str
    form: tuple[tuple[str, Any], ...] = ()
    id: int | None = None
    name: str | None = None
    token: str | None = None
    ref: str | int | None = None
    #: The ``seq`` of the state the action answers (``None``: any); a stale one is refused.
    seq: int | None = None

    @classmethod
    def of_id(cls, action: int, ref: str | int | None = None,
              seq: int | None = None) -> ActionMessage:
        """The message naming an action by its id."""
        return cls("action", id=action, ref=ref, seq=seq)


@dataclass(frozen=True)
class Rematch:
    """Start the next game once the game is over."""

    ref: str | int | None = None


@dataclass(frozen=True)
class Back:
    """Take the seat back from the computer player standing in."""

    ref: str | int | None = None


@dataclass(frozen=True)
class Ping:
    """Keep-alive; answered with ``pong``."""

    ref: str | int | None = None


ClientMessage = Hello | BotHello | ActionMessage | Rematch | Back | Ping

_NAMED: Final = frozenset({"id", "name", "token", "seq"})
#: The fields of each typed form of an action.
_FORMS: Final[dict[str, frozenset[str]]] = {
    "play": frozenset({"card"}),
    "choose": frozenset({"contract"}),
    "push": frozenset(),
    "weis": frozenset({"option"}),
    "stoeck": frozenset({"announce"}),
    "forecast": frozenset({"value"}),
    "row": frozenset({"row", "contract"}),
    "declare": frozenset({"word"}),
    "pass": frozenset(),
    "bid": frozenset({"value", "word"}),  # a number, or a bid in words (Pandur's Misère)
    "discard": frozenset({"card"}),
    "call": frozenset({"card"}),
    "decline": frozenset(),
    "accept": frozenset(),
    "double": frozenset(),
}
_FIELDS: Final[dict[str, frozenset[str]]] = {
    "hello": frozenset({"token", "spectate"}),
    "bot_hello": frozenset({"token", "bot_version", "client"}),
    "action": _NAMED,
    **{kind: fields | _NAMED for kind, fields in _FORMS.items()},
    "rematch": frozenset(),
    "back": frozenset(),
    "ping": frozenset(),
}


def _ref(data: dict[str, Any]) -> str | int | None:
    ref = data.get("ref")
    if ref is None:
        return None
    if isinstance(ref, bool) or not isinstance(ref, str | int) or len(str(ref)) > MAX_REF:
        raise ProtocolError("bad_message", f"'ref' must be a string or integer of at most {MAX_REF}"
                            " characters")
    if isinstance(ref, str):
        free_text(ref, "'ref'")
    return ref


def parse_client_message(text: str | bytes) -> ClientMessage:
    """Parse and validate one WebSocket message from a client.

    >>> parse_client_message('{"v": 2, "type": "play", "card": "HJ"}')
    ActionMessage(kind='play', form=(('type', 'play'), ('card', 'HJ')), id=None, name=None, \
token=None, ref=None, seq=None)
    """
    data = load_object(text)
    try:
        ref = _ref(data)
    except ProtocolError:
        check_version(data, None)
        raise
    check_version(data, ref)
    kind = data.get("type")
    if not isinstance(kind, str) or kind not in _FIELDS:
        raise ProtocolError("unknown_type", f"unknown message type {kind!r}; expected one of "
                            f"{', '.join(_FIELDS)}", ref)
    extra = set(data) - _FIELDS[kind] - {"v", "type", "ref"}
    if extra:
        raise ProtocolError("bad_message", f"unknown field(s) for {kind!r}: "
                            f"{', '.join(sorted(extra))}", ref)
    if kind == "hello":
        token = data.get("token")
        spectate = data.get("spectate", False)
        if not isinstance(spectate, bool):
            raise ProtocolError("bad_message", "'spectate' must be true or false", ref)
        if token is not None and (not isinstance(token, str) or not 0 < len(token) <= 200):
            raise ProtocolError("bad_message", "'token' must be a non-empty string", ref)
        if (token is None) == (not spectate):
            raise ProtocolError("bad_message", "hello needs either a 'token' or "
                                "'spectate': true", ref)
        return Hello(token, spectate, ref)
    if kind == "bot_hello":
        return _bot_hello(data, ref)
    if kind in _FIELDS and kind not in ("rematch", "back", "ping"):
        return _action(kind, data, ref)
    if kind == "rematch":
        return Rematch(ref)
    if kind == "back":
        return Back(ref)
    return Ping(ref)


def _bot_hello(data: dict[str, Any], ref: str | int | None) -> BotHello:
    version = data.get("bot_version")
    if isinstance(version, bool) or not isinstance(version, int):
        raise ProtocolError("bad_message", "'bot_hello' needs 'bot_version': the version of the "
                            f"bot protocol the program speaks ({BOT_VERSION})", ref)
    if version != BOT_VERSION:
        raise ProtocolError("version", f"bot protocol version {version} is not supported; this "
                            f"server speaks bot_version={BOT_VERSION}", ref)
    token = data.get("token")
    if not isinstance(token, str) or not 0 < len(token) <= 200:
        raise ProtocolError("bad_message", "'bot_hello' needs the seat's bot 'token'", ref)
    client = data.get("client")
    if client is not None:
        if not isinstance(client, str) or not 0 < len(client) <= MAX_CLIENT:
            raise ProtocolError("bad_message", f"'client' must be a string of 1 to {MAX_CLIENT}"
                                " characters", ref)
        free_text(client, "'client'", ref)
    return BotHello(token, version, client, ref)


# ---------------------------------------------------------------------------------------------
# Actions


def _number(data: dict[str, Any], field: str, kind: str, ref: str | int | None,
            lo: int = 0, bound: int = MAX_NUMBER) -> int:
    value = data.get(field)
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= bound:
        raise ProtocolError("bad_message", f"{kind!r} needs {field!r}: a whole number "
                            f"{lo}..{bound}", ref)
    return value


def _contract(data: dict[str, Any], kind: str, ref: str | int | None) -> str:
    token = data.get("contract")
    if not isinstance(token, str):
        raise ProtocolError("bad_message", f"{kind!r} needs a 'contract' token such as "
                            "\"H\" or \"obe\"", ref)
    try:
        return format_contract(parse_contract(token))
    except ContractError as e:
        raise ProtocolError("bad_message", str(e), ref) from None


def _form(kind: str, data: dict[str, Any], ref: str | int | None) -> dict[str, Any]:
    """The typed form of an action message, its values as canonical tokens."""
    if kind in ("play", "discard", "call"):
        card = data.get("card")
        if not isinstance(card, str):
            raise ProtocolError("bad_message", f"{kind!r} needs a 'card' token such as \"HJ\"",
                                ref)
        try:
            return {"type": kind, "card": format_card(parse_card(card))}
        except CardError as e:
            raise ProtocolError("bad_message", str(e), ref) from None
    if kind == "choose":
        return {"type": kind, "contract": _contract(data, kind, ref)}
    if kind == "weis":
        option = data.get("option")
        if isinstance(option, bool) or not isinstance(option, int) or not (
            0 <= option <= MAX_WEIS_OPTIONS
        ):
            raise ProtocolError("bad_message", "'weis' needs an 'option' number: 0 keeps quiet, "
                                "k declares the k-th split offered", ref)
        return {"type": kind, "option": option}
    if kind == "stoeck":
        announce = data.get("announce")
        if not isinstance(announce, bool):
            raise ProtocolError("bad_message", "'stoeck' needs 'announce': true or false", ref)
        return {"type": kind, "announce": announce}
    if kind == "bid" and "word" in data:  # a bid in words (Pandur's Misère), not a number
        if "value" in data:
            raise ProtocolError("bad_message", "'bid' takes a 'value' or a 'word', not both", ref)
        word = data["word"]
        if not isinstance(word, str) or not 0 < len(word) <= MAX_TOKEN:
            raise ProtocolError("bad_message", "'bid' needs a 'word' such as \"misere\"", ref)
        return {"type": kind, "word": free_text(word, "'word'", ref)}
    if kind in ("forecast", "bid"):
        return {"type": kind, "value": _number(data, "value", kind, ref)}
    if kind == "row":
        return {"type": kind, "row": _number(data, "row", kind, ref, lo=1),
                "contract": _contract(data, kind, ref)}
    if kind == "declare":
        word = data.get("word")
        if not isinstance(word, str) or not 0 < len(word) <= MAX_TOKEN:
            raise ProtocolError("bad_message", "'declare' needs a 'word' such as \"play\"", ref)
        return {"type": kind, "word": free_text(word, "'word'", ref)}
    return {"type": kind}  # push, pass, decline, accept, double


def _text_field(data: dict[str, Any], field: str, ref: str | int | None) -> str | None:
    value = data.get(field)
    if value is None:
        return None
    if not isinstance(value, str) or not 0 < len(value) <= MAX_TOKEN:
        raise ProtocolError("bad_message", f"{field!r} must be a string of 1 to {MAX_TOKEN} "
                            "characters", ref)
    return free_text(value, repr(field), ref)


def _action(kind: str, data: dict[str, Any], ref: str | int | None) -> ActionMessage:
    action_id = data.get("id")
    if action_id is not None and (isinstance(action_id, bool) or not isinstance(action_id, int)
                                  or not 0 <= action_id <= MAX_NUMBER):
        raise ProtocolError("bad_message", f"'id' must be an action id 0..{MAX_NUMBER}", ref)
    name, token = _text_field(data, "name", ref), _text_field(data, "token", ref)
    seq = None if data.get("seq") is None else _number(data, "seq", kind, ref, bound=MAX_SEQ)
    if kind == "action":
        if action_id is None and name is None and token is None:
            raise ProtocolError("bad_message", "'action' needs an 'id', a 'name' or a 'token'",
                                ref)
        return ActionMessage(kind, (), action_id, name, token, ref, seq)
    form = tuple(_form(kind, data, ref).items())
    return ActionMessage(kind, form, action_id, name, token, ref, seq)
