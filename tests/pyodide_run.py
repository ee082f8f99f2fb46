"""Run Python under Pyodide (WebAssembly, in Node, as in the browser's worker) with the pure
packages on its path, for tests that compare a game's play there with CPython's."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]
PYODIDE_DIR = ROOT / "web" / "node_modules" / "pyodide"

NODE = """
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
const [pyodideDir, filesJson, workload, expression] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(`${pyodideDir}/pyodide.mjs`).href);
const pyodide = await loadPyodide({ indexURL: `${pyodideDir}/` });
for (const [host, inside] of JSON.parse(readFileSync(filesJson, "utf8"))) {
  pyodide.FS.mkdirTree(inside.split("/").slice(0, -1).join("/"));
  pyodide.FS.writeFile(inside, readFileSync(host));
}
pyodide.runPython(readFileSync(workload, "utf8"));
console.log(pyodide.runPython(readFileSync(expression, "utf8")));
"""


def in_pyodide(workload: str, expression: str, folder: Path) -> Any:
    """Run `workload` under Pyodide with klubovna's pure packages at /site, then the JSON
    value of `expression` (evaluated there, with `json` and `sys` imported). Skips without
    node or the npm package."""
    node = shutil.which("node")
    if node is None or not (PYODIDE_DIR / "pyodide.mjs").exists():
        pytest.skip("needs node and web/node_modules/pyodide (npm ci --prefix web)")
    sources = [ROOT / "klubovna" / "__init__.py"] + [
        path for package in ("core", "games", "bots")
        for path in sorted((ROOT / "klubovna" / package).rglob("*.py"))]
    files = [(str(path), "/site/" + str(path.relative_to(ROOT))) for path in sources]
    (folder / "files.json").write_text(json.dumps(files))
    (folder / "workload.py").write_text("import json, sys\nsys.path.insert(0, '/site')\n"
                                        + workload)
    (folder / "expression.py").write_text(f"json.dumps({expression})")
    (folder / "run.mjs").write_text(NODE)
    done = subprocess.run(
        [node, str(folder / "run.mjs"), str(PYODIDE_DIR), str(folder / "files.json"),
         str(folder / "workload.py"), str(folder / "expression.py")],
        capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])
