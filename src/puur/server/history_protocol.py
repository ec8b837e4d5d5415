"""What the history answers (docs/protocol.md, *History*): the finished games, share links and
replays, as typed structures like every other message of :mod:`puur.server.protocol`."""

# No ``from __future__ import annotations`` here, as in :mod:`puur.server.protocol`.
from typing import Any, Literal, TypedDict

from puur.server.protocol import ActionData, Announced, GameInfo, MeldData, Result, TrickData

__all__ = [
    "AnalysisMessage", "FinishedGame", "GamesMessage", "ReplayAction", "ReplayHand",
    "ReplayMessage", "ReplaySeat",
    "ShareMessage",
]


class FinishedGame(GameInfo):
    """A finished game in the history."""

    code: str
    public: bool
    variant: str
    names: list[str | None]


class GamesMessage(TypedDict):
    """``GET /api/games``."""

    v: Literal[2]
    type: Literal["games"]
    games: list[FinishedGame]


class ShareMessage(TypedDict):
    """``POST /api/games/{id}/share``."""

    v: Literal[2]
    type: Literal["share"]
    game_id: int
    share: str
    url: str


class ReplaySeat(TypedDict):
    """Who sat at a seat of a finished game."""

    seat: int
    kind: str
    bot: str | None
    name: str | None


class ReplayAction(TypedDict):
    """One action of a replayed hand and the seat that made it."""

    seat: int
    action: ActionData


class ReplayHand(TypedDict):
    """One hand of a replay, every card open."""

    hand_no: int
    forehand: int
    dealer: int | None
    turned: str | None
    deal: list[list[str]]
    contract: str | None
    chooser: int | None
    pushed: bool
    multiplier: int
    actions: list[ReplayAction]
    weis: list[list[MeldData]]
    weis_announced: list[list[Announced]]
    weis_seat: int | None
    stoeck_seat: int | None
    tricks: list[TrickData]
    score: dict[str, Any]
    scores_after: list[int]
    panel: dict[str, Any]
    #: The cards lying face down outside the hands as the hand ended, by pile.
    piles: dict[str, list[str]]


class AnalysisMessage(TypedDict):
    """``GET /api/games/{id}/analysis?hand=N``: the coach's judgement of every decision of one
    hand (``docs/coach.md``); ``decisions`` and ``totals`` as ``puur analyse --json`` writes
    them."""

    v: Literal[2]
    type: Literal["analysis"]
    game_id: int
    hand: int
    seconds: float
    decisions: list[dict[str, Any]]
    totals: list[dict[str, Any]]


class ReplayMessage(TypedDict):
    """``GET /api/games/{id}/replay``: a finished game with every hand open."""

    v: Literal[2]
    type: Literal["replay"]
    game_id: int
    code: str | None
    variant: str
    rules: dict[str, Any]
    seats: list[ReplaySeat]
    result: Result | None
    jasstafel: dict[str, Any] | None
    hands: list[ReplayHand]
    #: The seed every hand was dealt from, and the commitment to it shown at the start
    #: (``None``: a game stored before seeds were committed); docs/fairness.md.
    seed: str
    commitment: str | None
