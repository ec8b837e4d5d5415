"""Typed, versioned messages of the web protocol (docs/protocol.md, version 1).

Every message a client sends is parsed here into a frozen dataclass, or refused with a
:class:`ProtocolError` carrying the protocol's error code. Nothing else in the server reads raw
client JSON. Whatever the bytes, parsing either succeeds or raises :class:`ProtocolError`
(JSON that :mod:`puur.server.safejson` refuses is ``bad_json``); free text (names, ``ref``) may
hold no control or invisible formatting character (``safejson.bad_character``). Actions map to
the engine's integer actions (:mod:`puur.actions`, rule book §2.3-§2.6, ``docs/rulebook.md``)
and back to the JSON objects listed as ``legal`` in a seat's state.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Final

from puur.actions import A_CHOOSE, A_PUSH, A_STOECK, A_STOECK_NO, A_WEIS, MAX_WEIS_OPTIONS
from puur.cards import CardError, format_card, parse_card
from puur.contracts import ContractError, format_contract, parse_contract
from puur.server import safejson
from puur.server.names import MAX_NAME, name_error, normalize
from puur.weis import Meld

__all__ = [
    "LANGUAGES",
    "PROTOCOL_VERSION",
    "STRENGTHS",
    "ActionMessage",
    "Back",
    "ClientMessage",
    "CreateTable",
    "Hello",
    "JoinTable",
    "Ping",
    "ProtocolError",
    "Rematch",
    "SeatSpec",
    "action_json",
    "action_of",
    "error_json",
    "meld_json",
    "parse_client_message",
    "parse_create",
    "parse_join",
]

PROTOCOL_VERSION: Final = 1
LANGUAGES: Final = ("de", "fr", "it", "en")
DECKS: Final = ("swiss", "french")
STRENGTHS: Final = (1, 2, 3)
MAX_REF: Final = 64

# HTTP status of each error code that can be an HTTP answer.
HTTP_STATUS: Final[dict[str, int]] = {
    "bad_json": 400, "bad_message": 400, "version": 400, "unknown_type": 400, "bad_rules": 400,
    "no_table": 404, "no_game": 404, "not_finished": 409, "seat_taken": 409, "table_full": 409,
    "not_found": 404, "method_not_allowed": 405, "too_large": 413, "rate_limited": 429,
    "too_many_tables": 429, "too_many_shares": 409,
}


class ProtocolError(Exception):
    """A refused message: ``code`` is the protocol's error code, the text says why."""

    def __init__(self, code: str, message: str, ref: str | int | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.ref = ref

    def as_json(self) -> dict[str, Any]:
        """The ``error`` message."""
        return error_json(self.code, self.message, self.ref)

    @property
    def http_status(self) -> int:
        """The HTTP status for this error."""
        return HTTP_STATUS.get(self.code, 400)


def error_json(code: str, message: str, ref: str | int | None = None) -> dict[str, Any]:
    """An ``error`` message object."""
    return {"v": PROTOCOL_VERSION, "type": "error", "code": code, "message": message, "ref": ref}


# ---------------------------------------------------------------------------------------------
# Client messages over the WebSocket


@dataclass(frozen=True)
class Hello:
    """Open a session: as a seat (``token``) or as a spectator."""

    token: str | None
    spectate: bool
    ref: str | int | None = None


@dataclass(frozen=True)
class ActionMessage:
    """One game action (play, choose, push, weis, stoeck) as its engine integer."""

    kind: str
    action: int
    ref: str | int | None = None


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


ClientMessage = Hello | ActionMessage | Rematch | Back | Ping

_FIELDS: Final[dict[str, frozenset[str]]] = {
    "hello": frozenset({"token", "spectate"}),
    "play": frozenset({"card"}),
    "choose": frozenset({"contract"}),
    "push": frozenset(),
    "weis": frozenset({"option"}),
    "stoeck": frozenset({"announce"}),
    "rematch": frozenset(),
    "back": frozenset(),
    "ping": frozenset(),
}


def _load_object(text: str | bytes) -> dict[str, Any]:
    try:
        data = safejson.load(text)
    except safejson.BadJson as e:
        raise ProtocolError("bad_json", str(e)) from None
    if not isinstance(data, dict):
        raise ProtocolError("bad_json", "a message must be a JSON object")
    return data


def _free_text(text: str, what: str, ref: str | int | None = None) -> str:
    ch = safejson.bad_character(text)
    if ch is not None:
        raise ProtocolError("bad_message", f"{what} may not hold the character "
                            f"{safejson.describe(ch)}: control and invisible formatting "
                            "characters are refused", ref)
    return text


def _ref(data: dict[str, Any]) -> str | int | None:
    ref = data.get("ref")
    if ref is None:
        return None
    if isinstance(ref, bool) or not isinstance(ref, str | int) or len(str(ref)) > MAX_REF:
        raise ProtocolError("bad_message", f"'ref' must be a string or integer of at most {MAX_REF}"
                            " characters")
    if isinstance(ref, str):
        _free_text(ref, "'ref'")
    return ref


def _check_version(data: dict[str, Any], ref: str | int | None) -> None:
    v = data.get("v")
    if isinstance(v, bool) or v != PROTOCOL_VERSION:
        raise ProtocolError(
            "version", f"protocol version {v!r} is not supported; this server speaks v=1", ref
        )


def parse_client_message(text: str | bytes) -> ClientMessage:
    """Parse and validate one WebSocket message from a client.

    >>> parse_client_message('{"v": 1, "type": "play", "card": "HJ"}')
    ActionMessage(kind='play', action=14, ref=None)
    """
    data = _load_object(text)
    try:
        ref = _ref(data)
    except ProtocolError:
        _check_version(data, None)
        raise
    _check_version(data, ref)
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
    if kind == "play":
        card = data.get("card")
        if not isinstance(card, str):
            raise ProtocolError("bad_message", "'play' needs a 'card' token such as \"HJ\"", ref)
        try:
            return ActionMessage(kind, parse_card(card), ref)
        except CardError as e:
            raise ProtocolError("bad_message", str(e), ref) from None
    if kind == "choose":
        token = data.get("contract")
        if not isinstance(token, str):
            raise ProtocolError("bad_message", "'choose' needs a 'contract' token such as "
                                "\"H\" or \"obe\"", ref)
        try:
            return ActionMessage(kind, A_CHOOSE + parse_contract(token), ref)
        except ContractError as e:
            raise ProtocolError("bad_message", str(e), ref) from None
    if kind == "push":
        return ActionMessage(kind, A_PUSH, ref)
    if kind == "weis":
        option = data.get("option")
        if isinstance(option, bool) or not isinstance(option, int) or not (
            0 <= option <= MAX_WEIS_OPTIONS
        ):
            raise ProtocolError("bad_message", "'weis' needs an 'option' number: 0 keeps quiet, "
                                "k declares the k-th split offered", ref)
        return ActionMessage(kind, A_WEIS + option, ref)
    if kind == "stoeck":
        announce = data.get("announce")
        if not isinstance(announce, bool):
            raise ProtocolError("bad_message", "'stoeck' needs 'announce': true or false", ref)
        return ActionMessage(kind, A_STOECK if announce else A_STOECK_NO, ref)
    if kind == "rematch":
        return Rematch(ref)
    if kind == "back":
        return Back(ref)
    return Ping(ref)


# ---------------------------------------------------------------------------------------------
# Actions as JSON


def action_json(action: int) -> dict[str, Any]:
    """The client message body (without ``v``) that performs ``action``.

    >>> action_json(14), action_json(45)
    ({'type': 'play', 'card': 'HJ'}, {'type': 'push'})
    """
    if action < A_CHOOSE:
        return {"type": "play", "card": format_card(action)}
    if action < A_PUSH:
        return {"type": "choose", "contract": format_contract(action - A_CHOOSE)}
    if action == A_PUSH:
        return {"type": "push"}
    if action < A_STOECK:
        return {"type": "weis", "option": action - A_WEIS}
    return {"type": "stoeck", "announce": action == A_STOECK}


def action_of(message: dict[str, Any]) -> int:
    """The engine integer of an action object as :func:`action_json` writes it."""
    msg = parse_client_message(json.dumps({"v": PROTOCOL_VERSION, **message}))
    if not isinstance(msg, ActionMessage):
        raise ProtocolError("bad_message", f"not an action: {message!r}")
    return msg.action


def meld_json(meld: Meld) -> dict[str, Any]:
    """A Weis meld as ``{"cards": [...], "points": N}``."""
    return {"cards": [format_card(c) for c in meld.card_list()], "points": meld.points}


# ---------------------------------------------------------------------------------------------
# HTTP bodies


@dataclass(frozen=True)
class SeatSpec:
    """One seat of a new table: a person's seat, or a computer player and its strength."""

    kind: str  # "human" or "bot"
    bot: str | None = None
    strength: int | None = None


@dataclass(frozen=True)
class CreateTable:
    """The body of ``POST /api/tables``."""

    preset: str
    options: dict[str, Any]
    deck: str
    lang: str
    seats: tuple[SeatSpec, SeatSpec, SeatSpec, SeatSpec]
    seat: int | None
    #: The creator's display name, ``None`` for none (the seat is then shown by its name).
    name: str | None
    turn_timer: float | None
    public: bool


@dataclass(frozen=True)
class JoinTable:
    """The body of ``POST /api/tables/{code}/join``."""

    seat: int | None
    name: str | None


def _body(text: bytes, allowed: set[str]) -> dict[str, Any]:
    data = _load_object(text or b"{}")
    _check_version(data, None)
    extra = set(data) - allowed - {"v", "type", "ref"}
    if extra:
        raise ProtocolError("bad_message", f"unknown field(s): {', '.join(sorted(extra))}")
    return data


def _name(data: dict[str, Any], what: str = "'name'") -> str | None:
    """A display name (:mod:`puur.server.names`): runs of white space become one space, 1 to
    MAX_NAME characters, no character that ``safejson.bad_character`` refuses; ``None`` when
    none is given."""
    name = data.get("name")
    if name is None:
        return None
    if not isinstance(name, str):
        raise ProtocolError("bad_message", f"{what} must be a string of 1 to {MAX_NAME} characters")
    name = normalize(name)
    error = name_error(name)
    if error is not None:
        raise ProtocolError("bad_message", f"{what} {error}")
    return name


def _seat_no(value: Any) -> int | None:
    if value is None:
        return None
    if isinstance(value, bool) or value not in (0, 1, 2, 3):
        raise ProtocolError("bad_message", f"'seat' must be 0..3 or null, not {value!r}")
    return int(value)


def parse_create(body: bytes, bots: list[str], min_timer: float = 5.0) -> CreateTable:
    """Parse and validate a create-table body; ``bots`` are the computer players available,
    ``min_timer`` the shortest turn timer allowed (seconds)."""
    data = _body(body, {"rules", "options", "deck", "lang", "seats", "seat", "name",
                        "turn_timer", "public"})
    preset = data.get("rules", "family")
    if not isinstance(preset, str):
        raise ProtocolError("bad_rules", "'rules' must be a preset name")
    options = data.get("options", {})
    if not isinstance(options, dict):
        raise ProtocolError("bad_rules", "'options' must be an object of rule options")
    if "name" in options:  # the rule set's name is shown to everyone: free text
        options = {**options, "name": _name(options, "option 'name'")}
    deck = data.get("deck", "swiss")
    if deck not in DECKS:
        raise ProtocolError("bad_message", f"'deck' must be one of {', '.join(DECKS)}")
    lang = data.get("lang", "de")
    if lang not in LANGUAGES:
        raise ProtocolError("bad_message", f"'lang' must be one of {', '.join(LANGUAGES)}")
    raw_seats = data.get("seats")
    if raw_seats is None:
        raw_seats = [{"kind": "human"}] + [{"kind": "bot", "bot": "random"}] * 3
    if not isinstance(raw_seats, list) or len(raw_seats) != 4:
        raise ProtocolError("bad_message", "'seats' must be a list of four seats")
    specs: list[SeatSpec] = []
    for i, s in enumerate(raw_seats):
        if not isinstance(s, dict) or s.get("kind") not in ("human", "bot"):
            raise ProtocolError("bad_message", f"seat {i}: 'kind' must be \"human\" or \"bot\"")
        if s["kind"] == "human":
            if set(s) - {"kind"}:
                raise ProtocolError("bad_message", f"seat {i}: a human seat has only 'kind'")
            specs.append(SeatSpec("human"))
            continue
        if set(s) - {"kind", "bot", "strength"}:
            raise ProtocolError("bad_message", f"seat {i}: unknown field(s) "
                                f"{', '.join(sorted(set(s) - {'kind', 'bot', 'strength'}))}")
        bot = s.get("bot", "random")
        if bot not in bots:
            raise ProtocolError("bad_message", f"seat {i}: unknown computer player {bot!r}; "
                                f"available: {', '.join(bots)}")
        strength = s.get("strength", 2)
        if isinstance(strength, bool) or strength not in STRENGTHS:
            raise ProtocolError("bad_message", f"seat {i}: 'strength' must be 1, 2 or 3")
        specs.append(SeatSpec("bot", str(bot), int(strength)))
    seat = _seat_no(data.get("seat", 0 if specs[0].kind == "human" else None))
    if seat is not None and specs[seat].kind != "human":
        raise ProtocolError("seat_taken", f"seat {seat} is a computer player's seat")
    timer = data.get("turn_timer")
    if timer is not None and (
        isinstance(timer, bool)
        or not isinstance(timer, int | float)
        or not min_timer <= timer <= 600
    ):
        raise ProtocolError(
            "bad_message", f"'turn_timer' must be {min_timer:g} to 600 seconds or null"
        )
    public = data.get("public", True)
    if not isinstance(public, bool):
        raise ProtocolError("bad_message", "'public' must be true or false")
    return CreateTable(
        preset, options, str(deck), str(lang), (specs[0], specs[1], specs[2], specs[3]), seat,
        _name(data),
        float(timer) if timer is not None else None, public,
    )


def parse_join(body: bytes) -> JoinTable:
    """Parse and validate a join body."""
    data = _body(body, {"seat", "name"})
    seat = _seat_no(data.get("seat"))
    return JoinTable(seat, _name(data))
