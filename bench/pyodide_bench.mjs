// Pyodide side of bench/run.py: runs bench/random_games.py's run(seconds) under Pyodide and
// prints one JSON line.
//
// Usage: node bench/pyodide_bench.mjs [seconds]   (from anywhere)

import { pyodideWith, run } from "./pyodide_host.mjs";

run("pyodide_bench", async () => {
  const seconds = Number(process.argv[2] ?? "5");
  if (!(seconds > 0)) throw new Error(`seconds must be a positive number, got ${process.argv[2]}`);
  const { pyodide, loadSeconds, copySeconds, filesCopied } = await pyodideWith(
    ["core", "games", "bots", "tables"], "random_games",
  );
  const figures = JSON.parse(pyodide.runPython(`import json; json.dumps(random_games.run(${seconds}))`));
  const report = {
    ...figures,
    pyodide_version: pyodide.version,
    node: process.version,
    load_seconds: loadSeconds,
    copy_import_seconds: copySeconds,
    files_copied: filesCopied,
  };
  process.stdout.write(`${JSON.stringify(report)}\n`);
});
