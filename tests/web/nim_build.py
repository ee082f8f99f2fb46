"""The web app built with the toy Nim plug-in (KLUBOVNA_PLUGINS=tests.toy.nim), for
tests/web/test_nim_web.py: `make test` runs `python -m tests.web.nim_build` after the app's
own build, before pytest, so the suite finds it made.

The build goes to var/web-nim/<hash of its sources>/ and is made again only when a source
changes (Nim's web files are type-checked first)."""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
WEB = ROOT / "web"
NIM_WEB = ROOT / "tests" / "toy" / "nim" / "web"
BUILDS = ROOT / "var" / "web-nim"
PLUGIN = "tests.toy.nim"
SOURCES = [
    *(WEB / name for name in ("src", "build", "public", "index.html", "vite.config.ts",
                              "package-lock.json", "tsconfig.json", "tsconfig.node.json")),
    *(ROOT / "klubovna" / name for name in ("__init__.py", "core", "games", "bots", "tables")),
    ROOT / "tests" / "toy" / "nim",
]


def sources_hash() -> str:
    digest = hashlib.sha256()
    for top in SOURCES:
        files = [top] if top.is_file() else sorted(p for p in top.rglob("*") if p.is_file())
        for path in files:
            if "__pycache__" not in path.parts:
                digest.update(path.relative_to(ROOT).as_posix().encode() + b"\0")
                digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def build() -> Path:
    """The app built with Nim, from the cache when its sources are unchanged."""
    out = BUILDS / sources_hash()
    if (out / "index.html").exists():
        return out
    shutil.rmtree(BUILDS, ignore_errors=True)  # one build is enough to keep
    bin_ = WEB / "node_modules" / ".bin"
    subprocess.run([bin_ / "tsc", "--noEmit", "-p", NIM_WEB / "tsconfig.json"], cwd=WEB, check=True)
    fresh = BUILDS / "new"
    subprocess.run([bin_ / "vite", "build", "--outDir", fresh, "--emptyOutDir",
                    "--logLevel", "warn"],
                   cwd=WEB, check=True, env={**os.environ, "KLUBOVNA_PLUGINS": PLUGIN})
    fresh.rename(out)  # whole or not at all
    return out


if __name__ == "__main__":
    print(build())
