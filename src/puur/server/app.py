"""The Starlette application: lobby and history over HTTP, play over WebSockets, the front end.

Routes (docs/protocol.md): ``/api/meta``, ``/api/tables`` (list, create), ``/api/tables/{code}``,
``/api/tables/{code}/join``, ``/api/games``, ``/api/games/{id}/record``,
``/api/games/{id}/replay``, ``/api/games/{id}/share`` (:mod:`puur.server.history`),
``/api/games/{id}/analysis`` (the coach, :mod:`puur.server.coaching`), the WebSocket
``/ws/{code}`` (:mod:`puur.server.sockets`); ``/static/…`` serves the files of
``puur/server/static`` and ``/``, ``/t/{code}``, ``/replay/{id}`` (and the other front-end
routes) return its ``index.html``, with the interface texts the web app shows (the shared and web
areas of the catalogue, :mod:`puur.i18n`) inlined as JSON in ``<script id="puur-texts">``: the
page needs no second request for them, and its ``ETag`` changes with them.

Every refusal under ``/api/`` is a typed error with a 4xx status, unknown routes and methods
included (a fault of the server's own is a typed 500, ``server_error``). Request bodies are read
only up to ``Limits.max_body`` (``too_large``, 413), and table-code lookups count against the
client's rate limit (``rate_limited``, 429 with ``Retry-After``), and so do new tables, of
which a client may also have only so many unfinished (``too_many_tables``, 429); see
:mod:`puur.server.limits`.
"""

from __future__ import annotations

import contextlib
import hashlib
import io
import json
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import Any, Final

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import ClientDisconnect, Request
from starlette.responses import (
    HTMLResponse,
    JSONResponse,
    PlainTextResponse,
    Response,
)
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket

from puur import i18n
from puur.cards import DECK_STYLES
from puur.record import read_record
from puur.rules import PRESETS, rules_to_dict
from puur.server.bodies import LANGUAGES, STRENGTHS, parse_create, parse_join
from puur.server.coaching import Coach
from puur.server.history import History
from puur.server.limits import Limits, RateLimited, RateLimiter, SocketCounter, client_key
from puur.server.lobby import BOT_TIMER, Lobby
from puur.server.messages import BOT_VERSION
from puur.server.protocol import PROTOCOL_VERSION, ProtocolError, error_json
from puur.server.sockets import play_socket
from puur.server.storage import Storage
from puur.server.tables import Table
from puur.variants import variants

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
            headers = ({"Retry-After": str(e.retry_after)} if isinstance(e, RateLimited)
                       else None)
            return JSONResponse(e.as_json(), status_code=e.http_status, headers=headers)
        except ClientDisconnect:
            return Response(status_code=400)  # the client left in mid-body: nobody to tell

    return wrapped


async def _body(request: Request) -> bytes:
    """The request body, read no further than ``Limits.max_body`` bytes."""
    limit: int = request.app.state.limits.max_body
    too_large = ProtocolError("too_large", f"a request body may have at most {limit} bytes")
    declared = request.headers.get("content-length", "")
    if len(declared) > 18 or (declared.isdigit() and int(declared) > limit):
        raise too_large
    body = bytearray()
    async for chunk in request.stream():
        body += chunk
        if len(body) > limit:
            raise too_large
    return bytes(body)


def _table(request: Request) -> Table:
    """The table of the path's ``{code}``: a table-code lookup, counted against the client."""
    lookups: RateLimiter = request.app.state.lookups
    lookups.take(client_key(request.scope), "table-code lookups")
    return _lobby(request).get(request.path_params["code"][:32])


# ---------------------------------------------------------------------------------------------
# HTTP


def variants_meta() -> list[dict[str, Any]]:
    """Every variant the server plays, as a lobby builds its form from: the variant's own
    description (``Variant.info()``: players, sides, options with kinds, defaults, choices and
    ranges, preset names) with each preset's full rule set (``preset_rules``) and the deck
    style a table of it shows unless the player picks another (``preset_decks``)."""
    return [{**v.info(), "preset_rules": {name: v.rules_to_dict(r)
                                          for name, r in v.presets.items()},
             "preset_decks": {name: v.default_deck(r) for name, r in v.presets.items()}}
            for v in variants()]


@_errors
async def meta(request: Request) -> Response:
    """What a lobby form needs: variants, presets, bots, decks, languages."""
    return _ok({
        "type": "meta", "protocol": PROTOCOL_VERSION,
        "variants": request.app.state.variants,
        "presets": {name: rules_to_dict(r) for name, r in PRESETS.items()},
        "bots": _lobby(request).bots(), "strengths": list(STRENGTHS),
        "decks": list(DECK_STYLES), "languages": list(LANGUAGES), "bot_version": BOT_VERSION,
    })


@_errors
async def tables(request: Request) -> Response:
    """``GET``: open tables; ``POST``: create a table."""
    lobby = _lobby(request)
    if request.method == "GET":
        return _ok({"type": "tables", "tables": lobby.open_tables()})
    spec = parse_create(await _body(request), lobby.bots(), lobby.min_timer, lobby.stand_in)
    key = client_key(request.scope)
    lobby.check_room(key)
    creates: RateLimiter = request.app.state.creates
    creates.take(key, "new tables")
    table, seat, token, bot_tokens = await lobby.create(spec, key)
    return _ok({
        "type": "created", "code": table.code, "seat": seat, "token": token,
        "invite": f"/t/{table.code}", "table": table.summary(),
        "bots": [{"seat": s, "token": t} for s, t in sorted(bot_tokens.items())],
    }, status=201)


@_errors
async def table_info(request: Request) -> Response:
    """One table's summary."""
    table = _table(request)
    return _ok({"type": "table", "table": table.summary()})


@_errors
async def join(request: Request) -> Response:
    """Take a free seat."""
    table = _table(request)
    body = parse_join(await _body(request))
    async with table.lock:
        seat, token = await table.join(body.seat, body.name)
    return _ok({"type": "joined", "code": table.code, "seat": seat, "token": token})


def _history(request: Request) -> History:
    """The history as this request may see it: its seat tokens (header ``X-Puur-Tokens``) and
    share key (``?share=``) open private tables' games (docs/protocol.md)."""
    return History(_lobby(request).storage, request.headers.get("x-puur-tokens", ""),
                   request.query_params.get("share"))


@_errors
async def games(request: Request) -> Response:
    """The latest finished games of public tables and of the caller's private ones."""
    history = _history(request)
    return _ok({"type": "games", "games": await _lobby(request).worker.run(history.games)})


@_errors
async def record(request: Request) -> Response:
    """A finished game as a record file."""
    history, gid_text = _history(request), request.path_params["game_id"]
    gid, text = await _lobby(request).worker.run(lambda: history.record(gid_text))
    return Response(text, media_type="text/plain; charset=utf-8", headers={
        "Content-Disposition": f'attachment; filename="puur-game-{gid}.txt"'})


@_errors
async def replay(request: Request) -> Response:
    """Every hand of a finished game with all hands open."""
    history, gid = _history(request), request.path_params["game_id"]
    return JSONResponse(await _lobby(request).worker.run(lambda: history.replay(gid)))


@_errors
async def analysis(request: Request) -> Response:
    """The coach's analysis of one hand of a finished game (``?hand=N``, 1-based)."""
    history, gid_text = _history(request), request.path_params["game_id"]
    raw = request.query_params.get("hand", "")
    if not (raw.isascii() and raw.isdigit() and len(raw) <= 4):
        raise ProtocolError("bad_message", "hand must be a hand number: ?hand=1")

    def load() -> tuple[int, str, int]:
        gid, text = history.record(gid_text)
        return gid, text, len(read_record(io.StringIO(text)).actions)

    gid, text, hands = await _lobby(request).worker.run(load)
    coach: Coach = request.app.state.coach
    return JSONResponse(await coach.hand(gid, text, int(raw), hands))


@_errors
async def share(request: Request) -> Response:
    """A share link to a finished game, for a seat holder of its table."""
    history, gid = _history(request), request.path_params["game_id"]
    return _ok(await _lobby(request).worker.run(lambda: history.share(gid)), status=201)


_TEXTS_TAG: Final = '<script id="puur-texts" type="application/json">'
_TEXTS_SLOT: Final = _TEXTS_TAG + "</script>"
_PAGES: dict[int, tuple[bytes, str]] = {}


def front_page() -> tuple[bytes, str] | None:
    """``index.html`` with the web app's texts in its ``puur-texts`` script, and the page's
    ETag; None when the front end is not installed. Built again when the file changes."""
    page = STATIC_DIR / "index.html"
    try:
        stamp = page.stat().st_mtime_ns
        if stamp not in _PAGES:
            html = page.read_text(encoding="utf-8")
            catalogue = {"languages": i18n.LANGUAGES, "texts": i18n.entries("shared", "web")}
            texts = json.dumps(catalogue, ensure_ascii=False, separators=(",", ":"))
            if _TEXTS_SLOT not in html:
                raise RuntimeError(f"{page} has no {_TEXTS_SLOT} for the texts")
            # No "</script>" (nor "<!--") can end the script early: "<" is written as an escape.
            filled = _TEXTS_TAG + texts.replace("<", "\\u003c") + "</script>"
            body = html.replace(_TEXTS_SLOT, filled, 1).encode("utf-8")
            _PAGES.clear()
            _PAGES[stamp] = (body, '"' + hashlib.sha256(body).hexdigest()[:32] + '"')
    except FileNotFoundError:
        return None
    return _PAGES[stamp]


async def index(request: Request) -> Response:
    """The front end's single page (for every client-side route): revalidated on each visit
    (``no-cache``), answered ``304`` while it is unchanged."""
    page = front_page()
    if page is None:
        return HTMLResponse("<!doctype html><title>Puur</title><p>Puur server: the web front "
                            "end is not installed.</p>")
    body, etag = page
    headers = {"ETag": etag, "Cache-Control": "no-cache"}
    sent = {tag.strip().removeprefix("W/") for tag in
            request.headers.get("if-none-match", "").split(",")}
    if etag in sent:
        return Response(status_code=304, headers=headers)
    return Response(body, media_type="text/html; charset=utf-8", headers=headers)


_HTTP_CODES: Final = {404: "not_found", 405: "method_not_allowed"}


async def http_error(request: Request, exc: Exception) -> Response:
    """Starlette's own refusals (no route, wrong method): typed JSON errors under ``/api/``."""
    assert isinstance(exc, HTTPException)
    if not request.url.path.startswith("/api/"):
        return PlainTextResponse(exc.detail, status_code=exc.status_code, headers=exc.headers)
    code = _HTTP_CODES.get(exc.status_code, "bad_message")
    what = ("no API route" if exc.status_code == 404
            else f"{exc.detail} ({request.method})")
    return JSONResponse(error_json(code, f"{what} {request.url.path[:100]}"),
                        status_code=exc.status_code, headers=exc.headers)


async def server_error(request: Request, exc: Exception) -> Response:
    """A fault of the server's own: a typed answer (the fault itself is logged as usual)."""
    return JSONResponse(error_json("server_error", "the server failed to answer; nothing "
                                   "changed, try again"), status_code=500)


def create_app(
    db: str | Path | Storage = DEFAULT_DB,
    bot_delay: float = 0.8,
    min_timer: float = 5.0,
    seed: int | None = None,
    disconnect_grace: float = 5.0,
    limits: Limits | None = None,
    bot_timer: float = BOT_TIMER,
) -> Starlette:
    """The web app on the SQLite file ``db`` (or an open :class:`Storage`, which the app then
    owns and closes). ``bot_delay``: seconds a computer player waits before it acts (0 in
    tests); ``min_timer``: the shortest turn timer a table may ask for; ``seed``: makes deals
    and computer players repeatable (tests); ``disconnect_grace``: with a turn timer, seconds a
    disconnected person's turn (or an outside bot's, with or without a timer) waits before a
    computer player steps in; ``limits``: what one client may send and open (:class:`Limits`,
    its defaults when ``None``); ``bot_timer``: seconds an outside bot has for each turn before
    its stand-in moves (:mod:`puur.server.remote`)."""
    limits = limits or Limits()

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        storage = db if isinstance(db, Storage) else Storage(db)
        lobby = Lobby(storage, bot_delay=bot_delay, min_timer=min_timer, seed=seed,
                      disconnect_grace=disconnect_grace, bot_timer=bot_timer,
                      open_tables_per_client=limits.open_tables_per_client)
        lobby.load()
        app.state.lobby = lobby
        lobby.resume()
        try:
            yield
        finally:
            lobby.close()
            app.state.coach.close()

    routes: list[Any] = [
        Route("/api/meta", meta),
        Route("/api/tables", tables, methods=["GET", "POST"]),
        Route("/api/tables/{code}", table_info),
        Route("/api/tables/{code}/join", join, methods=["POST"]),
        Route("/api/games", games),
        Route("/api/games/{game_id}/record", record),
        Route("/api/games/{game_id}/replay", replay),
        Route("/api/games/{game_id}/analysis", analysis),
        Route("/api/games/{game_id}/share", share, methods=["POST"]),
        WebSocketRoute("/ws/{code}", play_socket),
        Route("/", index),
        Route("/t/{code}", index),
        Route("/replay/{game_id}", index),
        Route("/history", index),
        Route("/lobby", index),
    ]
    if STATIC_DIR.is_dir():
        routes.append(Mount("/static", app=StaticFiles(directory=STATIC_DIR), name="static"))
    app = Starlette(routes=routes, lifespan=lifespan,
                    exception_handlers={HTTPException: http_error, Exception: server_error})
    app.state.limits = limits
    app.state.coach = Coach()
    app.state.variants = variants_meta()
    app.state.lookups = RateLimiter(limits.lookups_per_minute)
    app.state.creates = RateLimiter(limits.tables_per_hour, period=3600.0)
    app.state.sockets = SocketCounter(limits.sockets_per_client)
    return app
