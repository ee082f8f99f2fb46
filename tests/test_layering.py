"""The pure layers must run under Pyodide: standard library only, never the server."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PURE = ["core", "games", "bots", "tables"]


def imported_modules(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module)
    return names


def test_pure_layers_import_only_the_standard_library() -> None:
    offenders = []
    for layer in PURE:
        for path in sorted((ROOT / "klubovna" / layer).rglob("*.py")):
            for name in imported_modules(path):
                top = name.split(".")[0]
                if name.startswith("klubovna.server") or (
                    top != "klubovna" and top not in sys.stdlib_module_names
                ):
                    offenders.append(f"{path.relative_to(ROOT)}: {name}")
    assert offenders == []


def test_import_linter_contracts_hold() -> None:
    result = subprocess.run(
        [str(Path(sys.executable).parent / "lint-imports")], cwd=ROOT,
        capture_output=True, text=True,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "Contracts: 5 kept, 0 broken" in result.stdout
