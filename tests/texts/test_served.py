"""The web app gets its texts from the catalogue: the server inlines the shared and web texts
into every front-end page, so the page needs no second request for them and they cannot drift
from the files the terminal game reads."""

from __future__ import annotations

import json
import re
import shutil
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

with warnings.catch_warnings():
    # Starlette announces a future switch of its test client's HTTP library at import.
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from puur import i18n
from puur.server import app as app_module
from puur.server.app import STATIC_DIR, create_app

_TEXTS = re.compile(r'<script id="puur-texts" type="application/json">(.*?)</script>', re.S)


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(tmp_path / "puur.sqlite3", bot_delay=0)) as c:
        yield c


@pytest.fixture
def own_static(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A copy of the front end for a test to change (and a page cache of its own)."""
    static = tmp_path / "static"
    shutil.copytree(STATIC_DIR, static)
    monkeypatch.setattr(app_module, "STATIC_DIR", static)
    monkeypatch.setattr(app_module, "_PAGES", {})
    return static


def page_texts(html: str) -> Any:
    found = _TEXTS.findall(html)
    assert len(found) == 1, "the page carries its texts once"
    return json.loads(found[0])


@pytest.mark.parametrize("path", ["/", "/t/K7M2QX", "/replay/12", "/history", "/lobby"])
def test_every_page_carries_the_web_texts_of_the_catalogue(client: TestClient,
                                                           path: str) -> None:
    r = client.get(path)
    assert r.status_code == 200 and r.headers["content-type"].startswith("text/html")
    texts = page_texts(r.text)
    assert texts == {"languages": i18n.LANGUAGES, "texts": i18n.entries("shared", "web")}
    assert "trick_by" in texts["texts"] and "error.seat_taken" in texts["texts"]
    assert "help.hint" not in texts["texts"]  # the terminal's own texts stay out
    # The texts come before the script that reads them.
    assert r.text.index('id="puur-texts"') < r.text.index("/static/js/main.js")


def test_the_page_is_revalidated_and_unchanged_is_not_sent_again(client: TestClient) -> None:
    first = client.get("/")
    etag = first.headers["etag"]
    assert first.headers["cache-control"] == "no-cache"
    for sent in (etag, f"W/{etag}", f'"other", {etag}'):
        again = client.get("/t/ABCDEF", headers={"If-None-Match": sent})
        assert again.status_code == 304 and again.content == b"" and again.headers["etag"] == etag
    assert client.get("/", headers={"If-None-Match": '"other"'}).status_code == 200


def test_a_text_cannot_end_the_script_early(client: TestClient, own_static: Path,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    sneaky = "</script><script>alert(1)</script><!--"
    texts = {"x": {"en": sneaky}}
    monkeypatch.setattr(i18n, "entries", lambda *areas: texts)
    html = client.get("/").text
    assert "alert(1)</script>" not in html and html.count("<script") == 2
    assert page_texts(html)["texts"] == texts


def test_a_changed_page_is_built_again_with_a_new_etag(client: TestClient,
                                                       own_static: Path) -> None:
    before = client.get("/")
    index = own_static / "index.html"
    index.write_text(index.read_text(encoding="utf-8").replace("Puur – Jass", "Puur"),
                     encoding="utf-8")
    after = client.get("/", headers={"If-None-Match": before.headers["etag"]})
    assert after.status_code == 200 and after.headers["etag"] != before.headers["etag"]
    assert "<title>Puur</title>" in after.text and page_texts(after.text)


def test_a_page_without_the_texts_slot_is_a_server_fault(tmp_path: Path,
                                                         own_static: Path) -> None:
    index = own_static / "index.html"
    index.write_text(index.read_text(encoding="utf-8").replace('id="puur-texts"', 'id="x"'),
                     encoding="utf-8")
    with TestClient(create_app(tmp_path / "db.sqlite3"), raise_server_exceptions=False) as c:
        r = c.get("/")
    assert r.status_code == 500 and r.json()["code"] == "server_error"


def test_without_the_front_end_the_server_says_so(client: TestClient, own_static: Path) -> None:
    (own_static / "index.html").unlink()
    r = client.get("/")
    assert r.status_code == 200 and "not installed" in r.text
