"""The web app's shape (README, web/): everything of a game is in its folder under
web/src/games/, and the shared code (the frame, net, worker, components, lobby, profile)
imports no game. The one list of games, registry.ts, names each game's folder, and only in
lazy imports (so a game's code loads when its page opens). No game imports another."""

from __future__ import annotations

import os
import re
from pathlib import Path

from tests.server.live import ROOT

SRC = ROOT / "web" / "src"
GAMES = SRC / "games"
# `import x from "./a"`, `import "./b.css"`, `export { y } from "./c"`; dynamic `import("./d")`.
STATIC = re.compile(r"""^\s*(?:import|export)\b[^;'"]*?(?:from\s*)?["']([^"']+)["']""", re.M)
DYNAMIC = re.compile(r"""\bimport\(\s*["']([^"']+)["']\s*\)""")
SUFFIXES = ("", ".ts", ".tsx", "/index.ts", "/index.tsx")

def sources() -> list[Path]:
    return sorted(p for p in SRC.rglob("*") if p.suffix in (".ts", ".tsx") and p.is_file())


def resolve(importer: Path, spec: str) -> Path | None:
    """The file a relative specifier names (None for packages and virtual modules)."""
    if not spec.startswith("."):
        return None
    base = os.path.normpath(importer.parent / spec.split("?")[0])
    for suffix in SUFFIXES:
        if Path(base + suffix).is_file():
            return Path(base + suffix)
    raise AssertionError(f"{importer.relative_to(SRC)}: {spec!r} names no file")


def imports(path: Path) -> tuple[set[Path], set[Path]]:
    """The files `path` imports statically and lazily."""
    text = path.read_text()
    static = {f for s in STATIC.findall(text) if (f := resolve(path, s))}
    lazy = {f for s in DYNAMIC.findall(text) if (f := resolve(path, s))}
    return static, lazy


def game_of(path: Path) -> str | None:
    return path.relative_to(GAMES).parts[0] if path.is_relative_to(GAMES) else None


def rel(path: Path) -> str:
    return path.relative_to(SRC).as_posix()


def test_shared_modules_import_no_game() -> None:
    found: set[tuple[str, str]] = set()
    for path in sources():
        if game_of(path) is not None:
            continue
        static, lazy = imports(path)
        found |= {(rel(path), rel(f)) for f in static if game_of(f)}
        if path != SRC / "registry.ts":
            found |= {(rel(path), rel(f)) for f in lazy if game_of(f)}
    assert found == set(), "shared modules import a game's folder"


def test_the_registry_loads_every_game_lazily() -> None:
    static, lazy = imports(SRC / "registry.ts")
    assert not any(game_of(f) for f in static)
    assert {game_of(f) for f in lazy} == {p.name for p in GAMES.iterdir() if p.is_dir()}


def test_no_game_imports_another() -> None:
    for path in sources():
        game = game_of(path)
        if game is None:
            continue
        static, lazy = imports(path)
        others = {rel(f) for f in static | lazy if game_of(f) not in (None, game)}
        assert others == set(), rel(path)


def test_the_scan_sees_imports() -> None:
    """The patterns find what the app's files really write (a broken regex passes vacuously)."""
    static, lazy = imports(SRC / "routes.ts")
    assert SRC / "registry.ts" in static and SRC / "lobby" / "LobbyPage.tsx" in lazy
    static, _ = imports(GAMES / "kostkovy_poker" / "Table.tsx")
    assert SRC / "components" / "game.css" in static
