"""Malformed input of every kind gets a typed error and a 4xx, never a traceback: JSON that makes
a parser throw, text that is not Unicode, control and bidi characters in names, bad ids and
unknown routes; the same over a real socket, which stays usable where the protocol says so."""

from __future__ import annotations

import json
import logging
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from puur.server.limits import Limits
from puur.server.messages import (
    ActionMessage,
    Back,
    CreateTable,
    Hello,
    JoinTable,
    Ping,
    ProtocolError,
    Rematch,
    parse_client_message,
    parse_create,
    parse_join,
)
from puur.server.safejson import bad_character

from .util import (
    ALL_HUMANS,
    create,
    hello,
    live_receive,
    live_request,
    live_server,
    live_socket,
    receive_json,
    server,
)

# Deep enough to exhaust Python's recursion, small enough for the size limits.
DEEP = "[" * 8000 + "]" * 8000
LONG_NUMBER = '{"v": 2, "type": "ping", "ref": ' + "9" * 5000 + "}"
THROWING = [
    pytest.param(DEEP, id="deep-array"),
    pytest.param('{"a":' * 2000 + "1" + "}" * 2000, id="deep-object"),
    pytest.param('{"v": 2, "x": [[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]]}', id="17-levels"),
    pytest.param(LONG_NUMBER, id="5000-digit-number"),
    pytest.param('{"v": 2, "type": "weis", "option": 1' + "0" * 30 + "}", id="31-digit-number"),
    pytest.param('{"v": 2, "type": "ping", "ref": NaN}', id="nan"),
    pytest.param('{"v": 2, "type": "ping", "x": 1e999}', id="infinite"),
    pytest.param('{"v": 2, "type": "ping", "ref": "\\ud800"}', id="lone-surrogate"),
    pytest.param('{"v": 2, "\\udfff": 1}', id="surrogate-key"),
    pytest.param(b'{"v": 2, "type": "ping", "ref": "\xed\xa0\x80"}', id="utf8-surrogate-bytes"),
]


@pytest.mark.parametrize("text", THROWING)
def test_input_that_made_the_parser_throw_is_bad_json(text: str | bytes) -> None:
    for parse in (parse_client_message, lambda t: parse_create(_bytes(t), ["random"]),
                  lambda t: parse_join(_bytes(t))):
        with pytest.raises(ProtocolError) as e:
            parse(text)
        assert e.value.code == "bad_json" and e.value.message
        assert e.value.as_json()["ref"] is None  # a bad ref is never echoed


def _bytes(text: str | bytes) -> bytes:
    return text if isinstance(text, bytes) else text.encode("utf-8", "surrogatepass")


def _no_traceback(caplog: pytest.LogCaptureFixture) -> None:
    for record in caplog.records:
        assert record.exc_info is None and "Traceback" not in record.getMessage(), (
            f"{record.name}: {record.getMessage()}")


def test_throwing_messages_over_a_real_socket_get_errors_and_no_traceback(
    db: Path, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO)
    with live_server(db) as live:
        status, t = live_request(live, "POST", "/api/tables",
                                 {"v": 2, "seats": ALL_HUMANS, "seat": 0})
        assert status == 201
        with live_socket(live, t["code"]) as ws:
            # Before hello: each is answered, and hello still works afterwards.
            for text in (DEEP, LONG_NUMBER, '{"v": 2, "type": "ping", "ref": "\\ud800"}'):
                ws.send(text)
                m = live_receive(ws)
                assert (m["type"], m["code"], m["ref"]) == ("error", "bad_json", None), m
            ws.send(json.dumps({"v": 2, "type": "hello", "spectate": True}))
            assert live_receive(ws)["type"] == "state"
            # After hello too; the socket stays open and answers.
            for text in (DEEP, LONG_NUMBER, '{"v": 2, "type": "ping", "ref": "a\\udc00"}',
                         '{"v": 2, "type": "ping", "ref": "\\u202eevil"}'):
                ws.send(text)
                m = live_receive(ws)
                assert m["type"] == "error" and m["code"] in ("bad_json", "bad_message"), m
            ws.send(json.dumps({"v": 2, "type": "ping", "ref": "still here"}))
            assert live_receive(ws) == {"v": 2, "type": "pong", "ref": "still here"}
    _no_traceback(caplog)


def test_throwing_bodies_over_http_get_400_and_change_nothing(client: Any) -> None:
    t = create(client, seats=ALL_HUMANS, seat=0)
    code = t["code"]
    before = client.get("/api/tables").json()["tables"]
    for param in THROWING:
        body = _bytes(param.values[0])
        for path in ("/api/tables", f"/api/tables/{code}/join"):
            r = client.post(path, content=body)
            assert r.status_code == 400 and r.json()["code"] == "bad_json", (path, r.text)
    assert client.get("/api/tables").json()["tables"] == before


@pytest.mark.parametrize(
    ("name", "ok"),
    [
        ("Anna", "Anna"),
        ("  Anna \t\n Beat  ", "Anna Beat"),  # white space runs become one space
        ("Zoë 🂡", "Zoë 🂡"),
        ("👩‍👩‍👧", "👩‍👩‍👧"),  # emoji joined with U+200D stay whole
        ("Anna\x00", None),
        ("\u202eannA", None),  # right-to-left override
        ("An\u2066na", None),  # left-to-right isolate
        ("An\u200bna", None),  # zero-width space
        ("Anna\x1b[31m", None),  # a terminal escape
        ("Anna\ue000", None),  # private use
        ("Anna\ufffe", None),  # a noncharacter
        ("Anna\ud800", None),  # a lone surrogate
        ("x" * 41, None),
        ("   ", None),
    ],
)
def test_names_refuse_control_and_invisible_characters(
    client: Any, name: str, ok: str | None
) -> None:
    body = json.dumps({"v": 2, "seats": ALL_HUMANS, "seat": 0, "name": name}).encode()
    r = client.post("/api/tables", content=body)
    if ok is None:
        assert r.status_code == 400 and r.json()["code"] in ("bad_message", "bad_json"), r.text
        assert client.get("/api/tables").json()["tables"] == []
    else:
        assert r.status_code == 201, r.text
        assert r.json()["table"]["seats"][0]["name"] == ok
    t = create(client, seats=ALL_HUMANS, seat=0, name="Host")
    body = json.dumps({"v": 2, "seat": 1, "name": name}).encode()
    r = client.post(f"/api/tables/{t['code']}/join", content=body)
    info = client.get(f"/api/tables/{t['code']}").json()["table"]
    if ok is None:
        assert r.status_code == 400, r.text
        assert info["free_seats"] == [1, 2, 3]
    else:
        assert r.status_code == 200 and info["seats"][1]["name"] == ok
    # The rule set's name is shown to everyone too.
    r = client.post("/api/tables", content=json.dumps(
        {"v": 2, "options": {"name": name}}).encode())
    assert (r.status_code == 201) == (ok is not None), r.text


def test_refs_refuse_control_characters(client: Any) -> None:
    t = create(client, seats=ALL_HUMANS, seat=0)
    with client.websocket_connect(f"/ws/{t['code']}") as ws:
        hello(ws, t["token"])
        for ref in ("a\x00", "\u202e", "\u2028"):
            ws.send_json({"v": 2, "type": "ping", "ref": ref})
            m = receive_json(ws)
            assert (m["type"], m["code"], m["ref"]) == ("error", "bad_message", None)
        ws.send_json({"v": 2, "type": "ping", "ref": "ok"})
        assert receive_json(ws)["type"] == "pong"


@pytest.mark.parametrize("game_id", [
    "9" * 30, "9" * 5000, "9223372036854775808", "0", "-1", "1e3", "0x10", " 1", "1_0",
    "١٢", "²",
])
def test_bad_game_ids_are_404(client: Any, game_id: str) -> None:
    for what in ("record", "replay"):
        r = client.get(f"/api/games/{game_id}/{what}")
        assert r.status_code == 404 and r.json()["code"] == "no_game", (game_id, r.text)
        assert len(r.json()["message"]) < 100


def test_unknown_routes_and_methods_are_typed_4xx(client: Any) -> None:
    t = create(client)
    for method, path, status, code in [
        ("GET", "/api/nothing", 404, "not_found"),
        ("POST", "/api/nothing/deeper", 404, "not_found"),
        ("DELETE", "/api/tables", 405, "method_not_allowed"),
        ("PUT", f"/api/tables/{t['code']}", 405, "method_not_allowed"),
        ("GET", f"/api/tables/{t['code']}/join", 405, "method_not_allowed"),
        ("PATCH", "/api/games", 405, "method_not_allowed"),
        ("POST", "/api/games/1/record", 405, "method_not_allowed"),
        ("GET", "/api/tables/" + "A" * 5000, 404, "no_table"),
        ("GET", "/api/tables/%00%01", 404, "no_table"),
        ("GET", "/api/tables/%ED%A0%80", 404, "no_table"),
    ]:
        r = client.request(method, path)
        assert r.status_code == status, (method, path, r.text)
        m = r.json()
        assert (m["v"], m["type"], m["code"]) == (2, "error", code), (method, path, m)
        assert len(m["message"]) < 200
    allow = client.delete("/api/tables").headers["allow"]
    assert sorted(allow.split(", ")) == ["GET", "HEAD", "POST"]
    assert client.get("/no-such-page").status_code == 404


def test_a_fault_of_the_server_is_a_typed_500(db: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from starlette.testclient import TestClient

    from puur.server.app import create_app
    from puur.server.lobby import Lobby

    def broken(self: Lobby) -> list[dict[str, Any]]:
        raise RuntimeError("a bug")

    monkeypatch.setattr(Lobby, "open_tables", broken)
    with TestClient(create_app(db, bot_delay=0), raise_server_exceptions=False) as c:
        r = c.get("/api/tables")
        assert r.status_code == 500 and r.json()["code"] == "server_error", r.text
        assert c.get("/api/meta").status_code == 200


# ---------------------------------------------------------------------------------------------
# Fuzzing: any JSON value, any text, any bytes gives a message or a ProtocolError.

FIELDS = ["v", "type", "ref", "token", "spectate", "card", "contract", "option", "announce",
          "rules", "options", "deck", "lang", "seats", "seat", "name", "turn_timer", "public",
          "kind", "bot", "strength", "target", "multipliers", "extra_contracts", "start_card"]
TYPES = ["hello", "play", "choose", "push", "weis", "stoeck", "rematch", "back", "ping", "x"]
ANY_TEXT = st.text(st.characters(exclude_categories=()), max_size=12)
SCALARS = (st.none() | st.booleans() | st.integers() | st.floats() | ANY_TEXT
           | st.sampled_from([*TYPES, "HJ", "obe", "D7", "family", "human", "bot", "random"]))
VALUES = st.recursive(
    SCALARS,
    lambda inner: st.lists(inner, max_size=5)
    | st.dictionaries(st.sampled_from(FIELDS) | ANY_TEXT, inner, max_size=5),
    max_leaves=20,
)
MESSAGES = st.fixed_dictionaries(
    {"v": st.sampled_from([2, 2, 2, 1, "2", None])},
    optional={"type": st.sampled_from(TYPES)},
).flatmap(lambda base: st.dictionaries(st.sampled_from(FIELDS), VALUES, max_size=4).map(
    lambda extra: {**extra, **base}))
# Fragments that once made the parser throw or let text through that cannot be written back.
NASTY = st.sampled_from(["[" * 3000 + "]" * 3000, "9" * 5000, "NaN", "-Infinity", "1e999",
                         '"\\ud800"', '"a\\udfffb"', '"\\u202eevil"', '"\\u0000"',
                         '{"\\udc00": 1}'])
WITH_NASTY = st.tuples(MESSAGES, st.sampled_from(FIELDS), NASTY).map(
    lambda t: json.dumps(t[0])[:-1] + f', "{t[1]}": {t[2]}}}')
RAW = (VALUES.map(json.dumps) | MESSAGES.map(json.dumps) | WITH_NASTY | st.text()
       | st.binary())


def _writable(*texts: object) -> None:
    """Text the server accepted can be sent back: Unicode, and free text without control or
    invisible characters."""
    for text in texts:
        if isinstance(text, str):
            text.encode("utf-8")
            assert bad_character(text) is None, ascii(text)


@given(RAW)
def test_fuzz_client_messages(raw: str | bytes) -> None:
    try:
        msg = parse_client_message(raw)
    except ProtocolError as e:
        assert e.code and e.message
        json.dumps(e.as_json(), ensure_ascii=False).encode("utf-8")  # can always be sent
    else:
        assert isinstance(msg, Hello | ActionMessage | Rematch | Back | Ping)
        _writable(msg.ref)
        if isinstance(msg, Hello) and msg.token is not None:
            msg.token.encode("utf-8")


@given(RAW)
def test_fuzz_http_bodies(raw: str | bytes) -> None:
    body = raw.encode("utf-8", "surrogatepass") if isinstance(raw, str) else raw
    for parse in (lambda: parse_create(body, ["random", "rules"]), lambda: parse_join(body)):
        try:
            result = parse()
        except ProtocolError as e:
            assert e.code and e.message
            json.dumps(e.as_json(), ensure_ascii=False).encode("utf-8")
        else:
            assert isinstance(result, CreateTable | JoinTable)
            _writable(result.name)
            if isinstance(result, CreateTable):
                json.dumps(result.options, ensure_ascii=False).encode("utf-8")
                _writable(result.options.get("name"))


@pytest.fixture(scope="module")
def fuzz_client(tmp_path_factory: pytest.TempPathFactory) -> Any:
    db = tmp_path_factory.mktemp("fuzz") / "puur.sqlite3"
    # Every example opens a table from the one test address: room for all of them.
    many = 1_000_000
    with server(db, limits=Limits(lookups_per_minute=many, tables_per_hour=many,
                                  open_tables_per_client=many)) as c:
        yield c


@given(MESSAGES.map(json.dumps) | WITH_NASTY | VALUES.map(json.dumps) | st.binary(max_size=40))
def test_fuzz_every_route(fuzz_client: Any, raw: str | bytes) -> None:
    code = create(fuzz_client, seats=ALL_HUMANS, seat=0)["code"]
    for method, path in [("POST", "/api/tables"), ("POST", f"/api/tables/{code}/join"),
                         ("GET", f"/api/tables/{code}"), ("GET", "/api/games"),
                         ("GET", "/api/tables"), ("GET", "/api/meta")]:
        r = fuzz_client.request(method, path, content=raw)
        assert r.status_code < 500, (method, path, raw, r.text)
        m = r.json()
        assert m["v"] == 2 and isinstance(m["type"], str)
        if r.status_code >= 400:
            assert m["type"] == "error" and m["code"] and m["message"]
