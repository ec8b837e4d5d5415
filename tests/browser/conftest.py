"""Fixtures for the browser tests: the real Puur server on a free loopback port and Debian's
headless Chromium driven by Playwright.

The server runs in a thread (uvicorn) on a temporary SQLite database with computer players that
answer at once. The browser is never downloaded: the tests use /usr/bin/chromium and are skipped
with a clear reason when it (or Playwright) is missing.
"""

from __future__ import annotations

import json
import os
import re
import socket
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = os.environ.get("PUUR_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-output"


def _skip_reason() -> str | None:
    if not (Path(CHROMIUM).is_file() and os.access(CHROMIUM, os.X_OK)):
        return f"no Chromium at {CHROMIUM} (install Debian's 'chromium' package)"
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "Python Playwright is not installed (pip install playwright; no browser download)"
    try:
        import uvicorn  # noqa: F401

        import puur.server.app  # noqa: F401
    except ImportError as e:
        return f"the web server cannot be imported: {e}"
    return None


SKIP = _skip_reason()


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark every test here that drives the browser as a browser test and skip them all when
    Chromium is missing (the checks of the front end's files need no browser)."""
    here = Path(__file__).parent
    for item in items:
        if Path(str(item.fspath)).is_relative_to(here) and "browser" in getattr(
                item, "fixturenames", ()):
            item.add_marker(pytest.mark.browser)
            if SKIP:
                item.add_marker(pytest.mark.skip(reason=SKIP))


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The real server (uvicorn in a thread) on a temporary database; yields its base URL."""
    import uvicorn

    from puur.server.app import create_app
    from puur.server.limits import Limits

    db = tmp_path_factory.mktemp("web") / "puur.sqlite3"
    # Every page of the session is one client address: room for all of their lookups, sockets
    # and tables (how many tables one session's worker opens depends on how the tests are
    # shared out between the workers).
    limits = Limits(lookups_per_minute=100_000, sockets_per_client=1000,
                    tables_per_hour=100_000, open_tables_per_client=100_000)
    app = create_app(db, bot_delay=0.0, min_timer=1.0, seed=7, limits=limits)
    app.state.coach.budget = 0.02  # the replay's coach: a hand in about a second
    port = _free_port()
    config = uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning",
                            ws="websockets-sansio", lifespan="on")
    srv = uvicorn.Server(config)
    thread = threading.Thread(target=srv.run, name="puur-test-server", daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not srv.started:
        if not thread.is_alive() or time.monotonic() > deadline:
            raise RuntimeError("the test server did not start")
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}"
    srv.should_exit = True
    thread.join(timeout=10)


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    """One headless Chromium for the session (Playwright gives it a fresh temporary profile)."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        yield b
        b.close()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Any:
    """Keep each phase's report on the test (the page fixture looks at it when it ends)."""
    report = yield
    setattr(item, f"report_{report.when}", report)
    return report


# What a page holds for the table it shows: its display queue and what it drew last.
_PAGE_STATE = """() => {
  const v = window.puur && puur.view, s = v && v.state;
  if (!s || !('queue' in s)) return {url: location.href};
  const brief = (m) => ({type: m.type, seq: m.seq, event: m.event && m.event.type,
    to_move: m.game ? m.game.to_move : undefined, phase: m.game ? m.game.phase : undefined});
  return {url: location.href, status: s.status, pending: s.pending, draining: s.draining,
    completing: !!s.completing, latest: s.latest && brief(s.latest),
    drawn_to_move: s.game ? s.game.to_move : null, queue: s.queue.map(brief)};
}"""


def _frame(direction: str, payload: str | bytes) -> dict[str, Any]:
    """What a WebSocket frame said, in brief."""
    try:
        m = json.loads(payload)
    except ValueError:
        return {"dir": direction, "raw": str(payload)[:80]}
    game = m.get("game") or {}
    ev = m.get("event") or {}
    return {"t": round(time.monotonic(), 3), "dir": direction, "type": m.get("type"),
            "seq": m.get("seq"), "event": ev.get("type") if isinstance(ev, dict) else ev,
            "to_move": game.get("to_move"), "phase": game.get("phase")}


def _record(page: Any, frames: list[dict[str, Any]]) -> None:
    """Note every WebSocket frame the page sends and receives."""
    def on_socket(ws: Any) -> None:
        frames.append({"t": round(time.monotonic(), 3), "dir": "open", "raw": ws.url})
        ws.on("framereceived", lambda data: frames.append(_frame("in", data)))
        ws.on("framesent", lambda data: frames.append(_frame("out", data)))
        ws.on("close", lambda _ws: frames.append({"t": round(time.monotonic(), 3),
                                                  "dir": "close"}))
    page.on("websocket", on_socket)


def _dump_pages(name: str, pages: list[tuple[Any, list[dict[str, Any]]]]) -> Path:
    """Write what each page of a failed test held and the frames its sockets carried."""
    out = []
    for page, frames in pages:
        try:
            held: Any = page.evaluate(_PAGE_STATE) if not page.is_closed() else "closed"
        except Exception as e:  # a hung or crashed page says so in the record
            held = f"could not be read: {e}"
        out.append({"page": held, "frames": frames[-300:]})
    ARTIFACTS.mkdir(exist_ok=True)
    path = ARTIFACTS / f"{re.sub(r'[^A-Za-z0-9_.-]+', '_', name)}.pages.json"
    path.write_text(json.dumps(out, indent=1), encoding="utf-8")
    return path


@pytest.fixture
def new_page(browser: Any, server: str,
             request: pytest.FixtureRequest) -> Iterator[Callable[..., Any]]:
    """Open pages in fresh browser contexts (each its own storage, like another person).

    ``new_page(path="/", width=1280, height=860, context=None, **context_options)``: the
    pages prefer reduced motion and hold no completed trick (``puur.fast = instant``: the
    tests read the state rather than watch it), and page errors fail the test. When the test
    fails, what each page held (its display queue, the state it drew) and the WebSocket frames
    it sent and received are written to ``test-output/<test>.pages.json``.
    """
    contexts: list[Any] = []
    errors: list[str] = []
    pages: list[tuple[Any, list[dict[str, Any]]]] = []

    def make(path: str = "/", width: int = 1280, height: int = 860, context: Any = None,
             **options: Any) -> Any:
        ctx = context
        if ctx is None:
            ctx = browser.new_context(viewport={"width": width, "height": height},
                                      base_url=server, locale="en-GB",
                                      **{"reduced_motion": "reduce", **options})
            ctx.add_init_script("localStorage.setItem('puur.fast', 'instant');")
            ctx.set_default_timeout(15_000)
            contexts.append(ctx)
        page = ctx.new_page()
        page.on("pageerror", lambda e: errors.append(str(e)))
        frames: list[dict[str, Any]] = []
        _record(page, frames)
        pages.append((page, frames))
        page.goto(path)
        return page

    yield make
    report = getattr(request.node, "report_call", None)
    if report is not None and report.failed and pages:
        print(f"what the pages held: {_dump_pages(request.node.nodeid, pages)}")
    for ctx in contexts:
        ctx.close()
    assert not errors, f"JavaScript errors in the page: {errors}"


@pytest.fixture(scope="session")
def artifacts() -> Path:
    """The folder for screenshots kept as CI artifacts."""
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS
