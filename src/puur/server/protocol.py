"""What the server sends: every server-to-client message of the web protocol as a typed structure
(docs/protocol.md, version :data:`PROTOCOL_VERSION`), and the protocol's errors.

Each message is a JSON object with ``v`` (the protocol version) and ``type``; the structures
below name every field and its type, for every variant of :mod:`puur.variants` alike. Within a
version fields may be added, never removed or changed; clients ignore fields they do not know.
The variant's own panel (``GameView.panel``, ``GameView.own``) is typed by the variant's
observation (its ``panel()`` and ``own()``, e.g.
:class:`puur.variants.differenzler_view.DifferenzlerPanel`), so that nothing here names a
variant. The history's answers (finished games, share links, replays) are typed in
:mod:`puur.server.history_protocol`. The tests check every message of whole games of every
variant against these structures.
"""

# No ``from __future__ import annotations`` here: ``NotRequired`` keys are read when each class
# is made, which needs its annotations evaluated.
from typing import Any, Final, Literal, NotRequired, TypedDict

__all__ = [
    "HTTP_STATUS", "PROTOCOL_VERSION", "ActionData", "ActionEvent", "Announced", "BotToken",
    "BotWelcomeMessage", "CardAt", "CreatedMessage", "ErrorMessage", "Event", "GameEvent",
    "GameInfo", "GameOverMessage", "GameView", "HandOverMessage", "HandSummary", "JoinedMessage",
    "MeldData", "MetaMessage", "PongMessage", "ProtocolError", "Result", "Revealed", "SeatEvent",
    "SeatSummary", "StandIn", "StateMessage", "TableMessage", "TableSummary", "TablesMessage",
    "TrickData", "VariantMeta", "VariantSummary", "You", "error_json",
]

PROTOCOL_VERSION: Final = 2

# HTTP status of each error code that can be an HTTP answer.
HTTP_STATUS: Final[dict[str, int]] = {
    "bad_json": 400, "bad_message": 400, "version": 400, "unknown_type": 400, "bad_rules": 400,
    "no_table": 404, "no_game": 404, "not_finished": 409, "seat_taken": 409, "table_full": 409,
    "not_found": 404, "method_not_allowed": 405, "too_large": 413, "rate_limited": 429,
    "too_many_tables": 429, "too_many_shares": 409, "busy": 503,
}


class ProtocolError(Exception):
    """A refused message: ``code`` is the protocol's error code, the text says why."""

    def __init__(self, code: str, message: str, ref: str | int | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.ref = ref

    def as_json(self) -> "ErrorMessage":
        """The ``error`` message."""
        return error_json(self.code, self.message, self.ref)

    @property
    def http_status(self) -> int:
        """The HTTP status for this error."""
        return HTTP_STATUS.get(self.code, 400)


# ---------------------------------------------------------------------------------------------
# Errors and pongs


class ErrorMessage(TypedDict):
    """A refusal (WebSocket and HTTP); ``ref`` echoes the client message's ``ref``."""

    v: Literal[2]
    type: Literal["error"]
    code: str
    message: str
    ref: str | int | None


class PongMessage(TypedDict):
    """The answer to ``ping``."""

    v: Literal[2]
    type: Literal["pong"]
    ref: str | int | None


def error_json(code: str, message: str, ref: str | int | None = None) -> ErrorMessage:
    """An ``error`` message object."""
    return {"v": PROTOCOL_VERSION, "type": "error", "code": code, "message": message, "ref": ref}


# ---------------------------------------------------------------------------------------------
# The table summary


class StandIn(TypedDict):
    """The computer player that moves for an outside bot that does not answer in time."""

    bot: str
    strength: int | None


class SeatSummary(TypedDict):
    """One seat of a table. An outside bot's seat (docs/protocol.md, *Bots*) is a ``bot`` seat
    with ``bot: "remote"`` and its ``stand_in``; its ``connected`` tells whether the program is
    connected."""

    seat: int
    kind: Literal["human", "bot"]
    name: str | None
    taken: bool
    connected: bool
    auto: bool
    bot: str | None
    strength: int | None
    stand_in: NotRequired[StandIn]


class GameInfo(TypedDict):
    """One game of a table (``scores`` per side, after its last finished hand)."""

    id: int
    number: int
    finished: bool
    winner: int | None
    reason: str | None
    scores: list[int] | None
    ended: float | None
    #: SHA-256 of the game's secret seed (docs/fairness.md), shown from the game's start;
    #: ``None`` for a game stored before seeds were committed.
    commitment: str | None
    #: The seed itself, once the game is over (``None`` until then).
    seed: str | None


class VariantSummary(TypedDict):
    """Which game of the family a table plays, and how its scores read."""

    key: str
    name: str
    score_name: str
    lower_is_better: bool
    players: int
    sides: int


class TableSummary(TypedDict):
    """A table: its variant, rules, seats and games (no secrets)."""

    code: str
    created: float
    variant: VariantSummary
    preset: str
    rules: dict[str, Any]
    deck: str
    lang: str
    turn_timer: float | None
    public: bool
    status: Literal["waiting", "playing", "over"]
    seats: list[SeatSummary]
    free_seats: list[int]
    spectators: int
    game_id: int | None
    games: list[GameInfo]


# ---------------------------------------------------------------------------------------------
# The game view


class CardAt(TypedDict):
    """A card a seat played."""

    seat: int
    card: str


class TrickData(TypedDict):
    """A finished trick: its card points (the last trick's bonus included, unmultiplied)."""

    leader: int
    cards: list[CardAt]
    winner: int
    points: int


class MeldData(TypedDict):
    """A Weis meld shown card by card."""

    cards: list[str]
    points: int


class Announced(TypedDict):
    """A meld as it is declared aloud: points and length."""

    points: int
    length: int


class ActionData(TypedDict):
    """An action: its typed form (``type`` and the fields of that type, see
    :mod:`puur.variants.json_actions`), its ``id`` in the variant's action space, its ``name``
    there and its record ``token``. Sent to others, an action whose content the rules hide is
    its ``type`` alone; in a replay a declared Weis has its ``melds``."""

    type: str
    id: NotRequired[int]
    name: NotRequired[str]
    token: NotRequired[str]
    card: NotRequired[str]
    contract: NotRequired[str]
    option: NotRequired[int]
    announce: NotRequired[bool]
    value: NotRequired[int]
    row: NotRequired[int]
    word: NotRequired[str]
    args: NotRequired[list[str]]
    melds: NotRequired[list[MeldData]]


class HandSummary(TypedDict):
    """A finished hand: ``score`` is the variant's breakdown (``Variant.hand_data``),
    ``scores`` each side's game total after it."""

    hand_no: int
    contract: str | None
    chooser: int | None
    pushed: bool
    score: dict[str, Any]
    scores: list[int]


class Result(TypedDict):
    """A finished game."""

    winner: int | None
    reason: str | None
    scores: list[int]
    places: list[int]
    striche: list[int] | None
    game_id: int
    #: A series of games (Schaffhauser): each game's König, winning side and columns.
    games: NotRequired[list[dict[str, Any]]]


class GameView(TypedDict):
    """The game as one client sees it (the ``game`` of a ``state``)."""

    game_id: int
    hand_no: int
    variant: str
    to_move: int | None
    forehand: int
    dealer: int | None
    contract: str | None
    trump: str | None
    mode: str | None
    turned: str | None
    chooser: int | None
    pushed: bool
    pushed_back: bool
    multiplier: int
    trick_no: int
    num_tricks: int
    leader: int
    trick: list[CardAt]
    last_trick: TrickData | None
    history: list[tuple[int, str]]
    tricks_won: list[int]
    hand_sizes: list[int]
    sides: list[list[int]]
    weis_announced: list[list[Announced]]
    weis_seat: int | None
    stoeck_seat: int | None
    credited: list[int]
    scores: list[int]
    places: list[int]
    target: int | None
    jasstafel: dict[str, Any] | None
    panel: dict[str, Any]
    last_hand: HandSummary | None
    result: Result | None
    deadline: float | None
    phase: str
    hand: list[str]
    legal: list[ActionData]
    weis_options: list[list[MeldData]]
    weis_shown: list[list[MeldData]]
    own: dict[str, Any]


# ---------------------------------------------------------------------------------------------
# Events and the messages of play


class You(TypedDict):
    """Who the receiving client is."""

    role: Literal["player", "spectator"]
    seat: int | None


class Revealed(TypedDict):
    """A secret decision the table learns with the seat's card."""

    type: Literal["weis", "stoeck", "declare"]
    declared: NotRequired[list[Announced]]
    announce: NotRequired[bool]
    #: A variant's own declaration (the Strafpunktjass's bare penalty card: ``bare``).
    word: NotRequired[str]


ActionEvent = TypedDict("ActionEvent", {
    "type": Literal["action"],
    "seat": int,
    "action": ActionData,
    "by": Literal["player", "bot", "auto"],
    "with": NotRequired[list[Revealed]],
})
"""An accepted action (``with``: the secret decisions it makes public)."""


class SeatEvent(TypedDict):
    """A seat changed: ``joined``, ``connected``, ``disconnected``, ``takeover``, ``handback``."""

    type: Literal["seat"]
    seat: int
    what: Literal["joined", "connected", "disconnected", "takeover", "handback"]


class GameEvent(TypedDict):
    """A game began: the first (``start``) or the next (``rematch``)."""

    type: Literal["start", "rematch"]
    game_id: int


Event = ActionEvent | SeatEvent | GameEvent


class StateMessage(TypedDict):
    """The full view of one client after a step (``event``: what led to it)."""

    v: Literal[2]
    type: Literal["state"]
    you: You
    seq: int
    event: Event | None
    table: TableSummary
    game: GameView | None


class HandOverMessage(HandSummary):
    """A hand is finished (sent just before the next state)."""

    v: Literal[2]
    type: Literal["hand_over"]


class GameOverMessage(TypedDict):
    """The game is finished (sent just before its last state)."""

    v: Literal[2]
    type: Literal["game_over"]
    game_id: int
    winner: int | None
    reason: str | None
    scores: list[int]
    places: list[int]
    striche: list[int] | None
    jasstafel: dict[str, Any] | None
    #: The commitment shown at the start (``None``: none was) and the seed it hides.
    commitment: str | None
    seed: str
    #: A series of games (Schaffhauser): each game's König, winning side and columns.
    games: NotRequired[list[dict[str, Any]]]


# ---------------------------------------------------------------------------------------------
# HTTP answers


class VariantMeta(TypedDict):
    """A variant as the lobby builds its form from it (``Variant.info()`` and its presets'
    rule sets)."""

    key: str
    name: str
    aliases: list[str]
    summary: str
    players: list[int]
    sides: str
    deck: int
    presets: list[str]
    options: list[dict[str, Any]]
    score_name: str
    lower_is_better: bool
    preset_rules: dict[str, dict[str, Any]]
    #: The deck style of a table of each preset unless the player picks another.
    preset_decks: dict[str, str]


class MetaMessage(TypedDict):
    """``GET /api/meta``: what a lobby form needs (``presets``: Schieber's rule sets)."""

    v: Literal[2]
    type: Literal["meta"]
    protocol: int
    variants: list[VariantMeta]
    presets: dict[str, dict[str, Any]]
    bots: list[str]
    strengths: list[int]
    decks: list[str]
    languages: list[str]
    #: The version of the outside bots' part of the protocol (``bot_hello``).
    bot_version: int


class BotToken(TypedDict):
    """The secret token of one outside bot's seat, given to the host once."""

    seat: int
    token: str


class CreatedMessage(TypedDict):
    """``POST /api/tables``: the new table, the creator's seat and token, and a token for each
    outside bot's seat (in seat order; empty when there is none)."""

    v: Literal[2]
    type: Literal["created"]
    code: str
    seat: int | None
    token: str | None
    invite: str
    table: TableSummary
    bots: list[BotToken]


class BotWelcomeMessage(TypedDict):
    """The answer to ``bot_hello``, before the seat's first ``state``: the seat, the bot
    protocol's version, and how long the table waits for the program (seconds per turn, and
    at most when it is not connected) before the stand-in moves."""

    v: Literal[2]
    type: Literal["bot_welcome"]
    bot_version: int
    seat: int
    move_time: float
    grace: float
    stand_in: StandIn
    ref: str | int | None


class JoinedMessage(TypedDict):
    """``POST /api/tables/{code}/join``: the seat taken and its token."""

    v: Literal[2]
    type: Literal["joined"]
    code: str
    seat: int
    token: str


class TablesMessage(TypedDict):
    """``GET /api/tables``: the open public tables."""

    v: Literal[2]
    type: Literal["tables"]
    tables: list[TableSummary]


class TableMessage(TypedDict):
    """``GET /api/tables/{code}``."""

    v: Literal[2]
    type: Literal["table"]
    table: TableSummary
