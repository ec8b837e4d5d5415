"""Which text keys the two clients use, read from their sources.

The terminal game (every Python module of ``puur`` outside ``puur.server``) names a text in the
first argument of ``t``, ``tn``, ``note``, ``Key``, ``Count`` and ``row`` (a summary row), or in
any argument of ``_labels`` (words a player may type): a string, a ``… if … else …`` of strings,
or an f-string whose family starts with a literal ``head.`` (``f"seat.{n}"``). A dotted string
anywhere else in the code (``"help.hint"`` in a table of keys) that is a key counts as used too.

The web app (``static/js/*.js`` but the vendored library, and ``index.html``) names a text in
the first argument of ``t`` or ``tn`` (a string, the branches of a ``?:``, or a template literal
with a literal ``head.``), in a ``data-i18n`` attribute, or in any string or ``head.``-template
elsewhere that is a key. JavaScript is read with a small tokenizer (strings, templates and their
``${…}``, comments, regular expressions), enough for this code base.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import puur

SRC = Path(puur.__file__).parent
STATIC = SRC / "server" / "static"
PY_SOURCES = sorted(p for p in SRC.rglob("*.py") if "server" not in p.relative_to(SRC).parts)
JS_SOURCES = sorted(p for p in STATIC.rglob("*.js")
                    if "vendor" not in p.relative_to(STATIC).parts)  # not lit-html's files
HTML_SOURCES = sorted(STATIC.rglob("*.html"))

#: Python callables whose first argument is a text key (None: every positional argument).
PY_KEY_CALLS: dict[str, int | None] = {"t": 1, "tn": 1, "note": 1, "Key": 1, "Count": 1,
                                       "row": 1, "_labels": None}
JS_KEY_CALLS = ("t", "tn")
# What a placeholder of a key family (f"seat.{n}", `suit.${deck}.${s}`) stands for.
_PART = r"[A-Za-z0-9_-]+"
_FAMILY_HEAD = re.compile(r"[a-z][\w-]*\.")


@dataclass
class Uses:
    """What one client's sources name: the keys given to a text function and the key families
    (regular expressions) given to one, each with where it is written; ``loose`` are dotted
    strings and ``loose_families`` are ``head.`` families written elsewhere; ``bad`` are key
    arguments that cannot be read (an f-string without a literal ``head.``)."""

    keys: dict[str, list[str]] = field(default_factory=dict)
    families: dict[str, list[str]] = field(default_factory=dict)
    loose: set[str] = field(default_factory=set)
    loose_families: set[str] = field(default_factory=set)
    bad: list[str] = field(default_factory=list)

    def named(self, catalogue: set[str]) -> set[str]:
        """The catalogue's keys these sources write out whole."""
        return (set(self.keys) | self.loose) & catalogue

    def reached(self, catalogue: set[str]) -> set[str]:
        """The keys written out whole and those a family may stand for (a family cannot tell
        which of its members the code asks for: ``f"opt.{name}"``)."""
        found = self.named(catalogue)
        for pattern in (*self.families, *self.loose_families):
            found |= {k for k in catalogue if re.fullmatch(pattern, k)}
        return found


def _where(path: Path, line: int) -> str:
    return f"{path.relative_to(SRC.parent)}:{line}"


# ---------------------------------------------------------------------------------------------
# Python


def _branches(node: ast.expr) -> Iterator[ast.expr]:
    if isinstance(node, ast.IfExp):
        yield from _branches(node.body)
        yield from _branches(node.orelse)
    else:
        yield node


def _fstring_family(node: ast.JoinedStr) -> str | None:
    head = node.values[0] if node.values else None
    if not (isinstance(head, ast.Constant) and isinstance(head.value, str)
            and _FAMILY_HEAD.match(head.value)):
        return None
    return "".join(re.escape(v.value) if isinstance(v, ast.Constant) else _PART
                   for v in node.values)


def python_uses() -> Uses:
    """The keys the terminal game's sources name."""
    uses = Uses()
    for path in PY_SOURCES:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                if "." in node.value:
                    uses.loose.add(node.value)
                continue
            if isinstance(node, ast.JoinedStr) and (family := _fstring_family(node)):
                uses.loose_families.add(family)
                continue
            if not isinstance(node, ast.Call):
                continue
            func = node.func
            name = (func.id if isinstance(func, ast.Name)
                    else func.attr if isinstance(func, ast.Attribute) else "")
            if name not in PY_KEY_CALLS:
                continue
            count = PY_KEY_CALLS[name]
            for arg in node.args if count is None else node.args[:count]:
                for expr in _branches(arg):
                    where = _where(path, expr.lineno)
                    if isinstance(expr, ast.Constant) and isinstance(expr.value, str):
                        uses.keys.setdefault(expr.value, []).append(where)
                    elif isinstance(expr, ast.JoinedStr):
                        family = _fstring_family(expr)
                        if family is None:
                            uses.bad.append(f"{where}: {ast.unparse(expr)}")
                        else:
                            uses.families.setdefault(family, []).append(where)
    return uses


# ---------------------------------------------------------------------------------------------
# JavaScript


@dataclass
class Tok:
    """A JavaScript token: ``str`` (its value), ``tpl`` (literal parts, ``None`` for each
    ``${…}``, whose tokens are ``inner``), ``word``, ``punct`` or ``regex``."""

    kind: str
    value: str
    pos: int
    parts: list[str | None] = field(default_factory=list)
    inner: list[Tok] = field(default_factory=list)


_REGEX_AFTER = set("(,=:[!&|?{};+-*%<>~^") | {""}
_REGEX_WORDS = {"return", "typeof", "case", "in", "of", "void", "delete"}
_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", "0": "\0"}


def _unescape(raw: str) -> str:
    return re.sub(r"\\(.)", lambda m: _ESCAPES.get(m.group(1), m.group(1)), raw, flags=re.S)


def js_tokens(src: str, i: int = 0, in_template: bool = False) -> tuple[list[Tok], int]:
    """The tokens of ``src`` from ``i`` to its end, or (``in_template``) to the ``}`` that closes
    a template's ``${``; and where they stop."""
    out: list[Tok] = []
    depth = 0
    while i < len(src):
        c = src[i]
        prev = out[-1] if out else None
        if c.isspace():
            i += 1
        elif src.startswith("//", i):
            end = src.find("\n", i)
            i = len(src) if end < 0 else end
        elif src.startswith("/*", i):
            i = src.index("*/", i) + 2
        elif c in "\"'":
            j = i + 1
            while src[j] != c:
                j += 2 if src[j] == "\\" else 1
            out.append(Tok("str", _unescape(src[i + 1:j]), i))
            i = j + 1
        elif c == "`":
            tok = Tok("tpl", "", i)
            j, buf = i + 1, ""
            while src[j] != "`":
                if src[j] == "\\":
                    buf += src[j:j + 2]
                    j += 2
                elif src.startswith("${", j):
                    tok.parts += [_unescape(buf), None]
                    buf = ""
                    inner, j = js_tokens(src, j + 2, in_template=True)
                    tok.inner += inner
                else:
                    buf += src[j]
                    j += 1
            tok.parts.append(_unescape(buf))
            tok.value = "".join(p for p in tok.parts if p is not None)
            out.append(tok)
            i = j + 1
        elif c == "/" and (prev is None or (prev.kind == "punct" and prev.value in _REGEX_AFTER)
                           or (prev.kind == "word" and prev.value in _REGEX_WORDS)):
            j, in_class = i + 1, False
            while src[j] != "/" or in_class:
                if src[j] == "\\":
                    j += 1
                elif src[j] in "[]":
                    in_class = src[j] == "["
                j += 1
            m = re.compile(r"[a-z]*").match(src, j + 1)
            end = m.end() if m else j + 1
            out.append(Tok("regex", src[i:end], i))
            i = end
        elif c.isalnum() or c in "_$":
            m = re.compile(r"[\w$]+").match(src, i)
            assert m
            out.append(Tok("word", m.group(), i))
            i = m.end()
        else:
            if in_template and c == "}" and depth == 0:
                return out, i + 1
            depth += {"{": 1, "}": -1}.get(c, 0)
            out.append(Tok("punct", c, i))
            i += 1
    return out, i


def _first_argument(tokens: list[Tok], start: int) -> list[tuple[Tok, int]]:
    """The tokens of the call argument from ``start`` (just after its ``(``), with depths."""
    arg: list[tuple[Tok, int]] = []
    depth = 0
    for tok in tokens[start:]:
        if tok.kind == "punct" and tok.value in "([{":
            depth += 1
        elif tok.kind == "punct" and tok.value in ")]}":
            if depth == 0:
                break
            depth -= 1
        elif tok.kind == "punct" and tok.value == "," and depth == 0:
            break
        arg.append((tok, depth))
    return arg


def _key_branches(arg: list[tuple[Tok, int]]) -> Iterator[Tok]:
    """The strings and templates that are the whole argument or a whole branch of a ``?:``."""
    top = [tok for tok, depth in arg if depth == 0]
    for k, tok in enumerate(top):
        if tok.kind not in ("str", "tpl"):
            continue
        before = top[k - 1].value if k else "?"
        after = top[k + 1].value if k + 1 < len(top) else ":"
        if before in "?:" and after == ":":
            yield tok


def _walk(tokens: list[Tok]) -> Iterator[tuple[list[Tok], int, Tok]]:
    for k, tok in enumerate(tokens):
        yield tokens, k, tok
        yield from _walk(tok.inner)


def _family(tok: Tok) -> str | None:
    head = tok.parts[0] or ""
    if not _FAMILY_HEAD.match(head):
        return None
    return "".join(_PART if p is None else re.escape(p) for p in tok.parts)


def js_uses() -> Uses:
    """The keys the web app's sources name."""
    uses = Uses()
    for path in [*JS_SOURCES, *HTML_SOURCES]:
        src = path.read_text(encoding="utf-8")
        for m in re.finditer(r'data-i18n="([^"]+)"', src):
            where = _where(path, src.count("\n", 0, m.start()) + 1)
            uses.keys.setdefault(m.group(1), []).append(where)
        if path.suffix != ".js":
            continue
        tokens, _end = js_tokens(src)
        for seq, k, tok in _walk(tokens):
            if (tok.kind == "str" or (tok.kind == "tpl" and None not in tok.parts)) and (
                    "." in tok.value):
                uses.loose.add(tok.value)
            elif tok.kind == "tpl" and (family := _family(tok)):
                uses.loose_families.add(family)
            is_call = (tok.kind == "word" and tok.value in JS_KEY_CALLS
                       and k + 1 < len(seq) and seq[k + 1].value == "("
                       and not (k and seq[k - 1].value in (".", "function")))
            if not is_call:
                continue
            for key in _key_branches(_first_argument(seq, k + 2)):
                where = _where(path, src.count("\n", 0, key.pos) + 1)
                if key.kind == "str" or None not in key.parts:
                    uses.keys.setdefault(key.value, []).append(where)
                elif (family := _family(key)) is None:
                    uses.bad.append(f"{where}: `{key.value}`")
                else:
                    uses.families.setdefault(family, []).append(where)
    return uses
