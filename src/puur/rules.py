"""The rule set: every house rule of rule book §2 as one frozen dataclass, and named presets.

Field names follow the rule book (docs/rulebook.md). Every field has the documented default,
so ``RuleSet()`` is the standard Schieber of the rule book: start card 7 of Schellen, no push
back, classic Weis, Stöck announced with the second card, Kontermatch scored as a Match, no
multipliers, target 1000, count order Stöck-Weis-Stich, no Striche.

Rule sets load from and save to TOML or JSON files (:func:`load_rules`, :func:`save_rules`);
an unknown option or a bad value raises :class:`RuleError` naming the option.

>>> RuleSet().target
1000
>>> PRESETS["standard-2500"].multiplier(Contract.OBENABE)
3
"""

from __future__ import annotations

import dataclasses
import json
import os
import tomllib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final, Literal

from puur._checks import is_int, is_int_in, show
from puur.cards import CardError, format_card, parse_card
from puur.contracts import (
    CONTRACT_TOKENS,
    SCHIEBER_CONTRACTS,
    Contract,
    ContractError,
    parse_contract,
)

__all__ = [
    "PRESETS",
    "RULES_VERSION",
    "RuleError",
    "RuleSet",
    "load_rules",
    "rules_from_dict",
    "rules_to_dict",
    "save_rules",
]

RULES_VERSION: Final = 1

CountOrder = Literal["stoeck-weis-stich", "stoeck-stich-weis"]
StoeckAnnounce = Literal["second-card", "with-weis"]
Kontermatch = Literal["match", "double", "bonus"]

_NO_MULTIPLIERS: Final = (1, 1, 1, 1, 1, 1, 1, 1, 1)
# Eicheln and Rosen ×1, Schellen and Schilten ×2, Obenabe and Undenufe ×3 (rule book §2.9).
_STANDARD_MULTIPLIERS: Final = (2, 1, 2, 1, 3, 3, 1, 3, 3)


class RuleError(ValueError):
    """A rule set option has an unknown name or a bad value; the message names the option."""


@dataclass(frozen=True)
class RuleSet:
    """Every Schieber option with the rule book's default."""

    name: str = "custom"
    #: The card whose holder chooses in the first hand (rule book §2.2).
    start_card: int = 1  # D7, the 7 of Schellen
    #: The partner may push the choice back once (§2.3).
    push_back: bool = False
    #: Extra contracts the chooser may name besides the suits, Obenabe and Undenufe.
    extra_contracts: frozenset[int] = field(default_factory=frozenset)
    #: Weis (melds) are played at all.
    weis: bool = True
    #: Long sequences: 6 = 150, 7 = 200, 8 = 250, 9 = 300 instead of 100 each (§2.5).
    large_weis: bool = False
    #: Four 8s, 7s or 6s count 100 (§2.5).
    weis_four_low: bool = False
    #: One card may serve in a sequence and a four of a kind (§2.5).
    kreuzweis: bool = False
    #: Stöck (King and Ober of trumps) scores 20 (§2.6).
    stoeck: bool = True
    #: When Stöck is announced: with the second of the two cards, or with the Weis in trick 1.
    stoeck_announce: StoeckAnnounce = "second-card"
    #: Points of the last trick and of a Match.
    last_trick_bonus: int = 5
    match_bonus: int = 100
    #: Kontermatch scoring: like a Match, trick points doubled, or a fixed bonus added (§2.8).
    kontermatch: Kontermatch = "match"
    kontermatch_bonus: int = 100
    #: Multiplier per contract, indexed by :class:`Contract` (per suit index, not per deck).
    multipliers: tuple[int, ...] = _NO_MULTIPLIERS
    #: Points that end the game (§2.10).
    target: int = 1000
    count_order: CountOrder = "stoeck-weis-stich"
    #: Striche (§2.12): off unless ``striche``; each value is the number of Striche awarded
    #: (0 switches that part off).
    striche: bool = False
    strich_win: int = 1
    strich_bergpreis: int = 1
    strich_schneider: int = 1
    strich_match: int = 0

    def __post_init__(self) -> None:
        _validate(self)

    def multiplier(self, contract: int) -> int:
        """The multiplier of ``contract``."""
        if not is_int_in(contract, 0, SCHIEBER_CONTRACTS - 1):
            raise RuleError(f"not a contract: {show(contract)} (Schieber's contracts are 0..8)")
        return self.multipliers[contract]

    def contracts(self) -> tuple[int, ...]:
        """The contracts a chooser may name, in order."""
        return tuple(range(6)) + tuple(sorted(self.extra_contracts))

    def replace(self, **changes: Any) -> RuleSet:
        """A copy with some options changed (validated)."""
        for key in changes:
            if key not in _FIELDS:
                raise RuleError(f"option {show(key)}: no such option")
        return dataclasses.replace(self, **changes)


def rules_or_default(rules: object, error: Callable[[str], Exception]) -> RuleSet:
    """``rules``, or ``RuleSet()`` for ``None``; anything else raises ``error`` (for the
    argument checks of the modules built on rule sets)."""
    if rules is None:
        return RuleSet()
    if not isinstance(rules, RuleSet):
        raise error(f"rules must be a RuleSet (or None for the defaults), not {show(rules)}")
    return rules


def _utf8(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:  # a lone surrogate: cannot be written to a file
        return False
    return True


def _validate(r: RuleSet) -> None:
    def need(cond: bool, option: str, msg: str) -> None:
        if not cond:
            raise RuleError(f"option {option!r}: {msg}")

    need(isinstance(r.name, str) and _utf8(r.name), "name", "must be a string (of UTF-8 text)")
    need(is_int_in(r.start_card, 0, 35), "start_card", "must be a card, e.g. 'D7'")
    for name in ("push_back", "weis", "large_weis", "weis_four_low", "kreuzweis", "stoeck",
                 "striche"):
        need(isinstance(getattr(r, name), bool), name, "must be true or false")
    need(isinstance(r.extra_contracts, frozenset), "extra_contracts", "must be a set")
    need(
        all(is_int_in(c, 6, SCHIEBER_CONTRACTS - 1) for c in r.extra_contracts),
        "extra_contracts", "only misere, slalom and slalom-unde are extra contracts",
    )
    need(r.stoeck_announce in ("second-card", "with-weis"), "stoeck_announce",
         "must be 'second-card' or 'with-weis'")
    need(r.kontermatch in ("match", "double", "bonus"), "kontermatch",
         "must be 'match', 'double' or 'bonus'")
    need(r.count_order in ("stoeck-weis-stich", "stoeck-stich-weis"), "count_order",
         "must be 'stoeck-weis-stich' or 'stoeck-stich-weis'")
    for name in ("last_trick_bonus", "match_bonus", "kontermatch_bonus", "strich_win",
                 "strich_bergpreis", "strich_schneider", "strich_match"):
        v = getattr(r, name)
        need(is_int_in(v, 0, 10_000), name, "must be a whole number from 0 to 10000")
    need(is_int_in(r.target, 1, 1_000_000), "target", "must be a whole number from 1 to 1000000")
    need(
        isinstance(r.multipliers, tuple) and len(r.multipliers) == SCHIEBER_CONTRACTS
        and all(is_int_in(m, 1, 100) for m in r.multipliers),
        "multipliers",
        f"must give a whole number 1..100 for each of {SCHIEBER_CONTRACTS} contracts",
    )


_FIELDS: Final = frozenset(f.name for f in dataclasses.fields(RuleSet))

PRESETS: Final[dict[str, RuleSet]] = {
    "family": RuleSet(name="family"),
    "standard-2500": RuleSet(
        name="standard-2500", multipliers=_STANDARD_MULTIPLIERS, target=2500
    ),
    # The "against the computer" table of a popular online site: 7 of Rosen starts, bells and
    # leaves (Schellen, Schilten) ×2, Obenabe and Undenufe ×3; target 1000, 1500 or 2500.
    "online-1000": RuleSet(
        name="online-1000", start_card=10, multipliers=_STANDARD_MULTIPLIERS, target=1000
    ),
    "online-1500": RuleSet(
        name="online-1500", start_card=10, multipliers=_STANDARD_MULTIPLIERS, target=1500
    ),
    "online-2500": RuleSet(
        name="online-2500", start_card=10, multipliers=_STANDARD_MULTIPLIERS, target=2500
    ),
    # The convention of published bot comparisons: card points only.
    "bare": RuleSet(name="bare", weis=False, stoeck=False, match_bonus=0),
}
"""Named presets. ``family``: the rule book's defaults (1000, no multipliers);
``standard-2500``: the standard multiplier table to 2500; ``online-*``: a popular online
site's table; ``bare``: no Weis, no Stöck, no Match bonus (the convention of bot comparisons)."""


# ---------------------------------------------------------------------------------------------
# Files


def rules_to_dict(rules: RuleSet) -> dict[str, Any]:
    """A plain mapping of every option, cards and contracts as notation tokens."""
    if not isinstance(rules, RuleSet):
        raise RuleError(f"not a RuleSet: {show(rules)}")
    out: dict[str, Any] = {"version": RULES_VERSION}
    for f in dataclasses.fields(rules):
        v = getattr(rules, f.name)
        if f.name == "start_card":
            v = format_card(v)
        elif f.name == "extra_contracts":
            v = [CONTRACT_TOKENS[c] for c in sorted(v)]
        elif f.name == "multipliers":
            v = {CONTRACT_TOKENS[i]: m for i, m in enumerate(v)}
        out[f.name] = v
    return out


def rules_from_dict(data: Mapping[str, Any], base: RuleSet | None = None) -> RuleSet:
    """Build a rule set from a mapping; missing options keep ``base``'s (default: RuleSet()).

    A key ``preset`` starts from that preset. Unknown options and bad values raise
    :class:`RuleError`.
    """
    if not isinstance(data, Mapping):
        raise RuleError("a rule set must be a mapping of option names to values")
    if base is not None and not isinstance(base, RuleSet):
        raise RuleError(f"base must be a RuleSet, not {show(base)}")
    data = dict(data)
    version = data.pop("version", RULES_VERSION)
    if not is_int(version) or version != RULES_VERSION:
        raise RuleError(f"option 'version': unsupported rule set version {show(version)} "
                        f"(this is {RULES_VERSION})")
    if "preset" in data:
        p = data.pop("preset")
        if not isinstance(p, str) or p not in PRESETS:
            raise RuleError(
                f"option 'preset': unknown preset {show(p)} (one of {', '.join(PRESETS)})")
        base = PRESETS[p]
    base = base or RuleSet()
    changes: dict[str, Any] = {}
    for key, value in data.items():
        if key not in _FIELDS:
            raise RuleError(f"option {show(key)}: no such option")
        if key == "start_card":
            if not isinstance(value, str):
                raise RuleError("option 'start_card': must be a card token such as 'D7'")
            try:
                value = parse_card(value)
            except CardError as e:
                raise RuleError(f"option 'start_card': {e}") from None
        elif key == "extra_contracts":
            if not isinstance(value, list | tuple) or not all(isinstance(v, str) for v in value):
                raise RuleError("option 'extra_contracts': must be a list of contract names")
            try:
                value = frozenset(parse_contract(v) for v in value)
            except ContractError as e:
                raise RuleError(f"option 'extra_contracts': {e}") from None
        elif key == "multipliers":
            value = _parse_multipliers(value, base.multipliers)
        changes[key] = value
    return dataclasses.replace(base, **changes)


def _parse_multipliers(value: Any, base: tuple[int, ...]) -> tuple[int, ...]:
    if value in ("none", None):
        return _NO_MULTIPLIERS
    if value == "standard":
        return _STANDARD_MULTIPLIERS
    if isinstance(value, list | tuple):
        return tuple(value)
    if not isinstance(value, Mapping):
        raise RuleError(
            "option 'multipliers': must be 'none', 'standard', a list or a table of contract = n"
        )
    out = list(base)
    for k, m in value.items():
        if not isinstance(k, str):
            raise RuleError(
                f"option 'multipliers': a contract name must be a string, not {show(k)}")
        try:
            c = parse_contract(k)
        except ContractError as e:
            raise RuleError(f"option 'multipliers': {e}") from None
        if c >= SCHIEBER_CONTRACTS:
            raise RuleError(f"option 'multipliers': Schieber has no contract {k!r}")
        out[c] = m
    return tuple(out)


def _toml_value(v: Any) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, str):
        # A TOML basic string is JSON's, except that DEL must be escaped too.
        return json.dumps(v, ensure_ascii=False).replace("\x7f", "\\u007f")
    if isinstance(v, list):
        return "[" + ", ".join(_toml_value(x) for x in v) + "]"
    raise TypeError(f"cannot write {v!r} as TOML")


def _path(path: object) -> Path:
    if not isinstance(path, str | os.PathLike):
        raise RuleError(f"a rule file must be a path, not {show(path)}")
    return Path(path)


def save_rules(rules: RuleSet, path: str | Path) -> None:
    """Write ``rules`` to ``path``: JSON for ``.json``, otherwise TOML."""
    p = _path(path)
    d = rules_to_dict(rules)
    if p.suffix.lower() == ".json":
        p.write_text(json.dumps(d, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
        return
    lines = ["# Puur rule set (option names: docs/rules.md)"]
    mult = d.pop("multipliers")
    for k, v in d.items():
        lines.append(f"{k} = {_toml_value(v)}")
    lines.append("")
    lines.append("[multipliers]")
    for k, v in mult.items():
        key = k if k.replace("-", "").isalnum() else json.dumps(k)
        lines.append(f"{key} = {v}")
    p.write_text("\n".join(lines) + "\n", encoding="utf-8")


def load_rules(path: str | Path) -> RuleSet:
    """Read a rule set from a TOML or JSON file (see :func:`rules_from_dict`).

    A file that is not UTF-8 text, not valid TOML or JSON (nested too deeply included) or not a
    valid rule set raises :class:`RuleError`; a file that cannot be read raises ``OSError``.
    """
    p = _path(path)
    raw = p.read_bytes()
    try:
        text = raw.decode("utf-8")
        data = json.loads(text) if p.suffix.lower() == ".json" else tomllib.loads(text)
    except UnicodeDecodeError as e:
        raise RuleError(f"{p}: not a valid rule file: not UTF-8 text ({e.reason} at byte "
                        f"{e.start})") from None
    except RecursionError:
        raise RuleError(f"{p}: not a valid rule file: nested too deeply") from None
    except ValueError as e:  # JSONDecodeError, TOMLDecodeError, an integer too long
        raise RuleError(f"{p}: not a valid rule file: {e}") from None
    return rules_from_dict(data)


assert _STANDARD_MULTIPLIERS[Contract.SCHELLEN] == 2 and _STANDARD_MULTIPLIERS[Contract.ROSEN] == 1
