// Node side of tests/pyodide_run.py: one Pyodide (bench/pyodide_host.mjs) with the pure
// packages and tests/bots importable, then one request a line on stdin, {workload,
// expression}, each run in a namespace of its own; one answer a line on stdout, {value} (the
// expression's JSON) or {error}. Python's prints go to stderr (pyodideWith), never into the
// answers.
//
// Usage: node tests/pyodide_runner.mjs   (from anywhere)

import { readdirSync } from "node:fs";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { ROOT, pyodideWith, run } from "../bench/pyodide_host.mjs";

const BOTS = join("tests", "bots");

run("pyodide_runner", async () => {
  const extra = [
    join("tests", "__init__.py"),
    ...readdirSync(join(ROOT, BOTS)).filter((name) => name.endsWith(".py")).sort().map((name) => join(BOTS, name)),
  ];
  const { pyodide } = await pyodideWith(["core", "games", "bots"], null, extra);
  for await (const line of createInterface({ input: process.stdin })) {
    const { workload, expression } = JSON.parse(line);
    const scope = pyodide.globals.get("dict")();
    let answer;
    try {
      pyodide.runPython(`import json, sys\n${workload}`, { globals: scope });
      answer = { value: pyodide.runPython(`json.dumps(${expression})`, { globals: scope }) };
    } catch (error) {
      answer = { error: String(error) };
    } finally {
      scope.destroy();
    }
    process.stdout.write(`${JSON.stringify(answer)}\n`);
  }
});
