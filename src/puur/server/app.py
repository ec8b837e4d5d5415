"""The Starlette application: lobby and history over HTTP, play over WebSockets, the front end.

Routes (docs/protocol.md): ``/api/meta``, ``/api/tables`` (list, create), ``/api/tables/{code}``,
``/api/tables/{code}/join``, ``/api/games``, ``/api/games/{id}/record``,
``/api/games/{id}/replay``, ``/api/games/{id}/share`` (:mod:`puur.server.history`), the WebSocket
``/ws/{code}``; ``/static/…`` serves the files of ``puur/server/static`` and ``/``,
``/t/{code}``, ``/replay/{id}`` (and the other front-end routes) return its ``index.html``.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, HTMLResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from puur.cards import DECK_STYLES
from puur.rules import PRESETS, rules_to_dict
from puur.server.history import History
from puur.server.lobby import Lobby
from puur.server.messages import (
    LANGUAGES,
    PROTOCOL_VERSION,
    STRENGTHS,
    ActionMessage,
    Back,
    Hello,
    Ping,
    ProtocolError,
    Rematch,
    parse_client_message,
    parse_create,
    parse_join,
)
from puur.server.storage import Storage
from puur.server.tables import Connection, Table

__all__ = ["DEFAULT_DB", "STATIC_DIR", "create_app"]

STATIC_DIR = Path(__file__).parent / "static"
DEFAULT_DB = Path("data") / "puur.sqlite3"

Handler = Callable[[Request], Awaitable[Response]]


def _lobby(request: Request | WebSocket) -> Lobby:
    lobby: Lobby = request.app.state.lobby
    return lobby


def _ok(data: dict[str, Any], status: int = 200) -> JSONResponse:
    return JSONResponse({"v": PROTOCOL_VERSION, **data}, status_code=status)


def _errors(handler: Handler) -> Handler:
    async def wrapped(request: Request) -> Response:
        try:
            return await handler(request)
        except ProtocolError as e:
            return JSONResponse(e.as_json(), status_code=e.http_status)

    return wrapped


# ---------------------------------------------------------------------------------------------
# HTTP


@_errors
async def meta(request: Request) -> Response:
    """What a lobby form needs: presets, bots, decks, languages."""
    return _ok({
        "type": "meta", "protocol": PROTOCOL_VERSION,
        "presets": {name: rules_to_dict(r) for name, r in PRESETS.items()},
        "bots": _lobby(request).bots(), "strengths": list(STRENGTHS),
        "decks": list(DECK_STYLES), "languages": list(LANGUAGES),
    })


@_errors
async def tables(request: Request) -> Response:
    """``GET``: open tables; ``POST``: create a table."""
    lobby = _lobby(request)
    if request.method == "GET":
        return _ok({"type": "tables", "tables": lobby.open_tables()})
    spec = parse_create(await request.body(), lobby.bots(), lobby.min_timer)
    table, seat, token = lobby.create(spec)
    return _ok({
        "type": "created", "code": table.code, "seat": seat, "token": token,
        "invite": f"/t/{table.code}", "table": table.summary(),
    }, status=201)


@_errors
async def table_info(request: Request) -> Response:
    """One table's summary."""
    table = _lobby(request).get(request.path_params["code"])
    return _ok({"type": "table", "table": table.summary()})


@_errors
async def join(request: Request) -> Response:
    """Take a free seat."""
    table = _lobby(request).get(request.path_params["code"])
    body = parse_join(await request.body())
    async with table.lock:
        seat, token = table.join(body.seat, body.name)
    return _ok({"type": "joined", "code": table.code, "seat": seat, "token": token})


def _history(request: Request) -> History:
    """The history as this request may see it: its seat tokens (header ``X-Puur-Tokens``) and
    share key (``?share=``) open private tables' games (docs/protocol.md)."""
    return History(_lobby(request).storage, request.headers.get("x-puur-tokens", ""),
                   request.query_params.get("share"))


@_errors
async def games(request: Request) -> Response:
    """The latest finished games of public tables and of the caller's private ones."""
    return _ok({"type": "games", "games": _history(request).games()})


@_errors
async def record(request: Request) -> Response:
    """A finished game as a record file."""
    gid, text = _history(request).record(request.path_params["game_id"])
    return Response(text, media_type="text/plain; charset=utf-8", headers={
        "Content-Disposition": f'attachment; filename="puur-game-{gid}.txt"'})


@_errors
async def replay(request: Request) -> Response:
    """Every hand of a finished game with all hands open."""
    return JSONResponse(_history(request).replay(request.path_params["game_id"]))


@_errors
async def share(request: Request) -> Response:
    """A share link to a finished game, for a seat holder of its table."""
    return _ok(_history(request).share(request.path_params["game_id"]), status=201)


async def index(request: Request) -> Response:
    """The front end's single page (for every client-side route)."""
    page = STATIC_DIR / "index.html"
    if page.is_file():
        return FileResponse(page, media_type="text/html")
    return HTMLResponse("<!doctype html><title>Puur</title><p>Puur server: the web front end "
                        "is not installed.</p>")


async def api_missing(request: Request) -> Response:
    """JSON 404 for unknown API paths."""
    return JSONResponse({"v": PROTOCOL_VERSION, "type": "error", "code": "not_found",
                         "message": f"no API route {request.url.path}", "ref": None},
                        status_code=404)


# ---------------------------------------------------------------------------------------------
# WebSocket


async def _writer(ws: WebSocket, conn: Connection) -> None:
    while True:
        text = await conn.queue.get()
        if text is None:
            return
        try:
            await ws.send_text(text)
        except (WebSocketDisconnect, RuntimeError, OSError):
            return


async def _receive(ws: WebSocket) -> str | bytes | None:
    msg = await ws.receive()
    if msg["type"] == "websocket.disconnect":
        return None
    text = msg.get("text")
    if text is not None:
        return str(text)
    data = msg.get("bytes")
    return bytes(data) if data is not None else b""


async def _send_now(ws: WebSocket, data: dict[str, Any]) -> None:
    await ws.send_text(json.dumps(data, separators=(",", ":")))


async def play_socket(ws: WebSocket) -> None:
    """One client: ``hello`` first, then actions; every answer goes through the table."""
    await ws.accept()
    lobby = _lobby(ws)
    code = ws.path_params["code"]
    try:
        table: Table = lobby.get(code)
    except ProtocolError as e:
        await _send_now(ws, e.as_json())
        await ws.close(code=4404)
        return
    # Hello first.
    while True:
        raw = await _receive(ws)
        if raw is None:
            return
        try:
            msg = parse_client_message(raw)
            if not isinstance(msg, Hello):
                raise ProtocolError("hello_first", "send 'hello' first", msg.ref)
            seat = None if msg.token is None else table.seat_of_token(msg.token)
            break
        except ProtocolError as e:
            await _send_now(ws, e.as_json())
            if e.code == "auth":
                await ws.close(code=4401)
                return
    conn = Connection(seat)
    writer = asyncio.get_running_loop().create_task(_writer(ws, conn))
    try:
        async with table.lock:
            table.connect(conn)
        while True:
            raw = await _receive(ws)
            if raw is None:
                break
            try:
                msg = parse_client_message(raw)
                if isinstance(msg, ActionMessage):
                    async with table.lock:
                        table.handle_action(conn, msg)
                elif isinstance(msg, Ping):
                    conn.send_json({"v": PROTOCOL_VERSION, "type": "pong", "ref": msg.ref})
                elif isinstance(msg, Rematch):
                    async with table.lock:
                        table.rematch(conn, msg.ref)
                elif isinstance(msg, Back):
                    async with table.lock:
                        table.back(conn)
                else:
                    raise ProtocolError("bad_message", "already said hello", msg.ref)
            except ProtocolError as e:
                conn.send_json(e.as_json())
    except WebSocketDisconnect:
        pass
    finally:
        table.disconnect(conn)
        conn.close()
        with contextlib.suppress(Exception):
            await writer


# ---------------------------------------------------------------------------------------------


def create_app(
    db: str | Path = DEFAULT_DB,
    bot_delay: float = 0.8,
    min_timer: float = 5.0,
    seed: int | None = None,
    disconnect_grace: float = 5.0,
) -> Starlette:
    """The web app on the SQLite file ``db``. ``bot_delay``: seconds a computer player waits
    before it acts (0 in tests); ``min_timer``: the shortest turn timer a table may ask for;
    ``seed``: makes deals and computer players repeatable (tests); ``disconnect_grace``: with a
    turn timer, seconds a disconnected person's turn waits before a computer player steps in."""

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        lobby = Lobby(Storage(db), bot_delay=bot_delay, min_timer=min_timer, seed=seed,
                      disconnect_grace=disconnect_grace)
        lobby.load()
        app.state.lobby = lobby
        lobby.resume()
        try:
            yield
        finally:
            lobby.close()

    routes: list[Any] = [
        Route("/api/meta", meta),
        Route("/api/tables", tables, methods=["GET", "POST"]),
        Route("/api/tables/{code}", table_info),
        Route("/api/tables/{code}/join", join, methods=["POST"]),
        Route("/api/games", games),
        Route("/api/games/{game_id}/record", record),
        Route("/api/games/{game_id}/replay", replay),
        Route("/api/games/{game_id}/share", share, methods=["POST"]),
        Route("/api/{rest:path}", api_missing, methods=["GET", "POST"]),
        WebSocketRoute("/ws/{code}", play_socket),
        Route("/", index),
        Route("/t/{code}", index),
        Route("/replay/{game_id}", index),
        Route("/history", index),
        Route("/lobby", index),
    ]
    if STATIC_DIR.is_dir():
        routes.append(Mount("/static", app=StaticFiles(directory=STATIC_DIR), name="static"))
    return Starlette(routes=routes, lifespan=lifespan)
