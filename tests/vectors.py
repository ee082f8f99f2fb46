"""Where the golden vectors are read from: `../shared/vectors/` beside the repo when it is
there (the agreed answers), else the byte-identical copy in `tests/vectors/`, so that a
stranger's clone with no `../shared` passes `make test` too (test_vectors_copy.py keeps the
copy the same whenever both exist)."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared" / "vectors"
COPY = ROOT / "tests" / "vectors"


def vector_path(name: str) -> Path:
    """The vector file `name` (e.g. "kostkovy-poker-hands.json")."""
    shared = SHARED / name
    return shared if shared.is_file() else COPY / name
