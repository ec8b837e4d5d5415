"""The player service: Puur's bots behind the course kit's HTTP paths (Starlette).

Every player answers under ``/jass/players/NAME/…`` and, as the kit's own service mounts them,
under ``/NAME/…``:

* ``POST …/action_trump``: the kit's observation in, ``{"trump": 0..5 or 10}`` out;
* ``POST …/action_play_card``: the observation in, ``{"card": "HA"}`` out;
* ``POST …/game_info``: news the player needs not answer; checked and acknowledged (``""``);
* ``GET …``: ``"Player NAME here"``.

A refused request gets ``{"error": "…"}`` with a 4xx status and changes nothing: 404 an
unknown player, 405 a wrong method, 413 a body over :data:`MAX_BODY` bytes, 415 a body that is
not declared JSON, 400 JSON that is not a possible observation, 409 an observation in which it
is not the viewing seat's turn or not the decision asked for; 500 a player that failed. Each
refusal is logged as a warning (logger ``puur.playerservice``). Each player decides one request
at a time, in a worker thread, so a slow search never holds up the event loop.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Mapping
from typing import Any, Final

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Mount, Route

from puur.bots import Bot
from puur.playerservice.protocol import KitError, answer_card, answer_trump, read_observation
from puur.server import safejson

__all__ = ["MAX_BODY", "create_app"]

MAX_BODY: Final = 64 * 1024
"""The largest request body read, in bytes (a full observation is under 2 KiB)."""


_log = logging.getLogger("puur.playerservice")


def _error(message: str, status: int) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status)


async def _body(request: Request) -> object:
    """The request's JSON, read up to :data:`MAX_BODY` bytes."""
    ctype = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if ctype != "application/json":
        raise KitError("json data expected (Content-Type: application/json)", 415)
    length = request.headers.get("content-length", "")
    if length.isdigit() and int(length) > MAX_BODY:
        raise KitError(f"the body is over {MAX_BODY} bytes", 413)
    chunks: list[bytes] = []
    size = 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > MAX_BODY:
            raise KitError(f"the body is over {MAX_BODY} bytes", 413)
        chunks.append(chunk)
    try:
        return safejson.load(b"".join(chunks))
    except safejson.BadJson as e:
        raise KitError(f"the body is not JSON: {e}") from None


def create_app(players: Mapping[str, Bot]) -> Starlette:
    """The service answering for ``players`` (player name → bot)."""
    bots = dict(players)
    locks = {name: asyncio.Lock() for name in bots}

    def bot_of(request: Request) -> tuple[str, Bot]:
        name = request.path_params["name"]
        if name not in bots:
            raise KitError(f"player not found: {name[:60]!r}; players: {', '.join(bots)}", 404)
        return name, bots[name]

    async def decide(request: Request, phase: str) -> Any:
        name, bot = bot_of(request)
        req = read_observation(await _body(request))
        if req.phase != phase:
            words = {"choose": "a trump", "play": "a card"}
            raise KitError(f"the observation asks for {words[req.phase]}, not {words[phase]}",
                           409)
        async with locks[name]:
            action = await run_in_threadpool(bot.act, req.observation)
        if action not in req.observation.legal_actions:
            raise KitError(f"player {name!r} chose an illegal action", 500)
        return action

    async def trump(request: Request) -> Response:
        return JSONResponse({"trump": answer_trump(await decide(request, "choose"))})

    async def card(request: Request) -> Response:
        return JSONResponse({"card": answer_card(await decide(request, "play"))})

    async def info(request: Request) -> Response:
        bot_of(request)
        data = await _body(request)
        if not isinstance(data, dict):
            raise KitError("the body must be a JSON object (the kit's game observation)")
        return JSONResponse("")

    async def check(request: Request) -> Response:
        name, _ = bot_of(request)
        return JSONResponse(f"Player {name} here")

    async def kit_error(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, KitError)
        # The kit's client plays a random card in place of a refused answer: say why here.
        _log.warning("refused %s %s (%d): %s", request.method, request.url.path[:100],
                     exc.status, exc)
        return _error(str(exc), exc.status)

    async def failed(request: Request, exc: Exception) -> Response:
        _log.error("a player failed at %s: %r", request.url.path[:100], exc)
        return _error("the player failed to answer; nothing changed", 500)

    async def http_error(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, HTTPException)
        what = "no such path" if exc.status_code == 404 else exc.detail
        return _error(f"{what}: {request.method} {request.url.path[:100]}", exc.status_code)

    player_routes = [
        Route("/{name}/action_trump", trump, methods=["POST"]),
        Route("/{name}/action_play_card", card, methods=["POST"]),
        Route("/{name}/game_info", info, methods=["POST"]),
        Route("/{name}", check, methods=["GET"]),
    ]
    return Starlette(
        routes=[Mount("/jass/players", routes=player_routes), *player_routes],
        exception_handlers={KitError: kit_error, HTTPException: http_error, Exception: failed},
    )
