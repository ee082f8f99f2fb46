// Pyodide side of bench/mp_bot.py: times the Matematický poker levels' moves
// (bench/mp_moves.py) under Pyodide and prints one JSON line (mp_moves.run_json plus load
// figures).
//
// Usage: node bench/mp_pyodide.mjs GAMES   (from anywhere)

import { pyodideWith, run } from "./pyodide_host.mjs";

run("mp_pyodide", async () => {
  const games = Number(process.argv[2]);
  if (!(Number.isInteger(games) && games > 0)) throw new Error("usage: mp_pyodide.mjs GAMES");
  const { pyodide, loadSeconds } = await pyodideWith(["core", "games", "bots"], "mp_moves");
  const runStart = performance.now();
  const figures = JSON.parse(pyodide.runPython(`mp_moves.run_json(${games})`));
  const report = {
    ...figures,
    pyodide_version: pyodide.version,
    node: process.version,
    load_seconds: loadSeconds,
    run_seconds: (performance.now() - runStart) / 1000,
  };
  process.stdout.write(`${JSON.stringify(report)}\n`);
});
