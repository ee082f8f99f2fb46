"""The Žolíky s kameny engine, its search and its computer players run unchanged under
Pyodide (Python in WebAssembly, in Node) and give exactly what CPython gives: a whole
round of Lehká against Střední, and the best moves of a few golden positions."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from klubovna.bots.zoliky_s_kameny import LEHKA, STREDNI
from klubovna.core import Rng
from klubovna.games.zoliky_s_kameny import ENGINE, best_move
from tests.vectors import vector_path

ROOT = Path(__file__).resolve().parents[3]
PYODIDE_DIR = ROOT / "web" / "node_modules" / "pyodide"
POSITIONS = 5

WORKLOAD = """
import json, sys
sys.path.insert(0, "/site")
from klubovna.core import Rng
from klubovna.games.zoliky_s_kameny import ENGINE, best_move
from klubovna.bots.zoliky_s_kameny import LEHKA, STREDNI

def round_text():
    players = [LEHKA, STREDNI]
    state, _ = ENGINE.apply(ENGINE.new({}, 3), 0, {"type": "start"}, 0)
    while not state.over:
        seat = state.turn
        action = players[seat].choose(ENGINE.view(state, seat), (), Rng(seat))
        state, _ = ENGINE.apply(state, seat, action, 0)
    return ENGINE.to_text(state)

def moves(positions):
    return [best_move(p["table_sets"], p["rack"], o) for p in positions
            for o in ("tiles", "value")]
"""

NODE = """
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
const [pyodideDir, filesJson, workload, positions] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(`${pyodideDir}/pyodide.mjs`).href);
const pyodide = await loadPyodide({ indexURL: `${pyodideDir}/` });
for (const [host, inside] of JSON.parse(readFileSync(filesJson, "utf8"))) {
  pyodide.FS.mkdirTree(inside.split("/").slice(0, -1).join("/"));
  pyodide.FS.writeFile(inside, readFileSync(host));
}
pyodide.runPython(readFileSync(workload, "utf8"));
pyodide.globals.set("positions_json", readFileSync(positions, "utf8"));
console.log(pyodide.runPython(`json.dumps({"platform": sys.platform, "round": round_text(),
  "moves": moves(json.loads(positions_json))})`));
"""


def test_pyodide_plays_the_same_round_and_finds_the_same_moves(tmp_path: Path) -> None:
    node = shutil.which("node")
    if node is None or not (PYODIDE_DIR / "pyodide.mjs").exists():
        pytest.skip("needs node and web/node_modules/pyodide (npm ci --prefix web)")
    sources = [ROOT / "klubovna" / "__init__.py"] + [
        path for package in ("core", "games", "bots")
        for path in sorted((ROOT / "klubovna" / package).rglob("*.py"))]
    files = [(str(path), "/site/" + str(path.relative_to(ROOT))) for path in sources]
    positions = json.loads(vector_path("zoliky-s-kameny-positions.json").read_text())
    chosen = positions["positions"][:POSITIONS]
    (tmp_path / "files.json").write_text(json.dumps(files))
    (tmp_path / "workload.py").write_text(WORKLOAD)
    (tmp_path / "positions.json").write_text(json.dumps(chosen))
    (tmp_path / "run.mjs").write_text(NODE)
    done = subprocess.run(
        [node, str(tmp_path / "run.mjs"), str(PYODIDE_DIR), str(tmp_path / "files.json"),
         str(tmp_path / "workload.py"), str(tmp_path / "positions.json")],
        capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout.strip().splitlines()[-1])

    players = [LEHKA, STREDNI]
    state, _ = ENGINE.apply(ENGINE.new({}, 3), 0, {"type": "start"}, 0)
    while not state.over:
        seat = state.turn
        state, _ = ENGINE.apply(state, seat, players[seat].choose(
            ENGINE.view(state, seat), (), Rng(seat)), 0)
    moves = [list(best_move(p["table_sets"], p["rack"], o)) for p in chosen
             for o in ("tiles", "value")]
    assert report == {"platform": "emscripten", "round": ENGINE.to_text(state),
                      "moves": moves}
