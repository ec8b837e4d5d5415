"""Reading untrusted JSON and free text without surprises.

:func:`load` parses JSON text or bytes and raises only :class:`BadJson` (a :class:`ValueError`),
whatever the input: nesting deeper than :data:`MAX_DEPTH`, integers of more than
:data:`MAX_DIGITS` digits (Python would refuse a few thousand digits with another error),
``NaN``/``Infinity`` and numbers too large to be finite, and strings (object keys too) holding
a lone surrogate, which is not Unicode text and could not be written out again.
:func:`bad_character` finds the characters free text (display names) may not hold.
"""

from __future__ import annotations

import json
import math
import unicodedata
from typing import Final

__all__ = ["MAX_DEPTH", "MAX_DIGITS", "BadJson", "bad_character", "load"]

#: The deepest nesting of arrays and objects accepted.
MAX_DEPTH: Final = 16
#: The most digits an integer may have.
MAX_DIGITS: Final = 20


class BadJson(ValueError):
    """The text is not JSON the server accepts; the message says why."""


def _int(token: str) -> int:
    if len(token) > MAX_DIGITS and len(token.lstrip("-")) > MAX_DIGITS:
        raise BadJson(f"a number has more than {MAX_DIGITS} digits")
    return int(token)


def _constant(token: str) -> float:
    raise BadJson(f"{token} is not a JSON number")


def _float(token: str) -> float:
    value = float(token)
    if not math.isfinite(value):
        raise BadJson("numbers must be finite")
    return value


def _check_text(text: str) -> None:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as e:
        raise BadJson(f"a string holds the lone surrogate U+{ord(text[e.start]):04X}, which is "
                      "not Unicode text") from None


def _check_values(data: object) -> None:
    stack: list[tuple[object, int]] = [(data, 0)]
    while stack:
        value, depth = stack.pop()
        if isinstance(value, str):
            _check_text(value)
        elif isinstance(value, dict | list):  # (a float was checked as it was parsed)
            if depth >= MAX_DEPTH:
                raise BadJson(f"nested deeper than {MAX_DEPTH} levels")
            if isinstance(value, dict):
                for key in value:
                    _check_text(key)
                stack.extend((v, depth + 1) for v in value.values())
            else:
                stack.extend((v, depth + 1) for v in value)


def load(text: str | bytes) -> object:
    """The JSON value of ``text``; :class:`BadJson` for anything else.

    >>> load('{"a": [1, 2.5, "x"]}')
    {'a': [1, 2.5, 'x']}
    """
    try:
        data = json.loads(text, parse_int=_int, parse_float=_float, parse_constant=_constant)
    except BadJson:
        raise
    except RecursionError:
        raise BadJson(f"nested deeper than {MAX_DEPTH} levels") from None
    except ValueError as e:  # JSONDecodeError, UnicodeDecodeError
        raise BadJson(f"not valid JSON: {e}") from None
    if (isinstance(text, str) and text.isascii() and "\\u" not in text
            and text.count("[") + text.count("{") <= MAX_DEPTH):
        # The common message: ASCII with no escape can hold no lone surrogate, and so few
        # brackets cannot nest too deep, so the walk below would find nothing.
        return data
    _check_values(data)
    return data


#: Format characters kept in free text: the joiners that emoji sequences and some scripts need.
_JOINERS: Final = frozenset("\u200c\u200d")


def bad_character(text: str) -> str | None:
    """The first character free text may not hold, or ``None``: control characters (Unicode
    category Cc), format characters (Cf: bidi overrides, zero-width spaces, tags, …) other
    than the zero-width joiner and non-joiner, surrogates, private-use characters, line and
    paragraph separators and noncharacters.

    >>> bad_character("Anna Müller"), hex(ord(bad_character("Ann" + chr(0x202E) + "a")))
    (None, '0x202e')
    """
    for ch in text:
        cat = unicodedata.category(ch)
        if cat in ("Cc", "Cf", "Cs", "Co", "Zl", "Zp") and ch not in _JOINERS:
            return ch
        code = ord(ch)
        if 0xFDD0 <= code <= 0xFDEF or code & 0xFFFE == 0xFFFE:
            return ch
    return None


def describe(ch: str) -> str:
    """A character as ``U+202E (RIGHT-TO-LEFT OVERRIDE)``."""
    return f"U+{ord(ch):04X} ({unicodedata.name(ch, 'unnamed')})"
