"""The JSON reader's quick path for plain messages against its full check of every value."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puur.server import safejson
from puur.server.safejson import MAX_DEPTH, BadJson


def _full(text: str | bytes) -> Any:
    """load() as it would be with the walk over every value always done."""
    data = json.loads(text, parse_int=safejson._int, parse_float=safejson._float,
                      parse_constant=safejson._constant)
    safejson._check_values(data)
    return data


def _outcome(read: Any, text: str | bytes) -> tuple[str, Any]:
    try:
        return ("ok", read(text))
    except (BadJson, ValueError, RecursionError) as e:
        return ("refused", type(e).__name__ if not isinstance(e, BadJson) else "BadJson")


_scalars = st.none() | st.booleans() | st.integers(-10**25, 10**25) | st.floats() | st.text()
_values = st.recursive(_scalars, lambda inner: st.lists(inner, max_size=3)
                       | st.dictionaries(st.text(max_size=4), inner, max_size=3), max_leaves=30)


@settings(max_examples=300, deadline=None)
@given(_values)
def test_the_quick_path_answers_as_the_full_check(value: Any) -> None:
    for text in (json.dumps(value), json.dumps(value, ensure_ascii=False)):
        assert _outcome(safejson.load, text) == _outcome(_full, text)


@pytest.mark.parametrize("text", [
    '{"v":1,"type":"action","id":3,"ref":"\\ud800"}',       # a lone surrogate by escape
    '{"a":' * (MAX_DEPTH + 1) + "1" + "}" * (MAX_DEPTH + 1),  # too deep, all ASCII
    '[' * (MAX_DEPTH + 1) + ']' * (MAX_DEPTH + 1),
    '{"x":1e999}', '{"x":-1e400}', '[NaN]', '{"n":' + "9" * 30 + "}",
])
def test_plain_ascii_messages_are_still_refused_for_what_the_walk_finds(text: str) -> None:
    with pytest.raises(BadJson):
        safejson.load(text)


def test_a_message_with_few_brackets_is_read_as_before() -> None:
    text = '{"v":1,"type":"action","id":7,"ref":"r-1","form":{"type":"card","card":"HJ"}}'
    assert safejson.load(text) == json.loads(text)
