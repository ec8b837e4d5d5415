"""Parsing and validation of every client message (docs/protocol.md)."""

from __future__ import annotations

import json

import pytest

from puur.server.bodies import parse_create, parse_join
from puur.server.messages import (
    ActionMessage,
    Back,
    BotHello,
    Hello,
    Ping,
    ProtocolError,
    Rematch,
    parse_client_message,
)
from puur.variants import variants
from puur.variants.json_actions import ActionError, action_data, find_action


def msg(**fields: object) -> str:
    return json.dumps({"v": 2, **fields})


def form(kind: str, ref: str | int | None = None, **fields: object) -> ActionMessage:
    return ActionMessage(kind, (("type", kind), *fields.items()), ref=ref)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (msg(type="play", card="HJ"), form("play", card="HJ")),
        (msg(type="play", card="♥U"), form("play", card="HJ")),
        (msg(type="choose", contract="obe"), form("choose", contract="obe")),
        (msg(type="choose", contract="S"), form("choose", contract="S")),
        (msg(type="push"), form("push")),
        (msg(type="weis", option=0), form("weis", option=0)),
        (msg(type="weis", option=2, ref=9), form("weis", ref=9, option=2)),
        (msg(type="stoeck", announce=True), form("stoeck", announce=True)),
        (msg(type="stoeck", announce=False), form("stoeck", announce=False)),
        (msg(type="forecast", value=42), form("forecast", value=42)),
        (msg(type="row", row=3, contract="♠"), form("row", row=3, contract="S")),
        (msg(type="double"), form("double")),
        (msg(type="bid", value=120), form("bid", value=120)),
        (msg(type="bid", word="misere"), form("bid", word="misere")),
        (msg(type="action", id=78), ActionMessage("action", id=78)),
        (msg(type="action", token="forecast:42", ref="f"),
         ActionMessage("action", token="forecast:42", ref="f")),
        (msg(type="action", name="row:1:C"), ActionMessage("action", name="row:1:C")),
        (msg(type="play", card="HJ", id=14, name="HJ", token="HJ"),
         ActionMessage("play", (("type", "play"), ("card", "HJ")), 14, "HJ", "HJ")),
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
        (msg(type="play", card="HJ").replace('"v": 2', '"v": 1'), "version"),
        (msg(type="play", card="HJ").replace('"v": 2', '"v": "2"'), "version"),
        (msg(type="play", card="HJ").replace('"v": 2', '"v": true'), "version"),
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
        (msg(type="forecast"), "bad_message"),
        (msg(type="forecast", value=-1), "bad_message"),
        (msg(type="forecast", value="42"), "bad_message"),
        (msg(type="row", row=0, contract="H"), "bad_message"),
        (msg(type="bid", word="misere", value=100), "bad_message"),
        (msg(type="bid", word=5), "bad_message"),
        (msg(type="bid", word=""), "bad_message"),
        (msg(type="bid"), "bad_message"),
        (msg(type="row", row=2), "bad_message"),
        (msg(type="action"), "bad_message"),
        (msg(type="action", id=True), "bad_message"),
        (msg(type="action", id=-3), "bad_message"),
        (msg(type="action", token=""), "bad_message"),
        (msg(type="action", token="x" * 201), "bad_message"),
        (msg(type="action", name="D6\u202e"), "bad_message"),
        (msg(type="action", id=3, card="D6"), "bad_message"),
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


def test_every_action_of_every_variant_is_found_by_each_of_its_names() -> None:
    # The id, the name, the record token and the typed form (the legal entries of a state,
    # sent back as they are) each name the same action, in every variant.
    for v in variants():
        for preset, rules in v.presets.items():
            game = v.new_game(rules, seed=f"names:{preset}")
            steps = 0
            while not game.is_over and steps < 80:
                hand = game.round
                for a in game.legal_actions():
                    data = action_data(v, hand, a)
                    m = parse_client_message(json.dumps({"v": 2, **data}))
                    assert isinstance(m, ActionMessage)
                    assert find_action(v, rules, hand, id=m.id, name=m.name, token=m.token,
                                       form=dict(m.form)) == a
                    assert find_action(v, rules, hand, form=dict(m.form)) == a
                    assert find_action(v, rules, hand, token=data["token"]) == a
                game.push(game.legal_actions()[-1] if steps % 3 else game.legal_actions()[0])
                steps += 1


def test_an_action_of_another_variant_or_disagreeing_fields_is_refused() -> None:
    by_key = {v.key: v for v in variants()}
    diff, coif = by_key["differenzler"], by_key["coiffeur"]
    dg, cg = diff.new_game(seed=1), coif.new_game(seed=1)
    for v, game, bad in [
        (diff, dg, {"form": {"type": "push"}}),
        (diff, dg, {"form": {"type": "choose", "contract": "H"}}),
        (diff, dg, {"form": {"type": "forecast", "value": 158}}),
        (diff, dg, {"token": "row:1:C"}),
        (diff, dg, {"id": 212}),
        (diff, dg, {"name": "forecast:200"}),
        (diff, dg, {"id": 36, "token": "forecast:1"}),
        (coif, cg, {"form": {"type": "forecast", "value": 3}}),
        (coif, cg, {"form": {"type": "row", "row": 17, "contract": "H"}}),
        (coif, cg, {"id": 40}),  # an id the action space leaves unused
        (coif, cg, {}),
    ]:
        with pytest.raises(ActionError):
            find_action(v, game.rules, game.round, **bad)  # type: ignore[arg-type]


def test_create_defaults_and_validation() -> None:
    spec = parse_create(b'{"v": 2}', ["random"])
    assert spec.preset == "family" and spec.seat == 0 and spec.deck == "swiss"
    assert [s.kind for s in spec.seats] == ["human", "bot", "bot", "bot"]
    bad = [
        {"v": 2, "deck": "tarot"},
        {"v": 2, "lang": "xx"},
        {"v": 2, "seats": [{"kind": "human"}]},
        {"v": 2, "seats": [{"kind": "bot", "bot": "nobody"}] * 4},
        {"v": 2, "seats": [{"kind": "bot", "bot": "random", "strength": 7}] * 4},
        {"v": 2, "seat": 5},
        {"v": 2, "turn_timer": 1},
        {"v": 2, "name": ""},
        {"v": 2, "public": "yes"},
        {"v": 2, "colour": "red"},
        {"v": 2, "options": []},
    ]
    for body in bad:
        with pytest.raises(ProtocolError):
            parse_create(json.dumps(body).encode(), ["random"])
    with pytest.raises(ProtocolError) as e:
        parse_create(b'{"v": 2, "seat": 1}', ["random"])
    assert e.value.code == "seat_taken"
    with pytest.raises(ProtocolError) as e:
        parse_create(b'{"deck": "swiss"}', ["random"])
    assert e.value.code == "version"


def test_a_version_error_names_the_version_the_server_speaks() -> None:
    for text in ('{"v": 1, "type": "ping"}', '{"type": "hello", "spectate": true}'):
        with pytest.raises(ProtocolError) as e:
            parse_client_message(text)
        assert e.value.code == "version" and "speaks v=2" in e.value.message, e.value.message


def test_join_body() -> None:
    assert parse_join(b'{"v": 2, "seat": 2, "name": "  Beat  "}').seat == 2
    assert parse_join(b'{"v": 2, "seat": 2, "name": "  Beat  "}').name == "Beat"
    for body in (b'{"v": 2, "seat": "2"}', b'{"v": 2, "name": 5}', b"nope"):
        with pytest.raises(ProtocolError):
            parse_join(body)


def test_bot_hello_and_the_seq_of_an_action() -> None:
    assert parse_client_message('{"v": 2, "type": "bot_hello", "bot_version": 1, "token": "k",'
                                ' "client": "mybot/0.3"}') == BotHello("k", 1, "mybot/0.3")
    assert parse_client_message('{"v": 2, "type": "play", "card": "HJ", "seq": 12}').seq == 12
    assert parse_client_message('{"v": 2, "type": "action", "id": 3}').seq is None
    for text, code in (
        ('{"v": 2, "type": "bot_hello", "bot_version": 0, "token": "k"}', "version"),
        ('{"v": 2, "type": "bot_hello", "bot_version": true, "token": "k"}', "bad_message"),
        ('{"v": 2, "type": "bot_hello", "bot_version": 1, "token": ""}', "bad_message"),
        ('{"v": 2, "type": "bot_hello", "bot_version": 1, "token": "k", "client": ""}',
         "bad_message"),
        ('{"v": 2, "type": "bot_hello", "bot_version": 1, "token": "k", "client": 7}',
         "bad_message"),
        ('{"v": 2, "type": "play", "card": "HJ", "seq": true}', "bad_message"),
        ('{"v": 2, "type": "play", "card": "HJ", "seq": "3"}', "bad_message"),
        ('{"v": 2, "type": "play", "card": "HJ", "seq": 1.5}', "bad_message"),
        ('{"v": 2, "type": "rematch", "seq": 3}', "bad_message"),
    ):
        with pytest.raises(ProtocolError) as e:
            parse_client_message(text)
        assert e.value.code == code, (text, e.value.message)
