"""HTTP request bodies of the web protocol (create and join a table), and the checks every client
message shares: JSON objects, the version, free text (docs/protocol.md).

Parsing either succeeds or raises :class:`~puur.server.protocol.ProtocolError` with the
protocol's error code, whatever the bytes (JSON that :mod:`puur.server.safejson` refuses is
``bad_json``); free text (names, ``ref``) may hold no control or invisible formatting character
(``safejson.bad_character``). A new table names its variant (:mod:`puur.variants`), a preset of
that variant and options over it, all checked by the variant's own option set, and as many
seats as the rules give players.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from puur.cards import DECK_STYLES
from puur.server import safejson
from puur.server.names import MAX_NAME, name_error, normalize
from puur.server.protocol import PROTOCOL_VERSION, ProtocolError
from puur.variants import Variant, VariantError, get

__all__ = [
    "DECKS", "LANGUAGES", "STRENGTHS", "CreateTable", "JoinTable", "SeatSpec", "check_version",
    "free_text", "load_object", "parse_create", "parse_join",
]

LANGUAGES: Final = ("de", "fr", "it", "en")
#: The deck styles a table may show (every style of :data:`puur.cards.DECK_STYLES`).
DECKS: Final = tuple(DECK_STYLES)
STRENGTHS: Final = (1, 2, 3)


def load_object(text: str | bytes) -> dict[str, Any]:
    """A JSON object (``bad_json`` for anything else)."""
    try:
        data = safejson.load(text)
    except safejson.BadJson as e:
        raise ProtocolError("bad_json", str(e)) from None
    if not isinstance(data, dict):
        raise ProtocolError("bad_json", "a message must be a JSON object")
    return data


def free_text(text: str, what: str, ref: str | int | None = None) -> str:
    """``text`` unless it holds a refused character (``bad_message`` naming it)."""
    ch = safejson.bad_character(text)
    if ch is not None:
        raise ProtocolError("bad_message", f"{what} may not hold the character "
                            f"{safejson.describe(ch)}: control and invisible formatting "
                            "characters are refused", ref)
    return text


def check_version(data: dict[str, Any], ref: str | int | None) -> None:
    """``version`` unless the message has ``"v"`` of this protocol version."""
    v = data.get("v")
    if isinstance(v, bool) or v != PROTOCOL_VERSION:
        raise ProtocolError(
            "version", f"protocol version {v!r} is not supported; this server speaks "
            f"v={PROTOCOL_VERSION}", ref
        )


@dataclass(frozen=True)
class SeatSpec:
    """One seat of a new table: a person's seat, a computer player and its strength, or an
    outside bot (``remote``) and the computer player standing in for it (``bot``)."""

    kind: str  # "human", "bot" or "remote"
    bot: str | None = None
    strength: int | None = None


@dataclass(frozen=True)
class CreateTable:
    """The body of ``POST /api/tables``, checked: the variant, its preset and the rule set
    built from them (``rules``), one seat per player."""

    preset: str
    options: dict[str, Any]
    deck: str
    lang: str
    seats: tuple[SeatSpec, ...]
    seat: int | None
    #: The creator's display name, ``None`` for none (the seat is then shown by its name).
    name: str | None
    turn_timer: float | None
    public: bool
    variant: str = "schieber"
    rules: Any = None


@dataclass(frozen=True)
class JoinTable:
    """The body of ``POST /api/tables/{code}/join``."""

    seat: int | None
    name: str | None


def _body(text: bytes, allowed: set[str]) -> dict[str, Any]:
    data = load_object(text or b"{}")
    check_version(data, None)
    extra = set(data) - allowed - {"v", "type", "ref"}
    if extra:
        raise ProtocolError("bad_message", f"unknown field(s): {', '.join(sorted(extra))}")
    return data


def display_name(data: dict[str, Any], what: str = "'name'") -> str | None:
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


def _seat_no(value: Any, n: int = 4) -> int | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < n:
        raise ProtocolError("bad_message", f"'seat' must be 0..{n - 1} or null, not {value!r}")
    return int(value)


def _rules(data: dict[str, Any]) -> tuple[Variant, str, dict[str, Any], Any]:
    """The variant, preset, options and rule set of a create body (``bad_rules`` when any of
    them is not one the variant has)."""
    key = data.get("variant", "schieber")
    try:
        variant = get(key)
    except VariantError as e:
        raise ProtocolError("bad_rules", str(e)) from None
    preset = data.get("rules", next(iter(variant.presets)))
    if not isinstance(preset, str) or preset not in variant.presets:
        raise ProtocolError("bad_rules", f"{variant.name} has no preset {preset!r}; one of "
                            f"{', '.join(variant.presets)}")
    options = data.get("options", {})
    if not isinstance(options, dict):
        raise ProtocolError("bad_rules", "'options' must be an object of rule options")
    if "preset" in options:
        raise ProtocolError("bad_rules", "the preset is chosen with 'rules', not as an option")
    if "name" in options:  # the rule set's name is shown to everyone: free text
        options = {**options, "name": display_name(options, "option 'name'")}
    try:
        rules = variant.rules_from_dict({**options, "preset": preset})
    except (TypeError, ValueError) as e:
        raise ProtocolError("bad_rules", str(e)) from None
    return variant, preset, options, rules


def _seat_specs(raw_seats: Any, n: int, what: str, bots: list[str],
                stand_in: str) -> list[SeatSpec]:
    if raw_seats is None:
        raw_seats = [{"kind": "human"}] + [{"kind": "bot", "bot": "random"}] * (n - 1)
    if not isinstance(raw_seats, list) or len(raw_seats) != n:
        raise ProtocolError("bad_message", f"'seats' must be a list of {n} seats ({what})")
    specs: list[SeatSpec] = []
    for i, s in enumerate(raw_seats):
        if not isinstance(s, dict) or s.get("kind") not in ("human", "bot", "remote"):
            raise ProtocolError("bad_message", f"seat {i}: 'kind' must be \"human\", \"bot\" or "
                                "\"remote\"")
        if s["kind"] == "human":
            if set(s) - {"kind"}:
                raise ProtocolError("bad_message", f"seat {i}: a human seat has only 'kind'")
            specs.append(SeatSpec("human"))
            continue
        player = "bot" if s["kind"] == "bot" else "stand_in"
        fields = {"kind", player, "strength"}
        if set(s) - fields:
            raise ProtocolError("bad_message", f"seat {i}: unknown field(s) "
                                f"{', '.join(sorted(set(s) - fields))}")
        bot = s.get(player, "random" if player == "bot" else stand_in)
        if bot not in bots:
            raise ProtocolError("bad_message", f"seat {i}: unknown computer player {bot!r}; "
                                f"available: {', '.join(bots)}")
        strength = s.get("strength", 2)
        if isinstance(strength, bool) or strength not in STRENGTHS:
            raise ProtocolError("bad_message", f"seat {i}: 'strength' must be 1, 2 or 3")
        specs.append(SeatSpec(str(s["kind"]), str(bot), int(strength)))
    return specs


def parse_create(body: bytes, bots: list[str], min_timer: float = 5.0,
                 stand_in: str | None = None) -> CreateTable:
    """Parse and validate a create-table body; ``bots`` are the computer players available,
    ``min_timer`` the shortest turn timer allowed (seconds), ``stand_in`` the computer player
    that stands in for an outside bot unless the seat names one (default: the last of
    ``bots``)."""
    data = _body(body, {"variant", "rules", "options", "deck", "lang", "seats", "seat", "name",
                        "turn_timer", "public"})
    variant, preset, options, rules = _rules(data)
    deck = data.get("deck", variant.default_deck(rules))
    if deck not in DECKS:
        raise ProtocolError("bad_message", f"'deck' must be one of {', '.join(DECKS)}")
    lang = data.get("lang", "de")
    if lang not in LANGUAGES:
        raise ProtocolError("bad_message", f"'lang' must be one of {', '.join(LANGUAGES)}")
    n = variant.num_seats(rules)
    specs = _seat_specs(data.get("seats"), n, f"{variant.name} with {n} players", bots,
                        stand_in or bots[-1])
    seat = _seat_no(data.get("seat", 0 if specs[0].kind == "human" else None), n)
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
        preset, options, str(deck), str(lang), tuple(specs), seat, display_name(data),
        float(timer) if timer is not None else None, public, variant.key, rules,
    )


def parse_join(body: bytes) -> JoinTable:
    """Parse and validate a join body (the seat number is checked against the table)."""
    data = _body(body, {"seat", "name"})
    seat = _seat_no(data.get("seat"), 64)
    return JoinTable(seat, display_name(data))
