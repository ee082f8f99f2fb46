"""Run Python under Pyodide (WebAssembly, in Node, as in the browser's worker) with the pure
packages (and tests/bots) on its path, for tests that compare a game's play there with
CPython's.

One Node process with one Pyodide (tests/pyodide_runner.mjs) serves every such test of a
test process: a start costs ~3 CPU-s, a game's workload a fraction of it. Each workload runs
in a namespace of its own; the packages' modules are imported once, as in the browser's
worker."""

from __future__ import annotations

import atexit
import json
import shutil
import subprocess
import tempfile
from pathlib import Path
from typing import IO, Any

import pytest

ROOT = Path(__file__).resolve().parents[1]
PYODIDE_DIR = ROOT / "web" / "node_modules" / "pyodide"
RUNNER = ROOT / "tests" / "pyodide_runner.mjs"


class _Pyodide:
    """The Node process, started at the first workload and ended with the test process."""

    def __init__(self, node: str) -> None:
        self.errors: IO[str] = tempfile.TemporaryFile("w+")  # noqa: SIM115 (the process's life)
        self.process = subprocess.Popen([node, str(RUNNER)], stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, stderr=self.errors, text=True)
        atexit.register(self.process.kill)

    def run(self, workload: str, expression: str) -> Any:
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write(json.dumps({"workload": workload, "expression": expression})
                                 + "\n")
        self.process.stdin.flush()
        line = self.process.stdout.readline()
        if not line:
            self.errors.seek(0)
            raise AssertionError(f"Pyodide's Node process ended: {self.errors.read()}")
        answer = json.loads(line)
        assert "error" not in answer, answer["error"]
        return json.loads(answer["value"])


_pyodide: _Pyodide | None = None


def in_pyodide(workload: str, expression: str) -> Any:
    """Run `workload` under Pyodide with klubovna's pure packages and tests/bots importable
    (`json` and `sys` imported), then the JSON value of `expression` evaluated there. Skips
    without node or the npm package."""
    global _pyodide
    node = shutil.which("node")
    if node is None or not (PYODIDE_DIR / "pyodide.mjs").exists():
        pytest.skip("needs node and web/node_modules/pyodide (npm ci --prefix web)")
    if _pyodide is None or _pyodide.process.poll() is not None:
        _pyodide = _Pyodide(node)
    return _pyodide.run(workload, expression)
