"""The front end's files, read as files (no browser needed): the vendored rendering library is,
byte for byte, the release that vendor.json records; the vendoring script verifies a release
before it writes anything; and no module of the app builds HTML from strings."""

from __future__ import annotations

import hashlib
import importlib.util
import io
import json
import re
import tarfile
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[2]
JS = ROOT / "src" / "puur" / "server" / "static" / "js"
VENDOR = JS / "vendor"
MANIFEST = VENDOR / "vendor.json"


def _vendor_script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("vendor_js", ROOT / "scripts" / "vendor-js.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_vendored_files_match_their_recorded_checksums() -> None:
    """Every vendored file has the sha256 vendor.json records for it, its package's licence
    lies beside it, and nothing else lies in the vendor folder."""
    manifest = json.loads(MANIFEST.read_text(encoding="utf-8"))
    assert manifest, "vendor.json lists no package"
    listed = set()
    for package, entry in manifest.items():
        version = entry["version"]
        assert re.fullmatch(r"\d+\.\d+\.\d+", version), (package, version)
        assert entry["tarball"] == f"https://registry.npmjs.org/{package}/-/{package}-{version}.tgz"
        assert re.fullmatch(r"sha512-[A-Za-z0-9+/]{86}==", entry["integrity"]), package
        assert "LICENSE" in entry["files"], f"{package}: no licence file"
        for path, digest in entry["files"].items():
            file = VENDOR / package / path
            assert hashlib.sha256(file.read_bytes()).hexdigest() == digest, f"{package}/{path}"
            listed.add(file)
    present = {p for p in VENDOR.rglob("*") if p.is_file()} - {MANIFEST}
    assert present == listed, "files in the vendor folder that vendor.json does not list"


def test_lit_html_is_the_recorded_release() -> None:
    """The library announces the version vendor.json records (lit-html registers it when it
    loads), and its licence is the BSD licence the manifest names."""
    entry = json.loads(MANIFEST.read_text(encoding="utf-8"))["lit-html"]
    source = (VENDOR / "lit-html" / "lit-html.js").read_text(encoding="utf-8")
    announced = re.search(r"litHtmlVersions\?\?=\[\]\)\.push\(\"([\d.]+)\"\)", source)
    assert announced is not None and announced[1] == entry["version"]
    assert entry["license"] == "BSD-3-Clause"
    assert "Redistribution and use in source and binary forms" in (
        VENDOR / "lit-html" / "LICENSE").read_text(encoding="utf-8")


def _tarball(files: dict[str, bytes], name: str = "lit-html", version: str = "3.3.3") -> bytes:
    """An npm-style release tarball (everything under package/)."""
    buf = io.BytesIO()
    with tarfile.open(fileobj=buf, mode="w:gz") as tar:
        entries = {"package.json": json.dumps({"name": name, "version": version}).encode(),
                   **files}
        for path, data in entries.items():
            info = tarfile.TarInfo(f"package/{path}")
            info.size = len(data)
            tar.addfile(info, io.BytesIO(data))
    return buf.getvalue()


def test_the_vendoring_script_checks_a_release_before_it_writes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The script refuses a tarball whose integrity, package name or files are not the
    recorded ones; with a good one, --check finds a vendored file that was changed and a
    normal run writes the release's bytes back."""
    vj = _vendor_script()
    files = {"lit-html.js": b"export const html = 1;\n", "LICENSE": b"BSD\n"}
    tgz = _tarball(files)
    good = vj.integrity_of(tgz)
    assert vj.unpack(tgz, good, "lit-html", "3.3.3", sorted(files)) == files
    with pytest.raises(vj.VendorError, match="integrity"):
        vj.unpack(tgz + b"x", good, "lit-html", "3.3.3", sorted(files))
    with pytest.raises(vj.VendorError, match=re.escape("holds lit-html@3.3.3, not lit-html@3.3.4")):
        vj.unpack(tgz, good, "lit-html", "3.3.4", sorted(files))
    with pytest.raises(vj.VendorError, match=re.escape("no file directive.js")):
        vj.unpack(tgz, good, "lit-html", "3.3.3", ["directive.js"])
    monkeypatch.setattr(vj, "VENDOR", tmp_path)
    with pytest.raises(vj.VendorError, match="refusing the path"):
        vj.safe_path("lit-html", "../../outside.js")

    monkeypatch.setattr(vj, "fetch", lambda url: tgz)
    entry = {"version": "3.3.3", "tarball": "https://registry.npmjs.org/x.tgz", "integrity": good,
             "files": {p: hashlib.sha256(d).hexdigest() for p, d in files.items()}}
    assert vj.vendor("lit-html", entry, write=True) == []
    assert (tmp_path / "lit-html" / "lit-html.js").read_bytes() == files["lit-html.js"]
    (tmp_path / "lit-html" / "lit-html.js").write_bytes(b"export const html = 2;\n")
    assert vj.vendor("lit-html", entry, write=False) == [
        "lit-html/lit-html.js: the vendored file differs from the release"]
    assert vj.vendor("lit-html", entry, write=True) == []
    assert (tmp_path / "lit-html" / "lit-html.js").read_bytes() == files["lit-html.js"]
    # A manifest whose sums were edited by hand: nothing is written.
    edited = {**entry, "files": {**entry["files"], "LICENSE": "0" * 64}}
    (tmp_path / "lit-html" / "LICENSE").write_bytes(b"changed\n")
    assert len(vj.vendor("lit-html", edited, write=True)) == 1
    assert (tmp_path / "lit-html" / "LICENSE").read_bytes() == b"changed\n"


# Ways to turn a string into markup. The app's modules build their DOM with lit-html templates
# only (docs/web.md, "Rendering").
FORBIDDEN = re.compile(r"innerHTML|outerHTML|insertAdjacentHTML|document\.write|"
                       r"createContextualFragment|DOMParser|unsafeHTML|unsafeSVG")


def test_no_module_builds_html_from_strings() -> None:
    found = []
    modules = [p for p in sorted(JS.rglob("*.js")) if VENDOR not in p.parents]
    assert len(modules) > 10
    for path in modules:
        for no, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if FORBIDDEN.search(line):
                found.append(f"{path.relative_to(ROOT)}:{no}: {line.strip()}")
    assert not found, "\n".join(found)


def test_the_library_is_imported_in_one_place() -> None:
    """Only dom.js imports the vendored files: the app's modules import from dom.js."""
    importers = sorted(p.name for p in JS.glob("*.js") if "./vendor/" in p.read_text("utf-8"))
    assert importers == ["dom.js"]
