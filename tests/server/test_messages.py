"""Parsing and validation of every client message (docs/protocol.md)."""

from __future__ import annotations

import json

import pytest

from puur.actions import A_CHOOSE, A_PUSH, A_STOECK, A_STOECK_NO, A_WEIS
from puur.cards import parse_card
from puur.contracts import Contract
from puur.server.messages import (
    ActionMessage,
    Back,
    Hello,
    Ping,
    ProtocolError,
    Rematch,
    action_json,
    action_of,
    parse_client_message,
    parse_create,
    parse_join,
)


def msg(**fields: object) -> str:
    return json.dumps({"v": 1, **fields})


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (msg(type="play", card="HJ"), ActionMessage("play", parse_card("HJ"))),
        (msg(type="play", card="♥U"), ActionMessage("play", parse_card("HJ"))),
        (msg(type="choose", contract="obe"), ActionMessage("choose", A_CHOOSE + Contract.OBENABE)),
        (msg(type="choose", contract="S"), ActionMessage("choose", A_CHOOSE + 2)),
        (msg(type="push"), ActionMessage("push", A_PUSH)),
        (msg(type="weis", option=0), ActionMessage("weis", A_WEIS)),
        (msg(type="weis", option=2, ref=9), ActionMessage("weis", A_WEIS + 2, 9)),
        (msg(type="stoeck", announce=True), ActionMessage("stoeck", A_STOECK)),
        (msg(type="stoeck", announce=False), ActionMessage("stoeck", A_STOECK_NO)),
        (msg(type="rematch"), Rematch()),
        (msg(type="back", ref="x"), Back("x")),
        (msg(type="ping"), Ping()),
        (msg(type="hello", token="abc"), Hello("abc", False)),
        (msg(type="hello", spectate=True), Hello(None, True)),
    ],
)
def test_every_client_message_parses(text: str, expected: object) -> None:
    assert parse_client_message(text) == expected


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("{not json", "bad_json"),
        (b"\xff\xfe", "bad_json"),
        ("[1, 2]", "bad_json"),
        ('"play"', "bad_json"),
        (json.dumps({"type": "play", "card": "HJ"}), "version"),
        (msg(type="play", card="HJ").replace('"v": 1', '"v": 2'), "version"),
        (msg(type="play", card="HJ").replace('"v": 1', '"v": "1"'), "version"),
        (msg(type="play", card="HJ").replace('"v": 1', '"v": true'), "version"),
        (msg(type="dance"), "unknown_type"),
        (msg(), "unknown_type"),
        (msg(type=3), "unknown_type"),
        (msg(type="play"), "bad_message"),
        (msg(type="play", card="X9"), "bad_message"),
        (msg(type="play", card=14), "bad_message"),
        (msg(type="play", card="HJ", extra=1), "bad_message"),
        (msg(type="choose", contract="hearts-ish"), "bad_message"),
        (msg(type="choose"), "bad_message"),
        (msg(type="weis", option=-1), "bad_message"),
        (msg(type="weis", option=True), "bad_message"),
        (msg(type="weis", option=99), "bad_message"),
        (msg(type="stoeck", announce="yes"), "bad_message"),
        (msg(type="hello"), "bad_message"),
        (msg(type="hello", token="a", spectate=True), "bad_message"),
        (msg(type="hello", token=""), "bad_message"),
        (msg(type="ping", ref=[1]), "bad_message"),
        (msg(type="ping", ref="x" * 65), "bad_message"),
    ],
)
def test_bad_messages_get_their_error_code(text: str | bytes, code: str) -> None:
    with pytest.raises(ProtocolError) as e:
        parse_client_message(text)
    assert e.value.code == code
    assert e.value.as_json()["type"] == "error"
    assert e.value.message


def test_error_echoes_ref() -> None:
    with pytest.raises(ProtocolError) as e:
        parse_client_message(msg(type="play", card="ZZ", ref="r1"))
    assert e.value.as_json()["ref"] == "r1"


def test_action_json_round_trips_every_action() -> None:
    for a in [*range(36), *range(A_CHOOSE, A_CHOOSE + 9), A_PUSH, *range(A_WEIS, A_WEIS + 16),
              A_STOECK, A_STOECK_NO]:
        assert action_of(action_json(a)) == a


def test_create_defaults_and_validation() -> None:
    spec = parse_create(b'{"v": 1}', ["random"])
    assert spec.preset == "family" and spec.seat == 0 and spec.deck == "swiss"
    assert [s.kind for s in spec.seats] == ["human", "bot", "bot", "bot"]
    bad = [
        {"v": 1, "deck": "tarot"},
        {"v": 1, "lang": "xx"},
        {"v": 1, "seats": [{"kind": "human"}]},
        {"v": 1, "seats": [{"kind": "bot", "bot": "nobody"}] * 4},
        {"v": 1, "seats": [{"kind": "bot", "bot": "random", "strength": 7}] * 4},
        {"v": 1, "seat": 5},
        {"v": 1, "turn_timer": 1},
        {"v": 1, "name": ""},
        {"v": 1, "public": "yes"},
        {"v": 1, "colour": "red"},
        {"v": 1, "options": []},
    ]
    for body in bad:
        with pytest.raises(ProtocolError):
            parse_create(json.dumps(body).encode(), ["random"])
    with pytest.raises(ProtocolError) as e:
        parse_create(b'{"v": 1, "seat": 1}', ["random"])
    assert e.value.code == "seat_taken"
    with pytest.raises(ProtocolError) as e:
        parse_create(b'{"deck": "swiss"}', ["random"])
    assert e.value.code == "version"


def test_join_body() -> None:
    assert parse_join(b'{"v": 1, "seat": 2, "name": "  Beat  "}').seat == 2
    assert parse_join(b'{"v": 1, "seat": 2, "name": "  Beat  "}').name == "Beat"
    for body in (b'{"v": 1, "seat": "2"}', b'{"v": 1, "name": 5}', b"nope"):
        with pytest.raises(ProtocolError):
            parse_join(body)
