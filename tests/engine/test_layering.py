"""Import layering (docs/engine-api.md): imports flow one way.

_checks → cards → contracts → tricks/rules/options → actions/weis/scoring/deal → fastweis/hand →
round → game/observation/fastsim → notation/record → variants → compiled → bots → arena →
tui/server/env. The core (top-level modules of ``src/puur`` and the ``variants`` package) uses
only the standard library; the command line entry points ``cli`` and ``demo`` are the
application, not the core; ``compiled`` (numba, numpy) is an optional extra that ``bots``
imports lazily.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

import puur

SRC = Path(puur.__file__).parent

# Level of each core module: a module may import only modules of a lower level.
CORE_LEVELS = {
    "_checks": -1,  # argument checks shared by every core module
    "i18n": 0,
    "cards": 0,
    "contracts": 1,
    "tricks": 2,
    "options": 1,
    "rules": 2,
    "actions": 3,
    "weis": 3,
    "deal": 3,
    "fastweis": 4,
    "scoring": 3,
    "hand": 4,
    "round": 5,
    "game": 7,
    "observation": 6,
    "fastsim": 6,
    "notation": 8,
    "record": 9,
    "fairness": 10,  # checks a record's deals against its committed seed
}
# Packages outside the core, in order; a package may import the core and lower packages.
# ``compiled`` (numba kernels of the search's hot paths) sits below the bots that dispatch to it.
PACKAGE_LEVELS = {
    "variants": 9, "compiled": 9.5, "bots": 10, "arena": 11, "coach": 11, "tui": 12,
    "server": 12,
    "env": 12,  # learning interfaces (the rl extra): PettingZoo, Gymnasium, OpenSpiel
    "playerservice": 13,  # the course kit's player protocol, on the web app's JSON checks
}
# Packages that belong to the core: standard library only, like the top-level modules.
CORE_PACKAGES = {"variants"}
APP_MODULES = {"cli", "demo", "__init__"}
# Deliberate exceptions: ``Round.observation()`` builds an Observation through a function-level
# import (the observation module needs the Round type, so it cannot be imported at the top).
# ``Game.variant`` names its registry entry the same way.
# A record names its variant, which the record module looks up in the registry.
# ``FastSim.play_many`` hands its batches to the optional compiled core when it is installed.
LAZY_UPWARD = {("round", "observation"), ("game", "variants"), ("record", "variants"),
               ("fastsim", "compiled")}


def imports_of(path: Path) -> list[tuple[str, bool]]:
    """(module, at_top_level) for every import in a file."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    top = {id(n) for n in tree.body}
    out: list[tuple[str, bool]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out.extend((a.name, id(node) in top) for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                pkg = path.parent.relative_to(SRC.parent).as_posix().replace("/", ".")
                base = pkg.rsplit(".", node.level - 1)[0] if node.level > 1 else pkg
                out.append((f"{base}.{node.module}" if node.module else base, id(node) in top))
            elif node.module:
                out.append((node.module, id(node) in top))
    return out


def core_modules() -> list[str]:
    return sorted(p.stem for p in SRC.glob("*.py") if p.stem not in APP_MODULES)


def test_every_core_module_is_known_to_the_layering() -> None:
    # A new top-level module must be given its place in the order above.
    assert set(core_modules()) <= set(CORE_LEVELS), set(core_modules()) - set(CORE_LEVELS)


@pytest.mark.parametrize("name", core_modules())
def test_core_imports_only_stdlib_and_lower_core(name: str) -> None:
    level = CORE_LEVELS.get(name, 99)
    for module, _top in imports_of(SRC / f"{name}.py"):
        root = module.split(".")[0]
        if root == "__future__":
            continue
        if root != "puur":
            assert root in sys.stdlib_module_names, f"{name} imports {module}: not stdlib"
            continue
        parts = module.split(".")
        other = parts[1]
        if (name, other) in LAZY_UPWARD:
            assert not _top, f"{name} imports {module} at the top: only a lazy import may"
            continue
        assert len(parts) == 2 and parts[1] in CORE_LEVELS, f"{name} imports outer {module}"
        assert CORE_LEVELS[other] < level, f"{name} (level {level}) imports {other}"


def _package_files() -> list[tuple[str, Path]]:
    return [(pkg, p) for pkg in PACKAGE_LEVELS for p in sorted((SRC / pkg).rglob("*.py"))
            if (SRC / pkg).is_dir()]


@pytest.mark.parametrize(
    ("package", "path"), _package_files(), ids=[p.relative_to(SRC).as_posix()
                                                 for _k, p in _package_files()]
)
def test_outer_packages_import_only_inward(package: str, path: Path) -> None:
    level = PACKAGE_LEVELS[package]
    for module, _top in imports_of(path):
        parts = module.split(".")
        if package in CORE_PACKAGES and parts[0] not in ("puur", "__future__"):
            assert parts[0] in sys.stdlib_module_names, f"{path} imports {module}: not stdlib"
        if parts[0] != "puur" or len(parts) == 1:
            continue
        other = parts[1]
        if other in CORE_LEVELS or other == package:
            continue
        if other == "cli":
            # Subcommands register themselves in the application's command table.
            assert path.name == "cli.py", f"{path} imports puur.cli"
            continue
        assert other in PACKAGE_LEVELS, f"{path} imports {module}"
        assert PACKAGE_LEVELS[other] < level, f"{path} ({package}) imports outer {module}"


def test_scanner_sees_imports() -> None:
    """The scan finds real imports (guards against a vacuous pass)."""
    mods = {m for m, _t in imports_of(SRC / "record.py")}
    assert {"puur.game", "puur.variants", "json"} <= mods
    lazy = [(m, t) for m, t in imports_of(SRC / "round.py") if m == "puur.observation"]
    assert lazy and not any(t for _m, t in lazy)
