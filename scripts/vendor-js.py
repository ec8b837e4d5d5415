#!/usr/bin/env python3
"""The web front end's vendored JavaScript: released npm packages, byte for byte.

Puur's front end runs without a build step and ships inside the Python package, so the rendering
library it uses is kept in the repository: the files of its released ES-module build, taken
unchanged from the package's npm tarball, its licence file beside them, and in
``src/puur/server/static/js/vendor/vendor.json`` the version, the tarball's integrity (the
sha512 the npm registry publishes) and the sha256 of every vendored file. The tests check the
files against those sums (``tests/browser/test_static_files.py``).

    python scripts/vendor-js.py                 fetch the recorded versions again, verify each
                                                tarball's integrity, rewrite the files
    python scripts/vendor-js.py --check         the same without writing: exit 1 when a vendored
                                                file differs from its release
    python scripts/vendor-js.py lit-html@3.4.0  move a package to another exact version (its
                                                integrity as the registry publishes it), the
                                                same files, and record the new sums

Only the Python standard library is needed (no Node.js). See docs/web.md ("Rendering").
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import io
import json
import re
import sys
import tarfile
import urllib.parse
import urllib.request
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
VENDOR = ROOT / "src" / "puur" / "server" / "static" / "js" / "vendor"
MANIFEST = VENDOR / "vendor.json"
REGISTRY = "https://registry.npmjs.org"
TIMEOUT = 60
# An npm package name (optionally scoped) and an exact version, as in "lit-html@3.3.3".
SPEC = re.compile(r"^((?:@[a-z0-9][\w.-]*/)?[a-z0-9][\w.-]*)@(\d+\.\d+\.\d+(?:-[\w.]+)?)$")


class VendorError(Exception):
    """A tarball or a vendored file is not what was recorded."""


def integrity_of(data: bytes) -> str:
    """The npm integrity string (Subresource Integrity, sha512) of ``data``."""
    return "sha512-" + base64.b64encode(hashlib.sha512(data).digest()).decode("ascii")


def sha256_of(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def fetch(url: str) -> bytes:
    if not url.startswith("https://"):
        raise VendorError(f"refusing a download that is not https: {url}")
    with urllib.request.urlopen(url, timeout=TIMEOUT) as res:
        data: bytes = res.read()
        return data


def registry_dist(name: str, version: str) -> dict[str, str]:
    """The registry's ``dist`` entry (tarball address, integrity) of one exact version."""
    url = f"{REGISTRY}/{urllib.parse.quote(name, safe='@')}/{urllib.parse.quote(version)}"
    meta = json.loads(fetch(url))
    dist = meta.get("dist", {})
    if meta.get("version") != version or not dist.get("tarball") or not dist.get("integrity"):
        raise VendorError(f"the registry has no release {name}@{version}")
    if not str(dist["integrity"]).startswith("sha512-"):
        raise VendorError(f"{name}@{version}: the registry gives no sha512 integrity")
    return {"tarball": str(dist["tarball"]), "integrity": str(dist["integrity"]),
            "license": str(meta.get("license", ""))}


def unpack(tgz: bytes, integrity: str, name: str, version: str,
           files: list[str]) -> dict[str, bytes]:
    """The ``files`` (paths inside the package) of a release tarball, after checking the
    tarball against ``integrity`` and its package.json against ``name`` and ``version``."""
    got = integrity_of(tgz)
    if got != integrity:
        raise VendorError(f"{name}@{version}: the tarball's integrity is {got}, "
                          f"not the recorded {integrity}")
    out: dict[str, bytes] = {}
    with tarfile.open(fileobj=io.BytesIO(tgz), mode="r:gz") as tar:
        members = {m.name: m for m in tar.getmembers()}
        for path in ["package.json", *files]:
            member = members.get(f"package/{path}")
            if member is None or not member.isfile():
                raise VendorError(f"{name}@{version} has no file {path}")
            data = tar.extractfile(member)
            assert data is not None
            out[path] = data.read()
    package = json.loads(out.pop("package.json"))
    if package.get("name") != name or package.get("version") != version:
        raise VendorError(f"the tarball holds {package.get('name')}@{package.get('version')}, "
                          f"not {name}@{version}")
    return out


def safe_path(package: str, path: str) -> Path:
    """Where a vendored file lies; refuses paths that leave the package's folder."""
    base = (VENDOR / package).resolve()
    target = (base / path).resolve()
    if not target.is_relative_to(base) or target == base:
        raise VendorError(f"{package}: refusing the path {path!r}")
    return target


def load_manifest() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(MANIFEST.read_text(encoding="utf-8"))
    return data


def vendor(package: str, entry: dict[str, Any], *, write: bool) -> list[str]:
    """Fetch one recorded release, verify it and compare (or write) its files. Returns the
    differences found (empty when the vendored files are the release's)."""
    tgz = fetch(entry["tarball"])
    files = unpack(tgz, entry["integrity"], package, entry["version"], sorted(entry["files"]))
    problems = [f"{package}/{path}: the release's sha256 is {sha256_of(data)}, vendor.json "
                f"records {entry['files'][path]}" for path, data in files.items()
                if entry["files"][path] != sha256_of(data)]
    if problems:
        return problems  # vendor.json was edited by hand: write nothing
    for path, data in files.items():
        target = safe_path(package, path)
        if write:
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(data)
        elif not target.is_file() or target.read_bytes() != data:
            problems.append(f"{package}/{path}: the vendored file differs from the release")
    return problems


def update(package: str, version: str, manifest: dict[str, Any]) -> None:
    """Move ``package`` to ``version``: the same files, the registry's integrity, new sums."""
    old = manifest.get(package)
    if old is None:
        raise VendorError(f"{package} is not vendored (vendor.json lists "
                          f"{', '.join(sorted(manifest))})")
    dist = registry_dist(package, version)
    tgz = fetch(dist["tarball"])
    files = unpack(tgz, dist["integrity"], package, version, sorted(old["files"]))
    for path in old["files"]:
        safe_path(package, path).unlink(missing_ok=True)
    for path, data in files.items():
        target = safe_path(package, path)
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(data)
    manifest[package] = {
        "version": version, "license": dist["license"] or old.get("license", ""),
        "tarball": dist["tarball"], "integrity": dist["integrity"],
        "files": {path: sha256_of(data) for path, data in sorted(files.items())},
    }
    MANIFEST.write_text(json.dumps(manifest, indent=2) + "\n", encoding="utf-8")
    print(f"{package}: now {version} ({len(files)} files); read its changelog and run the tests")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("spec", nargs="?", help="NAME@VERSION: move a package to this version")
    parser.add_argument("--check", action="store_true",
                        help="only verify the vendored files against their releases")
    args = parser.parse_args(argv)
    manifest = load_manifest()
    try:
        if args.spec:
            m = SPEC.match(args.spec)
            if m is None:
                parser.error(f"{args.spec!r} is not NAME@VERSION with an exact version")
            update(m.group(1), m.group(2), manifest)
            return 0
        problems = []
        for package, entry in sorted(manifest.items()):
            problems += vendor(package, entry, write=not args.check)
    except (VendorError, OSError, ValueError, tarfile.TarError) as e:
        print(f"vendor-js: {e}", file=sys.stderr)
        return 1
    for p in problems:
        print(p, file=sys.stderr)
    if not problems:
        print("vendor-js: " + ", ".join(f"{p}@{e['version']}" for p, e in sorted(manifest.items()))
              + (" match their releases" if args.check else " written from their releases"))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
