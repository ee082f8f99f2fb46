// Pyodide side of bench/locus_poker.py: the strongest Locus Poker player's time per move
// (bench/lp_moves.py) under Pyodide in Node; prints one JSON line.
//
// Usage: node bench/lp_pyodide.mjs GAMES [BUDGET]   (from anywhere)

import { pyodideWith, run } from "./pyodide_host.mjs";

const games = Number(process.argv[2] ?? 2);
const budget = process.argv[3] ? Number(process.argv[3]) : null;

run("lp_pyodide", async () => {
  const { pyodide, loadSeconds } = await pyodideWith(["core", "games", "bots"], "lp_moves");
  const figures = JSON.parse(pyodide.runPython(
    `lp_moves.run_json(${games}, ${budget === null ? "None" : budget})`));
  process.stdout.write(`${JSON.stringify({ ...figures, pyodide_version: pyodide.version,
    node: process.version, load_seconds: loadSeconds })}\n`);
});
