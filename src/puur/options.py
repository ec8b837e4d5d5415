"""Option sets of the variants: frozen, validated, versioned rule sets described as data.

A variant's options are a frozen dataclass deriving from :class:`Options`, each field declared
with :func:`option`, which records its default, its kind (true/false, a whole number in a range,
one of a few words, a card), and one line of documentation. From that description alone the
class validates itself (a bad value raises :class:`OptionError` naming the option and what it
accepts), turns into plain data and back (:meth:`Options.to_dict`, :meth:`Options.from_dict`,
with a ``version``), reads TOML and JSON files, and tells interfaces what to offer
(:meth:`Options.describe`): the terminal and the web lobby build their option forms from it and
decide no rule themselves.

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True)
... class Demo(Options):
...     hands: int = option(12, lo=1, hi=100, doc="hands in a game")
...     forecast: str = option("hidden", choices=("hidden", "open"), doc="forecasts shown")
>>> Demo().hands, Demo.from_dict({"hands": 8}).hands
(12, 8)
>>> Demo(hands=0)
Traceback (most recent call last):
...
puur.options.OptionError: option 'hands': must be a whole number from 1 to 100, not 0
"""

from __future__ import annotations

import dataclasses
import json
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar, Final, Literal, TypeVar

from puur.cards import CardError, format_card, parse_card

__all__ = [
    "OptionError",
    "OptionInfo",
    "Options",
    "load_options",
    "option",
    "parse_options_text",
    "read_options_file",
]

Kind = Literal["bool", "int", "choice", "card", "text", "multi", "table"]
_MAX_FILE_BYTES: Final = 1_000_000
T = TypeVar("T", bound="Options")


class OptionError(ValueError):
    """An option with an unknown name or a bad value; the message names the option."""


@dataclass(frozen=True)
class OptionInfo:
    """What one option is: its name, kind, default, accepted values and a line of text.

    Kinds: ``bool``, ``int`` (``lo``..``hi``), ``choice`` (one of ``choices``), ``card`` (a card
    token), ``text``, ``multi`` (a set of ``choices``) and ``table`` (a whole number
    ``lo``..``hi`` for each of ``choices``)."""

    name: str
    kind: Kind
    default: Any
    doc: str
    choices: tuple[Any, ...] = ()
    lo: int | None = None
    hi: int | None = None

    def as_dict(self) -> dict[str, Any]:
        """Plain data (card values as notation tokens) for the interfaces."""
        d: dict[str, Any] = {"name": self.name, "kind": self.kind, "doc": self.doc,
                             "default": _plain(self.kind, self.default)}
        if self.choices:
            d["choices"] = list(self.choices)
        if self.lo is not None:
            d["lo"] = self.lo
        if self.hi is not None:
            d["hi"] = self.hi
        return d


def option(
    default: Any,
    *,
    doc: str,
    choices: tuple[Any, ...] = (),
    lo: int | None = None,
    hi: int | None = None,
    card: bool = False,
) -> Any:
    """Declare one option field (use as the field's default in an :class:`Options` class).

    The kind follows from the arguments: ``card=True`` a card (stored as its number, written as
    its token), ``choices`` one of those values, a ``bool`` default true/false, an ``int``
    default a whole number from ``lo`` to ``hi``, otherwise text.
    """
    if card:
        kind: Kind = "card"
    elif choices:
        kind = "choice"
    elif isinstance(default, bool):
        kind = "bool"
    elif isinstance(default, int):
        kind = "int"
    else:
        kind = "text"
    meta = {"puur": OptionInfo("", kind, default, doc, tuple(choices), lo, hi)}
    return dataclasses.field(default=default, metadata=meta)


def _plain(kind: Kind, value: Any) -> Any:
    return format_card(value) if kind == "card" else value


def _is_int(v: object) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


@dataclass(frozen=True)
class Options:
    """Base of every variant's option set. Subclasses are frozen dataclasses of options."""

    #: The version of the option set's layout; files and records carry it.
    VERSION: ClassVar[int] = 1
    #: The variant these options belong to (set by each subclass).
    VARIANT: ClassVar[str] = ""

    name: str = option("custom", doc="a label shown by interfaces and written into records")

    def __post_init__(self) -> None:
        for info in self.describe():
            self._check(info, getattr(self, info.name))

    @staticmethod
    def _check(info: OptionInfo, v: Any) -> None:
        def fail(what: str) -> None:
            raise OptionError(f"option {info.name!r}: must be {what}, not {v!r}")

        if info.kind == "bool":
            if not isinstance(v, bool):
                fail("true or false")
        elif info.kind == "int":
            lo, hi = info.lo, info.hi
            if not _is_int(v) or (lo is not None and v < lo) or (hi is not None and v > hi):
                fail(f"a whole number from {lo} to {hi}")
        elif info.kind == "choice":
            if type(v) not in {type(c) for c in info.choices} or v not in info.choices:
                fail("one of " + ", ".join(repr(c) for c in info.choices))
        elif info.kind == "card":
            if not _is_int(v) or not 0 <= v < 36:
                fail("a card such as 'D7'")
        elif not isinstance(v, str) or len(v) > 200 or not v.isprintable():
            fail("a line of printable text of at most 200 characters")

    @classmethod
    def describe(cls) -> list[OptionInfo]:
        """Every option of the set, in declaration order."""
        out: list[OptionInfo] = []
        for f in dataclasses.fields(cls):
            info = f.metadata.get("puur")
            if isinstance(info, OptionInfo):
                out.append(dataclasses.replace(info, name=f.name))
        return out

    def replace(self: T, **changes: Any) -> T:
        """A copy with some options changed (validated)."""
        names = {i.name for i in self.describe()}
        for key in changes:
            if key not in names:
                raise OptionError(f"option {key!r}: no such option")
        return dataclasses.replace(self, **changes)

    def to_dict(self) -> dict[str, Any]:
        """A plain mapping of every option (cards as tokens) with the layout ``version``."""
        out: dict[str, Any] = {"version": self.VERSION}
        for info in self.describe():
            out[info.name] = _plain(info.kind, getattr(self, info.name))
        return out

    @classmethod
    def from_dict(cls: type[T], data: Any, base: T | None = None) -> T:
        """Build an option set from a mapping; missing options keep ``base``'s (default: the
        defaults). A ``version`` other than :attr:`VERSION`, an unknown option or a bad value
        raises :class:`OptionError`; nothing else escapes."""
        if not isinstance(data, Mapping):
            raise OptionError("an option set must be a mapping of option names to values")
        data = dict(data)
        version = data.pop("version", cls.VERSION)
        if not _is_int(version) or version != cls.VERSION:
            raise OptionError(f"option 'version': unsupported version {version!r}")
        infos = {i.name: i for i in cls.describe()}
        changes: dict[str, Any] = {}
        for key, value in data.items():
            info = infos.get(key) if isinstance(key, str) else None
            if info is None:
                raise OptionError(f"option {key!r}: no such option")
            if info.kind == "card":
                if not isinstance(value, str):
                    raise OptionError(f"option {key!r}: must be a card token such as 'D7'")
                try:
                    value = parse_card(value)
                except CardError as e:
                    raise OptionError(f"option {key!r}: {e}") from None
            changes[key] = value
        start = base if base is not None else cls()
        return dataclasses.replace(start, **changes)


def parse_options_text(text: str, json_format: bool) -> dict[str, Any]:
    """Parse the text of an option file (JSON or TOML) into a mapping; any malformed text
    raises :class:`OptionError`."""
    try:
        data = json.loads(text) if json_format else tomllib.loads(text)
    except (ValueError, RecursionError) as e:  # JSON and TOML errors are ValueErrors
        raise OptionError(f"not a valid option file: {e}") from None
    if not isinstance(data, dict):
        raise OptionError("an option file must hold a table of options")
    return data


def read_options_file(path: str | Path) -> dict[str, Any]:
    """The mapping a TOML or JSON option file holds (JSON by the ``.json`` suffix); an
    unreadable, oversized or malformed file raises :class:`OptionError` naming it."""
    p = Path(path)
    try:
        if p.stat().st_size > _MAX_FILE_BYTES:
            raise OptionError(f"{p}: an option file is at most {_MAX_FILE_BYTES} bytes")
        text = p.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as e:
        raise OptionError(f"{p}: cannot read the option file: {e}") from None
    try:
        return parse_options_text(text, p.suffix.lower() == ".json")
    except OptionError as e:
        raise OptionError(f"{p}: {e}") from None


def load_options(cls: type[T], path: str | Path) -> T:
    """Read an option set of class ``cls`` from a TOML or JSON file."""
    data = read_options_file(path)
    try:
        return cls.from_dict(data)
    except OptionError as e:
        raise OptionError(f"{Path(path)}: {e}") from None
