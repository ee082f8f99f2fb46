// Pyodide side of bench/zoliky.py: times the Žolíky s kameny search on the golden
// positions (bench/zk_positions.py) under Pyodide and prints one JSON line.
//
// Usage: node bench/zk_pyodide.mjs   (from anywhere)

import { pyodideWith, run } from "./pyodide_host.mjs";

const VECTORS = "tests/vectors/zoliky-s-kameny-positions.json";

run("zk_pyodide", async () => {
  const { pyodide, loadSeconds } = await pyodideWith(["core", "games"], "zk_positions", [VECTORS]);
  const figures = JSON.parse(pyodide.runPython(`zk_positions.run_json("/klubovna_bench/${VECTORS}")`));
  process.stdout.write(`${JSON.stringify({ ...figures, pyodide_version: pyodide.version,
    node: process.version, load_seconds: loadSeconds })}\n`);
});
