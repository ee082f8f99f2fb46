"""The Kostkový poker engine and its computer players run unchanged under Pyodide (Python
3.14 in WebAssembly, in Node) and play exactly the same game as under CPython."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from klubovna.bots.kostkovy_poker import CHYTRY, KLIDNY
from klubovna.core import Rng
from klubovna.games.kostkovy_poker import ENGINE
from tests.bots.kostkovy_poker import play_hand

ROOT = Path(__file__).resolve().parents[3]
PYODIDE_DIR = ROOT / "web" / "node_modules" / "pyodide"

GAME = """
import json, sys
sys.path.insert(0, "/site")
from klubovna.core import Rng
from klubovna.games.kostkovy_poker import ENGINE
from klubovna.bots.kostkovy_poker import CHYTRY, KLIDNY
from tests.bots.kostkovy_poker import play_hand
state, rngs = ENGINE.new({"seats": 3}, 42), [Rng(1), Rng(2), Rng(3)]
while not state.over:
    state, _ = play_hand(state, [CHYTRY, KLIDNY, KLIDNY], rngs)
json.dumps({"platform": sys.platform, "text": state.to_text()})
"""
"""One whole three-seat game, Chytrý against two Klidný; the same code runs on both sides."""

NODE = """
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
const [pyodideDir, filesJson, game] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(`${pyodideDir}/pyodide.mjs`).href);
const pyodide = await loadPyodide({ indexURL: `${pyodideDir}/` });
for (const [host, inside] of JSON.parse(readFileSync(filesJson, "utf8"))) {
  pyodide.FS.mkdirTree(inside.split("/").slice(0, -1).join("/"));
  pyodide.FS.writeFile(inside, readFileSync(host));
}
console.log(pyodide.runPython(readFileSync(game, "utf8")));
"""


def test_pyodide_plays_the_same_game(tmp_path: Path) -> None:
    node = shutil.which("node")
    if node is None or not (PYODIDE_DIR / "pyodide.mjs").exists():
        pytest.skip("needs node and web/node_modules/pyodide (npm ci --prefix web)")
    sources = [ROOT / "klubovna" / "__init__.py"] + [
        path
        for package in ("core", "games", "bots")
        for path in sorted((ROOT / "klubovna" / package).rglob("*.py"))
    ] + [ROOT / "tests" / "__init__.py", ROOT / "tests" / "bots" / "__init__.py",
         ROOT / "tests" / "bots" / "kostkovy_poker.py"]  # play_hand
    files = [(str(path), "/site/" + str(path.relative_to(ROOT))) for path in sources]
    (tmp_path / "files.json").write_text(json.dumps(files))
    (tmp_path / "game.py").write_text(GAME)
    (tmp_path / "run.mjs").write_text(NODE)
    done = subprocess.run(
        [node, str(tmp_path / "run.mjs"), str(PYODIDE_DIR), str(tmp_path / "files.json"),
         str(tmp_path / "game.py")],
        capture_output=True, text=True, timeout=120,
    )
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout.strip().splitlines()[-1])

    state, rngs = ENGINE.new({"seats": 3}, 42), [Rng(1), Rng(2), Rng(3)]
    while not state.over:
        state, _ = play_hand(state, [CHYTRY, KLIDNY, KLIDNY], rngs)
    assert report == {"platform": "emscripten", "text": state.to_text()}
