// Pyodide side of tests/test_pyodide.py, in one Pyodide start: bench/random_games.py's
// run(seconds), and a Nim hot-seat game through the browser's host (tests/toy/hot_seat.py,
// with tests/toy/nim copied beside the pure packages, as a plug-in's game would be). Prints
// one JSON line: {"bench": {...}, "hot_seat": {...}, "pyodide_seconds": load + copy}.
//
// Usage: node tests/pyodide_checks.mjs [seconds]   (from anywhere)

import { readdirSync } from "node:fs";
import { join } from "node:path";
import { ROOT, pyodideWith, run } from "../bench/pyodide_host.mjs";

const NIM = join("tests", "toy", "nim");

run("pyodide_checks", async () => {
  const seconds = Number(process.argv[2] ?? "0.1");
  const extra = [
    join("tests", "__init__.py"), join("tests", "toy", "__init__.py"),
    join("tests", "toy", "hot_seat.py"),
    ...readdirSync(join(ROOT, NIM)).filter((name) => name.endsWith(".py")).map((name) => join(NIM, name)),
  ];
  const { pyodide, loadSeconds, copySeconds } = await pyodideWith(
    ["core", "games", "bots", "tables"], "random_games", extra,
  );
  const out = pyodide.runPython(`
import json
from tests.toy import hot_seat
json.dumps({"bench": random_games.run(${seconds}), "hot_seat": hot_seat.play()})
`);
  const report = { ...JSON.parse(out), pyodide_seconds: loadSeconds + copySeconds };
  process.stdout.write(`${JSON.stringify(report)}\n`);
});
