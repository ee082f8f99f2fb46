"""The Locus Poker engine and its computer players run unchanged under Pyodide (Python in
WebAssembly, in Node, as in the browser's worker) and give exactly what CPython gives: a
whole 6×5 game of Karel against Libuše, and Mistr's move (a search) in a few positions."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from klubovna.bots.locus_poker import BOTS
from klubovna.core import Rng
from klubovna.games.locus_poker import ENGINE

ROOT = Path(__file__).resolve().parents[3]
PYODIDE_DIR = ROOT / "web" / "node_modules" / "pyodide"

WORKLOAD = """
import json, sys
sys.path.insert(0, "/site")
from klubovna.core import Rng
from klubovna.games.locus_poker import ENGINE
from klubovna.bots.locus_poker import BOTS

def game_text():
    players = [BOTS["karel"], BOTS["libuse"]]
    state, _ = ENGINE.apply(ENGINE.new({"grid": "6x5"}, 3), 0, {"type": "start"}, 0)
    mistr = []
    while not state.over:
        seat = state.turn
        view = ENGINE.view(state, seat)
        if len(state.moves) in (4, 23):
            mistr.append(BOTS["mistr"].choose(view, (), Rng(5)))
        state, _ = ENGINE.apply(state, seat, players[seat].choose(view, (), Rng(seat)), 0)
    return ENGINE.to_text(state), mistr
"""

NODE = """
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
const [pyodideDir, filesJson, workload] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(`${pyodideDir}/pyodide.mjs`).href);
const pyodide = await loadPyodide({ indexURL: `${pyodideDir}/` });
for (const [host, inside] of JSON.parse(readFileSync(filesJson, "utf8"))) {
  pyodide.FS.mkdirTree(inside.split("/").slice(0, -1).join("/"));
  pyodide.FS.writeFile(inside, readFileSync(host));
}
pyodide.runPython(readFileSync(workload, "utf8"));
console.log(pyodide.runPython(`json.dumps({"platform": sys.platform, "game": game_text()})`));
"""


def test_pyodide_plays_the_same_game_and_searches_alike(tmp_path: Path) -> None:
    node = shutil.which("node")
    if node is None or not (PYODIDE_DIR / "pyodide.mjs").exists():
        pytest.skip("needs node and web/node_modules/pyodide (npm ci --prefix web)")
    sources = [ROOT / "klubovna" / "__init__.py"] + [
        path for package in ("core", "games", "bots")
        for path in sorted((ROOT / "klubovna" / package).rglob("*.py"))]
    files = [(str(path), "/site/" + str(path.relative_to(ROOT))) for path in sources]
    (tmp_path / "files.json").write_text(json.dumps(files))
    (tmp_path / "workload.py").write_text(WORKLOAD)
    (tmp_path / "run.mjs").write_text(NODE)
    done = subprocess.run(
        [node, str(tmp_path / "run.mjs"), str(PYODIDE_DIR), str(tmp_path / "files.json"),
         str(tmp_path / "workload.py")], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout.strip().splitlines()[-1])

    players = [BOTS["karel"], BOTS["libuse"]]
    state, _ = ENGINE.apply(ENGINE.new({"grid": "6x5"}, 3), 0, {"type": "start"}, 0)
    mistr = []
    while not state.over:
        seat = state.turn
        view = ENGINE.view(state, seat)
        if len(state.moves) in (4, 23):
            mistr.append(BOTS["mistr"].choose(view, (), Rng(5)))
        state, _ = ENGINE.apply(state, seat, players[seat].choose(view, (), Rng(seat)), 0)
    assert report == {"platform": "emscripten", "game": [ENGINE.to_text(state), mistr]}
