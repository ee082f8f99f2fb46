// Pyodide side of bench/kostkovy_poker.py: times Chytrý's decisions (bench/kp_decisions.py)
// under Pyodide and prints one JSON line (kp_decisions.run_json plus load figures).
//
// Usage: node bench/kp_pyodide.mjs COUNT SIMS KEEP_SIMS   (from anywhere)

import { pyodideWith, run } from "./pyodide_host.mjs";

run("kp_pyodide", async () => {
  const [count, sims, keepSims] = process.argv.slice(2, 5).map(Number);
  for (const n of [count, sims, keepSims]) {
    if (!(Number.isInteger(n) && n > 0)) throw new Error("usage: kp_pyodide.mjs COUNT SIMS KEEP_SIMS");
  }
  const { pyodide, loadSeconds } = await pyodideWith(["core", "games", "bots"], "kp_decisions",
    ["tests/__init__.py", "tests/bots/__init__.py", "tests/bots/kostkovy_poker.py"]); // play_hand
  const runStart = performance.now();
  const figures = JSON.parse(pyodide.runPython(`kp_decisions.run_json(${count}, ${sims}, ${keepSims})`));
  const report = {
    ...figures,
    pyodide_version: pyodide.version,
    node: process.version,
    load_seconds: loadSeconds,
    run_seconds: (performance.now() - runStart) / 1000,
  };
  process.stdout.write(`${JSON.stringify(report)}\n`);
});
