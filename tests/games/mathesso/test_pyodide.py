"""The Mathesso engine and its computer players run unchanged under Pyodide (Python in
WebAssembly, in Node, as in the browser's worker) and give exactly what CPython gives: a
whole Pico game with CJV and factorials of Kotě against Slon, each fed what it witnessed."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from klubovna.bots.mathesso import KOTE, SLON
from klubovna.games.mathesso import ENGINE
from tests.bots.mathesso import play_game

ROOT = Path(__file__).resolve().parents[3]
PYODIDE_DIR = ROOT / "web" / "node_modules" / "pyodide"
CONFIG = {"variant": "pico", "cjv": True, "faktorial": True}
SEED = 11

WORKLOAD = f"""
import sys
sys.path.insert(0, "/site")
from klubovna.core import Rng
from klubovna.games.mathesso import ENGINE
from klubovna.bots.mathesso import KOTE, SLON

def game_text():
    players = [KOTE, SLON]
    state, events = ENGINE.apply(ENGINE.new({{"seats": 2, **{CONFIG!r}}}, {SEED}), 0,
                                 {{"type": "start"}}, 0)
    witnessed = list(events)
    rngs = [Rng({SEED} * 8 + seat) for seat in range(2)]
    step = 0
    while not state.over:
        seat = state.current
        action = players[seat].choose(ENGINE.view(state, seat), witnessed, rngs[seat])
        state, events = ENGINE.apply(state, seat, action, step)
        witnessed.extend(events)
        step += 1
    return ENGINE.to_text(state)
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
console.log(pyodide.runPython(`import json; json.dumps({"platform": sys.platform,
  "game": game_text()})`));
"""


def test_pyodide_plays_the_same_game(tmp_path: Path) -> None:
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
    state = play_game([KOTE, SLON], SEED, CONFIG)
    assert report == {"platform": "emscripten", "game": ENGINE.to_text(state)}
